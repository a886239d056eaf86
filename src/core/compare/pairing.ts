/**
 * Which cases of a baseline and a candidate can be compared, and as what units: a case pairs
 * only when its id and input hash match on both sides and both have a valid sample
 * (docs/design/spec.md §3); clusters, taken from the baseline, group paired cases into the
 * units the bootstrap and the exact test resample (docs/design/statistics.md).
 */
import { causeOf } from '../error-cause.ts';
import { HashBytes, IdIndex, type PackedStrings } from '../packed.ts';
import type { PairedUnits } from '../stats/bootstrap.ts';
import { recordColumns, type RecordColumns } from '../stored-records.ts';
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

/**
 * The cases of a baseline and a candidate, each numbered once: a shared index (case id →
 * integer) and, per case number, what the comparison reads — each side's input hash (the
 * last record's, as a Map keyed by id would keep) and the baseline's cluster. Built in one
 * pass over each side's records; the per-case means of a metric are then columns indexed
 * by case number (`sideMeans`), so a 100,000-case comparison holds one index of ids instead
 * of a Map (and an object) per case for each side, metric and pairing. The ids are packed
 * and the index is open addressing over typed arrays (packed.ts); a side's input hash is
 * not copied: the table keeps, per case, the number of the side's record whose hash counts
 * (`baseRow`, `candRow`), and a stored result's hashes stay in its columns. About 55 bytes
 * a case, where strings in arrays and a Map of ids took about 220.
 *
 * Numbers are given in the order the candidate's records first name their cases, then the
 * baseline's cases the candidate lacks in the order the baseline first names them: the
 * orders `added`, `edited`, `withoutValidSample` and `removed` are listed in.
 */
export interface CaseTable {
  /** Case id of each number. */
  ids: PackedStrings;
  /** Case id → number. */
  index: IdIndex;
  /** Per case number, the side's last record of the case (its input hash is the case's), or -1 where the side lacks the case. */
  baseRow: Int32Array;
  candRow: Int32Array;
  /** Each side's input hashes by record number (a stored result's own column). */
  baseHashes: HashBytes;
  candHashes: HashBytes;
  /**
   * Each side's case number by record number, and the records they number: a reader of
   * those same records (`sideMeans`, `recordsByCase`, the case changes) takes a record's
   * case from here instead of making its id a string and looking it up.
   */
  baseAt: Uint32Array;
  candAt: Uint32Array;
  baseRecords: readonly CaseRecord[];
  candRecords: readonly CaseRecord[];
  /** The baseline's cluster of each case (the last record's that names one; sparse). */
  cluster: (string | undefined)[];
  /** Distinct cases of each side. */
  baseCases: number;
  candCases: number;
}

/** Numbers the cases of both sides (see CaseTable). */
export function caseTable(baseline: SuiteResult, candidate: SuiteResult): CaseTable {
  const cluster: (string | undefined)[] = [];
  // A stored result's columns (stored-records.ts) give the same values without parsing each record.
  const cc = recordColumns(candidate.records);
  const bc = recordColumns(baseline.records);
  const candIds = cc ? cc.caseId : null;
  const baseIds = bc ? bc.caseId : null;
  const candN = cc ? cc.status.length : candidate.records.length;
  const baseN = bc ? bc.status.length : baseline.records.length;
  // Room for the larger side's records: two sides with the same cases never grow it.
  const index = new IdIndex(undefined, Math.max(candN, baseN));
  // A stored side's ids are numbered from its packed strings, without a string per record.
  const number = (side: SuiteResult, ids: PackedStrings | null, k: number): number =>
    ids ? index.numberOfAt(ids, k) : index.numberOf((side.records[k] as CaseRecord).caseId);
  // First the numbers (the candidate's cases, then the baseline's it lacks), then each
  // side's last record per case: the table's size is known before its rows are made.
  const candAt = new Uint32Array(candN);
  for (let k = 0; k < candN; k++) candAt[k] = number(candidate, candIds, k);
  const candCases = index.size;
  const baseAt = new Uint32Array(baseN);
  for (let k = 0; k < baseN; k++) baseAt[k] = number(baseline, baseIds, k);
  index.trim();
  const n = index.size;
  const candRow = new Int32Array(n).fill(-1);
  const baseRow = new Int32Array(n).fill(-1);
  for (let k = 0; k < candN; k++) candRow[candAt[k] as number] = k;
  let baseCases = 0;
  for (let k = 0; k < baseN; k++) {
    const at = baseAt[k] as number;
    if (baseRow[at] === -1) baseCases++;
    baseRow[at] = k;
    const c = bc ? bc.cluster[k] : (baseline.records[k] as CaseRecord).cluster;
    if (c !== undefined) cluster[at] = c;
  }
  return {
    ids: index.ids,
    index,
    baseRow,
    candRow,
    baseHashes: bc ? bc.inputHash : hashesByRecord(baseline.records),
    candHashes: cc ? cc.inputHash : hashesByRecord(candidate.records),
    baseAt,
    candAt,
    baseRecords: baseline.records,
    candRecords: candidate.records,
    cluster,
    baseCases,
    candCases,
  };
}

/** The case number of each of `records` when they are one of the table's sides, else null (each is looked up). */
function numbersOf(table: CaseTable, records: readonly CaseRecord[]): Uint32Array | null {
  if (records === table.candRecords) return table.candAt;
  if (records === table.baseRecords) return table.baseAt;
  return null;
}

/** The case number of record k of `records` (the table's numbers when given, else its id looked up). */
function caseNumber(
  table: CaseTable,
  numbers: Uint32Array | null,
  columns: RecordColumns | null,
  records: readonly CaseRecord[],
  k: number,
): number {
  if (numbers) return numbers[k] as number;
  return table.index.get(columns ? columns.caseId.get(k) : (records[k] as CaseRecord).caseId) as number;
}

/** The input hash of each record held as an object, by record number. */
function hashesByRecord(records: readonly CaseRecord[]): HashBytes {
  const hashes = new HashBytes();
  for (let k = 0; k < records.length; k++) hashes.set(k, (records[k] as CaseRecord).inputHash);
  return hashes;
}

/** Whether case i has the same input hash on both sides (both sides have it). */
function sameInput(table: CaseTable, i: number): boolean {
  return table.baseHashes.same(table.baseRow[i] as number, table.candHashes, table.candRow[i] as number);
}

/**
 * The per-case means of `metric` over `records`, as columns by case number: `count[i]` valid
 * samples (0: none, and `mean[i]` is 0), summed in record order as `caseMeans` does, so each
 * mean is the same number. With `counting`, a candidate record without a score that the
 * candidate caused (or, with `infrastructure`, the machinery) counts as the worst value, and
 * its case is marked in `failed` (bit 1: by the candidate, bit 2: by the infrastructure).
 */
export function sideMeans(
  records: readonly CaseRecord[],
  metric: string,
  table: CaseTable,
  counting: FailureCounting = { worst: null },
): { mean: Float64Array; count: Uint32Array; failed: Uint8Array } {
  const n = table.ids.length;
  const mean = new Float64Array(n);
  const count = new Uint32Array(n);
  const failed = new Uint8Array(n);
  const worst = counting.worst;
  const infrastructure = counting.infrastructure === true;
  // A stored result's columns, else the records themselves: the same values either way.
  const columns = recordColumns(records);
  const scores = columns?.scores.get(metric);
  const length = columns ? columns.status.length : records.length;
  const numbers = numbersOf(table, records);
  for (let k = 0; k < length; k++) {
    const r = columns ? null : (records[k] as CaseRecord);
    const at = caseNumber(table, numbers, columns, records, k);
    let value = columns ? (scores ? scores.get(k) : Number.NaN) : finiteOrNaN((r as CaseRecord).scores?.[metric]);
    if (Number.isNaN(value)) {
      if (worst === null) continue;
      const by = columns ? failedByColumns(columns, k, infrastructure) : failedBy(r as CaseRecord, infrastructure);
      if (by === 0) continue;
      failed[at] = (failed[at] as number) | by;
      value = worst;
    }
    mean[at] = (mean[at] as number) + value;
    count[at] = (count[at] as number) + 1;
  }
  for (let i = 0; i < n; i++) if ((count[i] as number) > 0) mean[i] = (mean[i] as number) / (count[i] as number);
  return { mean, count, failed };
}

/** A score as the columns keep it: NaN where there is none or it is not a finite number. */
function finiteOrNaN(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : Number.NaN;
}

/**
 * The records of each case, by case number, as two typed columns: case i's records are
 * `records[order[k]]` for k from `start[i]` to `start[i + 1] - 1`, in record order. What a
 * Map of arrays per case held, in two arrays of integers.
 */
export function recordsByCase(
  records: readonly CaseRecord[],
  table: CaseTable,
): {
  start: Uint32Array;
  order: Uint32Array;
  of: (i: number) => CaseRecord[];
  mean: (i: number, metric: string) => number | null;
} {
  const n = table.ids.length;
  const start = new Uint32Array(n + 1);
  // The table's own numbers for one of its sides, else each record's looked up once.
  let numbers = numbersOf(table, records);
  if (numbers === null) {
    const columns = recordColumns(records);
    numbers = new Uint32Array(records.length);
    for (let k = 0; k < records.length; k++) numbers[k] = caseNumber(table, null, columns, records, k);
  }
  for (let k = 0; k < records.length; k++) {
    const at = numbers[k] as number;
    start[at + 1] = (start[at + 1] as number) + 1;
  }
  for (let i = 0; i < n; i++) start[i + 1] = (start[i + 1] as number) + (start[i] as number);
  const order = new Uint32Array(records.length);
  const filled = start.slice(0, n);
  for (let k = 0; k < records.length; k++) {
    const at = numbers[k] as number;
    order[filled[at] as number] = k;
    filled[at] = (filled[at] as number) + 1;
  }
  const of = (i: number): CaseRecord[] => {
    const out: CaseRecord[] = [];
    for (let k = start[i] as number; k < (start[i + 1] as number); k++)
      out.push(records[order[k] as number] as CaseRecord);
    return out;
  };
  // Case i's mean of a metric, summed in record order from the same values as sideMeans
  // (a stored result's columns, else each record's score): one case's, where sideMeans
  // makes a column of every case's (13 bytes a case) to be read once.
  const columns = recordColumns(records);
  const mean = (i: number, metric: string): number | null => {
    const scores = columns?.scores.get(metric);
    let sum = 0;
    let count = 0;
    for (let k = start[i] as number; k < (start[i + 1] as number); k++) {
      const at = order[k] as number;
      const value = columns
        ? scores
          ? scores.get(at)
          : Number.NaN
        : finiteOrNaN((records[at] as CaseRecord).scores?.[metric]);
      if (Number.isNaN(value)) continue;
      sum += value;
      count++;
    }
    return count === 0 ? null : sum / count;
  };
  return { start, order, of, mean };
}

/**
 * Whether a record without a score counts as a failure: 1 when the candidate caused it (an
 * error of cause `candidate`, or a refusal the suite leaves unscored), 2 for the machinery's
 * errors when they count too, else 0.
 */
function failedBy(r: CaseRecord, infrastructure: boolean): 0 | 1 | 2 {
  if (r.status === 'refused') return 1;
  if (r.status !== 'error') return 0;
  // An error without its description is unknown: counted against the candidate.
  const cause = r.error ? causeOf(r.error).cause : 'candidate';
  if (cause === 'candidate') return 1;
  return infrastructure ? 2 : 0;
}

/** failedBy, from a stored result's columns (status and cause as RecordColumns keeps them). */
function failedByColumns(columns: RecordColumns, k: number, infrastructure: boolean): 0 | 1 | 2 {
  const status = columns.status.get(k);
  if (status === 2) return 1;
  if (status !== 1) return 0;
  if (columns.cause.get(k) === 1) return 1;
  return infrastructure ? 2 : 0;
}

/** The paired cases (sorted by id) and their case means on each side, index for index. */
export interface PairedCases {
  summary: Pairing;
  /** Each paired case's id, read from the CaseTable (no string held per case). */
  ids: PairedIds;
  /** Each paired case's number in the CaseTable. */
  at: Uint32Array;
  base: Float64Array;
  cand: Float64Array;
}

/** The ids of the paired cases, index for index: each made from the CaseTable when asked for. */
export class PairedIds implements Iterable<string> {
  readonly #ids: PackedStrings;
  readonly #at: Uint32Array;
  constructor(ids: PackedStrings, at: Uint32Array) {
    this.#ids = ids;
    this.#at = at;
  }
  get length(): number {
    return this.#at.length;
  }
  /** The id of paired case j. */
  get(j: number): string {
    return this.#ids.get(this.#at[j] as number);
  }
  /** -1, 0 or 1 as paired case j's id sorts before, with or after paired case k's (`<` on strings). */
  compare(j: number, k: number): number {
    return this.#ids.compare(this.#at[j] as number, this.#at[k] as number);
  }
  *[Symbol.iterator](): Iterator<string> {
    for (let j = 0; j < this.#at.length; j++) yield this.get(j);
  }
}
/**
 * A baseline made before ELYZA rows were named by row number (elyza-001 …), when they
 * were named by a hash of the question (q-…), with its cases renamed to the new ids: a
 * q- case with no namesake takes the id of the one unmatched elyza- case with the same
 * input hash. Only this change of id scheme is bridged: a case whose id a user changed
 * stays removed-and-added, and an input hash shared by several cases renames nothing.
 */
export function alignBaselineIds(baseline: SuiteResult, candidate: SuiteResult): SuiteResult {
  const oldScheme = /^q-[0-9a-f]{12}$/;
  // Most baselines have no case of the old scheme: nothing to rename, and no Map of ids made.
  const columns = recordColumns(baseline.records);
  const old = columns
    ? columns.caseId.some((id) => oldScheme.test(id))
    : baseline.records.some((r) => oldScheme.test(r.caseId));
  if (!old) return baseline;
  const baseIds = hashesOf(baseline.records);
  const candIds = hashesOf(candidate.records);
  const unmatched = (from: Map<string, string>, other: Map<string, string>, scheme: RegExp): Map<string, string[]> => {
    const byHash = new Map<string, string[]>();
    for (const [id, hash] of from)
      if (!other.has(id) && scheme.test(id)) byHash.set(hash, [...(byHash.get(hash) ?? []), id]);
    return byHash;
  };
  const baseByHash = unmatched(baseIds, candIds, oldScheme);
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
  table: CaseTable = caseTable(baseline, candidate),
): PairedCases {
  const cand = sideMeans(candidate.records, metric, table, counting);
  const base = baselineIsZero ? null : sideMeans(baseline.records, metric, table);
  const summary: Pairing = {
    compared: 0,
    added: [],
    removed: [],
    edited: [],
    withoutValidSample: [],
    failedByCandidate: [],
    failedByInfrastructure: [],
  };
  const { ids, baseRow, candRow } = table;
  // The paired cases' numbers, then sorted by id: no string per case is held.
  const paired = new Uint32Array(ids.length);
  let n = 0;
  for (let i = 0; i < ids.length; i++) {
    if (candRow[i] === -1) summary.removed.push(ids.get(i));
    else if (baseRow[i] === -1) summary.added.push(ids.get(i));
    else if (!sameInput(table, i)) summary.edited.push(ids.get(i));
    else if ((base !== null && base.count[i] === 0) || cand.count[i] === 0) summary.withoutValidSample.push(ids.get(i));
    else paired[n++] = i;
  }
  const at = (n === paired.length ? paired : paired.slice(0, n)).sort((x, y) => ids.compare(x, y));
  const out: PairedCases = {
    summary,
    ids: new PairedIds(ids, at),
    at,
    base: new Float64Array(n),
    cand: new Float64Array(n),
  };
  for (let j = 0; j < n; j++) {
    const i = at[j] as number;
    if (base !== null) out.base[j] = base.mean[i] as number;
    out.cand[j] = cand.mean[i] as number;
    const failed = cand.failed[i] as number;
    if ((failed & 1) !== 0) summary.failedByCandidate.push(ids.get(i));
    if ((failed & 2) !== 0) summary.failedByInfrastructure.push(ids.get(i));
  }
  summary.compared = n;
  return out;
}
/**
 * Resampling units as columns: one per case, or one per cluster when the baseline's cases
 * name clusters. Clusters come from the baseline: a pull request must not regroup its cases
 * (one cluster for everything leaves one resampling unit, which no test can call significant).
 */
export function groupUnits(paired: PairedCases, table: CaseTable): PairedUnits {
  const { at, base, cand } = paired;
  const n = at.length;
  if (!table.cluster.some((c) => c !== undefined)) return { base, candidate: cand, cases: new Float64Array(n).fill(1) };
  const units = new Map<string, number>();
  const sums: { base: number; candidate: number; cases: number }[] = [];
  for (let j = 0; j < n; j++) {
    const key = table.cluster[at[j] as number] ?? `case:${table.ids.get(at[j] as number)}`;
    let u = units.get(key);
    if (u === undefined) {
      u = sums.length;
      units.set(key, u);
      sums.push({ base: 0, candidate: 0, cases: 0 });
    }
    const s = sums[u] as { base: number; candidate: number; cases: number };
    s.base += base[j] as number;
    s.candidate += cand[j] as number;
    s.cases += 1;
  }
  const order = [...units.keys()].sort().map((k) => sums[units.get(k) as number] as (typeof sums)[number]);
  return {
    base: Float64Array.from(order, (u) => u.base),
    candidate: Float64Array.from(order, (u) => u.candidate),
    cases: Float64Array.from(order, (u) => u.cases),
  };
}

/** Cases that improved (counted) and regressed (worst first, with excerpts of the first valid records). */
export function caseChanges(
  paired: PairedCases,
  baseline: SuiteResult,
  candidate: SuiteResult,
  table: CaseTable,
): { improved: number; regressed: CaseChange[] } {
  const { ids, at, base, cand } = paired;
  let improved = 0;
  const down: number[] = [];
  for (let j = 0; j < ids.length; j++) {
    const d = (cand[j] as number) - (base[j] as number);
    if (d > 0) improved++;
    else if (d < 0) down.push(j);
  }
  const delta = (j: number): number => (cand[j] as number) - (base[j] as number);
  down.sort((x, y) => delta(x) - delta(y) || (ids.compare(x, y) < 0 ? -1 : 1));
  // Only the regressed cases' records are looked up: a Map per side of every case's first
  // record was most of what this step held. Keyed by case number, found through the
  // table's numbers of each record (no id made a string).
  const wanted = new Uint8Array(table.ids.length);
  for (const j of down) wanted[at[j] as number] = 1;
  const valid = {
    stored: (c: RecordColumns, k: number) => c.hasScores.get(k) === 1,
    held: (r: CaseRecord) => r.scores !== null,
  };
  const unscored = {
    stored: (c: RecordColumns, k: number) => c.status.get(k) !== 0,
    held: (r: CaseRecord) => r.status !== 'scored',
  };
  const baseRecords = firstRecords(baseline.records, table, wanted, valid);
  const candRecords = firstRecords(candidate.records, table, wanted, valid);
  const candFailed = firstRecords(candidate.records, table, wanted, unscored);
  const regressed = down.map((j): CaseChange => {
    const i = at[j] as number;
    const br = baseRecords.get(i);
    const cr = candRecords.get(i);
    const failed = cr === undefined ? candFailed.get(i) : undefined;
    return {
      caseId: ids.get(j),
      baseline: base[j] as number,
      candidate: cand[j] as number,
      delta: delta(j),
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
  return { improved, regressed };
}

function hashesOf(records: readonly CaseRecord[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const r of records) map.set(r.caseId, r.inputHash);
  return map;
}

/**
 * The first record passing the test of each wanted case, by case number: with a stored
 * result's columns (`stored`), only the records kept are read from the file; records held as
 * objects are tested themselves (`held`).
 */
function firstRecords(
  records: readonly CaseRecord[],
  table: CaseTable,
  wanted: Uint8Array,
  { stored, held }: { stored: (columns: RecordColumns, k: number) => boolean; held: (r: CaseRecord) => boolean },
): Map<number, CaseRecord> {
  const map = new Map<number, CaseRecord>();
  const columns = recordColumns(records);
  const numbers = numbersOf(table, records);
  const length = columns ? columns.status.length : records.length;
  for (let k = 0; k < length; k++) {
    const i = caseNumber(table, numbers, columns, records, k);
    if (wanted[i] !== 1 || map.has(i)) continue;
    if (columns ? stored(columns, k) : held(records[k] as CaseRecord)) map.set(i, records[k] as CaseRecord);
  }
  return map;
}

function stringOrNull(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}
