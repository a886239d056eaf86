// A run's cases kept as columns (core/datasets/case-columns.ts): every case comes back as
// the case collect.ts kept before — id, input hash, cluster, line and row place — through
// sharding (pick) and the base commit's cases (replace, addWhole), whatever the ids hold.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CaseColumns, caseHashAt, caseIdAt, NO_INPUTS, type PlacedCase } from '../../src/core/datasets/case-columns.ts';
import { hashValue } from '../../src/core/hash.ts';
import { shardCases } from '../../src/core/shard.ts';
import type { EvalCase } from '../../src/core/types.ts';

/** Case i as collect.ts kept it without its text before the table. */
function placed(i: number): PlacedCase {
  // Ids of every length and script (one is empty, some long enough to fill an id chunk fast).
  const id = i === 7 ? '' : i % 1000 === 3 ? `long-${'x'.repeat(3000)}-${i}` : `c${i}-${i % 5 === 0 ? 'ü字😀' : ''}`;
  // A hash that is not 64 hex digits is kept as it is.
  const inputHash = i === 11 ? 'NOT-HEX' : hashValue({ i });
  return {
    id,
    inputHash,
    source: { file: 'cases.jsonl', line: i + 1 },
    ...(i % 4 === 0 ? { cluster: `k${i % 3}` } : {}),
    inputs: NO_INPUTS,
    place: { offset: i * 1_000_003 + 2 ** 33, bytes: 100 + i },
  };
}

function tableOf(n: number): CaseColumns {
  const table = new CaseColumns('cases.jsonl');
  for (let i = 0; i < n; i++) {
    const c = placed(i);
    const { place, inputs: _inputs, ...rest } = c;
    table.add({ ...rest, inputs: { context: 'dropped' } }, place);
  }
  return table;
}

describe('cases kept as columns', () => {
  it('give every case back after trim, across blocks of columns, and take more cases after it', () => {
    // 4,096 cases a block: a table ending inside its third block, trimmed, then added to.
    const n = 2 * 4096 + 100;
    const table = tableOf(n);
    table.trim();
    table.trim();
    for (const i of [0, 4095, 4096, 8191, 8192, n - 1]) assert.deepEqual(table.at(i), placed(i), `case ${i}`);
    const { place, inputs: _inputs, ...rest } = placed(n);
    table.add({ ...rest, inputs: {} }, place);
    table.addWhole({ id: 'whole', inputHash: 'h', inputs: { q: 'x' }, source: { file: 'other.jsonl', line: 3 } });
    assert.equal(table.length, n + 2);
    for (let i = 0; i <= n; i++) assert.deepEqual(table.at(i), placed(i), `case ${i}`);
    assert.equal(table.id(n + 1), 'whole');
    const small = tableOf(3);
    small.trim();
    assert.deepEqual([...small], [placed(0), placed(1), placed(2)]);
  });

  it('give every case back as it was added, also past offsets of 4 GiB and across id chunks', () => {
    const n = 9000;
    const table = tableOf(n);
    assert.equal(table.length, n);
    for (let i = 0; i < n; i++) {
      assert.deepEqual(table.at(i), placed(i), `case ${i}`);
      assert.equal(caseIdAt(table, i), placed(i).id);
      assert.equal(caseHashAt(table, i), placed(i).inputHash);
    }
    assert.deepEqual(
      [...table].slice(0, 20),
      Array.from({ length: 20 }, (_, i) => placed(i)),
    );
    // Reading between adds closes an id chunk early; later ids still come back.
    table.add(
      { id: 'after', inputHash: hashValue('a'), inputs: {}, source: { file: 'cases.jsonl', line: 1 } },
      { offset: 0, bytes: 1 },
    );
    assert.equal(table.id(n), 'after');
    assert.equal(table.id(n - 1), placed(n - 1).id);
    assert.throws(() => table.at(n + 1), RangeError);
  });

  it("keep the base commit's cases whole where they replace or add to the pull request's", () => {
    const table = tableOf(10).pick([4, 2, 9]);
    assert.deepEqual([...table], [placed(4), placed(2), placed(9)]);
    const edited: EvalCase = {
      id: placed(2).id,
      inputHash: hashValue('edited'),
      inputs: { context: 'base' },
      source: { file: 'base', line: 3 },
    };
    const removed: EvalCase = {
      id: 'gone',
      inputHash: 'x',
      inputs: { context: 'b' },
      source: { file: 'base', line: 9 },
    };
    table.replace(1, edited);
    table.addWhole(removed);
    assert.equal(table.at(1), edited);
    assert.equal(table.at(3), removed);
    assert.equal(table.inputHash(1), edited.inputHash);
    assert.equal(table.id(3), 'gone');
    assert.deepEqual(table.pick([3, 0, 1]).at(0), removed);
    assert.throws(() => table.replace(0, removed), /not gone/);
  });

  it('give back lines, row lengths and ids whatever their size: far from the case number, past two bytes, at the edge of an id chunk', () => {
    // Lines that jump (blank lines, a CSV record over many lines) and rows longer than 65,535
    // bytes; ids long enough that a chunk closes at its 65,536th character, one of them
    // starting at its last two-byte position (65,535).
    const idOf = (i: number): string =>
      i < 3 ? 'y'.repeat(30_000) + i : i === 3 ? 'z'.repeat(65_535) : i < 6 ? `w${i}` : `c${i}`;
    const caseOf = (i: number): PlacedCase => ({
      id: idOf(i),
      inputHash: hashValue({ i }),
      source: { file: 'cases.jsonl', line: i < 4200 ? 2 * i + 1 : 70_000 + 3 * i },
      inputs: NO_INPUTS,
      place: { offset: 13 * i, bytes: i % 97 === 5 ? 70_000 + i : 1 + (i % 300) },
    });
    const table = new CaseColumns('cases.jsonl');
    const n = 4096 + 300;
    for (let i = 0; i < n; i++) {
      const { place, ...rest } = caseOf(i);
      table.add(rest, place);
    }
    table.trim();
    for (let i = 0; i < n; i++) assert.deepEqual(table.at(i), caseOf(i), `case ${i}`);
    // Picked in another order, lines come before their new case numbers.
    const order = [n - 1, 4300, 5, 4, 3, 0, 4199, 4200];
    assert.deepEqual(
      [...table.pick(order)],
      order.map((i) => caseOf(i)),
    );
  });

  it('shard as the same cases in a list would', () => {
    const table = tableOf(300);
    const list = [...table];
    for (const spec of [
      { index: 1, count: 3 },
      { index: 3, count: 3 },
      { index: 2, count: 7 },
    ]) {
      const fromTable = shardCases(table, spec);
      const fromList = shardCases(list, spec);
      assert.ok(fromTable.cases instanceof CaseColumns);
      assert.deepEqual(fromTable.info, fromList.info);
      assert.deepEqual([...fromTable.cases], fromList.cases);
    }
  });
});
