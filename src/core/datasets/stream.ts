/**
 * Datasets read as streams: bytes arrive in chunks, rows leave one at a time, and nothing
 * holds the whole file. A pull request can commit a dataset of a million rows; validating
 * it must not take the runner's memory, and the call budget must be able to stop it after
 * the rows it allows (core/pr-budget.ts). JSONL goes line by line; CSV in batches of whole
 * records (a quoted field may span lines), parsed by csv-parse with the header in front;
 * a JSON document is one value, so it is gathered whole (its size is the file's).
 *
 * The content hash is computed on the way, over the bytes as identity sees them (a BOM
 * dropped, CRLF and CR made LF: hash.ts), so it equals contentSha256 of the whole file.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { configError } from '../errors.ts';
import { parseCsv, type CsvRow } from './csv.ts';

/** One row of a dataset with the 1-based line it starts on. */
export interface StreamRow {
  line: number;
  value: Record<string, unknown>;
  /** JSON Lines: where the line is in the file (its first byte, its length in bytes without "\n"). */
  place?: { offset: number; bytes: number };
}

/** How many bytes a string takes in UTF-8 (a string from a strict decoder: no lone surrogate). */
function utf8Length(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 2; // a pair: two units, four bytes
      i++;
    } else n += 2;
  }
  return n;
}

/** A dataset's bytes as they arrive, and their identity hash once they have. */
export interface HashedChunks {
  chunks: AsyncIterable<Uint8Array>;
  /** The identity sha256 of every byte read so far (all of them once `chunks` is drained). */
  sha256(): string;
}

/** Wraps chunks so their identity hash (hash.ts contentSha256) is computed as they pass. */
export function hashedChunks(source: AsyncIterable<Uint8Array>): HashedChunks {
  const hash = sha256.create();
  // The first three bytes may be a BOM, whatever the chunks' sizes: held until there are three.
  let head: Uint8Array | null = new Uint8Array(0);
  let pendingCr = false;
  const feed = (chunk: Uint8Array): void => {
    let bytes = chunk;
    if (head !== null) {
      const joined = new Uint8Array(head.length + bytes.length);
      joined.set(head);
      joined.set(bytes, head.length);
      if (joined.length < 3) {
        head = joined;
        return;
      }
      head = null;
      bytes = joined[0] === 0xef && joined[1] === 0xbb && joined[2] === 0xbf ? joined.subarray(3) : joined;
    }
    body(bytes);
  };
  const body = (chunk: Uint8Array): void => {
    let bytes = chunk;
    if (pendingCr && bytes[0] === 0x0a) bytes = bytes.subarray(1); // the LF of a CRLF split across chunks
    pendingCr = false;
    if (!bytes.includes(0x0d)) {
      hash.update(bytes);
      return;
    }
    const out = new Uint8Array(bytes.length);
    let n = 0;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i] as number;
      if (b !== 0x0d) {
        out[n++] = b;
        continue;
      }
      out[n++] = 0x0a;
      if (i + 1 === bytes.length) pendingCr = true;
      else if (bytes[i + 1] === 0x0a) i++;
    }
    hash.update(out.subarray(0, n));
  };
  // A file shorter than three bytes holds no BOM: its bytes are hashed as they are.
  const finish = (): void => {
    if (head === null) return;
    const rest = head;
    head = null;
    body(rest);
  };
  let digest: string | null = null;
  return {
    chunks: {
      async *[Symbol.asyncIterator]() {
        for await (const chunk of source) {
          feed(chunk);
          yield chunk;
        }
        finish();
      },
    },
    sha256: () => (digest ??= bytesToHex(hash.clone().digest())),
  };
}

/**
 * Strict UTF-8 text of chunks, in pieces; a bad byte names the file. A leading BOM is
 * dropped, unless `keepBom` (a reader that counts bytes drops it itself).
 */
async function* textOf(chunks: AsyncIterable<Uint8Array>, file: string, keepBom = false): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: keepBom });
  try {
    for await (const chunk of chunks) {
      const text = decoder.decode(chunk, { stream: true });
      if (text !== '') yield text;
    }
    const rest = decoder.decode();
    if (rest !== '') yield rest;
  } catch (error) {
    if (error instanceof TypeError) throw configError({ file }, 'not valid UTF-8; save the file as UTF-8');
    throw error;
  }
}

/** Rows of JSON Lines, one object a line, blank lines skipped; errors name file:line. */
export async function* jsonlRows(chunks: AsyncIterable<Uint8Array>, file: string): AsyncGenerator<StreamRow> {
  let pending = '';
  let line = 0;
  let first = true;
  let offset = 0; // the byte the next line starts at
  const parseLine = (raw: string): StreamRow | null => {
    line++;
    const place = { offset, bytes: utf8Length(raw) };
    offset += place.bytes + 1;
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (text.trim() === '') return null;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw configError(
        { file, line },
        `not valid JSON (${(error as Error).message}); each line must be one JSON object`,
      );
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      throw configError({ file, line }, 'each line must be a JSON object');
    return { line, value: value as Record<string, unknown>, place };
  };
  for await (let text of textOf(chunks, file, true)) {
    if (first) {
      first = false;
      if (text.charCodeAt(0) === 0xfeff) {
        text = text.slice(1);
        offset = 3;
      }
    }
    pending += text;
    let start = 0;
    for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n', start)) {
      const row = parseLine(pending.slice(start, end));
      if (row) yield row;
      start = end + 1;
    }
    pending = pending.slice(start);
  }
  if (pending !== '') {
    const row = parseLine(pending);
    if (row) yield row;
  }
}

/** The characters that decide where a CSV record ends. */
const SPECIAL = /["\n\r]/g;

/** Complete records gathered before each parse (whole records, never a part of one). */
const CSV_BATCH_CHARS = 1 << 20;

/**
 * The most characters one row (a CSV record, a JSON array's object) may take before it is
 * refused: held whole while it is parsed, a row larger than this is not a case anyone wrote.
 */
export const MAX_ROW_CHARS = 64 * 1024 * 1024;

/** A row size limit in words. */
function sizeOf(chars: number): string {
  return chars >= 1024 * 1024 ? `${chars / (1024 * 1024)} Mi characters` : `${chars} characters`;
}

/** The 1-based line (counting line breaks as CSV does: CRLF, CR and LF) at character `at` of `text`. */
function lineAt(text: string, at: number, first: number): number {
  return first + (text.slice(0, at).match(/\r\n|\r|\n/g)?.length ?? 0);
}

/** The line break that ends CSV records: csv-parse takes the one that ends the header. */
export type CsvBreak = '\r\n' | '\n' | '\r';

/** The break at the end of a header's text (LF when it has none: a header with no rows). */
function breakOf(headerText: string): CsvBreak {
  return headerText.endsWith('\r\n') ? '\r\n' : headerText.endsWith('\r') ? '\r' : '\n';
}

/**
 * Where each non-empty record of a batch of whole CSV records is, in bytes from the batch's
 * start (its length without its line break). A record ends at `brk` outside quotes, and an
 * empty line is no record: the records csv-parse gives (which ends records only at the
 * break that ends the header; another inside a record is part of its field).
 */
export function csvRecordPlaces(text: string, brk: CsvBreak): { offset: number; bytes: number }[] {
  const out: { offset: number; bytes: number }[] = [];
  const first = brk === '\n' ? 0x0a : 0x0d;
  const two = brk === '\r\n';
  let inQuote = false;
  let byte = 0;
  let start = byte; // the byte the current record starts at
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!inQuote && c === first && (!two || text.charCodeAt(i + 1) === 0x0a)) {
      if (byte > start) out.push({ offset: start, bytes: byte - start });
      byte += two ? 2 : 1;
      if (two) i++;
      start = byte;
      continue;
    }
    if (c === 0x22) inQuote = !inQuote;
    if (c < 0x80) byte += 1;
    else if (c < 0x800) byte += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      byte += 4;
      i++;
    } else byte += 3;
  }
  if (byte > start) out.push({ offset: start, bytes: byte - start });
  return out;
}

/** A CSV dataset's header: its names, and its text (line break included) to parse a record read back. */
export interface CsvHeader {
  names: string[];
  text: string;
}

/**
 * Rows of a CSV file with a header, in batches of whole records: a record ends at a line
 * break outside quotes. `onHeader` receives the header before the first row. Each row has
 * its record's place in the file, so it can be read back (`csvRecordReader`).
 */
export async function* csvRows(
  chunks: AsyncIterable<Uint8Array>,
  file: string,
  onHeader: (header: string[], whole: CsvHeader) => void = () => undefined,
  maxRowChars = MAX_ROW_CHARS,
): AsyncGenerator<StreamRow> {
  let pending = '';
  let scanned = 0;
  let inQuote = false;
  let cut = 0; // end of the last complete record in `pending`
  let recordStart = 0; // where the record being scanned starts in `pending`
  let linesBefore = 0; // lines of the file before `pending`
  let bytesBefore = 0; // bytes of the file before `pending`
  let first = true;
  let header: { text: string; lines: number } | null = null;
  let brk: CsvBreak | null = null; // the break that ends records, once the header is read
  const lineBreaks = (text: string): number => text.match(/\r\n|\r|\n/g)?.length ?? 0;

  const parseBatch = function* (batch: string): Generator<StreamRow> {
    let rows: StreamRow[];
    let places: { offset: number; bytes: number }[];
    if (header === null) {
      const parsed = parseCsv(batch, file, (l) => l + linesBefore);
      const end = firstRecordEnd(batch);
      header = { text: batch.slice(0, end), lines: lineBreaks(batch.slice(0, end)) };
      brk = breakOf(header.text);
      onHeader(parsed.header, { names: parsed.header, text: header.text });
      places = csvRecordPlaces(batch.slice(end), brk).map((p) => ({
        offset: p.offset + utf8Length(batch.slice(0, end)),
        bytes: p.bytes,
      }));
      rows = parsed.rows;
    } else {
      places = csvRecordPlaces(batch, brk as CsvBreak);
      const h = header;
      // The header goes in front so csv-parse keys the fields; lines map back past it.
      rows = parseCsv(`${h.text}${batch}`, file, (l) => l - h.lines + linesBefore).rows;
    }
    // Each record's place; were the records counted otherwise than csv-parse did, none
    // has one and the cases are kept whole (never a case read back from another row).
    const placed = places.length === rows.length;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i] as StreamRow;
      const at = places[i];
      if (placed && at !== undefined) row.place = { offset: bytesBefore + at.offset, bytes: at.bytes };
      yield row;
    }
    linesBefore += lineBreaks(batch);
    bytesBefore += utf8Length(batch);
  };

  // Scans what arrived: the header is parsed as soon as it is whole (it fixes the break
  // that ends records), then records go in batches of about CSV_BATCH_CHARS.
  const scan = function* (): Generator<StreamRow> {
    for (;;) {
      // Jump from quote to line break: only these change where a record may end.
      SPECIAL.lastIndex = scanned;
      let next = pending.length;
      for (let m = SPECIAL.exec(pending); m !== null; m = SPECIAL.exec(pending)) {
        const at = m.index;
        const ch = pending[at];
        if (ch === '"') inQuote = !inQuote;
        else if (inQuote) continue;
        // Once the header is read, records end only at its break (as csv-parse reads them).
        else if (ch === '\n') {
          if (brk === null || brk === '\n' || (brk === '\r\n' && pending[at - 1] === '\r')) cut = recordStart = at + 1;
        }
        // A lone CR ends the header too, unless it may be the first half of a CRLF still to come.
        else if (ch === '\r' && (brk === null || brk === '\r')) {
          if (at + 1 === pending.length && brk === null) {
            next = at; // look at it again with the next chunk
            break;
          }
          if (brk === '\r' || pending[at + 1] !== '\n') cut = recordStart = at + 1;
        }
        if (brk === null && cut > 0) {
          next = cut;
          break;
        }
      }
      scanned = next;
      // One record longer than any case: refused before it takes the memory.
      if (pending.length - recordStart > maxRowChars) {
        const line = lineAt(pending, recordStart, linesBefore + 1);
        throw configError(
          { file, line },
          `the record that starts on line ${line} is longer than ${sizeOf(maxRowChars)}${inQuote ? ' (a quoted field that is never closed?)' : ''}; close quoted fields with " and keep each row under that size`,
        );
      }
      const headerNow = header === null && cut > 0;
      if (cut >= CSV_BATCH_CHARS || headerNow) {
        yield* parseBatch(pending.slice(0, cut));
        pending = pending.slice(cut);
        scanned -= cut;
        recordStart -= cut;
        cut = 0;
      }
      if (!headerNow) return;
    }
  };

  for await (let text of textOf(chunks, file, true)) {
    if (first) {
      first = false;
      if (text.charCodeAt(0) === 0xfeff) {
        text = text.slice(1);
        bytesBefore = 3;
      }
    }
    pending += text;
    yield* scan();
  }
  if (pending !== '' || header === null) yield* parseBatch(pending);
}

/**
 * Parses one CSV record read back from the file (its text without line break) with the
 * header of the load; throws when it is not one record with the header's fields now.
 */
export function csvRecordReader(header: CsvHeader, file: string): (text: string) => Record<string, unknown> {
  return (text) => {
    const { rows } = parseCsv(`${header.text}${text}`, file);
    if (rows.length !== 1) throw new Error(`${rows.length} CSV records where there was one`);
    return (rows[0] as CsvRow).value;
  };
}

/** Where the first record (the header) ends: after its line break outside quotes. */
function firstRecordEnd(text: string): number {
  let inQuote = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') inQuote = !inQuote;
    else if (!inQuote && (ch === '\n' || ch === '\r')) return ch === '\r' && text[i + 1] === '\n' ? i + 2 : i + 1;
  }
  return text.length;
}

/** What a JSON array reader expects next: the array's "[", the first object or "]", an object (after a ","), inside an object, "," or "]", nothing but white space. */
const OPEN = 0;
const FIRST = 1;
const ITEM = 2;
const OBJECT = 3;
const AFTER = 4;
const END = 5;

/**
 * Rows of a JSON array of objects, one object at a time: a small tokenizer finds where
 * each top-level object starts and ends (strings and nesting followed, nothing else
 * parsed), and JSON.parse reads that object alone. Only the object being read is held, so
 * a dataset of 100,000 objects takes what one takes. Each row has the line its object
 * starts on and the object's place in the file (read back as JSON Lines' are). Whatever is
 * not a JSON array of objects is refused naming the line.
 */
export async function* jsonArrayRows(
  chunks: AsyncIterable<Uint8Array>,
  file: string,
  maxRowChars = MAX_ROW_CHARS,
): AsyncGenerator<StreamRow> {
  let state: number = OPEN;
  let line = 1;
  let byte = 0;
  let first = true;
  let item = 0;
  // The object being read: its pieces so far, where it starts, its depth and string state.
  let parts: string[] = [];
  let chars = 0;
  let objLine = 0;
  let objByte = 0;
  let depth = 0;
  let inString = false;
  let escaped = false;
  const invalid = (why: string, at = line): Error =>
    configError(
      { file, line: at },
      `not valid JSON (${why}); the file must be one JSON array of objects, one per case`,
    );
  const shown = (c: number): string => JSON.stringify(String.fromCharCode(c));
  for await (let text of textOf(chunks, file, true)) {
    if (first) {
      first = false;
      if (text.charCodeAt(0) === 0xfeff) {
        text = text.slice(1);
        byte = 3;
      }
    }
    let objStart = state === OBJECT ? 0 : -1;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      const size = c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdfff ? 2 : 3; // each half of a pair: 2 of its 4
      if (c === 0x0a) line++;
      if (state === OBJECT) {
        byte += size;
        if (inString) {
          if (escaped) escaped = false;
          else if (c === 0x5c) escaped = true;
          else if (c === 0x22) inString = false;
          continue;
        }
        if (c === 0x22) inString = true;
        else if (c === 0x7b || c === 0x5b) depth++;
        else if (c === 0x7d || c === 0x5d) {
          depth--;
          if (depth === 0) {
            parts.push(text.slice(objStart, i + 1));
            const objText = parts.length === 1 ? (parts[0] as string) : parts.join('');
            parts = [];
            chars = 0;
            let value: unknown;
            try {
              value = JSON.parse(objText);
            } catch (error) {
              throw configError(
                { file, line: objLine },
                `item ${item} (the object that starts on line ${objLine}) is not valid JSON (${(error as Error).message})`,
              );
            }
            yield {
              line: objLine,
              value: value as Record<string, unknown>,
              place: { offset: objByte, bytes: byte - objByte },
            };
            state = AFTER;
          }
        }
        continue;
      }
      const space = c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
      if (!space) {
        if (state === OPEN) {
          if (c !== 0x5b) {
            if (c === 0x7b)
              throw configError({ file, line }, 'expected a JSON array of objects, one per case, not one object');
            throw invalid(`expected "[" to start the array, found ${shown(c)}`);
          }
          state = FIRST;
        } else if (state === FIRST || state === ITEM) {
          if (c === 0x5d && state === FIRST) state = END;
          else if (c === 0x7b) {
            state = OBJECT;
            objStart = i;
            objLine = line;
            objByte = byte;
            depth = 1;
            inString = false;
            escaped = false;
          } else if (c === 0x5d) throw invalid('a "," before the closing "]"');
          else if (
            c === 0x22 ||
            c === 0x2d ||
            c === 0x5b ||
            c === 0x74 ||
            c === 0x66 ||
            c === 0x6e ||
            (c >= 0x30 && c <= 0x39)
          )
            throw configError({ file, line }, `item ${item} must be an object (one case, its columns as keys)`);
          else throw invalid(`unexpected ${shown(c)} where item ${item} should start`);
        } else if (state === AFTER) {
          if (c === 0x2c) {
            state = ITEM;
            item++;
          } else if (c === 0x5d) state = END;
          else throw invalid(`expected "," or "]" after item ${item}, found ${shown(c)}`);
        } else throw invalid(`${shown(c)} after the array's closing "]"`);
      }
      byte += size;
    }
    if (state === OBJECT) {
      const piece = text.slice(objStart);
      chars += piece.length;
      // One object larger than any case: refused before it takes the memory.
      if (chars > maxRowChars)
        throw configError(
          { file, line: objLine },
          `item ${item} (the object that starts on line ${objLine}) is longer than ${sizeOf(maxRowChars)}; keep each case under that size`,
        );
      parts.push(piece);
    }
  }
  if (state === OBJECT)
    throw invalid(`item ${item}, which starts on line ${objLine}, is never closed: the file ends inside it`, objLine);
  if (state !== END)
    throw invalid(state === OPEN ? 'the file is empty' : 'the array is never closed with "]": the file ends first');
}

/** A whole document's text (JSON), gathered from its chunks. */
export async function wholeText(chunks: AsyncIterable<Uint8Array>, file: string): Promise<string> {
  let text = '';
  for await (const piece of textOf(chunks, file)) text += piece;
  return text;
}
