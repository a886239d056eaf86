/**
 * Paired cluster bootstrap of a change between two arms, with a BCa interval.
 *
 * Why this method (docs/design/statistics.md): the gate asks "did the metric drop by more than 5%?"
 * for the same cases under two prompt versions. Pairing removes the between-case variance
 * that dominates eval scores; resampling whole units (a case with all its repeats, or a
 * cluster of cases) respects that repeats of one case are not independent; BCa corrects
 * the bias and skew a ratio statistic has on small sets, falling back to the percentile
 * interval when BCa is undefined. Everything is seeded so a run is reproducible.
 *
 * Why resampling by counts: eval scores are mostly discrete (pass/fail, 1–5, 0–10), and n
 * units that take only k distinct (base, candidate) values are resampled faster by drawing
 * how often each value occurs (a multinomial, O(k)) than by n index draws; continuous
 * scores need the index draws. Both give the same resamples in distribution
 * (docs/design/statistics.md, "Resampling by counts").
 */
import { normalCdf, normalQuantile } from './normal.ts';
import { quantileSorted } from './quantile.ts';
import { binomial } from './binomial.ts';
import { createRandom, type Random } from './random.ts';

/** One resampling unit: the summed per-case means of its cases on each arm. */
export interface PairedUnit {
  base: number;
  candidate: number;
  /** How many cases the unit holds (1 unless clustered). */
  cases: number;
}

/**
 * Resampling units as columns, unit i being (base[i], candidate[i], cases[i]): what a large
 * comparison passes, without an object per unit.
 */
export interface PairedUnits {
  base: Float64Array;
  candidate: Float64Array;
  cases: Float64Array;
}

/** The units as columns (the same arrays when they already are). */
export function unitColumns(units: readonly PairedUnit[] | PairedUnits): PairedUnits {
  if (!Array.isArray(units)) return units as PairedUnits;
  const list = units as readonly PairedUnit[];
  return {
    base: Float64Array.from(list, (u) => u.base),
    candidate: Float64Array.from(list, (u) => u.candidate),
    cases: Float64Array.from(list, (u) => u.cases),
  };
}

/** Which change is estimated: relative (ratio of sums) or absolute (difference of means). */
export type ChangeStatistic = 'relative' | 'absolute';

/** Interval methods. */
export type IntervalMethod = 'bca' | 'percentile' | 'none';

/** Inputs of a bootstrap comparison. */
export interface BootstrapOptions {
  /** The units, as objects or as columns (the same results either way). */
  units: readonly PairedUnit[] | PairedUnits;
  statistic: ChangeStatistic;
  confidence: number;
  resamples: number;
  seed: string;
  /**
   * How many index draws a binomial must be expected to settle to be used (see resample());
   * COUNTS_COST by default. 0 draws every count by binomials, Infinity draws only indices:
   * the same distribution from other streams, set only to compare them.
   */
  countsCost?: number;
}

/**
 * A binomial draw costs about as much as this many index draws (measured on the development
 * machine), so a distinct value's count is drawn by a binomial only while it is expected
 * to settle at least this many of the draws left.
 */
export const COUNTS_COST = 16;

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
  /** Distinct (base, candidate, cases) values among the units. */
  distinctUnits: number;
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
 * The bootstrap distribution: the change of each resample whose change is defined, in
 * the order drawn (the resamples pairedBootstrap reads its interval from).
 */
export function resampledChanges(options: BootstrapOptions): Float64Array {
  const draws = new Float64Array(options.resamples);
  const { kept } = resample(
    distinctUnits(unitColumns(options.units)),
    options.statistic,
    options.resamples,
    createRandom(options.seed),
    draws,
    options.countsCost ?? COUNTS_COST,
  );
  return draws.subarray(0, kept);
}

/**
 * Runs the paired bootstrap. The caller must ensure the estimate is defined (for the
 * relative statistic, a non-zero baseline sum); an empty set is a programming error.
 */
export function pairedBootstrap(options: BootstrapOptions): BootstrapResult {
  const { statistic, confidence, resamples, seed } = options;
  const units = unitColumns(options.units);
  const n = units.base.length;
  if (n === 0) throw new RangeError('pairedBootstrap needs at least one unit');
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  if (!Number.isInteger(resamples) || resamples < 1)
    throw new RangeError(`resamples must be a positive integer, got ${resamples}`);

  let baseTotal = 0;
  let candTotal = 0;
  let caseTotal = 0;
  for (let i = 0; i < n; i++) {
    baseTotal += units.base[i] as number;
    candTotal += units.candidate[i] as number;
    caseTotal += units.cases[i] as number;
  }
  const estimate = changeOf(statistic, baseTotal, candTotal, caseTotal);
  if (!Number.isFinite(estimate))
    throw new RangeError('the change is undefined (baseline sum is 0); use the absolute statistic');

  const cells = distinctUnits(units);
  const draws = new Float64Array(resamples);
  const { kept, skipped } = resample(
    cells,
    statistic,
    resamples,
    createRandom(seed),
    draws,
    options.countsCost ?? COUNTS_COST,
  );
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
    distinctUnits: cells.count.length,
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
  const acceleration = groupedAcceleration(cells, n, statistic, baseTotal, candTotal, caseTotal);
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

/**
 * The distinct units, heaviest first (ties by value, so the order does not depend on the
 * input's), with how many units hold each; and every unit laid out cell by cell in that
 * order, so the units of cells t, t + 1, … form the block from start[t] to the end.
 */
interface UnitCells {
  base: Float64Array;
  candidate: Float64Array;
  cases: Float64Array;
  count: Float64Array;
  start: Float64Array;
  unitBase: Float64Array;
  unitCandidate: Float64Array;
  unitCases: Float64Array;
  casesVary: boolean;
}

function distinctUnits(units: PairedUnits): UnitCells {
  const index = new Map<string, number>();
  const found: { base: number; candidate: number; cases: number; count: number }[] = [];
  const n = units.base.length;
  for (let i = 0; i < n; i++) {
    const base = units.base[i] as number;
    const candidate = units.candidate[i] as number;
    const cases = units.cases[i] as number;
    // Numbers as keys: equal values give equal strings (0 and −0 both "0", harmless for sums).
    const key = `${base},${candidate},${cases}`;
    const at = index.get(key);
    if (at === undefined) {
      index.set(key, found.length);
      found.push({ base, candidate, cases, count: 1 });
    } else (found[at] as { count: number }).count++;
  }
  found.sort((x, y) => y.count - x.count || x.base - y.base || x.candidate - y.candidate || x.cases - y.cases);
  const cells: UnitCells = {
    base: Float64Array.from(found, (g) => g.base),
    candidate: Float64Array.from(found, (g) => g.candidate),
    cases: Float64Array.from(found, (g) => g.cases),
    count: Float64Array.from(found, (g) => g.count),
    start: new Float64Array(found.length),
    unitBase: new Float64Array(n),
    unitCandidate: new Float64Array(n),
    unitCases: new Float64Array(n),
    casesVary: found.some((g) => g.cases !== found[0]?.cases),
  };
  let at = 0;
  found.forEach((g, j) => {
    cells.start[j] = at;
    cells.unitBase.fill(g.base, at, at + g.count);
    cells.unitCandidate.fill(g.candidate, at, at + g.count);
    cells.unitCases.fill(g.cases, at, at + g.count);
    at += g.count;
  });
  return cells;
}

/** Sums of one resample, accumulated without allocation. */
interface Sums {
  base: number;
  candidate: number;
  cases: number;
}

/**
 * Resamples, each n units drawn with replacement, written to `draws` as their finite changes;
 * no allocation per resample. A resample is the counts of how often each distinct unit is
 * drawn — a multinomial — drawn as conditional binomials, heaviest cell first: cell t gets
 * Binomial(m, c_t / C_t) of the m draws left, C_t the units in cells t and after (binomial.ts).
 * Given those, the m draws left are m uniform draws among the units of the remaining
 * cells; once a binomial is expected to settle fewer than COUNTS_COST of them
 * (m · c_t / C_t < COUNTS_COST), they are drawn so, as indices into that block. Continuous
 * data (every count 1) go straight to indices; binary data take three binomials.
 */
function resample(
  cells: UnitCells,
  statistic: ChangeStatistic,
  resamples: number,
  random: Random,
  draws: Float64Array,
  countsCost: number,
): { kept: number; skipped: number } {
  const k = cells.count.length;
  const n = cells.unitBase.length;
  const { base, candidate, cases, count, start } = cells;
  const sums: Sums = { base: 0, candidate: 0, cases: 0 };
  let kept = 0;
  let skipped = 0;
  for (let b = 0; b < resamples; b++) {
    sums.base = 0;
    sums.candidate = 0;
    sums.cases = 0;
    let left = n;
    let mass = n;
    let t = 0;
    for (; t < k && left > 0; t++) {
      const c = count[t] as number;
      // The last cell takes what is left; any other, a binomial while it is worth one.
      if (t < k - 1 && !(left * c >= countsCost * mass)) break;
      const x = t === k - 1 ? left : binomial(random, left, c / mass);
      if (x > 0) {
        sums.base += x * (base[t] as number);
        sums.candidate += x * (candidate[t] as number);
        sums.cases += x * (cases[t] as number);
        left -= x;
      }
      mass -= c;
    }
    if (left > 0) drawIndices(random, left, t < k ? (start[t] as number) : n, cells, sums);
    const r = changeOf(statistic, sums.base, sums.candidate, sums.cases);
    if (Number.isFinite(r)) draws[kept++] = r;
    else skipped++;
  }
  return { kept, skipped };
}

/**
 * Adds `m` units drawn uniformly from the block [from, n) of the laid-out units to `sums`.
 * Each index takes w bits of a generator output — three 10-bit chunks when the block holds
 * at most 2^10 units, two 16-bit chunks up to 2^16, a whole output beyond — by Lemire's
 * multiply-and-reject: j = ⌊h·R / 2^w⌋ for a chunk h and block size R, rejecting the
 * 2^w mod R chunks whose low product bits would make some j likelier. Exactly uniform, at a
 * third of the generator calls for eval-sized sets. Chunks left over at the end are unused.
 */
function drawIndices(random: Random, m: number, from: number, cells: UnitCells, sums: Sums): void {
  const size = cells.unitBase.length - from;
  const { unitBase, unitCandidate, unitCases, casesVary } = cells;
  let bs = 0;
  let cs = 0;
  let ks = 0;
  let i = 0;
  if (size <= 1024) {
    const threshold = 1024 % size;
    while (i < m) {
      const x = random.nextUint32();
      for (let shift = 0; shift < 30 && i < m; shift += 10) {
        // h·R < 2^20: its low 10 bits decide rejection, the rest is the index.
        const product = ((x >>> shift) & 1023) * size;
        if ((product & 1023) < threshold) continue;
        const j = from + (product >>> 10);
        bs += unitBase[j] as number;
        cs += unitCandidate[j] as number;
        if (casesVary) ks += unitCases[j] as number;
        i++;
      }
    }
  } else if (size <= 65_536) {
    const threshold = 65_536 % size;
    while (i < m) {
      const x = random.nextUint32();
      for (let shift = 0; shift < 32 && i < m; shift += 16) {
        // h·R < 2^32, exact in a double; & and >>> read it as an unsigned 32-bit value.
        const product = ((x >>> shift) & 0xffff) * size;
        if ((product & 0xffff) < threshold) continue;
        const j = from + (product >>> 16);
        bs += unitBase[j] as number;
        cs += unitCandidate[j] as number;
        if (casesVary) ks += unitCases[j] as number;
        i++;
      }
    }
  } else {
    const limit = 2 ** 32 - (2 ** 32 % size);
    for (; i < m; i++) {
      let x = random.nextUint32();
      while (x >= limit) x = random.nextUint32();
      const j = from + (x % size);
      bs += unitBase[j] as number;
      cs += unitCandidate[j] as number;
      if (casesVary) ks += unitCases[j] as number;
    }
  }
  sums.base += bs;
  sums.candidate += cs;
  sums.cases += casesVary ? ks : m * (unitCases[from] as number);
}

/**
 * The jackknife acceleration (jackknifeAcceleration) over distinct units: leaving out any
 * copy of a distinct unit gives the same estimate, so the n leave-one-out values are k
 * values with their counts — O(k) after grouping.
 */
function groupedAcceleration(
  groups: UnitCells,
  n: number,
  statistic: ChangeStatistic,
  baseTotal: number,
  candTotal: number,
  caseTotal: number,
): number {
  if (n < 2) return Number.NaN;
  const k = groups.base.length;
  const loo = new Float64Array(k);
  let sum = 0;
  for (let j = 0; j < k; j++) {
    const r = changeOf(
      statistic,
      baseTotal - (groups.base[j] as number),
      candTotal - (groups.candidate[j] as number),
      caseTotal - (groups.cases[j] as number),
    );
    if (!Number.isFinite(r)) return Number.NaN;
    loo[j] = r;
    sum += (groups.count[j] as number) * r;
  }
  const mean = sum / n;
  let s2 = 0;
  let s3 = 0;
  for (let j = 0; j < k; j++) {
    const d = (n - 1) * (mean - (loo[j] as number));
    const c = groups.count[j] as number;
    s2 += c * d * d;
    s3 += c * d * d * d;
  }
  if (s2 === 0) return Number.NaN;
  return s3 / (6 * s2 ** 1.5);
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
  return groupedAcceleration(
    distinctUnits(unitColumns(units)),
    units.length,
    statistic,
    baseTotal,
    candTotal,
    caseTotal,
  );
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
