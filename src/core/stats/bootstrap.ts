/**
 * Paired cluster bootstrap of a change between two arms, with a BCa interval.
 *
 * Why this method (docs/design/statistics.md): the gate asks "did the metric drop by more than 5%?"
 * for the same cases under two prompt versions. Pairing removes the between-case variance
 * that dominates eval scores; resampling whole units (a case with all its repeats, or a
 * cluster of cases) respects that repeats of one case are not independent; BCa corrects
 * the bias and skew a ratio statistic has on small sets, falling back to the percentile
 * interval when BCa is undefined. Everything is seeded so a run is reproducible.
 */
import { normalCdf, normalQuantile } from './normal.ts';
import { quantileSorted } from './quantile.ts';
import { createRandom } from './random.ts';

/** One resampling unit: the summed per-case means of its cases on each arm. */
export interface PairedUnit {
  base: number;
  candidate: number;
  /** How many cases the unit holds (1 unless clustered). */
  cases: number;
}

/** Which change is estimated: relative (ratio of sums) or absolute (difference of means). */
export type ChangeStatistic = 'relative' | 'absolute';

/** Interval methods. */
export type IntervalMethod = 'bca' | 'percentile' | 'none';

/** Inputs of a bootstrap comparison. */
export interface BootstrapOptions {
  units: readonly PairedUnit[];
  statistic: ChangeStatistic;
  confidence: number;
  resamples: number;
  seed: string;
}

/** The estimate and its interval, with everything a reader needs to trust it. */
export interface BootstrapResult {
  statistic: ChangeStatistic;
  estimate: number;
  lower: number;
  upper: number;
  /**
   * How the interval was formed; `none` when it has zero width (every resample that
   * decides it gives the same change), where calling it BCa or percentile would claim a
   * method that did nothing.
   */
  method: IntervalMethod;
  /** Why BCa was not used, when it was not. */
  fallbackReason: string | null;
  confidence: number;
  resamples: number;
  /** Resamples skipped because their baseline sum was 0 (relative statistic only). */
  skippedResamples: number;
  seed: string;
  units: number;
  standardError: number;
  biasCorrection: number | null;
  acceleration: number | null;
  /** The percentile interval of the same resamples, always reported beside BCa. */
  percentileLower: number;
  percentileUpper: number;
}

/** The statistic on a set of units given by their sums. */
function changeOf(statistic: ChangeStatistic, baseSum: number, candSum: number, cases: number): number {
  if (statistic === 'relative') return baseSum === 0 ? Number.NaN : (candSum - baseSum) / baseSum;
  return cases === 0 ? Number.NaN : (candSum - baseSum) / cases;
}

/**
 * Runs the paired bootstrap. The caller must ensure the estimate is defined (for the
 * relative statistic, a non-zero baseline sum); an empty set is a programming error.
 */
export function pairedBootstrap(options: BootstrapOptions): BootstrapResult {
  const { units, statistic, confidence, resamples, seed } = options;
  const n = units.length;
  if (n === 0) throw new RangeError('pairedBootstrap needs at least one unit');
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  if (!Number.isInteger(resamples) || resamples < 1)
    throw new RangeError(`resamples must be a positive integer, got ${resamples}`);

  let baseTotal = 0;
  let candTotal = 0;
  let caseTotal = 0;
  for (const u of units) {
    baseTotal += u.base;
    candTotal += u.candidate;
    caseTotal += u.cases;
  }
  const estimate = changeOf(statistic, baseTotal, candTotal, caseTotal);
  if (!Number.isFinite(estimate))
    throw new RangeError('the change is undefined (baseline sum is 0); use the absolute statistic');

  const random = createRandom(seed);
  // The hot loop: typed arrays and inline rejection sampling (the same stream nextInt
  // would draw), so large sets and the calibration bench stay fast.
  const baseOf = Float64Array.from(units, (u) => u.base);
  const candOf = Float64Array.from(units, (u) => u.candidate);
  const casesOf = Float64Array.from(units, (u) => u.cases);
  const limit = 2 ** 32 - (2 ** 32 % n);
  const draws = new Float64Array(resamples);
  let kept = 0;
  let skipped = 0;
  for (let b = 0; b < resamples; b++) {
    let bs = 0;
    let cs = 0;
    let ks = 0;
    for (let i = 0; i < n; i++) {
      let x = random.nextUint32();
      while (x >= limit) x = random.nextUint32();
      const j = x % n;
      bs += baseOf[j] as number;
      cs += candOf[j] as number;
      ks += casesOf[j] as number;
    }
    const r = changeOf(statistic, bs, cs, ks);
    if (Number.isFinite(r)) draws[kept++] = r;
    else skipped++;
  }
  const sorted = draws.slice(0, kept).sort();
  const standardError = sampleSd(sorted);

  const alpha = (1 - confidence) / 2;
  const percentile = (): { lower: number; upper: number } => ({
    lower: quantileSorted(sorted, alpha),
    upper: quantileSorted(sorted, 1 - alpha),
  });
  const pct = percentile();
  const base = {
    statistic,
    estimate,
    confidence,
    resamples,
    skippedResamples: skipped,
    seed,
    units: n,
    standardError,
    percentileLower: pct.lower,
    percentileUpper: pct.upper,
  };
  if (kept === 0) {
    return {
      ...base,
      lower: Number.NaN,
      upper: Number.NaN,
      method: 'percentile',
      fallbackReason: 'every resample had a baseline sum of 0',
      biasCorrection: null,
      acceleration: null,
    };
  }

  // Bias correction: ties count half, so a symmetric or constant distribution gives z0 = 0.
  let below = 0;
  let atOrBelow = 0;
  for (let i = 0; i < kept; i++) {
    const r = sorted[i] as number;
    if (r < estimate) below++;
    if (r <= estimate) atOrBelow++;
  }
  const z0 = normalQuantile((below + atOrBelow) / (2 * kept));
  const acceleration = jackknifeAcceleration(units, statistic, baseTotal, candTotal, caseTotal);
  const zLow = normalQuantile(alpha);
  const zHigh = normalQuantile(1 - alpha);
  const adjusted = (z: number): number => normalCdf(z0 + (z0 + z) / (1 - acceleration * (z0 + z)));
  const alpha1 = adjusted(zLow);
  const alpha2 = adjusted(zHigh);

  let fallbackReason: string | null = null;
  if (!Number.isFinite(z0)) fallbackReason = 'bias correction is infinite (the estimate lies outside every resample)';
  else if (!Number.isFinite(acceleration))
    fallbackReason = 'acceleration is undefined (every leave-one-out estimate is equal, or one is undefined)';
  else if (!(alpha1 >= 0 && alpha1 <= 1 && alpha2 >= 0 && alpha2 <= 1))
    fallbackReason = 'adjusted levels are not valid probabilities';
  const bias = Number.isFinite(z0) ? z0 : null;
  const accel = Number.isFinite(acceleration) ? acceleration : null;
  if (fallbackReason !== null) {
    if (pct.lower === pct.upper)
      return {
        ...base,
        ...pct,
        method: 'none',
        fallbackReason: NO_VARIATION,
        biasCorrection: bias,
        acceleration: accel,
      };
    return { ...base, ...pct, method: 'percentile', fallbackReason, biasCorrection: bias, acceleration: accel };
  }
  const lower = quantileSorted(sorted, alpha1);
  const upper = quantileSorted(sorted, alpha2);
  if (lower === upper)
    return { ...base, lower, upper, method: 'none', fallbackReason: NO_VARIATION, biasCorrection: z0, acceleration };
  return { ...base, lower, upper, method: 'bca', fallbackReason: null, biasCorrection: z0, acceleration };
}

/** The reason given for an interval of zero width. */
export const NO_VARIATION = 'no variation: the resamples that set the interval all give the same change';

/**
 * The BCa acceleration from the leave-one-unit-out jackknife:
 * a = Σ U³ / (6 (Σ U²)^{3/2}) with U_i = (n − 1)(mean(r_(·)) − r_(i)). NaN when undefined.
 */
export function jackknifeAcceleration(
  units: readonly PairedUnit[],
  statistic: ChangeStatistic,
  baseTotal: number,
  candTotal: number,
  caseTotal: number,
): number {
  const n = units.length;
  if (n < 2) return Number.NaN;
  const loo = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const u = units[i] as PairedUnit;
    const r = changeOf(statistic, baseTotal - u.base, candTotal - u.candidate, caseTotal - u.cases);
    if (!Number.isFinite(r)) return Number.NaN;
    loo[i] = r;
    sum += r;
  }
  const mean = sum / n;
  let s2 = 0;
  let s3 = 0;
  for (let i = 0; i < n; i++) {
    const d = (n - 1) * (mean - (loo[i] as number));
    s2 += d * d;
    s3 += d * d * d;
  }
  if (s2 === 0) return Number.NaN;
  return s3 / (6 * s2 ** 1.5);
}

/** Sample standard deviation (n − 1); 0 for fewer than two values. */
function sampleSd(values: ArrayLike<number>): number {
  const n = values.length;
  if (n < 2) return 0;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += values[i] as number;
  mean /= n;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += ((values[i] as number) - mean) ** 2;
  return Math.sqrt(ss / (n - 1));
}
