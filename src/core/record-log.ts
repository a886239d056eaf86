/**
 * The append-only record log (`results/<suite>.records.jsonl`) and resuming from it. The
 * first line identifies the run; every other line is one finished record. A process
 * killed mid-write leaves at most one partial last line, which is dropped. A rerun into
 * the same output resumes only when the suite's identity (what is tested and what
 * measures it) is unchanged, and keeps only scored or refused records: errored ones are
 * tried again.
 *
 * Every line carries a MAC (`mac`) made with the run's Authenticator, whose key only a run
 * holding the secret can derive: a log committed to a repository, or edited by hand,
 * cannot pass as finished work. Lines that fail are ignored and counted, and those cases
 * are run again.
 */
import type { Authenticator, LineSource, RangeFile } from '../ports.ts';
import { AggregateColumns } from './aggregate-columns.ts';
import { canonicalJson } from './hash.ts';
import { NarrowNumbers, PackedStrings } from './packed.ts';
import type { Pricing } from './pricing.ts';
import { repeatedStrings } from './result-stream.ts';
import { Positions, recordsInFile } from './stored-records.ts';
import type { CaseRecord, InstrumentIdentity, SuiteAggregates } from './types.ts';

/** The log's first line. */
export interface RecordLogHeader {
  type: 'evalgate-record-log';
  version: 1;
  suite: string;
  runId: string;
  startedAt: string;
  tested: string;
  instrument: string;
}

/**
 * The records a rerun keeps. Read from a log on disk, only which case and repeat each is
 * and where its line is are held (a log of 100,000 records is not kept as records while
 * the calls run); the records are read again, one at a time and checked again, when the
 * new log is started with them. Given as text, they are held as they are.
 */
export class FinishedRecords implements Iterable<CaseRecord> {
  /** `caseId NUL repeat` of each record, in order, with its slot (its record or its line). */
  readonly #slots: Map<string, number>;
  readonly #records: CaseRecord[] | null;
  readonly #lines: KeptLines | null;

  constructor(slots: Map<string, number>, kept: { records: CaseRecord[] } | { lines: KeptLines }) {
    this.#slots = slots;
    this.#records = 'records' in kept ? kept.records : null;
    this.#lines = 'lines' in kept ? kept.lines : null;
  }

  /** How many records are kept. */
  get length(): number {
    return this.#slots.size;
  }

  /** `caseId NUL repeat` of each record kept (what a rerun need not run again). */
  keys(): IterableIterator<string> {
    return this.#slots.keys();
  }

  *[Symbol.iterator](): Iterator<CaseRecord> {
    for (const slot of this.#slots.values()) {
      if (this.#records) yield this.#records[slot] as CaseRecord;
      else if (this.#lines) {
        const { file, starts, ends, check } = this.#lines;
        yield check(file.read(starts[slot] as number, ends[slot] as number));
      }
    }
  }
}

/** Where kept records' lines are in a log on disk, and the check each passes again when read. */
interface KeptLines {
  file: RangeFile;
  starts: number[];
  ends: number[];
  check: (line: string) => CaseRecord;
}

/** What a rerun can keep. */
export interface ResumePlan {
  header: RecordLogHeader;
  finished: FinishedRecords;
  /** Lines that could not be read (a partial last line after a kill). */
  droppedLines: number;
  /** Lines whose MAC did not verify (forged or edited): ignored, their cases run again. */
  rejected: number;
}

/** The MAC of a value's canonical JSON. */
export function macOf(auth: Authenticator, value: unknown): string {
  return auth.tag(canonicalJson(value));
}

/**
 * The MAC of a record line: bound to its log's header MAC, so signed lines of one log
 * cannot be spliced under the header of another.
 */
function recordMac(auth: Authenticator, headerMac: string, record: unknown): string {
  return macOf(auth, { log: headerMac, record });
}

/**
 * Signs the record lines of one log: each record with its MAC, bound to the log's header
 * (whose MAC is computed here once, not per record).
 */
export function recordSigner(
  auth: Authenticator,
  header: RecordLogHeader,
): (record: object) => Record<string, unknown> {
  const headerMac = macOf(auth, header);
  return (record) => ({ ...record, mac: recordMac(auth, headerMac, record) });
}

/** The identity a log must carry for its records to be reused. */
export interface LogIdentity {
  suite: string;
  tested: string;
  instrument: string;
  /** Each case's input hash by id (looked up only when there is a log to read). */
  cases: Pick<ReadonlyMap<string, string>, 'get'>;
  repeats: number;
}

/**
 * Reads a record log and decides what a rerun may keep; null when nothing can be resumed.
 * A log whose header does not verify is not resumed at all (`rejected` counts its lines).
 * The log arrives as its text or its lines, read from disk as they are checked: a log of
 * 100,000 records is never held as lines, and one on disk (a LineSource with ranges) not
 * as records either: only which case and repeat each kept record is and where its line
 * is (FinishedRecords).
 */
export async function planResume(
  text: string | Iterable<string> | AsyncIterable<string> | null,
  identity: LogIdentity,
  auth: Authenticator,
): Promise<ResumePlan | { rejectedLog: number } | null> {
  if (text === null || text === '') return null;
  const file = typeof text === 'object' && 'ranges' in text ? ((text as LineSource).ranges ?? null) : null;
  let header: RecordLogHeader | null = null;
  let headerMac = '';
  let seen = 0;
  let forged = false;
  const slots = new Map<string, number>();
  const records: CaseRecord[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let dropped = 0;
  let rejected = 0;
  /** Looks at one line; false stops: nothing can be resumed. */
  const visit = (line: string, start: number, end: number): boolean => {
    if (line === '') return true;
    seen++;
    if (seen === 1) {
      try {
        const first = JSON.parse(line) as Partial<RecordLogHeader> & { mac?: string };
        if (first.type === 'evalgate-record-log' && first.version === 1) {
          const { mac, ...rest } = first;
          headerMac = macOf(auth, rest);
          if (mac !== headerMac) forged = true;
          else header = rest as RecordLogHeader;
        }
      } catch {
        return false;
      }
      if (forged) return true;
      return !(
        !header ||
        header.suite !== identity.suite ||
        header.tested !== identity.tested ||
        header.instrument !== identity.instrument
      );
    }
    // A log whose header failed is only counted.
    if (forged) return true;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      dropped++;
      return true;
    }
    const { mac, ...record } = (value ?? {}) as CaseRecord & { mac?: string };
    if (value === null || typeof value !== 'object' || mac !== recordMac(auth, headerMac, record)) {
      rejected++;
      return true;
    }
    if (typeof record.caseId !== 'string' || typeof record.repeat !== 'number') {
      dropped++;
      return true;
    }
    if (record.status === 'error') return true;
    if (identity.cases.get(record.caseId) !== record.inputHash || record.repeat >= identity.repeats) return true;
    // A record kept twice: the later one, in the earlier one's place.
    const key = `${record.caseId}\u0000${record.repeat}`;
    let slot = slots.get(key);
    if (slot === undefined) {
      slot = slots.size;
      slots.set(key, slot);
    }
    if (file) {
      starts[slot] = start;
      ends[slot] = end;
    } else records[slot] = record as CaseRecord;
    return true;
  };
  if (file) {
    for await (const batch of file.lines()) for (const l of batch) if (!visit(l.text, l.start, l.end)) return null;
  } else {
    const lines = typeof text === 'string' ? text.split('\n') : text;
    for await (const line of lines) if (!visit(line, 0, 0)) return null;
  }
  if (forged) return { rejectedLog: seen };
  if (header === null) return null;
  const finished = file
    ? new FinishedRecords(slots, { lines: { file, starts, ends, check: keptAgain(file.path, auth, headerMac) } })
    : new FinishedRecords(slots, { records });
  return { header, finished, droppedLines: dropped, rejected };
}

/**
 * A kept record's line read again from the log (when the new log is started with it):
 * it must still be the signed record it was, or the log changed under the run.
 */
function keptAgain(path: string, auth: Authenticator, headerMac: string): (line: string) => CaseRecord {
  return (line) => {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      value = null;
    }
    const { mac, ...record } = (value ?? {}) as CaseRecord & { mac?: string };
    if (value === null || typeof value !== 'object' || mac !== recordMac(auth, headerMac, record))
      throw new Error(
        `${path}: the record log changed while the run was resuming from it; run again once nothing else writes to the output folder`,
      );
    return record as CaseRecord;
  };
}

/** The lines a log starts with: its header and any records carried over, each signed (written in turn, never one string). */
export function* startLogLines(
  header: RecordLogHeader,
  finished: Iterable<CaseRecord>,
  auth: Authenticator,
): Generator<string> {
  const sign = recordSigner(auth, header);
  yield `${JSON.stringify({ ...header, mac: macOf(auth, header) })}\n`;
  for (const record of finished) yield `${JSON.stringify(sign(record))}\n`;
}

/**
 * The records of a log this run wrote, read back when its suite's calls are done: a
 * running suite keeps no finished record in memory (at 100,000 cases they were most of
 * what the call phase held), only how many it appended. The log must be exactly what was
 * written: its header, then `expected` record lines, each signed with the run's key when
 * there is one. Anything else — a line that does not parse, a MAC that fails, a header
 * that is not this run's, more or fewer records — means the file changed while the suite
 * ran; that is an error naming the file and line, never a record skipped.
 */
export async function readBackLog(
  text: string | Iterable<string> | AsyncIterable<string> | null,
  header: RecordLogHeader,
  auth: Authenticator | undefined,
  expected: number,
  file: string,
): Promise<CaseRecord[]> {
  if (text === null) throw logChanged(file, null, 'the record log is gone');
  const lines = typeof text === 'string' ? text.split('\n') : text;
  const check = lineChecker(header, auth, file);
  const shared = repeatedStrings();
  const records: CaseRecord[] = [];
  const seen = new Set<string>();
  let n = 0;
  for await (const line of lines) {
    n++;
    const record = check(line, n);
    if (record === null) continue;
    const key = `${record.caseId}\u0000${record.repeat}`;
    if (seen.has(key)) throw logChanged(file, n, `case ${record.caseId} repeat ${record.repeat} is in the log twice`);
    seen.add(key);
    records.push(shared(record));
  }
  if (n === 0) throw logChanged(file, null, 'the record log is empty');
  if (records.length !== expected)
    throw logChanged(file, null, `it holds ${records.length} record(s) where the run appended ${expected}`);
  return records;
}

/** The error for a record log that is not what this run wrote. */
function logChanged(file: string, line: number | null, why: string): Error {
  return new Error(
    `${file}${line === null ? '' : `:${line}`}: ${why}; the record log changed while the suite ran (another process wrote to the output folder?); run again into an output folder nothing else writes to`,
  );
}

/**
 * Takes a parsed line's `mac` off the record itself and returns it: the record keeps its
 * other keys in their order, as a copy without the key would, without a copy of every
 * record read back (100,000 objects at 100,000 cases, twice: checked, then written).
 */
function takeMac(record: object): unknown {
  const mac = (record as { mac?: unknown }).mac;
  delete (record as { mac?: unknown }).mac;
  return mac;
}

/**
 * Checks one line of a log this run wrote (1-based `n`): the header on line 1, then records
 * that parse and carry this run's MAC. Returns the record without its MAC, or null for the
 * header and blank lines; throws naming the file and line.
 */
function lineChecker(
  header: RecordLogHeader,
  auth: Authenticator | undefined,
  file: string,
): (line: string, n: number) => CaseRecord | null {
  const headerMac = auth ? macOf(auth, header) : '';
  const wanted = JSON.stringify(auth ? { ...header, mac: headerMac } : header);
  return (line, n) => {
    if (n === 1) {
      if (line !== wanted) throw logChanged(file, 1, 'the first line is not the header this run wrote');
      return null;
    }
    if (line === '') return null;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw logChanged(file, n, `not valid JSON (${(error as Error).message})`);
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw logChanged(file, n, 'not a record');
    const record = value as CaseRecord;
    if (auth && takeMac(record) !== recordMac(auth, headerMac, record))
      throw logChanged(file, n, 'the line does not carry this run’s MAC');
    if (typeof record.caseId !== 'string' || typeof record.repeat !== 'number')
      throw logChanged(file, n, 'not a record');
    return record;
  };
}

/**
 * A run's records read back from its log and left there: what its result file is written
 * from without holding them.
 */
export interface LoggedRecords {
  /** In the result's order (case id, then repeat); each parsed again from the log when asked for. */
  sorted: readonly CaseRecord[];
  /** The aggregates of the same records (aggregateRecords's), from numbers kept as the log was read. */
  aggregates: (instrument: InstrumentIdentity, pricing: Pricing | null) => SuiteAggregates;
}

/**
 * readBackLog for a log on disk whose lines can be read again by offset: the same checks
 * (header, MAC, each case × repeat once, the count), but each record is kept only as where
 * it is (offsets and a checksum), its case id and repeat, and what the aggregates read. The
 * result file is then written from the log record by record (stored-records.ts reads each
 * again, checks it is unchanged and fails naming the file if not).
 */
export async function readBackLogInPlace(
  log: RangeFile,
  header: RecordLogHeader,
  auth: Authenticator | undefined,
  expected: number,
  file: string,
): Promise<LoggedRecords> {
  const check = lineChecker(header, auth, file);
  const at = new Positions();
  // Case ids packed into shared strings and numbers in typed blocks, not JS arrays of a
  // string and two numbers a record: at 100,000 records those arrays and the id strings
  // were about 6 MB held until the reports, and their doublings garbage.
  const ids = new PackedStrings();
  // As narrow as their values (packed.ts NarrowNumbers), read in place: repeats are small,
  // and each record's line is kept as its distance from the record's index (2 when only the
  // header precedes it), one byte a record where the two columns and their copies took 32.
  const repeats = new NarrowNumbers();
  const lineGap = new NarrowNumbers();
  const columns = new AggregateColumns();
  let n = 0;
  for await (const batch of log.lines())
    for (const { text: line, start, end } of batch) {
      n++;
      const record = check(line, n);
      if (record === null) continue;
      at.add(start, end, line);
      ids.push(record.caseId);
      repeats.push(record.repeat);
      lineGap.push(n - lineGap.length);
      columns.add(record);
    }
  if (n === 0) throw logChanged(file, null, 'the record log is empty');
  ids.trim();
  const lineOf = (i: number): number => lineGap.get(i) + i;
  const count = ids.length;
  // Sorted as assembleResult sorts; a case × repeat found twice sits next to itself (the
  // sort is stable, so the later line comes second).
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  order.sort((a, b) => ids.compare(a, b) || repeats.get(a) - repeats.get(b));
  let twice: number | null = null;
  for (let k = 1; k < count; k++) {
    const a = order[k - 1] as number;
    const b = order[k] as number;
    if (repeats.get(a) === repeats.get(b) && ids.compare(a, b) === 0 && (twice === null || lineOf(b) < lineOf(twice)))
      twice = b;
  }
  if (twice !== null)
    throw logChanged(file, lineOf(twice), `case ${ids.get(twice)} repeat ${repeats.get(twice)} is in the log twice`);
  if (count !== expected)
    throw logChanged(file, null, `it holds ${count} record(s) where the run appended ${expected}`);
  const parse = (text: string): CaseRecord => {
    const value = JSON.parse(text) as CaseRecord;
    if (auth) takeMac(value);
    return value;
  };
  return {
    sorted: recordsInFile(log, at, order, log.size(), parse),
    aggregates: (instrument, pricing) =>
      columns.aggregates(order, (a, b) => ids.compare(a, b) === 0, instrument, pricing),
  };
}
