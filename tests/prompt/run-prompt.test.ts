// Prompt suites end to end from the CLI against the scripted server in echo mode (the
// reply is the last user message, so what each assertion sees is known exactly).
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../helpers/cli.ts';
import {
  judgePromptParts,
  scriptedJudgeReply,
  startFakeOpenAI,
  type FakeOpenAI,
  type FakeReply,
  type FakeRequest,
} from '../helpers/fake-openai.ts';

// Echo for the target; the scripted judge (5 when the answer equals the reference, else 3)
// for judge prompts, except that it cannot make up its mind about Ann7's reply.
const echo = (req: FakeRequest): FakeReply => {
  const parts = judgePromptParts(req);
  if (parts.kind !== null && parts.answer.includes('Ann7')) return { content: 'Hard to say; it depends.' };
  return scriptedJudgeReply(req) ?? { content: req.messages.at(-1)?.content ?? '' };
};

// 20 rows. Rows 1–3 have long names (the reply breaks `length: max 40`); rows 4, 8, 12, 16
// and 20 are rejected by the python check (n divisible by 4). 8 of 20 fail: pass-rate 0.6.
const NAMES = [
  'Maximiliana Fitzgerald-Worthington',
  'Bartholomew Hargreaves-Lindqvist',
  'Evangelina Montgomery-Okafor',
];
const rows = Array.from({ length: 20 }, (_, i) => ({
  id: `c${String(i + 1).padStart(2, '0')}`,
  name: NAMES[i] ?? `Ann${i + 1}`,
  product: `W${i + 1}`,
  n: i + 1,
}));

const CONFIG = `version: 1
providers:
  fake:
    model: fake-model
suites:
  - name: support
    kind: prompt
    provider: fake
    dataset: data/support.jsonl
    templates:
      system: prompts/system.txt
      messages:
        - role: user
          template: prompts/shot-q.txt
        - role: assistant
          template: prompts/shot-a.txt
      user: prompts/user.txt
    assert:
      - type: contains
        value: "{product}"
      - type: starts-with
        value: "hello "
        normalize: [lowercase]
      - type: regex
        value: "about {product}\\\\.$"
      - type: length
        max: 40
      - type: not-contains
        value: "sorry"
      - type: python
        file: checks/even.py
  - name: plain
    kind: prompt
    provider: fake
    dataset: data/support.jsonl
    templates:
      user: prompts/user.txt
    assert:
      - type: contains
        name: mentions-product
        value: "{product}"
      - type: json-schema
        schema: schemas/any.json
        weight: 2
  - name: judged
    kind: prompt
    provider: fake
    dataset: data/support.jsonl
    templates:
      user: prompts/user.txt
    assert:
      - type: judge
        name: matches
        judge: fake
        rubric: "Greets {name} and names {product}."
        reference: "Hello {name} about {product}."
      - type: judge
        name: only-name
        judge: fake
        rubric-file: rubrics/name.md
        reference: "{name}"
`;

describe('evalgate run (prompt) end to end', () => {
  let server: FakeOpenAI;
  let dir: string;
  let env: Record<string, string>;
  const write = async (path: string, text: string): Promise<void> => {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  };

  before(async () => {
    server = await startFakeOpenAI(echo);
    dir = await mkdtemp(join(tmpdir(), 'evalgate-prompt-'));
    env = { OPENAI_API_KEY: 'sk-test-not-a-real-key', OPENAI_BASE_URL: `${server.url}` };
    await write('evalgate.yml', CONFIG);
    await write('data/support.jsonl', rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
    await write('prompts/system.txt', 'You answer customers of {product}.');
    await write('prompts/shot-q.txt', 'Example question');
    await write('prompts/shot-a.txt', 'Example answer');
    await write('prompts/user.txt', 'Hello {name} about {product}.');
    await write('checks/even.py', 'def check(output, vars):\n    return int(vars["n"]) % 4 != 0\n');
    // Any JSON value passes the empty schema; an echoed sentence is not JSON at all.
    await write('schemas/any.json', '{}');
    await write('rubrics/name.md', 'The reply is only the name of {name}.');
  });
  after(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('gives the exact pass-rate of six assertion types, the python check run in the sandbox', async () => {
    const r = await runCli(['run', '--no-cache', '--suite', 'support', '--update-baseline', '--out', 'out1'], {
      cwd: dir,
      env,
    });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const result = JSON.parse(await readFile(join(dir, 'out1/results/support.json'), 'utf8'));
    assert.equal(result.suite.kind, 'prompt');
    assert.equal(result.records.length, 20);
    assert.ok(result.records.every((x: { status: string }) => x.status === 'scored'));
    const m = result.aggregates.metrics;
    assert.equal(m['pass-rate'], 0.6);
    assert.equal(m['assert:length'], 17 / 20);
    assert.equal(m['assert:python'], 15 / 20);
    assert.equal(m['assert:contains'], 1);
    assert.equal(m['assert:regex'], 1);
    assert.equal(m['assert:starts-with'], 1);
    assert.equal(m['assert:not-contains'], 1);
    // Each failing case fails one of six equally weighted assertions.
    assert.ok(Math.abs(m['weighted-score'] - (12 + 8 * (5 / 6)) / 20) < 1e-12);
    const c04 = result.records.find((x: { caseId: string }) => x.caseId === 'c04');
    assert.deepEqual(
      c04.detail.assertions.filter((a: { pass: boolean }) => !a.pass).map((a: { name: string }) => a.name),
      ['python'],
    );
    // The few-shot messages sit between the system and the user message.
    assert.deepEqual(
      c04.request.messages.map((x: { role: string }) => x.role),
      ['system', 'user', 'assistant', 'user'],
    );
  });

  it('judge assertions: scored 1–5 by the judge, threshold applied, reasoning kept, an unreadable verdict an error', async () => {
    await runCli(['run', '--no-cache', '--suite', 'judged', '--out', 'out-judge'], { cwd: dir, env });
    const result = JSON.parse(await readFile(join(dir, 'out-judge/results/judged.json'), 'utf8'));
    const records = result.records as {
      caseId: string;
      status: string;
      error: { kind: string } | null;
      detail: { assertions: { name: string; pass: boolean; score: number; judgments: { reasoning: string }[] }[] };
    }[];
    const ann7 = records.find((x) => x.caseId === 'c07');
    assert.equal(ann7?.status, 'error');
    assert.equal(ann7?.error?.kind, 'unparsable');
    const scored = records.filter((x) => x.status === 'scored');
    assert.equal(scored.length, 19);
    for (const x of scored) {
      const [matches, onlyName] = x.detail.assertions;
      assert.deepEqual([matches?.pass, matches?.score, onlyName?.pass, onlyName?.score], [true, 5, false, 3]);
      assert.match(onlyName?.judgments[0]?.reasoning ?? '', /Scripted grading/);
    }
    assert.equal(result.aggregates.metrics['assert:matches'], 1);
    // Judge calls are counted apart from the target's: two judge assertions on each of the
    // 19 scored cases (the error record of c07 keeps no verdicts).
    assert.equal(result.aggregates.judgeUsage.calls, 19 * 2);
    assert.deepEqual(result.instrument.settings.judges, [{ model: 'fake-model', seed: 7 }]);
    assert.equal(result.aggregates.metrics['pass-rate'], 0);
    // The rubric (from its file, variables filled) reached the judge as its grading notes.
    const prompts = server.requests.filter((q) => judgePromptParts(q).kind === 'absolute');
    assert.ok(prompts.some((q) => q.messages[0]?.content.includes('The reply is only the name of Ann5.')));
  });

  it('gates a template change that breaks an assertion on every case as a paired regression (exit 1)', async () => {
    const base = await runCli(['run', '--no-cache', '--suite', 'plain', '--update-baseline', '--out', 'out2'], {
      cwd: dir,
      env,
    });
    assert.equal(base.code, 0, base.stdout + base.stderr);
    const before = JSON.parse(await readFile(join(dir, 'out2/results/plain.json'), 'utf8'));
    assert.equal(before.aggregates.metrics['pass-rate'], 0, 'the echoed sentence is not JSON');
    // First make the JSON assertion pass everywhere, as a baseline a template can break.
    await write('prompts/user.txt', '{{"name": "{name}", "product": "{product}"}}');
    const good = await runCli(['run', '--no-cache', '--suite', 'plain', '--update-baseline', '--out', 'out3'], {
      cwd: dir,
      env,
    });
    assert.equal(good.code, 0, good.stdout + good.stderr);
    const baseline = JSON.parse(await readFile(join(dir, 'baselines/plain.json'), 'utf8'));
    assert.equal(baseline.aggregates.metrics['pass-rate'], 1);
    // The change drops the product from every reply.
    await write('prompts/user.txt', '{{"name": "{name}"}}');
    const r = await runCli(['run', '--no-cache', '--suite', 'plain', '--out', 'out4'], { cwd: dir, env });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    const summary = JSON.parse(await readFile(join(dir, 'out4/summary.json'), 'utf8'));
    assert.equal(summary.verdict, 'regression');
    assert.equal(summary.suites[0].metric, 'pass-rate');
    assert.equal(summary.suites[0].baseline, 1);
    assert.equal(summary.suites[0].candidate, 0);
    const report = await readFile(join(dir, 'out4/report.md'), 'utf8');
    assert.match(report, /\| `mentions-product` \| contains \| 100% \| 0% \|/);
    // The worst cases with the failing assertion and a reply excerpt; each regressed case
    // with the assertions it failed.
    assert.match(
      report,
      /- `c\d\d`: `mentions-product` — the reply does not contain "W\d+"; reply “\{"name": "Ann\d+"\}”/,
    );
    assert.match(report, /Failed: `mentions-product` \(the reply does not contain "W\d+"\)\./);
    // The same comparison in Japanese: the kind's own ja strings.
    const ja = await runCli(
      [
        'compare',
        '--baseline',
        'baselines/plain.json',
        '--candidate',
        'out4/results/plain.json',
        '--language',
        'ja',
        '--out',
        'out5',
      ],
      { cwd: dir, env },
    );
    assert.equal(ja.code, 1, ja.stdout + ja.stderr);
    const jaReport = await readFile(join(dir, 'out5/report.md'), 'utf8');
    assert.match(jaReport, /\| アサーション \| 種類 \| ベースライン \| 候補 \|/);
    assert.match(jaReport, /失敗したアサーション：`mentions-product`/);
  });
});
