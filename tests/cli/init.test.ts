// `evalgate init` starts a repository without overwriting anything (the config only with
// --force), adds its folders to .gitignore, and the shipped
// example workflow is the one init writes.
import assert from 'node:assert/strict';
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { it } from 'node:test';
import { WORKFLOW_OPENAI } from '../../src/core/init.ts';
import { ROOT, runCli } from '../helpers/cli.ts';

it('writes a valid starter project, refuses to overwrite a config without --force, and ignores its folders in git', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'evalgate-init-'));
  try {
    await writeFile(join(dir, 'evalgate.yml'), 'mine\n');
    await writeFile(join(dir, '.gitignore'), 'node_modules/\nevalgate-out/');
    const refused = await runCli(['init'], { cwd: dir });
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /evalgate\.yml already exists; nothing was written\. Pass --force/);
    assert.equal(await readFile(join(dir, 'evalgate.yml'), 'utf8'), 'mine\n');
    await assert.rejects(
      readFile(join(dir, '.github/workflows/evalgate.yml'), 'utf8'),
      'nothing is written when init refuses',
    );

    await rm(join(dir, 'evalgate.yml'));
    const r = await runCli(['init'], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /created  evalgate\.yml/);
    assert.match(await readFile(join(dir, '.github/workflows/evalgate.yml'), 'utf8'), /pull-requests: write/);
    // The existing line is not repeated; the missing one is added after the user's lines.
    const ignore = await readFile(join(dir, '.gitignore'), 'utf8');
    assert.ok(ignore.startsWith('node_modules/\nevalgate-out/\n'), ignore);
    assert.equal(ignore.split('\n').filter((l) => l === '.evalgate/').length, 1, ignore);
    assert.equal(ignore.split('\n').filter((l) => l === 'evalgate-out/').length, 1, ignore);
    const valid = await runCli(['validate'], { cwd: dir });
    assert.equal(valid.code, 0, valid.stderr);
    assert.match(valid.stdout, /copy-qa \(exact-copy\): 12 cases/);

    // --force replaces the config only; a file the user changed elsewhere is kept.
    await writeFile(join(dir, 'evalgate.yml'), 'mine\n');
    await writeFile(join(dir, 'prompts/copy-qa-user.txt'), 'my template {context} {question}');
    const forced = await runCli(['init', '--force'], { cwd: dir });
    assert.equal(forced.code, 0, forced.stderr);
    assert.match(await readFile(join(dir, 'evalgate.yml'), 'utf8'), /kind: exact-copy/);
    assert.equal(await readFile(join(dir, 'prompts/copy-qa-user.txt'), 'utf8'), 'my template {context} {question}');
    assert.match(forced.stdout, /kept {5}prompts\/copy-qa-user\.txt \(exists; not overwritten\)/);
    assert.doesNotMatch(forced.stdout, /\.gitignore/, 'a second init adds no .gitignore lines');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it('ships examples/workflows/openai.yml as the workflow init writes', async () => {
  assert.equal(await readFile(join(ROOT, 'examples/workflows/openai.yml'), 'utf8'), WORKFLOW_OPENAI);
});

/** Every name below `dir`, sorted, without following symlinks. */
async function entries(dir: string, prefix = ''): Promise<string[]> {
  const names: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    names.push(`${prefix}${e.name}`);
    if (e.isDirectory()) names.push(...(await entries(join(dir, e.name), `${prefix}${e.name}/`)));
  }
  return names.sort();
}

it('refuses a symlink planted on any path it writes, naming it, before writing anything', async () => {
  // A repository can hold symlinks (a cloned pull request, a shared checkout): init must
  // not write, append or replace through one, into a folder or file outside.
  const dir = await mkdtemp(join(tmpdir(), 'evalgate-init-links-'));
  const repo = join(dir, 'repo');
  const outside = join(dir, 'outside');
  try {
    await mkdir(outside);
    await writeFile(join(outside, 'victim'), 'keep me\n');
    const untouched = async (): Promise<void> => {
      assert.deepEqual(await readdir(outside, { recursive: true }), ['victim']);
      assert.equal(await readFile(join(outside, 'victim'), 'utf8'), 'keep me\n');
    };
    const planted: [string, string, string[]][] = [
      // [path in the repository, its target, the command line]
      ['.github', outside, ['init']],
      ['prompts', outside, ['init']],
      ['eval-datasets/copy-qa.jsonl', join(outside, 'victim'), ['init']],
      ['.gitignore', join(outside, 'victim'), ['init']],
      ['evalgate.yml', join(outside, 'victim'), ['init', '--force']],
    ];
    // One repository per planted link, run side by side.
    await Promise.all(
      planted.map(async ([path, target, args], i) => {
        const repo = join(dir, `repo-${i}`);
        await mkdir(dirname(join(repo, path)), { recursive: true });
        await symlink(target, join(repo, path));
        const r = await runCli([...args, '--dir', `repo-${i}`], { cwd: dir });
        assert.equal(r.code, 2, `${path}: ${r.stdout}${r.stderr}`);
        assert.match(
          r.stderr,
          new RegExp(`will not write through repo-${i}/${path.replace(/\./g, '\\.')}: it is a symlink`),
        );
        assert.match(r.stderr, /nothing was written/);
        assert.equal(r.stdout, '', `${path}: nothing reported written`);
        // Nothing was written in the repository either: only the planted link (and its folder).
        assert.deepEqual(await entries(repo), path.includes('/') ? [dirname(path), path] : [path], path);
        assert.equal((await lstat(join(repo, path))).isSymbolicLink(), true);
      }),
    );
    await untouched();
    // A repository without links: init writes everything, .gitignore included.
    const ok = await runCli(['init', '--dir', 'repo'], { cwd: dir });
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(
      await readFile(join(repo, '.gitignore'), 'utf8'),
      /^# evalgate: the response cache and run output\n\.evalgate\/\nevalgate-out\/\n$/,
    );
    await untouched();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
