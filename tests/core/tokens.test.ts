// Chunked token counting for `evalgate plan`: exact on ordinary text, close on runs with
// no boundary, and never a cut through a character. (Speed is measured by bench:plan.)
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { chunkedTokenCounter, chunks } from '../../src/core/tokens.ts';
import { ROOT } from '../helpers/cli.ts';

function kana(n: number, seed: number): string {
  let x = seed;
  let s = '';
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff;
    const k = (x >> 8) % 166;
    s += String.fromCharCode(k < 83 ? 0x3041 + k : 0x30a1 + (k - 83));
  }
  return s;
}

async function datasetText(file: string): Promise<string> {
  const rows = (await readFile(join(ROOT, file), 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return rows.flatMap((r) => Object.values(r).filter((v): v is string => typeof v === 'string')).join('\n');
}

describe('chunked token counting', () => {
  it('cuts without losing or splitting a character', () => {
    const text = `${'🙂'.repeat(300)} plain words here\n${kana(500, 3)}。${'x'.repeat(10)}`;
    const parts = chunks(text, 100, 16);
    assert.equal(parts.map((p) => p.text).join(''), text);
    for (const p of parts) {
      assert.ok(
        !/^[\uDC00-\uDFFF]/.test(p.text) && !/[\uD800-\uDBFF]$/.test(p.text),
        `a surrogate pair was cut: ${JSON.stringify(p.text.slice(0, 4))}`,
      );
    }
  });

  for (const file of ['eval-datasets/exact-copy/natural.jsonl', 'eval-datasets/judged/tasks.jsonl']) {
    it(`is exact on ordinary text (${file}), even when cut every few hundred characters`, async () => {
      const text = await datasetText(file);
      const whole = countTokens(text);
      assert.equal(chunkedTokenCounter(countTokens, { maxChunk: 300 })(text), whole);
      assert.equal(chunkedTokenCounter(countTokens)(text), whole);
    });
  }

  it('is within 0.1% on the random-kana exact-copy set (runs longer than maxRun are cut)', async () => {
    const text = await datasetText('eval-datasets/exact-copy/random.jsonl');
    const whole = countTokens(text);
    const n = chunkedTokenCounter(countTokens, { maxChunk: 300 })(text);
    assert.ok(Math.abs(n - whole) / whole < 0.001, `${n} vs ${whole}`);
  });

  it('stays within 1% on kana with no boundary, counted and sampled', () => {
    const text = kana(6000, 11);
    const whole = countTokens(text);
    for (const options of [{}, { exactRun: 256, sampleEvery: 8 }]) {
      const n = chunkedTokenCounter(countTokens, options)(text);
      assert.ok(Math.abs(n - whole) / whole < 0.01, `${JSON.stringify(options)}: ${n} vs ${whole}`);
    }
  });

  it('counts short texts in one call', () => {
    let calls = 0;
    const counter = chunkedTokenCounter((t) => {
      calls++;
      return t.length;
    });
    assert.equal(counter('short text'), 10);
    assert.equal(calls, 1);
  });
});
