// junit.xml is well-formed XML 1.0 whatever a model or a config puts into it (read back
// with a strict parser), and says what CI test reporters need: one testsuite per suite
// with its verdict, one testcase per case, failures for failing and regressed cases,
// errors for failed calls, and a gate case that fails exactly when the check does.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adjustAcrossSuites, applyFloors, compareWithBaseline } from '../../src/core/compare/index.ts';
import { DEFAULT_GATE } from '../../src/core/config/common.ts';
import { renderJunit, xmlAttribute, xmlText } from '../../src/core/report/junit.ts';
import type { SuiteResult } from '../../src/core/types.ts';
import { binaryRows, resultFrom, type Row } from '../helpers/results.ts';
import { elements, parseXml, type XmlElement } from '../helpers/xml.ts';

// What a hostile model (or config) can put in a string: markup, entities, a CDATA end,
// comment and processing-instruction openers, every C0 control, DEL and C1 controls,
// non-characters, lone surrogates of both halves, CR/LF/tab, quotes, bidi overrides and
// an astral character (a valid surrogate pair).
const HOSTILE = [
  '</failure></testcase></testsuite></testsuites><x a="1">',
  '&amp; &#0; &#x1b; &lt; &bogus; <!-- ]]> <![CDATA[ x ]]> <?xml version="1.0"?>',
  Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join(''),
  '\u007f\u0085\u009f\ufffe\uffff\ud800 lone \udfff \udbff',
  '"double" \'single\' \r\n\ttabbed\r',
  '\u202eevil\u202c 🎉 日本語',
].join('|');

const GATE = { ...DEFAULT_GATE, resamples: 2000 };
const PASS = { 'pass-rate': { binary: true }, 'assert:names-the-order': { binary: true } };

function parsed(
  results: SuiteResult[],
  baselines: (SuiteResult | null)[],
  notRun: { name: string; reason: string }[] = [],
) {
  const comparisons = results.map((r, i) => compareWithBaseline(baselines[i] ?? null, r, GATE));
  applyFloors(adjustAcrossSuites(comparisons));
  const xml = renderJunit({ comparisons, results: new Map(results.map((r) => [r.suite.name, r])), notRun });
  return { xml, root: parseXml(xml), comparisons };
}
const suiteNamed = (root: XmlElement, name: string): XmlElement =>
  elements(root, 'testsuite').find((s) => s.attributes['name'] === name) as XmlElement;
const property = (suite: XmlElement, name: string): string | undefined =>
  elements(suite, 'property').find((p) => p.attributes['name'] === name)?.attributes['value'];
const testcase = (suite: XmlElement, name: string): XmlElement =>
  elements(suite, 'testcase').find((t) => t.attributes['name'] === name) as XmlElement;

describe('junit.xml', () => {
  it('escapes text and attributes so a strict XML 1.0 parser reads back what was meant', () => {
    // The characters XML allows survive exactly; the ones it does not are written as \\uXXXX.
    const meant = HOSTILE.replace(
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      (c) => `\\u${(c.codePointAt(0) as number).toString(16).padStart(4, '0')}`,
    );
    const doc = parseXml(`<r a="${xmlAttribute(HOSTILE)}">${xmlText(HOSTILE)}</r>`);
    assert.equal(doc.attributes['a'], meant);
    assert.equal(doc.text, meant);
    assert.ok(meant.includes('\\u001b') && meant.includes('\\ud800') && meant.includes('🎉'));
    assert.ok(!xmlText(HOSTILE).includes(']]>'));
  });

  it('stays well-formed when case ids, suite names, replies, errors and reasons are hostile', () => {
    const rows: Row[] = [
      {
        id: `id-${HOSTILE}`,
        scores: { 'pass-rate': 0, 'assert:names-the-order': 0 },
        reply: HOSTILE,
        detail: { question: HOSTILE, expected: HOSTILE },
      },
      { id: 'errored', error: HOSTILE },
      { id: 'fine', scores: { 'pass-rate': 1, 'assert:names-the-order': 1 } },
    ];
    const name = `suite-${HOSTILE}`;
    const { root } = parsed(
      [resultFrom(name, rows, PASS, { model: HOSTILE })],
      [null],
      [{ name: HOSTILE, reason: HOSTILE }],
    );
    const suite = elements(root, 'testsuite')[0] as XmlElement;
    assert.ok(suite.attributes['name']?.startsWith('suite-</failure>'));
    const hostileCase = elements(suite, 'testcase')[0] as XmlElement;
    assert.ok(hostileCase.attributes['name']?.startsWith('id-</failure>'));
    assert.match(elements(hostileCase, 'failure')[0]?.text ?? '', /reply: <\/failure><\/testcase>/);
    assert.equal(elements(root, 'testsuite').length, 2, 'no injected element');
  });

  it('has one testsuite per suite, one testcase per case plus the gate, and the verdict in properties', () => {
    const base = resultFrom(
      'qa',
      binaryRows('pass-rate', 30, () => true),
      PASS,
      { runId: 'base' },
    );
    const rows: Row[] = [
      ...binaryRows('pass-rate', 30, (i) => i >= 8).map((r) => ({
        ...r,
        scores: { ...r.scores, 'assert:names-the-order': r.scores?.['pass-rate'] ?? 0 },
        reply: `reply of ${r.id}`,
      })),
    ];
    rows.push({ id: 'case-01', repeat: 1, error: 'HTTP 500 from the server' });
    const cand = resultFrom('qa', rows, PASS, { runId: 'cand' });
    const steady = resultFrom(
      'steady',
      binaryRows('pass-rate', 12, () => true),
      PASS,
    );
    const { root, comparisons } = parsed([cand, steady], [base, null], [{ name: 'other', reason: 'unchanged' }]);
    assert.equal(comparisons[0]?.verdict, 'regression');
    const suites = elements(root, 'testsuite');
    assert.deepEqual(
      suites.map((s) => s.attributes['name']),
      ['qa', 'steady', 'other'],
    );
    const qa = suiteNamed(root, 'qa');
    assert.equal(property(qa, 'evalgate.verdict'), 'regression');
    assert.equal(property(qa, 'evalgate.fails-check'), 'true');
    assert.equal(property(qa, 'evalgate.metric'), 'pass-rate');
    assert.match(property(qa, 'evalgate.change') ?? '', /^−/);
    assert.equal(elements(qa, 'testcase').length, 31, '30 cases and the gate');
    assert.equal(qa.attributes['tests'], '31');
    // case-01 dropped and had a failed call: an error; case-02…08 failed and regressed; the rest pass.
    assert.equal(elements(testcase(qa, 'case-01'), 'error')[0]?.attributes['type'], 'call-failed');
    const failed = elements(testcase(qa, 'case-02'), 'failure')[0] as XmlElement;
    assert.equal(failed.attributes['type'], 'regressed');
    assert.match(
      failed.attributes['message'] ?? '',
      /failed: pass-rate 0 \(missed: assert:names-the-order\); regressed: pass-rate 1\.00 -> 0/,
    );
    assert.match(failed.text, /reply: reply of case-02/);
    assert.equal(testcase(qa, 'case-09').children.length, 0, 'a passing case has no child');
    assert.equal(qa.attributes['failures'], String(7 + 1), '7 cases and the gate');
    assert.equal(qa.attributes['errors'], '1');
    assert.equal(qa.attributes['time'], '2.500');
    assert.match(
      elements(testcase(qa, 'gate'), 'failure')[0]?.attributes['message'] ?? '',
      /^regression: pass-rate: 1\.00 -> 0\.733/,
    );
    // A suite that passes the check: its gate case passes, even with no baseline.
    const steadySuite = suiteNamed(root, 'steady');
    assert.equal(property(steadySuite, 'evalgate.verdict'), 'no-baseline');
    assert.equal(testcase(steadySuite, 'gate').children.length, 0);
    // Not run: a skipped gate with the reason in words.
    const other = suiteNamed(root, 'other');
    assert.equal(property(other, 'evalgate.verdict'), 'not-run');
    assert.match(elements(testcase(other, 'gate'), 'skipped')[0]?.attributes['message'] ?? '', /unchanged/);
    assert.equal(root.attributes['tests'], String(31 + 13 + 1));
    assert.equal(root.attributes['skipped'], '1');
  });
});
