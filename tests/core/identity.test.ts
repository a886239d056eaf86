// Case identity ignores how a file was saved (CRLF, CR, a BOM) and nothing else; the text
// sent to the model stays exactly as saved. Old baselines keep pairing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { alignBaselineIds } from '../../src/core/compare/index.ts';
import { contentSha256, hexOf, identityBytes, identityText, sha256Hex } from '../../src/core/hash.ts';
import { parseExactCopyDataset } from '../../src/core/kinds/exact-copy/dataset.ts';
import { DEFAULT_COLUMNS, parseJudgedDataset } from '../../src/core/kinds/judged/dataset.ts';
import { loadTemplate } from '../../src/core/templates.ts';
import type { SuiteResult } from '../../src/core/types.ts';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const windows = (s: string): string => `\uFEFF${s.replace(/\n/g, '\r\n')}`;

describe('identity text', () => {
  const table: [string, string][] = [
    ['a\nb\n', 'a\nb\n'],
    ['a\r\nb\r\n', 'a\nb\n'],
    ['a\rb\r', 'a\nb\n'],
    ['\uFEFFa\r\n\r\nb', 'a\n\nb'],
    ['a\uFEFFb', 'a\uFEFFb'], // only a leading BOM is an encoding mark
    ['', ''],
  ];
  for (const [input, expected] of table) {
    it(`${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () => {
      assert.equal(identityText(input), expected);
      assert.deepEqual(identityBytes(enc(input)), enc(expected));
    });
  }

  it('leaves LF text without a BOM byte for byte, so hashes written before keep matching', () => {
    const lf = enc('line one\nline two\n');
    assert.equal(identityBytes(lf), lf);
    assert.equal(contentSha256(lf), sha256Hex(lf));
  });
});

describe('hashes as hex', () => {
  it('are the digests written before: every byte value, and a known sha256', () => {
    // Every input hash and MAC in stored baselines and logs was written with these digits.
    assert.equal(sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    const expected = [...all].map((b) => b.toString(16).padStart(2, '0')).join('');
    assert.equal(hexOf(all), expected);
    // Longer than one String.fromCharCode call takes.
    const long = Uint8Array.from({ length: 20_000 }, (_, i) => (i * 7) & 255);
    assert.equal(hexOf(long), [...long].map((b) => b.toString(16).padStart(2, '0')).join(''));
  });
});

describe('datasets and templates saved with CRLF and a BOM', () => {
  it('judged JSONL without ids: same ids and input hashes, the text kept as saved', () => {
    const lf =
      '{"input":"first\\nquestion","reference":"r1","criteria":"c1"}\n{"input":"second","reference":"r2\\nmore","criteria":""}\n';
    const crlf =
      '{"input":"first\\r\\nquestion","reference":"r1","criteria":"c1"}\r\n{"input":"second","reference":"r2\\r\\nmore","criteria":""}\r\n';
    const a = parseJudgedDataset(enc(lf), 'a.jsonl', undefined, DEFAULT_COLUMNS);
    const b = parseJudgedDataset(enc(`\uFEFF${crlf}`), 'b.jsonl', undefined, DEFAULT_COLUMNS);
    assert.deepEqual(
      b.map((c) => [c.id, c.inputHash]),
      a.map((c) => [c.id, c.inputHash]),
    );
    assert.equal(b[0]?.inputs['input'], 'first\r\nquestion');
  });

  it('judged CSV without ids: a changed word is still an edit', () => {
    const csv = 'input,reference,criteria\n"a\nb",r,c\n';
    const a = parseJudgedDataset(enc(csv), 'a.csv', undefined, DEFAULT_COLUMNS);
    const b = parseJudgedDataset(enc(windows(csv)), 'a.csv', undefined, DEFAULT_COLUMNS);
    const c = parseJudgedDataset(enc(csv.replace(',r,', ',R,')), 'a.csv', undefined, DEFAULT_COLUMNS);
    assert.equal(b[0]?.inputHash, a[0]?.inputHash);
    assert.equal(c[0]?.id, a[0]?.id);
    assert.notEqual(c[0]?.inputHash, a[0]?.inputHash);
  });

  it('exact-copy JSONL without ids', () => {
    const lf = '{"question":"q","context":"one\\ntwo","expected":"two"}\n';
    const a = parseExactCopyDataset(enc(lf), 'a.jsonl');
    const b = parseExactCopyDataset(enc(windows(lf).replace('one\\ntwo', 'one\\r\\ntwo')), 'a.jsonl');
    assert.deepEqual(
      b.map((c) => [c.id, c.inputHash]),
      a.map((c) => [c.id, c.inputHash]),
    );
  });

  it('templates: the hash ignores line endings, the text is sent as saved', () => {
    const where = { file: 'evalgate.yml', path: 'suites[0].templates.user' };
    const a = loadTemplate(enc('Context:\n{context}\n'), 'u.txt', ['context'], where);
    const b = loadTemplate(enc(windows('Context:\n{context}\n')), 'u.txt', ['context'], where);
    assert.equal(b.sha256, a.sha256);
    assert.equal(b.text, '\uFEFFContext:\r\n{context}\r\n');
  });
});

describe('baselines whose ids were made another way', () => {
  const result = (records: [string, string][]): SuiteResult =>
    ({ records: records.map(([caseId, inputHash]) => ({ caseId, inputHash })) }) as unknown as SuiteResult;

  const q1 = 'q-0123456789ab';
  const q2 = 'q-ba9876543210';

  it('renames an old ELYZA case (q-…) to the elyza- id with the same input hash', () => {
    const base = result([
      [q1, 'h1'],
      [q2, 'h2'],
      ['same', 'h3'],
    ]);
    const cand = result([
      ['elyza-001', 'h1'],
      ['elyza-002', 'h2'],
      ['same', 'h3'],
    ]);
    assert.deepEqual(
      alignBaselineIds(base, cand).records.map((r) => r.caseId),
      ['elyza-001', 'elyza-002', 'same'],
    );
  });

  it('renames nothing when an input hash is ambiguous, or when a user changed an id', () => {
    const base = result([
      [q1, 'h1'],
      [q2, 'h1'],
      ['x', 'h2'],
      ['old-name', 'h4'],
    ]);
    const cand = result([
      ['elyza-001', 'h1'],
      ['x', 'h2'],
      ['elyza-003', 'h2'],
      ['new-name', 'h4'],
    ]);
    assert.deepEqual(
      alignBaselineIds(base, cand).records.map((r) => r.caseId),
      [q1, q2, 'x', 'old-name'],
    );
  });
});
