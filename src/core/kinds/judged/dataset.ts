/**
 * Judged datasets: CSV (ELYZA-tasks-100 style) or JSONL, with a column mapping onto
 * input / reference / criteria / id / category. The `elyza` preset maps the
 * ELYZA-tasks-100 header `input,output,eval_aspect`.
 */
import { parseCsv } from '../../datasets/csv.ts';
import type { CaseCollector } from '../../datasets/collect.ts';
import { decodeUtf8, parseJsonl } from '../../datasets/jsonl.ts';
import { csvRecordReader, csvRows, jsonlRows, type CsvHeader } from '../../datasets/stream.ts';
import { configError } from '../../errors.ts';
import { hashValue, identityText, identityValue } from '../../hash.ts';
import type { EvalCase } from '../../types.ts';

/** Which source column feeds each field. */
export interface ColumnMap {
  input: string;
  reference: string;
  criteria: string;
  id?: string;
  category?: string;
}

/** The column names used when the config maps none. */
export const DEFAULT_COLUMNS: ColumnMap = {
  input: 'input',
  reference: 'reference',
  criteria: 'criteria',
  id: 'id',
  category: 'category',
};
/** The ELYZA-tasks-100 CSV header. */
export const ELYZA_COLUMNS: ColumnMap = { input: 'input', reference: 'output', criteria: 'eval_aspect' };

/** Resolves the config's `columns` (a preset name or a partial map). */
export function resolveColumns(columns: 'elyza' | Record<string, string> | undefined): ColumnMap {
  if (columns === 'elyza') return ELYZA_COLUMNS;
  return { ...DEFAULT_COLUMNS, ...(columns ?? {}) } as ColumnMap;
}

type Format = 'jsonl' | 'json' | 'csv';

function formatOf(file: string, format: Format | undefined): 'jsonl' | 'csv' {
  const fmt = format ?? (file.endsWith('.csv') ? 'csv' : file.endsWith('.jsonl') ? 'jsonl' : undefined);
  if (fmt === 'csv' || fmt === 'jsonl') return fmt;
  throw configError({ file }, 'judged datasets are CSV or JSONL; name the file .csv or .jsonl, or set dataset.format');
}

/** The header must name the mapped columns. */
function checkHeader(header: readonly string[], file: string, columns: ColumnMap): void {
  for (const key of ['input', 'reference', 'criteria'] as const) {
    if (!header.includes(columns[key])) {
      throw configError(
        { file, line: 1 },
        `the header has no column "${columns[key]}" for ${key} (header: ${header.join(', ')}); map it with dataset.columns${columns === ELYZA_COLUMNS ? '' : ', or use columns: elyza for the ELYZA-tasks-100 CSV'}`,
      );
    }
  }
}

/**
 * Turns rows into cases, one at a time, in file order (the ELYZA ids count rows); ids
 * unique unless `unique` is false (a row read back during the run, checked against its case).
 */
function judgedCaseOf(
  file: string,
  columns: ColumnMap,
  unique = true,
): (row: { line: number; value: Record<string, unknown> }) => EvalCase {
  const seen = new Map<string, number>();
  let index = -1;
  return ({ line, value }) => {
    index++;
    const get = (key: keyof ColumnMap, required: boolean): string | undefined => {
      const column = columns[key];
      const v = column === undefined ? undefined : value[column];
      if (v === undefined || v === null || v === '') {
        if (required) throw configError({ file, line }, `"${column}" (${key}) is missing or empty`);
        return undefined;
      }
      if (typeof v !== 'string' && typeof v !== 'number')
        throw configError({ file, line }, `"${column}" (${key}) must be text`);
      return String(v);
    };
    const input = get('input', true) as string;
    const reference = get('reference', true) as string;
    const criteria = get('criteria', false) ?? '';
    const category = get('category', false);
    const inputs: Record<string, string> = {
      input,
      reference,
      criteria,
      ...(category !== undefined ? { category } : {}),
    };
    // Identity ignores line endings and a BOM (hash.ts): a CRLF copy pairs with its LF baseline.
    const inputHash = hashValue(identityValue(inputs));
    // The ELYZA-tasks-100 CSV has no id column; its cases are known by row number
    // (elyza-001 is the first task), as people cite them. Otherwise, without an id column
    // the id follows the question: editing the reference or criteria keeps the id (and
    // shows as "edited"), and reordering rows changes nothing.
    const id =
      get('id', false) ??
      (columns === ELYZA_COLUMNS
        ? `elyza-${String(index + 1).padStart(3, '0')}`
        : `q-${hashValue(identityText(input)).slice(0, 12)}`);
    const previous = unique ? seen.get(id) : undefined;
    if (previous !== undefined)
      throw configError(
        { file, line },
        `case id "${id}" appears twice (also line ${previous})${get('id', false) === undefined ? ': the same question twice; give each row an id column' : ''}`,
      );
    if (unique) seen.set(id, line);
    return { id, inputHash, inputs, source: { file, line } };
  };
}

/** Parses a judged dataset's bytes into cases. */
export function parseJudgedDataset(
  bytes: Uint8Array,
  file: string,
  format: Format | undefined,
  columns: ColumnMap,
): EvalCase[] {
  const text = decodeUtf8(bytes, file);
  let rows: { line: number; value: Record<string, unknown> }[];
  if (formatOf(file, format) === 'csv') {
    const parsed = parseCsv(text, file);
    checkHeader(parsed.header, file, columns);
    rows = parsed.rows;
  } else rows = parseJsonl(text, file);
  if (rows.length === 0) throw configError({ file }, 'the dataset has no cases');
  return rows.map(judgedCaseOf(file, columns));
}

/** Reads a judged dataset as a stream into `into`, with parseJudgedDataset's checks and messages. */
export async function readJudgedDataset(
  chunks: AsyncIterable<Uint8Array>,
  file: string,
  format: Format | undefined,
  columns: ColumnMap,
  into: CaseCollector,
): Promise<void> {
  const caseOf = judgedCaseOf(file, columns);
  const csv = formatOf(file, format) === 'csv';
  // A row can be read back while the run calls (datasets/collect.ts). Where its id counts
  // rows (the ELYZA columns), which a row alone does not know, the id is the loaded case's:
  // the row is at the same bytes of the file and its input hash is checked.
  const again = judgedCaseOf(file, columns, false);
  let header: CsvHeader | null = null;
  let decodeCsv: ((text: string) => Record<string, unknown>) | null = null;
  into.rebuildWith(
    (row, loaded) => {
      const built = again(row);
      return columns === ELYZA_COLUMNS ? { ...built, id: loaded.id } : built;
    },
    csv
      ? (text) => {
          if (header === null) throw new Error('the CSV header was not read');
          decodeCsv ??= csvRecordReader(header, file);
          return decodeCsv(text);
        }
      : undefined,
  );
  const rows = csv
    ? csvRows(chunks, file, (names, whole) => {
        checkHeader(names, file, columns);
        header = whole;
      })
    : jsonlRows(chunks, file);
  for await (const row of rows) into.add(caseOf(row), row.place);
  if (into.count === 0) throw configError({ file }, 'the dataset has no cases');
}
