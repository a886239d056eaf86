/**
 * The cases of a suite as report.html carries them: every case of the candidate and the
 * baseline, with its scores on the primary metric, what happened to it (regressed,
 * improved, unchanged, new, removed, edited, not compared), whether it failed a pass/fail
 * check, its errors, its question, expected answer, both replies, and what its kind adds
 * (judge reasons, assertions, code and tests). Texts go into one table shared by the page
 * and are written once however often they occur (a reply equal to the expected answer, an
 * unchanged reply on both sides), and each is cut to a size a reader can take in — the
 * result files keep them whole.
 *
 * Errors are described in one place (`describeError`), with their cause (core/error-cause.ts),
 * and grouped by what it returns.
 */
import { alignBaselineIds, type SuiteComparison } from '../compare/index.ts';
import { caseTable, recordsByCase } from '../compare/pairing.ts';
import { findKind } from '../kinds/index.ts';
import type { CaseSection } from '../kinds/kind.ts';
import { erroredRecords } from '../stored-records.ts';
import type { CaseRecord, SuiteResult } from '../types.ts';
import { causeOf, type ErrorCause } from '../error-cause.ts';
import type { ReportLanguage } from './languages.ts';
import { pageText } from './html-page.ts';
import { sha256 } from '@noble/hashes/sha2.js';

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
  for (const r of erroredRecords(records)) {
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

/** What numbers the texts of the page: the index of a text (cut to `max` code points), or -1 for none. */
export interface TextNumbering {
  add(text: unknown, max: number): number;
}

/** Bytes of a text's key: the first 128 bits of its SHA-256. */
const KEY_BYTES = 16;
/** Keys per block of TextTable's keys (64 KB a block). */
const KEY_BLOCK_SHIFT = 12;
const KEYS_PER_BLOCK = 1 << KEY_BLOCK_SHIFT;
/** Texts remembered as text, to skip the digest of a repeat within a case. */
const RECENT_TEXTS = 4;

/**
 * The page's text table: every distinct text numbered once, in the order first added, and
 * given to the caller once (`takeNew`) to be written; the table keeps no text. A text is
 * known again by a key: the first 128 bits of the SHA-256 of its UTF-16 code units (which
 * tell every string apart, lone surrogates included; its UTF-8 would not), in an
 * open-addressing table over typed arrays (as `IdIndex` in packed.ts): 16 bytes and a slot
 * per text where a Map held the text itself (15 M characters at 100,000 cases).
 *
 * Why 128 bits is enough: the texts are hostile (model output, a pull request's dataset),
 * so the hash must be one nobody can steer — a non-cryptographic hash could be made to give
 * a reply another text's key, and the page would show that text in its place. With
 * SHA-256, two different texts share a 128-bit key by chance with probability about
 * n²/2¹²⁹ (below 10⁻²⁷ for a million texts), and on purpose only by a birthday search of
 * about 2⁶⁴ SHA-256 evaluations over texts the searcher chooses both of (no shortcut is
 * known for SHA-256 cut short); a model's reply cannot be ground that way at all. Even then
 * the page would show one of those two texts for the other; the result files keep every
 * text whole.
 */
export class TextTable implements TextNumbering {
  private count = 0;
  /** Number + 1 in each slot (0: empty); at most half the slots used. */
  private slots = new Uint32Array(2048);
  private mask = 2047;
  /**
   * Each text's key, by number, in blocks of KEYS_PER_BLOCK keys: never copied as the table
   * grows (a doubled array left its old copy, half its size, for a collection to free:
   * 4 MB and 2 MB at the 200,000 texts of 100,000 cases).
   */
  private keys: Uint8Array[] = [];
  /** A text's UTF-16 code units as bytes, reused. */
  private units = new Uint8Array(8192);
  private fresh: string[] = [];
  /**
   * The last few texts added and their numbers, compared as text before any hashing: a
   * case's texts often repeat each other (a reply equal to the expected answer, the same
   * reply on both sides), and an equal string needs no digest.
   */
  private recent: string[] = [];
  private recentAt: number[] = [];
  private recentNext = 0;

  /** How many distinct texts are numbered. */
  get size(): number {
    return this.count;
  }

  add(text: unknown, max: number): number {
    if (typeof text !== 'string') return -1;
    const cut = pageText(text, max);
    for (let r = 0; r < this.recent.length; r++) if (this.recent[r] === cut) return this.recentAt[r] as number;
    const at = this.number(cut);
    this.recent[this.recentNext] = cut;
    this.recentAt[this.recentNext] = at;
    this.recentNext = (this.recentNext + 1) % RECENT_TEXTS;
    return at;
  }

  /** The number of a text, numbering it next (and keeping it to be written) when it is new. */
  private number(cut: string): number {
    const key = this.keyOf(cut);
    const h = (key[0] as number) | ((key[1] as number) << 8) | ((key[2] as number) << 16) | ((key[3] as number) << 24);
    let s = h & this.mask;
    for (; ; s = (s + 1) & this.mask) {
      const slot = this.slots[s] as number;
      if (slot === 0) break;
      if (this.sameKey(slot - 1, key)) return slot - 1;
    }
    const at = this.count++;
    if ((at & (KEYS_PER_BLOCK - 1)) === 0) this.keys.push(new Uint8Array(KEYS_PER_BLOCK * KEY_BYTES));
    (this.keys[at >> KEY_BLOCK_SHIFT] as Uint8Array).set(key, (at & (KEYS_PER_BLOCK - 1)) * KEY_BYTES);
    if (2 * this.count > this.slots.length) this.regrow();
    else this.slots[s] = at + 1;
    this.fresh.push(cut);
    return at;
  }

  /** The texts numbered since the last call, in the order of their numbers; the table forgets them. */
  takeNew(): string[] {
    const out = this.fresh;
    this.fresh = [];
    return out;
  }

  private keyOf(text: string): Uint8Array {
    const n = 2 * text.length;
    if (n > this.units.length) this.units = new Uint8Array(Math.max(n, 2 * this.units.length));
    const u = this.units;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      u[2 * i] = c & 0xff;
      u[2 * i + 1] = c >>> 8;
    }
    return sha256(u.subarray(0, n)).subarray(0, KEY_BYTES);
  }

  private sameKey(at: number, key: Uint8Array): boolean {
    const keys = this.keys[at >> KEY_BLOCK_SHIFT] as Uint8Array;
    const base = (at & (KEYS_PER_BLOCK - 1)) * KEY_BYTES;
    for (let k = 0; k < KEY_BYTES; k++) if (keys[base + k] !== key[k]) return false;
    return true;
  }

  /** Doubles the slots and places every number again. */
  private regrow(): void {
    this.slots = new Uint32Array(this.slots.length * 2);
    this.mask = this.slots.length - 1;
    for (let at = 0; at < this.count; at++) {
      const b = (at & (KEYS_PER_BLOCK - 1)) * KEY_BYTES;
      const k = this.keys[at >> KEY_BLOCK_SHIFT] as Uint8Array;
      const h =
        (k[b] as number) | ((k[b + 1] as number) << 8) | ((k[b + 2] as number) << 16) | ((k[b + 3] as number) << 24);
      let s = h & this.mask;
      while (this.slots[s] !== 0) s = (s + 1) & this.mask;
      this.slots[s] = at + 1;
    }
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
  table: TextNumbering,
  language: ReportLanguage,
): PageSuite {
  const cases: PageCase[] = [];
  const made = pageCases(comparison, result, original, table, language);
  for (let r = made.next(); ; r = made.next()) {
    if (r.done) return { ...r.value, cases };
    cases.push(r.value);
  }
}

/**
 * What `pageSuite` makes, one case at a time: each case is yielded as it is made, in the
 * page's order, its texts just added to the table, so a caller that writes it (report.html)
 * holds no object per case and can write each new text before the next case is made.
 * Returns the suite without its cases.
 */
export function* pageCases(
  comparison: SuiteComparison,
  result: SuiteResult | undefined,
  original: SuiteResult | null,
  table: TextNumbering,
  language: ReportLanguage,
): Generator<PageCase, Omit<PageSuite, 'cases'>> {
  const metric = comparison.metric;
  const empty = { name: comparison.name, metric, passFail: false };
  if (!result) return empty;
  const baseline = original === null ? null : alignBaselineIds(original, result);
  const netWin = metric === 'net-win';
  // Each case numbered once (the comparison's CaseTable): means of each metric and the
  // records of each case are columns by number, not a Map (of arrays) per case.
  const numbered = caseTable(baseline ?? ({ records: [] as CaseRecord[] } as SuiteResult), result);
  const passFailMetrics = result.instrument.metrics.filter((m) => m.binary);
  const p = comparison.pairing;
  // 0: unmarked; else 1 + the index in MARKS (a later list wins, as a Map's set would).
  const marks = new Uint8Array(numbered.ids.length);
  const MARKS: CaseStatus[] = ['added', 'removed', 'edited', 'unpaired'];
  [p?.added, p?.removed, p?.edited, p?.withoutValidSample].forEach((list, k) => {
    for (const id of list ?? []) {
      const at = numbered.index.get(id);
      if (at !== undefined) marks[at] = k + 1;
    }
  });
  const regressed = new Set(comparison.regressedCases.map((r) => r.caseId));
  const candRecords = recordsByCase(result.records, numbered);
  const baseRecords = baseline ? recordsByCase(baseline.records, numbered) : null;
  const sorted = Uint32Array.from({ length: numbered.ids.length }, (_, i) => i).sort((x, y) =>
    numbered.ids.compare(x, y),
  );
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
  for (const i of sorted) {
    const id = numbered.ids.get(i);
    const cr = candRecords.of(i);
    const br = baseRecords?.of(i) ?? [];
    const c0 = firstShown(cr);
    const b0 = firstShown(br);
    // Each side's case means are taken as the case is made (the same sums as sideMeans'),
    // not held for every case while the page is written.
    const b = netWin && baseline ? (br.length > 0 ? 0 : null) : baseRecords ? baseRecords.mean(i, metric) : null;
    const c = candRecords.mean(i, metric);
    // Failed a pass/fail check: a mean below 1 (above 0 where lower is better) on any of them.
    let failed = false;
    for (const m of passFailMetrics) {
      const v = m.name === metric ? c : candRecords.mean(i, m.name);
      if (v !== null && (m.higherIsBetter ? v < 1 : v > 0)) {
        failed = true;
        break;
      }
    }
    const mark = marks[i] as number;
    let s: CaseStatus = mark > 0 ? (MARKS[mark - 1] as CaseStatus) : cr.length === 0 ? 'removed' : 'unpaired';
    if (mark === 0 && compared && b !== null && c !== null)
      s = regressed.has(id) ? 'regressed' : c > b ? 'improved' : c < b ? 'regressed' : 'same';
    const errors = cr.flatMap((r): [number, string, number | null, number][] => {
      const e = describeError(r);
      return e ? [[r.repeat, e.kind, e.httpStatus, table.add(e.message, TEXT_LIMITS.error)]] : [];
    });
    const detail = c0?.detail ?? b0?.detail ?? {};
    const kb = sections(b0);
    const kc = sections(c0);
    yield {
      id,
      s,
      b: round(b),
      c: round(c),
      ...(failed ? { f: 1 as const } : {}),
      n: cr.length,
      q: table.add(detail['question'], TEXT_LIMITS.question),
      e: table.add(detail['expected'], TEXT_LIMITS.expected),
      rb: table.add(b0?.reply?.text, TEXT_LIMITS.reply),
      rc: table.add(c0?.reply?.text, TEXT_LIMITS.reply),
      ...(errors.length > 0 ? { x: errors } : {}),
      ...(kb ? { kb } : {}),
      ...(kc ? { kc } : {}),
    };
  }
  return { name: comparison.name, metric, passFail: passFailMetrics.length > 0 };
}

/** The record a case is shown by: its first scored repeat, else its first. */
function firstShown(records: readonly CaseRecord[]): CaseRecord | undefined {
  return records.find((r) => r.scores !== null) ?? records[0];
}

function round(v: number | null): number | null {
  return v === null || !Number.isFinite(v) ? null : Math.round(v * 1e4) / 1e4;
}
