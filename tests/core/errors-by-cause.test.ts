// Errors by cause (issue 27, part 1): a pull request must not turn the cases it breaks into
// errors and have them dropped. Every attack below is a suite whose candidate breaks the
// same 8 (or 7) cases, once honestly (a wrong answer: the control) and once by steering
// them into an error — a prompt past the context window, a body too large, a reply cut
// before any text, a judge that refuses, fails or gives no verdict, a python check that
// raises or hangs on the reply. Each must be a regression, like its control; errors of the
// infrastructure are excluded but may not decide the verdict; honest transient 5xx pass.
// One engine run makes the baselines and one the candidate, for every suite at once.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createFsRunStore, createFsWorkspace } from '../../src/adapters/fs-store.ts';
import { createClientFactory } from '../../src/adapters/providers.ts';
import { createPyodideRunner } from '../../src/adapters/pyodide-runner.ts';
import { systemClock } from '../../src/adapters/system.ts';
import type { SuiteComparison } from '../../src/core/compare/index.ts';
import { parseConfig } from '../../src/core/config/load.ts';
import { runEvaluation, type RunOutcome } from '../../src/core/engine.ts';
import { causeOf, classifyHttpStatus } from '../../src/core/error-cause.ts';
import { summaryProblems } from '../../src/core/summary.ts';
import type { CodeRunner } from '../../src/ports.ts';
import { ROOT } from '../helpers/cli.ts';
import {
  contextLinesOf,
  fractionOf,
  judgePromptParts,
  scriptedJudgeReply,
  startFakeOpenAI,
  type FakeOpenAI,
  type FakeReply,
  type FakeRequest,
} from '../helpers/fake-openai.ts';

/** Exact-copy suites: what the candidate does on the broken cases (the marker opens the system prompt). */
const COPY = ['control', 'ctx', 'large', 'unprocessable', 'cut', 'infra', 'flaky', 'transient'] as const;
/** Judged suites: which judge grades them (each misbehaves its own way on a broken answer). */
const JUDGES = ['honest', 'refuse', 'reject', 'mute'] as const;
/** Prompt suites with a python check on a JSON reply; broken rows reply with an apology. */
const CHECKS = {
  clean:
    'import json\n\ndef check(output, vars):\n    try:\n        return json.loads(output)["n"] == int(vars["n"])\n    except ValueError:\n        return False\n',
  raises: 'import json\n\ndef check(output, vars):\n    return json.loads(output)["n"] == int(vars["n"])\n',
  hangs: 'def check(output, vars):\n    while output.startswith("Sorry"):\n        pass\n    return True\n',
} as const;
const ROWS = 12;
/**
 * The hanging check's CPU limit: each of the 7 broken rows spends all of it. Small, so the
 * file does not wait 7 × 1.5 s, yet a call of the clean rows (a warm process, microseconds
 * of Python) stays far inside it and inside the clock's ten times that.
 */
const HANG_LIMIT_MS = 300;
const SANDBOX_CACHE = join(tmpdir(), 'evalgate-test-cache', 'sandbox');
const BROKEN_ROWS = 7;
const WRONG_ANSWER = 'I do not know.';

let server: FakeOpenAI;
let dir: string;
let candidate = false;
let broken: Set<string>;
let brokenTasks: Set<string>;
let base: RunOutcome;
let cand: RunOutcome;
const attempts = new Map<string, number>();

const markerOf = (req: FakeRequest): string =>
  /^Suite ([\w-]+)\./.exec(req.messages.find((m) => m.role === 'system')?.content ?? '')?.[1] ?? '';

function copyReply(req: FakeRequest): FakeReply {
  const suite = markerOf(req);
  const line = contextLinesOf(req)[1] ?? '';
  const key = `${suite}|${line}|${candidate}`;
  attempts.set(key, (attempts.get(key) ?? 0) + 1);
  if (candidate && suite === 'transient' && attempts.get(key) === 1)
    return { status: 503, body: { error: { message: 'overloaded, try again' } } };
  if (candidate && suite === 'flaky' && !broken.has(line) && [...broken].length > 0 && fractionOf(line) > 0.97)
    return { status: 503, body: { error: { message: 'the upstream is down' } } };
  if (!candidate || !broken.has(line) || suite === 'transient' || suite === 'flaky') return { content: line };
  switch (suite) {
    case 'ctx':
      return {
        status: 400,
        body: {
          error: {
            message: "This model's maximum context length is 128000 tokens.",
            type: 'invalid_request_error',
            param: 'messages',
            code: 'context_length_exceeded',
          },
        },
      };
    case 'large':
      return { status: 413, body: { error: { message: 'Request body too large' } } };
    case 'unprocessable':
      return { status: 422, body: { error: { message: 'Unprocessable entity' } } };
    case 'cut':
      return { malformed: cutReply() };
    case 'infra':
      return { status: 502, body: { error: { message: 'bad gateway' } } };
    default:
      return { content: `${line.slice(0, 3)}…` };
  }
}

/** A completion whose content is null because the token limit cut it before any answer. */
function cutReply(): string {
  return JSON.stringify({
    id: 'chatcmpl-cut',
    object: 'chat.completion',
    created: 0,
    model: 'scripted-fake-model (not a real LLM)',
    choices: [{ index: 0, message: { role: 'assistant', content: null }, finish_reason: 'length' }],
    usage: { prompt_tokens: 10, completion_tokens: 64, total_tokens: 74 },
  });
}

function judgeReply(req: FakeRequest): FakeReply | null {
  const parts = judgePromptParts(req);
  if (parts.kind === null) return null;
  if (parts.answer.trim() === WRONG_ANSWER || req.messages.some((m) => m.content.includes(WRONG_ANSWER))) {
    if (req.model === 'judge-refuse') return { refusal: 'I will not grade this answer.' };
    if (req.model === 'judge-reject')
      return { status: 400, body: { error: { message: 'Invalid prompt: flagged', code: 'invalid_prompt' } } };
    if (req.model === 'judge-mute') return { content: 'This is hard to grade; it depends on many things.' };
  }
  return scriptedJudgeReply(req);
}

function script(references: Map<string, string>): (req: FakeRequest) => FakeReply {
  return (req) => {
    const judged = judgeReply(req);
    if (judged) return judged;
    if (req.model === 'copier') return copyReply(req);
    const user = req.messages.at(-1)?.content ?? '';
    const row = /^JSON for (\d+)$/m.exec(user);
    if (row) {
      const n = Number(row[1]);
      return { content: candidate && n <= BROKEN_ROWS ? 'Sorry, I cannot help with that.' : JSON.stringify({ n }) };
    }
    const task = [...references.keys()].find((input) => user.includes(input));
    if (task === undefined) return { content: '?' };
    return { content: candidate && brokenTasks.has(task) ? WRONG_ANSWER : (references.get(task) as string) };
  };
}

function config(url: string): string {
  const copy = COPY.map(
    (s) =>
      `  - name: copy-${s}\n    kind: exact-copy\n    provider: copier\n    dataset: data/copy.jsonl\n    templates: {system: prompts/${s}-system.txt, user: prompts/user.txt}\n${s === 'infra' ? '    gate: {max-error-rate: 0.2}\n' : ''}`,
  );
  const judged = JUDGES.map(
    (j) =>
      `  - name: judged-${j}\n    kind: judged\n    provider: answerer\n    judge: judge-${j}\n    dataset: data/tasks.jsonl\n    templates: {user: prompts/task.txt}\n`,
  );
  const checks = Object.keys(CHECKS).map(
    (c) =>
      `  - name: check-${c}\n    kind: prompt\n    provider: answerer\n    dataset: data/rows.jsonl\n    templates: {user: prompts/row-${c}.txt}\n    assert:\n      - type: python\n        file: checks/${c}.py\n${c === 'hangs' ? `        timeout-ms: ${HANG_LIMIT_MS}\n` : ''}`,
  );
  const provider = (model: string): string =>
    `  ${model}: {model: ${model}, base-url: "${url}", max-attempts: 2, retry-base-delay-ms: 1}\n`;
  return `version: 1
providers:
${['copier', 'answerer', ...JUDGES.map((j) => `judge-${j}`)].map(provider).join('')}gate:
  multiplicity: none
suites:
${[...copy, ...judged, ...checks].join('')}`;
}

async function run(out: string, updateBaseline: boolean): Promise<RunOutcome> {
  const runners: CodeRunner[] = [];
  try {
    return await runEvaluation(
      {
        loaded: parseConfig(await readFile(join(dir, 'evalgate.yml'), 'utf8'), 'evalgate.yml'),
        suites: [],
        updateBaseline,
        fresh: true,
      },
      {
        workspace: createFsWorkspace(dir),
        store: createFsRunStore(join(dir, out), join(dir, 'baselines')),
        clock: systemClock,
        logger: { info: () => undefined, warn: () => undefined },
        toolVersion: 'test',
        newRunId: () => `run-${out}`,
        createClient: createClientFactory({ OPENAI_API_KEY: 'test-key' }, 'evalgate.yml', { cacheDir: null }),
        // The checks run where prompt suites always run them: warm sandbox processes,
        // loaded from the snapshot the sandbox tests share.
        createCodeRunner: (_executor, timeoutMs) => {
          const runner = createPyodideRunner({ timeoutMs, snapshotCacheDir: SANDBOX_CACHE });
          runners.push(runner);
          return runner;
        },
        nonce: () => randomBytes(12).toString('hex'),
      },
    );
  } finally {
    await Promise.all(runners.map((r) => r.close()));
  }
}

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'evalgate-causes-'));
  await mkdir(join(dir, 'prompts'));
  await mkdir(join(dir, 'data'));
  await mkdir(join(dir, 'checks'));
  await cp(join(ROOT, 'eval-datasets/exact-copy/random.jsonl'), join(dir, 'data/copy.jsonl'));
  await cp(join(ROOT, 'eval-datasets/judged/tasks.jsonl'), join(dir, 'data/tasks.jsonl'));
  const system = await readFile(join(ROOT, 'prompts/copy/simple-system.txt'), 'utf8');
  for (const s of COPY) await writeFile(join(dir, `prompts/${s}-system.txt`), `Suite ${s}. ${system}`);
  await writeFile(join(dir, 'prompts/user.txt'), '{context}');
  await writeFile(join(dir, 'prompts/task.txt'), 'Answer the task.\n{input}');
  for (const [name, text] of Object.entries(CHECKS)) {
    await writeFile(join(dir, `checks/${name}.py`), text);
    await writeFile(join(dir, `prompts/row-${name}.txt`), `Check ${name}.\nJSON for {n}`);
  }
  const rows = Array.from({ length: ROWS }, (_, i) =>
    JSON.stringify({ id: `r${String(i + 1).padStart(2, '0')}`, n: i + 1 }),
  );
  await writeFile(join(dir, 'data/rows.jsonl'), `${rows.join('\n')}\n`);
  // The broken cases: the 8 copy lines first by a stable hash, the first 8 judged tasks.
  const lines = (await readFile(join(dir, 'data/copy.jsonl'), 'utf8'))
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => String((JSON.parse(l) as { context: string }).context).split('\n')[1] ?? '');
  broken = new Set([...lines].sort((a, b) => fractionOf(a) - fractionOf(b)).slice(0, 8));
  const tasks = (await readFile(join(dir, 'data/tasks.jsonl'), 'utf8'))
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as { input: string; reference: string });
  brokenTasks = new Set(tasks.slice(0, 8).map((t) => t.input));
  server = await startFakeOpenAI(script(new Map(tasks.map((t) => [t.input, t.reference]))));
  await writeFile(join(dir, 'evalgate.yml'), config(server.url));
  base = await run('base', true);
  assert.equal(base.summary.verdict, 'no-baseline');
  candidate = true;
  cand = await run('cand', false);
});

after(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const suite = (name: string): SuiteComparison => {
  const found = cand.comparisons.find((c) => c.name === name);
  assert.ok(found, name);
  return found;
};
const show = (c: SuiteComparison): string =>
  `${c.name}: ${c.verdict} (${c.detail}) change ${c.change} p ${c.exactTest?.pValue} errors ${JSON.stringify(c.errors.byCause)} notes ${c.notes.join(' | ')}`;

describe('errors by cause: what the candidate caused is a failure', () => {
  it('classifies provider statuses: the request refused for its content or length is the candidate’s, the rest the machinery’s', () => {
    for (const status of [400, 402, 413, 422, 451])
      assert.equal(classifyHttpStatus(status).cause, 'candidate', `${status}`);
    for (const status of [401, 403, 404, 408, 409, 429, 500, 502, 503, 504])
      assert.equal(classifyHttpStatus(status).cause, 'infrastructure', `${status}`);
    // Errors written before causes were recorded are classified the same way.
    assert.deepEqual(causeOf({ kind: 'unparsable', message: 'x' }), { cause: 'candidate', reason: 'judge-no-verdict' });
    assert.deepEqual(causeOf({ kind: 'http', httpStatus: 400, message: 'x' }), {
      cause: 'candidate',
      reason: 'request-rejected',
    });
    assert.deepEqual(causeOf({ kind: 'timeout', message: 'x' }), { cause: 'infrastructure', reason: 'timeout' });
  });

  it('control: the same 8 cases answered wrongly are a regression', () => {
    assert.equal(suite('copy-control').verdict, 'regression', show(suite('copy-control')));
  });

  for (const [name, reason] of [
    ['ctx', 'request-rejected'],
    ['large', 'request-rejected'],
    ['unprocessable', 'request-rejected'],
    ['cut', 'reply-cut'],
  ] as const) {
    it(`a candidate that makes the provider refuse its broken cases (${name}) is a regression, measured like the control`, () => {
      const c = suite(`copy-${name}`);
      assert.equal(c.verdict, 'regression', show(c));
      assert.equal(c.errors.byCause.candidate.records, 8);
      assert.deepEqual(Object.keys(c.errors.byCause.candidate.reasons), [reason]);
      assert.equal(c.errors.byCause.infrastructure.records, 0);
      assert.equal(c.pairing?.failedByCandidate.length, 8);
      assert.equal(c.pairing?.compared, suite('copy-control').pairing?.compared);
      assert.equal(c.change, suite('copy-control').change, 'the errored cases count as the worst value');
    });
  }

  for (const judge of ['refuse', 'reject', 'mute'] as const) {
    it(`a judge that ${judge === 'refuse' ? 'refuses' : judge === 'reject' ? 'rejects the prompt (400)' : 'gives no verdict'} on the broken answers: regression, like the honest judge`, () => {
      const control = suite('judged-honest');
      assert.equal(control.verdict, 'regression', show(control));
      const c = suite(`judged-${judge}`);
      assert.equal(c.verdict, 'regression', show(c));
      assert.equal(c.errors.byCause.candidate.records, 8, show(c));
      assert.ok((c.change as number) < (control.change as number), 'the worst grade, 1, for each');
    });
  }

  it('a python check that raises or hangs on the reply fails the case, as a clean False does', () => {
    assert.equal(suite('check-clean').verdict, 'regression', show(suite('check-clean')));
    for (const name of ['check-raises', 'check-hangs']) {
      const c = suite(name);
      assert.equal(c.verdict, 'regression', show(c));
      // Not even an error: the call's failure fails the assertion, with the reason, and the
      // case is scored 0 (issue 26/30) — nothing to exclude or re-attribute.
      assert.equal(c.errors.byCause.candidate.records + c.errors.byCause.infrastructure.records, 0, show(c));
      assert.equal(c.pairing?.compared, suite('check-clean').pairing?.compared);
      assert.equal(c.change, suite('check-clean').change);
    }
  });
});

describe('errors by cause: the infrastructure’s are excluded, but never decide', () => {
  it('errors of the infrastructure exactly on the broken cases make the suite an error that names them', () => {
    const c = suite('copy-infra');
    assert.equal(c.verdict, 'error', show(c));
    assert.equal(c.detail, 'infrastructure-errors-decide');
    assert.equal(c.pessimistic?.verdict, 'regression');
    assert.equal(c.pessimistic?.cases.length, 8);
    const section = cand.report.slice(cand.report.indexOf('### 🛑 copy-infra'));
    assert.match(section, /Counted as failures, the 8 cases with infrastructure errors \(`/);
    assert.match(section, /Errors of the infrastructure: 8 of 52 records \(server-error ×8/);
  });

  it('an honest run with a few transient 5xx (retried) or a few lasting ones still passes', () => {
    const transient = suite('copy-transient');
    assert.equal(transient.verdict, 'pass', show(transient));
    assert.equal(transient.errors.candidate, 0);
    const flaky = suite('copy-flaky');
    assert.equal(flaky.verdict, 'pass', show(flaky));
    assert.ok(flaky.errors.byCause.infrastructure.records > 0, show(flaky));
    assert.equal(flaky.pessimistic?.verdict, 'pass', 'the verdict holds with them counted as failures');
    assert.match(cand.report, /would leave the verdict pass: it holds/);
  });

  it('summary.json counts both causes and conforms to its schema; the report separates them', () => {
    assert.deepEqual(summaryProblems(cand.summary), []);
    const by = (name: string) => cand.summary.suites.find((s) => s.name === name)?.errorsByCause;
    assert.deepEqual(by('copy-ctx'), {
      candidate: { records: 8, cases: 8, reasons: { 'request-rejected': 8 } },
      infrastructure: { records: 0, cases: 0, reasons: {} },
    });
    assert.equal(by('copy-infra')?.infrastructure.records, 8);
    assert.equal(cand.summary.verdict, 'error');
    assert.match(
      cand.report,
      /Errors the candidate caused: 8 of 52 records, in 8 cases \(request-rejected ×8\)\. Each counts as a failure/,
    );
    assert.match(cand.report, /Candidate error:\n\n```text\nHTTP 400: 400 This model's maximum context length/);
  });
});
