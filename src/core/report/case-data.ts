/**
 * The cases of a suite as report.html carries them: every case of the candidate and the
 * baseline, with its scores on the primary metric, what happened to it (regressed,
 * improved, unchanged, new, removed, edited, not compared), whether it failed a pass/fail
 * check, its errors, its question, expected answer, both replies, and what its kind adds
 * (judge reasons, assertions, code and tests). Texts go into one table shared by the page
 * and are stored once however often they occur (a reply equal to the expected answer, an
 * unchanged reply on both sides), and each is cut to a size a reader can take in — the
 * result files keep them whole.
 *
 * Errors are described in one place (`describeError`), with their cause (core/error-cause.ts),
 * and grouped by what it returns.
 */
import { alignBaselineIds, type SuiteComparison } from '../compare/index.ts';
import { findKind } from '../kinds/index.ts';
import type { CaseSection } from '../kinds/kind.ts';
import { caseMeans } from '../results.ts';
import type { CaseRecord, SuiteResult } from '../types.ts';
import { causeOf, type ErrorCause } from '../error-cause.ts';
import type { ReportLanguage } from './languages.ts';
import { pageText } from './html-page.ts';

/** Longest texts kept, in code points: replies, questions, expected answers, a kind's sections. */
export const TEXT_LIMITS = { reply: 4000, question: 1500, expected: 2000, section: 3000, label: 200, error: 600 };
/** Sections kept per record (a round trip of many cycles has many). */
const SECTIONS_PER_RECORD = 24;

/** What happened to a case between the baseline and the candidate. */
export type CaseStatus = 'regressed' | 'improved' | 'same' | 'added' | 'removed' | 'edited' | 'unpaired';

/** One errored record as the report describes it. */
export interface ErrorFacts {
  /** Whose doing it was (core/error-cause.ts): the candidate's (a failure of the case) or the infrastructure's. */
  cause: ErrorCause;
  /** The reason code within the cause. */
  reason: string;
  /** The error's kind as the client reported it (http, timeout, sandbox …). */
  kind: string;
  httpStatus: number | null;
  message: string;
}

/** What the report says about an errored record, or null when the record did not error. */
export function describeError(record: CaseRecord): ErrorFacts | null {
  if (record.status !== 'error') return null;
  const classified = record.error ? causeOf(record.error) : { cause: 'candidate' as const, reason: 'reply-unusable' };
  return {
    cause: classified.cause,
    reason: classified.reason,
    kind: record.error?.kind ?? 'unknown',
    httpStatus: record.error?.httpStatus ?? null,
    message: record.error?.message ?? '',
  };
}

/** Errored records that share a kind and status, with how many and which cases. */
export interface ErrorGroup extends Omit<ErrorFacts, 'message'> {
  records: number;
  caseIds: string[];
  /** The first record's message. */
  message: string;
}

/** A suite's errored records grouped by cause, reason, kind and HTTP status: the candidate's first, then most frequent. */
export function groupErrors(records: readonly CaseRecord[]): ErrorGroup[] {
  const groups = new Map<string, ErrorGroup>();
  for (const r of records) {
    const e = describeError(r);
    if (!e) continue;
    const key = `${e.cause}\u0000${e.reason}\u0000${e.kind}\u0000${e.httpStatus ?? ''}`;
    const g = groups.get(key) ?? {
      cause: e.cause,
      reason: e.reason,
      kind: e.kind,
      httpStatus: e.httpStatus,
      records: 0,
      caseIds: [],
      message: e.message,
    };
    g.records++;
    if (!g.caseIds.includes(r.caseId)) g.caseIds.push(r.caseId);
    groups.set(key, g);
  }
  // The candidate's first: those are failures of their cases; the infrastructure's are excluded.
  return [...groups.values()].sort(
    (a, b) =>
      (a.cause === b.cause ? 0 : a.cause === 'candidate' ? -1 : 1) ||
      b.records - a.records ||
      (a.kind < b.kind ? -1 : 1),
  );
}

/** A text table: every distinct text once, referred to by index. */
export class TextTable {
  readonly texts: string[] = [];
  private readonly index = new Map<string, number>();
  /** The index of a text (cut to `max` code points), or -1 for none. */
  add(text: unknown, max: number): number {
    if (typeof text !== 'string') return -1;
    const cut = pageText(text, max);
    let i = this.index.get(cut);
    if (i === undefined) {
      i = this.texts.length;
      this.texts.push(cut);
      this.index.set(cut, i);
    }
    return i;
  }
}

/**
 * One case on the page; short keys, since a page may carry ten thousand. `b`/`c`: the
 * case means of the primary metric (null when none); `f`: failed a pass/fail check;
 * `n`: the candidate's records; texts are indexes into the table (-1: none); `x`: errors as
 * [repeat, kind, HTTP status or null, message]; `kb`/`kc`: the kind's sections of each side
 * as [label, text, flags] (flags: 1 code, 2 passed, 4 failed).
 */
export interface PageCase {
  id: string;
  s: CaseStatus;
  b: number | null;
  c: number | null;
  f?: 1;
  n: number;
  q: number;
  e: number;
  rb: number;
  rc: number;
  x?: [number, string, number | null, number][];
  kb?: [number, number, number][];
  kc?: [number, number, number][];
}

/** A suite's cases on the page. */
export interface PageSuite {
  name: string;
  metric: string;
  /** Whether the suite has a pass/fail metric (the "failed" filter applies). */
  passFail: boolean;
  cases: PageCase[];
}

/** The cases of one compared suite for report.html, texts added to `table`. */
export function pageSuite(
  comparison: SuiteComparison,
  result: SuiteResult | undefined,
  original: SuiteResult | null,
  table: TextTable,
  language: ReportLanguage,
): PageSuite {
  const metric = comparison.metric;
  const empty: PageSuite = { name: comparison.name, metric, passFail: false, cases: [] };
  if (!result) return empty;
  const baseline = original === null ? null : alignBaselineIds(original, result);
  const netWin = metric === 'net-win';
  const cand = caseMeans(result.records, metric);
  const base = baseline ? caseMeans(baseline.records, metric) : new Map<string, number>();
  const passFailMetrics = result.instrument.metrics.filter((m) => m.binary);
  const failedIn = (id: string, means: Map<string, Map<string, number>>): boolean =>
    passFailMetrics.some((m) => {
      const v = means.get(m.name)?.get(id);
      return v !== undefined && (m.higherIsBetter ? v < 1 : v > 0);
    });
  const passFailMeans = new Map(passFailMetrics.map((m) => [m.name, caseMeans(result.records, m.name)]));
  const p = comparison.pairing;
  const marks = new Map<string, CaseStatus>();
  for (const id of p?.added ?? []) marks.set(id, 'added');
  for (const id of p?.removed ?? []) marks.set(id, 'removed');
  for (const id of p?.edited ?? []) marks.set(id, 'edited');
  for (const id of p?.withoutValidSample ?? []) marks.set(id, 'unpaired');
  const regressed = new Set(comparison.regressedCases.map((r) => r.caseId));
  const byCase = (records: readonly CaseRecord[]): Map<string, CaseRecord[]> => {
    const map = new Map<string, CaseRecord[]>();
    for (const r of records) map.set(r.caseId, [...(map.get(r.caseId) ?? []), r]);
    return map;
  };
  const candRecords = byCase(result.records);
  const baseRecords = baseline ? byCase(baseline.records) : new Map<string, CaseRecord[]>();
  const ids = [...new Set([...candRecords.keys(), ...baseRecords.keys()])].sort();
  const kind = findKind(result.suite.kind);
  const sections = (record: CaseRecord | undefined): [number, number, number][] | undefined => {
    if (!record || !kind?.report?.caseSections) return undefined;
    const list: CaseSection[] = kind.report.caseSections(record, { language }).slice(0, SECTIONS_PER_RECORD);
    if (list.length === 0) return undefined;
    return list.map((s) => [
      table.add(String(s.label ?? ''), TEXT_LIMITS.label),
      table.add(String(s.text ?? ''), TEXT_LIMITS.section),
      (s.code ? 1 : 0) | (s.outcome === 'pass' ? 2 : 0) | (s.outcome === 'fail' ? 4 : 0),
    ]);
  };
  const compared = p !== null && comparison.bootstrap !== null;
  const cases = ids.map((id): PageCase => {
    const cr = candRecords.get(id) ?? [];
    const br = baseRecords.get(id) ?? [];
    const c0 = firstShown(cr);
    const b0 = firstShown(br);
    const b = netWin && baseline ? (br.length > 0 ? 0 : null) : (base.get(id) ?? null);
    const c = cand.get(id) ?? null;
    let s: CaseStatus = marks.get(id) ?? (cr.length === 0 ? 'removed' : 'unpaired');
    if (!marks.has(id) && compared && b !== null && c !== null)
      s = regressed.has(id) ? 'regressed' : c > b ? 'improved' : c < b ? 'regressed' : 'same';
    const errors = cr.flatMap((r): [number, string, number | null, number][] => {
      const e = describeError(r);
      return e ? [[r.repeat, e.kind, e.httpStatus, table.add(e.message, TEXT_LIMITS.error)]] : [];
    });
    const detail = c0?.detail ?? b0?.detail ?? {};
    const kb = sections(b0);
    const kc = sections(c0);
    return {
      id,
      s,
      b: round(b),
      c: round(c),
      ...(failedIn(id, passFailMeans) ? { f: 1 as const } : {}),
      n: cr.length,
      q: table.add(detail['question'], TEXT_LIMITS.question),
      e: table.add(detail['expected'], TEXT_LIMITS.expected),
      rb: table.add(b0?.reply?.text, TEXT_LIMITS.reply),
      rc: table.add(c0?.reply?.text, TEXT_LIMITS.reply),
      ...(errors.length > 0 ? { x: errors } : {}),
      ...(kb ? { kb } : {}),
      ...(kc ? { kc } : {}),
    };
  });
  return { name: comparison.name, metric, passFail: passFailMetrics.length > 0, cases };
}

/** The record a case is shown by: its first scored repeat, else its first. */
function firstShown(records: readonly CaseRecord[]): CaseRecord | undefined {
  return records.find((r) => r.scores !== null) ?? records[0];
}

function round(v: number | null): number | null {
  return v === null || !Number.isFinite(v) ? null : Math.round(v * 1e4) / 1e4;
}
