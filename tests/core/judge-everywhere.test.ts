// A judge is a judge everywhere (issue 27, part 3). A suite whose judge is its own target
// provider used to treat that provider as target-only, so a pull request could change its
// model — pick its own grader — and end `stale-baseline`, exit 0. Now a provider the base
// uses as a judge anywhere grades with the base's settings, while as a target it runs the
// PR's; nothing a PR changes can make a baseline stale; a baseline stale by the base's own
// doing follows gate.on-stale-baseline; and behind the trust rules the engine refuses to
// measure a suite with an instrument other than the base's, or on the PR's cases when the
// base's files cannot be read. Engine runs as the action makes them, on two folders.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createFsRunStore, createFsWorkspace } from '../../src/adapters/fs-store.ts';
import { createClientFactory } from '../../src/adapters/providers.ts';
import { systemClock } from '../../src/adapters/system.ts';
import type { SuiteComparison } from '../../src/core/compare/index.ts';
import { parseConfig, type LoadedConfig } from '../../src/core/config/load.ts';
import { runEvaluation, type RunOutcome } from '../../src/core/engine.ts';
import { failingSuites } from '../../src/core/summary.ts';
import { applyTrustedConfig, targetRoleName } from '../../src/core/trust.ts';
import {
  judgePromptParts,
  scriptedJudgeReply,
  startFakeOpenAI,
  type FakeOpenAI,
  type FakeReply,
  type FakeRequest,
} from '../helpers/fake-openai.ts';

const ROWS = Array.from({ length: 12 }, (_, i) => ({
  id: `r${i + 1}`,
  q: `item ${i + 1}`,
  expected: `answer ${i + 1}`,
}));
/** The rows the upgraded model gets wrong. */
const WRONG = new Set(ROWS.slice(0, 8).map((r) => r.q));

const config = (url: string): string => `version: 1
providers:
  self: {model: good-model, base-url: "${url}"}
  target: {model: good-model, base-url: "${url}"}
  grader: {model: good-model, base-url: "${url}"}
suites:
  - name: self-prompt
    kind: prompt
    provider: self
    dataset: data.jsonl
    templates: {user: user.txt}
    assert:
      - type: judge
        judge: self
        rubric: "The reply must be {expected}."
        reference: "{expected}"
  - name: self-judged
    kind: judged
    provider: self
    judge: self
    dataset: tasks.jsonl
    templates: {user: user.txt}
  - name: control-prompt
    kind: prompt
    provider: target
    dataset: data.jsonl
    templates: {user: user.txt}
    assert:
      - type: judge
        judge: grader
        rubric: "The reply must be {expected}."
        reference: "{expected}"
  - name: control-judged
    kind: judged
    provider: target
    judge: grader
    dataset: tasks.jsonl
    templates: {user: user.txt}
`;

let server: FakeOpenAI;
let root: string;

/** The scripted server: good-model answers and grades strictly; lenient-model answers 8 rows wrongly and grades everything 5. */
function script(req: FakeRequest): FakeReply {
  if (judgePromptParts(req).kind !== null) {
    if (req.model === 'lenient-model') return { content: JSON.stringify({ reasoning: 'Looks fine.', score: 5 }) };
    return scriptedJudgeReply(req) as FakeReply;
  }
  const q = /Say (item \d+)/.exec(req.messages.at(-1)?.content ?? '')?.[1] ?? '';
  const expected = ROWS.find((r) => r.q === q)?.expected ?? '?';
  return { content: req.model === 'lenient-model' && WRONG.has(q) ? 'no idea' : expected };
}

async function files(dir: string, cfg: string): Promise<void> {
  await mkdir(join(root, dir), { recursive: true });
  await writeFile(join(root, dir, 'evalgate.yml'), cfg);
  await writeFile(join(root, dir, 'data.jsonl'), `${ROWS.map((r) => JSON.stringify(r)).join('\n')}\n`);
  await writeFile(
    join(root, dir, 'tasks.jsonl'),
    `${ROWS.map((r) => JSON.stringify({ id: r.id, input: `Say ${r.q}`, reference: r.expected, criteria: 'exact' })).join('\n')}\n`,
  );
}

/** The suites' user template differs by kind: prompt rows fill {q}, judged tasks {input}. */
async function templates(dir: string): Promise<void> {
  await writeFile(join(root, dir, 'user.txt'), 'Say {q}');
  await writeFile(join(root, dir, 'task.txt'), '{input}');
}

async function run(
  options: { loaded: LoadedConfig; head: string; base?: { loaded: LoadedConfig; dir: string }; update?: boolean },
  out: string,
): Promise<RunOutcome> {
  const baseWs = options.base ? createFsWorkspace(join(root, options.base.dir)) : undefined;
  return runEvaluation(
    {
      loaded: options.loaded,
      suites: [],
      updateBaseline: options.update ?? false,
      fresh: true,
      ...(options.base && baseWs
        ? { base: { loaded: options.base.loaded, workspace: baseWs }, instrument: baseWs }
        : {}),
    },
    {
      workspace: createFsWorkspace(join(root, options.head)),
      store: createFsRunStore(join(root, out), join(root, options.base?.dir ?? options.head, 'baselines')),
      clock: systemClock,
      logger: { info: () => undefined, warn: () => undefined },
      toolVersion: 'test',
      newRunId: () => `run-${out}`,
      createClient: createClientFactory({ OPENAI_API_KEY: 'test-key' }, 'evalgate.yml', { cacheDir: null }),
      nonce: () => randomBytes(12).toString('hex'),
    },
  );
}

const upgraded = (cfg: string): string =>
  cfg
    .replace('self: {model: good-model', 'self: {model: lenient-model')
    .replace('target: {model: good-model', 'target: {model: lenient-model');
const parse = (text: string, file = 'evalgate.yml'): LoadedConfig => parseConfig(text, file);
const byName = (o: RunOutcome, name: string): SuiteComparison => {
  const c = o.comparisons.find((x) => x.name === name);
  assert.ok(c, name);
  return c;
};

describe('a judge is a judge everywhere', () => {
  let baseCfg: string;
  let pr: RunOutcome;
  let requests: FakeRequest[];

  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'evalgate-judge-everywhere-'));
    server = await startFakeOpenAI(script);
    // Judged suites read {input}: they get their own template.
    baseCfg = config(server.url).replace(
      /(kind: judged\n(?:.*\n){3})    templates: \{user: user.txt\}/g,
      '$1    templates: {user: task.txt}',
    );
    for (const dir of ['base', 'head']) {
      await files(dir, dir === 'head' ? upgraded(baseCfg) : baseCfg);
      await templates(dir);
    }
    const made = await run({ loaded: parse(baseCfg), head: 'base', update: true }, 'base-out');
    assert.equal(made.summary.verdict, 'no-baseline');
    const decision = applyTrustedConfig(parse(upgraded(baseCfg)), parse(baseCfg, 'evalgate.yml@base'));
    const before = server.requests.length;
    pr = await run({ loaded: decision.loaded, head: 'head', base: { loaded: parse(baseCfg), dir: 'base' } }, 'pr-out');
    requests = server.requests.slice(before);
  });
  after(async () => {
    await server.close();
    await rm(root, { recursive: true, force: true });
  });

  it('control: upgrading a target-only model whose grader is another provider is measured, and regresses', () => {
    for (const name of ['control-prompt', 'control-judged'])
      assert.equal(byName(pr, name).verdict, 'regression', `${name}: ${byName(pr, name).verdict}`);
  });

  it("a suite that grades with its own target: the target runs the PR's model, grading stays with the base's", () => {
    for (const name of ['self-prompt', 'self-judged']) {
      const c = byName(pr, name);
      assert.equal(c.verdict, 'regression', `${name}: ${c.verdict} ${c.stale.join('; ')}`);
      assert.deepEqual(c.stale, []);
    }
    const judgeModels = new Set(requests.filter((r) => judgePromptParts(r).kind !== null).map((r) => r.model));
    assert.deepEqual([...judgeModels], ['good-model'], "every judge call went to the base's model");
    const targetModels = new Set(requests.filter((r) => judgePromptParts(r).kind === null).map((r) => r.model));
    assert.deepEqual([...targetModels], ['lenient-model'], "every target call ran the PR's model");
  });

  it('says what it did with the change', () => {
    const decision = applyTrustedConfig(parse(upgraded(baseCfg)), parse(baseCfg));
    const c = decision.loaded.config;
    assert.equal(c.providers['self']?.model, 'good-model');
    assert.equal(c.providers[targetRoleName('self')]?.model, 'lenient-model');
    assert.equal(c.suites.find((s) => s.name === 'self-prompt')?.provider, targetRoleName('self'));
    assert.deepEqual(
      decision.changes.map((x) => `${x.kind} ${x.path}`),
      ['instrument providers.self.model'],
    );
    assert.match(
      decision.changes[0]?.note ?? '',
      /grading keeps the base branch's value.*the target runs this pull request's value/,
    );
  });

  it("held out: a PR that points a suite's judge at its own target (a second name for its grader) is graded by the base's judge", () => {
    const head = upgraded(baseCfg).replace(
      'judge: grader\n    dataset: tasks.jsonl',
      'judge: target\n    dataset: tasks.jsonl',
    );
    const decision = applyTrustedConfig(parse(head), parse(baseCfg));
    const suite = decision.loaded.config.suites.find((s) => s.name === 'control-judged') as unknown as {
      judge: string;
    };
    assert.equal(suite.judge, 'grader');
    assert.ok(decision.changes.some((x) => x.path === 'suites.control-judged.judge'));
  });

  it('the engine refuses to measure with an instrument other than the base’s (a hole in the trust rules)', async () => {
    // The PR's config as it is, untrusted: its judge model is not the base's.
    const r = await run(
      { loaded: parse(upgraded(baseCfg)), head: 'head', base: { loaded: parse(baseCfg), dir: 'base' } },
      'hole-out',
    );
    const c = byName(r, 'self-prompt');
    assert.equal(c.verdict, 'error');
    assert.equal(c.detail, 'instrument-not-base');
    assert.match(c.notes.join(' '), /judges: \[\{"model":"good-model".* → \[\{"model":"lenient-model"/);
    assert.equal(byName(r, 'control-prompt').verdict, 'regression', 'a target-only change is no instrument change');
    assert.notEqual(r.exitCode, 0);
  });

  it('a baseline made stale by the base branch itself is reported with the refresh command, and gate.on-stale-baseline decides', async () => {
    // The base branch changed its grader's model without refreshing the baselines.
    const stale = baseCfg.replace('grader: {model: good-model', 'grader: {model: good-model-2');
    await writeFile(join(root, 'base', 'evalgate.yml'), stale);
    try {
      for (const [setting, exit] of [
        ['warn', 0],
        ['fail', 1],
      ] as const) {
        const withGate = `${stale}gate: {on-stale-baseline: ${setting}}\n`;
        const decision = applyTrustedConfig(parse(withGate), parse(withGate));
        const r = await run(
          { loaded: decision.loaded, head: 'base', base: { loaded: parse(withGate), dir: 'base' } },
          `stale-${setting}`,
        );
        const c = byName(r, 'control-prompt');
        assert.equal(c.verdict, 'stale-baseline', setting);
        assert.match(
          r.report,
          /refresh it with `evalgate run --suite control-prompt --update-baseline` on the base branch/,
        );
        assert.equal(r.exitCode, exit, setting);
        // The action's failing-suites output and junit.xml's gate case agree with the exit code.
        assert.equal(failingSuites(r.comparisons).includes('control-prompt'), setting === 'fail', setting);
      }
    } finally {
      await writeFile(join(root, 'base', 'evalgate.yml'), baseCfg);
    }
  });

  it("the base's cases cannot be read: the suite is an error naming the file, never measured on the PR's cases alone", async () => {
    await rm(join(root, 'base', 'tasks.jsonl'));
    try {
      const decision = applyTrustedConfig(parse(baseCfg), parse(baseCfg));
      const r = await run(
        { loaded: decision.loaded, head: 'head', base: { loaded: parse(baseCfg), dir: 'base' } },
        'gone-out',
      );
      const c = byName(r, 'control-judged');
      assert.equal(c.verdict, 'error');
      assert.equal(c.detail, 'base-unreadable');
      assert.match(c.notes.join(' '), /tasks\.jsonl/);
      assert.equal(r.results.get('control-judged')?.records.length, 0, 'nothing was measured');
      assert.match(r.report, /The base commit's version of this suite's files could not be read/);
    } finally {
      await files('base', baseCfg);
      await templates('base');
    }
  });
});
