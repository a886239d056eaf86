/**
 * `evalgate history`: each suite's metric over the commits that changed its baseline —
 * printed as a table, and written to --out as history.md, history.html (a chart and a
 * table per suite), history.svg and history.json. Reads git only; calls no model.
 */
import { realpath, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { ensureWritableFolder, writeFileAtomic } from '../adapters/fs-store.ts';
import { readBaselineHistory } from '../adapters/baseline-history.ts';
import { openGitRepo, repositoryRoot } from '../adapters/git.ts';
import { suiteGates } from '../core/engine.ts';
import { ConfigError } from '../core/errors.ts';
import { renderHistoryHtml, renderHistoryMarkdown, renderHistorySvg } from '../core/history.ts';
import { viewMessagesFor } from '../core/report/views-messages.ts';
import type { Command } from './args.ts';
import { readOptionalConfig } from './config-file.ts';

/** Resamples of each baseline's interval: enough for a chart's band, far fewer than the gate's. */
const HISTORY_RESAMPLES = 2000;

/** Runs `evalgate history`; exit 0 when the history was read (even when it is empty). */
export async function historyCommand(command: Extract<Command, { name: 'history' }>): Promise<number> {
  const loaded = await readOptionalConfig(command.config, command.configGiven);
  const baselineDir = resolve(command.baselineDir ?? join(dirname(resolve(command.config)), 'baselines'));
  const fail = (path: string, message: string): ConfigError =>
    new ConfigError({ file: 'command line', path }, `evalgate: ${message}`);
  const where = await repositoryPath(baselineDir);
  if (where === null)
    throw fail(
      '--baseline-dir',
      `history reads the git history of ${baselineDir}, which is not inside a git repository; run it in the repository's checkout, or pass --baseline-dir`,
    );
  const { root, dir } = where;
  if (dir === '..' || dir.startsWith('../') || isAbsolute(dir))
    throw fail('--baseline-dir', `${baselineDir} is outside the repository at ${root}`);
  const repo = openGitRepo(root);
  const sha = await repo.resolveCommit(command.ref);
  if (sha === null)
    throw fail(
      '--ref',
      `--ref ${JSON.stringify(command.ref)} names no commit of ${root}; give a branch, tag or commit`,
    );
  const gates = suiteGates(loaded);
  const { histories, commits } = await readBaselineHistory(repo, {
    sha,
    dir,
    limit: command.limit,
    suites: command.suites,
    options: (suite) => ({ confidence: gates(suite).confidence, resamples: HISTORY_RESAMPLES }),
  });
  const language = command.language ?? loaded?.config.report?.language ?? 'en';
  const shallow = await repo.isShallow();
  const meta = {
    path: dir === '' ? '.' : `${dir}/`,
    ref: command.ref,
    confidence: gates('').confidence,
    shallowFrom: shallow ? (commits[commits.length - 1] ?? sha) : null,
  };
  const out = await ensureWritableFolder(command.out, '--out');
  const markdown = renderHistoryMarkdown(histories, meta, language);
  await writeFileAtomic(join(out, 'history.md'), markdown);
  await writeFileAtomic(join(out, 'history.html'), renderHistoryHtml(histories, meta, language));
  await writeFileAtomic(join(out, 'history.svg'), renderHistorySvg(histories, language));
  await writeFileAtomic(
    join(out, 'history.json'),
    `${JSON.stringify({ path: meta.path, ref: command.ref, commit: sha, shallow, suites: histories }, null, 2)}\n`,
  );
  process.stdout.write(`${markdown}\n${viewMessagesFor(language).history.written(join(out, 'history.html'))}\n`);
  return 0;
}

/**
 * The repository holding a folder and the folder's path in it ('/'-separated). The folder
 * need not exist in the checkout: a removed baselines folder still has a history.
 */
async function repositoryPath(path: string): Promise<{ root: string; dir: string } | null> {
  let existing = path;
  const tail: string[] = [];
  for (;;) {
    try {
      await stat(existing);
      break;
    } catch {
      const up = dirname(existing);
      if (up === existing) return null;
      tail.unshift(basename(existing));
      existing = up;
    }
  }
  const real = await realpath(existing);
  const root = await repositoryRoot(real);
  if (root === null) return null;
  const dir = [
    relative(await realpath(root), real)
      .split(sep)
      .join('/'),
    ...tail,
  ]
    .filter((p) => p !== '')
    .join('/');
  return { root, dir };
}
