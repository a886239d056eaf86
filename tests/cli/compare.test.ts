// `evalgate compare` on stored results, stale baselines, pairing, and `evalgate dataset`.
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { exampleWorkspace, runCli } from '../helpers/cli.ts';
import { contextLinesOf, corruptLine, fractionOf, startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';

describe('comparing stored results', () => {
  let server: FakeOpenAI;
  let ws: Awaited<ReturnType<typeof exampleWorkspace>>;
  let env: Record<string, string>;
  before(async () => {
    server = await startFakeOpenAI((req) => ({ content: contextLinesOf(req)[1] ?? '' }));
    ws = await exampleWorkspace();
    env = { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: server.url };
    const base = await runCli(
      ['run', '--no-cache', '--suite', 'copy-simple-random', '--out', 'base', '--update-baseline'],
      { cwd: ws.dir, env },
    );
    assert.equal(base.code, 0, base.stderr);
    server.setScript((req) => {
      const line = contextLinesOf(req)[1] ?? '';
      return { content: fractionOf(line) < 0.4 ? corruptLine(line) : line };
    });
    const cand = await runCli(['run', '--no-cache', '--suite', 'copy-simple-random', '--out', 'cand'], {
      cwd: ws.dir,
      env,
    });
    assert.equal(cand.code, 1, cand.stdout);
  });
  after(async () => {
    await server.close();
    await ws.cleanup();
  });

  it('compares a stored candidate with the baseline without calling any model', async () => {
    const calls = server.requests.length;
    const r = await runCli(['compare', '--baseline', 'baselines', '--candidate', 'cand', '--out', 'cmp'], {
      cwd: ws.dir,
      env: {},
    });
    assert.equal(r.code, 1, r.stderr);
    assert.equal(server.requests.length, calls);
    const fromRun = JSON.parse(await readFile(join(ws.dir, 'cand/summary.json'), 'utf8'));
    const fromCompare = JSON.parse(await readFile(join(ws.dir, 'cmp/summary.json'), 'utf8'));
    assert.deepEqual(fromCompare, fromRun);
    assert.equal(
      await readFile(join(ws.dir, 'cmp/report.md'), 'utf8'),
      await readFile(join(ws.dir, 'cand/report.md'), 'utf8'),
    );
  });

  it('accepts single result files', async () => {
    const r = await runCli(
      [
        'compare',
        '--baseline',
        'baselines/copy-simple-random.json',
        '--candidate',
        'cand/results/copy-simple-random.json',
        '--out',
        'cmp2',
      ],
      { cwd: ws.dir, env: {} },
    );
    assert.equal(r.code, 1);
  });

  it('without a config compares under the default gate, as its help says; a --config that does not exist is refused', async () => {
    const help = await runCli(['compare', '--help'], { cwd: ws.dir, env: {} });
    assert.match(
      help.stdout,
      /--config FILE .*When the default does not exist, every suite is compared under the default gate/,
    );
    // A folder with no evalgate.yml: the comparison runs and still finds the regression.
    await mkdir(join(ws.dir, 'no-config'), { recursive: true });
    const bare = await runCli(['compare', '--baseline', '../baselines', '--candidate', '../cand', '--out', 'cmp'], {
      cwd: join(ws.dir, 'no-config'),
      env: {},
    });
    assert.equal(bare.code, 1, bare.stderr);
    assert.equal(JSON.parse(await readFile(join(ws.dir, 'no-config/cmp/summary.json'), 'utf8')).verdict, 'regression');
    // A --config the user named (a typo) never falls back to the default gate.
    const typo = await runCli(
      ['compare', '--config', 'evalgate.yaml', '--baseline', 'baselines', '--candidate', 'cand', '--out', 'cmp-typo'],
      { cwd: ws.dir, env: {} },
    );
    assert.equal(typo.code, 2, typo.stdout);
    assert.match(typo.stderr, /--config evalgate\.yaml does not exist/);
    const merged = await runCli(['merge', '--config', 'ci.yml', '--out', 'merged', 'cand'], { cwd: ws.dir, env: {} });
    assert.equal(merged.code, 2, merged.stdout);
    assert.match(merged.stderr, /--config ci\.yml does not exist/);
  });

  it('names a baseline that is not a result file (exit 2)', async () => {
    await writeFile(join(ws.dir, 'broken.json'), '{"schemaVersion": 99}');
    const r = await runCli(
      ['compare', '--baseline', 'broken.json', '--candidate', 'cand/results/copy-simple-random.json'],
      { cwd: ws.dir, env: {} },
    );
    assert.equal(r.code, 2);
    assert.match(r.stderr, /broken\.json: not an evalgate result file: schemaVersion is 99/);
    await writeFile(join(ws.dir, 'garbage.json'), '{not json');
    const g = await runCli(['compare', '--baseline', 'garbage.json', '--candidate', 'cand'], { cwd: ws.dir, env: {} });
    assert.equal(g.code, 2);
    assert.match(g.stderr, /garbage\.json: not valid JSON/);
  });

  it('calls a baseline measured with other normalizers stale instead of comparing', async () => {
    const config = await readFile(join(ws.dir, 'evalgate.yml'), 'utf8');
    await writeFile(
      join(ws.dir, 'stale.yml'),
      config.replace(
        '      user: prompts/copy/simple-user.txt',
        '      user: prompts/copy/simple-user.txt\n    normalizers: [trim]',
      ),
    );
    server.setScript((req) => ({ content: contextLinesOf(req)[1] ?? '' }));
    const r = await runCli(
      ['run', '--no-cache', '--config', 'stale.yml', '--suite', 'copy-simple-random', '--out', 'stale'],
      { cwd: ws.dir, env },
    );
    assert.equal(r.code, 0, r.stderr);
    const summary = JSON.parse(await readFile(join(ws.dir, 'stale/summary.json'), 'utf8'));
    assert.equal(summary.verdict, 'stale-baseline');
    const report = await readFile(join(ws.dir, 'stale/report.md'), 'utf8');
    assert.match(report, /normalizers: \[\] → \["trim"\]/);
    assert.match(report, /--update-baseline/);
  });

  it('pairs cases by id and input hash: edited, added and removed cases are counted, not compared', async () => {
    const path = join(ws.dir, 'eval-datasets/exact-copy/random.jsonl');
    const rows = (await readFile(path, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, string>);
    const edited = { ...rows[0], question: `${rows[0]?.['question']} (reworded)` };
    const added = { ...rows[1], id: 'brand-new' };
    const next = [edited, added, ...rows.slice(2, -1)];
    await writeFile(path, next.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const r = await runCli(['run', '--no-cache', '--suite', 'copy-simple-random', '--out', 'paired'], {
      cwd: ws.dir,
      env,
    });
    assert.equal(r.code, 0, r.stderr);
    const report = await readFile(join(ws.dir, 'paired/report.md'), 'utf8');
    // 52 baseline cases: 1 edited, 1 replaced by a new id (removed + added), the last removed.
    assert.match(report, /49 cases compared; not compared: 1 added, 2 removed, 1 edited/);
    const summary = JSON.parse(await readFile(join(ws.dir, 'paired/summary.json'), 'utf8'));
    assert.equal(summary.suites[0].cases, 49);
    assert.match(report, /What changed: dataset: random\.jsonl/);
  });

  it('builds an exact-copy set from a SQuAD file through the CLI, reproducibly', async () => {
    const squad = {
      data: [
        {
          paragraphs: ['one.', 'two.', 'three.', 'four.'].map((c, i) => ({
            context: c,
            qas: [{ id: `q${i}`, question: `Q${i}?` }],
          })),
        },
      ],
    };
    await writeFile(join(ws.dir, 'sq.json'), JSON.stringify(squad));
    const a = await runCli(
      ['dataset', 'exact-copy', '--from', 'sq.json', '--n', '3', '--seed', '5', '--out', 'a.jsonl'],
      { cwd: ws.dir },
    );
    const b = await runCli(
      ['dataset', 'exact-copy', '--from', 'sq.json', '--n', '3', '--seed', '5', '--out', 'b.jsonl'],
      { cwd: ws.dir },
    );
    assert.equal(a.code, 0, a.stderr);
    assert.equal(b.code, 0, b.stderr);
    assert.match(a.stdout, /a\.jsonl: 3 cases \(of 4 questions in 4 paragraphs of sq\.json\), seed 5/);
    assert.equal(await readFile(join(ws.dir, 'a.jsonl'), 'utf8'), await readFile(join(ws.dir, 'b.jsonl'), 'utf8'));
    const bad = await runCli(['dataset', 'exact-copy', '--from', 'sq.json', '--n', 'many', '--out', 'c.jsonl'], {
      cwd: ws.dir,
    });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--n must be a positive integer/);
  });
});
