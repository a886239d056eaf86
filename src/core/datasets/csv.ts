/**
 * CSV through csv-parse (RFC 4180: quoted fields over many lines, doubled quotes, a header
 * row, an optional BOM, CRLF or LF). Errors name the line where the bad record starts, so
 * an unterminated quote points at its opening line, not at the end of the file.
 */
import { parse } from 'csv-parse/sync';
import { configError } from '../errors.ts';

/** One CSV record keyed by header, with the line it starts on. */
export interface CsvRow {
  line: number;
  value: Record<string, string>;
}

/**
 * Parses CSV text with a header row. `lineOf` maps a line of `text` to the file's (when
 * the text is a batch of a larger file, with the header put in front).
 */
export function parseCsv(
  text: string,
  file: string,
  lineOf: (line: number) => number = (line) => line,
): { header: string[]; rows: CsvRow[] } {
  const starts = recordStartLines(text);
  let parsed = 0; // records csv-parse has completed, the header included
  let header: string[] = [];
  let records: Record<string, string>[];
  try {
    records = parse(text, {
      bom: true,
      columns: (names: string[]) => {
        parsed = 1;
        header = names.map((n) => n.trim());
        return header;
      },
      skip_empty_lines: true,
      on_record: (record: Record<string, string>) => {
        parsed++;
        return record;
      },
    }) as Record<string, string>[];
  } catch (error) {
    const e = error as { code?: string; message: string };
    const line = lineOf(starts[parsed] ?? starts[starts.length - 1] ?? 1);
    if (e.code === 'CSV_QUOTE_NOT_CLOSED')
      throw configError(
        { file, line },
        `a quoted field that starts on line ${line} is never closed; close it with " (write "" for a quote inside a field)`,
      );
    if (e.code === 'CSV_RECORD_INCONSISTENT_COLUMNS' || e.code === 'CSV_RECORD_DONT_MATCH_COLUMNS_LENGTH') {
      throw configError(
        { file, line },
        `the record on line ${line} has a different number of fields than the header (${header.length}); quote fields that contain commas`,
      );
    }
    throw configError({ file, line }, `not valid CSV (${e.message})`);
  }
  return { header, rows: records.map((value, i) => ({ line: lineOf(starts[i + 1] ?? 0), value })) };
}

/**
 * The 1-based line on which each record starts (the header is record 0). csv-parse's own
 * line counter counts a CRLF inside a quoted field twice, so we count here: a record ends
 * at a line break outside quotes, CRLF is one break, and empty lines are skipped.
 */
export function recordStartLines(text: string): number[] {
  const starts: number[] = [];
  let line = 1;
  let inQuote = false;
  let atRecordStart = true;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      line++;
      if (!inQuote) atRecordStart = true;
      continue;
    }
    if (atRecordStart && !(i === 0 && ch === '\uFEFF')) {
      starts.push(line);
      atRecordStart = false;
    }
    if (ch === '"') inQuote = !inQuote;
  }
  return starts;
}
