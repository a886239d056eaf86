// Per-case ids, hashes and the id index kept in typed arrays (core/packed.ts): what a Map of
// strings and arrays of strings gave, value for value — ids read back as they were put in,
// numbers found for every id numbered and none for any other, ids whose 32-bit hashes are
// equal told apart, hashes that are not 64 hex digits kept as they are.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HashBytes, hashText, IdIndex, NarrowNumbers, NumberColumn, PackedStrings } from '../../src/core/packed.ts';

/** Ids of many shapes: empty, long, non-ASCII, a surrogate pair, near neighbours. */
const ODD_IDS = ['', 'a', 'ab', 'é-case', '💥', 'x'.repeat(3000), 'case-1', 'case-10', 'case-1 ', 'Case-1'];

describe('PackedStrings', () => {
  it('gives back each string as it was added, across chunks and before a chunk is closed', () => {
    const packed = new PackedStrings();
    const ids = [...ODD_IDS, ...Array.from({ length: 9000 }, (_, i) => `c${String(i).padStart(6, '0')}`)];
    for (const [k, id] of ids.entries()) {
      assert.equal(packed.push(id), k);
      // Read while adding: the last one is still pending.
      assert.equal(packed.get(k), id);
    }
    assert.equal(packed.length, ids.length);
    packed.trim();
    assert.deepEqual([...packed], ids);
    for (const [k, id] of ids.entries()) {
      assert.equal(packed.equals(k, id), true);
      assert.equal(packed.equals(k, `${id}!`), false);
    }
    assert.equal(packed.indexOf('case-10'), 7);
    assert.equal(packed.indexOf('nowhere'), -1);
    assert.throws(() => packed.get(ids.length), RangeError);
  });

  it('sorts as `<` on the strings does', () => {
    const packed = new PackedStrings();
    const ids = [...ODD_IDS, 'b', 'aa', 'a\u0000', '\uffff', 'z'];
    for (const id of ids) packed.push(id);
    const byCompare = ids.map((_, i) => i).sort((x, y) => packed.compare(x, y));
    const byText = ids
      .map((_, i) => i)
      .sort((x, y) => ((ids[x] as string) < (ids[y] as string) ? -1 : ids[x] === ids[y] ? 0 : 1));
    assert.deepEqual(byCompare, byText);
  });
});

describe('IdIndex', () => {
  it('numbers ids in the order first given, the same number for an id given again', () => {
    const index = new IdIndex();
    const ids = Array.from({ length: 20000 }, (_, i) => `case-${i}`);
    for (const [k, id] of ids.entries()) assert.equal(index.numberOf(id), k);
    // Repeats of a case (the same id again) get its number, not a new one.
    for (const [k, id] of ids.entries()) assert.equal(index.numberOf(id), k);
    assert.equal(index.size, ids.length);
    for (const [k, id] of ids.entries()) assert.equal(index.get(id), k);
    assert.equal(index.ids.get(12345), 'case-12345');
  });

  it('numbers the strings of a packed list as their texts, made room for or grown past', () => {
    // A side's ids as a stored result packs them: closed chunks and pending ones, odd ids,
    // two ids with the same 32-bit hash, repeats.
    const side = new PackedStrings();
    const texts = [
      ...ODD_IDS,
      'case-478212',
      'case-1221200',
      ...Array.from({ length: 9000 }, (_, i) => `c-${i % 7000}`),
    ];
    for (const text of texts) side.push(text);
    for (const expected of [0, texts.length, 100]) {
      const byText = new IdIndex();
      const byPacked = new IdIndex(undefined, expected);
      for (let k = 0; k < texts.length; k++) {
        assert.equal(side.hashOf(k), hashText(texts[k] as string));
        assert.equal(byPacked.numberOfAt(side, k), byText.numberOf(texts[k] as string), `string ${k}`);
      }
      assert.deepEqual([...byPacked.ids], [...byText.ids]);
      for (let i = 0; i < byPacked.size; i++) {
        const k = texts.indexOf(byPacked.ids.get(i));
        assert.equal(byPacked.ids.equalsAt(i, side, k), true);
        assert.equal(
          byPacked.ids.equalsAt(i, side, (k + 1) % texts.length),
          texts[(k + 1) % texts.length] === texts[k],
        );
      }
    }
  });

  it('finds no number for an id it was not given', () => {
    const index = new IdIndex();
    for (const id of ODD_IDS) index.numberOf(id);
    for (const id of ['case-2', 'case-', 'é', '💥💥', 'x'.repeat(2999), ' case-1', 'case-1\u0000'])
      assert.equal(index.get(id), undefined, id);
    assert.equal(index.has('case-1'), true);
    assert.equal(new IdIndex().get('anything'), undefined);
  });

  it('tells apart ids whose hashes are equal', () => {
    // Two ids with the same 32-bit hash (found by search): the text decides.
    const [a, b] = ['case-478212', 'case-1221200'];
    assert.equal(hashText(a), hashText(b));
    const index = new IdIndex();
    assert.equal(index.get(a), undefined);
    assert.equal(index.numberOf(a), 0);
    assert.equal(index.get(b), undefined);
    assert.equal(index.numberOf(b), 1);
    assert.equal(index.get(a), 0);
    assert.equal(index.get(b), 1);
    // Both still found once the table has grown around them.
    for (let i = 0; i < 5000; i++) index.numberOf(`other-${i}`);
    assert.equal(index.get(a), 0);
    assert.equal(index.get(b), 1);
  });
});

describe('HashBytes', () => {
  const hex = (seed: number): string =>
    Array.from({ length: 32 }, (_, b) => ((seed * 31 + b * 7) & 255).toString(16).padStart(2, '0')).join('');

  it('gives back hex hashes and any other text as set, and knows empty slots', () => {
    const hashes = new HashBytes();
    const values = [hex(1), hex(2), 'h2-edited', hex(3).toUpperCase(), `${hex(4)}0`, ''];
    for (const [k, v] of values.entries()) hashes.set(2 * k, v);
    for (const [k, v] of values.entries()) {
      assert.equal(hashes.get(2 * k), v);
      assert.equal(hashes.has(2 * k), true);
      assert.equal(hashes.has(2 * k + 1), false);
      assert.equal(hashes.get(2 * k + 1), undefined);
    }
    assert.equal(hashes.has(1000), false);
    hashes.set(2, 'replaced');
    assert.equal(hashes.get(2), 'replaced');
    hashes.set(2, hex(9));
    assert.equal(hashes.get(2), hex(9));
    hashes.trim();
    assert.equal(hashes.get(0), hex(1));
  });

  it('compares slots as the strings compare', () => {
    const a = new HashBytes();
    const b = new HashBytes();
    const pairs: [string | undefined, string | undefined][] = [
      [hex(1), hex(1)],
      [hex(1), hex(2)],
      [hex(1), hex(1).toUpperCase()],
      ['odd', 'odd'],
      ['odd', 'other'],
      [hex(3), undefined],
      [undefined, undefined],
    ];
    for (const [k, [x, y]] of pairs.entries()) {
      if (x !== undefined) a.set(k, x);
      if (y !== undefined) b.set(k, y);
    }
    for (const [k, [x, y]] of pairs.entries()) assert.equal(a.same(k, b, k), x === y, `pair ${k}`);
    const c = new HashBytes();
    for (let k = 0; k < pairs.length; k++) c.copy(k, a, k);
    for (const [k, [x]] of pairs.entries()) assert.equal(c.get(k), x);
  });
});

describe('HashBytes over many slots', () => {
  const hex = (i: number): string =>
    Array.from({ length: 32 }, (_, b) => ((i * 131 + b * 17 + (i >> 8)) & 255).toString(16).padStart(2, '0')).join('');

  it('keeps every slot across its blocks, set in any order, before and after trim', () => {
    const hashes = new HashBytes();
    const n = 10000;
    const value = (i: number): string | undefined => (i % 5 === 4 ? undefined : i % 7 === 0 ? `odd-${i}` : hex(i));
    // Set from the top down, so the first slot set is the last block's.
    for (let i = n - 1; i >= 0; i--) {
      const v = value(i);
      if (v !== undefined) hashes.set(i, v);
    }
    const check = (): void => {
      for (let i = 0; i < n; i++) {
        assert.equal(hashes.get(i), value(i), `slot ${i}`);
        assert.equal(hashes.has(i), value(i) !== undefined);
      }
    };
    check();
    assert.equal(hashes.length, n - 1);
    hashes.trim();
    check();
    // Slots past the trimmed end, in the trimmed block and beyond it.
    hashes.set(n + 3, hex(1));
    hashes.set(3 * 4096 + 5, hex(2));
    assert.equal(hashes.get(n + 3), hex(1));
    assert.equal(hashes.get(n + 2), undefined);
    assert.equal(hashes.get(3 * 4096 + 5), hex(2));
    check();
    const copy = new HashBytes();
    for (let i = 0; i < n; i++) copy.copy(n - 1 - i, hashes, i);
    for (let i = 0; i < n; i++) {
      assert.equal(copy.get(n - 1 - i), value(i));
      assert.equal(copy.same(n - 1 - i, hashes, i), true);
      if (i > 0) assert.equal(copy.same(n - 1 - i, hashes, i - 1), value(i) === value(i - 1));
    }
  });
});

describe('NumberColumn', () => {
  it('gives every number pushed, in order, as one array of their count', () => {
    const column = new NumberColumn(Float64Array);
    column.fill(Number.NaN, 3);
    const values = Array.from({ length: 9000 }, (_, i) => i / 7);
    for (const v of values) column.push(v);
    const out = column.build();
    assert.ok(out instanceof Float64Array);
    assert.deepEqual([...out], [Number.NaN, Number.NaN, Number.NaN, ...values]);
    const bytes = new NumberColumn(Uint8Array);
    assert.deepEqual([...bytes.build()], []);
    bytes.push(3);
    assert.deepEqual([...bytes.build()], [3]);
  });

  it('reads every number in place, before and after its last block is cut, and takes more after', () => {
    for (const count of [0, 1, 4095, 4096, 4097, 9000, 12288]) {
      const column = new NumberColumn(Float64Array);
      const values = Array.from({ length: count }, (_, i) => i / 7 - 100);
      for (const v of values) column.push(v);
      const read = (): number[] => Array.from({ length: column.length }, (_, i) => column.get(i));
      assert.deepEqual(read(), values, `${count} before trim`);
      column.trim();
      assert.equal(column.length, count);
      assert.deepEqual(read(), values, `${count} after trim`);
      assert.deepEqual([...column], values);
      // A value added after the cut gives the block its room again; the others stay.
      const more = Array.from({ length: 5000 }, (_, i) => -i);
      for (const v of more) column.push(v);
      assert.deepEqual(read(), [...values, ...more], `${count} pushed after trim`);
      column.trim();
      assert.deepEqual([...column.build()], [...values, ...more]);
      assert.equal(column.length, 0);
    }
    const bytes = new NumberColumn(Uint8Array);
    for (let i = 0; i < 5000; i++) bytes.push(i % 256);
    bytes.trim();
    assert.equal(bytes.get(4999), 4999 % 256);
    assert.equal(bytes.get(5000), undefined);
  });
});

describe('NarrowNumbers', () => {
  // Each number read back must be the very number pushed: Object.is tells NaN, 0 and -0 apart.
  const same = (column: NarrowNumbers, values: readonly number[], what: string): void => {
    assert.equal(column.length, values.length, what);
    for (const [i, v] of values.entries())
      assert.ok(Object.is(column.get(i), v), `${what}: ${i} is ${column.get(i)}, not ${v}`);
    assert.equal([...column].length, values.length);
  };

  it('gives back every number pushed, in blocks of one, two or eight bytes a value as their values allow', () => {
    // Block 0: scores 0/1 and NaN (one byte); block 1: 254, then 255 and 300 (two bytes, NaN
    // kept); block 2: 65,534, then 65,535 (eight); block 3: -0 among whole numbers (eight);
    // block 4: a fraction after NaN (eight); block 5: -1, 2 ** 40, Infinity (eight); block 6: ones.
    const blocks: number[][] = [
      Array.from({ length: 4096 }, (_, i) => (i % 5 === 0 ? Number.NaN : i % 2)),
      Array.from({ length: 4096 }, (_, i) => (i === 100 ? 255 : i === 2000 ? 300 : i % 7 === 0 ? Number.NaN : 254)),
      Array.from({ length: 4096 }, (_, i) => (i === 4000 ? 65535 : i % 3 === 0 ? Number.NaN : 65534)),
      Array.from({ length: 4096 }, (_, i) => (i === 17 ? -0 : i % 200)),
      Array.from({ length: 4096 }, (_, i) => (i < 10 ? Number.NaN : i === 10 ? 0.5 : i)),
      Array.from({ length: 4096 }, (_, i) => [-1, 2 ** 40, Number.POSITIVE_INFINITY, 3][i % 4] as number),
      Array.from({ length: 1000 }, () => 1),
    ];
    const values = blocks.flat();
    const column = new NarrowNumbers();
    for (const v of values) column.push(v);
    same(column, values, 'before trim');
    assert.deepEqual(
      blocks.map((_, b) => column.widthOf(b)),
      [1, 2, 8, 8, 8, 8, 1],
    );
    column.trim();
    same(column, values, 'after trim');
    // A value added after the cut gives the block its room again, and may widen it.
    const more = [2, Number.NaN, 70000, 1];
    for (const v of more) column.push(v);
    same(column, [...values, ...more], 'pushed after trim');
    assert.equal(column.widthOf(6), 8);
  });

  it('fills in front of a column that starts late, and reads an empty one', () => {
    const column = new NarrowNumbers();
    same(column, [], 'empty');
    column.trim();
    column.fill(Number.NaN, 5000);
    column.push(0.25);
    same(column, [...Array.from({ length: 5000 }, () => Number.NaN), 0.25], 'filled');
    assert.deepEqual([column.widthOf(0), column.widthOf(1)], [1, 8]);
  });
});
