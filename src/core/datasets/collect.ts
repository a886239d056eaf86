/**
 * Where a dataset's cases go as they are read: kept for a run, or only counted when the
 * command needs no more than to know they are valid (`evalgate validate`), so validating
 * a million rows holds one row at a time. On a pull request a row limit stops reading as
 * soon as the rows alone exceed the calls the base allows (core/pr-budget.ts).
 *
 * A run may keep its cases without their text: a kind that can build a case again from its
 * row (`rebuildWith`) hands each case with the row's place in the file, the case keeps only
 * its id, hash, line and that place, and `readCases` reads the rows back while the run
 * calls — a few at a time — checking that each is still the row that was loaded.
 */
import { configError } from '../errors.ts';
import type { EvalCase } from '../types.ts';
import { CaseColumns, type Cases, type PlacedCase, type RowPlace } from './case-columns.ts';
import type { StreamRow } from './stream.ts';

export type { RowPlace } from './case-columns.ts';

/** Collects one dataset's cases. */
export interface CaseCollector {
  add(evalCase: EvalCase, place?: RowPlace): void;
  /** Cases read so far. */
  readonly count: number;
  /**
   * The cases, when kept (empty when only counted). Read back lazily, a table of columns
   * (case-columns.ts) whose cases have no inputs until `readCases` gives them whole.
   */
  readonly cases: Cases;
  /**
   * How this dataset's kind builds a case from a row again (with no check across rows, such
   * as ids used twice): given before the first `add`, cases added with a place keep no text
   * when the collector can read the file back. Cases then need `readCases` to be run.
   */
  rebuildWith(rebuild: Rebuild, decode?: RowDecoder): void;
  /** Reads the text of cases back from the file (null when every case kept its own). */
  readonly readCases: CaseReader | null;
}

/**
 * Builds a case again from its row read back; `loaded` is the case the load made of it
 * (a kind whose ids count rows, as ELYZA's, takes the id from it: the row is at the same
 * bytes, and its input hash is checked).
 */
export type Rebuild = (row: StreamRow, loaded: EvalCase) => EvalCase;

/**
 * Turns a row's text read back (without its line break) into its value; throws when it is
 * not one row now. Default: one JSON object (JSON Lines, a JSON array's object).
 */
export type RowDecoder = (text: string) => Record<string, unknown>;

/** A row read back as JSON: one object. */
const jsonRow: RowDecoder = (raw) => {
  const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`not valid JSON now: ${(error as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('not a JSON object now');
  return value as Record<string, unknown>;
};

/** Gives the cases whole: those kept without text read back from the file, the others as they are. */
export type CaseReader = (cases: readonly EvalCase[]) => Promise<EvalCase[]>;

/** How a load treats cases: kept or counted, and the most rows a dataset may have. */
export interface CaseOptions {
  /** Keep the cases (a run); false only counts them (validate). Default true. */
  keep?: boolean;
  /** The most rows a dataset may have: a pull request's call budget (each row is at least one call). */
  maxRows?: number | null;
  /** Keep cases without their text when the file can be read back by byte range (a run). Default false. */
  lazy?: boolean;
}

/** Reads `length` bytes of the dataset from `offset` (fewer when the file is shorter now). */
export type RangeReader = (offset: number, length: number) => Promise<Uint8Array>;

/** A collector for the dataset `file`; `readRange` reads it back (lazy cases need it). */
export function collectCases(file: string, options: CaseOptions = {}, readRange?: RangeReader): CaseCollector {
  const keep = options.keep ?? true;
  const maxRows = options.maxRows ?? null;
  const lazy = keep && (options.lazy ?? false) && readRange !== undefined;
  // Read back lazily, the cases are columns: no object per case while the run calls.
  const table = lazy ? new CaseColumns(file) : null;
  const list: EvalCase[] = [];
  let count = 0;
  let rebuild: Rebuild | null = null;
  let decode: RowDecoder = jsonRow;
  let placed = 0;
  return {
    add(evalCase, place) {
      count++;
      if (maxRows !== null && count > maxRows)
        throw configError(
          { file, line: evalCase.source?.line },
          `the dataset has more than ${maxRows} rows, and each row is at least one model call: a pull request may make at most ${maxRows} (budget.max-pr-calls of the base branch); reading stopped here and nothing was called. Split the dataset, or raise budget.max-pr-calls on the base branch first`,
        );
      if (!keep) return;
      if (table === null) list.push(evalCase);
      else if (rebuild !== null && place !== undefined && evalCase.source.file === file) {
        table.add(evalCase, place);
        placed++;
      } else table.addWhole(evalCase);
    },
    get count() {
      return count;
    },
    // Read once the dataset is loaded: the table without the room it kept for more cases.
    get cases() {
      table?.trim();
      return table ?? list;
    },
    rebuildWith(fn, decoder) {
      rebuild = fn;
      if (decoder) decode = decoder;
    },
    get readCases() {
      return placed > 0 && rebuild !== null && readRange !== undefined
        ? rowReader(file, readRange, rebuild, decode)
        : null;
    },
  };
}

/** Rows close together are read in one range when it holds little else (at most this many bytes besides them). */
const GAP_BYTES = 64 * 1024;

/**
 * Reads cases' rows back by byte range and builds them again. The file is PR-controlled
 * and may have changed since it was loaded: a row that no longer decodes, parses, or
 * builds the same case (same id, same input hash) fails the run naming the file and line.
 */
function rowReader(file: string, readRange: RangeReader, rebuild: Rebuild, decode: RowDecoder): CaseReader {
  const changed = (line: number, why: string): Error =>
    configError(
      { file, line },
      `line ${line} changed while the run was reading the dataset (${why}); a dataset must not change during a run: run again once nothing writes to it`,
    );
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const build = (c: PlacedCase, bytes: Uint8Array): EvalCase => {
    const { line } = c.source;
    if (bytes.length !== c.place.bytes) throw changed(line, 'the file is shorter now');
    let text: string;
    try {
      text = decoder.decode(bytes);
    } catch {
      throw changed(line, 'not valid UTF-8 now');
    }
    let value: Record<string, unknown>;
    try {
      value = decode(text);
    } catch (error) {
      throw changed(line, (error as Error).message);
    }
    let again: EvalCase;
    try {
      again = rebuild({ line, value }, c);
    } catch (error) {
      throw changed(line, (error as Error).message);
    }
    if (again.id !== c.id || again.inputHash !== c.inputHash) throw changed(line, 'its case is not the one loaded');
    return again;
  };
  return async (cases) => {
    const out: EvalCase[] = new Array<EvalCase>(cases.length);
    let i = 0;
    while (i < cases.length) {
      const first = cases[i] as EvalCase;
      if (!('place' in first)) {
        out[i++] = first;
        continue;
      }
      // The following placed cases in file order, as long as the range holds little else.
      const start = (first as PlacedCase).place.offset;
      let end = start + (first as PlacedCase).place.bytes;
      let used = (first as PlacedCase).place.bytes;
      let j = i + 1;
      for (; j < cases.length; j++) {
        const next = cases[j] as EvalCase;
        if (!('place' in next)) break;
        const { offset, bytes } = (next as PlacedCase).place;
        const nextEnd = Math.max(end, offset + bytes);
        if (offset < start || nextEnd - start - (used + bytes) > GAP_BYTES) break;
        end = nextEnd;
        used += bytes;
      }
      const range = await readRange(start, end - start);
      for (let k = i; k < j; k++) {
        const c = cases[k] as PlacedCase;
        const from = c.place.offset - start;
        out[k] = build(c, range.subarray(from, Math.min(range.length, from + c.place.bytes)));
      }
      i = j;
    }
    return out;
  };
}
