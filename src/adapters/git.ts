/**
 * Git at the edge: the files a pull request changed and files as they are at the base
 * commit (baselines and the config are read from the base, never from the PR's copy).
 * Missing history is fetched on demand, since actions/checkout fetches one commit.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Git operations on one repository. */
export interface GitRepo {
  root(): Promise<string>;
  /** Files changed between the merge base of `base` and `head`, and `head`. */
  changedFiles(base: string, head: string): Promise<string[]>;
  /** A file's text at a commit, or null when it does not exist there. */
  show(sha: string, path: string): Promise<string | null>;
  /** A commit's committer time (ISO 8601), or null when it is not in the repository. */
  commitTime(sha: string): Promise<string | null>;
}

async function git(cwd: string, args: string[]): Promise<string> {
  const { stdout } = await run('git', args, { cwd, maxBuffer: 256 * 1024 * 1024, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } });
  return stdout;
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
  return {
    root: async () => (await git(cwd, ['rev-parse', '--show-toplevel'])).trim(),
    changedFiles: async (base, head) => {
      await ensure(base);
      await ensure(head);
      let range = `${base}...${head}`;
      try {
        await git(cwd, ['merge-base', base, head]);
      } catch {
        range = `${base}..${head}`; // no merge base in the fetched history: compare the commits
      }
      const out = await git(cwd, ['diff', '--name-only', '--no-renames', range]);
      return out.split('\n').filter((l) => l !== '');
    },
    show: async (sha, path) => {
      await ensure(sha);
      try {
        return await git(cwd, ['show', `${sha}:${path}`]);
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
  };
}
