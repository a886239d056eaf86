// The release workflow (.github/workflows/release.yml): it only runs after the whole check,
// refuses a version that is not new, not in the CHANGELOG or not this repository's, tags
// vX.Y.Z and moves the major tag, and hands the npm token to the publish step alone.
// Its version check is run here as GitHub would run it, in a scratch repository.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { parse } from 'yaml';
import { ROOT } from '../helpers/cli.ts';

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
const text = readFileSync(join(ROOT, '.github/workflows/release.yml'), 'utf8');
const workflow = parse(text) as {
  on: Record<string, unknown>;
  permissions: unknown;
  jobs: Record<string, { permissions: unknown; steps: Step[] }>;
};
const job = workflow.jobs['release'] as { permissions: unknown; steps: Step[] };
const stepIndex = (match: (s: Step) => boolean): number => job.steps.findIndex(match);
const versionStep = job.steps.find((s) => s.id === 'version') as Step;

const scratch = mkdtempSync(join(tmpdir(), 'evalgate-release-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

const CHANGELOG = `# Changelog

## Unreleased

- Nothing yet.

## 1.2.3

- Absolute floors.
- junit.xml.

## 1.2.2

- Older notes.
`;

/** Runs the workflow's version check in a fresh repository; its exit code, log, outputs and notes. */
function checkVersion(
  name: string,
  options: { version?: string; changelog?: string; repository?: string; tag?: string },
): { status: number | null; log: string; outputs: string; notes: string } {
  const dir = join(scratch, name);
  const temp = join(dir, '.runner-temp');
  const git = (...args: string[]): void => {
    const r = spawnSync('git', args, { cwd: dir, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  };
  spawnSync('mkdir', ['-p', temp]);
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      name: 'evalgate',
      version: options.version ?? '1.2.3',
      repository: { type: 'git', url: `git+https://github.com/${options.repository ?? 'acme/evalgate'}.git` },
    }),
  );
  writeFileSync(join(dir, 'CHANGELOG.md'), options.changelog ?? CHANGELOG);
  git('init', '-q');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '--allow-empty', '-m', 'x');
  if (options.tag) git('tag', options.tag);
  const outputs = join(temp, 'outputs');
  writeFileSync(outputs, '');
  const r = spawnSync('bash', ['-e', '-c', versionStep.run as string], {
    cwd: dir,
    encoding: 'utf8',
    env: {
      PATH: `${dirname(process.execPath)}${delimiter}${process.env['PATH'] ?? ''}`,
      RUNNER_TEMP: temp,
      GITHUB_OUTPUT: outputs,
      GITHUB_REPOSITORY: 'acme/evalgate',
    },
  });
  let notes = '';
  try {
    notes = readFileSync(join(temp, 'notes.md'), 'utf8');
  } catch {
    // no notes written
  }
  return { status: r.status, log: r.stdout + r.stderr, outputs: readFileSync(outputs, 'utf8'), notes };
}

describe('the release workflow', () => {
  it('runs by hand only, with no permission it does not use', () => {
    assert.deepEqual(Object.keys(workflow.on), ['workflow_dispatch']);
    assert.deepEqual(workflow.permissions, {});
    assert.deepEqual(job.permissions, { contents: 'write', 'id-token': 'write' });
    const checkout = job.steps.find((s) => s.uses?.startsWith('actions/checkout@')) as Step;
    assert.equal(checkout.with?.['persist-credentials'], false);
  });

  it('checks everything before it tags, and tags before it publishes', () => {
    const check = stepIndex((s) => s.run === 'bash .ci/run');
    const version = stepIndex((s) => s.id === 'version');
    const dryRun = stepIndex((s) => s.run === 'npm publish --dry-run');
    const tag = stepIndex((s) => /git tag -a "v\$VERSION"/.test(s.run ?? ''));
    const publish = stepIndex((s) => /npm publish --provenance/.test(s.run ?? ''));
    assert.ok(check >= 0 && check < version && version < dryRun && dryRun < tag && tag < publish, text);
    const tagging = job.steps[tag]?.run ?? '';
    assert.match(tagging, /git tag -f -a "\$MAJOR"/);
    assert.match(tagging, /git push "\$remote" "refs\/tags\/v\$VERSION"/);
    assert.match(tagging, /git push --force "\$remote" "refs\/tags\/\$MAJOR"/);
    assert.match(job.steps[publish]?.if ?? '', /steps\.npm\.outputs\.publish == 'yes'/);
  });

  it('gives the npm token to the publish step and its switch, never to npm ci or the tests', () => {
    const withSecrets = job.steps.filter((s) => JSON.stringify(s).includes('secrets.')).map((s) => s.id ?? s.name);
    assert.deepEqual(withSecrets, ['npm', 'Publish to npm with provenance']);
  });

  it('accepts a new version with a CHANGELOG section, and outputs it and its major tag', () => {
    const r = checkVersion('ok', {});
    assert.equal(r.status, 0, r.log);
    assert.match(r.outputs, /^version=1\.2\.3$/m);
    assert.match(r.outputs, /^major=v1$/m);
    assert.match(r.notes, /Absolute floors/);
    assert.doesNotMatch(r.notes, /Older notes|Nothing yet/);
  });

  it('refuses a released version, a missing CHANGELOG section, another repository and a pre-release', () => {
    const released = checkVersion('released', { tag: 'v1.2.3' });
    assert.equal(released.status, 1);
    assert.match(released.log, /v1\.2\.3 is released already/);
    const undocumented = checkVersion('undocumented', { version: '1.3.0' });
    assert.equal(undocumented.status, 1);
    assert.match(undocumented.log, /no "## 1\.3\.0" section/);
    const foreign = checkVersion('foreign', { repository: 'someone-else/evalgate' });
    assert.equal(foreign.status, 1);
    assert.match(foreign.log, /repository\.url is https:\/\/github\.com\/someone-else\/evalgate/);
    const beta = checkVersion('beta', { version: '1.2.3-beta.1' });
    assert.equal(beta.status, 1);
    assert.match(beta.log, /is not X\.Y\.Z/);
    for (const r of [released, undocumented, foreign, beta]) assert.equal(r.outputs, '');
  });
});
