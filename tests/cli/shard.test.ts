// Sharding: four shards merged equal the whole run; a missing, foreign or duplicated
// shard is refused with a message that names it.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { exampleWorkspace, runCli } from '../helpers/cli.ts';
import { contextLinesOf, corruptLine, fractionOf, startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';

describe('shard and merge', () => {
  let server: FakeOpenAI;
  let ws: Awaited<ReturnType<typeof exampleWorkspace>>;
  let env: Record<string, string>;
  const suites = ['--suite', 'copy-qa-natural', '--suite', 'copy-simple-random'];
  const run = (args: string[]) => runCli(args, { cwd: ws.dir, env });

  before(async () => {
    server = await startFakeOpenAI((req) => ({ content: contextLinesOf(req)[1] ?? '' }));
    ws = await exampleWorkspace();
    env = { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: server.url };
    assert.equal((await run(['run', '--no-cache', ...suites, '--update-baseline', '--out', 'base'])).code, 0);
    server.setScript((req) => {
      const line = contextLinesOf(req)[1] ?? '';
      return { content: fractionOf(line) < 0.3 ? corruptLine(line) : line };
    });
  });
  after(async () => {
    await server.close();
    await ws.cleanup();
  });

  it('merges four shards into the same records, statistics, verdict and report as the whole run', async () => {
    const whole = await run(['run', '--no-cache', ...suites, '--run-id', 'run-42', '--out', 'whole']);
    assert.equal(whole.code, 1, whole.stdout);
    for (let i = 1; i <= 4; i++) {
      const s = await run([
        'run',
        '--no-cache',
        ...suites,
        '--run-id',
        'run-42',
        '--shard',
        `${i}/4`,
        '--out',
        `s${i}`,
      ]);
      assert.equal(s.code, 0, s.stderr);
      assert.match(s.stdout, new RegExp(`shard ${i}/4 of run run-42 written`));
      const part = JSON.parse(await readFile(join(ws.dir, `s${i}/results/copy-qa-natural.json`), 'utf8'));
      assert.equal(part.shard.index, i);
      assert.ok(Math.abs(part.records.length - 52 / 4) <= 1, 'balanced within one case');
    }
    const merged = await run(['merge', '--out', 'merged', 's1', 's2', 's3', 's4']);
    assert.equal(merged.code, whole.code, merged.stdout + merged.stderr);
    const read = async (dir: string, file: string): Promise<string> => readFile(join(ws.dir, dir, file), 'utf8');
    assert.deepEqual(JSON.parse(await read('merged', 'summary.json')), JSON.parse(await read('whole', 'summary.json')));
    const noTiming = (report: string): string => report.replace(/; time [\d.]+ s\./g, '.');
    assert.equal(noTiming(await read('merged', 'report.md')), noTiming(await read('whole', 'report.md')));
    for (const suite of ['copy-qa-natural', 'copy-simple-random']) {
      const strip = (text: string) =>
        JSON.parse(text).records.map((r: Record<string, unknown>) => ({ ...r, latencyMs: null }));
      assert.deepEqual(
        strip(await read('merged', `results/${suite}.json`)),
        strip(await read('whole', `results/${suite}.json`)),
      );
    }
  });

  it('refuses a missing shard, naming it', async () => {
    const r = await run(['merge', '--out', 'm2', 's1', 's2', 's3']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /suite copy-qa-natural: shard 4\/4 of run run-42 is missing/);
  });

  it('refuses a shard of another run, naming it', async () => {
    assert.equal(
      (await run(['run', '--no-cache', ...suites, '--run-id', 'run-7', '--shard', '2/4', '--out', 'foreign'])).code,
      0,
    );
    const r = await run(['merge', '--out', 'm3', 's1', 'foreign', 's3', 's4']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /foreign \(suite copy-qa-natural, shard 2\/4, run run-7\) belongs to another run/);
  });

  it('refuses a duplicated shard, naming both places', async () => {
    const r = await run(['merge', '--out', 'm4', 's1', 's2', 's3', 's4', 's2']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /shard 2\/4 of suite copy-qa-natural appears twice: s2 and s2/);
  });

  it('needs a run id shared by the shards', async () => {
    const r = await run(['run', '--no-cache', ...suites, '--shard', '1/2', '--out', 'x']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--shard needs --run-id/);
    const bad = await run(['run', '--shard', '5/4', '--run-id', 'r', '--out', 'x']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--shard must be i\/n with 1 ≤ i ≤ n/);
  });

  it('refuses to write a baseline from one shard, and says what to run instead', async () => {
    const r = await run(['run', '--update-baseline', '--shard', '1/2', '--run-id', 'r', '--out', 'x']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--update-baseline needs every case of the suite in one run: drop --shard/);
    assert.doesNotMatch(
      r.stderr,
      /evalgate merge/,
      'merge cannot write a baseline, so the message must not send users there',
    );
  });
});
