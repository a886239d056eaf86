/**
 * A run's cases kept as columns rather than one object per case: a dataset of 100,000
 * cases read back lazily (collect.ts) keeps per case its id (packed into shared strings),
 * its input hash (32 bytes), its line, and its row's place in the file (offset and
 * length) — about 44 bytes a case besides its id's characters, instead of the ~270 of an
 * object with its strings.
 *
 * A case is made as an object only when asked for (`at`), and then as collect.ts makes a
 * case kept without its text: id, input hash, no inputs, source and place, so the row
 * reader builds it again from the file. A table may also hold whole cases (a case added
 * without a place, or one the base commit defines instead of the pull request's: engine.ts
 * `withBaseCases`); those are kept as they are and given back as the same object.
 *
 * Code that reads a suite's cases takes `Cases` (a plain list or a table) and reads them
 * with `caseAt`, `caseIdAt` and `caseHashAt`, or iterates them.
 */
import {
  BLOCK_SHIFT,
  BLOCK_SLOTS as BLOCK,
  chunkHolding,
  hashInto,
  IN_BLOCK,
  makeBlock,
  NarrowNumbers,
  type BlockOf,
  type BlockShape,
} from '../packed.ts';
import type { EvalCase } from '../types.ts';

/** Where a row is in its file: its first byte and its length in bytes (without its line break). */
export interface RowPlace {
  offset: number;
  bytes: number;
}

/** A case kept without its text, and where its row is. */
export type PlacedCase = EvalCase & { place: RowPlace };

/** The inputs of a case kept without its text (never read: the row reader gives the case whole). */
export const NO_INPUTS: Readonly<Record<string, string>> = Object.freeze({});

/**
 * A chunk of ids is closed once it holds this many characters (or IDS_PER_CHUNK ids), so
 * where an id starts in its chunk is below 65,536: two bytes.
 */
const CHUNK_CHARS = 1 << 16;
const IDS_PER_CHUNK = 4096;

/** The two hex digits of each byte, as character codes. */
const HEX_CODES = Array.from({ length: 256 }, (_, b) =>
  [...b.toString(16).padStart(2, '0')].map((d) => d.charCodeAt(0)),
);

/**
 * The columns are kept in blocks of BLOCK_SLOTS cases (packed.ts) rather than arrays grown
 * by doubling: a doubling copies every column and leaves the old arrays (up to half the new
 * size) for a collection to free, and at 100,000 cases those large blocks of malloc memory
 * were what glibc kept after the load. The last block is cut to size by `trim`. A case's
 * line and its row's length are kept apart, as narrow as they are (`NarrowNumbers`: one or
 * two bytes where they took four each), and ids start below 65,536 in their chunk (two
 * bytes): 44–45 bytes a case in all, where it was 52.
 */
const CASE_BLOCK = {
  offsets: [Float64Array, 1],
  /** 32 bytes a case. */
  hashes: [Uint8Array, 32],
  /** Where each id starts in its chunk (below CHUNK_CHARS). */
  idStarts: [Uint16Array, 1],
} as const satisfies BlockShape;

/** The columns of up to BLOCK_SLOTS cases. */
type Block = BlockOf<typeof CASE_BLOCK>;

/** A suite's cases: a plain list, or a table of columns. */
export type Cases = readonly EvalCase[] | CaseColumns;

/** Case i of a list or a table. */
export function caseAt(cases: Cases, i: number): EvalCase {
  return cases instanceof CaseColumns ? cases.at(i) : (cases[i] as EvalCase);
}

/** The id of case i, without making the case. */
export function caseIdAt(cases: Cases, i: number): string {
  return cases instanceof CaseColumns ? cases.id(i) : (cases[i] as EvalCase).id;
}

/** The input hash of case i, without making the case. */
export function caseHashAt(cases: Cases, i: number): string {
  return cases instanceof CaseColumns ? cases.inputHash(i) : (cases[i] as EvalCase).inputHash;
}

/** The cases at `indices`, in that order, as the same kind of list. */
export function pickCases(cases: Cases, indices: readonly number[]): Cases {
  return cases instanceof CaseColumns ? cases.pick(indices) : indices.map((i) => cases[i] as EvalCase);
}

/** Cases of one dataset file as columns. */
export class CaseColumns implements Iterable<EvalCase> {
  readonly file: string;
  #length = 0;
  /** Case i's columns are in block i >> BLOCK_SHIFT, at i & IN_BLOCK. */
  #blocks: Block[] = [];
  /** Case i's line, less i (1 for every case of a JSON Lines file without blank lines), and its row's bytes (0 for a case kept whole). */
  #lines = new NarrowNumbers();
  #bytes = new NarrowNumbers();
  /** Packed ids, chunk k holding those of cases from #chunkFirst[k]. */
  #chunks: string[] = [];
  #chunkFirst: number[] = [];
  /** Ids added since the last chunk was closed. */
  #pending: string[] = [];
  #pendingChars = 0;
  /** Hashes that are not 64 lowercase hex digits (kept as they are), by case. */
  #oddHashes: Map<number, string> | null = null;
  /** Clusters, once a case has one. */
  #clusters: (string | undefined)[] | null = null;
  /** Cases kept whole, by index. */
  #whole: Map<number, EvalCase> | null = null;

  constructor(file: string) {
    this.file = file;
  }

  get length(): number {
    return this.#length;
  }

  /** Adds a case kept without its text: its row is at `place` in this table's file. */
  add(evalCase: EvalCase, place: RowPlace): void {
    const i = this.#grow();
    const block = this.#blockOf(i);
    block.offsets[i & IN_BLOCK] = place.offset;
    this.#lines.push(evalCase.source.line - i);
    this.#bytes.push(place.bytes);
    this.#setHash(i, evalCase.inputHash);
    this.#setId(i, evalCase.id);
    if (evalCase.cluster !== undefined) {
      this.#clusters ??= [];
      this.#clusters[i] = evalCase.cluster;
    }
  }

  /** Adds a case kept as it is (with its text, or from another file). */
  addWhole(evalCase: EvalCase): void {
    const i = this.#grow();
    this.#lines.push(0);
    this.#bytes.push(0);
    this.#setHash(i, evalCase.inputHash);
    this.#setId(i, evalCase.id);
    (this.#whole ??= new Map()).set(i, evalCase);
  }

  /** Case i stands for `evalCase` (kept whole) from now on. */
  replace(i: number, evalCase: EvalCase): void {
    this.#check(i);
    if (evalCase.id !== this.id(i))
      throw new Error(`CaseColumns.replace: case ${i} is ${this.id(i)}, not ${evalCase.id}`);
    this.#setHash(i, evalCase.inputHash);
    (this.#whole ??= new Map()).set(i, evalCase);
  }

  id(i: number): string {
    this.#check(i);
    if (this.#pending.length > 0) this.#closeChunk();
    const k = this.#chunkOf(i);
    const chunk = this.#chunks[k] as string;
    const next = i + 1;
    const end =
      next < this.#length && (k + 1 >= this.#chunkFirst.length || next < (this.#chunkFirst[k + 1] as number))
        ? (this.#blockOf(next).idStarts[next & IN_BLOCK] as number)
        : chunk.length;
    return chunk.slice(this.#blockOf(i).idStarts[i & IN_BLOCK] as number, end);
  }

  inputHash(i: number): string {
    this.#check(i);
    const odd = this.#oddHashes?.get(i);
    if (odd !== undefined) return odd;
    // One flat string (64 concatenations would make a tree of 63 strings, ~2 KB a hash).
    const codes = new Array<number>(64);
    const hashes = this.#blockOf(i).hashes;
    const at = (i & IN_BLOCK) * 32;
    for (let b = 0; b < 32; b++) {
      const [hi, lo] = HEX_CODES[hashes[at + b] as number] as number[];
      codes[2 * b] = hi as number;
      codes[2 * b + 1] = lo as number;
    }
    return String.fromCharCode(...codes);
  }

  /** Case i: whole when kept whole, else without its text and with its row's place. */
  at(i: number): EvalCase {
    this.#check(i);
    const whole = this.#whole?.get(i);
    if (whole !== undefined) return whole;
    const cluster = this.#clusters?.[i];
    const placed: PlacedCase = {
      id: this.id(i),
      inputHash: this.inputHash(i),
      source: { file: this.file, line: this.#lines.get(i) + i },
      ...(cluster !== undefined ? { cluster } : {}),
      inputs: NO_INPUTS,
      place: { offset: this.#blockOf(i).offsets[i & IN_BLOCK] as number, bytes: this.#bytes.get(i) },
    };
    return placed;
  }

  /** A new table of the cases at `indices`, in that order. */
  pick(indices: readonly number[]): CaseColumns {
    const out = new CaseColumns(this.file);
    for (const i of indices) {
      this.#check(i);
      const whole = this.#whole?.get(i);
      if (whole !== undefined) {
        out.addWhole(whole);
        continue;
      }
      const o = out.#grow();
      const from = this.#blockOf(i);
      const to = out.#blockOf(o);
      const j = i & IN_BLOCK;
      const k = o & IN_BLOCK;
      to.offsets[k] = from.offsets[j] as number;
      out.#lines.push(this.#lines.get(i) + i - o);
      out.#bytes.push(this.#bytes.get(i));
      const odd = this.#oddHashes?.get(i);
      if (odd !== undefined) (out.#oddHashes ??= new Map()).set(o, odd);
      else to.hashes.set(from.hashes.subarray(j * 32, j * 32 + 32), k * 32);
      out.#setId(o, this.id(i));
      const cluster = this.#clusters?.[i];
      if (cluster !== undefined) {
        out.#clusters ??= [];
        out.#clusters[o] = cluster;
      }
    }
    return out;
  }

  /**
   * Drops the room kept for more cases in the last block (up to BLOCK - 1 cases, 200 KB),
   * once they are loaded; a case added later gives it room again.
   */
  trim(): void {
    if (this.#pending.length > 0) this.#closeChunk();
    this.#lines.trim();
    this.#bytes.trim();
    const last = this.#blocks.length - 1;
    const used = this.#length - last * BLOCK;
    const block = this.#blocks[last];
    if (block !== undefined && block.offsets.length > used) this.#blocks[last] = makeBlock(CASE_BLOCK, used, block);
  }

  *[Symbol.iterator](): Iterator<EvalCase> {
    for (let i = 0; i < this.#length; i++) yield this.at(i);
  }

  #check(i: number): void {
    if (!Number.isInteger(i) || i < 0 || i >= this.#length)
      throw new RangeError(`CaseColumns: no case ${i} of ${this.#length}`);
  }

  /** Room for one more case; its index. */
  #grow(): number {
    const i = this.#length;
    const b = i >> BLOCK_SHIFT;
    const block = this.#blocks[b];
    if (block === undefined) this.#blocks.push(makeBlock(CASE_BLOCK, BLOCK));
    else if ((i & IN_BLOCK) >= block.offsets.length) this.#blocks[b] = makeBlock(CASE_BLOCK, BLOCK, block);
    this.#length = i + 1;
    return i;
  }

  #blockOf(i: number): Block {
    return this.#blocks[i >> BLOCK_SHIFT] as Block;
  }

  #setHash(i: number, hash: string): void {
    if (hashInto(hash, this.#blockOf(i).hashes, (i & IN_BLOCK) * 32)) {
      this.#oddHashes?.delete(i);
    } else (this.#oddHashes ??= new Map()).set(i, hash);
  }

  /** Appends the id of case i (always the last case added). */
  #setId(i: number, id: string): void {
    if (this.#pending.length === 0) this.#chunkFirst.push(i);
    this.#blockOf(i).idStarts[i & IN_BLOCK] = this.#pendingChars;
    this.#pending.push(id);
    this.#pendingChars += id.length;
    if (this.#pendingChars >= CHUNK_CHARS || this.#pending.length >= IDS_PER_CHUNK) this.#closeChunk();
  }

  #closeChunk(): void {
    this.#chunks.push(this.#pending.join(''));
    this.#pending = [];
    this.#pendingChars = 0;
  }

  /** The chunk that holds case i's id (all chunks closed). */
  #chunkOf(i: number): number {
    return chunkHolding(this.#chunkFirst, i);
  }
}
