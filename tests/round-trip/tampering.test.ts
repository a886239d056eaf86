/**
 * A model whose code rigs its tests, end to end: the engine with its real adapters (the
 * OpenAI client over HTTP to a scripted server, the Pyodide sandbox, files on disk). The
 * code walks frames to swap the harness's tests for passing ones; every task scores 0,
 * stops with the stage `tampering`, and the report says so.
 */
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { createFsRunStore, createFsWorkspace } from '../../src/adapters/fs-store.ts';
import { createPyodideRunner } from '../../src/adapters/pyodide-runner.ts';
import { createClientFactory } from '../../src/adapters/providers.ts';
import { systemClock } from '../../src/adapters/system.ts';
import { parseConfig } from '../../src/core/config/load.ts';
import { runEvaluation } from '../../src/core/engine.ts';
import type { RoundTripDetail } from '../../src/core/kinds/round-trip/suite.ts';
import type { CodeRunner } from '../../src/ports.ts';
import { ROOT } from '../helpers/cli.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';
import { loadScriptTasks } from '../helpers/round-trip-script.ts';

const TASKS = ['t01-constant', 't05-prime', 't07-class'];
const tasks = loadScriptTasks().filter((t) => TASKS.includes(t.id));

/** Wrong code that walks the frames up from its import and rewrites what it finds there. */
const rigging = (entryPoint: string): string =>
  [
    'import sys',
    'def _rig():',
    '    f = sys._getframe()',
    '    while f is not None:',
    '        for v in list(f.f_locals.values()):',
    '            if type(v) is dict and "codes" in v:',
    '                v["codes"].clear()',
    '        f = f.f_back',
    'try:',
    '    _rig()',
    'except BaseException:',
    '    pass',
    `def ${entryPoint}(*args, **kwargs):`,
    '    return None',
    'class Counter:',
    '    def increment(self, step=1):',
    '        return None',
    '',
  ].join('\n');

let server: FakeOpenAI;
let dir: string;
let runner: CodeRunner;

before(async () => {
  server = await startFakeOpenAI((request) => {
    const prompt = request.messages.map((m) => m.content).join('\n');
    const task = tasks.find((t) => prompt.includes(t.descriptions['en'] ?? '\0'));
    return { content: `\`\`\`python\n${rigging(task?.entryPoint ?? 'execute')}\`\`\`\n` };
  });
  dir = await mkdtemp(join(tmpdir(), 'evalgate-rt-tampering-'));
  for (const id of TASKS)
    await cp(join(ROOT, 'eval-datasets/round-trip', id), join(dir, 'tasks', id), { recursive: true });
  await cp(join(ROOT, 'prompts/round-trip/en'), join(dir, 'prompts'), { recursive: true });
  runner = createPyodideRunner({ timeoutMs: 5000 });
});

after(async () => {
  await runner.close();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

test('code that rigs its tests scores 0 on every task, stops as tampering, and the report says so', async () => {
  const config = [
    'version: 1',
    'providers:',
    `  target: { model: scripted, base-url: "${server.url}", max-attempts: 1 }`,
    'suites:',
    '  - name: rt-rigged',
    '    kind: round-trip',
    '    provider: target',
    '    language: en',
    '    tasks: tasks',
    '    templates: { nl-to-code: prompts/nl-to-code.txt, code-to-nl: prompts/code-to-nl.txt }',
    '    cycles: 3',
    '    repeats: 1',
    '    timeout-ms: 5000',
    '',
  ].join('\n');
  const out = join(dir, 'out');
  await runEvaluation(
    { loaded: parseConfig(config, 'evalgate.yml'), suites: [], updateBaseline: false, fresh: true },
    {
      workspace: createFsWorkspace(dir),
      store: createFsRunStore(out, join(dir, 'baselines')),
      clock: systemClock,
      logger: { info: () => undefined, warn: () => undefined },
      toolVersion: 'test',
      newRunId: () => 'run',
      createClient: createClientFactory({ OPENAI_API_KEY: 'test-key' }, 'evalgate.yml', { cacheDir: null }),
      createCodeRunner: () => ({
        name: runner.name,
        isolated: runner.isolated,
        run: (r) => runner.run(r),
        layers: () => runner.layers?.() ?? null,
        close: () => Promise.resolve(),
      }),
    },
  );
  const result = JSON.parse(await readFile(join(out, 'results', 'rt-rigged.json'), 'utf8')) as {
    records: { caseId: string; status: string; scores: Record<string, number> | null; detail: RoundTripDetail }[];
  };
  assert.equal(result.records.length, TASKS.length);
  for (const r of result.records) {
    assert.equal(r.status, 'scored', JSON.stringify(r.detail));
    assert.deepEqual(r.scores, { 'l2-score': 0, 'full-success': 0 }, `${r.caseId}: ${r.detail.message}`);
    assert.equal(r.detail.stage, 'tampering', `${r.caseId}: ${r.detail.message}`);
    assert.match(r.detail.message, /sys\._getframe/);
  }
  const report = await readFile(join(out, 'report.md'), 'utf8');
  // The stops-by-stage table names the stage.
  assert.match(report, /\| tampering \| 3 \|/);
  // The sandbox line names the layers the code ran behind on this machine, and the records say which were missing.
  assert.match(report, /Sandbox: \d+ of 11 layers active \(Python cut off from JavaScript, /);
  for (const r of result.records)
    assert.ok(Array.isArray(r.detail.sandboxMissing), 'the record keeps the missing layers');
});
