// A dataset saved again with CRLF line endings and a byte-order mark (a Windows editor,
// git's core.autocrlf) is the same data: it pairs with the baseline made from the LF file.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { exampleWorkspace, runCli } from '../helpers/cli.ts';
import {
  scriptedJudgeReply,
  startFakeOpenAI,
  taskOf,
  type FakeOpenAI,
  type FakeReply,
  type FakeRequest,
} from '../helpers/fake-openai.ts';

/** An ELYZA-tasks-100 style CSV written by us: multi-line quoted inputs and criteria. */
function elyzaCsv(rows: number): { text: string; answers: Map<string, string> } {
  const answers = new Map<string, string>();
  const lines = ['input,output,eval_aspect'];
  for (let i = 1; i <= rows; i++) {
    const input = `次の文を読んで答えてください。\n文: 箱に${i}個のみかんがあり、さらに${i + 2}個入れました。\n質問: みかんは全部で何個ですか。`;
    const output = `${2 * i + 2}個です。`;
    answers.set(input, output);
    lines.push(`"${input}",${output},"- 個数が${2 * i + 2}であれば5点\n- 違えば1点"`);
  }
  return { text: `${lines.join('\n')}\n`, answers };
}

describe('line endings and a BOM are not a change of the data', () => {
  let server: FakeOpenAI;
  let ws: Awaited<ReturnType<typeof exampleWorkspace>>;
  let env: Record<string, string>;
  const data = elyzaCsv(12);
  const sentWithCrlf: string[] = [];
  const script = (req: FakeRequest): FakeReply => {
    const judged = scriptedJudgeReply(req);
    if (judged) return judged;
    const task = taskOf(req);
    if (task.includes('\r\n')) sentWithCrlf.push(task);
    return { content: data.answers.get(task.replace(/\r\n/g, '\n')) ?? '' };
  };

  before(async () => {
    server = await startFakeOpenAI(script);
    ws = await exampleWorkspace();
    env = { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: server.url };
    const config = await readFile(join(ws.dir, 'evalgate.yml'), 'utf8');
    await ws.write(
      'elyza.yml',
      config.replace('dataset: eval-datasets/judged/tasks.jsonl', 'dataset: {path: elyza.csv, columns: elyza}'),
    );
    await ws.write('elyza.csv', data.text);
  });
  after(async () => {
    await server.close();
    await ws.cleanup();
  });

  it('a CRLF + BOM copy of a judged CSV pairs with the baseline made from the LF file (pass)', async () => {
    const base = await runCli(
      ['run', '--config', 'elyza.yml', '--suite', 'assistant-judged', '--no-cache', '--update-baseline', '--out', 'lf'],
      { cwd: ws.dir, env },
    );
    assert.equal(base.code, 0, base.stdout + base.stderr);
    const baseline = JSON.parse(await readFile(join(ws.dir, 'baselines/assistant-judged.json'), 'utf8')) as {
      records: { caseId: string }[];
    };
    // ELYZA rows are named by their row number, as people cite them.
    assert.deepEqual([...new Set(baseline.records.map((r) => r.caseId))].sort().slice(0, 3), [
      'elyza-001',
      'elyza-002',
      'elyza-003',
    ]);
    assert.equal(sentWithCrlf.length, 0);

    await writeFile(join(ws.dir, 'elyza.csv'), `\uFEFF${data.text.replace(/\n/g, '\r\n')}`);
    const r = await runCli(
      ['run', '--config', 'elyza.yml', '--suite', 'assistant-judged', '--no-cache', '--out', 'crlf'],
      { cwd: ws.dir, env },
    );
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const summary = JSON.parse(await readFile(join(ws.dir, 'crlf/summary.json'), 'utf8')) as { verdict: string };
    assert.equal(summary.verdict, 'pass');
    const report = await readFile(join(ws.dir, 'crlf/report.md'), 'utf8');
    assert.match(report, /- 12 cases compared\./, 'every case pairs: nothing added, removed or edited');
    assert.doesNotMatch(report, /What changed: .*dataset/, 'a re-encoded dataset is not a change of the dataset');
    assert.match(report, /Judged by `gpt-4o`\./, 'the report names the judge model');
    // The model was sent the text as saved; only identity ignores the line endings.
    assert.equal(sentWithCrlf.length, 12);
  });
});
