/**
 * Exact-copy datasets: JSONL (`question`, `context`, `expected`, optional `id`,
 * `cluster`) or the JSON shape `{"items": [{question, context, expected_answer}], "metadata"}`.
 */
import { configError } from '../../errors.ts';
import { hashValue, identityValue } from '../../hash.ts';
import type { CaseCollector } from '../../datasets/collect.ts';
import { decodeUtf8, parseJsonl } from '../../datasets/jsonl.ts';
import { jsonlRows, wholeText } from '../../datasets/stream.ts';
import type { EvalCase } from '../../types.ts';

type Format = 'jsonl' | 'json' | 'csv';
type LabelledRow = { line: number; value: Record<string, unknown>; label: string; index?: number };

function formatOf(file: string, format: Format | undefined): 'jsonl' | 'json' {
  const fmt = format ?? (file.endsWith('.jsonl') ? 'jsonl' : file.endsWith('.json') ? 'json' : undefined);
  if (fmt === 'csv') throw configError({ file }, 'exact-copy datasets are JSONL or JSON, not CSV');
  if (fmt === undefined)
    throw configError({ file }, 'unknown dataset format; name the file .jsonl or .json, or set dataset.format');
  return fmt;
}

/** The rows of the JSON shape `{"items": [...]}`, each with the line its item starts on. */
function jsonItems(text: string, file: string): LabelledRow[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw configError({ file }, `not valid JSON (${(error as Error).message})`);
  }
  const items = (doc as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) throw configError({ file }, 'expected an object with an "items" array');
  return items.map((value: unknown, i) => {
    if (value === null || typeof value !== 'object')
      throw configError({ file, path: `items[${i}]` }, 'each item must be an object');
    const v = value as Record<string, unknown>;
    const line = lineOfItem(text, i);
    return { line, label: `items[${i}]`, index: i, value: { ...v, expected: v['expected'] ?? v['expected_answer'] } };
  });
}

/**
 * Turns rows into cases, one at a time: fields checked, identity hashed, ids unique (unless
 * `unique` is false: a row read back during the run, which is checked against its case).
 */
function exactCopyCaseOf(file: string, unique = true): (row: LabelledRow) => EvalCase {
  // Each id's first row, as a number (a million ids must not each keep a label string).
  const seen = new Map<string, number>();
  const labelOf = (row: number): string => (row < 0 ? `items[${-row - 1}]` : `line ${row}`);
  return ({ line, value, label, index }) => {
    const field = (name: string): string => {
      const v = value[name];
      if (typeof v !== 'string')
        throw configError(
          { file, line },
          `${label}: "${name}" must be a string${v === undefined ? ' and is missing' : ''}`,
        );
      return v;
    };
    const question = typeof value['question'] === 'string' ? (value['question'] as string) : '';
    const context = field('context');
    const expected = field('expected');
    if (expected === '') throw configError({ file, line }, `${label}: "expected" is empty`);
    if (!context.includes(expected))
      throw configError(
        { file, line },
        `${label}: "expected" is not part of "context"; the expected line must be copied from the context`,
      );
    const inputs = { question, context, expected };
    // Identity ignores line endings and a BOM (hash.ts); the case keeps the exact text.
    const inputHash = hashValue(identityValue(inputs));
    const id = value['id'] === undefined ? inputHash.slice(0, 16) : String(value['id']);
    const previous = unique ? seen.get(id) : undefined;
    if (previous !== undefined)
      throw configError(
        { file, line },
        `${label}: id "${id}" is used twice (also ${labelOf(previous)}); ids pair cases with the baseline and must be unique`,
      );
    if (unique) seen.set(id, index === undefined ? line : -index - 1);
    const cluster = value['cluster'] === undefined ? undefined : String(value['cluster']);
    return { id, inputHash, inputs, source: { file, line }, ...(cluster !== undefined ? { cluster } : {}) };
  };
}

/** Parses an exact-copy dataset's bytes into cases; every problem names file and line or item. */
export function parseExactCopyDataset(bytes: Uint8Array, file: string, format?: Format): EvalCase[] {
  const text = decodeUtf8(bytes, file);
  const rows =
    formatOf(file, format) === 'jsonl'
      ? parseJsonl(text, file).map((r) => ({ ...r, label: `line ${r.line}` }))
      : jsonItems(text, file);
  if (rows.length === 0) throw configError({ file }, 'the dataset has no cases');
  return rows.map(exactCopyCaseOf(file));
}

/**
 * Reads an exact-copy dataset as a stream into `into` (JSONL row by row; the JSON shape is
 * one document, read whole), with the same checks and messages as parseExactCopyDataset.
 */
export async function readExactCopyDataset(
  chunks: AsyncIterable<Uint8Array>,
  file: string,
  format: Format | undefined,
  into: CaseCollector,
): Promise<void> {
  const caseOf = exactCopyCaseOf(file);
  if (formatOf(file, format) === 'jsonl') {
    // A run may read the rows back while it calls rather than keep their text (datasets/collect.ts).
    const again = exactCopyCaseOf(file, false);
    into.rebuildWith((row) => again({ ...row, label: `line ${row.line}` }));
    for await (const row of jsonlRows(chunks, file)) into.add(caseOf({ ...row, label: `line ${row.line}` }), row.place);
  } else {
    for (const row of jsonItems(await wholeText(chunks, file), file)) into.add(caseOf(row));
  }
  if (into.count === 0) throw configError({ file }, 'the dataset has no cases');
}

/** The line where the i-th item of a pretty-printed JSON array starts, best effort. */
function lineOfItem(text: string, index: number): number {
  const start = text.indexOf('"items"');
  if (start < 0) return 1;
  let depth = 0;
  let count = -1;
  let inString = false;
  for (let i = text.indexOf('[', start) + 1; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') {
      if (depth === 0 && ch === '{') {
        count++;
        if (count === index) return text.slice(0, i).split('\n').length;
      }
      depth++;
    } else if (ch === '}' || ch === ']') {
      if (depth === 0) break;
      depth--;
    }
  }
  return 1;
}
