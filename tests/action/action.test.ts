// The action run the way the runner runs it: dist/index.js with INPUT_* variables, an
// event file, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY, against the fake GitHub and OpenAI
// servers, on a git fixture whose head commit weakens one of two suites' templates.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ROOT, runCli } from '../helpers/cli.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.ts';
import { sloppyUnlessStrict, startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';

const CONFIG = `version: 1
providers:
  target: {model: gpt-4o-mini, retry-base-delay-ms: 10}
suites:
  - name: copy-qa-natural
    kind: exact-copy
    provider: target
    dataset: eval-datasets/exact-copy/natural.jsonl
    templates: {system: prompts/copy/qa-system.txt, user: prompts/copy/qa-user.txt}
  - name: copy-simple-random
    kind: exact-copy
    provider: target
    dataset: eval-datasets/exact-copy/random.jsonl
    templates: {system: prompts/copy/simple-system.txt, user: prompts/copy/simple-user.txt}
`;

interface ActionRun {
  code: number | null;
  stdout: string;
  outputs: Record<string, string>;
  summary: string;
}

describe('the GitHub Action (dist/index.js)', () => {
  let repo: string;
  let base: string;
  let head: string;
  let openai: FakeOpenAI;
  let gh: FakeGitHub;
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();

  before(async () => {
    // Scripted model: copies exactly when told "character for character", else sometimes drops the title.
    openai = await startFakeOpenAI(sloppyUnlessStrict);
    gh = await startFakeGitHub(150);
    repo = await mkdtemp(join(tmpdir(), 'evalgate-action-'));
    for (const p of ['prompts', 'eval-datasets']) await cp(join(ROOT, p), join(repo, p), { recursive: true });
    await writeFile(join(repo, 'evalgate.yml'), CONFIG);
    git('init', '-q', '-b', 'main');
    git('config', 'user.email', 'test@example.com');
    git('config', 'user.name', 'test');
    const made = await runCli(
      ['run', '--update-baseline', '--no-cache', '--out', join(tmpdir(), `eg-base-${process.pid}`)],
      { cwd: repo, env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: openai.url } },
    );
    assert.equal(made.code, 0, made.stderr);
    git('add', '-A');
    git('commit', '-q', '-m', 'base with baselines');
    base = git('rev-parse', 'HEAD');
    const template = join(repo, 'prompts/copy/qa-system.txt');
    await writeFile(
      template,
      (await readFile(template, 'utf8')).replace(
        'Reply with that line, copied character for character: no quotes',
        'Reply with that line: no quotes',
      ),
    );
    git('commit', '-q', '-am', 'shorten the qa template');
    head = git('rev-parse', 'HEAD');
  });
  after(async () => {
    await openai.close();
    await gh.close();
    await rm(repo, { recursive: true, force: true });
  });

  async function runAction(
    options: { fork?: boolean; keys?: boolean; inputs?: Record<string, string> } = {},
  ): Promise<ActionRun> {
    const dir = await mkdtemp(join(tmpdir(), 'evalgate-runner-'));
    const event = join(dir, 'event.json');
    const output = join(dir, 'output');
    const summary = join(dir, 'summary');
    await writeFile(output, '');
    await writeFile(summary, '');
    await writeFile(
      event,
      JSON.stringify({
        action: 'synchronize',
        number: 42,
        pull_request: {
          number: 42,
          base: { sha: base, repo: { full_name: 'octo/app' } },
          head: { sha: head, repo: { full_name: options.fork ? 'someone/app' : 'octo/app' } },
        },
        repository: { name: 'app', owner: { login: 'octo' }, full_name: 'octo/app' },
      }),
    );
    const env: Record<string, string> = {
      PATH: process.env['PATH'] ?? '',
      HOME: dir,
      RUNNER_TEMP: dir,
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: event,
      GITHUB_REPOSITORY: 'octo/app',
      GITHUB_WORKSPACE: repo,
      GITHUB_API_URL: gh.url,
      GITHUB_OUTPUT: output,
      GITHUB_STEP_SUMMARY: summary,
      GITHUB_ACTIONS: 'true',
      'INPUT_GITHUB-TOKEN': 'ghs_faketoken',
      INPUT_CONFIG: 'evalgate.yml',
      INPUT_MODE: 'run',
      INPUT_COMMENT: 'true',
      'INPUT_REPORT-LANGUAGE': 'en',
      'INPUT_WORKING-DIRECTORY': '.',
      'INPUT_OUT-DIR': join(dir, 'out'),
      'INPUT_CACHE-DIR': join(dir, 'cache'),
      'INPUT_FORCE-ALL': 'false',
      'INPUT_ON-INCONCLUSIVE': '',
      'INPUT_REPORT-ARTIFACT': 'evalgate-report',
      OPENAI_BASE_URL: openai.url,
      ...(options.keys === false ? {} : { OPENAI_API_KEY: 'sk-canary-action-key' }),
      ...(options.inputs ?? {}),
    };
    const result = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = spawn(process.execPath, [join(ROOT, 'dist/index.js')], {
        cwd: repo,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stdout += d.toString()));
      child.on('close', (code) => resolve({ code, stdout }));
    });
    const outputs: Record<string, string> = {};
    for (const m of (await readFile(output, 'utf8')).matchAll(/^(.+?)<<(ghadelimiter_[^\n]+)\n([\s\S]*?)\n\2$/gm))
      outputs[m[1] as string] = m[3] as string;
    const text = { ...result, outputs, summary: await readFile(summary, 'utf8') };
    await rm(dir, { recursive: true, force: true });
    return text;
  }

  const botComments = (): number =>
    gh.comments.filter(
      (c) =>
        c.user.login === 'github-actions[bot]' && c.body.startsWith('<!-- evalgate-report config=evalgate.yml -->\n'),
    ).length;

  it('runs only the suite the pull request changed, gates it as a regression and comments once', async () => {
    const before = openai.requests.length;
    const r = await runAction();
    assert.equal(r.code, 1, r.stdout);
    const sent = openai.requests.slice(before);
    assert.equal(sent.length, 52, 'only copy-qa-natural ran');
    assert.ok(sent.every((q) => q.messages[0]?.content.startsWith('You will be given three lines')));
    assert.equal(r.outputs['verdict'], 'regression');
    assert.equal(r.outputs['regressed-suites'], 'copy-qa-natural');
    assert.equal(r.outputs['failing-suites'], 'copy-qa-natural');
    assert.match(r.outputs['report-path'] ?? '', /report\.md$/);
    assert.match(r.outputs['html-report-path'] ?? '', /report\.html$/);
    assert.match(r.summary, /## evalgate: ❌ regression/);
    assert.match(r.summary, /copy-simple-random \| — \| — \| — \| — \| ⏭️ unchanged, not run/);
    assert.match(r.summary, /What changed: templates: qa-system\.txt/);
    assert.match(r.summary, /```mermaid\nxychart-beta/);
    assert.equal(botComments(), 1);
    // The comment points to report.html in the workflow's artifact, and shows the suite's
    // baselines over the base branch's history (here the one commit that made them).
    const body = gh.comments.find((c) => c.user.login === 'github-actions[bot]')?.body ?? '';
    assert.match(body, /`report\.html` in the artifact `evalgate-report`/);
    assert.ok(body.includes(`Baselines over time: ▄ 1.00 (${base.slice(0, 7)}).`), body.slice(0, 3000));
    // The key is registered with the runner for masking (::add-mask::, which the runner
    // consumes) and appears nowhere else: not in the log, the summary or the comment.
    assert.match(r.stdout, /^::add-mask::sk-canary-action-key$/m);
    const log = r.stdout
      .split('\n')
      .filter((l) => !l.startsWith('::add-mask::'))
      .join('\n');
    assert.ok(!log.includes('sk-canary-action-key') && !r.summary.includes('sk-canary-action-key'));
    assert.ok(gh.comments.every((c) => !c.body.includes('sk-canary-action-key')));
    // Both pages of comments were read before deciding to create.
    assert.ok(
      gh.requests.some((q) => q.method === 'GET' && q.path.includes('page=2')),
      JSON.stringify(gh.requests),
    );
  });

  it('updates the same comment on the next push instead of posting another', async () => {
    const r = await runAction();
    assert.equal(r.code, 1);
    assert.equal(botComments(), 1);
    assert.ok(gh.requests.some((q) => q.method === 'PATCH'));
    assert.equal(
      gh.comments.filter((c) => c.user.login.startsWith('human')).length,
      150,
      "a human's comment quoting the marker is never edited",
    );
    assert.equal(
      gh.comments.find((c) => c.user.login === 'human-3')?.body,
      'Quoting the bot: <!-- evalgate-report --> looks odd',
    );
  });

  it('falls back to the job summary with a warning when the token cannot write (403), without crashing', async () => {
    gh.refuseWrites = 403;
    const r = await runAction();
    gh.refuseWrites = null;
    assert.equal(r.code, 1, 'the verdict still fails the check');
    assert.match(r.stdout, /::warning::Writing the pull-request comment failed \(HTTP 403/);
    assert.match(r.stdout, /pull-requests: write/);
    assert.doesNotMatch(r.stdout, /internal error/);
    assert.match(r.summary, /## evalgate: ❌ regression/);
  });

  it('ends a fork pull request without keys with a clear summary and no failure', async () => {
    const before = openai.requests.length;
    const r = await runAction({ fork: true, keys: false });
    assert.equal(r.code, 0, r.stdout);
    assert.equal(openai.requests.length, before);
    assert.match(r.summary, /comes from a fork/);
    assert.match(r.stdout, /::warning::evalgate did not run: no API key on a pull request from a fork/);
    assert.equal(r.outputs['verdict'], 'skipped');
  });

  it('writes the report in Japanese when asked', async () => {
    const r = await runAction({ inputs: { 'INPUT_REPORT-LANGUAGE': 'ja', INPUT_COMMENT: 'false' } });
    assert.equal(r.code, 1);
    assert.match(r.summary, /スイート中1スイートが許容幅を超えて低下しました/);
    assert.match(r.summary, /変更点：templates: qa-system\.txt/);
  });

  it('mode: baseline runs every suite and writes the baselines into the workspace', async () => {
    const before = openai.requests.length;
    const r = await runAction({ inputs: { INPUT_MODE: 'baseline', INPUT_COMMENT: 'false' } });
    assert.equal(r.code, 0, r.stdout);
    assert.equal(openai.requests.length - before, 104, 'both suites ran');
    // The qa template changed, so its baseline is rewritten; the other suite gave the same
    // answers and scores as its committed baseline, whose file is left byte for byte.
    assert.match(r.stdout, /Baselines written: baselines\/copy-qa-natural\.json —/);
    assert.match(r.stdout, /copy-simple-random: baseline unchanged/);
    assert.equal(
      execFileSync('git', ['status', '--porcelain', 'baselines/copy-simple-random.json'], {
        cwd: repo,
        encoding: 'utf8',
      }),
      '',
    );
    const baseline = JSON.parse(await readFile(join(repo, 'baselines/copy-qa-natural.json'), 'utf8'));
    assert.equal(baseline.records.length, 52);
    execFileSync('git', ['checkout', '--', 'baselines'], { cwd: repo });
  });

  it('runs shards in a matrix and merges them into one report, verdict and comment', async () => {
    const shardsDir = await mkdtemp(join(tmpdir(), 'evalgate-shards-'));
    try {
      for (const i of [1, 2, 3]) {
        const s = await runAction({
          inputs: {
            INPUT_MODE: 'shard',
            INPUT_SHARD: `${i}/3`,
            'INPUT_RUN-ID': 'matrix-run',
            'INPUT_OUT-DIR': join(shardsDir, `shard-${i}`),
          },
        });
        assert.equal(s.code, 0, s.stdout);
        assert.equal(s.outputs['verdict'], 'shard-written');
      }
      const commentsBefore = botComments();
      const m = await runAction({ inputs: { INPUT_MODE: 'merge', 'INPUT_MERGE-DIRS': `${shardsDir}/*` } });
      assert.equal(m.code, 1, m.stdout);
      assert.equal(m.outputs['verdict'], 'regression');
      assert.match(m.summary, /52 cases compared/);
      assert.match(m.summary, /copy-simple-random \| — \| — \| — \| — \| ⏭️ unchanged, not run/);
      assert.equal(botComments(), Math.max(1, commentsBefore));
    } finally {
      await rm(shardsDir, { recursive: true, force: true });
    }
  });

  it('rejects an invalid input with a message naming it', async () => {
    const r = await runAction({ inputs: { INPUT_MODE: 'sharded' } });
    assert.equal(r.code, 1);
    assert.match(r.stdout, /::error::input "mode": expected one of run, baseline, shard, merge, got "sharded"/);
  });
});
