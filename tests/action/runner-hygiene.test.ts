// Runner hygiene (issue 28), tried as hostile pull requests and as a new user would, with
// the action run as the runner runs it: nothing a PR commits writes outside the checkout,
// no text of the PR's becomes a workflow command, removed and renamed suites get a
// truthful headline and a comment, an untracked cache is not "committed", an unreadable
// base is a readable message, a .gitattributes change is measured, and a PR that plans
// more calls than the base allows fails before any call. One repository, one run per PR.
import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.ts';
import { sloppyUnlessStrict, startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';
import { createPrRepo, type PrRepo } from '../helpers/pr-repo.ts';
import { pullRequestEvent, runAction, type ActionRun } from '../helpers/run-action.ts';

const KEY = 'sk-canary-hygiene-key';
const A_DATA = 'eval-datasets/exact-copy/natural.jsonl';
const B_DATA = 'eval-datasets/exact-copy/random.jsonl';
const CONFIG = `version: 1
providers:
  target: {model: gpt-4o-mini, retry-base-delay-ms: 10}
budget: {max-pr-calls: 150}
suites:
  - name: copy-a
    kind: exact-copy
    provider: target
    dataset: ${A_DATA}
    templates: {system: prompts/copy/qa-system.txt, user: prompts/copy/qa-user.txt}
  - name: copy-b
    kind: exact-copy
    provider: target
    dataset: ${B_DATA}
    templates: {user: prompts/copy/simple-user.txt}
`;

/** Lines the runner would take as workflow commands (`::` after leading space, or `##[` anywhere). */
function commandLines(log: string): string[] {
  return log.split(/\r\n|\r|\n/).filter((l) => /^\s*::/.test(l) || l.includes('##['));
}
/** Workflow commands the PR's text would have made: its own command at a line's start, or a raw `##[`. */
function forged(log: string): string[] {
  return commandLines(log).filter(
    (l) =>
      /^\s*::(?:(?:error|warning)::INJECTED|add-mask::gpt|stop-commands::FORGED)/.test(l) ||
      l.includes('##[warning]INJECTED'),
  );
}

describe('runner hygiene: what a pull request commits', () => {
  let pr: PrRepo;
  let openai: FakeOpenAI;
  let gh: FakeGitHub;
  const outside = (): string => join(pr.parent, 'outside');

  before(async () => {
    openai = await startFakeOpenAI(sloppyUnlessStrict);
    gh = await startFakeGitHub(0);
    pr = await createPrRepo({
      prefix: 'evalgate-hygiene-',
      config: CONFIG,
      env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: openai.url },
      prepare: async (repo) => writeFile(join(repo, '.gitignore'), '.evalgate/\n'),
    });
    await mkdir(outside(), { recursive: true });
  });
  after(async () => {
    await openai.close();
    await gh.close();
    await pr.cleanup();
  });

  const act = (head: string, inputs: Record<string, string> = {}, base = pr.base): Promise<ActionRun> =>
    runAction({
      workspace: pr.repo,
      eventName: 'pull_request',
      githubUrl: gh.url,
      event: pullRequestEvent(base, head),
      env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: openai.url },
      inputs,
    });
  const show = (r: ActionRun): string =>
    `code=${r.code} verdict=${r.outputs['verdict']}\n${r.log.slice(-2500)}\n--- summary ---\n${r.summary.slice(0, 2500)}`;

  it('a committed evalgate-out/results symlink to a folder outside: refused by name, nothing written there', async () => {
    const head = await pr.pullRequest('out-link', async () => {
      await mkdir(join(pr.repo, 'evalgate-out'));
      await symlink(join('..', '..', 'outside'), join(pr.repo, 'evalgate-out', 'results'));
    });
    const before = openai.requests.length;
    const r = await act(head, { 'out-dir': 'evalgate-out' });
    assert.deepEqual(await readdir(outside(), { recursive: true }), [], show(r));
    assert.equal(r.code, 1, show(r));
    assert.match(
      r.log,
      /input "out-dir": evalgate-out passes through a symlink in the checkout \(evalgate-out\/results\)/,
    );
    assert.equal(openai.requests.length, before, 'refused before any call');
  });

  it('a model id carrying a newline and workflow commands is refused at its line; no forged command reaches the log', async () => {
    const head = await pr.pullRequest('model-newline', async () => {
      await pr.editFile('evalgate.yml', (t) =>
        t.replace(
          'model: gpt-4o-mini',
          'model: "m1\\n::error::INJECTED\\r::add-mask::gpt\\u2028::stop-commands::FORGED\\n##[warning]INJECTED"',
        ),
      );
    });
    const r = await act(head);
    assert.equal(r.code, 1, show(r));
    assert.match(r.log, /evalgate\.yml%3A3|evalgate\.yml:3/);
    assert.match(r.log, /providers\.target\.model: contains a control character/);
    assert.deepEqual(forged(r.log), [], 'a line of the PR became a workflow command');
  });

  it('a removed suite (with its files) gets its own headline, a true trust line and a comment; an untracked cache is not "committed"', async () => {
    const head = await pr.pullRequest('remove-b', async () => {
      await pr.editFile('evalgate.yml', (t) => t.slice(0, t.indexOf('  - name: copy-b')));
      await rm(join(pr.repo, B_DATA));
    });
    // A restored response cache: ignored, untracked files in the checkout (as the old init workflow left them).
    for (let i = 0; i < 3; i++) {
      await mkdir(join(pr.repo, '.evalgate/cache', `0${i}`), { recursive: true });
      await writeFile(join(pr.repo, '.evalgate/cache', `0${i}`, 'entry.json'), '{}\n');
    }
    const r = await act(head);
    await rm(join(pr.repo, '.evalgate'), { recursive: true, force: true });
    assert.equal(r.code, 1, show(r));
    assert.match(r.summary, /This pull request removes suite copy-b together with its files/, show(r));
    assert.doesNotMatch(r.summary, /No suite is affected|could not be evaluated|still run from the base/);
    assert.match(r.summary, /`suites\.copy-b` removes the suite together with its files, so it could not be run/);
    assert.doesNotMatch(r.summary, /committed files? under/, 'untracked files were called committed');
    const comment = gh.comments.find((c) => c.body.includes('removes suite copy-b'));
    assert.ok(comment, `no comment was posted (comments: ${gh.comments.length})`);
  });

  it('a renamed and moved suite: the removal and the likely rename are named, not failed calls; a tracked cache file is counted', async () => {
    const head = await pr.pullRequest('rename-b', async () => {
      await rename(join(pr.repo, B_DATA), join(pr.repo, 'eval-datasets/exact-copy/random-v2.jsonl'));
      await pr.editFile('evalgate.yml', (t) =>
        t.replace('name: copy-b', 'name: copy-b2').replace(B_DATA, 'eval-datasets/exact-copy/random-v2.jsonl'),
      );
      await mkdir(join(pr.repo, '.evalgate/cache/zz'), { recursive: true });
      await writeFile(join(pr.repo, '.evalgate/cache/zz/forced.json'), '{}\n');
      pr.git('add', '-f', '.evalgate/cache/zz/forced.json');
    });
    const r = await act(head);
    assert.equal(r.code, 1, show(r));
    assert.match(r.summary, /removes suite copy-b together with its files/);
    assert.match(r.summary, /If copy-b was renamed to copy-b2, keep the old entry/);
    assert.doesNotMatch(r.summary, /could not be evaluated/);
    assert.match(
      r.summary,
      /The checkout has 1 committed file \(tracked by git\) under `\.evalgate\/cache`; it was ignored/,
    );
  });

  it('an unreadable base commit is a message that says what to do, without a stack trace', async () => {
    const r = await act(pr.base, {}, '0123456789abcdef0123456789abcdef01234567');
    assert.equal(r.code, 1, show(r));
    assert.match(r.log, /cannot read commit 0123456789ab: it is not in the checkout, and fetching it failed/);
    assert.match(r.log, /fetch-depth: 0/);
    assert.doesNotMatch(r.log, /internal error|\n\s+at .*\.js:\d+/);
  });

  it('a .gitattributes line that rewrites a template to CRLF makes its suite run; the other suite stays unchanged', async () => {
    const head = await pr.pullRequest('attributes', async () => {
      await writeFile(join(pr.repo, '.gitattributes'), 'prompts/copy/qa-user.txt text eol=crlf\n');
    });
    // As actions/checkout would: the files are written under the new attributes.
    await rm(join(pr.repo, 'prompts/copy/qa-user.txt'));
    pr.git('checkout', '--', 'prompts/copy/qa-user.txt');
    assert.match(await readFile(join(pr.repo, 'prompts/copy/qa-user.txt'), 'utf8'), /\r\n/);
    const r = await act(head);
    assert.match(
      r.log,
      /copy-a: runs \(the git attributes of prompts\/copy\/qa-user\.txt changed \(\.gitattributes\)\)/,
      show(r),
    );
    assert.match(r.log, /copy-b: unchanged by this pull request, not run/);
  });

  it('a pull request that adds rows beyond budget.max-pr-calls fails before any call, saying why', async () => {
    const head = await pr.pullRequest('many-rows', async () => {
      await pr.editFile(A_DATA, (t) => {
        const rows = t.split('\n').filter((l) => l !== '');
        const more = rows.map((l, i) => JSON.stringify({ ...(JSON.parse(l) as object), id: `extra-${i}` }));
        return [...rows, ...more, ...more.map((l) => l.replace('"extra-', '"extra2-'))].join('\n') + '\n';
      });
    });
    const before = openai.requests.length;
    const r = await act(head);
    assert.equal(r.code, 1, show(r));
    assert.equal(openai.requests.length, before, 'calls were made');
    assert.match(
      r.log,
      // Reading stopped at row 151: past the budget on rows alone, the rest of the file is never held.
      /natural\.jsonl:151: the dataset has more than 150 rows, and each row is at least one model call: a pull request may make at most 150 \(budget\.max-pr-calls of the base branch\)/,
    );
    assert.match(r.summary, /not evaluated/);
  });
});
