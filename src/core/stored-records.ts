/**
 * A result file's records left in the file. Parsed, the records of a 100,000-case result
 * are about 100 MB of objects (every reply, question and detail), held from the moment the
 * file is read until the reports are written. A result read from a file on disk (a
 * baseline, or a candidate `evalgate compare` reads) keeps instead where each record is —
 * its byte offsets and a checksum of its text, 20 bytes a record — and its `records` list
 * parses a record again from the file whenever a reader asks for it. Every reader goes
 * through the list as it did (indexes, iteration, map, filter…) and gets the same values;
 * the list cannot be changed.
 *
 * The file is read again through the handle opened to read it first (so a file put in
 * its place is not read), and each record read again must have the size and checksum it
 * had: a file truncated or edited while evalgate runs fails with an error naming it, never
 * with other records. The checksum is two 32-bit hashes of the record's text (`checksum`): it
 * detects a change, it is no defence against forgery (the first reading already checked
 * what the file holds; a file a pull request controls is checked as any input).
 */
import type { RangeFile } from '../ports.ts';
import { documentAround, resultLayoutOfBytes, type ChunkWatcher, type RecordVisitor } from './result-stream.ts';
import { ConfigError } from './errors.ts';
import { causeOf } from './error-cause.ts';
import {
  BLOCK_SHIFT,
  BLOCK_SLOTS,
  HashBytes,
  IN_BLOCK,
  makeBlock,
  NarrowNumbers,
  NumberColumn,
  PackedStrings,
  type BlockOf,
  type BlockShape,
  type Numbers,
} from './packed.ts';
import type { CaseRecord } from './types.ts';

/** Where a list of stored records is, for validateResult (which checked them at the first reading). */
const STORED = Symbol('stored records');

/**
 * What the comparison reads of every record, kept as columns at the first reading, so
 * numbering the cases and taking their means does not parse every record again: each
 * record's case id, input hash and cluster, its status, its error's cause, and its score
 * on each metric (NaN where it has none or a value that is not finite). Every stored
 * result of a run holds them from its reading to the reports (a baseline's are read after
 * the calls: engine.ts), so the ids are packed and the hashes kept as
 * bytes (packed.ts): about 60 bytes a record with one metric, where strings took 180. The
 * numbers stay in the blocks they were gathered in (`NumberColumn`, read by `get`): copied
 * into one array each when the read ended, both were alive at once (4 MB at 100,000 records).
 * Scores and latencies are kept as narrow as their values allow (`NarrowNumbers`: a byte a
 * value for scores of 0 and 1, two for whole milliseconds), where eight bytes each took 40
 * of the 115 bytes a record of exact-copy's four metrics held.
 */
export interface RecordColumns {
  caseId: PackedStrings;
  inputHash: HashBytes;
  /** Each record's cluster; empty when no record names one. */
  cluster: (string | undefined)[];
  /** 0 scored, 1 error, 2 refused, 3 anything else. */
  status: Numbers;
  /** An errored record's cause: 1 the candidate (also an error without its description), 2 the infrastructure; else 0. */
  cause: Numbers;
  /** 1 where the record's scores are not null. */
  hasScores: Numbers;
  scores: Map<string, Numbers>;
  /**
   * What the reports say of the replies (report/replies.ts), as bits: ANSWERED (a reply, not
   * a refusal), CUT_BY_LIMIT (finish reason `length`), CUT_BY_SIZE (cut to the size limit),
   * REASONED (began with reasoning) — each computed as the reports compute it.
   */
  replyFlags: Numbers;
  /** Each record's `latencyMs`: 0 where it is missing or null, NaN where it is not a number. */
  latency: Numbers;
  /** Every truthy `reply.servedModel`, once, in the order of first use. */
  servedModels: readonly unknown[];
}

/** Bits of RecordColumns.replyFlags. */
export const ANSWERED = 1;
export const CUT_BY_LIMIT = 2;
export const CUT_BY_SIZE = 4;
export const REASONED = 8;

/** A record's reply bits (RecordColumns.replyFlags), from the same tests report/replies.ts makes. */
export function replyFlagsOf(r: CaseRecord): number {
  if (r.reply === null || r.status === 'refused') return 0;
  let bits = ANSWERED;
  if (r.reply?.finishReason === 'length') bits |= CUT_BY_LIMIT;
  if (r.reply?.cutFromChars !== undefined) bits |= CUT_BY_SIZE;
  if ((r.reply?.reasoning ?? '') !== '') bits |= REASONED;
  return bits;
}

/** The columns of a stored result's records, or null for records held as objects. */
export function recordColumns(records: readonly CaseRecord[]): RecordColumns | null {
  return (records as { [STORED]?: { columns: RecordColumns } })[STORED]?.columns ?? null;
}

/**
 * The records a reader that skips every record not matching `where` goes through: with the
 * columns of a stored result only those are read from the file; records held as objects are
 * all given (the reader's own test then skips the others, as it did). `where` must hold for
 * every record the reader does not skip.
 */
export function* recordsWhere(
  records: readonly CaseRecord[],
  where: (columns: RecordColumns, i: number) => boolean,
): Generator<CaseRecord> {
  const columns = recordColumns(records);
  if (!columns) {
    yield* records;
    return;
  }
  for (let i = 0; i < columns.caseId.length; i++) if (where(columns, i)) yield records[i] as CaseRecord;
}

/** The errored records (status `error`), and with records held as objects every record (see recordsWhere). */
export function erroredRecords(records: readonly CaseRecord[]): Iterable<CaseRecord> {
  return recordsWhere(records, (c, i) => c.status.get(i) === 1);
}

/** Every truthy `reply.servedModel` of the records, once, in the order of first use. */
export function servedModels(records: readonly CaseRecord[]): unknown[] {
  const columns = recordColumns(records);
  if (columns) return [...columns.servedModels];
  return [...new Set(records.map((r) => r.reply?.servedModel).filter((x) => !!x))];
}

/** How many distinct case ids the records have. */
export function distinctCases(records: readonly CaseRecord[]): number {
  const columns = recordColumns(records);
  return new Set(columns ? columns.caseId : records.map((r) => r.caseId)).size;
}

/** The first record of a case, found through the columns when the records are stored (no record parsed but that one). */
export function firstRecordOf(records: readonly CaseRecord[], caseId: string): CaseRecord | undefined {
  const columns = recordColumns(records);
  if (!columns) return records.find((r) => r.caseId === caseId);
  const at = columns.caseId.indexOf(caseId);
  return at < 0 ? undefined : records[at];
}

const STATUS: Record<string, number> = { scored: 0, error: 1, refused: 2 };

/** Growable columns, filled record by record at the first reading. */
class ColumnsBuilder {
  caseId = new PackedStrings();
  inputHash = new HashBytes();
  cluster: (string | undefined)[] = [];
  status = new NumberColumn(Uint8Array);
  cause = new NumberColumn(Uint8Array);
  hasScores = new NumberColumn(Uint8Array);
  scores = new Map<string, NarrowNumbers>();
  replyFlags = new NumberColumn(Uint8Array);
  latency = new NarrowNumbers();
  served = new Set<unknown>();
  add(value: unknown): void {
    const r = value as CaseRecord;
    const n = this.status.length;
    this.caseId.push(r.caseId);
    this.inputHash.set(n, r.inputHash);
    // Clusters are listed once a record names one (an empty list reads as none for each).
    if (r.cluster !== undefined || this.cluster.length > 0) {
      if (this.cluster.length < n) this.cluster.length = n;
      this.cluster.push(r.cluster);
    }
    this.status.push(STATUS[r.status] ?? 3);
    this.cause.push(r.status !== 'error' ? 0 : r.error ? (causeOf(r.error).cause === 'candidate' ? 1 : 2) : 1);
    this.hasScores.push(r.scores !== null ? 1 : 0);
    this.replyFlags.push(replyFlagsOf(r));
    const latency: unknown = r.latencyMs;
    this.latency.push(
      latency === undefined || latency === null ? 0 : typeof latency === 'number' ? latency : Number.NaN,
    );
    const served: unknown = r.reply?.servedModel;
    if (served) this.served.add(served);
    const scores = r.scores && typeof r.scores === 'object' ? r.scores : null;
    if (scores)
      for (const metric of Object.keys(scores)) {
        let column = this.scores.get(metric);
        if (!column) {
          column = new NarrowNumbers();
          column.fill(Number.NaN, n);
          this.scores.set(metric, column);
        }
      }
    for (const [metric, column] of this.scores) {
      const v = scores?.[metric];
      column.push(typeof v === 'number' && Number.isFinite(v) ? v : Number.NaN);
    }
  }
  private built: RecordColumns | null = null;
  /** The columns (made once, in the blocks they were gathered in: only the last block of each is cut to size). */
  build(): RecordColumns {
    if (this.built) return this.built;
    this.caseId.trim();
    this.inputHash.trim();
    const numbers = [this.status, this.cause, this.hasScores, this.replyFlags, this.latency, ...this.scores.values()];
    for (const column of numbers) column.trim();
    this.built = {
      caseId: this.caseId,
      inputHash: this.inputHash,
      cluster: this.cluster,
      status: this.status,
      cause: this.cause,
      hasScores: this.hasScores,
      scores: this.scores,
      replyFlags: this.replyFlags,
      latency: this.latency,
      servedModels: [...this.served],
    };
    return this.built;
  }
}

/**
 * The text of the result file a stored list was taken from as it was written (ResultWriting),
 * read again from the file and checked piece by piece, or null when the records are not
 * such a list: what `--update-baseline` writes, the file's own text instead of the records
 * parsed and serialized again. The text around the records must be what was written, and
 * each record's text must match the checksum taken as it was written, with the comma and
 * newline after it; the file must still have the size written. Anything else throws,
 * naming the file, before the last piece is given: a copy written from it must not be kept.
 */
export function writtenFileText(records: readonly CaseRecord[]): Iterable<string> | null {
  return (records as { [STORED]?: { text?: () => Iterable<string> } })[STORED]?.text?.() ?? null;
}

/** What the first reading found wrong with a record: its index, or -1. */
export function storedRecordProblem(records: unknown): number | null {
  const info = (records as { [STORED]?: { invalid: number } } | null)?.[STORED];
  return info === undefined ? null : info.invalid;
}

const encoder = new TextEncoder();
/** Where checksum puts a text's UTF-8 bytes (one for a text longer than it is made for that text). */
let scratch = new Uint8Array(1 << 16);
let scratchWords = new Int32Array(scratch.buffer);

/**
 * The two 32-bit hashes of a text, as one pair: its UTF-8 bytes taken four at a time,
 * each word mixed into two hashes with their own constants (MurmurHash3's step and
 * finish, the second with other constants and rotations), the byte count mixed in last.
 * A word at a time where FNV-1a took one UTF-16 unit: a third of the time for the records
 * of a run (each record's text is hashed at its first reading and at each reading again).
 */
function checksum(text: string, out: Uint32Array, at: number): void {
  let bytes = scratch;
  let words = scratchWords;
  // At most three bytes a UTF-16 unit, and three more to round up to a word.
  const room = 3 * text.length + 4;
  if (room > bytes.length) {
    bytes = new Uint8Array((room + 3) & ~3);
    words = new Int32Array(bytes.buffer);
    if (room <= 1 << 20) {
      scratch = bytes;
      scratchWords = words;
    }
  }
  const { written } = encoder.encodeInto(text, bytes);
  bytes[written] = 0;
  bytes[written + 1] = 0;
  bytes[written + 2] = 0;
  const n = (written + 3) >> 2;
  let a = 0x811c9dc5 | 0;
  let b = 0x5bd1e995 | 0;
  for (let i = 0; i < n; i++) {
    const k = words[i] as number;
    let k1 = Math.imul(k, 0xcc9e2d51);
    k1 = (k1 << 15) | (k1 >>> 17);
    a ^= Math.imul(k1, 0x1b873593);
    a = (a << 13) | (a >>> 19);
    a = (Math.imul(a, 5) + 0xe6546b64) | 0;
    let k2 = Math.imul(k, 0x85ebca6b);
    k2 = (k2 << 16) | (k2 >>> 16);
    b ^= Math.imul(k2, 0xc2b2ae35);
    b = (b << 17) | (b >>> 15);
    b = (Math.imul(b, 9) + 0x52dce729) | 0;
  }
  a ^= written;
  a ^= a >>> 16;
  a = Math.imul(a, 0x85ebca6b);
  a ^= a >>> 13;
  a = Math.imul(a, 0xc2b2ae35);
  a ^= a >>> 16;
  b ^= written;
  b ^= b >>> 15;
  b = Math.imul(b, 0x2c1b3c6d);
  b ^= b >>> 12;
  b = Math.imul(b, 0x297a2d39);
  b ^= b >>> 15;
  out[at] = a >>> 0;
  out[at + 1] = b >>> 0;
}

/** The positions of up to BLOCK_SLOTS records (blocks shaped as packed.ts makes them). */
const POSITION_BLOCK = {
  start: [Float64Array, 1],
  end: [Float64Array, 1],
  /** Two 32-bit checksums a record. */
  sums: [Uint32Array, 2],
} as const satisfies BlockShape;
type PositionBlock = BlockOf<typeof POSITION_BLOCK>;

/**
 * Where each record is (its first byte and the byte after its last) and its checksum,
 * record by record. Kept in blocks of 4,096 records, never copied as they grow: arrays
 * grown by doubling left their old copies (and a copy cut to size) for a collection to
 * free, array buffers that were alive at once while a baseline was read before the calls.
 */
export class Positions {
  private blocks: PositionBlock[] = [];
  n = 0;
  add(start: number, end: number, text: string): void {
    const block = this.room();
    const j = this.n & IN_BLOCK;
    block.start[j] = start;
    block.end[j] = end;
    checksum(text, block.sums, j * 2);
    this.n++;
  }
  /** Adds record `i` of `from` (its offsets and checksum). */
  addFrom(from: Positions, i: number): void {
    const block = this.room();
    const j = this.n & IN_BLOCK;
    const source = from.blocks[i >> BLOCK_SHIFT] as PositionBlock;
    const k = i & IN_BLOCK;
    block.start[j] = source.start[k] as number;
    block.end[j] = source.end[k] as number;
    block.sums[j * 2] = source.sums[k * 2] as number;
    block.sums[j * 2 + 1] = source.sums[k * 2 + 1] as number;
    this.n++;
  }
  /** Record i's first byte. */
  start(i: number): number {
    return (this.blocks[i >> BLOCK_SHIFT] as PositionBlock).start[i & IN_BLOCK] as number;
  }
  /** The byte after record i's last. */
  end(i: number): number {
    return (this.blocks[i >> BLOCK_SHIFT] as PositionBlock).end[i & IN_BLOCK] as number;
  }
  /** Whether `sums` (a checksum pair) is record i's. */
  sumIs(i: number, sums: Uint32Array): boolean {
    const block = this.blocks[i >> BLOCK_SHIFT] as PositionBlock;
    const k = (i & IN_BLOCK) * 2;
    return block.sums[k] === sums[0] && block.sums[k + 1] === sums[1];
  }
  /** Drops the room kept for more records in the last block. */
  trim(): void {
    const last = this.blocks.length - 1;
    const block = this.blocks[last];
    const used = this.n - last * BLOCK_SLOTS;
    if (block === undefined || block.start.length <= used) return;
    this.blocks[last] = makeBlock(POSITION_BLOCK, used, block);
  }
  /** The block the next record goes in. */
  private room(): PositionBlock {
    const b = this.n >> BLOCK_SHIFT;
    const j = this.n & IN_BLOCK;
    let block = this.blocks[b];
    if (block === undefined || j >= block.start.length)
      this.blocks[b] = block = makeBlock(POSITION_BLOCK, BLOCK_SLOTS, block);
    return block;
  }
}

/** A record's text as the first reading joined it: lines joined by "\n", a CR before a newline dropped. */
function recordText(raw: string): string {
  const text = raw.includes('\r')
    ? raw
        .split('\n')
        .map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l))
        .join('\n')
    : raw;
  return text.endsWith(',') ? text.slice(0, -1) : text;
}

/** Whether a parsed record has what validateResult requires of every record. */
function wellFormed(r: unknown): boolean {
  const v = r as Partial<CaseRecord> | null;
  return !!v && typeof v.caseId === 'string' && typeof v.inputHash === 'string' && typeof v.repeat === 'number';
}

/** A record that does not parse, at its first line (1-based). */
export class StoredRecordError extends Error {
  readonly line: number;
  constructor(line: number, message: string) {
    super(message);
    this.line = line;
  }
}

/**
 * Reads a result file in the layout resultChunks writes, parsing each record once to check
 * it and keeping only where it is; returns the document with `records` a list read from
 * the file (see above), or null when the file is in another layout. Throws
 * StoredRecordError naming the line of a record that does not parse. Each record parsed
 * goes to `visit` too (to be checked without being read again).
 */
export async function readStoredResult(
  file: RangeFile,
  visit?: RecordVisitor,
): Promise<Record<string, unknown> | null> {
  const at = new Positions();
  const columns = new ColumnsBuilder();
  let invalid = -1;
  // The file's bytes, each record decoded as one string (resultLayoutOfBytes).
  const layout = resultLayoutOfBytes((into, offset, length, position) =>
    file.readBytes(into, offset, length, position),
  );
  let headValue: unknown;
  let step = layout.next();
  for (; !step.done; step = layout.next()) {
    const { text, start, end, head } = step.value;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      const line = step.value.line();
      throw new StoredRecordError(
        line,
        `the record starting on line ${line} is not valid JSON (${(error as Error).message})`,
      );
    }
    if (invalid < 0 && !wellFormed(value)) invalid = at.n;
    if (invalid < 0) columns.add(value);
    visit?.(value, at.n, () => (headValue ??= JSON.parse(`${head.join('\n')}\n}`) as unknown));
    at.add(start, end, text);
  }
  const end = step.value;
  if (end === null || end.tail === null)
    return end === null ? null : (JSON.parse(end.head.join('\n')) as Record<string, unknown>);
  const value = documentAround(end.head, end.tail);
  if (value === null) return null;
  value['records'] = storedRecords(file, at, invalid, file.size(), invalid < 0 ? columns.build() : null);
  return value;
}

/** The bytes of a text in UTF-8 (a result file's offsets are in bytes). */
function utf8Length(text: string): number {
  let bytes = text.length;
  // Most chunks are ASCII: one native scan finds out.
  if (!/[^\x00-\x7f]/.test(text)) return bytes;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      // A surrogate pair is 4 bytes for 2 units; a lone surrogate is written as U+FFFD (3 bytes).
      if (d >= 0xdc00 && d <= 0xdfff) {
        bytes += 2;
        i++;
      } else bytes += 2;
    } else bytes += 2;
  }
  return bytes;
}

/**
 * A result file seen as it is written (resultChunks' `seen`), so that the run does not
 * read back the file it has just written: each record is checked and its columns, offsets
 * and checksum taken from the value written, as readStoredResult would take them from the
 * file, and `stored` then gives the value readStoredResult would give. Only records that
 * are themselves a parse of JSON text (a stored list: the run's records read from its
 * record log) are taken so, so the value written and the value read back are the same;
 * for any other list `stored` gives null and the file is read as before.
 *
 * Fails closed as a stored result does: the file must have the size written and the text
 * around the records written (checked when it is opened), and every record read from it
 * later is checked against the checksum of what was written (a file edited or truncated
 * meanwhile fails naming it). What no reader reads again (the columns) is what was written.
 */
export class ResultWriting {
  private readonly at = new Positions();
  private readonly columns = new ColumnsBuilder();
  private invalid = -1;
  private bytes = 0;
  private head: string | null = null;
  private tail: string | null = null;
  private tailStart = 0;
  private headValue: unknown;
  private readonly usable: boolean;
  private readonly visit: RecordVisitor | undefined;
  constructor(records: readonly CaseRecord[], visit?: RecordVisitor) {
    this.usable = recordsFromText(records);
    this.visit = visit;
  }
  readonly seen: ChunkWatcher = (chunk, record) => {
    const start = this.bytes;
    this.bytes += utf8Length(chunk);
    if (record === undefined) {
      if (this.head === null) this.head = chunk;
      else {
        this.tail = chunk;
        this.tailStart = start;
      }
      return;
    }
    if (!this.usable) return;
    // As resultLayout finds it: the record's lines, without the comma and newline after it.
    const text = chunk.slice(0, chunk.endsWith(',\n') ? -2 : -1);
    if (this.invalid < 0 && !wellFormed(record)) this.invalid = this.at.n;
    if (this.invalid < 0) this.columns.add(record);
    const head = this.head as string;
    // The document before the records, `"records": []` last, as resultLayout gives it.
    this.visit?.(record, this.at.n, () => (this.headValue ??= JSON.parse(`${head.slice(0, -2)}[]\n}`) as unknown));
    this.at.add(start, this.bytes - 1, text);
  };
  /** The written result as readStoredResult would read it from `file`, or null when it must be read. */
  stored(file: RangeFile): Record<string, unknown> | null {
    const { head, tail } = this;
    if (!this.usable || head === null || tail === null || this.at.n === 0) return null;
    const changed = (what: string): never => {
      throw new ConfigError(
        { file: file.path },
        `${file.path}: the file changed while evalgate was reading it (${what}); run again once nothing else writes to it`,
      );
    };
    const size = file.size();
    if (size !== this.bytes) changed(`it was written with ${this.bytes} bytes and has ${size}`);
    let around: boolean;
    try {
      around = file.read(0, utf8Length(head)) === head && file.read(this.tailStart, this.bytes) === tail;
    } catch (error) {
      return changed((error as Error).message);
    }
    if (!around) changed('the text around its records is not what was written');
    const value = JSON.parse(`${head.slice(0, -2)}[]${tail.slice(3)}`) as Record<string, unknown>;
    value['records'] = storedRecords(
      file,
      this.at,
      this.invalid,
      this.bytes,
      this.invalid < 0 ? this.columns.build() : null,
      undefined,
      { head, tail, tailStart: this.tailStart },
    );
    return value;
  }
}

/** Whether a list's records are each a parse of JSON text (a stored list), so writing and parsing them again changes nothing. */
function recordsFromText(records: readonly CaseRecord[]): boolean {
  return (records as { [STORED]?: unknown })[STORED] !== undefined;
}

/**
 * Records left in a file that is not a result file (a record log): the lines at `at`, in
 * the order `order` gives (indexes into `at`), each read again, checked against its
 * checksum and made a record by `parse`. The list is read-only, as a stored result's.
 */
export function recordsInFile(
  file: RangeFile,
  at: Positions,
  order: Uint32Array,
  size: number,
  parse: (text: string) => CaseRecord,
): CaseRecord[] {
  const sorted = new Positions();
  for (let k = 0; k < order.length; k++) sorted.addFrom(at, order[k] as number);
  sorted.trim();
  return storedRecords(file, sorted, -1, size, null, parse);
}

/** The list of records kept at `at` in `file` (of `size` bytes when read). */
function storedRecords(
  file: RangeFile,
  at: Positions,
  invalid: number,
  size: number,
  columns: RecordColumns | null,
  parse: (text: string) => CaseRecord = (text) => JSON.parse(text) as CaseRecord,
  /** For a file written by this process (ResultWriting): the text around its records, to give the file's text back. */
  written?: { head: string; tail: string; tailStart: number },
): CaseRecord[] {
  const { n } = at;
  // Held as long as the records: without the room kept for more.
  at.trim();
  const check = new Uint32Array(2);
  let lastIndex = -1;
  let last: CaseRecord | undefined;
  let reads = 0;
  const changed = (what: string): never => {
    throw new ConfigError(
      { file: file.path },
      `${file.path}: the file changed while evalgate was reading it (${what}); run again once nothing else writes to it`,
    );
  };
  const record = (i: number): CaseRecord => {
    if (i === lastIndex) return last as CaseRecord;
    // The size is checked now and then (every record's text is checked below).
    if (reads++ % 1024 === 0 && file.size() !== size) changed(`it was ${size} bytes and is ${file.size()}`);
    let raw: string;
    try {
      raw = file.read(at.start(i), at.end(i));
    } catch (error) {
      return changed((error as Error).message);
    }
    const text = recordText(raw);
    checksum(text, check, 0);
    if (!at.sumIs(i, check)) changed(`record ${i} is not what it was`);
    last = parse(text);
    lastIndex = i;
    return last;
  };
  /** The file's text as it was written, each piece read again and checked (writtenFileText). */
  const text = written
    ? function* fileText(): Generator<string> {
        const { head, tail, tailStart } = written;
        const sizeNow = (): void => {
          const now = file.size();
          if (now !== size) changed(`it was written with ${size} bytes and has ${now}`);
        };
        const read = (from: number, to: number): string => {
          try {
            return file.read(from, to);
          } catch (error) {
            return changed((error as Error).message);
          }
        };
        sizeNow();
        if (read(0, at.start(0)) !== head || read(tailStart, size) !== tail)
          changed('the text around its records is not what was written');
        yield head;
        for (let i = 0; i < n; i++) {
          if (i % 1024 === 1023) sizeNow();
          // The record's lines, the comma after it but the last, and the newline.
          const to = at.end(i);
          const raw = read(at.start(i), to + 1);
          const comma = i < n - 1;
          const body = raw.slice(0, comma ? -2 : -1);
          if (!raw.endsWith(comma ? ',\n' : '\n') || (!comma && body.endsWith(',')))
            changed(`record ${i} does not end as it was written`);
          checksum(body, check, 0);
          if (!at.sumIs(i, check)) changed(`record ${i} is not what it was`);
          if ((i + 1 < n ? at.start(i + 1) : tailStart) !== to + 1) changed(`record ${i} is not where it was written`);
          yield raw;
        }
        sizeNow();
        if (read(tailStart, size) !== tail) changed('the text around its records is not what was written');
        yield tail;
      }
    : undefined;
  const target = new Array<CaseRecord>();
  const indexOf = (key: string | symbol): number => {
    if (typeof key !== 'string' || key.length === 0 || key.length > 10) return -1;
    // A canonical index: digits only, no leading zero.
    let i = 0;
    for (let k = 0; k < key.length; k++) {
      const c = key.charCodeAt(k);
      if (c < 48 || c > 57 || (c === 48 && k === 0 && key.length > 1)) return -1;
      i = i * 10 + (c - 48);
    }
    return i < n ? i : -1;
  };
  const readOnly = (): never => {
    throw new TypeError('the records of a stored result cannot be changed; copy them first');
  };
  return new Proxy(target, {
    get(t, key, receiver) {
      const i = indexOf(key);
      if (i >= 0) return record(i);
      if (key === 'length') return n;
      if (key === STORED) return { invalid, columns, text };
      return Reflect.get(t, key, receiver) as unknown;
    },
    has(t, key) {
      return indexOf(key) >= 0 || key === STORED || Reflect.has(t, key);
    },
    getOwnPropertyDescriptor(t, key) {
      const i = indexOf(key);
      if (i >= 0) return { value: record(i), writable: false, enumerable: true, configurable: true };
      return Reflect.getOwnPropertyDescriptor(t, key);
    },
    ownKeys(t) {
      return [...Array.from({ length: n }, (_, i) => String(i)), ...Reflect.ownKeys(t)];
    },
    set: readOnly,
    defineProperty: readOnly,
    deleteProperty: readOnly,
  });
}
