// Pull requests as an attacker would write them, run the way the runner runs the action
// (dist/index.js, an event file, a git checkout) against the fake GitHub, the fake OpenAI
// server the base branch names, and a second "attacker" server. Each test is one attempt
// to steal the key, read outside the repository, or step around the gate; each must fail.
import assert from 'node:assert/strict';
import { symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../helpers/cli.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.ts';
import { contextLinesOf, sloppyUnlessStrict, startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';
import { createPrRepo, type PrRepo } from '../helpers/pr-repo.ts';
import { pullRequestEvent, runAction, type ActionRun } from '../helpers/run-action.ts';

const KEY = 'sk-canary-trusted-key-4242';
const CANARY = 'CANARY-OUTSIDE-FILE-7c1e';
const STRICT = 'Reply with that line, copied character for character: no quotes';
const LOOSE = 'Reply with that line: no quotes';

// The suite's system template is a symlink to the shared prompt, as teams share prompts.
const BASE_CONFIG = `version: 1
providers:
  target: {model: gpt-4o-mini, retry-base-delay-ms: 10}
suites:
  - name: copy-qa-natural
    kind: exact-copy
    provider: target
    dataset: eval-datasets/exact-copy/natural.jsonl
    templates: {system: prompts/qa-system-link.txt, user: prompts/copy/qa-user.txt}
`;

describe('pull requests cannot steal the key, read outside the repository, or step around the gate', () => {
  let pr: PrRepo;
  let repo: string;
  let base: string;
  let openai: FakeOpenAI;
  let attacker: FakeOpenAI;
  let gh: FakeGitHub;
  let outside: string;
  const git = (...args: string[]): string => pr.git(...args);
  const pullRequest = (name: string, change: () => Promise<void>): Promise<string> => pr.pullRequest(name, change);
  const editFile = (path: string, edit: (text: string) => string): Promise<void> => pr.editFile(path, edit);

  before(async () => {
    // Copies exactly when told "character for character"; otherwise drops the title of short lines.
    openai = await startFakeOpenAI(sloppyUnlessStrict);
    // An attacker's server answers everything right, so a redirected run would pass.
    attacker = await startFakeOpenAI((req) => ({ content: contextLinesOf(req)[1] ?? '' }));
    gh = await startFakeGitHub(3);
    pr = await createPrRepo({
      prefix: 'evalgate-trust-',
      config: BASE_CONFIG,
      env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: openai.url },
      prepare: async (dir, parent) => {
        outside = join(parent, 'outside.txt');
        await writeFile(outside, `${CANARY}\n`);
        await symlink('copy/qa-system.txt', join(dir, 'prompts/qa-system-link.txt'));
      },
    });
    ({ repo, base } = pr);
  });
  after(async () => {
    await openai.close();
    await attacker.close();
    await gh.close();
    await pr.cleanup();
  });

  const worsenTemplate = (): Promise<void> => editFile('prompts/copy/qa-system.txt', (t) => t.replace(STRICT, LOOSE));
  const editConfig = (edit: (text: string) => string): Promise<void> => editFile('evalgate.yml', edit);

  async function act(
    head: string,
    options: {
      eventName?: string;
      fork?: boolean;
      inputs?: Record<string, string>;
      event?: Record<string, unknown>;
    } = {},
  ): Promise<ActionRun> {
    return runAction({
      workspace: repo,
      eventName: options.eventName ?? 'pull_request',
      githubUrl: gh.url,
      event: options.event ?? pullRequestEvent(base, head, { fork: options.fork ?? false }),
      env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: openai.url },
      ...(options.inputs ? { inputs: options.inputs } : {}),
    });
  }
  const published = (r: ActionRun): string =>
    [r.log, r.summary, JSON.stringify(r.outputs), ...gh.comments.map((c) => c.body)].join('\n');
  const everything = (r: ActionRun): string =>
    [
      published(r),
      ...openai.requests.map((q) => JSON.stringify(q)),
      ...attacker.requests.map((q) => JSON.stringify(q)),
    ].join('\n');

  it("a PR that moves base-url sends nothing to the new server: the base branch's endpoint is called, and the change is reported", async () => {
    const head = await pullRequest('redirect', async () => {
      await worsenTemplate();
      await editConfig((t) =>
        t.replace(
          'target: {model: gpt-4o-mini,',
          `target: {model: gpt-4o-mini, base-url: "${attacker.url}/v1", api-key-env: OPENAI_API_KEY,`,
        ),
      );
    });
    const before = openai.requests.length;
    const r = await act(head);
    assert.equal(attacker.requests.length, 0, 'no request reached the attacker');
    assert.equal(openai.requests.length - before, 52, "the base branch's endpoint answered");
    assert.equal(r.code, 1, r.log);
    assert.equal(r.outputs['verdict'], 'regression');
    assert.match(r.summary, /`providers\.target\.base-url` changes where requests and keys go/);
    assert.match(
      r.log,
      /::warning file=evalgate\.yml::evalgate: this pull request changes providers\.target\.base-url/,
    );
  });

  it("the same PR from a fork on pull_request_target, with its head checked out, is judged by the base's config", async () => {
    const head = git('rev-parse', 'redirect');
    git('checkout', '-q', head);
    const r = await act(head, { eventName: 'pull_request_target', fork: true });
    assert.equal(attacker.requests.length, 0);
    assert.equal(r.code, 1, r.log);
    assert.equal(r.outputs['verdict'], 'regression');
  });

  it('pull_request_target with the base branch checked out (the default) fails, never passes', async () => {
    const head = git('rev-parse', 'redirect');
    git('checkout', '-q', base);
    const before = openai.requests.length;
    const r = await act(head, { eventName: 'pull_request_target', fork: true });
    assert.equal(r.code, 1, r.log);
    assert.notEqual(r.outputs['verdict'], 'pass');
    assert.match(
      r.log,
      /::error[^:]*::evalgate: on pull_request_target the checkout is [0-9a-f]{7}, not the pull request's head/,
    );
    assert.match(r.log, /ref: \$\{\{ github\.event\.pull_request\.head\.sha \}\}/);
    assert.match(r.log, /persist-credentials: false/);
    assert.equal(openai.requests.length, before, 'nothing was evaluated');
  });

  for (const [label, path] of [
    ['a ../ path', '../outside.txt'],
    ['an absolute path', '<outside>'],
    ['/proc/self/environ', '/proc/self/environ'],
    ['a symlink to a file outside the checkout', 'prompts/evil.txt'],
  ] as const) {
    it(`a template at ${label} is refused with the file and line, and nothing of it leaves the runner`, async () => {
      const head = await pullRequest(`escape-${label.replace(/[^a-z]+/g, '-')}`, async () => {
        if (path === 'prompts/evil.txt') await symlink(outside, join(repo, 'prompts/evil.txt'));
        const target = path === '<outside>' ? outside : path;
        await editConfig((t) => t.replace('user: prompts/copy/qa-user.txt', `user: "${target}"`));
      });
      const before = openai.requests.length;
      const r = await act(head);
      assert.equal(r.code, 1, r.log);
      assert.match(
        r.log,
        /::error.*evalgate\.yml:9 suites\[0\]\.templates\.user: template path .* (climbs out of the repository|is an absolute path|is a symlink to a file outside the repository)/,
      );
      assert.equal(openai.requests.length, before, 'no request was made');
      const all = everything(r);
      assert.ok(!all.includes(CANARY), "the outside file's content appears nowhere");
      assert.ok(
        published(r)
          .split('\n')
          .every((l) => !l.includes(KEY) || l.startsWith('::add-mask::')),
        'the key is published nowhere but in its mask command',
      );
    });
  }

  it('a base-url with a password is refused and the password is printed nowhere', async () => {
    const head = await pullRequest('userinfo', () =>
      editConfig((t) =>
        t.replace(
          'target: {model: gpt-4o-mini,',
          'target: {model: gpt-4o-mini, base-url: "https://alice:hunter2-secret@llm.example.com/v1",',
        ),
      ),
    );
    const r = await act(head);
    assert.equal(r.code, 1, r.log);
    assert.match(r.log, /providers\.target\.base-url: a URL must not carry credentials .* api-key-env/);
    assert.ok(!everything(r).includes('hunter2-secret'));
  });

  it('trust-pr-config is refused on a fork pull request', async () => {
    const head = git('rev-parse', 'redirect');
    git('checkout', '-q', head);
    const r = await act(head, { fork: true, inputs: { 'trust-pr-config': 'true' } });
    assert.equal(r.code, 1);
    assert.match(r.log, /input "trust-pr-config": refused on a pull request from a fork/);
    assert.equal(attacker.requests.length, 0);
  });

  it("a PR that loosens the gate and worsens the template still fails with the base's gate", async () => {
    const head = await pullRequest('loosen', async () => {
      await worsenTemplate();
      await editConfig((t) => `${t}gate: {max-drop: 0.99, min-cases: 100000, on-inconclusive: pass}\n`);
    });
    const r = await act(head);
    assert.equal(r.code, 1, r.log);
    assert.equal(r.outputs['verdict'], 'regression');
    assert.match(r.summary, /`gate` changes the gate; the base branch's gate judged this pull request/);
  });

  it("a PR that changes the instrument (adds a normalizer) is measured with the base's instrument, not declared stale", async () => {
    const head = await pullRequest('normalize', async () => {
      await worsenTemplate();
      await editConfig((t) =>
        t.replace('    provider: target\n', '    provider: target\n    normalizers: [trim, nfc]\n'),
      );
    });
    const r = await act(head);
    assert.equal(r.code, 1, r.log);
    assert.equal(r.outputs['verdict'], 'regression');
    assert.match(r.summary, /`suites\.copy-qa-natural\.normalizers` changes what measures the suite/);
  });

  it('a PR that deletes 47 of 52 cases and breaks the template still has every base case measured, and fails', async () => {
    const head = await pullRequest('shrink', async () => {
      await worsenTemplate();
      await editFile('eval-datasets/exact-copy/natural.jsonl', (t) => t.split('\n').slice(0, 5).join('\n') + '\n');
    });
    const before = openai.requests.length;
    const r = await act(head);
    assert.equal(openai.requests.length - before, 52, 'the removed cases were read from the base commit and measured');
    assert.equal(r.code, 1, r.log);
    assert.equal(r.outputs['verdict'], 'regression');
  });

  it("a PR that deletes the suite's entry still has it run from the base's definition", async () => {
    const head = await pullRequest('drop-suite', async () => {
      await worsenTemplate();
      await editConfig((t) =>
        t.replace(
          /suites:[\s\S]*$/,
          `suites:\n  - name: other\n    kind: exact-copy\n    provider: target\n    dataset: eval-datasets/exact-copy/random.jsonl\n    templates: {user: prompts/copy/simple-user.txt}\n`,
        ),
      );
    });
    const r = await act(head);
    assert.equal(r.code, 1, r.log);
    assert.match(r.summary, /copy-qa-natural \| exact-match/);
    assert.match(r.summary, /`suites\.copy-qa-natural` removes the suite; it was still run/);
  });

  it('editing the file behind a symlinked template re-runs the suite and finds the regression', async () => {
    // Only prompts/copy/qa-system.txt changes; the suite names prompts/qa-system-link.txt.
    const head = await pullRequest('via-symlink', worsenTemplate);
    assert.deepEqual(git('diff', '--name-only', base, head).split('\n'), ['prompts/copy/qa-system.txt']);
    const r = await act(head);
    assert.equal(r.code, 1, r.log);
    assert.match(r.log, /copy-qa-natural: runs \(prompts\/copy\/qa-system\.txt changed\)/);
    assert.equal(r.outputs['verdict'], 'regression');
  });

  it('a PR that commits a cache and a record log it made against a server that answers right does not pass: the model is called', async () => {
    const head = await pullRequest('forged', async () => {
      await worsenTemplate();
      // The attacker runs evalgate on the PR's files against its own always-right server,
      // with its own key, and commits what that left in the checkout.
      const forged = await runCli(['run', '--out', 'evalgate-out', '--cache-dir', '.evalgate/cache'], {
        cwd: repo,
        env: { OPENAI_API_KEY: 'attackers-own-key', OPENAI_BASE_URL: openai.url.replace(/.*/, attacker.url) },
      });
      assert.equal(forged.code, 0, forged.stderr);
    });
    assert.match(git('show', '--stat=300', head), /evalgate-out\/results\/copy-qa-natural\.records\.jsonl/);
    assert.match(git('show', '--stat=300', head), /\.evalgate\/cache\//);
    const attackerBefore = attacker.requests.length;
    const before = openai.requests.length;
    const r = await act(head, { inputs: { 'out-dir': 'evalgate-out', 'cache-dir': '' } });
    assert.equal(openai.requests.length - before, 52, 'every case was sent to the model');
    assert.equal(attacker.requests.length, attackerBefore);
    assert.equal(r.code, 1, r.log);
    assert.equal(r.outputs['verdict'], 'regression');
    assert.match(r.summary, /committed .*\.evalgate\/cache.* ignored/);
    assert.match(r.summary, /committed .*evalgate-out.* ignored/);
  });

  it('a cache-dir inside the repository is refused on pull requests', async () => {
    const head = git('rev-parse', 'forged');
    const r = await act(head, { inputs: { 'cache-dir': '.evalgate/cache' } });
    assert.equal(r.code, 1);
    assert.match(r.log, /input "cache-dir": \.evalgate\/cache is inside the repository/);
  });

  it("merge_group compares against the merge group's base: baselines a PR rewrote are not used", async () => {
    const head = await pullRequest('rewrite-baseline', async () => {
      await worsenTemplate();
      // Re-baseline on the worse template so the checked-out baseline matches it.
      const rebased = await runCli(['run', '--update-baseline', '--no-cache', '--out', join(repo, '..', 'mg-out')], {
        cwd: repo,
        env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: openai.url },
      });
      assert.match(rebased.stderr, /baseline written/, rebased.stderr);
    });
    const r = await act(head, {
      eventName: 'merge_group',
      event: {
        merge_group: {
          base_sha: base,
          head_sha: head,
          base_ref: 'refs/heads/main',
          head_ref: 'refs/heads/gh-readonly-queue/main/pr-7',
        },
        repository: { name: 'app', owner: { login: 'octo' }, full_name: 'octo/app' },
      },
    });
    assert.equal(r.code, 1, r.log);
    assert.equal(r.outputs['verdict'], 'regression');
  });

  it('a PR that introduces evalgate runs with its own config from this repository, and says nothing was trusted; from a fork it does not run', async () => {
    git('checkout', '-q', '-f', '-B', 'no-config', base);
    git('rm', '-q', 'evalgate.yml');
    git('commit', '-q', '-m', 'no config yet');
    const bare = git('rev-parse', 'HEAD');
    git('checkout', '-q', '-f', base);
    const head = base; // the PR adds the config (and its baselines) on top of a base without one
    const own = await act(head, { event: pullRequestEvent(bare, head) });
    assert.equal(own.code, 0, own.log);
    assert.match(
      own.summary,
      /The base commit has no `evalgate\.yml`: this pull request introduces evalgate and ran with its own configuration; nothing was trusted/,
    );
    const before = openai.requests.length;
    const fork = await act(head, { event: pullRequestEvent(bare, head, { fork: true }) });
    assert.equal(fork.code, 0, fork.log);
    assert.equal(fork.outputs['verdict'], 'skipped');
    assert.match(fork.summary, /nothing in this pull request's configuration can be trusted/);
    assert.equal(openai.requests.length, before, 'nothing was called for the fork');
  });

  it('unsafe-host-python is refused on pull_request_target, even when the base branch chose it', async () => {
    git('checkout', '-q', '-f', '-B', 'unsafe-base', base);
    await editConfig(
      (t) => `${t}  - name: roundtrip-en
    kind: round-trip
    provider: target
    language: en
    tasks: eval-datasets/round-trip
    executor: unsafe-host-python
    templates: {nl-to-code: prompts/round-trip/en/nl-to-code.txt, code-to-nl: prompts/round-trip/en/code-to-nl.txt}
`,
    );
    git('commit', '-q', '-am', 'base runs round trips on the host');
    const unsafeBase = git('rev-parse', 'HEAD');
    await worsenTemplate();
    git('commit', '-q', '-am', 'fork PR');
    const head = git('rev-parse', 'HEAD');
    const before = openai.requests.length;
    const r = await act(head, {
      eventName: 'pull_request_target',
      fork: true,
      event: pullRequestEvent(unsafeBase, head, { fork: true }),
    });
    assert.equal(r.code, 1, r.log);
    assert.match(
      r.log,
      /::error[^:]*::evalgate: suite\(s\) roundtrip-en use executor unsafe-host-python, which is refused on pull_request_target/,
    );
    assert.equal(openai.requests.length, before);
  });
});
