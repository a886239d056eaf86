// End to end from the CLI with a plain config against a server that behaves as real
// providers do today: reasoning models, think blocks, truncation, no json_schema, a body
// that drips, Retry-After of an hour, a 401, a rate limit, and a budget. Where the server
// would have answered, no case may end as an error, and the report must say what happened.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { exampleWorkspace, runCli } from '../helpers/cli.ts';
import {
  contextLinesOf,
  fractionOf,
  scriptedJudgeReply,
  startFakeOpenAI,
  taskOf,
  type FakeOpenAI,
  type FakeReply,
  type FakeRequest,
} from '../helpers/fake-openai.ts';

const CONFIG = `version: 1
providers:
  target: {model: scripted-target, concurrency: 8, timeout-ms: TIMEOUT}
  judge: {model: scripted-judge}
suites:
  - name: copy
    kind: exact-copy
    provider: target
    dataset: eval-datasets/exact-copy/natural.jsonl
    templates: {system: prompts/copy/qa-system.txt, user: prompts/copy/qa-user.txt}
  - name: copy-small
    kind: exact-copy
    provider: target
    dataset: small.jsonl
    templates: {system: prompts/copy/qa-system.txt, user: prompts/copy/qa-user.txt}
  - name: judged
    kind: judged
    provider: target
    judge: judge
    dataset: eval-datasets/judged/tasks.jsonl
    templates: {system: prompts/assistant/system.txt, user: prompts/assistant/user.txt}
`;

interface Result {
  records: {
    caseId: string;
    status: string;
    attempts: number;
    scores: Record<string, number> | null;
    reply: { reasoning?: string; finishReason: string | null } | null;
    error: { kind: string; message: string } | null;
  }[];
}

describe('real provider behaviours, end to end', () => {
  let server: FakeOpenAI;
  let ws: Awaited<ReturnType<typeof exampleWorkspace>>;
  let env: Record<string, string>;
  let references: Map<string, string>;
  const copier = (req: FakeRequest): FakeReply => ({ content: contextLinesOf(req)[1] ?? '' });
  const run = (args: string[]) => runCli(['run', '--no-cache', '--config', 'rp.yml', ...args], { cwd: ws.dir, env });
  const readJson = async <T>(path: string): Promise<T> => JSON.parse(await readFile(join(ws.dir, path), 'utf8')) as T;
  // The report escapes Markdown in free text (max\_tokens); read it as a person would.
  const report = async (out: string) => (await readFile(join(ws.dir, out, 'report.md'), 'utf8')).replace(/\\_/g, '_');

  before(async () => {
    server = await startFakeOpenAI(copier);
    ws = await exampleWorkspace();
    env = { OPENAI_API_KEY: 'sk-test-not-a-real-key', OPENAI_BASE_URL: server.url };
    await ws.write('rp.yml', CONFIG.replace('TIMEOUT', '60000'));
    const lines = (await readFile(join(ws.dir, 'eval-datasets/exact-copy/natural.jsonl'), 'utf8')).trim().split('\n');
    await ws.write('small.jsonl', `${lines.slice(0, 24).join('\n')}\n`);
    const rows = (await readFile(join(ws.dir, 'eval-datasets/judged/tasks.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { input: string; reference: string });
    references = new Map(rows.map((r) => [r.input, r.reference]));
  });
  beforeEach(() => {
    server.setBehaviour({});
    server.setScript(copier);
  });
  after(async () => {
    await server.close();
    await ws.cleanup();
  });

  it('runs against a reasoning model with a plain config: no errors, a few wasted requests, the adaptation named', async () => {
    server.setBehaviour({ reasoningModel: true });
    const before = server.requests.length;
    const r = await run(['--suite', 'copy', '--out', 'o-reasoning']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const summary = await readJson<{ suites: { errors: number; candidate: number }[] }>('o-reasoning/summary.json');
    assert.equal(summary.suites[0]?.errors, 0);
    assert.equal(summary.suites[0]?.candidate, 1);
    const sent = server.requests.length - before;
    // At most two refusals per call that was in flight when the server first refused (concurrency 8).
    assert.ok(sent >= 54 && sent <= 52 + 16, `${sent} requests`);
    const text = await report('o-reasoning');
    assert.match(text, /### Providers and budget/);
    assert.match(
      text,
      /Provider `target` adapted to its server: sent max_completion_tokens instead of max_tokens; temperature left at the server's default\./,
    );
  });

  it('scores the answer after a think block, keeps the reasoning, and counts it', async () => {
    server.setScript((req) => ({
      content: `<think>\nThe second line of the context answers it.\n</think>\n\n${contextLinesOf(req)[1] ?? ''}`,
    }));
    const r = await run(['--suite', 'copy-small', '--out', 'o-think']);
    assert.equal(r.code, 0, r.stderr);
    const result = await readJson<Result>('o-think/results/copy-small.json');
    assert.ok(result.records.every((rec) => rec.scores?.['exact-match'] === 1));
    assert.equal(result.records[0]?.reply?.reasoning, 'The second line of the context answers it.');
    assert.match(await report('o-think'), /24 of 24 replies began with reasoning/);
  });

  it('lists replies cut by the token limit with a hint, and warns when too many are', async () => {
    const cut = new Set<string>();
    server.setScript((req) => {
      const line = contextLinesOf(req)[1] ?? '';
      if (fractionOf(line) < 0.25) {
        cut.add(line);
        return { content: line.slice(0, 3), finishReason: 'length' };
      }
      return { content: line };
    });
    const r = await run(['--suite', 'copy', '--out', 'o-length']);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(cut.size >= 3, `${cut.size} cut`);
    const result = await readJson<Result>('o-length/results/copy.json');
    const length = result.records.filter((rec) => rec.reply?.finishReason === 'length');
    assert.equal(length.length, cut.size);
    const text = await report('o-length');
    assert.match(
      text,
      new RegExp(
        `Cut by the token limit: ${cut.size} of 52 replies \\(finish_reason \`length\`\\): \`${length[0]?.caseId}\``,
      ),
    );
    assert.match(text, /Raise `max-tokens`/);
    assert.match(text, /⚠️ Warning: [\d.]+% of replies were cut by the token limit, more than 5%/);
  });

  it('judges through a server without structured output: no errors, the fallback named', async () => {
    server.setBehaviour({ responseFormats: 'none' });
    server.setScript((req) => scriptedJudgeReply(req) ?? { content: references.get(taskOf(req)) ?? '' });
    const r = await run(['--suite', 'judged', '--out', 'o-judged']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const summary = await readJson<{ suites: { errors: number; candidate: number }[] }>('o-judged/summary.json');
    assert.equal(summary.suites[0]?.errors, 0);
    assert.equal(summary.suites[0]?.candidate, 5);
    assert.match(
      await report('o-judged'),
      /Provider `judge` adapted to its server: structured output: json_schema is not supported, asked for a JSON object \(json_object\) instead; structured output: not supported, JSON is read from the reply text\./,
    );
  });

  it('ends a dripping body at the timeout and succeeds on the retry', async () => {
    await ws.write('rp-timeout.yml', CONFIG.replace('TIMEOUT', '1500'));
    let dripped = 0;
    server.setScript((req, index) => {
      if (index % 7 === 0 && dripped < 3) {
        dripped++;
        return { content: contextLinesOf(req)[1] ?? '', dripMs: 1000 };
      }
      return copier(req);
    });
    const r = await runCli(
      ['run', '--no-cache', '--config', 'rp-timeout.yml', '--suite', 'copy-small', '--out', 'o-drip'],
      { cwd: ws.dir, env },
    );
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(dripped, 3);
    const result = await readJson<Result>('o-drip/results/copy-small.json');
    assert.ok(result.records.every((rec) => rec.status === 'scored' && rec.scores?.['exact-match'] === 1));
    assert.equal(result.records.filter((rec) => rec.attempts === 2).length, 3);
  });

  it('does not wait an hour for Retry-After: 3600, and names the rate limit', { timeout: 120_000 }, async () => {
    server.setScript(() => ({
      status: 429,
      headers: { 'retry-after': '3600' },
      body: { error: { message: 'Rate limit reached for requests per day', type: 'requests' } },
    }));
    const r = await run(['--suite', 'copy-small', '--out', 'o-3600']);
    assert.equal(r.code, 3, r.stdout + r.stderr);
    const result = await readJson<Result>('o-3600/results/copy-small.json');
    assert.ok(result.records.every((rec) => rec.status === 'error' && rec.error?.kind === 'rate-limit'));
    assert.match(
      await report('o-3600'),
      /rate limited \(HTTP 429\): the provider asked to wait 3600 s \(Retry-After\), more than the 180 s left of max-retry-time-ms/,
    );
  });

  it("stops calling after a 401 and reports the server's message", async () => {
    server.setScript(() => ({
      status: 401,
      body: {
        error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' },
      },
    }));
    const before = server.requests.length;
    const r = await run(['--suite', 'copy', '--out', 'o-401']);
    assert.equal(r.code, 3);
    assert.ok(server.requests.length - before <= 8, `${server.requests.length - before} requests sent after a 401`);
    assert.match(await report('o-401'), /Incorrect API key provided/);
  });

  it('finishes every case under 3 requests/s at concurrency 8 with no errors', { timeout: 120_000 }, async () => {
    server.setBehaviour({ rateLimitPerSecond: 3 });
    const before = server.requests.length;
    const r = await run(['--suite', 'copy-small', '--out', 'o-rate']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const result = await readJson<Result>('o-rate/results/copy-small.json');
    assert.equal(result.records.length, 24);
    assert.ok(result.records.every((rec) => rec.status === 'scored'));
    assert.ok(
      server.requests.slice(before).some((q) => q.rateLimited),
      'the limit was reached',
    );
  });

  it('stops at the budget with a partial report (exit 3) and resumes with a larger one', async () => {
    const before = server.requests.length;
    const first = await run(['--suite', 'copy', '--out', 'o-budget', '--max-calls', '20']);
    assert.equal(first.code, 3, first.stdout + first.stderr);
    assert.equal(server.requests.length - before, 20);
    const text = await report('o-budget');
    assert.match(text, /\*\*Stopped by the budget\*\*: not sent: the run's budget of 20 calls is spent/);
    const partial = await readJson<Result & { incomplete?: { missing: number } }>('o-budget/results/copy.json');
    assert.equal(partial.records.length, 20);
    assert.equal(partial.incomplete?.missing, 32);
    const summary = await readJson<{ verdict: string; budget?: { stopped: string } }>('o-budget/summary.json');
    assert.equal(summary.verdict, 'error');
    assert.match(summary.budget?.stopped ?? '', /budget of 20 calls/);

    const resumed = await run(['--suite', 'copy', '--out', 'o-budget', '--max-calls', '100']);
    assert.equal(resumed.code, 0, resumed.stdout + resumed.stderr);
    assert.equal(server.requests.length - before, 52, 'only the cases not run were called');
    const whole = await readJson<Result & { incomplete?: unknown }>('o-budget/results/copy.json');
    assert.equal(whole.records.length, 52);
    assert.equal(whole.incomplete, undefined);
  });

  it("refuses a cost budget when a provider's prices are unknown, before any call", async () => {
    const before = server.requests.length;
    const r = await run(['--suite', 'copy', '--out', 'o-cost', '--max-cost', '1']);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /a cost budget needs the price of every provider.*set providers\.target\.pricing/);
    assert.equal(server.requests.length, before);
  });
});
