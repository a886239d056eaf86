/**
 * Which cases of a baseline and a candidate can be compared, and as what units: a case pairs
 * only when its id and input hash match on both sides and both have a valid sample
 * (docs/design/spec.md §3); clusters, taken from the baseline, group paired cases into the
 * units the bootstrap and the exact test resample (docs/design/statistics.md).
 */
import { causeOf } from '../error-cause.ts';
import { caseMeans } from '../results.ts';
import type { PairedUnit } from '../stats/bootstrap.ts';
import type { CaseRecord, SuiteResult } from '../types.ts';

/** How the two sides' cases lined up. */
export interface Pairing {
  compared: number;
  added: string[];
  removed: string[];
  edited: string[];
  /** Paired cases dropped because one side had no valid sample. */
  withoutValidSample: string[];
  /**
   * Compared cases with at least one candidate sample counted as the metric's worst value:
   * an error the candidate caused, or a refusal left unscored (docs/design/spec.md, "Errors by cause").
   */
  failedByCandidate: string[];
  /** Compared cases with an infrastructure error counted as a failure (the pessimistic pairing only). */
  failedByInfrastructure: string[];
}

/** How candidate records that have no score are read in a pairing. */
export interface FailureCounting {
  /**
   * The primary metric's worst value: a candidate error the candidate caused (and a refusal
   * left unscored) counts as this. Null: no worst value is known, and such records are left out.
   */
  worst: number | null;
  /** Count infrastructure errors as the worst value too (the check that the verdict holds). */
  infrastructure?: boolean;
}

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
  /** The candidate's error, when its first record of the case is one (the case counted as a failure). */
  candidateError: string | null;
  /** The records' kind-specific details (judge reasoning, criteria …). */
  baselineDetail: Record<string, unknown> | null;
  candidateDetail: Record<string, unknown> | null;
}

/** The paired cases (sorted by id) and their case means on each side, index for index. */
export interface PairedCases {
  summary: Pairing;
  ids: string[];
  base: number[];
  cand: number[];
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
 * Pairs the two sides on `metric`. With `baselineIsZero` (pairwise judging, whose candidate
 * score already is the difference from the baseline's answer) every baseline case counts 0.
 */
export function pairCases(
  baseline: SuiteResult,
  candidate: SuiteResult,
  metric: string,
  baselineIsZero: boolean,
  counting: FailureCounting = { worst: null },
): PairedCases {
  const measured = countedAsFailures(candidate.records, metric, counting);
  const cand = caseMeans(measured.records, metric);
  const base = baselineIsZero
    ? new Map([...hashesOf(baseline.records).keys()].map((id) => [id, 0]))
    : caseMeans(baseline.records, metric);
  const baseHash = hashesOf(baseline.records);
  const candHash = hashesOf(candidate.records);
  const summary: Pairing = {
    compared: 0,
    added: [],
    removed: [],
    edited: [],
    withoutValidSample: [],
    failedByCandidate: [],
    failedByInfrastructure: [],
  };
  const ids: string[] = [];
  for (const [id, hash] of candHash) {
    const other = baseHash.get(id);
    if (other === undefined) summary.added.push(id);
    else if (other !== hash) summary.edited.push(id);
    else if (!base.has(id) || !cand.has(id)) summary.withoutValidSample.push(id);
    else ids.push(id);
  }
  for (const id of baseHash.keys()) if (!candHash.has(id)) summary.removed.push(id);
  ids.sort();
  summary.compared = ids.length;
  summary.failedByCandidate = ids.filter((id) => measured.byCandidate.has(id));
  summary.failedByInfrastructure = ids.filter((id) => measured.byInfrastructure.has(id));
  return {
    summary,
    ids,
    base: ids.map((id) => base.get(id) as number),
    cand: ids.map((id) => cand.get(id) as number),
  };
}

/**
 * The candidate's records as the pairing reads them: a record with no score that the
 * candidate caused (an error of cause `candidate`, or a refusal the suite leaves unscored)
 * gets the metric's worst value, so a pull request cannot turn its worst cases into errors
 * and have them dropped; with `infrastructure`, the machinery's errors do too.
 */
function countedAsFailures(
  records: readonly CaseRecord[],
  metric: string,
  counting: FailureCounting,
): { records: readonly CaseRecord[]; byCandidate: Set<string>; byInfrastructure: Set<string> } {
  const byCandidate = new Set<string>();
  const byInfrastructure = new Set<string>();
  const worst = counting.worst;
  if (worst === null) return { records, byCandidate, byInfrastructure };
  const out = records.map((r) => {
    if (r.scores?.[metric] !== undefined && Number.isFinite(r.scores[metric])) return r;
    let into: Set<string> | null = null;
    if (r.status === 'refused') into = byCandidate;
    else if (r.status === 'error') {
      // An error without its description is unknown: counted against the candidate.
      const cause = r.error ? causeOf(r.error).cause : 'candidate';
      if (cause === 'candidate') into = byCandidate;
      else if (counting.infrastructure) into = byInfrastructure;
    }
    if (into === null) return r;
    into.add(r.caseId);
    return { ...r, scores: { ...(r.scores ?? {}), [metric]: worst } };
  });
  return { records: out, byCandidate, byInfrastructure };
}

/** Distinct cases of a result. */
export function caseCount(result: SuiteResult): number {
  return hashesOf(result.records).size;
}

/**
 * Resampling units: one per case, or one per cluster when the baseline's cases name
 * clusters. Clusters come from the baseline: a pull request must not regroup its cases (one
 * cluster for everything leaves one resampling unit, which no test can call significant).
 */
export function groupUnits(paired: PairedCases, baseline: SuiteResult): PairedUnit[] {
  const clusters = clusterOf(baseline.records);
  const { ids, base, cand } = paired;
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

/** Cases that improved (counted) and regressed (worst first, with excerpts of the first valid records). */
export function caseChanges(
  paired: PairedCases,
  baseline: SuiteResult,
  candidate: SuiteResult,
): { improved: number; regressed: CaseChange[] } {
  const { ids, base, cand } = paired;
  const changes = ids.map((id, i) => ({ id, delta: (cand[i] as number) - (base[i] as number), i }));
  const baseRecords = firstValidRecords(baseline.records);
  const candRecords = firstValidRecords(candidate.records);
  const candFailed = new Map<string, CaseRecord>();
  for (const r of candidate.records)
    if (r.status !== 'scored' && !candFailed.has(r.caseId)) candFailed.set(r.caseId, r);
  const regressed = changes
    .filter((c) => c.delta < 0)
    .sort((a, b) => a.delta - b.delta || (a.id < b.id ? -1 : 1))
    .map((c) => {
      const br = baseRecords.get(c.id);
      const cr = candRecords.get(c.id);
      const failed = cr === undefined ? candFailed.get(c.id) : undefined;
      return {
        caseId: c.id,
        baseline: base[c.i] as number,
        candidate: cand[c.i] as number,
        delta: c.delta,
        question: stringOrNull(cr?.detail['question'] ?? br?.detail['question']),
        expected: stringOrNull(cr?.detail['expected'] ?? br?.detail['expected']),
        baselineReply: br?.reply?.text ?? null,
        candidateReply: cr?.reply?.text ?? null,
        candidateError: failed?.error
          ? failed.error.httpStatus
            ? `HTTP ${failed.error.httpStatus}: ${failed.error.message}`
            : `${failed.error.kind}: ${failed.error.message}`
          : failed?.status === 'refused'
            ? `refused: ${failed.reply?.text ?? ''}`
            : null,
        baselineDetail: br?.detail ?? null,
        candidateDetail: cr?.detail ?? null,
      };
    });
  return { improved: changes.filter((c) => c.delta > 0).length, regressed };
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

function firstValidRecords(records: readonly CaseRecord[]): Map<string, CaseRecord> {
  const map = new Map<string, CaseRecord>();
  for (const r of records) if (r.scores !== null && !map.has(r.caseId)) map.set(r.caseId, r);
  return map;
}

function stringOrNull(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}
