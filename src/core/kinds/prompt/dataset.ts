/**
 * Prompt-suite datasets: JSONL, a JSON array of objects, or CSV with a header. Every column
 * is a template variable; an `id` column, when present, names the cases (else a hash of
 * the row does, so reordering rows changes nothing). All rows must have the same columns.
 */
import { parseCsv } from '../../datasets/csv.ts';
import type { CaseCollector } from '../../datasets/collect.ts';
import { decodeUtf8, parseJsonl } from '../../datasets/jsonl.ts';
import { csvRecordReader, csvRows, jsonArrayRows, jsonlRows, type CsvHeader } from '../../datasets/stream.ts';
import { configError } from '../../errors.ts';
import { hashValue, identityValue } from '../../hash.ts';
import type { EvalCase } from '../../types.ts';

const COLUMN = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** A parsed dataset: its cases and its columns (the variables templates may use). */
export interface PromptDataset {
  cases: EvalCase[];
  columns: string[];
}

type Format = 'jsonl' | 'json' | 'csv';
type Row = { line: number; value: Record<string, unknown>; place?: { offset: number; bytes: number } };

function formatOf(file: string, format: Format | undefined): Format {
  const fmt =
    format ??
    (file.endsWith('.jsonl') ? 'jsonl' : file.endsWith('.json') ? 'json' : file.endsWith('.csv') ? 'csv' : undefined);
  if (fmt === undefined)
    throw configError({ file }, 'unknown dataset format; name the file .jsonl, .json or .csv, or set dataset.format');
  return fmt;
}

/**
 * Turns rows into cases, one at a time: the first row fixes the columns (the variables
 * templates may use), every other row must have the same ones.
 */
function promptCaseOf(
  file: string,
  fixed?: { columns: string[]; firstLine: number },
): { caseOf: (row: Row) => EvalCase; columns: () => string[]; firstLine: () => number } {
  // A row read back during the run (`fixed`: the columns of the load) is checked against its case, not for ids.
  let columns: string[] | null = fixed?.columns ?? null;
  let firstLine = fixed?.firstLine ?? 0;
  const seen = new Map<string, number>();
  const unique = fixed === undefined;
  const caseOf = ({ line, value }: Row): EvalCase => {
    if (columns === null) {
      columns = Object.keys(value);
      firstLine = line;
      for (const column of columns) {
        // An object key that sets the prototype instead of holding a value: the case would lose it.
        if (column === '__proto__')
          throw configError({ file, line }, 'column "__proto__" cannot be a template variable; rename the column');
        if (!COLUMN.test(column))
          throw configError(
            { file, line },
            `column "${column}" cannot be a template variable; name columns with letters, digits, "_" and "-", starting with a letter or "_"`,
          );
      }
    }
    const cols = columns;
    const extra = Object.keys(value).filter((k) => !cols.includes(k));
    if (extra.length > 0)
      throw configError(
        { file, line },
        `column "${extra[0]}" is not in the first row (line ${firstLine}); every row needs the same columns`,
      );
    const inputs: Record<string, string> = {};
    for (const column of cols) {
      const v = value[column];
      if (v === undefined || v === null)
        throw configError(
          { file, line },
          `"${column}" is missing; every row needs the columns of the first row (line ${firstLine})`,
        );
      inputs[column] = typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
    }
    // Identity ignores line endings and a BOM (hash.ts): a CRLF copy pairs with its LF baseline.
    const inputHash = hashValue(identityValue(inputs));
    const id = inputs['id'] !== undefined && inputs['id'] !== '' ? inputs['id'] : inputHash.slice(0, 16);
    const previous = unique ? seen.get(id) : undefined;
    if (previous !== undefined)
      throw configError(
        { file, line },
        `case id "${id}" is used twice (also line ${previous}); ids pair cases with the baseline and must be unique${inputs['id'] === undefined ? ' (two identical rows: add an id column)' : ''}`,
      );
    if (unique) seen.set(id, line);
    return { id, inputHash, inputs, source: { file, line } };
  };
  return { caseOf, columns: () => columns ?? [], firstLine: () => firstLine };
}

/** Parses a prompt dataset's bytes; every problem names the file and line. */
export function parsePromptDataset(bytes: Uint8Array, file: string, format: Format | undefined): PromptDataset {
  const text = decodeUtf8(bytes, file);
  const fmt = formatOf(file, format);
  const rows: Row[] =
    fmt === 'csv' ? parseCsv(text, file).rows : fmt === 'jsonl' ? parseJsonl(text, file) : jsonRows(text, file);
  if (rows.length === 0) throw configError({ file }, 'the dataset has no cases');
  const reader = promptCaseOf(file);
  const cases = rows.map(reader.caseOf);
  return { cases, columns: reader.columns() };
}

/**
 * Reads a prompt dataset as a stream into `into` (JSONL by line, CSV by batches of
 * records, a JSON array object by object) with parsePromptDataset's checks; returns the columns.
 */
export async function readPromptDataset(
  chunks: AsyncIterable<Uint8Array>,
  file: string,
  format: Format | undefined,
  into: CaseCollector,
): Promise<string[]> {
  const fmt = formatOf(file, format);
  const reader = promptCaseOf(file);
  let header: CsvHeader | null = null;
  const rows: AsyncIterable<Row> =
    fmt === 'csv'
      ? csvRows(chunks, file, (_, whole) => (header = whole))
      : fmt === 'jsonl'
        ? jsonlRows(chunks, file)
        : jsonArrayRows(chunks, file);
  // A row can be read back while the run calls (datasets/collect.ts), checked with the load's columns.
  let again: ((row: Row) => EvalCase) | null = null;
  let decodeCsv: ((text: string) => Record<string, unknown>) | null = null;
  into.rebuildWith(
    (row) => {
      again ??= promptCaseOf(file, { columns: reader.columns(), firstLine: reader.firstLine() }).caseOf;
      return again(row);
    },
    fmt === 'csv'
      ? (text) => {
          if (header === null) throw new Error('the CSV header was not read');
          decodeCsv ??= csvRecordReader(header, file);
          return decodeCsv(text);
        }
      : undefined,
  );
  for await (const row of rows) into.add(reader.caseOf(row), row.place);
  if (into.count === 0) throw configError({ file }, 'the dataset has no cases');
  return reader.columns();
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
