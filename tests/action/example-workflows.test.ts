// The workflows we hand to users (examples/workflows/ and the one `evalgate init` writes)
// hold the practices docs/github-action.md promises: actions on their Node 24 majors, one
// evaluation per ref at a time, least privilege per job, artifacts a re-run can replace,
// and merge jobs that run after a failed shard instead of being skipped or forced.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { registerHooks } from 'node:module';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { WORKFLOW_OPENAI } from '../../src/core/init.ts';
import { ROOT } from '../helpers/cli.ts';
import { workflowErrors } from '../helpers/workflow-parser.ts';

// The first major of each action that runs on Node 24.
const NODE24_MAJOR: Record<string, number> = {
  'actions/checkout': 5,
  'actions/cache': 5,
  'actions/upload-artifact': 6,
  'actions/download-artifact': 7,
};

interface Step {
  uses?: string;
  if?: string;
  with?: Record<string, unknown>;
}
interface Job {
  permissions?: unknown;
  needs?: unknown;
  if?: string;
  steps?: Step[];
}
interface Workflow {
  permissions?: unknown;
  concurrency?: { group?: string; 'cancel-in-progress'?: boolean };
  jobs: Record<string, Job>;
}

function problemsOf(text: string): string[] {
  const wf = parse(text) as Workflow;
  const problems: string[] = [];
  // Per ref; on pull_request_target github.ref is the base branch, so per pull request there.
  const perRef = ['${{ github.ref }}', '${{ github.event.pull_request.number }}'].some(
    (key) => wf.concurrency?.group?.includes(key) === true,
  );
  if (!perRef || wf.concurrency?.['cancel-in-progress'] !== true)
    problems.push('no concurrency group per ref with cancel-in-progress');
  if (JSON.stringify(wf.permissions) !== '{}')
    problems.push(`top-level permissions ${JSON.stringify(wf.permissions)}; grant per job`);
  for (const [name, job] of Object.entries(wf.jobs)) {
    if (!job.permissions) problems.push(`${name}: no permissions block`);
    if (job.needs && job.if !== '${{ !cancelled() }}')
      problems.push(
        `${name}: a job after others should run with if: \${{ !cancelled() }}, has ${JSON.stringify(job.if)}`,
      );
    for (const step of job.steps ?? []) {
      if (step.if?.includes('always()'))
        problems.push(`${name}: ${step.uses ?? 'a step'} uses always(), which also runs on cancel`);
      const m = /^([^@]+)@v(\d+)$/.exec(step.uses ?? '');
      if (m && NODE24_MAJOR[m[1] as string] !== undefined && Number(m[2]) < (NODE24_MAJOR[m[1] as string] as number))
        problems.push(`${name}: ${step.uses} runs on Node 20; use v${NODE24_MAJOR[m[1] as string]}`);
      if (step.uses?.startsWith('actions/upload-artifact@') && step.with?.['overwrite'] !== true)
        problems.push(`${name}: upload-artifact without overwrite: true`);
    }
  }
  return problems;
}

// GitHub's own workflow parser imports its JSON schema without an import attribute, which
// Node's ESM loader refuses; add the attribute for that package's JSON only.
registerHooks({
  load(url, context, nextLoad) {
    if (url.endsWith('.json') && url.includes('/@actions/workflow-parser/'))
      return nextLoad(url, { ...context, importAttributes: { ...context.importAttributes, type: 'json' } });
    return nextLoad(url, context);
  },
});
const parser = await import('@actions/workflow-parser');

/** What GitHub's parser says is wrong with a workflow (unknown keys, bad expressions, wrong shapes). */
function parserErrors(name: string, content: string): string[] {
  const parsed = parser.parseWorkflow({ name, content }, new parser.NoOperationTraceWriter());
  return parsed.context.errors.getErrors().map((e) => e.message);
}

describe('example workflows', () => {
  it("every example and the init workflow pass GitHub's workflow parser", async () => {
    const dir = join(ROOT, 'examples/workflows');
    for (const f of (await readdir(dir)).filter((x) => x.endsWith('.yml')))
      assert.deepEqual(parserErrors(f, await readFile(join(dir, f), 'utf8')), [], f);
    assert.deepEqual(parserErrors('init.yml', WORKFLOW_OPENAI), []);
    // The parser is not a YAML check only: a misspelt key and a broken expression are errors.
    assert.equal(
      parserErrors('bad.yml', 'on: push\njobs:\n  a:\n    runs-on: x\n    iff: y\n    steps:\n      - run: ${{ f( }}\n')
        .length,
      2,
    );
  });

  it('the fork example evaluates only the labelled commit, and every new push takes the label away', async () => {
    const content = await readFile(join(ROOT, 'examples/workflows/fork-prs.yml'), 'utf8');
    const parsed = parser.parseWorkflow({ name: 'fork-prs.yml', content }, new parser.NoOperationTraceWriter());
    const template = await parser.convertWorkflowTemplate(parsed.context, parsed.value as never);
    const types = (template.events as { pull_request_target?: { types?: string[] } }).pull_request_target?.types ?? [];
    assert.deepEqual([...types].sort(), ['labeled', 'reopened', 'synchronize']);
    const jobs = new Map(
      template.jobs.map((j) => [
        String((j as { id: { value: string } }).id.value),
        j as unknown as Record<string, unknown>,
      ]),
    );
    const condition = (job: string): string => String((jobs.get(job)?.['if'] as { expr?: string } | undefined)?.expr);
    // The evaluation runs on the label event alone (never on a push), for the label that approves.
    assert.match(
      condition('evaluate'),
      /github\.event\.action == 'labeled' && github\.event\.label\.name == 'safe-to-evaluate'/,
    );
    assert.doesNotMatch(condition('evaluate'), /synchronize/);
    // It checks out the sha the label event carries: the commit the maintainer read.
    const wf = parse(content) as { jobs: Record<string, { steps: Step[]; environment?: string }> };
    const checkout = wf.jobs['evaluate']?.steps.find((s) => s.uses?.startsWith('actions/checkout@'));
    assert.equal(checkout?.with?.['ref'], '${{ github.event.pull_request.head.sha }}');
    assert.equal(checkout?.with?.['persist-credentials'], false);
    assert.equal(wf.jobs['evaluate']?.environment, 'fork-evaluation');
    // Every push (and reopening) removes the label.
    assert.match(condition('revoke-approval'), /synchronize/);
    assert.match(condition('revoke-approval'), /reopened/);
    const revoke = wf.jobs['revoke-approval']?.steps.map((s) => (s as { run?: string }).run ?? '').join('\n') ?? '';
    assert.match(revoke, /gh pr edit "\$PR" --repo "\$REPO" --remove-label safe-to-evaluate/);
  });

  it('every example follows the practices', async () => {
    const dir = join(ROOT, 'examples/workflows');
    const files = (await readdir(dir)).filter((f) => f.endsWith('.yml'));
    assert.ok(files.length >= 4);
    for (const f of files) assert.deepEqual(problemsOf(await readFile(join(dir, f), 'utf8')), [], f);
    assert.deepEqual(problemsOf(WORKFLOW_OPENAI), []);
  });

  it("GitHub's workflow parser accepts every workflow we ship or run, and would catch a bad one", async () => {
    const files = [
      ...(await readdir(join(ROOT, 'examples/workflows'))).map((f) => `examples/workflows/${f}`),
      ...(await readdir(join(ROOT, '.github/workflows'))).map((f) => `.github/workflows/${f}`),
    ].filter((f) => f.endsWith('.yml'));
    assert.ok(files.includes('.github/workflows/release.yml'));
    for (const f of files) assert.deepEqual(await workflowErrors(f, await readFile(join(ROOT, f), 'utf8')), [], f);
    assert.deepEqual(await workflowErrors('init', WORKFLOW_OPENAI), []);
    const broken = WORKFLOW_OPENAI.replace(
      'runs-on: ubuntu-latest',
      'runs-on: ubuntu-latest\n    run-on-sundays: true',
    );
    assert.match((await workflowErrors('broken', broken)).join('\n'), /run-on-sundays/);
  });

  it('our own workflows pin every action to a full commit SHA on its Node 24 major, with the version beside it', async () => {
    // A tag can be moved to other code; a SHA cannot. Release runs with a publishing token.
    for (const f of await readdir(join(ROOT, '.github/workflows'))) {
      const text = await readFile(join(ROOT, '.github/workflows', f), 'utf8');
      const uses = [...text.matchAll(/^\s*(?:- )?uses: (\S+)(.*)$/gm)].filter((m) => !m[1]?.startsWith('./'));
      assert.ok(uses.length > 0, f);
      for (const [line, ref, comment] of uses) {
        assert.match(ref ?? '', /^[\w-]+\/[\w-]+@[0-9a-f]{40}$/, `${f}: ${line}`);
        const major = /# v(\d+)/.exec(comment ?? '')?.[1];
        assert.ok(major !== undefined, `${f}: ${line} names no version`);
        const floor = NODE24_MAJOR[(ref ?? '').split('@')[0] ?? ''] ?? (ref?.startsWith('actions/setup-node@') ? 5 : 0);
        assert.ok(Number(major) >= floor, `${f}: ${line} is before the action's Node 24 major`);
      }
    }
  });

  it('the baseline refresh proposes a pull request instead of pushing to the default branch', () => {
    const wf = parse(WORKFLOW_OPENAI) as Workflow;
    const script = (wf.jobs['refresh-baselines']?.steps ?? []).map((s) => (s as { run?: string }).run ?? '').join('\n');
    assert.match(script, /git push --force origin HEAD:refs\/heads\/evalgate\/refresh-baselines/);
    assert.match(script, /gh pr create/);
    assert.doesNotMatch(script, /^\s*git push\s*$/m);
  });

  it('the checker catches what it is for', () => {
    const old = `permissions:\n  contents: read\njobs:\n  a:\n    steps:\n      - uses: actions/checkout@v4\n      - uses: actions/upload-artifact@v4\n        if: always()\n  b:\n    needs: a\n    if: always()\n    permissions: {}\n`;
    const found = problemsOf(old).join('\n');
    for (const expected of [
      /no concurrency/,
      /top-level permissions/,
      /a: no permissions/,
      /checkout@v4 runs on Node 20/,
      /upload-artifact without overwrite/,
      /uses always\(\)/,
      /b: a job after others/,
    ])
      assert.match(found, expected);
  });
});
