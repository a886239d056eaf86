/**
 * Result files as streams. A result is one JSON document (two-space indented, for
 * readable diffs), but V8 cannot hold a string over about 512 MB: a run with that many
 * records would throw RangeError in JSON.stringify after every call was paid for. So the
 * file is written as chunks — the text is byte for byte what JSON.stringify(result, null,
 * 2) would give — and read line by line, each record parsed on its own. JSON strings hold
 * no raw newline, so in this layout every record is the lines from `    {` to `    }`.
 * A file in any other layout (minified, hand-edited) is read whole, as before.
 */
import type { LineAt } from '../ports.ts';
import type { SuiteResult } from './types.ts';

/**
 * Sees each chunk of a result file as resultChunks makes it: the record it writes (the
 * value given to JSON.stringify), or none for the text around the records.
 */
export type ChunkWatcher = (chunk: string, record?: unknown) => void;

/** `[\n  [\n` and `\n  ]\n]`: what JSON.stringify puts around a value nested two arrays deep. */
const NESTED_OPEN = 6;
const NESTED_CLOSE = 6;

/** The text of a result file, in chunks no larger than one record; each also goes to `seen`. */
export function* resultChunks(result: SuiteResult, seen?: ChunkWatcher): Generator<string> {
  const { records } = result;
  if (records.length === 0) {
    const whole = `${JSON.stringify(result, null, 2)}\n`;
    seen?.(whole);
    yield whole;
    return;
  }
  // The document with an empty list where the records go; the spread keeps the key order.
  const skeleton = JSON.stringify({ ...result, records: [] }, null, 2);
  const marker = '\n  "records": []';
  const at = skeleton.indexOf(marker);
  const head = `${skeleton.slice(0, at)}\n  "records": [\n`;
  seen?.(head);
  yield head;
  for (let i = 0; i < records.length; i++) {
    const record = records[i];
    // The record as it stands in the list, two levels deep: JSON.stringify indents it by
    // four spaces itself (the same text as indenting its own lines after, without a copy
    // of every record's text made by a replace). The two brackets around it are cut off.
    const nested = JSON.stringify([[record]], null, 2);
    const chunk = `${nested.slice(NESTED_OPEN, -NESTED_CLOSE)}${i < records.length - 1 ? ',' : ''}\n`;
    seen?.(chunk, record);
    yield chunk;
  }
  const tail = `  ]${skeleton.slice(at + marker.length)}\n`;
  seen?.(tail);
  yield tail;
}

/** Where a line-by-line reading failed: the 1-based line and why. */
export class ResultLinesError extends Error {
  readonly line: number;
  constructor(line: number, message: string) {
    super(message);
    this.line = line;
  }
}

/**
 * Sees each record of a result file as it is parsed, in place of keeping it: its index and
 * the document before the records (parsed when first asked for).
 */
export type RecordVisitor = (record: unknown, index: number, head: () => unknown) => void;

/**
 * Reads the value of a result file from its lines (without their newlines), or from its
 * bytes (a ReadBytes: resultLayoutOfBytes), parsing each record on its own, so no string
 * ever holds the whole file. Returns null when the file is
 * not in the layout resultChunks writes (the caller then reads it whole). Throws
 * ResultLinesError naming the line of a record that does not parse. With `each`, every
 * record goes to it and none is kept (the value's records list is then empty).
 */
export async function parseResultLines(
  lines: AsyncIterable<string> | Iterable<string> | ReadBytes,
  each?: RecordVisitor,
): Promise<unknown> {
  const records: unknown[] = [];
  const shared = repeatedStrings();
  let visited = 0;
  let headValue: unknown;
  const layout = typeof lines === 'function' ? resultLayoutOfBytes(lines) : resultLayout(lines);
  let step = await layout.next();
  for (; !step.done; step = await layout.next()) {
    const { text, head } = step.value;
    let record: unknown;
    try {
      record = JSON.parse(text);
    } catch (error) {
      const line = step.value.line();
      throw new ResultLinesError(
        line,
        `the record starting on line ${line} is not valid JSON (${(error as Error).message})`,
      );
    }
    if (each) each(record, visited++, () => (headValue ??= JSON.parse(`${head.join('\n')}\n}`) as unknown));
    else records.push(shared(record));
  }
  const end = step.value;
  if (end === null || end.tail === null) return end === null ? null : (JSON.parse(end.head.join('\n')) as unknown);
  const value = documentAround(end.head, end.tail);
  if (value === null) return null;
  value['records'] = records;
  return value;
}

/** One record of a result file in resultChunks' layout, as resultLayout finds it. */
export interface LaidOutRecord {
  /** Its lines joined by "\n", without the comma after it. */
  text: string;
  /** Its first line, 1-based (counted when asked for: only an error names it). */
  line: () => number;
  /** Its bytes, when the lines come with theirs (0 otherwise). */
  start: number;
  end: number;
  /** The document's lines before the records, `"records": []` last (complete once records are found). */
  head: readonly string[];
}

/** What is around the records: null when the file is not in the layout (or its list never closes). */
export type LayoutEnd = { head: string[]; tail: string[] | null } | null;

/**
 * Walks the lines of a result file (without their newlines) in the layout resultChunks
 * writes, yielding each record's text — one parser of the layout for every reader of result
 * files (parseResultLines here, readStoredResult in stored-records.ts). Returns the lines
 * around the records: `tail` null when the document has no records list at all, the whole
 * value null when it is in another layout. A CR ending a plain string line is dropped (a
 * LineAt comes without it). Lines may come in batches (arrays of LineAt, as RangeFile gives
 * them).
 */
export async function* resultLayout(
  lines: AsyncIterable<string | LineAt | readonly LineAt[]> | Iterable<string | LineAt>,
): AsyncGenerator<LaidOutRecord, LayoutEnd> {
  const head: string[] = [];
  const tail: string[] = [];
  let state: 'head' | 'records' | 'tail' = 'head';
  let current: string[] = [];
  let startedAt = 0;
  let recordStart = 0;
  let n = 0;
  const OTHER = null;
  /** Takes one line: the record it ends, OTHER when the file is in another layout, else undefined. */
  const take = (item: string | LineAt): LaidOutRecord | typeof OTHER | undefined => {
    n++;
    const line = typeof item === 'string' ? (item.endsWith('\r') ? item.slice(0, -1) : item) : item.text;
    if (state === 'head') {
      if (line === '  "records": [') {
        state = 'records';
        head.push('  "records": []');
      } else {
        head.push(line);
      }
      return undefined;
    }
    if (state === 'records') {
      if (current.length === 0) {
        if (line === '  ]' || line === '  ],') {
          state = 'tail';
          // The closing bracket's comma belongs after the empty list in the skeleton.
          if (line.endsWith(',')) head[head.length - 1] = `${head[head.length - 1] as string},`;
          return undefined;
        }
        if (line !== '    {') return OTHER;
        startedAt = n;
        recordStart = typeof item === 'string' ? 0 : item.start;
      }
      current.push(line);
      if (line === '    }' || line === '    },') {
        const text = current.join('\n');
        current = [];
        const first = startedAt;
        return {
          text: text.endsWith(',') ? text.slice(0, -1) : text,
          line: () => first,
          start: recordStart,
          end: typeof item === 'string' ? 0 : item.end,
          head,
        };
      }
      return undefined;
    }
    tail.push(line);
    return undefined;
  };
  for await (const item of lines) {
    if (Array.isArray(item)) {
      for (const one of item as readonly LineAt[]) {
        const record = take(one);
        if (record === OTHER) return null;
        if (record) yield record;
      }
      continue;
    }
    const record = take(item as string | LineAt);
    if (record === OTHER) return null;
    if (record) yield record;
  }
  if (state === 'head') return { head, tail: null };
  return state === 'tail' ? { head, tail } : null;
}

/** Reads up to `length` bytes of a file from byte `position` into `into` at `offset`; how many it read (0 at its end). */
export type ReadBytes = (into: Uint8Array, offset: number, length: number, position: number) => number;

/** Bytes read at once by resultLayoutOfBytes (its buffer holds two reads; more for a longer record). */
const READ_BYTES = 1 << 18;
/** A newline and the start of the line that closes a record (`    }`, a comma maybe after it). */
const RECORD_CLOSE = Buffer.from('\n    }', 'latin1');
const NEWLINE = 10;
const CR = 13;
const COMMA = 44;

/** Whether bytes `from` to `to` of `bytes` are the ASCII text `text`. */
function bytesAre(bytes: Uint8Array, from: number, to: number, text: string): boolean {
  if (to - from !== text.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[from + i] !== text.charCodeAt(i)) return false;
  return true;
}

/**
 * resultLayout from a file's bytes (`read`), with the same records, head and tail for every
 * file, but each record's text decoded from its bytes at once: one string a record, where a
 * string for each of its lines and their join were made (a 100,000-record baseline is four
 * million lines). Only the lines around the records are taken one by one; within a record
 * the line that closes it is searched for in the bytes. A CR before a newline is dropped
 * from every line, as resultLayout's lines have it. A record's first line is counted only
 * when asked for (an error names it), from the file's start. Reads go through one buffer,
 * grown only for a record longer than a read.
 */
export function* resultLayoutOfBytes(read: ReadBytes): Generator<LaidOutRecord, LayoutEnd> {
  let buf = Buffer.allocUnsafe(2 * READ_BYTES);
  /** The bytes held: buf[0, length). */
  let view = buf.subarray(0, 0);
  /** The file offset of buf[0]. */
  let base = 0;
  let ended = false;
  /** Where the bytes not yet taken start in buf. */
  let at = 0;
  /** Reads more, the bytes from `at` on moved to the buffer's start first (`at` becomes 0); false at the file's end. */
  const more = (): boolean => {
    if (ended) return false;
    let length = view.length;
    if (at > 0) {
      buf.copyWithin(0, at, length);
      length -= at;
      base += at;
      at = 0;
    }
    if (buf.length - length < READ_BYTES) {
      // A record longer than a read: room for it and the next read.
      const bigger = Buffer.allocUnsafe(length + 2 * READ_BYTES);
      buf.copy(bigger, 0, 0, length);
      buf = bigger;
    }
    const got = read(buf, length, READ_BYTES, base + length);
    if (got === 0) ended = true;
    view = buf.subarray(0, length + got);
    return got > 0;
  };
  /** The line at `at`: where its text ends (a CR before the newline left out) and where the next starts; null at the file's end. */
  const nextLine = (): [number, number] | null => {
    let scanned = 0;
    for (;;) {
      const nl = view.indexOf(NEWLINE, at + scanned);
      if (nl >= 0) return [nl > at && view[nl - 1] === CR ? nl - 1 : nl, nl + 1];
      scanned = view.length - at;
      if (!more()) {
        const length = view.length;
        if (at === length) return null;
        return [view[length - 1] === CR ? length - 1 : length, length];
      }
    }
  };
  /** The 1-based line that starts at byte `offset` of the file: the newlines before it, counted. */
  const lineOf = (offset: number): number => {
    const chunk = Buffer.allocUnsafe(1 << 16);
    let line = 1;
    for (let p = 0; p < offset;) {
      const got = read(chunk, 0, Math.min(chunk.length, offset - p), p);
      if (got === 0) break;
      const part = chunk.subarray(0, got);
      for (let i = part.indexOf(NEWLINE); i >= 0; i = part.indexOf(NEWLINE, i + 1)) line++;
      p += got;
    }
    return line;
  };
  const head: string[] = [];
  const tail: string[] = [];
  for (;;) {
    const line = nextLine();
    if (line === null) return { head, tail: null };
    const text = view.toString('utf8', at, line[0]);
    at = line[1];
    if (text === '  "records": [') {
      head.push('  "records": []');
      break;
    }
    head.push(text);
  }
  for (;;) {
    const line = nextLine();
    if (line === null) return null;
    const [firstEnd, second] = line;
    if (bytesAre(view, at, firstEnd, '  ]') || bytesAre(view, at, firstEnd, '  ],')) {
      // The closing bracket's comma belongs after the empty list in the skeleton.
      if (firstEnd - at === 4) head[head.length - 1] = `${head[head.length - 1] as string},`;
      at = second;
      break;
    }
    if (!bytesAre(view, at, firstEnd, '    {')) return null;
    // From the newline ending the record's first line, relative to `at` (the record's start).
    let look = second - 1 - at;
    for (;;) {
      const found = view.indexOf(RECORD_CLOSE, at + look);
      if (found < 0) {
        look = Math.max(look, view.length - at - (RECORD_CLOSE.length - 1));
        if (!more()) return null;
        continue;
      }
      // `    }`, then a comma maybe, one CR maybe, and a newline or the file's end.
      if (!ended && found + RECORD_CLOSE.length + 3 > view.length) {
        look = found - at;
        more();
        continue;
      }
      let k = found + RECORD_CLOSE.length;
      if (k < view.length && view[k] === COMMA) k++;
      const end = k;
      if (k < view.length && view[k] === CR) k++;
      if (k < view.length && view[k] !== NEWLINE) {
        look = found + 1 - at;
        continue;
      }
      let text = view.toString('utf8', at, end);
      if (text.includes('\r'))
        text = text
          .split('\n')
          .map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l))
          .join('\n');
      const start = base + at;
      yield {
        text: text.endsWith(',') ? text.slice(0, -1) : text,
        line: () => lineOf(start),
        start,
        end: base + end,
        head,
      };
      at = Math.min(k + 1, view.length);
      break;
    }
  }
  for (;;) {
    const line = nextLine();
    if (line === null) return { head, tail };
    tail.push(view.toString('utf8', at, line[0]));
    at = line[1];
  }
}

/**
 * The document around the records as a value, its `records` an empty list to be filled;
 * null when the skeleton holds anything but an empty list where the records were.
 */
export function documentAround(head: readonly string[], tail: readonly string[]): Record<string, unknown> | null {
  const value = JSON.parse([...head, ...tail].join('\n')) as Record<string, unknown>;
  if (!Array.isArray(value['records']) || value['records'].length !== 0) return null;
  return value;
}

/** The most places in a record's layout whose last string is remembered (a bound for any file). */
const MAX_SLOTS = 4096;

interface Slot {
  last?: string;
  children?: Map<string | number, Slot>;
}

/**
 * Records read from a file with one string per value each: the system prompt, the model's
 * name and every other value that repeats from record to record would be held once per
 * record, where the run that wrote them held one. This gives a parsed value the string the
 * previous record held at the same place (same key path) when the two are equal, so a
 * repeated value is held once. Values are unchanged; the memory kept is one string per place.
 */
export function repeatedStrings(): <T>(value: T) => T {
  const root: Slot = {};
  let slots = 1;
  const child = (slot: Slot, key: string | number): Slot | undefined => {
    let next = slot.children?.get(key);
    if (next === undefined && slots < MAX_SLOTS) {
      slot.children ??= new Map();
      next = {};
      slot.children.set(key, next);
      slots++;
    }
    return next;
  };
  const visit = (value: unknown, slot: Slot): unknown => {
    if (typeof value === 'string') {
      if (slot.last === value) return slot.last;
      slot.last = value;
      return value;
    }
    if (value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const next = child(slot, i);
        if (next) {
          const item: unknown = value[i];
          if (typeof item === 'string') value[i] = visit(item, next);
          else visit(item, next);
        }
      }
      return value;
    }
    const object = value as Record<string, unknown>;
    for (const key of Object.keys(object)) {
      const next = child(slot, key);
      if (!next) continue;
      // Only a string is replaced (by an equal one); an object is changed in place.
      const item = object[key];
      if (typeof item === 'string') object[key] = visit(item, next);
      else visit(item, next);
    }
    return value;
  };
  return <T>(value: T): T => visit(value, root) as T;
}
