// End to end from the CLI against the scripted server: baseline, regression, pass, errors.
import assert from 'node:assert/strict';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { exampleWorkspace, runCli } from '../helpers/cli.ts';
import { corruptLine, contextLinesOf, fractionOf, startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';

describe('evalgate run (exact-copy) end to end', () => {
  let server: FakeOpenAI;
  let ws: Awaited<ReturnType<typeof exampleWorkspace>>;
  let env: Record<string, string>;
  const corrupted = new Set<string>();

  before(async () => {
    server = await startFakeOpenAI((req) => ({ content: contextLinesOf(req)[1] ?? '' }));
    ws = await exampleWorkspace();
    env = { OPENAI_API_KEY: 'sk-test-not-a-real-key', OPENAI_BASE_URL: server.url };
  });
  after(async () => {
    await server.close();
    await ws.cleanup();
  });

  it('writes the baselines on the first run and exits 0 with no-baseline', async () => {
    const r = await runCli(['run', '--no-cache', '--suite', 'copy-qa-natural', '--update-baseline', '--out', 'out1'], {
      cwd: ws.dir,
      env,
    });
    assert.equal(r.code, 0, r.stderr);
    const summary = JSON.parse(await readFile(join(ws.dir, 'out1/summary.json'), 'utf8'));
    assert.equal(summary.verdict, 'no-baseline');
    assert.equal(summary.suites[0].candidate, 1);
    const baseline = JSON.parse(await readFile(join(ws.dir, 'baselines/copy-qa-natural.json'), 'utf8'));
    assert.equal(baseline.records.length, 52);
    assert.ok(
      baseline.records.every(
        (rec: { status: string; scores: Record<string, number> }) =>
          rec.status === 'scored' && rec.scores['exact-match'] === 1,
      ),
    );
    // The exact request is kept: the system template byte for byte.
    const system = await readFile(join(ws.dir, 'prompts/copy/qa-system.txt'), 'utf8');
    assert.equal(baseline.records[0].request.messages[0].content, system);
    assert.equal(baseline.tested.templates.system.path, 'prompts/copy/qa-system.txt');
  });

  it('gates a run that corrupts 30% of copies as a regression (exit 1) and names the cases', async () => {
    server.setScript((req) => {
      const line = contextLinesOf(req)[1] ?? '';
      if (fractionOf(line) < 0.3) {
        corrupted.add(line);
        return { content: corruptLine(line) };
      }
      return { content: line };
    });
    const r = await runCli(['run', '--no-cache', '--suite', 'copy-qa-natural', '--out', 'out2'], { cwd: ws.dir, env });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    const summary = JSON.parse(await readFile(join(ws.dir, 'out2/summary.json'), 'utf8'));
    assert.equal(summary.verdict, 'regression');
    const s = summary.suites[0];
    assert.deepEqual(Object.keys(s).sort(), [
      'baseline',
      'candidate',
      'cases',
      'casesNeeded',
      'casesNeededUnit',
      'change',
      'errors',
      'errorsByCause',
      'family',
      'interval',
      'intervalMethod',
      'kind',
      'mde',
      'metric',
      'name',
      'pAdjusted',
      'pAttainable',
      'pMethod',
      'pValue',
      'resamples',
      'se',
      'skippedResamples',
      'unit',
      'verdict',
      'verdictBeforeAdjustment',
    ]);
    assert.equal(s.metric, 'exact-match');
    assert.equal(s.baseline, 1);
    assert.ok(s.change < -0.05 && s.interval[1] < 0, JSON.stringify(s));
    assert.equal(s.cases, 52);
    const report = await readFile(join(ws.dir, 'out2/report.md'), 'utf8');
    assert.match(report, /## evalgate: ❌ regression/);
    const result = JSON.parse(await readFile(join(ws.dir, 'out2/results/copy-qa-natural.json'), 'utf8'));
    const failedIds = result.records
      .filter((rec: { scores: Record<string, number> }) => rec.scores['exact-match'] === 0)
      .map((rec: { caseId: string }) => rec.caseId);
    assert.ok(failedIds.length >= 10, `expected a sizeable share corrupted, got ${failedIds.length}`);
    assert.equal(failedIds.length, corrupted.size);
    for (const id of failedIds.slice(0, 10)) assert.ok(report.includes(`Case \`${id}\``), `report names case ${id}`);
    assert.match(report, /McNemar's exact test: \d+ cases went from pass to fail/);
  });

  it('passes an identical run (exit 0)', async () => {
    server.setScript((req) => ({ content: contextLinesOf(req)[1] ?? '' }));
    const r = await runCli(['run', '--no-cache', '--suite', 'copy-qa-natural', '--out', 'out3'], { cwd: ws.dir, env });
    assert.equal(r.code, 0, r.stderr);
    const summary = JSON.parse(await readFile(join(ws.dir, 'out3/summary.json'), 'utf8'));
    assert.equal(summary.verdict, 'pass');
    assert.equal(summary.suites[0].change, 0);
  });

  it('turns HTTP 500 on every call into errors, never scores, and exits 3', async () => {
    server.setScript(() => ({ status: 500, body: { error: { message: 'scripted outage' } } }));
    const config = await readFile(join(ws.dir, 'evalgate.yml'), 'utf8');
    await ws.write(
      'evalgate.yml',
      config.replace('    concurrency: 8', '    concurrency: 8\n    max-attempts: 2\n    retry-base-delay-ms: 5'),
    );
    const before = server.requests.length;
    const r = await runCli(['run', '--no-cache', '--suite', 'copy-qa-natural', '--out', 'out4'], { cwd: ws.dir, env });
    assert.equal(server.requests.length - before, 104, 'each call was tried twice');
    assert.equal(r.code, 3, r.stdout + r.stderr);
    const summary = JSON.parse(await readFile(join(ws.dir, 'out4/summary.json'), 'utf8'));
    assert.equal(summary.verdict, 'error');
    assert.equal(summary.suites[0].errors, 52);
    const result = JSON.parse(await readFile(join(ws.dir, 'out4/results/copy-qa-natural.json'), 'utf8'));
    for (const rec of result.records) {
      assert.equal(rec.status, 'error');
      assert.equal(rec.scores, null);
      assert.equal(rec.error.httpStatus, 500);
      assert.equal(rec.attempts, 2);
      assert.match(rec.error.message, /gave up after 2 attempts/);
    }
    assert.equal(result.aggregates.metrics['exact-match'], null);
    const report = await readFile(join(ws.dir, 'out4/report.md'), 'utf8');
    assert.match(report, /52 of 52 records failed for reasons of the infrastructure/);
    assert.deepEqual(summary.suites[0].errorsByCause.infrastructure, {
      records: 52,
      cases: 52,
      reasons: { 'server-error': 52 },
    });
    assert.match(report, /HTTP 500/);
    // The baseline of the failed run was not touched.
    const baseline = JSON.parse(await readFile(join(ws.dir, 'baselines/copy-qa-natural.json'), 'utf8'));
    assert.equal(baseline.aggregates.errors, 0);
    assert.ok(r.stdout.includes('first error'), r.stdout);
  });

  it('refuses to overwrite a baseline with a failed run', async () => {
    const before = await stat(join(ws.dir, 'baselines/copy-qa-natural.json'));
    const r = await runCli(['run', '--no-cache', '--suite', 'copy-qa-natural', '--out', 'out5', '--update-baseline'], {
      cwd: ws.dir,
      env,
    });
    assert.equal(r.code, 3);
    assert.match(r.stderr, /baseline not updated/);
    const afterStat = await stat(join(ws.dir, 'baselines/copy-qa-natural.json'));
    assert.equal(afterStat.mtimeMs, before.mtimeMs);
  });

  it('explains a missing API key in one line and exits 2 without calling anything', async () => {
    const calls = server.requests.length;
    const r = await runCli(['run'], { cwd: ws.dir, env: { OPENAI_BASE_URL: server.url } });
    assert.equal(r.code, 2);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, /OPENAI_API_KEY/);
    assert.doesNotMatch(r.stderr, /at .*\.ts:\d+/);
    assert.equal(server.requests.length, calls);
  });

  it('never writes the API key into results, report or summary', async () => {
    const files = [
      'out2/results/copy-qa-natural.json',
      'out2/results/copy-qa-natural.records.jsonl',
      'out2/report.md',
      'out2/summary.json',
      'baselines/copy-qa-natural.json',
    ];
    for (const f of files) {
      const text = await readFile(join(ws.dir, f), 'utf8');
      assert.ok(!text.includes('sk-test-not-a-real-key'), f);
    }
    assert.equal(server.requests[0]?.headers['authorization'], 'Bearer sk-test-not-a-real-key');
  });
});
