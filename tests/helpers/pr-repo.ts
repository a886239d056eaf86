/**
 * A git repository for runner-style pull-request tests: the shipped prompts and datasets,
 * a config, and baselines made by the CLI against a fake server, committed as the base.
 * Pull requests are commits on top of the base, checked out.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, runCli } from './cli.ts';

/** The repository and what tests do with it. */
export interface PrRepo {
  /** The folder holding the repository (files "outside the checkout" go here). */
  parent: string;
  repo: string;
  /** The base commit. */
  base: string;
  git(...args: string[]): string;
  /** A pull request: `change` applied on top of the base and committed; returns its sha. */
  pullRequest(name: string, change: () => Promise<void>): Promise<string>;
  editFile(path: string, edit: (text: string) => string): Promise<void>;
  cleanup(): Promise<void>;
}

/** Builds the base: files, `prepare` (e.g. symlinks), the config, baselines, one commit. */
export async function createPrRepo(options: {
  prefix: string;
  config: string;
  env: Record<string, string>;
  prepare?: (repo: string, parent: string) => Promise<void>;
}): Promise<PrRepo> {
  const parent = await mkdtemp(join(tmpdir(), options.prefix));
  const repo = join(parent, 'repo');
  await mkdir(repo);
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
  for (const p of ['prompts', 'eval-datasets']) await cp(join(ROOT, p), join(repo, p), { recursive: true });
  await options.prepare?.(repo, parent);
  await writeFile(join(repo, 'evalgate.yml'), options.config);
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'test@example.com');
  git('config', 'user.name', 'test');
  const made = await runCli(['run', '--update-baseline', '--no-cache', '--out', join(parent, 'base-out')], {
    cwd: repo,
    env: options.env,
  });
  assert.equal(made.code, 0, made.stderr);
  git('add', '-A');
  git('commit', '-q', '-m', 'base with baselines');
  const base = git('rev-parse', 'HEAD');
  return {
    parent,
    repo,
    base,
    git,
    pullRequest: async (name, change) => {
      git('checkout', '-q', '-f', '-B', name, base);
      git('clean', '-q', '-f', '-d');
      await change();
      git('add', '-A');
      git('commit', '-q', '--allow-empty', '-m', name);
      return git('rev-parse', 'HEAD');
    },
    editFile: async (path, edit) => writeFile(join(repo, path), edit(await readFile(join(repo, path), 'utf8'))),
    cleanup: () => rm(parent, { recursive: true, force: true }),
  };
}
