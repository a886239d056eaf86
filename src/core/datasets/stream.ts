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
import { parseCsv } from './csv.ts';

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
 * Rows of a CSV file with a header, in batches of whole records: a record ends at a line
 * break outside quotes. `onHeader` receives the header before the first row.
 */
export async function* csvRows(
  chunks: AsyncIterable<Uint8Array>,
  file: string,
  onHeader: (header: string[]) => void = () => undefined,
): AsyncGenerator<StreamRow> {
  let pending = '';
  let scanned = 0;
  let inQuote = false;
  let cut = 0; // end of the last complete record in `pending`
  let linesBefore = 0; // lines of the file before `pending`
  let header: { text: string; lines: number } | null = null;
  const lineBreaks = (text: string): number => text.match(/\r\n|\r|\n/g)?.length ?? 0;

  const parseBatch = function* (batch: string): Generator<StreamRow> {
    if (header === null) {
      const parsed = parseCsv(batch, file, (l) => l + linesBefore);
      const end = firstRecordEnd(batch);
      header = { text: batch.slice(0, end), lines: lineBreaks(batch.slice(0, end)) };
      onHeader(parsed.header);
      yield* parsed.rows;
    } else {
      const h = header;
      // The header goes in front so csv-parse keys the fields; lines map back past it.
      const parsed = parseCsv(`${h.text}${batch}`, file, (l) => l - h.lines + linesBefore);
      yield* parsed.rows;
    }
    linesBefore += lineBreaks(batch);
  };

  for await (const text of textOf(chunks, file)) {
    pending += text;
    // Jump from quote to line break: only these change where a record may end.
    SPECIAL.lastIndex = scanned;
    let next = pending.length;
    for (let m = SPECIAL.exec(pending); m !== null; m = SPECIAL.exec(pending)) {
      const at = m.index;
      const ch = pending[at];
      if (ch === '"') inQuote = !inQuote;
      else if (!inQuote && ch === '\n') cut = at + 1;
      // A lone CR ends a record too, unless it may be the first half of a CRLF still to come.
      else if (!inQuote && ch === '\r') {
        if (at + 1 === pending.length) {
          next = at; // look at it again with the next chunk
          break;
        }
        if (pending[at + 1] !== '\n') cut = at + 1;
      }
    }
    scanned = next;
    if (cut >= CSV_BATCH_CHARS || (header === null && cut > 0)) {
      yield* parseBatch(pending.slice(0, cut));
      pending = pending.slice(cut);
      scanned -= cut;
      cut = 0;
    }
  }
  if (pending !== '' || header === null) yield* parseBatch(pending);
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

/** A whole document's text (JSON), gathered from its chunks. */
export async function wholeText(chunks: AsyncIterable<Uint8Array>, file: string): Promise<string> {
  let text = '';
  for await (const piece of textOf(chunks, file)) text += piece;
  return text;
}
