// Faults, resume after SIGKILL, and the response cache, end to end against the scripted server.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CLI_SOURCE, exampleWorkspace, runCli } from '../helpers/cli.ts';
import { contextLinesOf, startFakeOpenAI, type FakeOpenAI, type FakeRequest } from '../helpers/fake-openai.ts';

interface Rec {
  caseId: string;
  status: string;
  scores: Record<string, number> | null;
  attempts: number;
  cached: boolean;
  reply: { text: string } | null;
  error: { kind: string; message: string } | null;
}
const copyOf = (req: FakeRequest): string => contextLinesOf(req)[1] ?? '';

describe('model calls at scale', () => {
  let server: FakeOpenAI;
  let ws: Awaited<ReturnType<typeof exampleWorkspace>>;
  let env: Record<string, string>;
  let idOf: Map<string, string>;
  const run = (args: string[]) => runCli(['run', '--suite', 'copy-qa-natural', ...args], { cwd: ws.dir, env });
  const records = async (out: string): Promise<Rec[]> =>
    JSON.parse(await readFile(join(ws.dir, out, 'results/copy-qa-natural.json'), 'utf8')).records;
  const assertAllCorrect = (recs: Rec[]): void => {
    assert.equal(recs.length, 52);
    for (const r of recs) {
      assert.equal(r.status, 'scored', `${r.caseId}: ${JSON.stringify(r.error)}`);
      assert.equal(r.scores?.['exact-match'], 1, r.caseId);
    }
  };

  before(async () => {
    server = await startFakeOpenAI((req) => ({ content: copyOf(req) }));
    ws = await exampleWorkspace();
    env = { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: server.url };
    const config = await readFile(join(ws.dir, 'evalgate.yml'), 'utf8');
    await ws.write(
      'evalgate.yml',
      config.replace(
        '    concurrency: 8',
        '    concurrency: 8\n    retry-base-delay-ms: 20\n    max-attempts: 4\n    timeout-ms: 1500',
      ),
    );
    const rows = (await readFile(join(ws.dir, 'eval-datasets/exact-copy/natural.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; expected: string });
    idOf = new Map(rows.map((r) => [r.expected, r.id]));
  });
  after(async () => {
    await server.close();
    await ws.cleanup();
  });

  it('rides out a burst of 500s: every case complete and correct, retries counted', async () => {
    // Eight calls in flight share the burst; enough attempts that no single case can absorb all of it.
    const config = await readFile(join(ws.dir, 'evalgate.yml'), 'utf8');
    await ws.write('burst.yml', config.replace('max-attempts: 4', 'max-attempts: 12'));
    const start = server.requests.length;
    server.setScript((req, i) => (i - start < 30 ? { status: 500 } : { content: copyOf(req) }));
    const r = await runCli(
      ['run', '--config', 'burst.yml', '--suite', 'copy-qa-natural', '--no-cache', '--out', 'burst'],
      { cwd: ws.dir, env },
    );
    assert.equal(r.code, 0, r.stderr);
    const recs = await records('burst');
    assertAllCorrect(recs);
    const retries = recs.reduce((n, x) => n + x.attempts - 1, 0);
    assert.equal(retries, 30);
    assert.match(await readFile(join(ws.dir, 'burst/report.md'), 'utf8'), /30 retries/);
  });

  it('honours Retry-After: 2 — the retry of a rate-limited call comes at least 2 s later', async () => {
    const limited = new Set<string>();
    server.setScript((req) => {
      const line = copyOf(req);
      if (limited.size < 3 && !limited.has(line)) {
        limited.add(line);
        return { status: 429, headers: { 'retry-after': '2' }, body: { error: { message: 'rate limited' } } };
      }
      return { content: line };
    });
    const start = server.requests.length;
    const r = await run(['--no-cache', '--out', 'ratelimit']);
    assert.equal(r.code, 0, r.stderr);
    assertAllCorrect(await records('ratelimit'));
    const seen = server.requests.slice(start);
    for (const line of limited) {
      const times = seen.filter((q) => copyOf(q) === line).map((q) => q.receivedAt);
      assert.equal(times.length, 2);
      assert.ok(
        (times[1] as number) - (times[0] as number) >= 2000,
        `retried after ${(times[1] as number) - (times[0] as number)} ms`,
      );
    }
  });

  it('retries connection resets', async () => {
    // Every case's first attempt is cut off: each must come back exactly once more.
    const reset = new Set<string>();
    server.setScript((req) => {
      const line = copyOf(req);
      if (reset.has(line)) return { content: line };
      reset.add(line);
      return { drop: true };
    });
    const r = await run(['--no-cache', '--out', 'resets']);
    assert.equal(r.code, 0, r.stderr);
    const recs = await records('resets');
    assertAllCorrect(recs);
    assert.ok(recs.every((x) => x.attempts === 2));
  });

  it('turns a body that never parses into an error after retries, not a score', async () => {
    const victim = [...idOf.keys()][5] as string;
    server.setScript((req) =>
      copyOf(req) === victim ? { malformed: '{"choices": [ oops' } : { content: copyOf(req) },
    );
    const start = server.requests.length;
    const r = await run(['--no-cache', '--out', 'malformed']);
    assert.equal(r.code, 0, r.stderr);
    const recs = await records('malformed');
    const bad = recs.find((x) => x.caseId === idOf.get(victim));
    assert.equal(bad?.status, 'error');
    assert.equal(bad?.scores, null);
    assert.equal(bad?.error?.kind, 'malformed');
    assert.equal(bad?.attempts, 4);
    assert.equal(server.requests.slice(start).filter((q) => copyOf(q) === victim).length, 4);
    assert.equal(recs.filter((x) => x.status === 'scored' && x.scores?.['exact-match'] === 1).length, 51);
    const summary = JSON.parse(await readFile(join(ws.dir, 'malformed/summary.json'), 'utf8'));
    assert.equal(summary.suites[0].errors, 1);
  });

  it('times out a server that never answers; the call becomes an error and the run ends', async () => {
    const victim = [...idOf.keys()][7] as string;
    server.setScript((req) => (copyOf(req) === victim ? { hang: true } : { content: copyOf(req) }));
    const r = await run(['--no-cache', '--out', 'hang']);
    assert.equal(r.code, 0, r.stderr);
    const bad = (await records('hang')).find((x) => x.caseId === idOf.get(victim));
    assert.equal(bad?.status, 'error');
    assert.equal(bad?.error?.kind, 'timeout');
  });

  it('resumes after SIGKILL without re-sending finished cases, and ends with the same scores', async () => {
    server.setScript((req) => ({ content: copyOf(req), delayMs: 40 }));
    const start = server.requests.length;
    const child = spawn(
      process.execPath,
      [CLI_SOURCE, 'run', '--suite', 'copy-qa-natural', '--no-cache', '--out', 'killed'],
      { cwd: ws.dir, env: { PATH: process.env['PATH'] ?? '', ...env }, stdio: 'ignore' },
    );
    const exited = new Promise((resolve) => child.on('close', resolve));
    while (server.requests.length - start < 24) await new Promise((r) => setTimeout(r, 5));
    child.kill('SIGKILL');
    await exited;
    const log = await readFile(join(ws.dir, 'killed/results/copy-qa-natural.records.jsonl'), 'utf8');
    const finished = new Set(
      log
        .trim()
        .split('\n')
        .slice(1)
        .flatMap((l) => {
          try {
            return [(JSON.parse(l) as Rec).caseId];
          } catch {
            return []; // a line cut by the kill
          }
        }),
    );
    assert.ok(finished.size > 5 && finished.size < 52, `finished before the kill: ${finished.size}`);

    server.setScript((req) => ({ content: copyOf(req) }));
    const resumeStart = server.requests.length;
    const r = await run(['--no-cache', '--out', 'killed']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, new RegExp(`resuming run .*: ${finished.size} of 52 records already finished`));
    const resent = server.requests.slice(resumeStart).map((q) => idOf.get(copyOf(q)) as string);
    assert.equal(resent.filter((id) => finished.has(id)).length, 0, 'no finished case was asked again');
    assert.equal(resent.length, 52 - finished.size);

    const whole = await run(['--no-cache', '--fresh', '--out', 'uninterrupted']);
    assert.equal(whole.code, 0);
    const scores = (recs: Rec[]) => recs.map((x) => [x.caseId, x.scores]);
    assert.deepEqual(scores(await records('killed')), scores(await records('uninterrupted')));
  });

  it('answers an identical second run from the cache: zero requests, the same result', async () => {
    server.setScript((req) => ({ content: copyOf(req) }));
    const first = await run(['--out', 'cache1', '--cache-dir', 'cache']);
    assert.equal(first.code, 0, first.stderr);
    const before = server.requests.length;
    const second = await run(['--out', 'cache2', '--cache-dir', 'cache']);
    assert.equal(second.code, 0, second.stderr);
    assert.equal(server.requests.length, before, 'no request reached the server');
    const a = await records('cache1');
    const b = await records('cache2');
    assert.ok(b.every((x) => x.cached && x.attempts === 0));
    const core = (recs: Rec[]) => recs.map((x) => [x.caseId, x.status, x.scores, x.reply?.text]);
    assert.deepEqual(core(b), core(a));
    const report = await readFile(join(ws.dir, 'cache2/report.md'), 'utf8');
    assert.match(report, /52 from the cache/);
    // The cache is per endpoint: plan must look at the same base URL the run used, and it
    // can only count entries it can authenticate, so it needs the key too.
    const plan = await runCli(['plan', '--suite', 'copy-qa-natural', '--cache-dir', 'cache'], {
      cwd: ws.dir,
      env: { OPENAI_BASE_URL: server.url, OPENAI_API_KEY: 'k' },
    });
    assert.equal(plan.code, 0, plan.stderr);
    assert.match(plan.stdout, /copy-qa-natural\s+exact-copy\s+gpt-4o-mini\s+52\s+1\s+52\s+52/);
    assert.match(plan.stdout, /Total: 52 calls \(0 not cached\)/);
  });

  it('keeps the key out of the cache', async () => {
    const { readdir } = await import('node:fs/promises');
    const dirs = await readdir(join(ws.dir, 'cache'));
    const first = await readdir(join(ws.dir, 'cache', dirs[0] as string));
    const text = await readFile(join(ws.dir, 'cache', dirs[0] as string, first[0] as string), 'utf8');
    assert.ok(!text.includes('"k"') && !/authorization/i.test(text));
  });
});
