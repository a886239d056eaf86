/**
 * Git at the edge: the files a pull request changed, files as they are at the base commit
 * (the config, baselines and instrument files are read from the base, never from the PR's
 * copy), and which commit is checked out. Missing history is fetched on demand, since
 * actions/checkout fetches one commit.
 *
 * The checkout may be a stranger's pull request: git runs with hooks, fsmonitor, external
 * diff drivers and textconv filters switched off, so nothing in the tree is executed.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { promisify } from 'node:util';
import { ConfigError } from '../core/errors.ts';
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
  /** The entry at a path in a commit's tree: its mode and type, or null. */
  entry(sha: string, path: string): Promise<{ mode: string; type: 'blob' | 'tree' | 'commit' } | null>;
  /** The names of the folders directly inside a folder of a commit's tree. */
  folders(sha: string, path: string): Promise<string[]>;
  /** A commit's committer time (ISO 8601), or null when it is not in the repository. */
  commitTime(sha: string): Promise<string | null>;
  /** The files under a folder that git tracks in the checkout (its index), repository-relative. */
  trackedFiles(dir: string): Promise<string[]>;
  /**
   * Of `paths` (repository-relative), those whose git attributes (.gitattributes: eol,
   * text, working-tree-encoding, filter …) differ between two commits: the bytes the
   * checkout writes for them may differ although their content in git does not.
   */
  attributesChanged(base: string, head: string, paths: readonly string[]): Promise<string[]>;
}

const SAFE = ['-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false', '-c', 'protocol.file.allow=never'];

async function git(cwd: string, args: string[]): Promise<string> {
  const { stdout } = await run('git', [...SAFE, ...args], {
    cwd,
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
  });
  return stdout;
}

async function gitBytes(cwd: string, args: string[]): Promise<Buffer> {
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
    return (await git(dir, ['rev-parse', '--show-toplevel'])).trim();
  } catch {
    return null;
  }
}

/** A repository at `cwd`. */
export function openGitRepo(cwd: string): GitRepo {
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
    const m = /^(\d+) (blob|tree|commit) [0-9a-f]+\t(.*)$/s.exec(first);
    if (!m || m[3] !== path) return null;
    return { mode: m[1] as string, type: m[2] as 'blob' | 'tree' | 'commit' };
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
    showBytes: async (sha, path) => {
      await ensure(sha);
      try {
        return new Uint8Array(await gitBytes(cwd, ['cat-file', 'blob', `${sha}:${path}`]));
      } catch {
        return null;
      }
    },
    entry,
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
      if (!found) return { status: 'missing' };
      if (found.mode !== '120000') {
        if (found.type === 'commit')
          return { status: 'refused', reason: 'is a submodule, which evalgate does not read' };
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
  return {
    locate,
    exists: async (path) => (await need(path, 'file')) !== null,
    readBytes: async (path) => {
      const real = await need(path, 'file');
      const bytes = real === null ? null : await repo.showBytes(sha, real);
      if (bytes === null)
        throw new ConfigError({ file: path }, `evalgate: "${path}" does not exist at ${sha.slice(0, 7)}`);
      return bytes;
    },
    listFolders: async (path) => {
      const real = await need(path, 'folder');
      return real === null ? null : repo.folders(sha, real);
    },
    // A committed file comes out of git whole; the base's datasets were reviewed.
    readStream: async (path) => {
      const real = await need(path, 'file');
      const bytes = real === null ? null : await repo.showBytes(sha, real);
      if (bytes === null)
        throw new ConfigError({ file: path }, `evalgate: "${path}" does not exist at ${sha.slice(0, 7)}`);
      return (async function* () {
        yield bytes;
      })();
    },
  };
}
