// The report comment over a pull request's life, and the runner-facing edges around it,
// run the way the runner runs the action (dist/index.js, INPUT_*, an event file, a run id)
// against the fake GitHub (comments over several pages) and the fake OpenAI server. The
// fixture is a monorepo with two configs — evalgate.yml at the root and svc/evalgate.yml —
// whose head commit changes a template of each.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ROOT, runCli } from '../helpers/cli.ts';
import { startFakeGitHub, type FakeComment, type FakeGitHub } from '../helpers/fake-github.ts';
import { sloppyUnlessStrict, startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';
import { runActionOn, type ActionRun } from '../helpers/run-action.ts';

const suite = (name: string, dataset: string, system: string, user: string): string => `  - name: ${name}
    kind: exact-copy
    provider: target
    dataset: ${dataset}
    templates: {system: ${system}, user: ${user}}
`;
const header = 'version: 1\nproviders:\n  target: {model: gpt-4o-mini, retry-base-delay-ms: 10}\nsuites:\n';
const ROOT_CONFIG =
  header +
  suite(
    'copy-qa-natural',
    'eval-datasets/exact-copy/natural.jsonl',
    'prompts/copy/qa-system.txt',
    'prompts/copy/qa-user.txt',
  );
const SVC_CONFIG =
  header +
  suite(
    'svc-simple',
    'eval-datasets/exact-copy/natural.jsonl',
    'prompts/copy/simple-system.txt',
    'prompts/copy/simple-user.txt',
  );
// A suite added by the pull request: nothing on the base branch to compare with.
const FRESH_SUITE = suite(
  'copy-fresh',
  'eval-datasets/exact-copy/random.jsonl',
  'prompts/copy/qa-system.txt',
  'prompts/copy/qa-user.txt',
);

const ROOT_MARKER = '<!-- evalgate-report config=evalgate.yml -->';
const SVC_MARKER = '<!-- evalgate-report config=svc/evalgate.yml -->';

describe("the report comment over a pull request's life (dist/index.js)", () => {
  let repo: string;
  let base: string;
  let head: string;
  let openai: FakeOpenAI;
  let gh: FakeGitHub;
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
  const ours = (marker: string): FakeComment[] =>
    gh.comments.filter((c) => c.body.split('\n')[0] === marker && c.user.type === 'Bot');
  const action = (
    options: Partial<Parameters<typeof runActionOn>[0]> & { config?: string },
    server: FakeGitHub = gh,
  ): Promise<ActionRun> =>
    runActionOn({
      workspace: repo,
      githubUrl: server.url,
      openaiUrl: openai.url,
      pullRequest: { number: 7, base, head },
      ...options,
      inputs: { ...(options.config ? { config: options.config } : {}), ...(options.inputs ?? {}) },
    });

  before(async () => {
    // Copies exactly when told "character for character", else sometimes drops the title.
    openai = await startFakeOpenAI(sloppyUnlessStrict);
    gh = await startFakeGitHub(130);
    repo = await mkdtemp(join(tmpdir(), 'evalgate-lifecycle-'));
    for (const p of ['prompts', 'eval-datasets']) {
      await cp(join(ROOT, p), join(repo, p), { recursive: true });
      await cp(join(ROOT, p), join(repo, 'svc', p), { recursive: true });
    }
    await writeFile(join(repo, 'evalgate.yml'), ROOT_CONFIG);
    await writeFile(join(repo, 'svc/evalgate.yml'), SVC_CONFIG);
    git('init', '-q', '-b', 'main');
    git('config', 'user.email', 'test@example.com');
    git('config', 'user.name', 'test');
    const env = { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: openai.url };
    for (const cwd of [repo, join(repo, 'svc')]) {
      const made = await runCli(
        ['run', '--update-baseline', '--no-cache', '--out', join(tmpdir(), `eg-lifecycle-${process.pid}`)],
        { cwd, env },
      );
      assert.equal(made.code, 0, made.stderr);
    }
    git('add', '-A');
    git('commit', '-q', '-m', 'base with baselines');
    base = git('rev-parse', 'HEAD');
    const weaken = async (path: string): Promise<void> => {
      const text = await readFile(path, 'utf8');
      await writeFile(
        path,
        text.includes('character for character')
          ? text.replace(
              'Reply with that line, copied character for character: no quotes',
              'Reply with that line: no quotes',
            )
          : `${text.trimEnd()}\n`,
      );
    };
    await weaken(join(repo, 'prompts/copy/qa-system.txt'));
    await writeFile(
      join(repo, 'svc/prompts/copy/simple-system.txt'),
      `${(await readFile(join(repo, 'svc/prompts/copy/simple-system.txt'), 'utf8')).trimEnd()} Thank you.\n`,
    );
    await writeFile(join(repo, 'evalgate.yml'), ROOT_CONFIG + FRESH_SUITE);
    git('commit', '-q', '-am', 'change a template in each config, add a suite');
    head = git('rev-parse', 'HEAD');
  });
  after(async () => {
    await openai.close();
    await gh.close();
    await rm(repo, { recursive: true, force: true });
  });

  it('keeps one comment per config, each updated in place and naming the commit and the run', async () => {
    // Someone pastes our marker as their comment's first line: never ours to edit.
    gh.comments.push({
      id: 1,
      body: `${ROOT_MARKER}\n## evalgate: ✅ pass (forged)`,
      user: { login: 'mallory', type: 'User' },
    });
    const first = await action({ run: { id: 1001 } });
    assert.equal(first.code, 1, first.log);
    assert.equal(first.outputs['verdict'], 'regression');
    const second = await action({ config: 'svc/evalgate.yml', run: { id: 1002 } });
    assert.ok(second.outputs['verdict'], second.log);
    assert.equal(ours(ROOT_MARKER).length, 1);
    assert.equal(ours(SVC_MARKER).length, 1);
    const [rootComment, svcComment] = [ours(ROOT_MARKER)[0] as FakeComment, ours(SVC_MARKER)[0] as FakeComment];
    assert.match(rootComment.body, /copy-qa-natural/);
    assert.doesNotMatch(rootComment.body, /svc-simple/);
    assert.match(svcComment.body, /svc-simple/);
    const short = head.slice(0, 7);
    assert.ok(
      rootComment.body.includes(`[\`${short}\`](https://github.test/octo/app/pull/7/commits/${head})`),
      rootComment.body.slice(0, 600),
    );
    assert.ok(
      rootComment.body.includes('(https://github.test/octo/app/actions/runs/1001)'),
      rootComment.body.slice(0, 600),
    );
    assert.ok(svcComment.body.includes('(https://github.test/octo/app/actions/runs/1002)'));

    // The next push: both comments are edited, none is added; the forged one is untouched.
    const again = await action({ run: { id: 1003 } });
    await action({ config: 'svc/evalgate.yml', run: { id: 1004 } });
    assert.equal(again.code, 1);
    assert.deepEqual(
      [ours(ROOT_MARKER).map((c) => c.id), ours(SVC_MARKER).map((c) => c.id)],
      [[rootComment.id], [svcComment.id]],
    );
    assert.match(rootComment.body, /actions\/runs\/1003\)/);
    assert.match(svcComment.body, /actions\/runs\/1004\)/);
    assert.equal(gh.comments.find((c) => c.id === 1)?.body, `${ROOT_MARKER}\n## evalgate: ✅ pass (forged)`);
    // Every page of comments was read (130 + ours at 100 per page).
    assert.ok(gh.requests.some((q) => q.method === 'GET' && q.path.includes('page=2')));
  });

  it('warns on a suite without a baseline and sums the verdict up in a notice', async () => {
    const r = await action({ run: { id: 1010 } });
    assert.match(
      r.log,
      /^::warning title=evalgate%3A no-baseline::evalgate: suite copy-fresh: no baseline on the base branch/m,
    );
    assert.match(r.log, /^::notice::evalgate: regression — 2 suites compared, regressed: copy-qa-natural\.$/m);
  });

  it('never lets an older run overwrite the comment of a newer one', async () => {
    const newer = await action({ run: { id: 2000 } });
    assert.equal(newer.code, 1);
    const comment = ours(ROOT_MARKER)[0] as FakeComment;
    const body = comment.body;
    assert.match(body, /actions\/runs\/2000\)/);
    // A run started earlier (a lower run id) finishing late, and an earlier attempt.
    const late = await action({ run: { id: 1999 } });
    assert.equal(late.code, 1, 'its own verdict still decides its check');
    assert.match(late.log, /already describes a newer run \(commit [0-9a-f]{7}, run 2000 attempt 1\)/);
    assert.match(late.summary, /not updated: it already describes a newer run/);
    assert.equal(comment.body, body);
    await action({ run: { id: 2000, attempt: 2 } });
    assert.match(comment.body, /actions\/runs\/2000\/attempts\/2\)/);
    const earlierAttempt = await action({ run: { id: 2000, attempt: 1 } });
    assert.match(earlierAttempt.log, /already describes a newer run/);
    assert.match(comment.body, /actions\/runs\/2000\/attempts\/2\)/);
  });

  it('on a push that breaks the config: annotates the line and turns the comment into "could not evaluate" for the new commit', async () => {
    const good = await readFile(join(repo, 'evalgate.yml'), 'utf8');
    try {
      await writeFile(
        join(repo, 'evalgate.yml'),
        good.replace(
          '    kind: exact-copy\n    provider: target\n    dataset: eval-datasets/exact-copy/natural.jsonl',
          '    kind: exact-copi\n    provider: target\n    dataset: eval-datasets/exact-copy/natural.jsonl',
        ),
      );
      git('commit', '-q', '-am', 'typo in the config');
      const broken = git('rev-parse', 'HEAD');
      const r = await runActionOn({
        workspace: repo,
        githubUrl: gh.url,
        openaiUrl: openai.url,
        pullRequest: { number: 7, base, head: broken },
        run: { id: 3000 },
      });
      assert.equal(r.code, 1, r.log);
      assert.match(
        r.log,
        /^::error file=evalgate\.yml,line=6::evalgate\.yml:6 suites\[0\]\.kind: expected one of exact-copy, judged, round-trip, prompt, got "exact-copi"/m,
      );
      const comment = ours(ROOT_MARKER)[0] as FakeComment;
      assert.equal(ours(ROOT_MARKER).length, 1);
      assert.match(comment.body, /## evalgate: 🛑 not evaluated/);
      assert.ok(comment.body.includes(`could not evaluate commit [\`${broken.slice(0, 7)}\`]`), comment.body);
      assert.match(comment.body, /got "exact-copi"/);
      assert.match(comment.body, /actions\/runs\/3000\)/);
      assert.doesNotMatch(comment.body, /regression|copy-qa-natural \|/, 'no verdict of an earlier commit stands');
      assert.ok(!comment.body.includes('sk-canary-lifecycle-key') && !comment.body.includes('ghs_faketoken_for_tests'));
      assert.match(r.summary, /## evalgate: not evaluated/);
      // The other config's comment is about the other config and stays as it was.
      assert.match((ours(SVC_MARKER)[0] as FakeComment).body, /actions\/runs\/1004\)/);
    } finally {
      git('reset', '-q', '--hard', head);
    }
  });

  it('without an API key on a later push: the comment says this commit was not evaluated', async () => {
    const r = await action({ run: { id: 3100 }, env: { OPENAI_API_KEY: '' } });
    assert.equal(r.code, 0, r.log);
    assert.equal(r.outputs['verdict'], 'skipped');
    const comment = ours(ROOT_MARKER)[0] as FakeComment;
    assert.match(comment.body, /## evalgate: 🛑 not evaluated/);
    assert.match(comment.body, /no model API key: .*OPENAI_API_KEY/);
    assert.match(comment.body, /actions\/runs\/3100\)/);
  });

  it('after a crash: the comment says why, with secrets masked', async () => {
    // An out-dir under a file cannot be created: an internal error, not the user's config.
    // The path carries the API key, as a hostile or careless value might.
    const r = await action({
      run: { id: 3200 },
      inputs: { 'out-dir': join(repo, 'evalgate.yml', 'sk-canary-lifecycle-key') },
    });
    assert.equal(r.code, 1, r.log);
    assert.match(r.log, /::error::evalgate: internal error: /);
    const comment = ours(ROOT_MARKER)[0] as FakeComment;
    assert.match(comment.body, /## evalgate: 🛑 not evaluated/);
    assert.match(comment.body, /internal error: .*ENOTDIR/);
    assert.match(comment.body, /evalgate\.yml\/\*\*\*/);
    assert.ok(!comment.body.includes('sk-canary-lifecycle-key'));
    assert.ok(
      !r.summary.includes('sk-canary-lifecycle-key') && r.summary.includes('## evalgate: not evaluated'),
      r.summary,
    );
    assert.match(comment.body, /actions\/runs\/3200\)/);
  });

  it("with a GitHub App's token (403 on GET /user, writing as my-app[bot]) updates one comment", async () => {
    const app = await startFakeGitHub(40);
    try {
      app.author = { login: 'my-app[bot]', type: 'Bot' };
      // A comment the workflow token left before the repository switched to the App.
      app.comments.push({ id: 5, body: `${ROOT_MARKER}\nold`, user: { login: 'github-actions[bot]', type: 'Bot' } });
      for (const id of [4001, 4002, 4003]) {
        const r = await action({ run: { id } }, app);
        assert.equal(r.code, 1, r.log);
        assert.doesNotMatch(r.log, /::warning::Writing the pull-request comment/);
      }
      const mine = app.comments.filter((c) => c.user.login === 'my-app[bot]');
      assert.equal(mine.length, 1);
      assert.match((mine[0] as FakeComment).body, /actions\/runs\/4003\)/);
      assert.equal(app.comments.find((c) => c.id === 5)?.body, `${ROOT_MARKER}\nold`);
      // Finding it never needed GET /user, which installation tokens cannot call.
      assert.ok(
        !app.requests.some((q) => q.path === '/user'),
        JSON.stringify(app.requests.filter((q) => q.path === '/user')),
      );
    } finally {
      await app.close();
    }
  });

  it("with a personal access token edits only its own user's comment", async () => {
    const pat = await startFakeGitHub(3);
    try {
      pat.author = { login: 'ci-user', type: 'User' };
      pat.userEndpoint = true;
      pat.comments.push({ id: 6, body: `${ROOT_MARKER}\nforged`, user: { login: 'mallory', type: 'User' } });
      for (const id of [5001, 5002]) assert.equal((await action({ run: { id } }, pat)).code, 1);
      const mine = pat.comments.filter((c) => c.user.login === 'ci-user');
      assert.equal(mine.length, 1);
      assert.match((mine[0] as FakeComment).body, /actions\/runs\/5002\)/);
      assert.equal(pat.comments.find((c) => c.id === 6)?.body, `${ROOT_MARKER}\nforged`);
    } finally {
      await pat.close();
    }
  });

  it('posts no comment on a pull request that touches no suite, and says why in the job summary', async () => {
    const quiet = await startFakeGitHub(0);
    try {
      await writeFile(join(repo, 'NOTES.md'), 'unrelated\n');
      git('add', 'NOTES.md');
      git('commit', '-q', '-m', 'docs only');
      const docs = git('rev-parse', 'HEAD');
      const r = await runActionOn({
        workspace: repo,
        githubUrl: quiet.url,
        openaiUrl: openai.url,
        pullRequest: { number: 8, base: head, head: docs },
        run: { id: 6000 },
      });
      assert.equal(r.code, 0, r.log);
      assert.equal(quiet.comments.length, 0);
      assert.match(r.summary, /No pull-request comment was posted: this pull request changes no suite/);
    } finally {
      git('reset', '-q', '--hard', head);
      await quiet.close();
    }
  });

  it('writes byte-identical baselines from two runs with identical results', async () => {
    const file = join(repo, 'svc/baselines/svc-simple.json');
    await rm(file);
    const inputs = { mode: 'baseline', config: 'svc/evalgate.yml', comment: 'false' };
    const first = await runActionOn({
      workspace: repo,
      githubUrl: gh.url,
      openaiUrl: openai.url,
      inputs,
      run: { id: 7000 },
    });
    assert.equal(first.code, 0, first.log);
    assert.match(first.log, /Baselines written: baselines\/svc-simple\.json/);
    const written = await readFile(file);
    const second = await runActionOn({
      workspace: repo,
      githubUrl: gh.url,
      openaiUrl: openai.url,
      inputs,
      run: { id: 7001 },
    });
    assert.equal(second.code, 0, second.log);
    assert.match(second.log, /svc-simple: baseline unchanged/);
    assert.ok((await readFile(file)).equals(written), 'the second run left the file byte for byte');
    git('checkout', '--', 'svc/baselines');
  });

  describe('merging a matrix', () => {
    let shards: string;
    before(async () => {
      shards = await mkdtemp(join(tmpdir(), 'evalgate-lifecycle-shards-'));
      // Attempt 2 re-ran shard 3 only: with the default run id it still merges with 1 and 2.
      for (const [i, attempt] of [
        [1, 1],
        [2, 1],
        [3, 2],
      ] as const) {
        const s = await action({
          run: { id: 8000, attempt },
          inputs: { mode: 'shard', shard: `${i}/3`, 'out-dir': join(shards, `shard-${i}`) },
        });
        assert.equal(s.code, 0, s.log);
        assert.equal(s.outputs['verdict'], 'shard-written');
      }
    });
    after(async () => rm(shards, { recursive: true, force: true }));

    it('merges shards of different attempts of one run', async () => {
      const m = await action({ run: { id: 8000, attempt: 2 }, inputs: { mode: 'merge', 'merge-dirs': `${shards}/*` } });
      assert.equal(m.outputs['verdict'], 'regression', m.log);
    });

    it('fails when a shard is missing, naming it', async () => {
      const m = await action({
        run: { id: 8000, attempt: 2 },
        inputs: { mode: 'merge', 'merge-dirs': `${join(shards, 'shard-1')}\n${join(shards, 'shard-2')}` },
      });
      assert.equal(m.code, 1);
      assert.match(m.log, /::error::merge: suite copy-qa-natural: shard 3\/3 of run gh-8000 is missing/);
      assert.equal(m.outputs['verdict'], undefined);
    });

    it('fails when every shard of a suite is missing, naming the suite', async () => {
      const partial = await mkdtemp(join(tmpdir(), 'evalgate-lifecycle-partial-'));
      try {
        for (const i of [1, 2, 3]) {
          await mkdir(join(partial, `shard-${i}`, 'results'), { recursive: true });
          for (const name of await readdir(join(shards, `shard-${i}`, 'results'))) {
            if (name.startsWith('copy-qa-natural'))
              await cp(join(shards, `shard-${i}`, 'results', name), join(partial, `shard-${i}`, 'results', name));
          }
        }
        const m = await action({
          run: { id: 8000, attempt: 2 },
          inputs: { mode: 'merge', 'merge-dirs': `${partial}/*` },
        });
        assert.equal(m.code, 1, m.log);
        assert.match(m.log, /::error::input "merge-dirs": no shard results for suite copy-fresh/);
        assert.equal(m.outputs['verdict'], undefined);
      } finally {
        await rm(partial, { recursive: true, force: true });
      }
    });
  });
});
