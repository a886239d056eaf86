// The base is read or the suite is an error (issue 27, part 4): the git-backed workspace of
// the base commit reads a Git LFS pointer's content (from the local LFS store, checked
// against the pointer) and a file inside a submodule (from the submodule's repository at
// the base's gitlink commit); what it cannot read is an error naming the file, why, and
// the checkout setting that fixes it — never the pointer read as data, never a silent skip.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createFsWorkspace } from '../../src/adapters/fs-store.ts';
import { createGitWorkspace, openGitRepo } from '../../src/adapters/git.ts';
import { parseConfig } from '../../src/core/config/load.ts';
import { ConfigError } from '../../src/core/errors.ts';
import { loadSuite } from '../../src/core/suites.ts';
import { hasGitLfs } from '../helpers/fake-lfs.ts';

const DATA = '{"id":"a","question":"q","context":"x\\ny\\nz","expected":"y"}\n';
const pointerOf = (content: string): string =>
  `version https://git-lfs.github.com/spec/v1\noid sha256:${createHash('sha256').update(content).digest('hex')}\nsize ${Buffer.byteLength(content)}\n`;

describe('reading the base commit: LFS pointers and submodules', () => {
  let root: string;
  let repo: string;
  const git = (cwd: string, ...args: string[]): string =>
    execFileSync('git', ['-c', 'protocol.file.allow=always', ...args], { cwd, encoding: 'utf8' }).trim();
  const init = async (dir: string): Promise<void> => {
    await mkdir(dir, { recursive: true });
    git(dir, 'init', '-q', '-b', 'main');
    git(dir, 'config', 'user.email', 't@example.com');
    git(dir, 'config', 'user.name', 't');
  };

  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'evalgate-git-base-'));
    repo = join(root, 'repo');
    await init(repo);
    // LFS, as git-lfs leaves it: the pointer committed, the content in .git/lfs/objects.
    await writeFile(join(repo, 'present.jsonl'), pointerOf(DATA));
    const oid = createHash('sha256').update(DATA).digest('hex');
    await mkdir(join(repo, '.git/lfs/objects', oid.slice(0, 2), oid.slice(2, 4)), { recursive: true });
    await writeFile(join(repo, '.git/lfs/objects', oid.slice(0, 2), oid.slice(2, 4), oid), DATA);
    await writeFile(join(repo, 'absent.jsonl'), pointerOf(`${DATA}${DATA}`));
    // A folder reached through a symlink (prompt versions: current -> v1).
    await mkdir(join(repo, 'versions/v1'), { recursive: true });
    await writeFile(join(repo, 'versions/v1/data.jsonl'), DATA);
    await symlink('v1', join(repo, 'versions/current'));
    // A submodule checked out (its repository under .git/modules), one that is not.
    const sub = join(root, 'sub');
    await init(sub);
    await mkdir(join(sub, 'sets'));
    await writeFile(join(sub, 'sets/data.jsonl'), DATA);
    git(sub, 'add', '-A');
    git(sub, 'commit', '-q', '-m', 'data');
    git(repo, 'submodule', 'add', '-q', '../sub', 'vendor');
    git(repo, 'add', '-A');
    git(repo, 'update-index', '--add', '--cacheinfo', `160000,${git(sub, 'rev-parse', 'HEAD')},missing-sub`);
    git(repo, 'commit', '-q', '-m', 'base');
  });
  after(() => rm(root, { recursive: true, force: true }));

  const base = () => createGitWorkspace(openGitRepo(repo), git(repo, 'rev-parse', 'HEAD'), '');
  const text = async (path: string): Promise<string> => new TextDecoder().decode(await base().readBytes(path));

  it("reads an LFS pointer's content from the local store, checked against the pointer", async () => {
    assert.equal(
      git(repo, 'cat-file', 'blob', 'HEAD:present.jsonl'),
      pointerOf(DATA).trim(),
      'the commit holds a pointer',
    );
    assert.equal(await text('present.jsonl'), DATA);
  });

  it('refuses a pointer whose content is not present, naming the file, why and the fix', async () => {
    await assert.rejects(
      () => base().readBytes('absent.jsonl'),
      (e: unknown) =>
        e instanceof ConfigError &&
        /"absent\.jsonl" at [0-9a-f]{7} is a Git LFS pointer \(sha256 [0-9a-f]{12}…, \d+ bytes\) whose content is not in this checkout/.test(
          e.message,
        ) &&
        /lfs: true/.test(e.message),
    );
  });

  it('reads a file inside a submodule at the base’s gitlink commit, and lists its folders', async () => {
    assert.equal(await text('vendor/sets/data.jsonl'), DATA);
    const where = await base().locate('vendor/sets/data.jsonl');
    assert.deepEqual(where, {
      status: 'ok',
      kind: 'file',
      lexical: 'vendor/sets/data.jsonl',
      real: 'vendor/sets/data.jsonl',
    });
    assert.deepEqual(await base().listFolders('vendor'), ['sets']);
  });

  it('follows a symlinked folder on the way to a file, as on disk', async () => {
    assert.equal(await text('versions/current/data.jsonl'), DATA);
  });

  it('refuses a file in a submodule that is not checked out, naming the fix', async () => {
    await assert.rejects(
      () => base().readBytes('missing-sub/sets/data.jsonl'),
      (e: unknown) =>
        e instanceof ConfigError &&
        /lies in the submodule "missing-sub" \(commit [0-9a-f]{7} at the base\), which is not checked out; check out with `submodules: true`/.test(
          e.message,
        ),
    );
  });

  it("a pointer in the pull request's checkout (no lfs: true) is an error at load, not a dataset", async () => {
    const dir = join(root, 'checkout');
    await mkdir(dir);
    await writeFile(join(dir, 'data.jsonl'), pointerOf(DATA));
    await writeFile(join(dir, 'user.txt'), '{context}');
    const loaded = parseConfig(
      'version: 1\nproviders: {p: {model: m}}\nsuites:\n  - {name: s, kind: exact-copy, provider: p, dataset: data.jsonl, templates: {user: user.txt}}\n',
      'evalgate.yml',
    );
    await assert.rejects(
      () => loadSuite(loaded, 0, createFsWorkspace(dir)),
      /data\.jsonl" is a Git LFS pointer \(sha256 [0-9a-f]{12}…, \d+ bytes\), not its content; check out with `lfs: true`/,
    );
  });

  it('reads what the real git lfs commits (skipped when git lfs is not installed)', { skip: !hasGitLfs }, async () => {
    const dir = join(root, 'real-lfs');
    await init(dir);
    git(dir, 'lfs', 'install', '--local');
    git(dir, 'lfs', 'track', '*.jsonl');
    await writeFile(join(dir, 'data.jsonl'), DATA);
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'lfs');
    assert.match(git(dir, 'cat-file', 'blob', 'HEAD:data.jsonl'), /^version https:\/\/git-lfs/);
    const ws = createGitWorkspace(openGitRepo(dir), git(dir, 'rev-parse', 'HEAD'), '');
    assert.equal(new TextDecoder().decode(await ws.readBytes('data.jsonl')), DATA);
  });
});
