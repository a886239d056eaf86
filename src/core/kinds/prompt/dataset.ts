/**
 * Prompt-suite datasets: JSONL, a JSON array of objects, or CSV with a header. Every column
 * is a template variable; an `id` column, when present, names the cases (else a hash of
 * the row does, so reordering rows changes nothing). All rows must have the same columns.
 */
import { parseCsv } from '../../datasets/csv.ts';
import { decodeUtf8, parseJsonl } from '../../datasets/jsonl.ts';
import { configError } from '../../errors.ts';
import { hashValue, identityValue } from '../../hash.ts';
import type { EvalCase } from '../../types.ts';

const COLUMN = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** A parsed dataset: its cases and its columns (the variables templates may use). */
export interface PromptDataset {
  cases: EvalCase[];
  columns: string[];
}

/** Parses a prompt dataset's bytes; every problem names the file and line. */
export function parsePromptDataset(
  bytes: Uint8Array,
  file: string,
  format: 'jsonl' | 'json' | 'csv' | undefined,
): PromptDataset {
  const text = decodeUtf8(bytes, file);
  const fmt =
    format ??
    (file.endsWith('.jsonl') ? 'jsonl' : file.endsWith('.json') ? 'json' : file.endsWith('.csv') ? 'csv' : undefined);
  let rows: { line: number; value: Record<string, unknown> }[];
  if (fmt === 'csv') rows = parseCsv(text, file).rows;
  else if (fmt === 'jsonl') rows = parseJsonl(text, file);
  else if (fmt === 'json') rows = jsonRows(text, file);
  else
    throw configError({ file }, 'unknown dataset format; name the file .jsonl, .json or .csv, or set dataset.format');
  const first = rows[0];
  if (first === undefined) throw configError({ file }, 'the dataset has no cases');
  const columns = Object.keys(first.value);
  for (const column of columns) {
    // An object key that sets the prototype instead of holding a value: the case would lose it.
    if (column === '__proto__')
      throw configError(
        { file, line: first.line },
        'column "__proto__" cannot be a template variable; rename the column',
      );
    if (!COLUMN.test(column))
      throw configError(
        { file, line: first.line },
        `column "${column}" cannot be a template variable; name columns with letters, digits, "_" and "-", starting with a letter or "_"`,
      );
  }
  const seen = new Map<string, number>();
  const cases = rows.map(({ line, value }) => {
    const extra = Object.keys(value).filter((k) => !columns.includes(k));
    if (extra.length > 0)
      throw configError(
        { file, line },
        `column "${extra[0]}" is not in the first row (line ${first.line}); every row needs the same columns`,
      );
    const inputs: Record<string, string> = {};
    for (const column of columns) {
      const v = value[column];
      if (v === undefined || v === null)
        throw configError(
          { file, line },
          `"${column}" is missing; every row needs the columns of the first row (line ${first.line})`,
        );
      inputs[column] = typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
    }
    // Identity ignores line endings and a BOM (hash.ts): a CRLF copy pairs with its LF baseline.
    const inputHash = hashValue(identityValue(inputs));
    const id = inputs['id'] !== undefined && inputs['id'] !== '' ? inputs['id'] : inputHash.slice(0, 16);
    const previous = seen.get(id);
    if (previous !== undefined)
      throw configError(
        { file, line },
        `case id "${id}" is used twice (also line ${previous}); ids pair cases with the baseline and must be unique${inputs['id'] === undefined ? ' (two identical rows: add an id column)' : ''}`,
      );
    seen.set(id, line);
    return { id, inputHash, inputs, source: { file, line } };
  });
  return { cases, columns };
}

/** A JSON array of objects, each with the line it starts on. */
function jsonRows(text: string, file: string): { line: number; value: Record<string, unknown> }[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw configError({ file }, `not valid JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(doc)) throw configError({ file }, 'expected a JSON array of objects, one per case');
  const lines = objectStartLines(text);
  return doc.map((value: unknown, i) => {
    const line = lines[i] ?? 1;
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      throw configError({ file, line }, `item ${i} must be an object (one case, its columns as keys)`);
    return { line, value: value as Record<string, unknown> };
  });
}

/** The line on which each top-level object of a JSON array starts. */
function objectStartLines(text: string): number[] {
  const out: number[] = [];
  let depth = 0;
  let line = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n') line++;
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') {
      if (depth === 1 && ch === '{') out.push(line);
      depth++;
    } else if (ch === '}' || ch === ']') depth--;
  }
  return out;
}
