// A pairwise judged suite on a pull request that edits most cases (same ids) while making
// the answers worse: edited cases are measured as the base defines them, so it still fails.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ROOT, runCli } from '../helpers/cli.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.ts';
import { scriptedJudgeReply, startFakeOpenAI, taskOf, type FakeOpenAI } from '../helpers/fake-openai.ts';
import { pullRequestEvent, runAction } from '../helpers/run-action.ts';

const KEY = 'sk-pairwise';
const DATA = 'eval-datasets/judged/tasks.jsonl';
const CONFIG = `version: 1
providers:
  target: {model: gpt-4o-mini, retry-base-delay-ms: 10}
  judge: {model: gpt-4o, retry-base-delay-ms: 10}
suites:
  - name: assistant-pairwise
    kind: judged
    mode: pairwise
    provider: target
    judge: judge
    dataset: ${DATA}
    templates: {system: prompts/assistant/system.txt, user: prompts/assistant/user.txt}
`;

describe('pairwise', () => {
  let repo: string;
  let base: string;
  let openai: FakeOpenAI;
  let gh: FakeGitHub;
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
  before(async () => {
    const parent = await mkdtemp(join(tmpdir(), 'evalgate-pw-'));
    repo = join(parent, 'repo');
    await mkdir(repo);
    for (const p of ['prompts', 'eval-datasets']) await cp(join(ROOT, p), join(repo, p), { recursive: true });
    const cases = (await readFile(join(repo, DATA), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { input: string; reference: string });
    openai = await startFakeOpenAI((req) => {
      const judged = scriptedJudgeReply(req);
      if (judged) return judged;
      const system = req.messages.find((m) => m.role === 'system')?.content ?? '';
      const c = cases.find((x) => taskOf(req).includes(x.input));
      return { content: system.includes('Answer accurately') ? (c?.reference ?? '?') : 'I am not sure.' };
    });
    gh = await startFakeGitHub(0);
    await writeFile(join(repo, 'evalgate.yml'), CONFIG);
    git('init', '-q', '-b', 'main');
    git('config', 'user.email', 't@example.com');
    git('config', 'user.name', 't');
    // Pairwise needs a baseline answer set: the baseline run compares with itself.
    const made = await runCli(['run', '--update-baseline', '--no-cache', '--out', join(parent, 'o')], {
      cwd: repo,
      env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: openai.url },
    });
    assert.match(made.stderr + made.stdout, /baseline/i, made.stderr);
    git('add', '-A');
    git('commit', '-q', '-m', 'base');
    base = git('rev-parse', 'HEAD');
  });
  after(async () => {
    await openai.close();
    await gh.close();
    await rm(join(repo, '..'), { recursive: true, force: true });
  });
  const pr = async (name: string, editCases: boolean): Promise<string> => {
    git('checkout', '-q', '-f', '-B', name, base);
    const sys = join(repo, 'prompts/assistant/system.txt');
    await writeFile(sys, (await readFile(sys, 'utf8')).replace('Answer accurately', 'Answer'));
    if (editCases) {
      const lines = (await readFile(join(repo, DATA), 'utf8')).split('\n').filter(Boolean);
      await writeFile(
        join(repo, DATA),
        lines
          .map((l, i) => (i < 5 ? l : JSON.stringify({ ...JSON.parse(l), criteria: `${JSON.parse(l).criteria} ` })))
          .join('\n') + '\n',
      );
    }
    git('add', '-A');
    git('commit', '-q', '-m', name);
    return git('rev-parse', 'HEAD');
  };
  const act = (head: string) =>
    runAction({
      workspace: repo,
      eventName: 'pull_request',
      githubUrl: gh.url,
      event: pullRequestEvent(base, head),
      env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: openai.url },
    });

  it('control: a worse system prompt is a regression', async () => {
    const r = await act(await pr('control', false));
    assert.equal(r.outputs['verdict'], 'regression', r.summary.slice(0, 1500));
  });
  it('editing 27 of 32 cases (criteria + " ") must not turn it into a pass', async () => {
    const r = await act(await pr('edit', true));
    assert.equal(
      r.outputs['verdict'],
      'regression',
      `code=${r.code} verdict=${r.outputs['verdict']}\n${r.summary
        .split('\n')
        .filter((l) => /compared|pair|Suite|assistant-pairwise \|/.test(l))
        .join('\n')}`,
    );
  });
});
