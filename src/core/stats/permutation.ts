/**
 * The paired sign-flip (permutation) test on per-unit changes.
 *
 * Why it is part of the gate: the bootstrap interval is the estimate users read, but with
 * few changed cases it is overconfident — a set of 25 where 3 cases got worse and none
 * better yields an interval that excludes 0, while the exact test says p = 0.25. The
 * calibration bench showed the default policy failing up to 5% of unchanged PRs at small
 * n. Under "no change" the two arms of a case are exchangeable, so flipping the sign of
 * each unit's change gives the exact null distribution of their sum; requiring this test
 * to agree caps false failures at α/2 by construction, at any n. On binary metrics it is
 * McNemar's exact test.
 *
 * How the null distribution is computed, in this order (docs/design/statistics.md):
 * 1. the lattice dynamic programme, when every change is a multiple of a small common step
 *    (integer scores, means of a few repeats) — exact and fast for any number of units;
 * 2. full enumeration of the 2^k sign patterns when at most 20 units changed — exact for
 *    any values, which the normal approximation was not (five drops of about 0.3 have
 *    p = 2/32, not the 0.025 the approximation gave);
 * 3. otherwise a seeded Monte Carlo over at least 200,000 random sign patterns, with the
 *    add-one estimate (hits + 1)/(draws + 1), which is itself a valid p-value.
 * The method is always reported; no approximation is used silently.
 */
import { createRandom } from './random.ts';

/** How the p-value was obtained. */
export type SignFlipMethod = 'exact' | 'monte-carlo';

/** The test's outcome. */
export interface SignFlipResult {
  /** Two-sided p-value of "no change". */
  pValue: number;
  /** Units whose value changed (the only ones the test can use). */
  changed: number;
  method: SignFlipMethod;
  /** Random sign patterns drawn (Monte Carlo only), else null. */
  draws: number | null;
  /**
   * The smallest p this test could have given on these units, whatever their signs: every
   * change in one direction. Exact: 2 / 2^changed (1 when nothing changed); Monte Carlo:
   * 1 / (draws + 1). It depends only on the sizes of the changes, which the test conditions
   * on, so the run-wide family may use it (Tarone's rule, multiplicity.ts).
   */
  minPValue: number;
}

/** Options of the test. */
export interface SignFlipOptions {
  /** Seed of the Monte Carlo stream (the comparison's seed); used only past 20 irregular changes. */
  seed?: string;
  /** Monte Carlo draws; at least 200,000 (smaller values are raised to it). */
  draws?: number;
}

/** Units up to which every sign pattern is enumerated. */
export const MAX_ENUMERATED = 20;
/** The fewest random sign patterns a Monte Carlo p may rest on. */
export const MIN_MONTE_CARLO_DRAWS = 200_000;
/**
 * The lattice programme costs (sum of the steps) × (units); it runs when that is at most
 * MAX_STATES, or at most LATTICE_PER_UNIT per unit — the Monte Carlo's own cost per unit
 * (200,000 draws, one table lookup per 8 units), so exact is never the slower choice.
 */
const MAX_STATES = 2_000_000;
const LATTICE_PER_UNIT = MIN_MONTE_CARLO_DRAWS / 8;

/** Two-sided sign-flip test of Σ d = 0 for per-unit changes d. */
export function signFlipTest(changes: readonly number[], options: SignFlipOptions = {}): SignFlipResult {
  const d = changes.filter((x) => x !== 0 && Number.isFinite(x)).map(Math.abs);
  const k = d.length;
  if (k === 0) return { pValue: 1, changed: 0, method: 'exact', draws: null, minPValue: 1 };
  const exactMin = Math.min(1, 2 / 2 ** k);
  const signed = changes.reduce((s, x) => s + (Number.isFinite(x) ? x : 0), 0);
  const observed = Math.abs(signed);
  const total = d.reduce((s, x) => s + x, 0);
  // Sums that differ from the observed one only by rounding count as equally extreme.
  const tolerance = 1e-9 * total;

  const lattice = latticeP(d, observed);
  if (lattice !== null) return { pValue: lattice, changed: k, method: 'exact', draws: null, minPValue: exactMin };
  if (k <= MAX_ENUMERATED)
    return {
      pValue: enumeratedP(d, observed - tolerance),
      changed: k,
      method: 'exact',
      draws: null,
      minPValue: exactMin,
    };
  const draws = Math.max(MIN_MONTE_CARLO_DRAWS, Math.floor(options.draws ?? MIN_MONTE_CARLO_DRAWS));
  return {
    pValue: monteCarloP(d, observed - tolerance, draws, options.seed ?? 'sign-flip'),
    changed: k,
    method: 'monte-carlo',
    draws,
    minPValue: 1 / (draws + 1),
  };
}

/**
 * Exact p by dynamic programming over the sum, or null when the changes share no small step
 * or the programme would cost more than the Monte Carlo it replaces (see MAX_STATES).
 */
function latticeP(d: readonly number[], observed: number): number | null {
  const step = commonStep(d);
  if (step === null) return null;
  const ints = d.map((x) => Math.round(x / step));
  const total = ints.reduce((s, x) => s + x, 0);
  if (total * d.length > Math.max(MAX_STATES, LATTICE_PER_UNIT * d.length)) return null;
  // prob[p] = P(the units flipped to "+" sum to p), each sign equally likely; updated in
  // place from the top down, so prob[p − a] is still the previous unit's value when read.
  const prob = new Float64Array(total + 1);
  prob[0] = 1;
  let reach = 0;
  for (const a of ints) {
    reach += a;
    for (let p = reach; p >= 0; p--) {
      const stay = (prob[p] as number) * 0.5;
      prob[p] = p >= a ? stay + (prob[p - a] as number) * 0.5 : stay;
    }
  }
  // The flipped sum is step·(2p − total); count outcomes at least as extreme as observed.
  const threshold = observed / step - 1e-9;
  let p = 0;
  for (let s = 0; s <= total; s++) if (Math.abs(2 * s - total) >= threshold) p += prob[s] as number;
  return Math.min(1, p);
}

/**
 * Exact p by walking all 2^k sign patterns in Gray-code order, so each step flips one
 * sign and updates the sum in O(1). Counts are integers, so p is exact up to the division.
 */
function enumeratedP(d: readonly number[], threshold: number): number {
  const k = d.length;
  let sum = d.reduce((s, x) => s + x, 0); // every sign "+"
  const sign = new Int8Array(k).fill(1);
  let hits = Math.abs(sum) >= threshold ? 1 : 0;
  const patterns = 2 ** k;
  for (let i = 1; i < patterns; i++) {
    // The bit that changes between Gray codes i − 1 and i is the lowest set bit of i.
    const j = 31 - Math.clz32(i & -i);
    const v = d[j] as number;
    sum -= 2 * (sign[j] as number) * v;
    sign[j] = -(sign[j] as number);
    if (Math.abs(sum) >= threshold) hits++;
  }
  return Math.min(1, hits / patterns);
}

/**
 * Monte Carlo p over seeded random sign patterns: (hits + 1) / (draws + 1). Bit j of the
 * pattern's 32-bit word i/32 gives unit j's sign ("+" when set). The sum is read off
 * 256-entry tables of subset sums, one per byte of units: Σ ±d = 2·Σ_{+} d − Σ d, eight
 * units per lookup instead of one.
 */
function monteCarloP(d: readonly number[], threshold: number, draws: number, seed: string): number {
  const random = createRandom(`sign-flip|${seed}`);
  const k = d.length;
  const words = Math.ceil(k / 32);
  const tables = new Float64Array(words * 4 * 256);
  let total = 0;
  for (let j = 0; j < k; j++) {
    const v = d[j] as number;
    total += v;
    const table = (j >>> 3) * 256;
    const bit = 1 << (j & 7);
    // Every byte value with this unit's bit set holds it.
    for (let byte = bit; byte < 256; byte = (byte + 1) | bit)
      tables[table + byte] = (tables[table + byte] as number) + v;
  }
  let hits = 0;
  for (let t = 0; t < draws; t++) {
    let plus = 0;
    for (let w = 0; w < words; w++) {
      const bits = random.nextUint32();
      const at = w * 1024;
      plus +=
        (tables[at + (bits & 255)] as number) +
        (tables[at + 256 + ((bits >>> 8) & 255)] as number) +
        (tables[at + 512 + ((bits >>> 16) & 255)] as number) +
        (tables[at + 768 + (bits >>> 24)] as number);
    }
    if (Math.abs(2 * plus - total) >= threshold) hits++;
  }
  return Math.min(1, (hits + 1) / (draws + 1));
}

/** The largest step 1/m (m ≤ 60) of which every value is a multiple, or null. */
function commonStep(values: readonly number[]): number | null {
  for (let m = 1; m <= 60; m++) {
    if (values.every((x) => Math.abs(x * m - Math.round(x * m)) < 1e-7)) return 1 / m;
  }
  return null;
}
