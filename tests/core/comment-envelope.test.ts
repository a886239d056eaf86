// The comment's envelope (report/status.ts), the job summary's byte limit and the
// baseline-equality rule (results.ts), on real values, table-driven.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fitReport, REPORT_MARKER } from '../../src/core/report/markdown.ts';
import {
  hasMarker,
  isNewerStamp,
  maskSecrets,
  readStamp,
  renderNotEvaluated,
  reportMarker,
  stampReport,
  type RunStamp,
} from '../../src/core/report/status.ts';
import { sameMeasurement } from '../../src/core/results.ts';
import type { CaseRecord, SuiteResult } from '../../src/core/types.ts';

const stamp = (over: Partial<RunStamp> = {}): RunStamp => ({
  sha: 'a'.repeat(40),
  run: 100,
  attempt: 1,
  commitTime: '2026-01-02T00:00:00Z',
  ...over,
});
const links = {
  commit: 'https://github.test/o/r/pull/1/commits/aaaa',
  run: 'https://github.test/o/r/actions/runs/100',
};

describe('the comment marker', () => {
  it('names the config and cannot be closed or forged by the path', () => {
    assert.equal(reportMarker('evalgate.yml'), '<!-- evalgate-report config=evalgate.yml -->');
    assert.equal(reportMarker('svc/api/evalgate.yml'), '<!-- evalgate-report config=svc/api/evalgate.yml -->');
    const hostile = reportMarker('x --> <img src=y> -->.yml');
    assert.equal(hostile.indexOf('-->'), hostile.length - 3, hostile);
    assert.doesNotMatch(hostile.slice(4, -3), /-->|[<>"]/);
  });

  it("matches only as the body's first line, and only its own config", () => {
    const m = reportMarker('evalgate.yml');
    const table: [string, boolean, boolean][] = [
      [`${m}\n## evalgate`, false, true],
      [`${m}\r\n## evalgate`, false, true],
      [`Quoting: ${m}`, false, false],
      [`hello\n${m}`, false, false],
      [`${reportMarker('svc/evalgate.yml')}\n## evalgate`, false, false],
      [`${REPORT_MARKER}\n## evalgate`, false, false],
      [`${REPORT_MARKER}\n## evalgate`, true, true],
      [`${m} extra\n`, false, false],
    ];
    for (const [body, legacy, expected] of table) assert.equal(hasMarker(body, m, legacy), expected, body);
  });
});

describe('the run stamp', () => {
  it('round-trips through the body and survives garbage', () => {
    const body = stampReport(
      `${REPORT_MARKER}\n## evalgate: ✅ pass\n\nAll good.\n`,
      reportMarker('evalgate.yml'),
      stamp(),
      links,
      'en',
    );
    assert.deepEqual(readStamp(body), stamp());
    assert.equal(readStamp('## evalgate'), null);
    assert.equal(readStamp(`m\n<!-- evalgate-run {not json -->`), null);
    assert.deepEqual(readStamp(`m\n<!-- evalgate-run {"sha":"b","run":"x"} -->`), {
      sha: 'b',
      run: null,
      attempt: 1,
      commitTime: null,
    });
  });

  it('orders runs by run id, then attempt; by commit time only without run ids', () => {
    const table: [string, Partial<RunStamp>, Partial<RunStamp>, boolean][] = [
      ['a later run', { run: 101 }, { run: 100 }, true],
      ['an earlier run', { run: 99 }, { run: 100 }, false],
      ['the same run', {}, {}, false],
      ['a later attempt', { attempt: 2 }, { attempt: 1 }, true],
      ['an earlier attempt', { attempt: 1 }, { attempt: 3 }, false],
      // A force-push back to an older commit is still the newest run.
      [
        'a newer commit from an older run',
        { run: 99, sha: 'b'.repeat(40), commitTime: '2026-02-01T00:00:00Z' },
        { run: 100 },
        false,
      ],
      [
        'no run ids, a newer commit',
        { run: null, sha: 'b'.repeat(40), commitTime: '2026-02-01T00:00:00Z' },
        { run: null },
        true,
      ],
      [
        'no run ids, an older commit',
        { run: null, sha: 'b'.repeat(40), commitTime: '2025-02-01T00:00:00Z' },
        { run: null },
        false,
      ],
      [
        'no run ids, no times',
        { run: null, commitTime: null, sha: 'b'.repeat(40) },
        { run: null, commitTime: null },
        false,
      ],
    ];
    for (const [what, existing, ours, newer] of table)
      assert.equal(isNewerStamp(stamp(existing), stamp(ours)), newer, what);
  });
});

describe('the comment body', () => {
  it('puts the marker first, then the stamp, and names the commit and the run under the heading', () => {
    const lines = stampReport(
      `${REPORT_MARKER}\n## evalgate: ❌ regression\n\nOne suite dropped.\n`,
      reportMarker('a.yml'),
      stamp({ attempt: 2 }),
      links,
      'en',
    ).split('\n');
    assert.equal(lines[0], '<!-- evalgate-report config=a.yml -->');
    assert.match(lines[1] ?? '', /^<!-- evalgate-run \{.*\} -->$/);
    assert.equal(lines[2], '## evalgate: ❌ regression');
    assert.equal(lines[4], `Commit [\`aaaaaaa\`](${links.commit}) · [workflow run 100 (attempt 2)](${links.run})`);
    assert.equal(lines.filter((l) => l.includes(REPORT_MARKER)).length, 0);
  });

  it('says a commit could not be evaluated and shows the reason inertly', () => {
    const body = renderNotEvaluated(
      'evalgate.yml:5 bad ``` </details> @octocat',
      reportMarker('evalgate.yml'),
      stamp(),
      links,
      'ja',
    );
    assert.ok(body.startsWith(`${reportMarker('evalgate.yml')}\n<!-- evalgate-run `));
    assert.match(body, /## evalgate: 🛑 評価できませんでした/);
    assert.match(body, /````text\nevalgate\.yml:5 bad ``` <\/details> @octocat\n````/);
  });

  it('masks secrets, longest first, and leaves short values alone', () => {
    assert.equal(
      maskSecrets('key sk-abcdef123 and sk-abcdef123456 and abc', ['sk-abcdef123', 'sk-abcdef123456', 'abc']),
      'key *** and *** and abc',
    );
  });
});

describe('fitting the job summary', () => {
  it('cuts at a section boundary under a byte limit, counting multi-byte text in bytes', () => {
    const section = (i: number): string => `### suite ${i}\n\n${'日本語の説明。'.repeat(200)}\n`;
    const report = `${REPORT_MARKER}\n## evalgate: ✅ pass\n\n${Array.from({ length: 20 }, (_, i) => section(i)).join('\n')}`;
    const bytes = (t: string): number => new TextEncoder().encode(t).length;
    const limit = 30_000;
    assert.ok(report.length < limit && bytes(report) > limit, 'fits in characters, not in bytes');
    const fitted = fitReport(report, 'en', limit, { size: bytes, target: 'summary' });
    assert.ok(bytes(fitted) <= limit);
    assert.match(
      fitted,
      /This summary was cut to stay under GitHub's 1 MiB job-summary limit: \d+ sections were left out/,
    );
    assert.ok(fitted.includes('### suite 0') && !fitted.includes('### suite 19'));
    assert.equal(fitReport(report, 'en', limit), report, 'by characters it fits');
  });
});

describe('baseline equality', () => {
  const record = (i: number, over: Partial<CaseRecord> = {}): CaseRecord => ({
    caseId: `c${i}`,
    repeat: 0,
    inputHash: `h${i}`,
    status: 'scored',
    scores: { m: i % 2 },
    request: { messages: [{ role: 'user', content: `q${i}` }] },
    reply: { text: `a${i}`, servedModel: 'm', fingerprint: null, finishReason: 'stop' },
    usage: { inputTokens: 3, outputTokens: 2 },
    latencyMs: 10 + i,
    error: null,
    attempts: 1,
    cached: false,
    detail: { expected: `e${i}` },
    ...over,
  });
  const result = (records: CaseRecord[], over: Partial<SuiteResult> = {}): SuiteResult => ({
    schemaVersion: 1,
    tool: { name: 'evalgate', version: '0.1.0' },
    runId: 'r1',
    suite: { name: 's', kind: 'exact-copy' },
    startedAt: '2026-01-01T00:00:00Z',
    finishedAt: '2026-01-01T00:00:01Z',
    tested: { dataset: { path: 'd', sha256: 'd', cases: 3 }, templates: {}, model: 'm', settings: {}, hash: 't' },
    instrument: {
      scoringVersion: '1',
      primaryMetric: 'm',
      metrics: [{ name: 'm', binary: true, higherIsBetter: true }],
      settings: {},
      hash: 'i',
    },
    aggregates: {
      cases: 3,
      records: 3,
      scored: 3,
      errors: 0,
      refused: 0,
      metrics: { m: 0.33 },
      usage: { inputTokens: 9, outputTokens: 6, calls: 3 },
      cacheHits: 0,
      retries: 0,
      cost: { usd: 0.01, source: 'p' },
      errorSamples: [],
    },
    records,
    ...over,
  });
  const base = result([0, 1, 2].map((i) => record(i)));

  it('ignores what the clock, cache and network leave', () => {
    const again = result(
      [0, 1, 2].map((i) => record(i, { latencyMs: 99, attempts: 0, cached: true })),
      {
        runId: 'r2',
        startedAt: '2026-03-01T00:00:00Z',
        finishedAt: '2026-03-01T00:00:09Z',
        tool: { name: 'evalgate', version: '0.2.0' },
        aggregates: { ...base.aggregates, cacheHits: 3, retries: 2, cost: null },
      },
    );
    assert.ok(sameMeasurement(base, again));
  });

  it('sees every change in what was measured', () => {
    const changes: [string, SuiteResult][] = [
      [
        'a reply',
        result([
          record(0),
          record(1, { reply: { text: 'other', servedModel: 'm', fingerprint: null, finishReason: 'stop' } }),
          record(2),
        ]),
      ],
      ['a score', result([record(0), record(1, { scores: { m: 0 } }), record(2)])],
      [
        'a request',
        result([record(0, { request: { messages: [{ role: 'user', content: 'changed' }] } }), record(1), record(2)]),
      ],
      ['a record more', result([0, 1, 2, 3].map((i) => record(i)))],
      ['a record less', result([0, 1].map((i) => record(i)))],
      ['records in another order', result([2, 1, 0].map((i) => record(i)))],
      ['the model', result(base.records, { tested: { ...base.tested, model: 'other' } })],
      ['the instrument', result(base.records, { instrument: { ...base.instrument, hash: 'j' } })],
      ['token usage', result([record(0, { usage: { inputTokens: 4, outputTokens: 2 } }), record(1), record(2)])],
    ];
    for (const [what, changed] of changes) assert.equal(sameMeasurement(base, changed), false, what);
  });
});
