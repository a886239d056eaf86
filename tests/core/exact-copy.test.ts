// Exact-copy metrics, normalizers, datasets and templates.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError } from '../../src/core/errors.ts';
import { parseExactCopyDataset } from '../../src/core/kinds/exact-copy/dataset.ts';
import { codePointEditDistance, scoreCopy } from '../../src/core/kinds/exact-copy/metrics.ts';
import { loadTemplate, renderTemplate } from '../../src/core/templates.ts';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const CONTEXT = 'first line here\nthe second line, copied\nthird line there';
const EXPECTED = 'the second line, copied';

describe('exact-copy metrics', () => {
  const table: [string, string, Partial<Record<string, number>>][] = [
    ['exact copy', EXPECTED, { 'exact-match': 1, 'answer-inclusion': 1, 'context-inclusion': 1, 'edit-distance': 0 }],
    ['right line, partial span', 'second line', { 'exact-match': 0, 'answer-inclusion': 1, 'context-inclusion': 1 }],
    [
      'wrong line copied faithfully',
      'third line there',
      { 'exact-match': 0, 'answer-inclusion': 0, 'context-inclusion': 1 },
    ],
    ['invented text', 'something else', { 'exact-match': 0, 'answer-inclusion': 0, 'context-inclusion': 0 }],
    [
      'empty output includes nothing',
      '',
      { 'exact-match': 0, 'answer-inclusion': 0, 'context-inclusion': 0, 'edit-distance': 1 },
    ],
    ['trailing newline is a miss under strict matching', `${EXPECTED}\n`, { 'exact-match': 0, 'answer-inclusion': 0 }],
  ];
  for (const [label, output, expected] of table) {
    it(label, () => {
      const scores = scoreCopy(output, EXPECTED, CONTEXT, []);
      for (const [k, v] of Object.entries(expected))
        assert.equal(scores[k as keyof typeof scores], v, `${label}: ${k}`);
    });
  }

  it('applies trim, NFC and code-fence normalizers only when configured', () => {
    assert.equal(scoreCopy(`  ${EXPECTED}\n`, EXPECTED, CONTEXT, ['trim'])['exact-match'], 1);
    const decomposed = 'cafe\u0301 line';
    const composed = 'caf\u00e9 line';
    assert.equal(scoreCopy(decomposed, composed, `a\n${composed}\nb`, [])['exact-match'], 0);
    assert.equal(scoreCopy(decomposed, composed, `a\n${composed}\nb`, ['nfc'])['exact-match'], 1);
    assert.equal(
      scoreCopy('```\nthe second line, copied\n```', EXPECTED, CONTEXT, ['strip-code-fence'])['exact-match'],
      1,
    );
    assert.equal(scoreCopy('```\nthe second line, copied\n```', EXPECTED, CONTEXT, [])['exact-match'], 0);
  });

  it('measures edit distance in code points, normalised by the expected length', () => {
    assert.equal(codePointEditDistance('kitten', 'sitting'), 3);
    assert.equal(codePointEditDistance('𠮷野家', '吉野家'), 1);
  });

  it('keeps the exact distance after trimming common ends, and bounds a huge reply', () => {
    // Against the plain dynamic programme on many small pairs, common prefixes and suffixes included.
    const naive = (a: string, b: string): number => {
      const x = Array.from(a);
      const y = Array.from(b);
      const d = Array.from({ length: x.length + 1 }, (_, i) =>
        Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
      );
      for (let i = 1; i <= x.length; i++) {
        for (let j = 1; j <= y.length; j++) {
          d[i]![j] = Math.min(
            d[i - 1]![j]! + 1,
            d[i]![j - 1]! + 1,
            d[i - 1]![j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1),
          );
        }
      }
      return d[x.length]![y.length]!;
    };
    let seed = 1;
    const next = (): number => (seed = (seed * 48271) % 2147483647);
    const word = (): string => Array.from({ length: next() % 9 }, () => 'abé'[next() % 3]).join('');
    for (let k = 0; k < 300; k++) {
      const common = word();
      const a = `${common}${word()}${common}`;
      const b = `${common}${word()}${common}`;
      assert.equal(codePointEditDistance(a, b), naive(a, b), `${a} / ${b}`);
    }
    // A 2-million-character reply against a 200-character line: at least the length
    // difference, at most the reply's length.
    const expected = 'x'.repeat(100) + 'y'.repeat(100);
    const huge = 'z'.repeat(2_000_000);
    const d = codePointEditDistance(huge, expected);
    assert.ok(d >= huge.length - expected.length && d <= huge.length, String(d));
    assert.equal(scoreCopy(huge, expected, expected, [])['exact-match'], 0);
    assert.equal(scoreCopy('ab', 'abcd', 'x\nabcd\ny', [])['edit-distance'], 0.5);
  });
});

describe('exact-copy datasets', () => {
  it('reads JSONL with ids, and derives stable ids from content when absent', () => {
    const text = `{"id":"a","question":"q1","context":"x\\nyes\\nz","expected":"yes"}\n\n{"question":"q2","context":"x\\nno\\nz","expected":"no"}\n`;
    const cases = parseExactCopyDataset(enc(text), 'd.jsonl');
    assert.equal(cases.length, 2);
    assert.equal(cases[0]?.id, 'a');
    assert.equal(cases[1]?.id, cases[1]?.inputHash.slice(0, 16));
    assert.equal(parseExactCopyDataset(enc(text), 'd.jsonl')[1]?.inputHash, cases[1]?.inputHash);
    assert.deepEqual(cases[1]?.source, { file: 'd.jsonl', line: 3 });
  });

  it('reads the {"items": [...], "metadata"} JSON shape with expected_answer', () => {
    const text = JSON.stringify(
      { items: [{ question: 'q', context: 'a\nb\nc', expected_answer: 'b' }], metadata: { source: 'test' } },
      null,
      2,
    );
    const cases = parseExactCopyDataset(enc(text), 'set.json');
    assert.equal(cases[0]?.inputs['expected'], 'b');
  });

  it('names the item and line of a bad JSON item', () => {
    const text = JSON.stringify(
      {
        items: [
          { question: 'q', context: 'a\nb\nc', expected_answer: 'b' },
          { question: 'q', context: 'a' },
        ],
      },
      null,
      2,
    );
    assert.throws(
      () => parseExactCopyDataset(enc(text), 'set.json'),
      /set\.json:\d+: items\[1\]: "expected" must be a string and is missing/,
    );
  });

  it('rejects duplicate ids, naming both places', () => {
    const text = '{"id":"a","context":"x\\ny\\nz","expected":"y"}\n{"id":"a","context":"x\\ny\\nz","expected":"x"}\n';
    assert.throws(
      () => parseExactCopyDataset(enc(text), 'd.jsonl'),
      /d\.jsonl:2: line 2: id "a" is used twice \(also line 1\)/,
    );
  });

  it('rejects invalid UTF-8 and empty files', () => {
    assert.throws(() => parseExactCopyDataset(new Uint8Array([0xff, 0xfe, 0x00]), 'd.jsonl'), /not valid UTF-8/);
    assert.throws(() => parseExactCopyDataset(enc('\n'), 'd.jsonl'), /no cases/);
  });
});

describe('templates', () => {
  const at = { file: 'evalgate.yml', line: 3, path: 'suites[0].templates.user' };
  it('renders placeholders and keeps every other byte, including trailing newlines', () => {
    const t = loadTemplate(enc('Q: {question}\n{context}\n\n'), 'u.txt', ['context', 'question'], at);
    assert.deepEqual(t.placeholders, ['question', 'context']);
    assert.equal(renderTemplate(t, { question: 'why?', context: '{x}' }), 'Q: why?\n{x}\n\n');
  });

  it('treats {{ and }} as literal braces', () => {
    const t = loadTemplate(enc('Reply as {{"line": "{context}"}}'), 'u.txt', ['context'], at);
    assert.equal(renderTemplate(t, { context: 'abc' }), 'Reply as {"line": "abc"}');
  });

  it('hashes the exact bytes, so a trailing newline changes the identity', () => {
    const a = loadTemplate(enc('{context}'), 'u.txt', ['context'], at);
    const b = loadTemplate(enc('{context}\n'), 'u.txt', ['context'], at);
    assert.notEqual(a.sha256, b.sha256);
  });

  it('rejects an unknown placeholder with the template line and the config location', () => {
    assert.throws(
      () => loadTemplate(enc('a\nb {answer}'), 'u.txt', ['context'], at),
      (e: unknown) => {
        assert.ok(e instanceof ConfigError);
        assert.match(
          e.message,
          /^evalgate\.yml:3 suites\[0\]\.templates\.user: template u\.txt:2 uses the placeholder \{answer\}/,
        );
        return true;
      },
    );
  });
});
