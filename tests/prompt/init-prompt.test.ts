// `evalgate init --kind prompt` writes a suite that validates and runs: a model that
// follows its system prompt passes every assertion; replies that forget the customer's
// name fail the python check, and only those, which puts the run under the starter's floor.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../helpers/cli.ts';
import { startFakeOpenAI, type FakeOpenAI, type FakeRequest } from '../helpers/fake-openai.ts';

const field = (req: FakeRequest, name: string): string =>
  new RegExp(`^${name}: (.*)$`, 'm').exec(req.messages.at(-1)?.content ?? '')?.[1] ?? '';

describe('evalgate init --kind prompt', () => {
  let server: FakeOpenAI;
  let dir: string;

  before(async () => {
    // Scripted, not a model: the reply the starter's system prompt asks for, in a fence.
    server = await startFakeOpenAI((req) => {
      // Orders A-1042 … A-1053: the odd ones forget the name.
      const forgetName = Number(field(req, 'Order').slice(-1)) % 2 === 1;
      const greeting = forgetName ? 'Hello,' : `Hello ${field(req, 'Customer')},`;
      const body = JSON.stringify({ greeting, reply: `Order ${field(req, 'Order')} is on its way to you today.` });
      return { content: `\`\`\`json\n${body}\n\`\`\`` };
    });
    dir = await mkdtemp(join(tmpdir(), 'evalgate-init-prompt-'));
  });
  after(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes a prompt suite that validates, and grades replies as its assertions say', async () => {
    const init = await runCli(['init', '--kind', 'prompt'], { cwd: dir });
    assert.equal(init.code, 0, init.stderr);
    assert.match(await readFile(join(dir, 'evalgate.yml'), 'utf8'), /kind: prompt/);
    const env = { OPENAI_API_KEY: 'sk-test-not-a-real-key', OPENAI_BASE_URL: server.url };
    const valid = await runCli(['validate'], { cwd: dir, env });
    assert.equal(valid.code, 0, valid.stdout + valid.stderr);

    // Half the replies fail the python check: under the starter's floor (pass-rate 0.8), so
    // the first run fails on its own, with no baseline to compare with.
    const first = await runCli(['run', '--no-cache', '--out', 'out'], { cwd: dir, env });
    assert.equal(first.code, 1, first.stdout + first.stderr);
    const summary = JSON.parse(await readFile(join(dir, 'out/summary.json'), 'utf8'));
    assert.equal(summary.verdict, 'below-floor');
    assert.deepEqual(summary.suites[0].floors, [{ metric: 'pass-rate', min: 0.8, value: 0.5, met: false }]);
    const result = JSON.parse(await readFile(join(dir, 'out/results/support-reply.json'), 'utf8'));
    assert.equal(result.records.length, 12);
    const m = result.aggregates.metrics;
    assert.equal(m['assert:polite-greeting'], 0.5);
    assert.equal(m['pass-rate'], 0.5);
    for (const name of ['is-json', 'json-schema', 'names-the-order', 'no-apology-template', 'length'])
      assert.equal(m[`assert:${name}`], 1, name);
  });
});
