/**
 * Exact-copy metrics (docs/design/spec.md §1.3). Matching is strict unless the suite configures
 * normalizers, which are then part of the instrument's identity: a baseline measured with
 * other normalizers is stale, not comparable.
 */
import type { Normalizer } from './config.ts';

/** The metric names, primary first. */
export const EXACT_COPY_METRICS = [
  { name: 'exact-match', binary: true, higherIsBetter: true },
  { name: 'answer-inclusion', binary: true, higherIsBetter: true },
  { name: 'context-inclusion', binary: true, higherIsBetter: true },
  { name: 'edit-distance', binary: false, higherIsBetter: false },
] as const;

/** Bumped whenever a metric's definition changes, so old baselines read as stale. */
export const EXACT_COPY_SCORING_VERSION = 'exact-copy/1';

/** The scores of one copy attempt. */
export interface CopyScores {
  'exact-match': number;
  'answer-inclusion': number;
  'context-inclusion': number;
  /** Levenshtein distance (code points) divided by the length of `expected`. */
  'edit-distance': number;
}

/** Applies the configured normalizers in a fixed order (fence, NFC, trim). */
export function normalizeText(text: string, normalizers: readonly Normalizer[]): string {
  let out = text;
  if (normalizers.includes('strip-code-fence')) {
    const m = /^\s*(`{3,}|~{3,})[^\n]*\n([\s\S]*?)\n?\1\s*$/.exec(out);
    if (m) out = m[2] as string;
  }
  if (normalizers.includes('nfc')) out = out.normalize('NFC');
  if (normalizers.includes('trim')) out = out.trim();
  return out;
}

/** Scores one output against the expected line and the whole context. */
export function scoreCopy(
  output: string,
  expected: string,
  context: string,
  normalizers: readonly Normalizer[],
): CopyScores {
  const out = normalizeText(output, normalizers);
  const exp = normalizeText(expected, normalizers);
  const ctx = normalizers.includes('nfc') ? context.normalize('NFC') : context;
  const nonEmpty = out.length > 0;
  const expLength = Array.from(exp).length;
  return {
    'exact-match': out === exp ? 1 : 0,
    'answer-inclusion': nonEmpty && exp.includes(out) ? 1 : 0,
    'context-inclusion': nonEmpty && ctx.includes(out) ? 1 : 0,
    'edit-distance': codePointEditDistance(out, exp) / Math.max(1, expLength),
  };
}

/** The most table cells one distance may fill (a few tens of ms); past it the distance is bounded. */
export const EDIT_DISTANCE_MAX_CELLS = 4_000_000;

/**
 * Levenshtein distance over Unicode code points (not UTF-16 units, so an emoji or a rare
 * kanji outside the BMP counts once). Two rows, O(|a|·|b|) time, after removing the common
 * prefix and suffix (which never changes the distance). A model reply is hostile input: a
 * megabyte of it against a long expected line would fill billions of cells, so past
 * EDIT_DISTANCE_MAX_CELLS the longer side is compared by its first part only and every
 * code point after it counts as one edit — an upper bound; when one side is short (a huge
 * reply against an expected line) it is off by at most that side's length, on a reply
 * that is far from a copy either way.
 */
export function codePointEditDistance(a: string, b: string): number {
  let x = Array.from(a);
  let y = Array.from(b);
  let start = 0;
  while (start < x.length && start < y.length && x[start] === y[start]) start++;
  let endX = x.length;
  let endY = y.length;
  while (endX > start && endY > start && x[endX - 1] === y[endY - 1]) {
    endX--;
    endY--;
  }
  x = x.slice(start, endX);
  y = y.slice(start, endY);
  if (x.length === 0) return y.length;
  if (y.length === 0) return x.length;
  if (x.length * y.length > EDIT_DISTANCE_MAX_CELLS) {
    const [long, short] = x.length >= y.length ? [x, y] : [y, x];
    const keep = Math.max(1, Math.min(long.length, Math.floor(EDIT_DISTANCE_MAX_CELLS / short.length)));
    const shortKept = short.slice(0, Math.max(1, Math.floor(EDIT_DISTANCE_MAX_CELLS / keep)));
    return fullDistance(long.slice(0, keep), shortKept) + (long.length - keep) + (short.length - shortKept.length);
  }
  return fullDistance(x, y);
}

function fullDistance(x: readonly string[], y: readonly string[]): number {
  let prev = new Uint32Array(y.length + 1);
  let cur = new Uint32Array(y.length + 1);
  for (let j = 0; j <= y.length; j++) prev[j] = j;
  for (let i = 1; i <= x.length; i++) {
    cur[0] = i;
    const xi = x[i - 1];
    for (let j = 1; j <= y.length; j++) {
      const sub = (prev[j - 1] as number) + (xi === y[j - 1] ? 0 : 1);
      const del = (prev[j] as number) + 1;
      const ins = (cur[j - 1] as number) + 1;
      cur[j] = sub < del ? (sub < ins ? sub : ins) : del < ins ? del : ins;
    }
    [prev, cur] = [cur, prev];
  }
  return prev[y.length] as number;
}
