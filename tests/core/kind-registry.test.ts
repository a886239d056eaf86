// A suite kind is one unit: the test-only `echo` kind (tests/helpers/echo-kind.ts), joined
// through registerKind and nothing else, is configured in evalgate.yml, run by the engine
// against the fake OpenAI server, gated against its baseline, reported in both languages
// and summarized — and its records are checked with its detail schema when read back.
import assert from 'node:assert/strict';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { z } from 'zod';
import { createFsRunStore, createFsWorkspace } from '../../src/adapters/fs-store.ts';
import { createClientFactory } from '../../src/adapters/providers.ts';
import { systemClock } from '../../src/adapters/system.ts';
import { parseConfig } from '../../src/core/config/load.ts';
import { configJsonSchema } from '../../src/core/config/schema.ts';
import { runEvaluation, type EngineDeps, type RunOutcome } from '../../src/core/engine.ts';
import { ConfigError } from '../../src/core/errors.ts';
import { kindNames, registerKind } from '../../src/core/kinds/index.ts';
import type { ReportLanguage } from '../../src/core/report/messages.ts';
import { renderPlan } from '../../src/cli/plan-text.ts';
import { echoKind } from '../helpers/echo-kind.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';

const LINES = Array.from({ length: 12 }, (_, i) => `line number ${i + 1} of the echo set`);
// Lines the candidate model gets wrong in the regression run.
const BROKEN = new Set(LINES.slice(0, 8));

let server: FakeOpenAI;
let dir: string;
let unregister: () => void;
let breakLines = false;

const config = (url: string): string => `version: 1
providers:
  target:
    model: echo-model
    base-url: ${url}
suites:
  - name: parrot
    kind: echo
    provider: target
    lines: lines.txt
`;

async function run(options: {
  updateBaseline: boolean;
  out: string;
  language?: ReportLanguage;
  /** Called once the baseline was checked, before the first call. */
  onSuiteStart?: () => void;
  /** RunOptions.keepBaselineBytes (0: every baseline read again after the calls). */
  keepBaselineBytes?: number;
  /** Given the store's steps in order: baselines read, result files written, memory given back between steps. */
  steps?: string[];
}): Promise<RunOutcome> {
  const store = createFsRunStore(join(dir, options.out), join(dir, 'baselines'));
  const steps = options.steps;
  const deps: EngineDeps = {
    workspace: createFsWorkspace(dir),
    store: steps
      ? {
          ...store,
          readBaseline: (suite) => (steps.push('readBaseline'), store.readBaseline(suite)),
          writeResult: (suite, text) => (steps.push('writeResult'), store.writeResult(suite, text)),
          betweenSteps: () => (steps.push('betweenSteps'), store.betweenSteps?.()),
        }
      : store,
    clock: systemClock,
    logger: { info: () => undefined, warn: () => undefined },
    toolVersion: 'test',
    newRunId: () => `run-${options.out}`,
    createClient: createClientFactory({ OPENAI_API_KEY: 'test-key' }, 'evalgate.yml', { cacheDir: null }),
    ...(options.language ? { language: options.language } : {}),
    ...(options.onSuiteStart ? { onSuiteStart: options.onSuiteStart } : {}),
  };
  return runEvaluation(
    {
      loaded: parseConfig(await readFile(join(dir, 'evalgate.yml'), 'utf8'), 'evalgate.yml'),
      suites: [],
      updateBaseline: options.updateBaseline,
      fresh: true,
      ...(options.keepBaselineBytes !== undefined ? { keepBaselineBytes: options.keepBaselineBytes } : {}),
    },
    deps,
  );
}

before(async () => {
  unregister = registerKind(echoKind);
  // A scripted echo: the last line of the prompt back, or (when breaking) a changed one.
  server = await startFakeOpenAI((request) => {
    const line = (request.messages.at(-1)?.content ?? '').split('\n').at(-1) ?? '';
    return { content: breakLines && BROKEN.has(line) ? `${line} (changed)` : line };
  });
  dir = await mkdtemp(join(tmpdir(), 'evalgate-echo-'));
  await writeFile(join(dir, 'evalgate.yml'), config(server.url));
  await writeFile(join(dir, 'lines.txt'), `${LINES.join('\n')}\n`);
});

after(async () => {
  unregister();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a kind registered through the public interface', () => {
  it('joins the configuration schema, its errors and the JSON Schema', () => {
    assert.ok(kindNames().includes('echo'));
    const loaded = parseConfig(config('http://127.0.0.1:1/v1'), 'evalgate.yml');
    assert.equal(loaded.config.suites[0]?.kind, 'echo');
    assert.equal(
      (loaded.config.suites[0] as { instruction?: string }).instruction,
      echoKind.configSchema.parse({
        name: 'x',
        provider: 'p',
        kind: 'echo',
        lines: 'l',
      }).instruction,
    );
    assert.throws(
      () => parseConfig(config('http://127.0.0.1:1/v1').replace('lines: lines.txt', 'lnes: lines.txt'), 'evalgate.yml'),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.match(error.message, /evalgate\.yml:10 suites\[0\]\.lnes: unknown key; did you mean "lines"\?/);
        assert.match(error.message, /Valid keys of suites\[0\]: .*lines, instruction/);
        assert.deepEqual(
          error.diagnostics?.map((d) => [d.file, d.line, d.path]),
          [
            ['evalgate.yml', 7, 'suites[0].lines'],
            ['evalgate.yml', 10, 'suites[0].lnes'],
          ],
        );
        return true;
      },
    );
    const schema = JSON.stringify(configJsonSchema());
    assert.match(schema, /"const":"echo"/);
    assert.match(schema, /A text file: one case per non-empty line\./);
  });

  it('runs through the engine, gates against its baseline, and writes its report section and summary', async () => {
    breakLines = false;
    const first = await run({ updateBaseline: true, out: 'first' });
    assert.equal(first.exitCode, 0, first.report);
    assert.deepEqual(first.baselinesWritten, ['parrot']);
    const baseline = JSON.parse(await readFile(join(dir, 'baselines', 'parrot.json'), 'utf8')) as {
      suite: { kind: string };
      records: { detail: unknown; scores: Record<string, number> }[];
    };
    assert.equal(baseline.suite.kind, 'echo');
    assert.equal(baseline.records.length, LINES.length);
    assert.ok(baseline.records.every((r) => r.scores['echoed'] === 1));

    breakLines = true;
    const second = await run({ updateBaseline: false, out: 'second' });
    assert.equal(second.exitCode, 1, second.report);
    const suite = second.summary.suites[0];
    assert.equal(suite?.kind, 'echo');
    assert.equal(suite?.metric, 'echoed');
    assert.equal(suite?.baseline, 1);
    assert.equal(suite?.candidate, 0.3333);
    assert.equal(suite?.verdict, 'regression');
    const written = JSON.parse(await readFile(join(dir, 'second', 'summary.json'), 'utf8')) as unknown;
    assert.deepEqual(written, JSON.parse(JSON.stringify(second.summary)));

    // The kind's own report lines: under the suite, and under each regressed case shown.
    assert.match(second.report, /### .* parrot/);
    assert.match(second.report, /Echo: 4 of 12 replies said the line back exactly\./);
    assert.match(second.report, /Expected line: `line number 1 of the echo set`/);
    const third = await run({ updateBaseline: false, out: 'third', language: 'ja' });
    assert.match(third.report, /エコー：12件中4件の応答が行をそのまま返しました。/);
    assert.match(third.report, /期待した行： `line number 1 of the echo set`/);
  });

  it("checks a stored record's detail with the kind's schema when reading it back", async () => {
    const path = join(dir, 'baselines', 'parrot.json');
    const text = await readFile(path, 'utf8');
    await writeFile(path, text.replace('"expected": "line number 1 of the echo set"', '"expected": 5'));
    try {
      await assert.rejects(run({ updateBaseline: false, out: 'fourth' }), (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.match(error.message, /parrot\.json.*records\[0\] \(case line-1\) detail\.expected: .*for a echo record/);
        return true;
      });
    } finally {
      await writeFile(path, text);
    }
  });

  it('checks a baseline record by record before any call, in the order a whole read does', async () => {
    const path = join(dir, 'baselines', 'parrot.json');
    const text = await readFile(path, 'utf8');
    // A bad detail in the first record and a record without its id later (line-6, the ninth in id
    // order): the ids are checked first, as a whole read does.
    const broken = text
      .replace('"expected": "line number 1 of the echo set"', '"expected": 5')
      .replace('"caseId": "line-6"', '"caseID": "line-6"');
    assert.notEqual(broken, text);
    await writeFile(path, broken);
    const calls = server.requests.length;
    try {
      await assert.rejects(run({ updateBaseline: false, out: 'fifth' }), (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.match(
          error.message,
          /parrot\.json: not an evalgate result file: records\[8\] lacks caseId, inputHash or repeat\. Produce/,
        );
        return true;
      });
      assert.equal(server.requests.length, calls, 'no call made');
    } finally {
      await writeFile(path, text);
    }
  });

  // A small baseline is kept through the calls and used if the file is unchanged; a large one
  // (here: every one, with a budget of 0 bytes) is read again after them. Either way a file
  // changed, replaced or removed meanwhile is what is checked and compared with.
  for (const [how, keepBaselineBytes] of [
    ['kept through the calls (a small file)', undefined],
    ['read again after the calls (over the budget)', 0],
  ] as const)
    it(`compares with the baseline ${how}: one changed, replaced or removed meanwhile is read, checked and compared as it is then`, async () => {
      const path = join(dir, 'baselines', 'parrot.json');
      const text = await readFile(path, 'utf8');
      breakLines = false;
      try {
        // Broken while the calls run: fails naming the file, as it would had it been broken before.
        const broken = text.replace('"caseId": "line-6"', '"caseID": "line-6"');
        await assert.rejects(
          run({
            updateBaseline: false,
            out: `sixth${how.length}`,
            keepBaselineBytes,
            onSuiteStart: () => writeFileSync(path, broken),
          }),
          (error: unknown) => {
            assert.ok(error instanceof ConfigError);
            assert.match(error.message, /parrot\.json: not an evalgate result file: records\[8\] lacks caseId/);
            return true;
          },
        );
        // Edited in place to the same size (every line echoed back wrong in the baseline's scores).
        const lower = text.replaceAll('"echoed": 1', '"echoed": 0');
        assert.equal(lower.length, text.length);
        await writeFile(path, text);
        const edited = await run({
          updateBaseline: false,
          out: `seventh${how.length}`,
          keepBaselineBytes,
          onSuiteStart: () => writeFileSync(path, lower),
        });
        assert.equal(edited.summary.suites[0]?.baseline, 0);
        // Replaced by another file (a rename over it), every line echoed back wrong: that file is compared with.
        await writeFile(path, text);
        const other = `${path}.other`;
        const replaced = await run({
          updateBaseline: false,
          out: `replaced${how.length}`,
          keepBaselineBytes,
          onSuiteStart: () => {
            writeFileSync(other, lower);
            renameSync(other, path);
          },
        });
        assert.equal(replaced.summary.suites[0]?.baseline, 0);
        // Removed: compared as a suite without a baseline, as when there was none at the start.
        await writeFile(path, text);
        const removed = await run({
          updateBaseline: false,
          out: `removed${how.length}`,
          keepBaselineBytes,
          onSuiteStart: () => rmSync(path),
        });
        assert.equal(removed.summary.suites[0]?.baseline, null);
        // Unchanged: the same file (kept, or read again) is compared with.
        await writeFile(path, text);
        const same = await run({
          updateBaseline: false,
          out: `eighth${how.length}`,
          keepBaselineBytes,
          onSuiteStart: () => undefined,
        });
        assert.equal(same.summary.suites[0]?.baseline, 1);
      } finally {
        await writeFile(path, text);
      }
    });

  // A baseline read again after the calls is read on memory given back (the store's
  // betweenSteps); a small one kept through them and unchanged is not read, and nothing is given back.
  it('gives memory back before a baseline is read again after the calls, and only then', async () => {
    breakLines = false;
    const reread: string[] = [];
    const again = await run({ updateBaseline: false, out: 'steps-reread', keepBaselineBytes: 0, steps: reread });
    assert.equal(again.summary.suites[0]?.baseline, 1);
    assert.deepEqual(reread, ['readBaseline', 'writeResult', 'betweenSteps', 'readBaseline']);
    const kept: string[] = [];
    const same = await run({ updateBaseline: false, out: 'steps-kept', steps: kept });
    assert.equal(same.summary.suites[0]?.baseline, 1);
    assert.deepEqual(kept, ['readBaseline', 'writeResult', 'readBaseline']);
  });

  it("adds its note to evalgate plan's text", () => {
    const plan = renderPlan(
      [
        {
          name: 'parrot',
          kind: 'echo',
          model: 'echo-model',
          cases: 12,
          repeats: 1,
          calls: 12,
          cachedCalls: null,
          inputTokens: 100,
          outputTokens: 100,
          outputTokensMax: 12_288,
          cost: null,
          pricingSource: null,
        },
      ],
      null,
    );
    assert.match(plan, /Echo suites: one call per line and repeat\./);
  });

  it('leaves the configuration when removed again, and refuses a kind that does not match its schema', () => {
    const text = config('http://127.0.0.1:1/v1').replace('kind: echo', 'kind: echo-two');
    const remove = registerKind({
      ...echoKind,
      name: 'echo-two',
      configSchema: echoKind.configSchema.extend({ kind: z.literal('echo-two') }),
    });
    assert.equal(parseConfig(text, 'evalgate.yml').config.suites[0]?.kind, 'echo-two');
    remove();
    assert.throws(
      () => parseConfig(text, 'evalgate.yml'),
      // The built-in kinds, then the test's own echo; echo-two is gone.
      /evalgate\.yml:8 suites\[0\]\.kind: expected one of exact-copy, judged, round-trip, prompt, echo, got "echo-two"/,
    );
    assert.throws(
      () => registerKind({ ...echoKind, name: 'echo-two' }),
      /its configSchema must have kind: z\.literal\("echo-two"\)/,
    );
    assert.throws(() => registerKind(echoKind), /suite kind "echo" is already registered/);
  });
});
