// The report as a PR comment: cut under GitHub's limit at a section boundary, valid
// Markdown afterwards, and model text inert wherever it appears.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareWithBaseline } from '../../src/core/compare/index.ts';
import { DEFAULT_GATE } from '../../src/core/config/common.ts';
import { fitReport, GITHUB_COMMENT_LIMIT, renderReport } from '../../src/core/report/markdown.ts';
import type { CaseRecord, SuiteResult } from '../../src/core/types.ts';
import { resultAround } from '../helpers/results.ts';

const HOSTILE =
  'Ping @org/team and @octocat! <img src="https://evil.example/p.png"> </details> <script>alert(1)</script>\n| a | b |\n|---|---|\n| x | y |\n\u001b[31mred\u001b[0m ```\n![x](https://evil.example/i.png)';

function result(
  name: string,
  runId: string,
  replies: (i: number) => string,
  pass: (i: number) => boolean,
  n = 40,
): SuiteResult {
  const records: CaseRecord[] = Array.from({ length: n }, (_, i) => ({
    caseId: `case-${String(i).padStart(2, '0')}`,
    repeat: 0,
    inputHash: `h${i}`,
    status: 'scored',
    scores: { 'exact-match': pass(i) ? 1 : 0 },
    request: { messages: [] },
    reply: { text: replies(i), servedModel: 'scripted', fingerprint: null, finishReason: 'stop' },
    usage: { inputTokens: 10, outputTokens: 5 },
    latencyMs: 1,
    error: null,
    attempts: 1,
    cached: false,
    detail: { expected: `expected line ${i}`, question: `${HOSTILE} question ${i}` },
  }));
  return resultAround(records, {
    tool: { name: 'evalgate', version: 't' },
    runId,
    suite: { name, kind: 'exact-copy' },
    finishedAt: '2026-01-01T00:00:05Z',
    tested: { dataset: { path: 'd', sha256: 'd', cases: n }, templates: {}, model: 'm', settings: {}, hash: 't' },
    instrument: {
      scoringVersion: 's',
      primaryMetric: 'exact-match',
      metrics: [{ name: 'exact-match', binary: true, higherIsBetter: true }],
      settings: {},
      hash: 'i',
    },
  });
}

function report(suites: number, reply: (i: number) => string): string {
  const comparisons = [];
  const results = new Map<string, SuiteResult>();
  for (let s = 0; s < suites; s++) {
    const name = `suite-${s}`;
    const base = result(
      name,
      'b',
      () => 'fine',
      () => true,
    );
    const cand = result(name, 'c', reply, (i) => i % 3 !== 0);
    comparisons.push(compareWithBaseline(base, cand, { ...DEFAULT_GATE, resamples: 500 }));
    results.set(name, cand);
  }
  return renderReport({ verdict: 'regression', comparisons, results });
}

/** Markdown outside fenced code blocks, and a check that the fences and details balance. */
function outsideCode(md: string): string {
  let out = '';
  let fence: string | null = null;
  for (const line of md.split('\n')) {
    const m = /^(`{3,})/.exec(line);
    if (fence === null && m) fence = m[1] as string;
    else if (fence !== null && line === fence) fence = null;
    else if (fence === null) out += `${line}\n`;
  }
  assert.equal(fence, null, 'every code fence is closed');
  return out;
}

describe('the report as a PR comment', () => {
  it('cuts a report over 65,536 characters at a section boundary, with a note, as valid Markdown', () => {
    const full = report(12, (i) => `${'long reply '.repeat(60)} ${i}`);
    assert.ok(full.length > GITHUB_COMMENT_LIMIT, `the test report is ${full.length} characters`);
    const cut = fitReport(full);
    assert.ok(cut.length <= GITHUB_COMMENT_LIMIT);
    assert.match(cut, /This report was cut to fit GitHub's 65,536-character limit: \d+ sections were left out/);
    assert.ok(cut.startsWith(full.slice(0, full.indexOf('### '))), 'the verdict, table and chart are kept whole');
    const prose = outsideCode(cut);
    assert.equal((prose.match(/<details>/g) ?? []).length, (prose.match(/<\/details>/g) ?? []).length);
    // Japanese note when the report is Japanese.
    assert.match(fitReport(full, 'ja'), /65,536文字の上限/);
    assert.equal(fitReport('short\n'), 'short\n');
  });

  it('keeps model text inert: no mention, image, HTML, table or terminal escape outside code', () => {
    const md = report(1, () => HOSTILE);
    const prose = outsideCode(md);
    assert.ok(!/@(org|octocat)/.test(prose), 'no live @mention');
    assert.ok(!prose.includes('<img') && !prose.includes('<script'), 'no raw HTML');
    assert.ok(!/!\[x\]\(https/.test(prose), 'no image markdown');
    assert.ok(!prose.includes('\u001b'), 'no ANSI escape');
    assert.equal(
      (prose.match(/<details>/g) ?? []).length,
      (prose.match(/<\/details>/g) ?? []).length,
      'a </details> in model text closes nothing',
    );
    assert.ok(!/^\| a \| b \|$/m.test(prose), 'model text makes no table');
    assert.ok(md.includes('</details> <script>'), 'the text is still shown, literally, inside a code block');
  });
});
