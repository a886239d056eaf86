/**
 * Git at the edge: the files a pull request changed, files as they are at the base commit
 * (the config, baselines and instrument files are read from the base, never from the PR's
 * copy), and which commit is checked out. Missing history is fetched on demand, since
 * actions/checkout fetches one commit.
 *
 * The base's files are read as data or not at all: a Git LFS pointer is replaced by the
 * content it names (from the local LFS store, fetched with `git lfs` when installed — from
 * the endpoint the base names, never one a .lfsconfig in the checkout names — and
 * checked against the pointer's sha256), a path inside a submodule is read from the
 * submodule's repository at the base's gitlink commit; what cannot be read is an error that
 * says why and which checkout setting fixes it (`lfs: true`, `submodules: true`).
 *
 * The checkout may be a stranger's pull request: git runs with hooks, fsmonitor, external
 * diff drivers and textconv filters switched off, so nothing in the tree is executed.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join, posix, resolve } from 'node:path';
import { promisify } from 'node:util';
import { ConfigError } from '../core/errors.ts';
import { LFS_CHECKOUT_FIX, parseLfsPointer, type LfsPointer } from '../core/lfs-pointer.ts';
import { redactUrls } from '../core/redact.ts';
import type { Located, Workspace } from '../ports.ts';
import { refusedPathForm } from './fs-store.ts';

const run = promisify(execFile);

/** Git operations on one repository. */
export interface GitRepo {
  root(): Promise<string>;
  /** The commit checked out (HEAD). */
  head(): Promise<string>;
  /** The parents of a commit. */
  parents(sha: string): Promise<string[]>;
  /** Files changed between the merge base of `base` and `head`, and `head`. */
  changedFiles(base: string, head: string): Promise<string[]>;
  /** A file's text at a commit, or null when it does not exist there. */
  show(sha: string, path: string): Promise<string | null>;
  /** A file's bytes at a commit, or null when it does not exist there. */
  showBytes(sha: string, path: string): Promise<Uint8Array | null>;
  /** The entry at a path in a commit's tree: its mode, type and object id, or null. */
  entry(sha: string, path: string): Promise<{ mode: string; type: 'blob' | 'tree' | 'commit'; oid: string } | null>;
  /**
   * The repository of the submodule at `path` in commit `sha`, with its gitlink commit `oid`
   * present (fetched when missing), or why it cannot be read.
   */
  submodule(sha: string, path: string, oid: string): Promise<{ repo: GitRepo } | { reason: string }>;
  /** The content an LFS pointer of `path` at `sha` names, checked against it, or why it cannot be had. */
  lfsContent(pointer: LfsPointer, sha: string, path: string): Promise<Uint8Array | { reason: string }>;
  /** The names of the folders directly inside a folder of a commit's tree. */
  folders(sha: string, path: string): Promise<string[]>;
  /** A commit's committer time (ISO 8601), or null when it is not in the repository. */
  commitTime(sha: string): Promise<string | null>;
  /** The commit a revision names (a branch, a tag, a sha), or null when it names none. */
  resolveCommit(revision: string): Promise<string | null>;
  /**
   * The last `limit` commits on the first-parent line from `sha` that changed anything
   * under `path`, newest first, each with the files under `path` it changed.
   */
  log(sha: string, path: string, limit: number): Promise<CommitChange[]>;
  /** Whether the clone is shallow (history stops at a grafted commit). */
  isShallow(): Promise<boolean>;
  /** The files under a folder that git tracks in the checkout (its index), repository-relative. */
  trackedFiles(dir: string): Promise<string[]>;
  /**
   * Of `paths` (repository-relative), those whose git attributes (.gitattributes: eol,
   * text, working-tree-encoding, filter …) differ between two commits: the bytes the
   * checkout writes for them may differ although their content in git does not.
   */
  attributesChanged(base: string, head: string, paths: readonly string[]): Promise<string[]>;
}

/** A commit as history reads it. */
export interface CommitChange {
  sha: string;
  /** Committer time, ISO 8601. */
  date: string;
  subject: string;
  /** The files under the logged path it changed (added, modified or deleted). */
  files: string[];
}

/**
 * Reads \`git log -z --name-only\` with the format below: each commit starts with a record
 * separator, its sha (hex only), its date and its subject up to the NUL git ends it with,
 * then its files, each NUL-terminated. A subject cannot hold a NUL, so nothing in it can
 * pose as a file or as the next commit's sha.
 */
export function parseLog(out: string): CommitChange[] {
  const commits: CommitChange[] = [];
  const pattern =
    /\u001e([0-9a-f]{40,64})\u001f([^\u001f\u0000]*)\u001f([^\u0000]*)\u0000\n?((?:[^\u0000\u001e][^\u0000]*\u0000)*)/gy;
  for (const m of out.matchAll(pattern)) {
    commits.push({
      sha: m[1] as string,
      date: m[2] as string,
      subject: m[3] as string,
      files: (m[4] as string).split('\u0000').filter((f) => f !== ''),
    });
  }
  return commits;
}

const SAFE = ['-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false', '-c', 'protocol.file.allow=never'];

async function gitRun(cwd: string, args: string[]): Promise<string> {
  const { stdout } = await run('git', [...SAFE, ...args], {
    cwd,
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
  });
  return stdout;
}

async function gitRunBytes(cwd: string, args: string[]): Promise<Buffer> {
  const { stdout } = await run('git', [...SAFE, ...args], {
    cwd,
    maxBuffer: 256 * 1024 * 1024,
    encoding: 'buffer',
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
  });
  return stdout;
}

/**
 * A commit the checkout does not hold and cannot fetch, as a message that says what to do
 * (a workflow setting), not a stack trace.
 */
function unreadableCommit(sha: string, error: unknown): ConfigError {
  const e = error as { stderr?: unknown; message?: unknown };
  const detail =
    (typeof e.stderr === 'string' && e.stderr.trim() !== '' ? e.stderr : String(e.message ?? error))
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l !== '' && !l.startsWith('Command failed')) ?? 'unknown error';
  return new ConfigError(
    { file: 'workflow', path: 'actions/checkout' },
    `evalgate: cannot read commit ${sha.slice(0, 12)}: it is not in the checkout, and fetching it failed (${redactUrls(detail)}). A pull request is compared with its base commit: check out with actions/checkout and fetch-depth: 0, and make sure the base commit still exists (a force-pushed base branch removes it; re-run the workflow from the pull request)`,
  );
}

/** The top level of the git repository holding `dir`, or null outside git. */
export async function repositoryRoot(dir: string): Promise<string | null> {
  try {
    return (await gitRun(dir, ['rev-parse', '--show-toplevel'])).trim();
  } catch {
    return null;
  }
}

/** Whether `git lfs` is installed (checked once). */
let lfsInstalled: Promise<boolean> | null = null;
function hasGitLfs(cwd: string): Promise<boolean> {
  const known =
    lfsInstalled ??
    gitRun(cwd, ['lfs', 'version']).then(
      () => true,
      () => false,
    );
  lfsInstalled = known;
  return known;
}

/** The sha256 of bytes, hex. */
function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * A repository at `cwd`; with `gitDir`, the repository in that git directory (a
 * submodule's, under .git/modules), read without a working tree.
 */
export function openGitRepo(cwd: string, gitDir?: string): GitRepo {
  const at = gitDir === undefined ? [] : [`--git-dir=${gitDir}`];
  const git = (dir: string, args: string[]): Promise<string> => gitRun(dir, [...at, ...args]);
  const gitBytes = (dir: string, args: string[]): Promise<Buffer> => gitRunBytes(dir, [...at, ...args]);
  const commonDir = async (): Promise<string> => {
    const out = (await git(cwd, ['rev-parse', '--git-common-dir'])).trim();
    return isAbsolute(out) ? out : resolve(cwd, out);
  };
  const has = async (sha: string): Promise<boolean> => {
    try {
      await git(cwd, ['cat-file', '-e', `${sha}^{commit}`]);
      return true;
    } catch {
      return false;
    }
  };
  const ensure = async (sha: string): Promise<void> => {
    if (await has(sha)) return;
    // A shallow checkout: fetch the commit and enough history to find the merge base.
    try {
      await git(cwd, ['fetch', '--no-tags', '--depth=200', 'origin', sha]);
    } catch (error) {
      throw unreadableCommit(sha, error);
    }
    if (!(await has(sha))) throw unreadableCommit(sha, new Error('the fetch did not bring it'));
  };
  const entry: GitRepo['entry'] = async (sha, path) => {
    await ensure(sha);
    const out = await git(cwd, ['ls-tree', '-z', sha, '--', path]).catch(() => '');
    const first = out.split('\0')[0] ?? '';
    const m = /^(\d+) (blob|tree|commit) ([0-9a-f]+)\t(.*)$/s.exec(first);
    if (!m || m[4] !== path) return null;
    return { mode: m[1] as string, type: m[2] as 'blob' | 'tree' | 'commit', oid: m[3] as string };
  };
  const submodule: GitRepo['submodule'] = async (sha, path, oid) => {
    // The submodule's name comes from the base commit's .gitmodules (its path when unnamed);
    // its repository is the one git keeps under .git/modules — never a folder of the checkout.
    const names = await git(cwd, ['config', '--blob', `${sha}:.gitmodules`, '--get-regexp', '^submodule\\..*\\.path$'])
      .then((out) => out.split('\n'))
      .catch((): string[] => []);
    const named = names
      .map((line) => /^submodule\.(.+)\.path (.*)$/.exec(line))
      .find((m) => m !== null && m[2] === path);
    const name = named?.[1] ?? path;
    const where = `the submodule "${path}" (commit ${oid.slice(0, 7)} at the base)`;
    if (name.split('/').includes('..') || isAbsolute(name))
      return { reason: `lies in ${where}, whose name in .gitmodules is not a plain path` };
    const dir = join(await commonDir(), 'modules', name);
    const present = await stat(join(dir, 'HEAD')).then(
      () => true,
      () => false,
    );
    if (!present)
      return {
        reason: `lies in ${where}, which is not checked out; check out with \`submodules: true\` (actions/checkout) so evalgate can read the base's version`,
      };
    const sub = openGitRepo(cwd, dir);
    const has = async (): Promise<boolean> => sub.commitTime(oid).then((t) => t !== null);
    if (!(await has()))
      await gitRun(cwd, [`--git-dir=${dir}`, 'fetch', '--no-tags', '--depth=1', 'origin', oid]).catch(() => '');
    if (!(await has()))
      return {
        reason: `lies in ${where}, which is checked out at another commit, and the base's commit could not be fetched; check out with \`submodules: true\` and \`fetch-depth: 0\` (actions/checkout)`,
      };
    return { repo: sub };
  };
  /**
   * Fetches the LFS content of `path` at `sha` from the endpoint that commit names. git-lfs
   * takes its endpoint (lfs.url, remote.*.lfsurl) and access mode from a .lfsconfig in the
   * working tree, else the index, else HEAD — all the pull request's in a PR checkout, so a
   * PR could send the fetch, and whatever credentials git would offer that host, anywhere
   * (or make git-lfs start ssh to a host it names). git lfs runs instead on a working tree
   * of our own holding only the commit's own .lfsconfig (empty when it has none) and an
   * empty index: the endpoint is the one that commit names or git-lfs derives from the
   * origin remote, and git's own config (the runner's, the checkout's) still applies.
   */
  const fetchLfs = async (sha: string, path: string): Promise<void> => {
    const dir = gitDir ?? (await git(cwd, ['rev-parse', '--absolute-git-dir'])).trim();
    const own = await gitBytes(cwd, ['cat-file', 'blob', `${sha}:.lfsconfig`]).catch(() => Buffer.alloc(0));
    const tree = await mkdtemp(join(tmpdir(), 'evalgate-lfs-'));
    try {
      await writeFile(join(tree, '.lfsconfig'), own);
      await run(
        'git',
        [
          ...SAFE,
          `--git-dir=${dir}`,
          `--work-tree=${tree}`,
          'lfs',
          'fetch',
          `--include=${path}`,
          '--exclude=',
          'origin',
          sha,
        ],
        {
          cwd: tree,
          maxBuffer: 16 * 1024 * 1024,
          env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_INDEX_FILE: join(tree, 'index') },
        },
      );
    } finally {
      await rm(tree, { recursive: true, force: true });
    }
  };
  const lfsContent: GitRepo['lfsContent'] = async (pointer, sha, path) => {
    const file = join(
      await commonDir(),
      'lfs',
      'objects',
      pointer.oid.slice(0, 2),
      pointer.oid.slice(2, 4),
      pointer.oid,
    );
    const local = async (): Promise<Uint8Array | null> => {
      const bytes = await readFile(file).catch(() => null);
      // What the store holds must be what the base's pointer names: the pointer is the trusted part.
      return bytes !== null && bytes.length === pointer.size && sha256(bytes) === pointer.oid
        ? new Uint8Array(bytes)
        : null;
    };
    let bytes = await local();
    const lfs = await hasGitLfs(cwd);
    if (bytes === null && lfs) {
      await fetchLfs(sha, path).catch(() => undefined);
      bytes = await local();
    }
    if (bytes !== null) return bytes;
    return {
      reason: `is a Git LFS pointer (sha256 ${pointer.oid.slice(0, 12)}…, ${pointer.size} bytes) whose content is not in this checkout${lfs ? ' and could not be fetched with git lfs' : ' (and git lfs is not installed to fetch it)'}; ${LFS_CHECKOUT_FIX}${lfs ? ` (git lfs asked the endpoint commit ${sha.slice(0, 7)} names: its .lfsconfig, else the origin remote; a .lfsconfig in the checkout is never used)` : ''}`,
    };
  };
  return {
    root: async () => (await git(cwd, ['rev-parse', '--show-toplevel'])).trim(),
    head: async () => (await git(cwd, ['rev-parse', 'HEAD'])).trim(),
    parents: async (sha) => {
      await ensure(sha);
      return (await git(cwd, ['rev-list', '--parents', '-n', '1', sha])).trim().split(/\s+/).slice(1);
    },
    changedFiles: async (base, head) => {
      await ensure(base);
      await ensure(head);
      let range = `${base}...${head}`;
      try {
        await git(cwd, ['merge-base', base, head]);
      } catch {
        range = `${base}..${head}`; // no merge base in the fetched history: compare the commits
      }
      const out = await git(cwd, [
        'diff',
        '--no-ext-diff',
        '--no-textconv',
        '--name-only',
        '--no-renames',
        '-z',
        range,
      ]);
      return out.split('\0').filter((l) => l !== '');
    },
    show: async (sha, path) => {
      await ensure(sha);
      try {
        return await git(cwd, ['cat-file', 'blob', `${sha}:${path}`]);
      } catch {
        return null;
      }
    },
    commitTime: async (sha) => {
      try {
        return (await git(cwd, ['show', '-s', '--format=%cI', sha])).trim() || null;
      } catch {
        return null;
      }
    },
    resolveCommit: async (revision) => {
      // A revision is never an option: one starting with "-" is refused before git sees it.
      if (revision.startsWith('-') || revision === '') return null;
      try {
        return (
          await git(cwd, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${revision}^{commit}`])
        ).trim();
      } catch {
        return null;
      }
    },
    log: async (sha, path, limit) =>
      parseLog(
        await git(cwd, [
          '-c',
          'log.showSignature=false',
          'log',
          '-z',
          '--no-color',
          // Main's own line: a merged refresh shows as its merge, with what it changed there.
          '--first-parent',
          '--diff-merges=first-parent',
          '--no-renames',
          '--no-ext-diff',
          '--no-textconv',
          '--name-only',
          '--format=%x1e%H%x1f%cI%x1f%s',
          `-n${limit}`,
          sha,
          '--',
          path,
        ]),
      ),
    isShallow: async () => (await git(cwd, ['rev-parse', '--is-shallow-repository'])).trim() === 'true',
    showBytes: async (sha, path) => {
      await ensure(sha);
      try {
        return new Uint8Array(await gitBytes(cwd, ['cat-file', 'blob', `${sha}:${path}`]));
      } catch {
        return null;
      }
    },
    entry,
    submodule,
    lfsContent,
    attributesChanged: async (base, head, paths) => {
      if (paths.length === 0) return [];
      await ensure(base);
      await ensure(head);
      // check-attr takes paths relative to its folder: ask from the top level.
      const top = (await git(cwd, ['rev-parse', '--show-toplevel'])).trim();
      const [before, after] = await Promise.all([attributesAt(top, base, paths), attributesAt(top, head, paths)]);
      return paths.filter((p) => before.get(p) !== after.get(p));
    },
    trackedFiles: async (dir) =>
      (await git(cwd, ['ls-files', '-z', '--full-name', '--', `:(top,literal)${dir}`]))
        .split('\0')
        .filter((f) => f !== ''),
    folders: async (sha, path) => {
      await ensure(sha);
      const out = await git(cwd, ['ls-tree', '-z', `${sha}:${path === '' ? '' : path}`]).catch(() => '');
      return out
        .split('\0')
        .map((l) => /^\d+ tree [0-9a-f]+\t(.*)$/s.exec(l)?.[1])
        .filter((n): n is string => n !== undefined)
        .sort();
    },
  };
}

/**
 * Every attribute git assigns each path at a commit, as one comparable string per path.
 * `check-attr --source` needs git 2.40; reading the commit's tree into a temporary index
 * and asking with `--cached` works on any git, and .gitattributes files at every level
 * count, as at checkout.
 */
async function attributesAt(cwd: string, sha: string, paths: readonly string[]): Promise<Map<string, string>> {
  const dir = await mkdtemp(join(tmpdir(), 'evalgate-attr-'));
  const env = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_INDEX_FILE: join(dir, 'index') };
  const found = new Map<string, string[]>();
  try {
    await run('git', [...SAFE, 'read-tree', sha], { cwd, env });
    for (let i = 0; i < paths.length; i += 500) {
      const { stdout } = await run(
        'git',
        [...SAFE, 'check-attr', '--cached', '-z', '-a', '--', ...paths.slice(i, i + 500)],
        { cwd, env, maxBuffer: 64 * 1024 * 1024 },
      );
      const fields = stdout.split('\0');
      for (let f = 0; f + 2 < fields.length; f += 3) {
        const path = fields[f] as string;
        found.set(path, [...(found.get(path) ?? []), `${fields[f + 1]}=${fields[f + 2]}`]);
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return new Map(paths.map((p) => [p, (found.get(p) ?? []).sort().join('\n')]));
}

/**
 * The files of one commit as a Workspace rooted at `dir` (the config's folder, relative to
 * the repository root): how the base commit's datasets and instrument files are read.
 * Symlinks stored in the commit are followed inside the tree; one that leaves the
 * repository is refused, as on disk.
 */
export function createGitWorkspace(repo: GitRepo, sha: string, dir: string): Workspace {
  // A path in a submodule is read from the submodule's repository at the gitlink's commit,
  // through a workspace of its own (its symlinks stay inside it).
  const submodules = new Map<string, Promise<Workspace | { reason: string }>>();
  const submoduleAt = (prefix: string, oid: string): Promise<Workspace | { reason: string }> => {
    let known = submodules.get(prefix);
    if (!known) {
      known = repo
        .submodule(sha, prefix, oid)
        .then((found) => ('reason' in found ? found : createGitWorkspace(found.repo, oid, '')));
      submodules.set(prefix, known);
    }
    return known;
  };
  /** The submodule a path lies in (its path and gitlink commit), or null. */
  const enclosingSubmodule = async (real: string): Promise<{ prefix: string; oid: string } | null> => {
    const parts = real.split('/');
    for (let i = 1; i < parts.length; i++) {
      const prefix = parts.slice(0, i).join('/');
      const found = await repo.entry(sha, prefix);
      if (!found || found.type === 'blob') return null;
      if (found.type === 'commit') return { prefix, oid: found.oid };
    }
    return null;
  };
  /** The first symlink among the folders a path passes through (and the rest of the path), or null. */
  const enclosingSymlink = async (real: string): Promise<{ prefix: string; rest: string } | null> => {
    const parts = real.split('/');
    for (let i = 1; i < parts.length; i++) {
      const prefix = parts.slice(0, i).join('/');
      const found = await repo.entry(sha, prefix);
      if (!found || found.type !== 'tree') {
        return found?.mode === '120000' ? { prefix, rest: parts.slice(i).join('/') } : null;
      }
    }
    return null;
  };
  /** Where a resolved path is read: this commit, or a submodule's workspace and the path inside it. */
  const route = async (real: string): Promise<{ ws: Workspace; inner: string } | null> => {
    const whole = await repo.entry(sha, real);
    if (whole?.type === 'commit') {
      const ws = await submoduleAt(real, whole.oid);
      return 'reason' in ws ? null : { ws, inner: '' };
    }
    const sub = whole ? null : await enclosingSubmodule(real);
    if (!sub) return null;
    const ws = await submoduleAt(sub.prefix, sub.oid);
    return 'reason' in ws ? null : { ws, inner: real.slice(sub.prefix.length + 1) };
  };
  const locate = async (path: string): Promise<Located> => {
    const form = refusedPathForm(path);
    if (form) return { status: 'refused', reason: form };
    if (posix.isAbsolute(path) || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\')) {
      return {
        status: 'refused',
        reason: 'is an absolute path; write it relative to the config file, inside the repository',
      };
    }
    const lexical = posix.normalize(posix.join(dir === '' ? '.' : dir, path.replace(/\\/g, '/'))).replace(/\/$/, '');
    if (lexical === '..' || lexical.startsWith('../'))
      return {
        status: 'refused',
        reason: 'climbs out of the repository with ".."; only files inside the repository can be read',
      };
    let real = lexical === '.' ? '' : lexical;
    for (let hop = 0; hop < 8; hop++) {
      if (real === '') return { status: 'ok', kind: 'folder', lexical, real: '' };
      const found = await repo.entry(sha, real);
      if (!found) {
        // git lists nothing below a symlinked folder or a submodule: follow the first one on the way.
        const link = await enclosingSymlink(real);
        if (link) {
          const target = (await repo.show(sha, link.prefix)) ?? '';
          const resolved = posix.normalize(posix.join(posix.dirname(link.prefix), target)).replace(/\/$/, '');
          if (posix.isAbsolute(target) || resolved === '..' || resolved.startsWith('../'))
            return {
              status: 'refused',
              reason: 'is a symlink to a file outside the repository; only files inside the repository can be read',
            };
          if (refusedPathForm(resolved))
            return { status: 'refused', reason: 'is a symlink into .git, which evalgate never reads' };
          real = resolved === '.' ? link.rest : `${resolved}/${link.rest}`;
          continue;
        }
        const sub = await enclosingSubmodule(real);
        if (!sub) return { status: 'missing' };
        const ws = await submoduleAt(sub.prefix, sub.oid);
        if ('reason' in ws) return { status: 'refused', reason: ws.reason };
        const inner = await ws.locate(real.slice(sub.prefix.length + 1));
        return inner.status === 'ok' ? { ...inner, lexical, real: `${sub.prefix}/${inner.real}` } : inner;
      }
      if (found.mode !== '120000') {
        if (found.type === 'commit') {
          const ws = await submoduleAt(real, found.oid);
          if ('reason' in ws) return { status: 'refused', reason: ws.reason.replace(/^lies in /, 'is ') };
          return { status: 'ok', kind: 'folder', lexical, real };
        }
        return { status: 'ok', kind: found.type === 'tree' ? 'folder' : 'file', lexical, real };
      }
      const target = (await repo.show(sha, real)) ?? '';
      if (posix.isAbsolute(target))
        return {
          status: 'refused',
          reason: 'is a symlink to a file outside the repository; only files inside the repository can be read',
        };
      real = posix.normalize(posix.join(posix.dirname(real), target)).replace(/\/$/, '');
      if (real === '..' || real.startsWith('../'))
        return {
          status: 'refused',
          reason: 'is a symlink to a file outside the repository; only files inside the repository can be read',
        };
      if (refusedPathForm(real))
        return { status: 'refused', reason: 'is a symlink into .git, which evalgate never reads' };
      if (real === '.') real = '';
    }
    return { status: 'refused', reason: 'is a chain of more than 8 symlinks' };
  };
  const need = async (path: string, kind: 'file' | 'folder'): Promise<string | null> => {
    const where = await locate(path);
    if (where.status === 'missing') return null;
    if (where.status === 'refused')
      throw new ConfigError({ file: path }, `evalgate: "${path}" at ${sha.slice(0, 7)} ${where.reason}`);
    return where.kind === kind ? where.real : null;
  };
  const readBytes = async (path: string): Promise<Uint8Array> => {
    const real = await need(path, 'file');
    if (real === null)
      throw new ConfigError({ file: path }, `evalgate: "${path}" does not exist at ${sha.slice(0, 7)}`);
    const routed = await route(real);
    if (routed) return routed.ws.readBytes(routed.inner);
    const bytes = await repo.showBytes(sha, real);
    if (bytes === null)
      throw new ConfigError({ file: path }, `evalgate: "${path}" does not exist at ${sha.slice(0, 7)}`);
    // A pointer is replaced by the content it names, or the read fails: never read as data.
    const pointer = parseLfsPointer(bytes);
    if (!pointer) return bytes;
    const content = await repo.lfsContent(pointer, sha, real);
    if ('reason' in content)
      throw new ConfigError({ file: path }, `evalgate: "${path}" at ${sha.slice(0, 7)} ${content.reason}`);
    return content;
  };
  return {
    locate,
    exists: async (path) => (await need(path, 'file')) !== null,
    readBytes,
    listFolders: async (path) => {
      const real = await need(path, 'folder');
      if (real === null) return null;
      const routed = await route(real);
      return routed ? routed.ws.listFolders(routed.inner === '' ? '.' : routed.inner) : repo.folders(sha, real);
    },
    // A committed file comes out of git whole (a submodule's or LFS content included, as
    // readBytes resolves them); the base's datasets were reviewed.
    readStream: async (path) => {
      const bytes = await readBytes(path);
      return (async function* () {
        yield bytes;
      })();
    },
  };
}
