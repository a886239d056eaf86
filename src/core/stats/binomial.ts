/**
 * Exact binomial draws, for the bootstrap's resampling by counts (bootstrap.ts).
 *
 * Why: resampling n units whose (base, candidate) pairs take only k distinct values is one
 * multinomial draw of n over those k cells, and a multinomial is k − 1 binomials, each
 * conditional on the ones before. That is O(k) per resample instead of O(n) — but only if
 * each binomial costs O(1) and is drawn from the binomial distribution itself, not a normal
 * or Poisson stand-in. Two methods do that (docs/design/statistics.md, "Resampling by counts"):
 * - inversion, walking the probabilities up from 0 with one uniform, when the mean m·p is
 *   below 10 (expected m·p + 1 steps);
 * - Hörmann's BTRD (transformed rejection with decomposition, 1993) above: a uniform is
 *   mapped through a hat close to the binomial's shape and accepted against the exact ratio
 *   f(k)/f(mode), computed by a product of at most 15 factors near the mode and through
 *   Stirling's series for log k! further out — with 4 terms and exact values below 16, its
 *   error is under 1e-14 in the log of the ratio, well below what any run could detect.
 * Both use 53-bit uniforms, so the draw is exact up to floating-point rounding.
 */
import type { Random } from './random.ts';

/** Means below this are drawn by inversion; BTRD needs m·p ≥ 10. */
const INVERSION_MAX_MEAN = 10;
/** log k! − Stirling's approximation, exact (from k! as an integer) for k below this. */
const EXACT_CORRECTIONS = 16;
const HALF_LOG_2PI = 0.5 * Math.log(2 * Math.PI);

const CORRECTION_TABLE: Float64Array = (() => {
  const table = new Float64Array(EXACT_CORRECTIONS);
  let factorial = 1;
  for (let k = 0; k < EXACT_CORRECTIONS; k++) {
    if (k > 0) factorial *= k; // exact: 15! < 2^53
    table[k] = Math.log(factorial) - (k + 0.5) * Math.log(k + 1) + (k + 1) - HALF_LOG_2PI;
  }
  return table;
})();

/**
 * fc(k) = log k! − ((k + ½) log(k + 1) − (k + 1) + ½ log 2π): the correction to Stirling's
 * formula at x = k + 1, from the table, else the series 1/12x − 1/360x³ + 1/1260x⁵ − 1/1680x⁷.
 */
export function stirlingCorrection(k: number): number {
  if (k < EXACT_CORRECTIONS) return CORRECTION_TABLE[k] as number;
  const x = 1 / (k + 1);
  const x2 = x * x;
  return (1 / 12 - (1 / 360 - (1 / 1260 - x2 / 1680) * x2) * x2) * x;
}

/** A draw from Binomial(trials, p): the number of successes in `trials` independent trials. */
export function binomial(random: Random, trials: number, p: number): number {
  if (trials === 0 || !(p > 0)) return 0;
  if (p >= 1) return trials;
  if (p > 0.5) return trials - binomial(random, trials, 1 - p);
  return trials * p < INVERSION_MAX_MEAN ? binomialInversion(random, trials, p) : binomialBtrd(random, trials, p);
}

/**
 * Inversion: the smallest x with u < F(x), the probabilities f(x) built by the recurrence
 * f(x) = f(x − 1) · (n − x + 1)/x · p/q from f(0) = qⁿ. If rounding leaves u beyond the last
 * probability (mass of order 1e-16), the draw starts again rather than returning a wrong value.
 */
function binomialInversion(random: Random, n: number, p: number): number {
  const q = 1 - p;
  const odds = p / q;
  const first = q ** n; // ≥ e^(−2·10) here, so never 0
  for (;;) {
    let u = random.nextDouble();
    let f = first;
    let x = 0;
    while (u >= f) {
      u -= f;
      x++;
      if (x > n) break;
      f *= (odds * (n - x + 1)) / x;
      if (f === 0) break;
    }
    if (x <= n && u < f) return x;
  }
}

/** BTRD (Hörmann 1993) for p ≤ ½ and n·p ≥ 10. */
function binomialBtrd(random: Random, n: number, p: number): number {
  const q = 1 - p;
  const npq = n * p * q;
  const spq = Math.sqrt(npq);
  const b = 1.15 + 2.53 * spq;
  const a = -0.0873 + 0.0248 * b + 0.01 * p;
  const c = n * p + 0.5;
  const alpha = (2.83 + 5.1 / b) * spq;
  const vr = 0.92 - 4.2 / b;
  const urvr = 0.86 * vr;
  const mode = Math.floor((n + 1) * p);
  const r = p / q;
  const nr = (n + 1) * r;
  for (;;) {
    let v = random.nextDouble();
    let u: number;
    // The central box: accepted without a test.
    if (v <= urvr) {
      u = v / vr - 0.43;
      return Math.floor(((2 * a) / (0.5 - Math.abs(u)) + b) * u + c);
    }
    if (v >= vr) {
      u = random.nextDouble() - 0.5;
    } else {
      u = v / vr - 0.93;
      u = Math.sign(u) * 0.5 - u;
      v = random.nextDouble() * vr;
    }
    const us = 0.5 - Math.abs(u);
    const k = Math.floor(((2 * a) / us + b) * u + c);
    if (k < 0 || k > n) continue;
    v = (v * alpha) / (a / (us * us) + b);
    const km = Math.abs(k - mode);
    if (km <= 15) {
      // f(k)/f(mode) as a product of the recurrence's factors.
      let f = 1;
      if (mode < k) for (let i = mode + 1; i <= k; i++) f *= nr / i - r;
      else if (mode > k) for (let i = k + 1; i <= mode; i++) v *= nr / i - r;
      if (v <= f) return k;
      continue;
    }
    // Squeeze on the log scale, then the exact log ratio through Stirling's series.
    v = Math.log(v);
    const rho = (km / npq) * (((km / 3 + 0.625) * km + 1 / 6) / npq + 0.5);
    const t = (-km * km) / (2 * npq);
    if (v < t - rho) return k;
    if (v > t + rho) continue;
    const nm = n - mode + 1;
    const h = (mode + 0.5) * Math.log((mode + 1) / (r * nm)) + stirlingCorrection(mode) + stirlingCorrection(n - mode);
    const nk = n - k + 1;
    const logRatio =
      h +
      (n + 1) * Math.log(nm / nk) +
      (k + 0.5) * Math.log((nk * r) / (k + 1)) -
      stirlingCorrection(k) -
      stirlingCorrection(n - k);
    if (v <= logRatio) return k;
  }
}
