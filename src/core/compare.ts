/**
 * Compares a candidate suite result with its baseline (SPEC §3, STATISTICS.md): pairs
 * cases by id and input hash, refuses to compare unlike instruments (stale baseline),
 * estimates the change of the primary metric with a paired bootstrap, adds McNemar's
 * exact test for binary metrics and the power figures, and decides the suite's verdict.
 */
import type { GateConfig } from './config/common.ts';
import { findKind } from './kinds/index.ts';
import { flaggedCases, type FlaggedCase } from './kinds/judged/manipulation.ts';
import { caseMeans } from './results.ts';
import { pairedBootstrap, type BootstrapResult, type PairedUnit } from './stats/bootstrap.ts';
import { decideGate, type VerdictDetail } from './stats/gate.ts';
import { mcnemarExact, type McNemarResult } from './stats/mcnemar.ts';
import { holmAdjust, type MultiplicityMethod } from './stats/multiplicity.ts';
import { normalQuantile } from './stats/normal.ts';
import { signFlipTest, type SignFlipResult } from './stats/permutation.ts';
import type { CaseRecord, SuiteResult } from './types.ts';

/** The primary metric of pairwise judging: +1 win, 0 tie, −1 loss per case. */
export const PAIRWISE_METRIC = 'net-win';
/** The absolute threshold pairwise suites gate on unless the config sets one. */
export const DEFAULT_NET_WIN_THRESHOLD = 0.05;

/** A suite's verdict. */
export type SuiteVerdict = 'pass' | 'regression' | 'inconclusive' | 'error' | 'no-baseline' | 'stale-baseline';

/** Verdicts from worst to best, for the overall verdict. */
export const VERDICT_ORDER: readonly SuiteVerdict[] = [
  'error',
  'regression',
  'inconclusive',
  'stale-baseline',
  'no-baseline',
  'pass',
];

/** One case's change, with excerpts for the report. */
export interface CaseChange {
  caseId: string;
  baseline: number;
  candidate: number;
  delta: number;
  question: string | null;
  expected: string | null;
  baselineReply: string | null;
  candidateReply: string | null;
  /** The records' kind-specific details (judge reasoning, criteria …). */
  baselineDetail: Record<string, unknown> | null;
  candidateDetail: Record<string, unknown> | null;
}

/** How the two sides' cases lined up. */
export interface Pairing {
  compared: number;
  added: string[];
  removed: string[];
  edited: string[];
  /** Paired cases dropped because one side had no valid sample. */
  withoutValidSample: string[];
}

/** What the bootstrap resamples: cases, or clusters of them (tasks for round-trip). */
export type ResampledUnit = 'cases' | 'clusters' | 'tasks';

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

/** How the run's multiplicity adjustment treated a suite's exact-test p-value. */
export interface MultiplicityOutcome {
  method: MultiplicityMethod;
  /** Suites in the family (those with an exact-test p-value in this run). */
  family: number;
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
    candidate: number;
    records: number;
    cases: number;
    rate: number;
    tolerance: number;
    baseline: number;
    samples: string[];
  };
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
  /** Judged suites: cases whose answers addressed the judge (kept scored, listed; see gate.on-judge-manipulation). */
  judgeManipulation?: FlaggedCase[];
}

/**
 * A baseline made before ELYZA rows were named by row number (elyza-001 …), when they
 * were named by a hash of the question (q-…), with its cases renamed to the new ids: a
 * q- case with no namesake takes the id of the one unmatched elyza- case with the same
 * input hash. Only this change of id scheme is bridged: a case whose id a user changed
 * stays removed-and-added, and an input hash shared by several cases renames nothing.
 */
export function alignBaselineIds(baseline: SuiteResult, candidate: SuiteResult): SuiteResult {
  const baseIds = hashesOf(baseline.records);
  const candIds = hashesOf(candidate.records);
  const unmatched = (from: Map<string, string>, other: Map<string, string>, scheme: RegExp): Map<string, string[]> => {
    const byHash = new Map<string, string[]>();
    for (const [id, hash] of from)
      if (!other.has(id) && scheme.test(id)) byHash.set(hash, [...(byHash.get(hash) ?? []), id]);
    return byHash;
  };
  const baseByHash = unmatched(baseIds, candIds, /^q-[0-9a-f]{12}$/);
  const candByHash = unmatched(candIds, baseIds, /^elyza-\d{3,}$/);
  const rename = new Map<string, string>();
  for (const [hash, ids] of baseByHash) {
    const targets = candByHash.get(hash);
    if (ids.length === 1 && targets?.length === 1) rename.set(ids[0] as string, targets[0] as string);
  }
  if (rename.size === 0) return baseline;
  return {
    ...baseline,
    records: baseline.records.map((r) => (rename.has(r.caseId) ? { ...r, caseId: rename.get(r.caseId) as string } : r)),
  };
}

/**
 * Compares a candidate with its baseline (or with none) under a gate. Judged answers that
 * addressed the judge are listed; under `on-judge-manipulation: fail` they make the suite
 * an error whatever the measurement said, because the scores may have been talked up.
 */
export function compareWithBaseline(
  original: SuiteResult | null,
  candidate: SuiteResult,
  gate: GateConfig,
): SuiteComparison {
  const baseline = original === null ? null : alignBaselineIds(original, candidate);
  const result = compareMeasured(baseline, candidate, gate);
  const flagged = flaggedCases(candidate.records);
  if (flagged.length === 0) return result;
  result.judgeManipulation = flagged;
  if (gate['on-judge-manipulation'] === 'fail' && result.verdict !== 'error') {
    result.verdict = 'error';
    result.detail = 'judge-manipulation';
  }
  return result;
}

function compareMeasured(baseline: SuiteResult | null, candidate: SuiteResult, gate: GateConfig): SuiteComparison {
  const metric = candidate.instrument.primaryMetric;
  const agg = candidate.aggregates;
  const errorRate = agg.records === 0 ? 1 : agg.errors / agg.records;
  const result: SuiteComparison = {
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
      rate: errorRate,
      tolerance: gate['max-error-rate'],
      baseline: baseline?.aggregates.errors ?? 0,
      samples: agg.errorSamples,
    },
    stale: [],
    changed: [],
    regressedCases: [],
    improvedCases: 0,
    gate,
    notes: [],
  };
  if (agg.records === 0 || errorRate > gate['max-error-rate']) {
    result.verdict = 'error';
    result.detail = 'errors-over-tolerance';
    return result;
  }
  if (baseline === null) {
    result.verdict = 'no-baseline';
    result.detail = 'no-baseline';
    return result;
  }
  result.changed = describeTestedChanges(baseline, candidate);
  result.stale = describeInstrumentChanges(baseline, candidate);
  if (result.stale.length > 0) {
    result.verdict = 'stale-baseline';
    result.detail = 'stale-baseline';
    return result;
  }

  // Pairwise judging already compared each case with the baseline's answer: the candidate's
  // net win per case is the paired difference, against a baseline of 0 by construction.
  const netWin = metric === PAIRWISE_METRIC;
  const cand = caseMeans(candidate.records, metric);
  const base = netWin
    ? new Map([...hashesOf(baseline.records).keys()].map((id) => [id, 0]))
    : caseMeans(baseline.records, metric);
  const pairing = pairCases(baseline.records, candidate.records, base, cand);
  result.pairing = pairing.summary;
  const paired = pairing.pairedIds;
  if (paired.length === 0) {
    result.verdict = 'error';
    result.detail = 'no-comparable-cases';
    result.notes.push('No case is present on both sides with the same id and input hash, so nothing can be compared.');
    return result;
  }
  // A comparison over less than half of what the baseline measured is not the same
  // comparison: deleting or editing cases must not turn a drop into "inconclusive".
  const baselineCases = hashesOf(baseline.records).size;
  if (paired.length * 2 < baselineCases) {
    result.verdict = 'error';
    result.detail = 'too-few-paired';
    result.notes.push(
      `Only ${paired.length} of the baseline's ${baselineCases} cases could be paired (the rest were removed, edited, or have no valid sample); at least half must pair. Restore the cases, or refresh the baseline after merge.`,
    );
    return result;
  }
  const baseValues = paired.map((id) => base.get(id) as number);
  const candValues = paired.map((id) => cand.get(id) as number);
  const baseMean = average(baseValues);
  const candMean = average(candValues);
  result.baseline = baseMean;
  result.candidate = candMean;

  // Clusters come from the baseline: a pull request must not regroup its cases (one
  // cluster for everything leaves one resampling unit, which no test can call significant).
  const units = groupUnits(paired, baseValues, candValues, clusterOf(baseline.records));
  const baseSum = baseValues.reduce((a, b) => a + b, 0);
  const relative = baseSum !== 0 && !netWin;
  if (!relative && !netWin && gate['absolute-threshold'] === undefined) {
    result.notes.push(
      `The baseline's ${metric} is 0 on every compared case, so a relative change is undefined; set gate.absolute-threshold to gate on the absolute difference.`,
    );
  }
  const seed = `${candidate.suite.name}|${candidate.instrument.hash}|${baseline.runId}|${candidate.runId}`;
  const bootstrap = pairedBootstrap({
    units,
    statistic: relative ? 'relative' : 'absolute',
    confidence: gate.confidence,
    resamples: gate.resamples,
    seed,
  });
  result.bootstrap = bootstrap;
  result.unit = bootstrap.statistic;
  result.change = bootstrap.estimate;
  result.interval = { lower: bootstrap.lower, upper: bootstrap.upper };
  const threshold = relative
    ? gate['max-drop']
    : (gate['absolute-threshold'] ?? (netWin ? DEFAULT_NET_WIN_THRESHOLD : undefined));
  result.threshold = threshold ?? null;

  result.exactTest = signFlipTest(
    units.map((u) => u.candidate - u.base),
    { seed },
  );
  if (threshold === undefined) {
    result.verdict = 'inconclusive';
    result.detail = 'undefined-relative-change';
  } else {
    const decision = decideGate({
      estimate: bootstrap.estimate,
      lower: bootstrap.lower,
      upper: bootstrap.upper,
      threshold: -threshold,
      policy: gate.policy,
      compared: paired.length,
      minCases: gate['min-cases'],
      exactPValue: result.exactTest.pValue,
      confidence: gate.confidence,
    });
    result.verdict = decision.verdict;
    result.detail = decision.detail;
    result.power = powerOf(
      bootstrap.standardError,
      gate.confidence,
      threshold,
      units.length,
      resampledUnit(candidate.suite.kind, units.length, paired.length),
    );
  }
  if (paired.length < gate['min-cases']) {
    result.notes.push(
      `Only ${paired.length} cases were compared (min-cases is ${gate['min-cases']}), so this suite cannot report a regression.`,
    );
  }

  const binary = candidate.instrument.metrics.find((m) => m.name === metric)?.binary === true;
  if (binary) {
    if (baseValues.every(isZeroOrOne) && candValues.every(isZeroOrOne)) {
      let b = 0;
      let c = 0;
      baseValues.forEach((bv, i) => {
        const cv = candValues[i] as number;
        if (bv === 1 && cv === 0) b++;
        if (bv === 0 && cv === 1) c++;
      });
      result.mcnemar = mcnemarExact(b, c);
    } else {
      result.notes.push(
        "McNemar's test is skipped: repeats of some cases disagree, so the metric is not binary per case.",
      );
    }
  }

  const changes = paired.map((id, i) => ({ id, delta: (candValues[i] as number) - (baseValues[i] as number), i }));
  result.improvedCases = changes.filter((c) => c.delta > 0).length;
  const baseRecords = firstValidRecords(baseline.records);
  const candRecords = firstValidRecords(candidate.records);
  result.regressedCases = changes
    .filter((c) => c.delta < 0)
    .sort((a, b) => a.delta - b.delta || (a.id < b.id ? -1 : 1))
    .map((c) => {
      const br = baseRecords.get(c.id);
      const cr = candRecords.get(c.id);
      return {
        caseId: c.id,
        baseline: baseValues[c.i] as number,
        candidate: candValues[c.i] as number,
        delta: c.delta,
        question: stringOrNull(cr?.detail['question'] ?? br?.detail['question']),
        expected: stringOrNull(cr?.detail['expected'] ?? br?.detail['expected']),
        baselineReply: br?.reply?.text ?? null,
        candidateReply: cr?.reply?.text ?? null,
        baselineDetail: br?.detail ?? null,
        candidateDetail: cr?.detail ?? null,
      };
    });
  return result;
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

function resampledUnit(kind: string, units: number, cases: number): ResampledUnit {
  if (units === cases) return 'cases';
  return findKind(kind)?.clusterNoun ?? 'clusters';
}

/**
 * Adjusts the exact-test p-values of the suites compared in one run (the family: every
 * suite with an exact test) with Holm's step-down method, unless the gate says
 * `multiplicity: none`, and demotes a regression whose adjusted p no longer clears
 * 1 − confidence to inconclusive, recording the verdict it had. Mutates and returns the
 * comparisons, in order.
 */
export function adjustAcrossSuites(comparisons: SuiteComparison[]): SuiteComparison[] {
  const family = comparisons.filter((c) => c.exactTest !== null);
  if (family.length === 0) return comparisons;
  // The setting is run-wide (not a per-suite override), so every suite carries the same one.
  const method: MultiplicityMethod = family[0]?.gate.multiplicity ?? 'holm';
  const adjusted =
    method === 'holm'
      ? holmAdjust(family.map((c) => (c.exactTest as SignFlipResult).pValue))
      : family.map((c) => (c.exactTest as SignFlipResult).pValue);
  family.forEach((c, i) => {
    const pAdjusted = adjusted[i] as number;
    let verdictBefore: SuiteVerdict | null = null;
    if (c.verdict === 'regression' && pAdjusted >= 1 - c.gate.confidence) {
      verdictBefore = c.verdict;
      c.verdict = 'inconclusive';
      c.detail = 'multiplicity-adjusted';
    }
    c.multiplicity = { method, family: family.length, pAdjusted, verdictBefore };
  });
  return comparisons;
}

/** The worst verdict of a set (error first), or pass for none. */
export function overallVerdict(verdicts: readonly SuiteVerdict[]): SuiteVerdict {
  for (const v of VERDICT_ORDER) if (verdicts.includes(v)) return v;
  return 'pass';
}

function pairCases(
  baseRecords: readonly CaseRecord[],
  candRecords: readonly CaseRecord[],
  base: Map<string, number>,
  cand: Map<string, number>,
): { summary: Pairing; pairedIds: string[] } {
  const baseHash = hashesOf(baseRecords);
  const candHash = hashesOf(candRecords);
  const summary: Pairing = { compared: 0, added: [], removed: [], edited: [], withoutValidSample: [] };
  const pairedIds: string[] = [];
  for (const [id, hash] of candHash) {
    const other = baseHash.get(id);
    if (other === undefined) summary.added.push(id);
    else if (other !== hash) summary.edited.push(id);
    else if (!base.has(id) || !cand.has(id)) summary.withoutValidSample.push(id);
    else pairedIds.push(id);
  }
  for (const id of baseHash.keys()) if (!candHash.has(id)) summary.removed.push(id);
  pairedIds.sort();
  summary.compared = pairedIds.length;
  return { summary, pairedIds };
}

function hashesOf(records: readonly CaseRecord[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const r of records) map.set(r.caseId, r.inputHash);
  return map;
}

function clusterOf(records: readonly CaseRecord[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const r of records) if (r.cluster !== undefined) map.set(r.caseId, r.cluster);
  return map;
}

/** Resampling units: one per case, or one per cluster when cases name clusters. */
function groupUnits(
  ids: readonly string[],
  base: readonly number[],
  cand: readonly number[],
  clusters: Map<string, string>,
): PairedUnit[] {
  if (clusters.size === 0)
    return ids.map((_, i) => ({ base: base[i] as number, candidate: cand[i] as number, cases: 1 }));
  const units = new Map<string, PairedUnit>();
  ids.forEach((id, i) => {
    const key = clusters.get(id) ?? `case:${id}`;
    const u = units.get(key) ?? { base: 0, candidate: 0, cases: 0 };
    u.base += base[i] as number;
    u.candidate += cand[i] as number;
    u.cases += 1;
    units.set(key, u);
  });
  return [...units.keys()].sort().map((k) => units.get(k) as PairedUnit);
}

function firstValidRecords(records: readonly CaseRecord[]): Map<string, CaseRecord> {
  const map = new Map<string, CaseRecord>();
  for (const r of records) if (r.scores !== null && !map.has(r.caseId)) map.set(r.caseId, r);
  return map;
}

function describeTestedChanges(baseline: SuiteResult, candidate: SuiteResult): string[] {
  const out: string[] = [];
  const b = baseline.tested;
  const c = candidate.tested;
  const templates: string[] = [];
  for (const role of new Set([...Object.keys(b.templates), ...Object.keys(c.templates)])) {
    const bt = b.templates[role];
    const ct = c.templates[role];
    if (bt?.sha256 !== ct?.sha256) templates.push(basename(ct?.path ?? bt?.path ?? role));
  }
  if (templates.length > 0) out.push(`templates: ${templates.join(', ')}`);
  if (b.model !== c.model) out.push(`model: ${b.model} → ${c.model}`);
  for (const key of new Set([...Object.keys(b.settings), ...Object.keys(c.settings)])) {
    if (JSON.stringify(b.settings[key]) !== JSON.stringify(c.settings[key])) {
      out.push(`${key}: ${JSON.stringify(b.settings[key])} → ${JSON.stringify(c.settings[key])}`);
    }
  }
  if (b.dataset.sha256 !== c.dataset.sha256) out.push(`dataset: ${basename(c.dataset.path)}`);
  return out;
}

function describeInstrumentChanges(baseline: SuiteResult, candidate: SuiteResult): string[] {
  const b = baseline.instrument;
  const c = candidate.instrument;
  const out: string[] = [];
  if (b.scoringVersion !== c.scoringVersion) out.push(`scoring version: ${b.scoringVersion} → ${c.scoringVersion}`);
  if (b.primaryMetric !== c.primaryMetric) out.push(`primary metric: ${b.primaryMetric} → ${c.primaryMetric}`);
  if (JSON.stringify(b.metrics) !== JSON.stringify(c.metrics)) out.push('metric definitions differ');
  for (const key of new Set([...Object.keys(b.settings), ...Object.keys(c.settings)])) {
    if (JSON.stringify(b.settings[key]) !== JSON.stringify(c.settings[key])) {
      out.push(`${key}: ${JSON.stringify(b.settings[key])} → ${JSON.stringify(c.settings[key])}`);
    }
  }
  return out;
}

function basename(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

function average(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

function isZeroOrOne(v: number): boolean {
  return v === 0 || v === 1;
}

function stringOrNull(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}
