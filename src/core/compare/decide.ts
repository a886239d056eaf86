/**
 * A suite's verdict from its candidate and baseline (docs/design/spec.md §3,
 * docs/design/statistics.md): error budget first, then baseline present and measured by the
 * same instrument, then enough paired cases, then the paired bootstrap's interval against
 * the gate's threshold with the exact sign-flip test, McNemar's exact test for binary
 * metrics, the power figures, and the run-wide Holm adjustment.
 */
import type { GateConfig } from '../config/common.ts';
import { pairedBootstrap, type BootstrapResult, type PairedUnits } from '../stats/bootstrap.ts';
import { decideGate, type VerdictDetail } from '../stats/gate.ts';
import { mcnemarExact, type McNemarResult } from '../stats/mcnemar.ts';
import { taroneHolm, type MultiplicityMethod } from '../stats/multiplicity.ts';
import { normalQuantile } from '../stats/normal.ts';
import { signFlipTest, type SignFlipResult } from '../stats/permutation.ts';
import { causeOf, type ErrorCause } from '../error-cause.ts';
import { erroredRecords, recordsWhere } from '../stored-records.ts';
import type { CaseRecord, FlaggedCase, SuiteResult } from '../types.ts';
import { count } from '../report/plural.ts';
import { describeInstrumentChanges, describeTestedChanges } from './identity-diff.ts';
import {
  alignBaselineIds,
  caseChanges,
  caseTable,
  groupUnits,
  pairCases,
  type CaseChange,
  type CaseTable,
  type PairedCases,
  type Pairing,
} from './pairing.ts';

/** The primary metric of pairwise judging: +1 win, 0 tie, −1 loss per case. */
export const PAIRWISE_METRIC = 'net-win';
/** The absolute threshold pairwise suites gate on unless the config sets one. */
export const DEFAULT_NET_WIN_THRESHOLD = 0.05;

/** A suite's verdict. */
export type SuiteVerdict =
  'pass' | 'regression' | 'below-floor' | 'inconclusive' | 'error' | 'no-baseline' | 'stale-baseline';

/** Verdicts from worst to best, for the overall verdict. */
export const VERDICT_ORDER: readonly SuiteVerdict[] = [
  'error',
  'regression',
  'below-floor',
  'inconclusive',
  'stale-baseline',
  'no-baseline',
  'pass',
];

/** What a kind calls the groups its cases are clustered in (a round trip's tasks, say). */
export type ClusterNoun = 'clusters' | 'tasks';

/** What the bootstrap resamples: cases, or the kind's clusters of them. */
export type ResampledUnit = 'cases' | ClusterNoun;

/**
 * Power figures: what this eval set can detect, for the gate's own test (two-sided at the
 * configured confidence). Absent when the bootstrap SE is 0: nothing varied, so no
 * detectable effect can be stated.
 */
export interface Power {
  /** Minimum detectable effect at 80% power, on the estimate's scale: (z_{1−α/2} + z_{0.8}) · SE. */
  mde: number;
  /** The factor z_{1−α/2} + z_{0.8} (2.8016 at 95%). */
  factor: number;
  /** Resampled units that would bring the MDE down to the gate's threshold at the current variance. */
  casesNeeded: number;
  /** The unit casesNeeded counts. */
  unit: ResampledUnit;
  /** The threshold |δ| the MDE is compared with. */
  threshold: number;
}

/**
 * One absolute floor (`gate.min`) checked against the candidate: the metric over every
 * case of this run (mean of case means, as the report shows it), not only the paired ones.
 */
export interface FloorCheck {
  metric: string;
  min: number;
  /** The candidate's value; null when no case has a valid sample (then the floor is not met). */
  value: number | null;
  met: boolean;
  /** Why the floor cannot be checked (a metric the suite does not measure); then it is not met. */
  problem?: string;
}

/** How the run's multiplicity adjustment treated a suite's exact-test p-value. */
export interface MultiplicityOutcome {
  method: MultiplicityMethod;
  /**
   * The family's size at the first step of Holm's test, Tarone's K: the fewest K such that
   * at most K suites have a smallest attainable p ≤ α/K (suites that cannot reach α/K are
   * not counted).
   */
  family: number;
  /** Suites compared in the run with an exact-test p-value (the family is drawn from these). */
  compared: number;
  /** Whether this suite was counted in the family (its smallest attainable p could reach α/family). */
  counted: boolean;
  /** The smallest p this suite's test could have given (1 when it cannot be a regression). */
  pAttainable: number;
  /** The level α the family was tested at (the strictest 1 − confidence of its suites). */
  alpha: number;
  pAdjusted: number;
  /** The verdict before adjustment, when the adjustment changed it; else null. */
  verdictBefore: SuiteVerdict | null;
}

/** The comparison of one suite. */
export interface SuiteComparison {
  name: string;
  kind: string;
  metric: string;
  verdict: SuiteVerdict;
  detail:
    | VerdictDetail
    | 'multiplicity-adjusted'
    | 'errors-over-tolerance'
    | 'no-comparable-cases'
    | 'too-few-paired'
    | 'no-baseline'
    | 'stale-baseline'
    | 'judge-manipulation'
    | 'below-floor'
    | 'infrastructure-errors-decide'
    | 'base-unreadable'
    | 'instrument-not-base'
    | null;
  baseline: number | null;
  candidate: number | null;
  change: number | null;
  interval: { lower: number; upper: number } | null;
  bootstrap: BootstrapResult | null;
  mcnemar: McNemarResult | null;
  power: Power | null;
  pairing: Pairing | null;
  errors: {
    /** Errored records of the candidate, of either cause. */
    candidate: number;
    records: number;
    cases: number;
    /**
     * The share of records max-error-rate bounds: those with an infrastructure error when
     * there is a baseline (the candidate's own are measured as failures), every errored
     * record when there is none (nothing to measure them against, and a baseline must not
     * be written from a run that mostly failed).
     */
    rate: number;
    /** Which errors `rate` counts. */
    counted: 'infrastructure' | 'all';
    tolerance: number;
    baseline: number;
    samples: string[];
    /** The candidate's errors by cause (docs/design/spec.md, "Errors by cause"). */
    byCause: Record<ErrorCause, ErrorsOfCause>;
  };
  /**
   * The verdict with the candidate's infrastructure errors counted as failures, when there
   * were any on compared cases (null otherwise): if it is worse than `verdict` would have
   * been, the suite is an `error` naming those cases.
   */
  pessimistic: { verdict: SuiteVerdict; change: number | null; cases: string[] } | null;
  /** The exact sign-flip test of no change over the compared units. */
  exactTest: SignFlipResult | null;
  /** The run-wide adjustment of exactTest's p (set by adjustAcrossSuites). */
  multiplicity: MultiplicityOutcome | null;
  /** Whether the change is relative (a ratio of sums) or absolute (baseline sum 0, or net win). */
  unit: 'relative' | 'absolute' | null;
  /** The drop |δ| gated on, in the change's unit; null when none applies. */
  threshold: number | null;
  /** Why the baseline is stale (instrument differences). */
  stale: string[];
  /** What the PR changed in what is tested (templates, model, settings, dataset). */
  changed: string[];
  regressedCases: CaseChange[];
  improvedCases: number;
  gate: GateConfig;
  notes: string[];
  /** Kinds that grade with judges: cases whose answers addressed the judge (kept scored, listed; see gate.on-judge-manipulation). */
  judgeManipulation?: FlaggedCase[];
  /** The suite's absolute floors (gate.min) and whether this run met them; [] without floors. */
  floors: FloorCheck[];
}

/** The candidate's errors of one cause. */
export interface ErrorsOfCause {
  records: number;
  /** The cases they hit, sorted. */
  cases: string[];
  /** Records per reason code (core/error-cause.ts). */
  reasons: Record<string, number>;
  /** The first few distinct messages. */
  samples: string[];
}

/** What the candidate's kind says about its metrics: the worst value of each, when it knows it. */
export type WorstValue = (metric: string) => number | null;

/**
 * Compares a candidate with its baseline (or with none) under a gate. `clusterNoun` is what
 * the candidate's kind calls its clusters, used for the power figures when cases are
 * clustered. `flagged` are the candidate's answers that addressed the judge, as its kind
 * found them; they are listed, and under
 * `on-judge-manipulation: fail` they make the suite an error whatever the measurement said,
 * because the scores may have been talked up.
 */
export function compareSuite(
  original: SuiteResult | null,
  candidate: SuiteResult,
  gate: GateConfig,
  clusterNoun: ClusterNoun,
  flagged: readonly FlaggedCase[] = [],
  worst: WorstValue = () => null,
): SuiteComparison {
  const baseline = original === null ? null : alignBaselineIds(original, candidate);
  const result = compareMeasured(baseline, candidate, gate, clusterNoun, worst);
  if (flagged.length === 0) return result;
  result.judgeManipulation = [...flagged];
  if (gate['on-judge-manipulation'] === 'fail' && result.verdict !== 'error') {
    result.verdict = 'error';
    result.detail = 'judge-manipulation';
  }
  return result;
}

function compareMeasured(
  baseline: SuiteResult | null,
  original: SuiteResult,
  gate: GateConfig,
  clusterNoun: ClusterNoun,
  worstOf: WorstValue,
): SuiteComparison {
  const candidate = baseline === null ? original : reattributed(original, baseline);
  const result = unmeasured(baseline, candidate, gate);
  const agg = candidate.aggregates;
  // Errors the candidate caused are failures, measured below; only the machinery's are
  // excused, up to the tolerance.
  if (agg.records === 0 || result.errors.rate > gate['max-error-rate']) {
    return settle(result, 'error', 'errors-over-tolerance');
  }
  if (baseline === null) return settle(result, 'no-baseline', 'no-baseline');
  result.changed = describeTestedChanges(baseline, candidate);
  result.stale = describeInstrumentChanges(baseline, candidate);
  if (result.stale.length > 0) return settle(result, 'stale-baseline', 'stale-baseline');

  // Pairwise judging already compared each case with the baseline's answer: the candidate's
  // net win per case is the paired difference, against a baseline of 0 by construction.
  const netWin = result.metric === PAIRWISE_METRIC;
  const worst = worstValue(result.metric, worstOf, candidate, baseline, netWin);
  // Each case numbered once for both pairings (measured and pessimistic) and the changes.
  const table = caseTable(baseline, candidate);
  const paired = pairCases(baseline, candidate, result.metric, netWin, { worst }, table);
  result.pairing = paired.summary;
  if (paired.ids.length === 0) {
    result.notes.push('No case is present on both sides with the same id and input hash, so nothing can be compared.');
    return settle(result, 'error', 'no-comparable-cases');
  }
  // A comparison over less than half of what the baseline measured is not the same
  // comparison: deleting or editing cases must not turn a drop into "inconclusive".
  const baselineCases = table.baseCases;
  if (paired.ids.length * 2 < baselineCases) {
    result.notes.push(
      `Only ${paired.ids.length} of the baseline's ${baselineCases} cases could be paired (the rest were removed, edited, or have no valid sample); at least half must pair. Restore the cases, or refresh the baseline after merge.`,
    );
    return settle(result, 'error', 'too-few-paired');
  }
  result.baseline = average(paired.base);
  result.candidate = average(paired.cand);

  const how = {
    netWin,
    seed: `${candidate.suite.name}|${candidate.instrument.hash}|${baseline.runId}|${candidate.runId}`,
    clusterNoun,
  };
  estimateAndDecide(result, paired, groupUnits(paired, table), how);
  checkInfrastructureErrors(result, baseline, candidate, worst, how, table);
  if (paired.ids.length < gate['min-cases']) {
    result.notes.push(
      `Only ${paired.ids.length} cases were compared (min-cases is ${gate['min-cases']}), so this suite cannot report a regression.`,
    );
  }
  if (candidate.instrument.metrics.find((m) => m.name === result.metric)?.binary === true) {
    addMcNemar(result, paired);
  }
  const changes = caseChanges(paired, baseline, candidate, table);
  result.improvedCases = changes.improved;
  result.regressedCases = changes.regressed;
  return result;
}

/** The comparison before any measurement: identities, error budget, no verdict reasons yet. */
function unmeasured(baseline: SuiteResult | null, candidate: SuiteResult, gate: GateConfig): SuiteComparison {
  const metric = candidate.instrument.primaryMetric;
  const agg = candidate.aggregates;
  const byCause = errorsByCause(candidate.records);
  return {
    name: candidate.suite.name,
    kind: candidate.suite.kind,
    metric,
    verdict: 'pass',
    detail: null,
    baseline: null,
    candidate: agg.metrics[metric] ?? null,
    change: null,
    interval: null,
    bootstrap: null,
    mcnemar: null,
    power: null,
    pairing: null,
    exactTest: null,
    multiplicity: null,
    unit: null,
    threshold: null,
    errors: {
      candidate: agg.errors,
      records: agg.records,
      cases: agg.cases,
      rate: agg.records === 0 ? 1 : (baseline === null ? agg.errors : byCause.infrastructure.records) / agg.records,
      counted: baseline === null ? 'all' : 'infrastructure',
      tolerance: gate['max-error-rate'],
      baseline: baseline?.aggregates.errors ?? 0,
      samples: agg.errorSamples,
      byCause,
    },
    pessimistic: null,
    stale: [],
    changed: [],
    regressedCases: [],
    improvedCases: 0,
    gate,
    notes: [],
    floors: checkFloors(candidate, gate),
  };
}

/**
 * The suite's floors against the candidate. A floor on a metric the suite does not
 * measure, or on one where lower is better, is not met: a floor that cannot be checked
 * must not pass silently (the engine refuses such a config before any call; this is the
 * same rule for stored results compared later).
 */
export function checkFloors(candidate: SuiteResult, gate: GateConfig): FloorCheck[] {
  return Object.entries(gate.min ?? {}).map(([metric, min]) => {
    const problem = floorProblem(metric, candidate.instrument.metrics);
    const value = problem === null ? (candidate.aggregates.metrics[metric] ?? null) : null;
    return {
      metric,
      min,
      value,
      met: problem === null && value !== null && value >= min,
      ...(problem !== null ? { problem } : {}),
    };
  });
}

/** Why `metric` cannot carry a floor for a suite measuring `metrics`, or null when it can. */
export function floorProblem(
  metric: string,
  metrics: readonly { name: string; higherIsBetter: boolean }[],
): string | null {
  const found = metrics.find((m) => m.name === metric);
  if (!found)
    return `this suite does not measure "${metric}"; its metrics are ${metrics.map((m) => m.name).join(', ')}`;
  if (!found.higherIsBetter) return `"${metric}" is better when lower, so a floor (a least value) does not apply to it`;
  return null;
}

/**
 * Applies the floors to the verdicts, after the multiplicity adjustment (so Holm's
 * adjustment cannot demote a floor away): a suite whose run is below any of its floors
 * is `below-floor` whatever the paired test said, unless it is already an `error` or a
 * `regression` (which fail too; the floor is still listed). Mutates and returns.
 */
export function applyFloors(comparisons: SuiteComparison[]): SuiteComparison[] {
  for (const c of comparisons) {
    if (c.floors.every((f) => f.met) || c.verdict === 'error' || c.verdict === 'regression') continue;
    c.verdict = 'below-floor';
    c.detail = 'below-floor';
  }
  return comparisons;
}

/**
 * The candidate with the errors it cannot have caused re-attributed to the infrastructure:
 * a judge or check that failed on a reply the baseline's run scored, sent by the same
 * request (so the judge or check was shown exactly what it scored before). A judge that
 * has stopped answering is then not the candidate's failure; it is still an error the
 * verdict must hold against.
 */
function reattributed(candidate: SuiteResult, baseline: SuiteResult): SuiteResult {
  const eligible = (r: CaseRecord): boolean =>
    r.status === 'error' && r.error !== null && r.reply !== null && causeOf(r.error).cause === 'candidate';
  // Only the cases with such an error are keyed: a key holds a record's request and reply,
  // and one per baseline record was most of the memory of a 100,000-case comparison.
  const cases = new Set<string>();
  for (const r of erroredRecords(candidate.records)) if (eligible(r)) cases.add(r.caseId);
  if (cases.size === 0) return candidate;
  const scored = new Set<string>();
  const key = (r: CaseRecord): string =>
    JSON.stringify([r.caseId, r.inputHash, r.request.messages, r.reply?.text ?? null]);
  const keyed = recordsWhere(baseline.records, (c, i) => c.hasScores.get(i) === 1 && cases.has(c.caseId.get(i)));
  for (const r of keyed) if (r.scores !== null && r.reply !== null && cases.has(r.caseId)) scored.add(key(r));
  let changed = false;
  const records = candidate.records.map((r) => {
    if (!eligible(r) || r.error === null || !scored.has(key(r))) return r;
    changed = true;
    return { ...r, error: { ...r.error, cause: 'infrastructure' as const, reason: 'unchanged-reply' } };
  });
  return changed ? { ...candidate, records } : candidate;
}

/** The candidate's errored records by cause: counts, cases, reason codes and a few messages. */
export function errorsByCause(records: readonly CaseRecord[]): Record<ErrorCause, ErrorsOfCause> {
  const empty = (): ErrorsOfCause & { seen: Set<string> } => ({
    records: 0,
    cases: [],
    reasons: {},
    samples: [],
    seen: new Set(),
  });
  const out = { candidate: empty(), infrastructure: empty() };
  for (const r of erroredRecords(records)) {
    if (r.status !== 'error') continue;
    const { cause, reason } = r.error
      ? causeOf(r.error)
      : { cause: 'candidate' as const, reason: 'reply-unusable' as const };
    const into = out[cause];
    into.records++;
    into.seen.add(r.caseId);
    into.reasons[reason] = (into.reasons[reason] ?? 0) + 1;
    const text = r.error
      ? r.error.httpStatus
        ? `HTTP ${r.error.httpStatus}: ${r.error.message}`
        : `${r.error.kind}: ${r.error.message}`
      : 'an error with no description';
    if (into.samples.length < 3 && !into.samples.includes(text)) into.samples.push(text);
  }
  const done = ({ seen, ...rest }: ErrorsOfCause & { seen: Set<string> }): ErrorsOfCause => ({
    ...rest,
    cases: [...seen].sort(),
  });
  return { candidate: done(out.candidate), infrastructure: done(out.infrastructure) };
}

/**
 * The primary metric's worst value, which a candidate-caused error counts as: what the
 * kind says; else 0 (1 when lower is better) for a binary metric, −1 for a net win; else the
 * worst value either side scored (no case can then count as better than the worst seen).
 */
function worstValue(
  metric: string,
  worstOf: WorstValue,
  candidate: SuiteResult,
  baseline: SuiteResult,
  netWin: boolean,
): number | null {
  const known = worstOf(metric);
  if (known !== null) return known;
  if (netWin) return -1;
  const def = candidate.instrument.metrics.find((m) => m.name === metric);
  const higherIsBetter = def?.higherIsBetter ?? true;
  if (def?.binary) return higherIsBetter ? 0 : 1;
  let worst: number | null = null;
  for (const records of [baseline.records, candidate.records])
    for (const r of records) {
      const v = r.scores?.[metric];
      if (v === undefined || !Number.isFinite(v)) continue;
      if (worst === null || (higherIsBetter ? v < worst : v > worst)) worst = v;
    }
  return worst;
}

const STAT_RANK: Partial<Record<SuiteVerdict, number>> = { pass: 0, inconclusive: 1, regression: 2 };

/**
 * Infrastructure errors are excluded from the measurement, but a pull request must not be
 * able to hide its worst cases behind them (a prompt that makes the provider time out): the
 * comparison is made again with those records counted as the worst value, and if that
 * verdict is worse than the one measured, the suite is an `error` that names the cases —
 * the run cannot tell a flaky provider from a candidate that fails there.
 */
function checkInfrastructureErrors(
  result: SuiteComparison,
  baseline: SuiteResult,
  candidate: SuiteResult,
  worst: number | null,
  how: { netWin: boolean; seed: string; clusterNoun: ClusterNoun },
  table: CaseTable,
): void {
  if (result.errors.byCause.infrastructure.records === 0 || worst === null) return;
  const measured = STAT_RANK[result.verdict];
  if (measured === undefined) return;
  const paired = pairCases(baseline, candidate, result.metric, how.netWin, { worst, infrastructure: true }, table);
  const cases = paired.summary.failedByInfrastructure;
  if (cases.length === 0) return;
  const probe: SuiteComparison = { ...result, notes: [] };
  estimateAndDecide(probe, paired, groupUnits(paired, table), how);
  result.pessimistic = { verdict: probe.verdict, change: probe.change, cases };
  if ((STAT_RANK[probe.verdict] ?? 0) > measured) {
    const shown = cases.slice(0, 10).join(', ');
    result.notes.push(
      `Counted as failures, the ${count(cases.length, 'case')} whose calls failed for reasons of the infrastructure (${shown}${cases.length > 10 ? ', …' : ''}) would make this suite ${probe.verdict} instead of ${result.verdict}: the run cannot tell a flaky provider from a candidate that fails there. Re-run the check; if the errors persist, see the error messages below.`,
    );
    settle(result, 'error', 'infrastructure-errors-decide');
  }
}

function settle(result: SuiteComparison, verdict: SuiteVerdict, detail: SuiteComparison['detail']): SuiteComparison {
  result.verdict = verdict;
  result.detail = detail;
  return result;
}

/**
 * The paired bootstrap of the change (relative when the baseline's sum is not 0, else
 * absolute), the exact sign-flip test over the same units, the gate's decision and the
 * power figures.
 */
function estimateAndDecide(
  result: SuiteComparison,
  paired: PairedCases,
  units: PairedUnits,
  how: { netWin: boolean; seed: string; clusterNoun: ClusterNoun },
): void {
  const gate = result.gate;
  const relative = !how.netWin && paired.base.reduce((a, b) => a + b, 0) !== 0;
  if (!relative && !how.netWin && gate['absolute-threshold'] === undefined) {
    result.notes.push(
      `The baseline's ${result.metric} is 0 on every compared case, so a relative change is undefined; set gate.absolute-threshold to gate on the absolute difference.`,
    );
  }
  const bootstrap = pairedBootstrap({
    units,
    statistic: relative ? 'relative' : 'absolute',
    confidence: gate.confidence,
    resamples: gate.resamples,
    seed: how.seed,
  });
  result.bootstrap = bootstrap;
  result.unit = bootstrap.statistic;
  result.change = bootstrap.estimate;
  result.interval = { lower: bootstrap.lower, upper: bootstrap.upper };
  const threshold = relative
    ? gate['max-drop']
    : (gate['absolute-threshold'] ?? (how.netWin ? DEFAULT_NET_WIN_THRESHOLD : undefined));
  result.threshold = threshold ?? null;
  // Only the units that changed: the test drops the others (a change of 0 adds nothing to
  // any sum it takes), and at 100,000 cases a list of every unit was 1.6 MB.
  const changes: number[] = [];
  for (let i = 0; i < units.base.length; i++) {
    const d = (units.candidate[i] as number) - (units.base[i] as number);
    if (d !== 0 && Number.isFinite(d)) changes.push(d);
  }
  result.exactTest = signFlipTest(changes, { seed: how.seed });
  if (threshold === undefined) {
    settle(result, 'inconclusive', 'undefined-relative-change');
    return;
  }
  const decision = decideGate({
    estimate: bootstrap.estimate,
    lower: bootstrap.lower,
    upper: bootstrap.upper,
    threshold: -threshold,
    policy: gate.policy,
    compared: paired.ids.length,
    minCases: gate['min-cases'],
    exactPValue: result.exactTest.pValue,
    confidence: gate.confidence,
  });
  settle(result, decision.verdict, decision.detail);
  const unit: ResampledUnit = units.base.length === paired.ids.length ? 'cases' : how.clusterNoun;
  result.power = powerOf(bootstrap.standardError, gate.confidence, threshold, units.base.length, unit);
}

/** McNemar's exact test on the discordant pairs, when every case mean is 0 or 1. */
function addMcNemar(result: SuiteComparison, paired: PairedCases): void {
  const { base, cand } = paired;
  if (!base.every(isZeroOrOne) || !cand.every(isZeroOrOne)) {
    result.notes.push(
      "McNemar's test is skipped: repeats of some cases disagree, so the metric is not binary per case.",
    );
    return;
  }
  let b = 0;
  let c = 0;
  base.forEach((bv, i) => {
    const cv = cand[i] as number;
    if (bv === 1 && cv === 0) b++;
    if (bv === 0 && cv === 1) c++;
  });
  result.mcnemar = mcnemarExact(b, c);
}

/** z_{1−α/2} + z_{0.8}: the MDE factor of a two-sided test at this confidence with 80% power. */
export function mdeFactor(confidence: number): number {
  return normalQuantile(1 - (1 - confidence) / 2) + normalQuantile(0.8);
}

/** The power figures, or null when SE = 0 (no variation, so no MDE to state). */
export function powerOf(
  standardError: number,
  confidence: number,
  threshold: number,
  units: number,
  unit: ResampledUnit,
): Power | null {
  if (!(standardError > 0)) return null;
  const factor = mdeFactor(confidence);
  const mde = factor * standardError;
  return { mde, factor, threshold, unit, casesNeeded: Math.ceil(units * (mde / threshold) ** 2) };
}

/**
 * The smallest p a suite's exact test could have given: 2/2^k on k changed units (all one
 * way), and 1 when the suite cannot be a regression whatever the signs (fewer compared cases
 * than min-cases). Both depend only on what the sign-flip test conditions on — which cases
 * pair and how much each changed, not in which direction — so Tarone's rule stays valid.
 */
export function attainableP(c: SuiteComparison): number {
  if (c.exactTest === null) return 1;
  if ((c.pairing?.compared ?? 0) < c.gate['min-cases']) return 1;
  return c.exactTest.minPValue;
}

/**
 * Adjusts the exact-test p-values of the suites compared in one run with Holm's step-down
 * method and Tarone's family (stats/multiplicity.ts: only suites whose test could reach
 * significance count, so suites a pull request makes run without changing anything cannot
 * dilute a real regression), unless the gate says `multiplicity: none`, and demotes a
 * regression whose adjusted p no longer clears α to inconclusive, recording the verdict it
 * had. α is the strictest 1 − confidence among the suites (one family, one level). Mutates
 * and returns the comparisons, in order.
 */
export function adjustAcrossSuites(comparisons: SuiteComparison[]): SuiteComparison[] {
  const tested = comparisons.filter((c) => c.exactTest !== null);
  if (tested.length === 0) return comparisons;
  // The setting is run-wide (not a per-suite override), so every suite carries the same one.
  const method: MultiplicityMethod = tested[0]?.gate.multiplicity ?? 'holm';
  const alpha = Math.min(...tested.map((c) => 1 - c.gate.confidence));
  // A suite that cannot be a regression whatever the signs enters with p = 1: it can never
  // be rejected, so it is never counted.
  const pMin = tested.map((c) => attainableP(c));
  const p = tested.map((c, i) => (pMin[i] === 1 ? 1 : (c.exactTest as SignFlipResult).pValue));
  const adjusted =
    method === 'holm' ? taroneHolm(p, pMin, alpha) : { adjusted: p, family: 1, counted: pMin.map((v) => v < alpha) };
  tested.forEach((c, i) => {
    const pAdjusted = adjusted.adjusted[i] as number;
    let verdictBefore: SuiteVerdict | null = null;
    if (c.verdict === 'regression' && pAdjusted >= (method === 'holm' ? alpha : 1 - c.gate.confidence)) {
      verdictBefore = c.verdict;
      c.verdict = 'inconclusive';
      c.detail = 'multiplicity-adjusted';
    }
    c.multiplicity = {
      method,
      family: adjusted.family,
      compared: tested.length,
      counted: adjusted.counted[i] as boolean,
      pAttainable: pMin[i] as number,
      alpha,
      pAdjusted,
      verdictBefore,
    };
  });
  return comparisons;
}

/** The worst verdict of a set (error first), or pass for none. */
export function overallVerdict(verdicts: readonly SuiteVerdict[]): SuiteVerdict {
  for (const v of VERDICT_ORDER) if (verdicts.includes(v)) return v;
  return 'pass';
}

function average(values: Float64Array): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

function isZeroOrOne(v: number): boolean {
  return v === 0 || v === 1;
}
