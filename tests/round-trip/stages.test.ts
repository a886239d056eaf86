/**
 * Stop stages of the round trip: a model scripted to break at cycle k with each stage gets
 * the L2-Score the counting rule of docs/suites.md gives (k − 1) and that stage; a model that
 * never breaks gets the full score. The engine runs with its real adapters (OpenAI client
 * over HTTP to the scripted server, the Pyodide sandbox, files on disk).
 */
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
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
import { loadScriptTasks, scriptedRoundTrip, type BreakStage } from '../helpers/round-trip-script.ts';

const CYCLES = 4;
const TASKS = ['t03-arithmetic', 't07-class'];

let server: FakeOpenAI;
let dir: string;
let runner: CodeRunner;
const tasks = loadScriptTasks().filter((t) => TASKS.includes(t.id));

before(async () => {
  server = await startFakeOpenAI(() => ({ content: 'unset' }));
  dir = await mkdtemp(join(tmpdir(), 'evalgate-rt-stages-'));
  for (const id of TASKS)
    await cp(join(ROOT, 'eval-datasets/round-trip', id), join(dir, 'tasks', id), { recursive: true });
  await cp(join(ROOT, 'prompts/round-trip'), join(dir, 'prompts'), { recursive: true });
  runner = createPyodideRunner({ timeoutMs: 2000 });
});

after(async () => {
  await runner.close();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** Runs one round-trip suite in `language` against the script; returns its records. */
async function runWith(
  language: 'en' | 'ja' | 'es' | 'zh',
  breakAt?: { cycle: number; stage: BreakStage },
): Promise<{ caseId: string; status: string; scores: Record<string, number> | null; detail: RoundTripDetail }[]> {
  server.setScript(scriptedRoundTrip(tasks, { language, ...(breakAt ? { breakAt } : {}) }));
  const config = [
    'version: 1',
    'providers:',
    `  target: { model: scripted, base-url: "${server.url}", max-attempts: 1 }`,
    'suites:',
    `  - name: rt-${language}`,
    '    kind: round-trip',
    '    provider: target',
    `    language: ${language}`,
    '    tasks: tasks',
    `    templates: { nl-to-code: prompts/${language}/nl-to-code.txt, code-to-nl: prompts/${language}/code-to-nl.txt }`,
    `    cycles: ${CYCLES}`,
    '    repeats: 1',
    '    timeout-ms: 2000',
    '',
  ].join('\n');
  await writeFile(join(dir, 'evalgate.yml'), config);
  const out = join(dir, 'out', `${language}-${breakAt?.stage ?? 'none'}-${breakAt?.cycle ?? 0}`);
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
      // One warm sandbox pool for every run of this file; the engine's close is a no-op here.
      createCodeRunner: () => ({
        name: runner.name,
        isolated: runner.isolated,
        run: (r) => runner.run(r),
        close: () => Promise.resolve(),
      }),
    },
  );
  const result = JSON.parse(await readFile(join(out, 'results', `rt-${language}.json`), 'utf8')) as {
    records: { caseId: string; status: string; scores: Record<string, number> | null; detail: RoundTripDetail }[];
  };
  return result.records;
}

describe('round-trip stop stages', () => {
  test('a model that never breaks scores every cycle and completes', async () => {
    const records = await runWith('en');
    assert.equal(records.length, TASKS.length);
    for (const r of records) {
      assert.equal(r.status, 'scored', JSON.stringify(r.detail));
      assert.deepEqual(r.scores, { 'l2-score': CYCLES, 'full-success': 1 }, JSON.stringify(r.detail).slice(0, 1500));
      assert.equal(r.detail.stage, 'completed');
      assert.equal(r.detail.cycles.length, CYCLES);
      assert.ok(r.detail.cycles.every((c) => c.codeStage === 'passed' && c.textCheck?.ok === true));
      assert.equal(r.detail.isolated, true);
    }
  });

  test('the Spanish and Chinese templates and prefixes carry a walk to the end', async () => {
    for (const language of ['es', 'zh'] as const) {
      for (const r of await runWith(language)) {
        assert.equal(r.detail.stage, 'completed', `${language} ${r.caseId}: ${r.detail.message}`);
        assert.ok(r.detail.cycles[0]?.description?.startsWith(language === 'es' ? 'Tarea: ' : '任务: '));
      }
    }
  });

  const cases: { stage: BreakStage; cycle: number; language: 'en' | 'ja' }[] = [
    { stage: 'syntax-error', cycle: 3, language: 'en' },
    { stage: 'test-failure', cycle: 2, language: 'en' },
    { stage: 'timeout', cycle: 3, language: 'en' },
    { stage: 'sandbox-violation', cycle: 3, language: 'en' },
    { stage: 'declared-unable', cycle: 4, language: 'en' },
    { stage: 'format-error', cycle: 3, language: 'en' },
    { stage: 'language-error', cycle: 2, language: 'ja' },
    { stage: 'test-failure', cycle: 1, language: 'ja' },
  ];
  for (const { stage, cycle, language } of cases) {
    test(`breaking at cycle ${cycle} with ${stage} (${language}) scores ${cycle - 1} and names the stage`, async () => {
      const records = await runWith(language, { cycle, stage });
      for (const r of records) {
        assert.equal(r.status, 'scored', JSON.stringify(r.detail));
        assert.deepEqual(r.scores, { 'l2-score': cycle - 1, 'full-success': 0 }, `${r.caseId}: ${r.detail.message}`);
        assert.equal(r.detail.stage, stage, `${r.caseId}: ${r.detail.message}`);
        assert.equal(r.detail.stoppedAt, cycle);
        assert.match(r.detail.message, new RegExp(`^cycle ${cycle}: `));
      }
    });
  }

  test('a provider failure is an error of the run, never a score', async () => {
    const records = await runWith('en', { cycle: 2, stage: 'provider-error' });
    for (const r of records) {
      assert.equal(r.status, 'error');
      assert.equal(r.scores, null);
      assert.equal(r.detail.stage, 'provider-error');
      assert.equal(r.detail.stoppedAt, 2);
      // What finished before the failure is kept in the record.
      assert.equal(r.detail.cycles.length, 2);
    }
  });
});
