// The CLI on hostile files: paths that leave the repository, credentials in URLs, and a
// response cache or record log that was not written with this run's secret.
import assert from 'node:assert/strict';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { exampleWorkspace, runCli } from '../helpers/cli.ts';
import { contextLinesOf, startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';

const CANARY = 'CANARY-CLI-OUTSIDE-91d3';

describe('the CLI on files it must not trust', () => {
  let ws: Awaited<ReturnType<typeof exampleWorkspace>>;
  let outside: Awaited<ReturnType<typeof exampleWorkspace>>;
  let server: FakeOpenAI;
  let config: string;

  before(async () => {
    ws = await exampleWorkspace();
    outside = await exampleWorkspace();
    await outside.write('secret.txt', `${CANARY}\n`);
    server = await startFakeOpenAI((req) => ({ content: contextLinesOf(req)[1] ?? '' }));
    config = await readFile(join(ws.dir, 'evalgate.yml'), 'utf8');
  });
  after(async () => {
    await server.close();
    await ws.cleanup();
    await outside.cleanup();
  });

  for (const [label, path] of [
    ['a ../ path', '../x/secret.txt'],
    ['an absolute path', '<abs>'],
    ['an outside symlink', 'prompts/link.txt'],
  ] as const) {
    it(`validate refuses a template at ${label} with the file, line and key, reading nothing`, async () => {
      const target =
        path === '<abs>'
          ? join(outside.dir, 'secret.txt')
          : path === '../x/secret.txt'
            ? `../${outside.dir.split('/').pop()}/secret.txt`
            : path;
      if (path === 'prompts/link.txt')
        await symlink(join(outside.dir, 'secret.txt'), join(ws.dir, 'prompts/link.txt')).catch(() => undefined);
      await ws.write('evalgate.yml', config.replace('user: prompts/copy/qa-user.txt', `user: "${target}"`));
      const r = await runCli(['validate'], { cwd: ws.dir });
      assert.equal(r.code, 2, r.stderr);
      assert.match(
        r.stderr,
        /^evalgate\.yml:\d+ suites\[0\]\.templates\.user: template path .* (climbs out of the repository|is an absolute path|is a symlink to a file outside the repository)/m,
      );
      assert.ok(!r.stdout.includes(CANARY) && !r.stderr.includes(CANARY));
    });
  }

  it('refuses a base-url with user:password@ and never prints the password', async () => {
    await ws.write(
      'evalgate.yml',
      config.replace(
        '    model: gpt-4o-mini ',
        '    base-url: "https://bob:pa55-secret@llm.example.com/v1"\n    model: gpt-4o-mini ',
      ),
    );
    const r = await runCli(['validate'], { cwd: ws.dir });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /base-url: a URL must not carry credentials/);
    assert.ok(!r.stderr.includes('pa55-secret') && !r.stdout.includes('pa55-secret'));
  });

  it('ignores cache entries and a record log written with another key, calls the model, and says so', async () => {
    await ws.write('evalgate.yml', config);
    const env = (key: string): Record<string, string> => ({ OPENAI_API_KEY: key, OPENAI_BASE_URL: server.url });
    const args = ['run', '--suite', 'copy-qa-natural', '--out', 'out', '--cache-dir', 'cache'];
    const first = await runCli(args, { cwd: ws.dir, env: env('key-one') });
    assert.equal(first.code, 0, first.stderr);
    const before = server.requests.length;
    const same = await runCli([...args.slice(0, 4), 'out-again', ...args.slice(5)], {
      cwd: ws.dir,
      env: env('key-one'),
    });
    assert.equal(same.code, 0, same.stderr);
    assert.equal(server.requests.length, before, 'the same key reads its own cache');
    // The same files under another key: nothing verifies, every case calls the model.
    await writeFile(
      join(ws.dir, 'out/results/copy-qa-natural.records.jsonl'),
      await readFile(join(ws.dir, 'out/results/copy-qa-natural.records.jsonl')),
    );
    const other = await runCli(args, { cwd: ws.dir, env: env('key-two') });
    assert.equal(other.code, 0, other.stderr);
    assert.equal(server.requests.length - before, 52, 'every case called the model');
    assert.match(other.stderr, /record log in the output folder failed authentication/);
    const report = await readFile(join(ws.dir, 'out/report.md'), 'utf8');
    assert.match(report, /52 cached responses failed authentication .* ignored; the model was called instead/);
    assert.match(report, /53 lines of a previous run's record log failed authentication/);
    const summary = JSON.parse(await readFile(join(ws.dir, 'out/summary.json'), 'utf8')) as {
      trust?: { rejected: { cacheEntries: number; records: number } };
    };
    assert.deepEqual(summary.trust?.rejected, { cacheEntries: 52, records: 53 });
  });

  it("does not resume signed records spliced under another run's signed header", async () => {
    await ws.write('evalgate.yml', config);
    const env = { OPENAI_API_KEY: 'key-splice', OPENAI_BASE_URL: server.url };
    const run = (out: string): ReturnType<typeof runCli> =>
      runCli(['run', '--suite', 'copy-qa-natural', '--no-cache', '--out', out], { cwd: ws.dir, env });
    assert.equal((await run('run-a')).code, 0);
    const template = join(ws.dir, 'prompts/copy/qa-user.txt');
    const original = await readFile(template, 'utf8');
    await writeFile(template, `${original}\n`);
    assert.equal((await run('run-b')).code, 0);
    const log = (dir: string): Promise<string[]> =>
      readFile(join(ws.dir, dir, 'results/copy-qa-natural.records.jsonl'), 'utf8').then((t) =>
        t.split('\n').filter(Boolean),
      );
    const [headerB] = await log('run-b');
    const recordsA = (await log('run-a')).slice(1);
    await mkdir(join(ws.dir, 'spliced/results'), { recursive: true });
    await writeFile(
      join(ws.dir, 'spliced/results/copy-qa-natural.records.jsonl'),
      `${[headerB, ...recordsA].join('\n')}\n`,
    );
    const before = server.requests.length;
    const spliced = await run('spliced');
    await writeFile(template, original);
    assert.equal(spliced.code, 0, spliced.stderr);
    assert.equal(server.requests.length - before, 52, 'no spliced record stood in for a call');
    assert.match(spliced.stderr, /52 record\(s\) in the record log failed authentication/);
  });
});
