/**
 * Per-case strings kept compactly, for what a run or a comparison holds for every case:
 * ids packed into shared strings (`PackedStrings`, about the id's length plus 4 bytes each
 * instead of a string of its own, 24 bytes or more, and its 8-byte slot), input hashes as
 * 32 bytes (`HashBytes`, instead of a 64-digit string of 80 bytes and its slot), and an
 * index of ids by open addressing over typed arrays (`IdIndex`, about 12 bytes a case
 * where a Map of strings holds about 40 and the strings themselves).
 *
 * The values given back are the values put in: an id is the same text, a hash that is not
 * 64 lowercase hex digits is kept as it is.
 */

/** Ids are packed into strings of at most this many characters (or IDS_PER_CHUNK strings). */
const CHUNK_CHARS = 1 << 20;
const IDS_PER_CHUNK = 4096;

/**
 * Slots per block of HashBytes and PackedStrings' starts. Kept in blocks rather than
 * arrays grown by doubling: a doubling copies the array and leaves the old one (up to half
 * the new size) for a collection to free, and while a 100,000-record baseline was read
 * before the calls those copies (and the copy `trim` made) were about 14 MB of array
 * buffers alive at once, memory glibc then kept through the calls.
 */
const SLOT_SHIFT = 12;
const SLOTS = 1 << SLOT_SHIFT;
const IN_SLOTS = SLOTS - 1;

/**
 * Slots per block of the other per-case columns kept in blocks (a run's case columns,
 * a stored result's record positions, a NumberColumn's values): the same 4,096, for the same reason.
 */
export const BLOCK_SHIFT = SLOT_SHIFT;
export const BLOCK_SLOTS = SLOTS;
export const IN_BLOCK = IN_SLOTS;

/** What a block's columns may be. */
type BlockArray = Uint8Array | Uint16Array | Uint32Array | Float64Array;

/** A block's columns by name: each a kind of typed array and how many values it holds a slot. */
export type BlockShape = Readonly<Record<string, readonly [new (n: number) => BlockArray, number]>>;

/** A block of a shape: its columns, each a typed array of (slots × width) values. */
export type BlockOf<S extends BlockShape> = { [K in keyof S]: InstanceType<S[K][0]> };

/**
 * A block of `slots` slots in `shape`, with the slots of `from` (as many as fit) copied in:
 * a new block, a full block grown from a cut one, or a block cut to size.
 */
export function makeBlock<S extends BlockShape>(shape: S, slots: number, from?: BlockOf<S>): BlockOf<S> {
  const block = {} as Record<string, BlockArray>;
  for (const key of Object.keys(shape)) {
    const [make, width] = shape[key] as S[string];
    const column = new make(slots * width);
    if (from) {
      const source = (from as Record<string, BlockArray>)[key] as BlockArray;
      column.set(source.length > column.length ? source.subarray(0, column.length) : source);
    }
    block[key] = column;
  }
  return block as BlockOf<S>;
}

/** Strings added one after another, kept in shared chunks; string i is read back as it was. */
export class PackedStrings {
  /** Closed chunks; chunk k holds strings from chunkFirst[k] on. */
  private chunks: string[] = [];
  private chunkFirst: number[] = [];
  /** Where each string starts in its chunk (or in the pending ones), in blocks of SLOTS. */
  private starts: Uint32Array[] = [];
  private count = 0;
  /** Strings added since the last chunk was closed, from pendingFirst on. */
  private pending: string[] = [];
  private pendingFirst = 0;
  private pendingChars = 0;

  get length(): number {
    return this.count;
  }

  /** Adds a string; its index. */
  push(text: string): number {
    const i = this.count;
    const b = i >> SLOT_SHIFT;
    if (b === this.starts.length) this.starts.push(new Uint32Array(SLOTS));
    else if ((i & IN_SLOTS) >= (this.starts[b] as Uint32Array).length) {
      const block = new Uint32Array(SLOTS);
      block.set(this.starts[b] as Uint32Array);
      this.starts[b] = block;
    }
    if (this.pending.length === 0) this.pendingFirst = i;
    (this.starts[b] as Uint32Array)[i & IN_SLOTS] = this.pendingChars;
    this.pending.push(text);
    this.pendingChars += text.length;
    this.count = i + 1;
    if (this.pendingChars >= CHUNK_CHARS || this.pending.length >= IDS_PER_CHUNK) this.closeChunk();
    return i;
  }

  /** String i. */
  get(i: number): string {
    this.check(i);
    if (this.pending.length > 0 && i >= this.pendingFirst) return this.pending[i - this.pendingFirst] as string;
    const k = this.chunkOf(i);
    const chunk = this.chunks[k] as string;
    return chunk.slice(this.startOf(i), this.endIn(k, i, chunk));
  }

  /** Whether string i is `text`, without making string i. */
  equals(i: number, text: string): boolean {
    this.check(i);
    if (this.pending.length > 0 && i >= this.pendingFirst) return this.pending[i - this.pendingFirst] === text;
    const k = this.chunkOf(i);
    const chunk = this.chunks[k] as string;
    const start = this.startOf(i);
    const end = this.endIn(k, i, chunk);
    if (end - start !== text.length) return false;
    for (let c = 0; c < text.length; c++) if (chunk.charCodeAt(start + c) !== text.charCodeAt(c)) return false;
    return true;
  }

  /** -1, 0 or 1 as string i sorts before, with or after string j (`<` on strings: by UTF-16 units). */
  compare(i: number, j: number): number {
    const ta = this.locate(i);
    const sa = this.spanStart;
    const la = this.spanEnd - sa;
    const tb = this.locate(j);
    const sb = this.spanStart;
    const lb = this.spanEnd - sb;
    const common = la < lb ? la : lb;
    for (let c = 0; c < common; c++) {
      const x = ta.charCodeAt(sa + c);
      const y = tb.charCodeAt(sb + c);
      if (x !== y) return x < y ? -1 : 1;
    }
    return la === lb ? 0 : la < lb ? -1 : 1;
  }

  /** Whether string i here is string k of `other`, without making either. */
  equalsAt(i: number, other: PackedStrings, k: number): boolean {
    const ta = this.locate(i);
    const sa = this.spanStart;
    const la = this.spanEnd - sa;
    const tb = other.locate(k);
    const sb = other.spanStart;
    if (other.spanEnd - sb !== la) return false;
    for (let c = 0; c < la; c++) if (ta.charCodeAt(sa + c) !== tb.charCodeAt(sb + c)) return false;
    return true;
  }

  /** hashText of string i, without making it. */
  hashOf(i: number): number {
    const text = this.locate(i);
    return hashSpan(text, this.spanStart, this.spanEnd);
  }

  /** Whether any string passes `test`. */
  some(test: (text: string) => boolean): boolean {
    for (let i = 0; i < this.count; i++) if (test(this.get(i))) return true;
    return false;
  }

  /** The first index of `text`, or -1. */
  indexOf(text: string): number {
    for (let i = 0; i < this.count; i++) if (this.equals(i, text)) return i;
    return -1;
  }

  *[Symbol.iterator](): Iterator<string> {
    for (let i = 0; i < this.count; i++) yield this.get(i);
  }

  /** Where the last string `locate` found starts and ends in the text it gave. */
  private spanStart = 0;
  private spanEnd = 0;

  /** The text that holds string i; where it starts and ends in it are left in spanStart and spanEnd (no array made per call). */
  private locate(i: number): string {
    this.check(i);
    if (this.pending.length > 0 && i >= this.pendingFirst) {
      const text = this.pending[i - this.pendingFirst] as string;
      this.spanStart = 0;
      this.spanEnd = text.length;
      return text;
    }
    const k = this.chunkOf(i);
    const chunk = this.chunks[k] as string;
    this.spanStart = this.startOf(i);
    this.spanEnd = this.endIn(k, i, chunk);
    return chunk;
  }

  /** Drops the room kept for more strings (once no more are added). */
  trim(): void {
    if (this.pending.length > 0) this.closeChunk();
    const last = this.starts.length - 1;
    const used = this.count - last * SLOTS;
    const block = this.starts[last];
    if (block !== undefined && block.length > used) this.starts[last] = block.slice(0, used);
  }

  private startOf(i: number): number {
    return (this.starts[i >> SLOT_SHIFT] as Uint32Array)[i & IN_SLOTS] as number;
  }

  private check(i: number): void {
    if (!Number.isInteger(i) || i < 0 || i >= this.count)
      throw new RangeError(`PackedStrings: no string ${i} of ${this.count}`);
  }

  /** Where string i ends in closed chunk k. */
  private endIn(k: number, i: number, chunk: string): number {
    const next = i + 1;
    const nextChunk = k + 1 < this.chunkFirst.length ? (this.chunkFirst[k + 1] as number) : this.closedCount();
    return next < nextChunk ? this.startOf(next) : chunk.length;
  }

  /** How many strings are in closed chunks. */
  private closedCount(): number {
    return this.pending.length > 0 ? this.pendingFirst : this.count;
  }

  private closeChunk(): void {
    this.chunks.push(this.pending.join(''));
    this.chunkFirst.push(this.pendingFirst);
    this.pending = [];
    this.pendingChars = 0;
    this.pendingFirst = this.count;
  }

  /** The closed chunk that holds string i. */
  private chunkOf(i: number): number {
    return chunkHolding(this.chunkFirst, i);
  }
}

/** The chunk that holds item i, given each chunk's first item in rising order: the last chunk whose first is at or before i. */
export function chunkHolding(first: readonly number[], i: number): number {
  let lo = 0;
  let hi = first.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((first[mid] as number) <= i) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

const HASH_HEX = /^[0-9a-f]{64}$/;

/** The two hex digits of each byte, as character codes. */
const HEX_CODES = Array.from({ length: 256 }, (_, b) =>
  [...b.toString(16).padStart(2, '0')].map((d) => d.charCodeAt(0)),
);
/** The value of a lowercase hex digit by character code. */
const HEX_VALUE = new Int8Array(128).fill(-1);
for (let d = 0; d < 16; d++) HEX_VALUE[d.toString(16).charCodeAt(0)] = d;

/**
 * Writes a hash of 64 lowercase hex digits as 32 bytes at `at` of `bytes` and returns true;
 * returns false (writing nothing) for any other text.
 */
export function hashInto(hash: string, bytes: Uint8Array, at: number): boolean {
  if (hash.length !== 64 || !HASH_HEX.test(hash)) return false;
  for (let b = 0; b < 32; b++)
    bytes[at + b] =
      ((HEX_VALUE[hash.charCodeAt(2 * b)] as number) << 4) | (HEX_VALUE[hash.charCodeAt(2 * b + 1)] as number);
  return true;
}

/** Slot states of HashBytes. */
const ABSENT = 0;
const BYTES = 1;
const ODD = 2;

/** One block of HashBytes: 32 bytes and a state per slot. */
const HASH_BLOCK = { bytes: [Uint8Array, 32], state: [Uint8Array, 1] } as const satisfies BlockShape;
type HashBlock = BlockOf<typeof HASH_BLOCK>;

/**
 * Input hashes by index, as 32 bytes each when they are 64 lowercase hex digits (what
 * evalgate writes); any other text is kept as it is. A slot may be empty (`has`). Kept in
 * blocks of 4,096 slots, never copied as they grow.
 */
export class HashBytes {
  private blocks: HashBlock[] = [];
  /** Hashes kept as text, by slot (an array: a Map entry takes several times a slot). */
  private odd: (string | undefined)[] | null = null;
  private count = 0;

  /** One more than the highest slot set. */
  get length(): number {
    return this.count;
  }

  /** Sets slot i (growing as needed). */
  set(i: number, hash: string): void {
    const block = this.room(i);
    const j = i & IN_SLOTS;
    if (hashInto(hash, block.bytes, j * 32)) {
      block.state[j] = BYTES;
      if (this.odd && i < this.odd.length) this.odd[i] = undefined;
    } else {
      (this.odd ??= [])[i] = hash;
      block.state[j] = ODD;
    }
  }

  /** Sets slot i to slot j of `from` (empty when that is empty). */
  copy(i: number, from: HashBytes, j: number): void {
    const block = this.room(i);
    const k = i & IN_SLOTS;
    const s = from.stateOf(j);
    block.state[k] = s;
    if (s === BYTES) {
      const source = from.blocks[j >> SLOT_SHIFT] as HashBlock;
      const at = (j & IN_SLOTS) * 32;
      block.bytes.set(source.bytes.subarray(at, at + 32), k * 32);
    }
    if (s === ODD) (this.odd ??= [])[i] = from.odd?.[j];
    else if (this.odd && i < this.odd.length) this.odd[i] = undefined;
  }

  /** Whether slot i holds a hash. */
  has(i: number): boolean {
    return this.stateOf(i) !== ABSENT;
  }

  /** The hash in slot i, as it was set; undefined when it holds none. */
  get(i: number): string | undefined {
    const s = this.stateOf(i);
    if (s === ODD) return this.odd?.[i];
    if (s !== BYTES) return undefined;
    const bytes = (this.blocks[i >> SLOT_SHIFT] as HashBlock).bytes;
    const at = (i & IN_SLOTS) * 32;
    // One flat string (64 concatenations would make a tree of 63 strings).
    const codes = new Array<number>(64);
    for (let b = 0; b < 32; b++) {
      const [hi, lo] = HEX_CODES[bytes[at + b] as number] as number[];
      codes[2 * b] = hi as number;
      codes[2 * b + 1] = lo as number;
    }
    return String.fromCharCode(...codes);
  }

  /** Whether slot i here and slot j of `other` hold the same hash (both empty counts as the same). */
  same(i: number, other: HashBytes, j: number): boolean {
    const a = this.stateOf(i);
    const b = other.stateOf(j);
    if (a !== b) return false;
    if (a === ODD) return this.odd?.[i] === other.odd?.[j];
    if (a === ABSENT) return true;
    const x = (this.blocks[i >> SLOT_SHIFT] as HashBlock).bytes;
    const y = (other.blocks[j >> SLOT_SHIFT] as HashBlock).bytes;
    const p = (i & IN_SLOTS) * 32;
    const q = (j & IN_SLOTS) * 32;
    for (let k = 0; k < 32; k++) if (x[p + k] !== y[q + k]) return false;
    return true;
  }

  /** Drops the room kept for more slots (in the last block; a slot set later gives it room again). */
  trim(): void {
    const last = this.blocks.length - 1;
    const block = this.blocks[last];
    const used = this.count - last * SLOTS;
    if (block === undefined || block.state.length <= used) return;
    this.blocks[last] = makeBlock(HASH_BLOCK, used, block);
  }

  private stateOf(i: number): number {
    if (i >= this.count) return ABSENT;
    const block = this.blocks[i >> SLOT_SHIFT];
    const j = i & IN_SLOTS;
    return block !== undefined && j < block.state.length ? (block.state[j] as number) : ABSENT;
  }

  /** The block of slot i, made (or given back its room) as needed. */
  private room(i: number): HashBlock {
    const b = i >> SLOT_SHIFT;
    while (this.blocks.length <= b) this.blocks.push(makeBlock(HASH_BLOCK, SLOTS));
    let block = this.blocks[b] as HashBlock;
    if (block.state.length < SLOTS && (i & IN_SLOTS) >= block.state.length)
      this.blocks[b] = block = makeBlock(HASH_BLOCK, SLOTS, block);
    if (i >= this.count) this.count = i + 1;
    return block;
  }
}

/**
 * Case ids → their numbers, for ids numbered 0, 1, 2 … in the order added: open addressing
 * over a table of numbers (linear probing), each id's 32-bit hash kept beside it so most
 * probes compare no text. What a Map<string, number> gives, in typed arrays.
 */
export class IdIndex {
  readonly ids: PackedStrings;
  /** Number + 1 in each slot (0: empty). */
  private slots: Uint32Array;
  private hashes: Uint32Array;
  private mask: number;

  /** `expected`: how many ids to make room for at once (the tables are not grown, and copied, up to it). */
  constructor(ids: PackedStrings = new PackedStrings(), expected = 0) {
    this.ids = ids;
    const room = Math.max(1024, expected, ids.length);
    let size = 2048;
    while (size < 2 * room) size *= 2;
    this.slots = new Uint32Array(size);
    this.mask = size - 1;
    this.hashes = new Uint32Array(room);
    for (let i = 0; i < ids.length; i++) this.place(i, hashText(ids.get(i)));
  }

  /** How many ids are numbered. */
  get size(): number {
    return this.ids.length;
  }

  /** The number of `id`, or undefined. */
  get(id: string): number | undefined {
    const h = hashText(id);
    for (let s = h & this.mask; ; s = (s + 1) & this.mask) {
      const slot = this.slots[s] as number;
      if (slot === 0) return undefined;
      const at = slot - 1;
      if (this.hashes[at] === h && this.ids.equals(at, id)) return at;
    }
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  /** The number of `id`, numbering it next when it has none. */
  numberOf(id: string): number {
    const found = this.get(id);
    if (found !== undefined) return found;
    const at = this.ids.push(id);
    this.place(at, hashText(id));
    return at;
  }

  /** numberOf string k of `from`, made a string only when it is numbered here. */
  numberOfAt(from: PackedStrings, k: number): number {
    const h = from.hashOf(k);
    for (let s = h & this.mask; ; s = (s + 1) & this.mask) {
      const slot = this.slots[s] as number;
      if (slot === 0) break;
      const at = slot - 1;
      if (this.hashes[at] === h && this.ids.equalsAt(at, from, k)) return at;
    }
    const at = this.ids.push(from.get(k));
    this.place(at, h);
    return at;
  }

  /** Drops the room kept for more ids (the probe table keeps its size). */
  trim(): void {
    this.ids.trim();
    if (this.hashes.length > this.ids.length) this.hashes = this.hashes.slice(0, this.ids.length);
  }

  private place(at: number, h: number): void {
    if (at >= this.hashes.length) this.hashes = grown(this.hashes, Math.max(1024, at * 2));
    this.hashes[at] = h;
    // At most half the slots used: probes stay short.
    if (2 * (at + 1) > this.slots.length) {
      this.slots = new Uint32Array(this.slots.length * 2);
      this.mask = this.slots.length - 1;
      for (let k = 0; k < at; k++) this.insert(k, this.hashes[k] as number);
    }
    this.insert(at, h);
  }

  private insert(at: number, h: number): void {
    let s = h & this.mask;
    while (this.slots[s] !== 0) s = (s + 1) & this.mask;
    this.slots[s] = at + 1;
  }
}

/** Numbers read by index (a NumberColumn, without the means to add to it). */
export interface Numbers extends Iterable<number> {
  readonly length: number;
  /** Number i, for i below length. */
  get(i: number): number;
}

/**
 * Numbers added one at a time, kept in blocks of a typed array: no JS array of numbers (8
 * bytes or a heap number each, grown by copying) and no doubled arrays left for a
 * collection to free. Read in place by `get` (once `trim` has cut the last block to its
 * count, nothing is copied), or given as one typed array of exactly their count by `build`.
 */
export class NumberColumn<T extends Uint8Array | Float64Array> implements Numbers {
  private readonly make: new (n: number) => T;
  private blocks: T[] = [];
  private last: T;
  /** Values in the last block (its length is its room). */
  private used = 0;
  private count = 0;

  constructor(make: new (n: number) => T) {
    this.make = make;
    this.last = new make(0);
  }

  get length(): number {
    return this.count;
  }

  push(value: number): void {
    if (this.used === this.last.length) this.room();
    this.last[this.used++] = value;
    this.count++;
  }

  /** `n` copies of `value` (a column that starts late is filled in front). */
  fill(value: number, n: number): void {
    for (let i = 0; i < n; i++) this.push(value);
  }

  get(i: number): number {
    return (this.blocks[i >> BLOCK_SHIFT] as T)[i & IN_BLOCK] as number;
  }

  *[Symbol.iterator](): Iterator<number> {
    for (let i = 0; i < this.count; i++) yield this.get(i);
  }

  /** Drops the room kept for more values in the last block (a value added later gives it room again). */
  trim(): void {
    if (this.blocks.length === 0 || this.used === this.last.length) return;
    this.last = this.last.slice(0, this.used) as T;
    this.blocks[this.blocks.length - 1] = this.last;
  }

  /** The values in one array of their count; the column is empty after it. */
  build(): T {
    const out = new this.make(this.count);
    let at = 0;
    for (const block of this.blocks) {
      const n = Math.min(BLOCK_SLOTS, this.count - at);
      out.set(n === block.length ? block : (block.subarray(0, n) as T), at);
      at += n;
    }
    this.blocks = [];
    this.last = new this.make(0);
    this.used = 0;
    this.count = 0;
    return out;
  }

  /** Room for the next value: a new block, or the last one given back the room trim took. */
  private room(): void {
    if (this.blocks.length > 0 && this.last.length < BLOCK_SLOTS) {
      const grown = new this.make(BLOCK_SLOTS);
      grown.set(this.last);
      this.last = grown;
      this.blocks[this.blocks.length - 1] = grown;
      return;
    }
    this.last = new this.make(BLOCK_SLOTS);
    this.blocks.push(this.last);
    this.used = 0;
  }
}

/** Whether a block of whole numbers below `limit` holds `value` exactly (not -0, a fraction or a negative). */
function wholeBelow(value: number, limit: number): boolean {
  return value >= 0 && value < limit && Math.floor(value) === value && !Object.is(value, -0);
}

/** The widths a NarrowNumbers block may have, narrowest first. */
type NarrowBlock = Uint8Array | Uint16Array | Float64Array;

/**
 * Numbers added one at a time, each block of 4,096 as narrow as its values allow: one byte
 * a value while they are whole numbers from 0 to 254, two while they are below 65,535,
 * eight (the number itself) from the first value that is neither (a fraction, a negative
 * number, -0, infinity). NaN is kept in a narrow block as its largest value. A run's scores
 * are mostly 0 and 1 and its latencies whole milliseconds: a stored result's score and
 * latency columns (a baseline's and the run's own result, held while a compared run's
 * comparison and reports are made) take 1–2 bytes a value instead of 8. `get` gives back exactly the number pushed.
 */
export class NarrowNumbers implements Numbers {
  private blocks: NarrowBlock[] = [];
  /** What stands for NaN in each block: 255, 65,535, or NaN for a block of numbers (never equal). */
  private nan: number[] = [];
  private last: NarrowBlock = new Uint8Array(0);
  private used = 0;
  private count = 0;

  get length(): number {
    return this.count;
  }

  push(value: number): void {
    if (this.used === this.last.length) this.room();
    if (!(this.last instanceof Float64Array)) {
      const nan = this.nan[this.nan.length - 1] as number;
      if (value !== value) value = nan;
      else if (!wholeBelow(value, nan)) this.widen(value);
    }
    this.last[this.used] = value;
    this.used++;
    this.count++;
  }

  /** `n` copies of `value` (a column that starts late is filled in front). */
  fill(value: number, n: number): void {
    for (let i = 0; i < n; i++) this.push(value);
  }

  get(i: number): number {
    const b = i >> BLOCK_SHIFT;
    const x = (this.blocks[b] as NarrowBlock)[i & IN_BLOCK] as number;
    return x === this.nan[b] ? Number.NaN : x;
  }

  *[Symbol.iterator](): Iterator<number> {
    for (let i = 0; i < this.count; i++) yield this.get(i);
  }

  /** Bytes a value in block b (1, 2 or 8). */
  widthOf(b: number): number {
    return (this.blocks[b] as NarrowBlock).BYTES_PER_ELEMENT;
  }

  /** Drops the room kept for more values in the last block (a value added later gives it room again). */
  trim(): void {
    if (this.blocks.length === 0 || this.used === this.last.length) return;
    this.last = this.last.slice(0, this.used);
    this.blocks[this.blocks.length - 1] = this.last;
  }

  /**
   * The last block made wide enough for `value`: two bytes a value if it is a whole number
   * below 65,535 (-0 aside), else eight. The values it holds are copied, NaN as the new
   * block's NaN.
   */
  private widen(value: number): void {
    const b = this.blocks.length - 1;
    const nan = this.nan[b] as number;
    const wide = wholeBelow(value, 65535);
    const next: NarrowBlock = wide ? new Uint16Array(this.last.length) : new Float64Array(this.last.length);
    const nextNan = wide ? 65535 : Number.NaN;
    const from = this.last;
    for (let k = 0; k < this.used; k++) {
      const x = from[k] as number;
      next[k] = x === nan ? nextNan : x;
    }
    this.blocks[b] = this.last = next;
    this.nan[b] = nextNan;
  }

  /** Room for the next value: a new block (one byte a value), or the last one given back the room trim took. */
  private room(): void {
    if (this.blocks.length > 0 && this.last.length < BLOCK_SLOTS) {
      const grown = new (this.last.constructor as new (n: number) => NarrowBlock)(BLOCK_SLOTS);
      grown.set(this.last);
      this.last = grown;
      this.blocks[this.blocks.length - 1] = grown;
      return;
    }
    this.last = new Uint8Array(BLOCK_SLOTS);
    this.blocks.push(this.last);
    this.nan.push(255);
    this.used = 0;
  }
}

/** FNV-1a over a text's UTF-16 units, with a final mix so nearby ids spread over the table. */
export function hashText(text: string): number {
  return hashSpan(text, 0, text.length);
}

/** hashText of `text.slice(start, end)`, without making it. */
function hashSpan(text: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

function grown<T extends Uint8Array | Uint32Array>(a: T, size: number): T {
  const b = new (a.constructor as new (n: number) => T)(size);
  b.set(a);
  return b;
}
