/**
 * The round-trip suite end to end from the CLI: the ten shipped tasks in English and
 * Japanese against the scripted server, with the default sandbox. A first run writes
 * results and baselines; a pull request that drops the entry-point rule from both
 * nl-to-code templates makes the scripted model miss it, and the run gates as a
 * regression with the stops by stage and the cross-language table in the report.
 */
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { exampleWorkspace, ROOT, runCli } from '../helpers/cli.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';
import { loadScriptTasks, scriptedRoundTrip } from '../helpers/round-trip-script.ts';

let server: FakeOpenAI;
let ws: Awaited<ReturnType<typeof exampleWorkspace>>;
const DEGRADED = [
  't03-arithmetic',
  't04-string',
  't05-prime',
  't06-function',
  't07-class',
  't08-dict',
  't09-sorting',
  't10-exception',
];
const RULES = { en: 'the tests import it from your module', ja: 'テストはあなたのモジュールから' };

before(async () => {
  server = await startFakeOpenAI(
    scriptedRoundTrip(loadScriptTasks(), {
      markCycles: false,
      degradeUnless: { texts: Object.values(RULES), tasks: DEGRADED },
    }),
  );
  ws = await exampleWorkspace();
  await ws.write(
    'evalgate.yml',
    [
      'version: 1',
      'providers:',
      '  target: { model: scripted-model, concurrency: 4 }',
      'suites:',
      ...(['en', 'ja'] as const).map((l) =>
        [
          `  - name: roundtrip-${l}`,
          '    kind: round-trip',
          '    provider: target',
          `    language: ${l}`,
          '    tasks: eval-datasets/round-trip',
          `    templates: { nl-to-code: prompts/round-trip/${l}/nl-to-code.txt, code-to-nl: prompts/round-trip/${l}/code-to-nl.txt }`,
          '    repeats: 2',
        ].join('\n'),
      ),
      '',
    ].join('\n'),
  );
});

after(async () => {
  await server.close();
  await ws.cleanup();
});

const env = (): Record<string, string> => ({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: server.url });

interface Summary {
  verdict: string;
  suites: {
    name: string;
    metric: string;
    baseline: number | null;
    candidate: number | null;
    verdict: string;
    cases: number;
    errors: number;
  }[];
}

test('ten tasks in two languages: results, a baseline, and a degraded template gated as a regression', async () => {
  const first = await runCli(['run', '--out', 'out1', '--update-baseline', '--no-cache'], { cwd: ws.dir, env: env() });
  assert.equal(first.code, 0, first.stderr);
  const s1 = JSON.parse(await readFile(join(ws.dir, 'out1/summary.json'), 'utf8')) as Summary;
  assert.deepEqual(
    s1.suites.map((s) => [s.name, s.metric, s.candidate, s.cases, s.errors]),
    [
      ['roundtrip-en', 'l2-score', 10, 10, 0],
      ['roundtrip-ja', 'l2-score', 10, 10, 0],
    ],
  );
  const result = JSON.parse(await readFile(join(ws.dir, 'baselines/roundtrip-ja.json'), 'utf8')) as {
    records: { caseId: string; repeat: number; detail: { stage: string; cycles: { description?: string }[] } }[];
    aggregates: { metrics: Record<string, number> };
  };
  assert.equal(result.records.length, 20);
  assert.equal(result.aggregates.metrics['full-success'], 1);
  assert.ok(result.records.every((r) => r.detail.stage === 'completed' && r.detail.cycles.length === 10));
  assert.ok(result.records[0]?.detail.cycles[0]?.description?.startsWith('タスク: '));

  // The pull request: the entry-point rule is dropped from both nl-to-code templates.
  for (const [l, rule] of Object.entries(RULES)) {
    const path = `prompts/round-trip/${l}/nl-to-code.txt`;
    const text = await readFile(join(ws.dir, path), 'utf8');
    const weakened = text
      .split('\n')
      .filter((line) => !line.includes(rule))
      .join('\n');
    assert.notEqual(weakened, text);
    await writeFile(join(ws.dir, path), weakened);
  }
  const second = await runCli(['run', '--out', 'out2', '--no-cache'], { cwd: ws.dir, env: env() });
  assert.equal(second.code, 1, second.stderr);
  const s2 = JSON.parse(await readFile(join(ws.dir, 'out2/summary.json'), 'utf8')) as Summary;
  assert.equal(s2.verdict, 'regression');
  for (const s of s2.suites) {
    assert.equal(s.verdict, 'regression', s.name);
    assert.equal(s.baseline, 10);
    assert.equal(s.candidate, 2); // 2 of 10 tasks still complete; 8 stop at cycle 1 (L2 0)
  }
  const report = await readFile(join(ws.dir, 'out2/report.md'), 'utf8');
  assert.match(report, /Where the round trips stopped/);
  assert.match(report, /Full success: 4 of 20 walks reached all 10 cycles \(20%; baseline 100%\)/);
  assert.match(report, /\| test-failure \| 0 \| 16 \|/);
  assert.match(report, /\| completed \| 20 \| 4 \|/);
  assert.match(report, /Round trip across languages/);
  assert.match(report, /Candidate: test-failure at cycle 1/);
  assert.match(report, /templates: nl-to-code\.txt/);
  assert.doesNotMatch(report, /not a sandbox/);
});

test('the bundle runs round trips with no node_modules: the Pyodide runtime ships in dist/', async () => {
  const bare = await mkdtemp(join(tmpdir(), 'evalgate-bare-'));
  try {
    await cp(join(ROOT, 'dist'), join(bare, 'app/dist'), { recursive: true });
    await cp(join(ROOT, 'eval-datasets/round-trip/t05-prime'), join(bare, 'work/tasks/t05-prime'), { recursive: true });
    await cp(join(ROOT, 'prompts/round-trip/en'), join(bare, 'work/prompts'), { recursive: true });
    await writeFile(
      join(bare, 'work/evalgate.yml'),
      [
        'version: 1',
        'providers: { target: { model: scripted-model } }',
        'suites:',
        '  - { name: rt, kind: round-trip, provider: target, language: en, tasks: tasks, cycles: 3, repeats: 1,',
        '      templates: { nl-to-code: prompts/nl-to-code.txt, code-to-nl: prompts/code-to-nl.txt } }',
        '',
      ].join('\n'),
    );
    const r = await runCli(['run', '--out', 'out', '--no-cache'], {
      cwd: join(bare, 'work'),
      env: env(),
      entry: join(bare, 'app/dist/cli.js'),
    });
    assert.equal(r.code, 0, r.stderr);
    const s = JSON.parse(await readFile(join(bare, 'work/out/summary.json'), 'utf8')) as Summary;
    assert.equal(s.suites[0]?.candidate, 3);
  } finally {
    await rm(bare, { recursive: true, force: true });
  }
});

test('a suite run with unsafe-host-python says so in its report', async () => {
  await ws.write(
    'unsafe.yml',
    [
      'version: 1',
      'providers: { target: { model: scripted-model } }',
      'suites:',
      '  - { name: rt-unsafe, kind: round-trip, provider: target, language: en, tasks: eval-datasets/round-trip, cycles: 2, repeats: 1,',
      '      executor: unsafe-host-python,',
      '      templates: { nl-to-code: prompts/round-trip/en/nl-to-code.txt, code-to-nl: prompts/round-trip/en/code-to-nl.txt } }',
      '',
    ].join('\n'),
  );
  const r = await runCli(['run', '--config', 'unsafe.yml', '--out', 'unsafe', '--no-cache'], {
    cwd: ws.dir,
    env: env(),
  });
  assert.equal(r.code, 0, r.stderr);
  const report = await readFile(join(ws.dir, 'unsafe/report.md'), 'utf8');
  assert.match(report, /\[!CAUTION\]/);
  assert.match(report, /`unsafe-host-python` executor, which is \*\*not a sandbox\*\*/);
  const summary = JSON.parse(await readFile(join(ws.dir, 'unsafe/summary.json'), 'utf8')) as Summary;
  assert.equal(summary.suites[0]?.cases, 10);
});

test('model code hunting for secrets finds none, and no secret reaches a result, the report or the logs', async () => {
  const canary = `CANARY-${Math.random().toString(36).slice(2)}`;
  const secretFile = join(ws.dir, 'credentials');
  await writeFile(secretFile, `token=${canary}\n`);
  // A scripted "model" whose code returns whatever it can find: the environment, the
  // parent's environment, a credentials file in the workspace.
  const hunter = [
    'import os',
    'def execute(*args, **kwargs):',
    '    found = [str(dict(os.environ))]',
    `    for path in ("/proc/self/environ", f"/proc/{os.getppid()}/environ", ${JSON.stringify(secretFile)}):`,
    '        try:',
    '            found.append(open(path).read())',
    '        except BaseException as e:',
    '            found.append(type(e).__name__ + " " + str(e))',
    '    print(found)',
    '    return " | ".join(found)',
    '',
  ].join('\n');
  server.setScript(() => ({ content: `\`\`\`python\n${hunter}\`\`\`\n` }));
  await ws.write(
    'hunt.yml',
    [
      'version: 1',
      'providers: { target: { model: scripted-model } }',
      'suites:',
      '  - { name: rt-hunt, kind: round-trip, provider: target, language: en, tasks: eval-datasets/round-trip, cycles: 2, repeats: 1,',
      '      templates: { nl-to-code: prompts/round-trip/en/nl-to-code.txt, code-to-nl: prompts/round-trip/en/code-to-nl.txt } }',
      '',
    ].join('\n'),
  );
  const r = await runCli(['run', '--config', 'hunt.yml', '--out', 'hunt', '--no-cache'], {
    cwd: ws.dir,
    env: { ...env(), INPUT_API_KEY: canary, GITHUB_TOKEN: canary },
  });
  assert.equal(r.code, 0, r.stderr); // no baseline: nothing to gate; the walks failed their tests
  const result = await readFile(join(ws.dir, 'hunt/results/rt-hunt.json'), 'utf8');
  assert.match(result, /test-failure/);
  assert.match(result, /FileNotFoundError|PermissionError|No such file/); // the reads were attempted and failed
  for (const text of [
    result,
    await readFile(join(ws.dir, 'hunt/report.md'), 'utf8'),
    await readFile(join(ws.dir, 'hunt/summary.json'), 'utf8'),
    r.stdout,
    r.stderr,
  ]) {
    assert.ok(!text.includes(canary), 'the canary leaked');
  }
});
