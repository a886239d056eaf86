// Attacks a hostile review found against the trust rules, kept as tests (see also
// trust.test.ts): each is a pull request that tried to hide a regression, reach the key,
// or make evalgate read or write outside the checkout.
import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.ts';
import {
  contextLinesOf,
  dropsTitle,
  sloppyUnlessStrict,
  startFakeOpenAI,
  type FakeOpenAI,
} from '../helpers/fake-openai.ts';
import { createPrRepo, type PrRepo } from '../helpers/pr-repo.ts';
import { pullRequestEvent, runAction, type ActionRun } from '../helpers/run-action.ts';

const KEY = 'sk-canary-trusted-key-4242';
const STRICT = 'Reply with that line, copied character for character: no quotes';
const LOOSE = 'Reply with that line: no quotes';
const DATA = 'eval-datasets/exact-copy/natural.jsonl';

const BASE_CONFIG = `version: 1
providers:
  target: {model: gpt-4o-mini, retry-base-delay-ms: 10}
suites:
  - name: copy-qa-natural
    kind: exact-copy
    provider: target
    dataset: ${DATA}
    templates: {system: prompts/copy/qa-system.txt, user: prompts/copy/qa-user.txt}
`;

// The fake model drops the title of a line when not told "character for character".
const regresses = dropsTitle;

describe('pull requests found by a hostile review', () => {
  let pr: PrRepo;
  let repo: string;
  let base: string;
  let openai: FakeOpenAI;
  let attacker: FakeOpenAI;
  let gh: FakeGitHub;
  const git = (...args: string[]): string => pr.git(...args);
  const pullRequest = (name: string, change: () => Promise<void>): Promise<string> => pr.pullRequest(name, change);
  const editFile = (path: string, edit: (text: string) => string): Promise<void> => pr.editFile(path, edit);

  before(async () => {
    openai = await startFakeOpenAI(sloppyUnlessStrict);
    attacker = await startFakeOpenAI((req) => ({ content: contextLinesOf(req)[1] ?? '' }));
    gh = await startFakeGitHub(0);
    pr = await createPrRepo({
      prefix: 'evalgate-attack-',
      config: BASE_CONFIG,
      env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: openai.url },
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
  const editCases = (edit: (c: Record<string, unknown>) => Record<string, unknown>): Promise<void> =>
    editFile(
      DATA,
      (t) =>
        t
          .split('\n')
          .filter((l) => l !== '')
          .map((l) => JSON.stringify(edit(JSON.parse(l) as Record<string, unknown>)))
          .join('\n') + '\n',
    );

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
  const show = (r: ActionRun): string =>
    `code=${r.code} verdict=${r.outputs['verdict']}\n${r.log.slice(-3000)}\n--- summary ---\n${r.summary.slice(0, 3000)}`;

  it('control: worsening the template alone is a regression', async () => {
    const head = await pullRequest('control', worsenTemplate);
    const r = await act(head);
    assert.equal(r.outputs['verdict'], 'regression', show(r));
  });

  it('E1 padding the prompt so exactly the broken cases exceed the context window (HTTP 400): a regression, not dropped errors', async () => {
    // The fake model's context "overflows" on the cases the loosened prompt breaks, once the
    // PR pads the prompt: those calls fail with context_length_exceeded instead of answering.
    openai.setScript((req, i) => {
      const system = req.messages.find((m) => m.role === 'system')?.content ?? '';
      if (system.includes('PADDING') && dropsTitle(contextLinesOf(req)[1] ?? ''))
        return {
          status: 400,
          body: {
            error: {
              message: "This model's maximum context length is 8192 tokens.",
              type: 'invalid_request_error',
              code: 'context_length_exceeded',
            },
          },
        };
      return sloppyUnlessStrict(req, i);
    });
    try {
      const head = await pullRequest('padded', async () => {
        await worsenTemplate();
        await editFile('prompts/copy/qa-system.txt', (t) => `${t}\n${'PADDING '.repeat(200)}\n`);
      });
      const r = await act(head);
      assert.equal(r.outputs['verdict'], 'regression', show(r));
      assert.equal(r.code, 1);
      assert.match(
        r.summary,
        /Errors the candidate caused: \d+ of 52 records, in \d+ cases? \(request-rejected ×\d+\)/,
      );
      assert.match(r.summary, /Candidate error:/);
    } finally {
      openai.setScript(sloppyUnlessStrict);
    }
  });

  it("E4 a base whose dataset is a Git LFS pointer without its content: an error naming the file and the fix, never the PR's cases alone", async () => {
    // The base commit holds the dataset as an LFS pointer whose object this checkout lacks.
    const original = git('show', `${base}:${DATA}`);
    git('checkout', '-q', '-f', '-B', 'lfs-base', base);
    const pointer = `version https://git-lfs.github.com/spec/v1\noid sha256:${'ab'.repeat(32)}\nsize ${original.length}\n`;
    await writeFile(join(repo, DATA), pointer);
    git('add', '-A');
    git('commit', '-q', '-m', 'dataset in LFS');
    const lfsBase = git('rev-parse', 'HEAD');
    // The PR drops the 40 cases it breaks the most, and loosens the template.
    const kept = original
      .split('\n')
      .filter((l) => l !== '')
      .filter((l) => !regresses(String((JSON.parse(l) as { context: string }).context).split('\n')[1] ?? ''));
    await writeFile(join(repo, DATA), `${kept.join('\n')}\n`);
    await worsenTemplate();
    git('add', '-A');
    git('commit', '-q', '-m', 'drop hard cases');
    const head = git('rev-parse', 'HEAD');
    const r = await act(head, { event: pullRequestEvent(lfsBase, head) });
    assert.equal(r.outputs['verdict'], 'error', show(r));
    assert.notEqual(r.code, 0);
    assert.match(
      r.summary,
      /is a Git LFS pointer \(sha256 abababababab…, \d+ bytes\) whose content is not in this checkout/,
    );
    assert.match(r.summary, /lfs: true/);
  });

  it('A1 cluster collapse: putting every case in one cluster (not part of the input hash) must not hide the regression', async () => {
    const head = await pullRequest('cluster', async () => {
      await worsenTemplate();
      await editCases((c) => ({ ...c, cluster: 'all' }));
    });
    const r = await act(head);
    assert.equal(r.outputs['verdict'], 'regression', show(r));
    assert.equal(r.code, 1);
  });

  it('A2 edit-to-unpair: editing only the regressed cases (same id) must not hide the regression', async () => {
    const head = await pullRequest('unpair', async () => {
      await worsenTemplate();
      await editCases((c) => {
        const line = String(c['context']).split('\n')[1] ?? '';
        return regresses(line) ? { ...c, question: `${String(c['question'])} ` } : c;
      });
    });
    const r = await act(head);
    assert.equal(r.outputs['verdict'], 'regression', show(r));
    assert.equal(r.code, 1);
  });

  it('A3 provider named "constructor": a provider only the PR defines must not be called, and must not skip the run', async () => {
    const head = await pullRequest('proto-provider', async () => {
      await worsenTemplate();
      await editConfig((t) =>
        t
          .replace(
            'providers:\n',
            `providers:\n  constructor: {model: gpt-4o-mini, base-url: "${attacker.url}", api-key-env: OPENAI_API_KEY}\n`,
          )
          .replace('    provider: target\n', '    provider: constructor\n'),
      );
    });
    const r = await act(head);
    assert.equal(attacker.requests.length, 0, 'no request to the attacker');
    assert.notEqual(r.outputs['verdict'], 'skipped', show(r));
    assert.equal(r.code, 1, show(r));
    assert.match(r.log, /providers\.constructor.*this name is reserved/);
  });

  it('A3b a new suite on provider "toString" must be reported as not run, not take the whole run down', async () => {
    const head = await pullRequest('proto-provider-2', async () => {
      await worsenTemplate();
      await editConfig(
        (t) =>
          t.replace(
            'providers:\n',
            `providers:\n  toString: {model: gpt-4o-mini, base-url: "${attacker.url}", api-key-env: GITHUB_TOKEN}\n`,
          ) +
          `  - name: extra\n    kind: exact-copy\n    provider: toString\n    dataset: eval-datasets/exact-copy/random.jsonl\n    templates: {user: prompts/copy/simple-user.txt}\n`,
      );
    });
    const r = await act(head);
    assert.equal(attacker.requests.length, 0, 'no request to the attacker');
    assert.equal(r.code, 1, show(r));
    assert.notEqual(r.outputs['verdict'], 'skipped');
    assert.match(r.log, /providers\.toString.*this name is reserved/);
  });

  it('A4 rename the suite and move its dataset: the regression must not pass', async () => {
    const head = await pullRequest('rename', async () => {
      await worsenTemplate();
      await rename(join(repo, DATA), join(repo, 'eval-datasets/exact-copy/natural-v2.jsonl'));
      await editConfig((t) =>
        t
          .replace('name: copy-qa-natural', 'name: copy-qa-natural-v2')
          .replace(DATA, 'eval-datasets/exact-copy/natural-v2.jsonl'),
      );
    });
    const r = await act(head);
    assert.notEqual(r.code, 0, show(r));
    assert.match(r.summary, /copy-qa-natural \| — .* removed by this pull request/);
  });

  it("A5 a template at .git/config: the checkout's git config (persisted credentials) must not reach the model", async () => {
    git('config', 'http.https://github.com/.extraheader', 'AUTHORIZATION: basic CANARY-GIT-CREDENTIAL');
    const head = await pullRequest('dotgit', async () => {
      await editConfig((t) => t.replace('user: prompts/copy/qa-user.txt', 'user: .git/config'));
    });
    const r = await act(head);
    const sent = openai.requests.map((q) => JSON.stringify(q)).join('\n');
    assert.ok(!sent.includes('CANARY-GIT-CREDENTIAL'), `.git/config was sent to the model\n${show(r)}`);
    assert.ok(
      !r.summary.includes('repositoryformatversion') &&
        !gh.comments.some((c) => c.body.includes('repositoryformatversion')),
    );
    assert.match(r.log, /template path "\.git\/config" points into \.git, which evalgate never reads/);
  });
  it('B1 evalgate.yml that is a symlink to a file outside the checkout is refused', async () => {
    const outsideCfg = join(repo, '..', 'outside.yml');
    await writeFile(
      outsideCfg,
      BASE_CONFIG.replace('retry-base-delay-ms: 10', `retry-base-delay-ms: 10, base-url: "${attacker.url}"`),
    );
    const head = await pullRequest('cfg-symlink', async () => {
      await rm(join(repo, 'evalgate.yml'));
      await symlink(outsideCfg, join(repo, 'evalgate.yml'));
    });
    const r = await act(head);
    assert.equal(attacker.requests.length, 0);
    assert.equal(r.code, 1, show(r));
    assert.match(r.log, /symlink to a file outside/);
  });

  it("B3 merge_group whose base has no config: the queued PR's own base-url must not get the key", async () => {
    // A base commit without evalgate.yml (the config arrives with the queued PR, e.g. from a fork).
    git('checkout', '-q', '-f', '-B', 'nocfg', base);
    git('rm', '-q', 'evalgate.yml');
    git('commit', '-q', '-m', 'no config');
    const noCfg = git('rev-parse', 'HEAD');
    git('checkout', '-q', '-f', '-B', 'mg', noCfg);
    await writeFile(
      join(repo, 'evalgate.yml'),
      BASE_CONFIG.replace('retry-base-delay-ms: 10', `retry-base-delay-ms: 10, base-url: "${attacker.url}"`),
    );
    git('add', '-A');
    git('commit', '-q', '-m', 'introduce evalgate');
    const head = git('rev-parse', 'HEAD');
    const before = attacker.requests.length;
    const r = await act(head, {
      eventName: 'merge_group',
      event: {
        merge_group: {
          base_sha: noCfg,
          head_sha: head,
          base_ref: 'refs/heads/main',
          head_ref: 'refs/heads/gh-readonly-queue/main/pr-9',
        },
        repository: { name: 'app', owner: { login: 'octo' }, full_name: 'octo/app' },
      },
    });
    const keys = attacker.requests.slice(before).map((q) => String(q.headers['authorization']));
    assert.equal(keys.length, 0, `the attacker received ${keys.length} requests with ${keys[0]}\n${show(r)}`);
  });

  it('B4 a template path with a newline must not inject a workflow command into the log', async () => {
    const evil = 'prompts/x\n::warning title=INJECTED::evalgate approves this PR\n.txt';
    const head = await pullRequest('newline-path', async () => {
      await writeFile(join(repo, evil), 'Copy it.\n');
      await editConfig((t) => t.replace('system: prompts/copy/qa-system.txt', `system: ${JSON.stringify(evil)}`));
    });
    const r = await act(head);
    assert.ok(
      !/^::warning title=INJECTED::/m.test(r.log),
      `injected workflow command in the log:\n${r.log
        .split('\n')
        .filter((l) => l.includes('INJECTED') || l.includes('runs ('))
        .join('\n')}`,
    );
    assert.match(r.log, /contains a control character/);
  });

  it('B5 changing the kind of a suite: measured as the base defines it', async () => {
    const head = await pullRequest('kind', async () => {
      await worsenTemplate();
      await editConfig((t) => t.replace('kind: exact-copy', 'kind: judged\n    judge: target'));
    });
    const r = await act(head);
    assert.equal(r.outputs['verdict'], 'regression', show(r));
  });

  it('B6 duplicate keys and YAML merge keys are syntax/config errors', async () => {
    for (const [name, edit] of [
      [
        'dup',
        (t: string) =>
          t.replace(
            '  target: {model: gpt-4o-mini, retry-base-delay-ms: 10}',
            `  target: {model: gpt-4o-mini, retry-base-delay-ms: 10}\n  target: {model: x, base-url: "${attacker.url}"}`,
          ),
      ],
      [
        'merge',
        (t: string) =>
          `evil: &e {base-url: "${attacker.url}"}\n` +
          t.replace(
            '  target: {model: gpt-4o-mini, retry-base-delay-ms: 10}',
            '  target: {<<: *e, model: gpt-4o-mini}',
          ),
      ],
    ] as const) {
      const head = await pullRequest(`yaml-${name}`, async () => {
        await worsenTemplate();
        await editConfig(edit);
      });
      const before = attacker.requests.length;
      const r = await act(head);
      assert.equal(attacker.requests.length - before, 0, name);
      assert.equal(r.code, 1, `${name}\n${show(r)}`);
    }
  });

  it('B7 api-key-env pointed at GITHUB_TOKEN on an existing provider: base value used', async () => {
    const head = await pullRequest('ghtoken', async () => {
      await worsenTemplate();
      await editConfig((t) =>
        t.replace('target: {model: gpt-4o-mini,', 'target: {model: gpt-4o-mini, api-key-env: GITHUB_TOKEN,'),
      );
    });
    const before = openai.requests.length;
    const r = await runAction({
      workspace: repo,
      eventName: 'pull_request',
      githubUrl: gh.url,
      event: pullRequestEvent(base, head),
      env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: openai.url, GITHUB_TOKEN: 'ghs_CANARYTOKEN' },
    });
    const sent = openai.requests
      .slice(before)
      .map((q) => JSON.stringify(q))
      .join('\n');
    assert.ok(!sent.includes('ghs_CANARYTOKEN'));
    assert.equal(r.outputs['verdict'], 'regression', show(r));
  });

  it('B8 renaming case ids: the base cases are still measured', async () => {
    const head = await pullRequest('reid', async () => {
      await worsenTemplate();
      await editCases((c) => ({ ...c, id: `x-${String(c['id'])}` }));
    });
    const r = await act(head);
    assert.equal(r.outputs['verdict'], 'regression', show(r));
  });
  it('C4 retargeting a directory symlink on the path to a template must re-run the suite', async () => {
    // The base keeps prompt versions in folders and points "current" at one of them.
    git('checkout', '-q', '-f', '-B', 'versions', base);
    await mkdir(join(repo, 'prompts/versions/v1'), { recursive: true });
    await mkdir(join(repo, 'prompts/versions/v2'), { recursive: true });
    const strict = await readFile(join(repo, 'prompts/copy/qa-system.txt'), 'utf8');
    await writeFile(join(repo, 'prompts/versions/v1/qa-system.txt'), strict);
    await writeFile(join(repo, 'prompts/versions/v2/qa-system.txt'), strict.replace(STRICT, LOOSE));
    await symlink('v1', join(repo, 'prompts/versions/current'));
    await editConfig((t) =>
      t.replace('system: prompts/copy/qa-system.txt', 'system: prompts/versions/current/qa-system.txt'),
    );
    git('add', '-A');
    git('commit', '-q', '-m', 'versioned prompts');
    const base2 = git('rev-parse', 'HEAD');
    // The PR only retargets the folder symlink.
    await rm(join(repo, 'prompts/versions/current'));
    await symlink('v2', join(repo, 'prompts/versions/current'));
    git('add', '-A');
    git('commit', '-q', '-m', 'switch to v2');
    const head = git('rev-parse', 'HEAD');
    assert.deepEqual(git('diff', '--name-only', base2, head).split('\n'), ['prompts/versions/current']);
    const r = await runAction({
      workspace: repo,
      eventName: 'pull_request',
      githubUrl: gh.url,
      event: pullRequestEvent(base2, head),
      env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: openai.url },
    });
    const forced = await runAction({
      workspace: repo,
      eventName: 'pull_request',
      githubUrl: gh.url,
      event: pullRequestEvent(base2, head),
      env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: openai.url },
      inputs: { 'force-all': 'true' },
    });
    assert.equal(forced.outputs['verdict'], 'regression', `force-all: ${show(forced)}`);
    assert.equal(r.outputs['verdict'], 'regression', show(r));
  });

  it('C10 out-dir committed as a symlink to a folder outside the checkout: nothing is written there', async () => {
    const target = join(repo, '..', 'written-outside');
    await mkdir(target, { recursive: true });
    const head = await pullRequest('outdir-link', async () => {
      await worsenTemplate();
      await symlink(target, join(repo, 'evalgate-out'));
    });
    const r = await act(head, { inputs: { 'out-dir': 'evalgate-out' } });
    const written = await readdir(target, { recursive: true });
    assert.deepEqual(written, [], `written outside the checkout: ${written.join(', ')}\n${show(r).slice(0, 300)}`);
    assert.match(r.log, /input "out-dir": evalgate-out passes through a symlink/);
  });
  for (const eventName of ['workflow_run', 'pull_request_review', 'issue_comment']) {
    it(`D1 ${eventName} with the PR's head checked out: the PR's base-url must not get the key`, async () => {
      const head = await pullRequest(`ev-${eventName}`, async () => {
        await editConfig((t) =>
          t.replace('target: {model: gpt-4o-mini,', `target: {model: gpt-4o-mini, base-url: "${attacker.url}",`),
        );
      });
      const before = attacker.requests.length;
      const event =
        eventName === 'workflow_run'
          ? {
              workflow_run: {
                head_sha: head,
                pull_requests: [{ number: 7, head: { sha: head }, base: { sha: base } }],
              },
              repository: { name: 'app', owner: { login: 'octo' }, full_name: 'octo/app' },
            }
          : eventName === 'issue_comment'
            ? {
                issue: { number: 7, pull_request: { url: 'x' } },
                comment: { body: '/evalgate' },
                repository: { name: 'app', owner: { login: 'octo' }, full_name: 'octo/app' },
              }
            : pullRequestEvent(base, head, { fork: true });
      const r = await act(head, { eventName, event });
      const got = attacker.requests.slice(before).map((q) => String(q.headers['authorization']));
      assert.equal(
        got.length,
        0,
        `attacker got ${got.length} requests, e.g. ${got[0]}; verdict ${r.outputs['verdict']}`,
      );
      if (eventName === 'pull_request_review') {
        // Judged like pull_request: the base's endpoint, and the change reported.
        assert.match(r.log, /this pull request changes providers\.target\.base-url/);
      } else {
        assert.equal(r.code, 1);
        assert.match(r.log, new RegExp(`on the ${eventName} event nothing tells which commit is trusted`));
      }
    });
  }
  it('A3c the toString trick from a fork on pull_request_target (head checked out)', async () => {
    const head = await pullRequest('proto-target', async () => {
      await worsenTemplate();
      await editConfig(
        (t) =>
          t.replace('providers:\n', 'providers:\n  toString: {model: x}\n') +
          `  - name: extra\n    kind: exact-copy\n    provider: toString\n    dataset: eval-datasets/exact-copy/random.jsonl\n    templates: {user: prompts/copy/simple-user.txt}\n`,
      );
    });
    const r = await act(head, { eventName: 'pull_request_target', fork: true });
    assert.equal(r.code, 1, show(r));
    assert.notEqual(r.outputs['verdict'], 'skipped');
  });
});
