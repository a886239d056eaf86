// The exact-copy dataset builder on a small SQuAD-format file written here.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { buildExactCopySet } from '../../src/core/datasets/squad.ts';
import { parseExactCopyDataset } from '../../src/core/kinds/exact-copy/dataset.ts';
import { ROOT } from '../helpers/cli.ts';

const squad = JSON.stringify({
  version: 'test',
  data: [
    {
      title: 'A',
      paragraphs: [
        {
          context: 'Alpha paragraph,\nwith a line break.',
          qas: [
            { id: 'a1', question: 'What is alpha?' },
            { id: 'a2', question: 'Which\nbreak?' },
          ],
        },
        { context: 'Beta paragraph.', qas: [{ id: 'b1', question: 'What is beta?' }] },
      ],
    },
    {
      title: 'B',
      paragraphs: [
        { context: 'ガンマの段落です。', qas: [{ id: 'g1', question: 'ガンマとは?' }] },
        { context: 'Delta paragraph.', qas: [{ id: 'd1', question: 'What is delta?' }] },
      ],
    },
  ],
});

const lines = (jsonl: string): Record<string, string>[] =>
  jsonl
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, string>);

describe('dataset exact-copy builder', () => {
  it('flattens in file order, puts the own paragraph on line 2 between two other paragraphs, removes line breaks', () => {
    const built = buildExactCopySet(squad, 's.json', { n: 100, seed: 1, random: false });
    const rows = lines(built.jsonl);
    assert.deepEqual(
      rows.map((r) => r['id']),
      ['a1', 'a2', 'b1', 'g1', 'd1'],
    );
    for (const row of rows) {
      const ctx = (row['context'] as string).split('\n');
      assert.equal(ctx.length, 3);
      assert.equal(ctx[1], row['expected']);
      assert.notEqual(ctx[0], ctx[1]);
      assert.notEqual(ctx[2], ctx[1]);
      assert.notEqual(ctx[0], ctx[2]);
    }
    assert.equal(rows[0]?.['expected'], 'Alpha paragraph, with a line break.');
    assert.equal(rows[1]?.['question'], 'Which break?');
    // The output is a valid exact-copy dataset.
    assert.equal(parseExactCopyDataset(new TextEncoder().encode(built.jsonl), 'out.jsonl').length, 5);
  });

  it('samples N items with a seed, and the same seed gives the same bytes', () => {
    const a = buildExactCopySet(squad, 's.json', { n: 3, seed: 42, random: false });
    const b = buildExactCopySet(squad, 's.json', { n: 3, seed: 42, random: false });
    const c = buildExactCopySet(squad, 's.json', { n: 3, seed: 43, random: false });
    assert.equal(a.jsonl, b.jsonl);
    assert.equal(lines(a.jsonl).length, 3);
    assert.notEqual(a.jsonl, c.jsonl);
  });

  it('replaces every line with seeded random kana of the same length for --random', () => {
    const natural = lines(buildExactCopySet(squad, 's.json', { n: 100, seed: 7, random: false }).jsonl);
    const random = lines(buildExactCopySet(squad, 's.json', { n: 100, seed: 7, random: true }).jsonl);
    random.forEach((row, i) => {
      const ctx = (row['context'] as string).split('\n');
      const nat = (natural[i]?.['context'] as string).split('\n');
      ctx.forEach((line, j) => {
        assert.equal(Array.from(line).length, Array.from(nat[j] as string).length);
        assert.match(line, /^[\u3041-\u3096\u30a1-\u30fa]+$/);
      });
      assert.equal(row['expected'], ctx[1]);
    });
    assert.equal(
      buildExactCopySet(squad, 's.json', { n: 100, seed: 7, random: true }).jsonl,
      random.map((r) => JSON.stringify(r)).join('\n') + '\n',
    );
  });

  it('explains files it cannot use', () => {
    assert.throws(
      () => buildExactCopySet('{"data": 3}', 'x.json', { n: 1, seed: 1, random: false }),
      /x\.json: expected SQuAD v1\.1 format/,
    );
    assert.throws(() => buildExactCopySet('{', 'x.json', { n: 1, seed: 1, random: false }), /x\.json: not valid JSON/);
    const two = JSON.stringify({
      data: [
        {
          paragraphs: [
            { context: 'a', qas: [{ question: 'q' }] },
            { context: 'b', qas: [] },
          ],
        },
      ],
    });
    assert.throws(
      () => buildExactCopySet(two, 'x.json', { n: 1, seed: 1, random: false }),
      /at least 3 distinct paragraphs/,
    );
  });

  it('keeps the shipped sets equal to a fresh build of our source passages', async () => {
    const source = await readFile(join(ROOT, 'eval-datasets/exact-copy/source/passages.squad.json'), 'utf8');
    for (const [file, random] of [
      ['natural.jsonl', false],
      ['random.jsonl', true],
    ] as const) {
      const shipped = await readFile(join(ROOT, 'eval-datasets/exact-copy', file), 'utf8');
      assert.equal(
        shipped,
        buildExactCopySet(source, 'passages.squad.json', { n: 1000, seed: 42, random }).jsonl,
        file,
      );
      assert.ok(lines(shipped).length >= 50);
    }
  });
});
