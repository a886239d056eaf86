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
import { posix } from 'node:path';
import { promisify } from 'node:util';
import { ConfigError } from '../core/errors.ts';
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
  /** The commit a revision names (a branch, a tag, a sha), or null when it names none. */
  resolveCommit(revision: string): Promise<string | null>;
  /**
   * The last `limit` commits on the first-parent line from `sha` that changed anything
   * under `path`, newest first, each with the files under `path` it changed.
   */
  log(sha: string, path: string, limit: number): Promise<CommitChange[]>;
  /** Whether the clone is shallow (history stops at a grafted commit). */
  isShallow(): Promise<boolean>;
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
    await git(cwd, ['fetch', '--no-tags', '--depth=200', 'origin', sha]);
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
  };
}
