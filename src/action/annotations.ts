/**
 * Workflow annotations: a configuration error as `::error file=…,line=…,col=…::` so
 * GitHub marks the line in the pull request's files, a `::warning` for every suite whose
 * verdict needs a reader's attention, and a one-line `::notice` with the verdict. Paths
 * are made relative to the repository (GITHUB_WORKSPACE), as the runner expects, from the
 * error's own location — never by re-parsing its message.
 */
import type * as core from '@actions/core';
import { posix } from 'node:path';
import type { SuiteComparison } from '../core/compare/index.ts';
import type { ConfigError } from '../core/errors.ts';
import type { RunSummary } from '../core/summary.ts';
import { count } from '../core/report/plural.ts';
import * as log from './log.ts';

/** Where an annotation points, relative to the repository. */
export interface AnnotationPlace {
  file?: string;
  line?: number;
  column?: number;
  title?: string;
}

// Locations that name an input or a step, not a file in the repository.
const NOT_FILES = new Set(['action inputs', 'command line', 'merge', 'workflow']);

/**
 * The repository-relative path of a file named in a ConfigError: the config itself is
 * named as given (relative to working-directory); other files are relative to the config.
 */
export function repositoryPathOf(file: string, paths: { workingDirectory: string; config: string }): string | null {
  if (NOT_FILES.has(file) || posix.isAbsolute(file.split('\\').join('/'))) return null;
  const wd = paths.workingDirectory.split('\\').join('/');
  const config = paths.config.split('\\').join('/');
  const joined =
    file === paths.config ? posix.join(wd, config) : posix.join(wd, posix.dirname(config), file.split('\\').join('/'));
  const normal = posix.normalize(joined).replace(/^\.\//, '');
  return normal.startsWith('../') || normal === '..' ? null : normal;
}

function properties(place: AnnotationPlace): core.AnnotationProperties {
  return {
    ...(place.title ? { title: place.title } : {}),
    ...(place.file ? { file: place.file } : {}),
    ...(place.file && place.line !== undefined ? { startLine: place.line } : {}),
    ...(place.file && place.line !== undefined && place.column !== undefined ? { startColumn: place.column } : {}),
  };
}

/** Emits a `::warning`, at a file and line when given. For any part of the action to call. */
export function emitWarning(message: string, place: AnnotationPlace = {}): void {
  log.warning(message, properties(place));
}

/** Emits a `::notice`, at a file and line when given. */
export function emitNotice(message: string, place: AnnotationPlace = {}): void {
  log.notice(message, properties(place));
}

/** Emits a configuration error as an annotation on the file and line it names. */
export function annotateConfigError(
  error: ConfigError,
  paths: { workingDirectory: string; config: string } | null,
): void {
  const file = paths ? repositoryPathOf(error.location.file, paths) : null;
  log.error(
    error.message,
    properties({
      ...(file ? { file } : {}),
      ...(error.location.line !== undefined ? { line: error.location.line } : {}),
      ...(error.location.column !== undefined ? { column: error.location.column } : {}),
    }),
  );
}

const WARN_TEXT: Partial<Record<SuiteComparison['verdict'], string>> = {
  inconclusive: 'inconclusive: the data cannot tell a real drop from noise at this size',
  'no-baseline':
    'no baseline on the base branch, so nothing was compared; run mode: baseline on the default branch and commit baselines/',
  'stale-baseline':
    'the baseline was measured with a different instrument (metrics, scorer or judge changed); refresh it with mode: baseline',
};

/** A warning per suite that needs attention, and one notice with the verdict. */
export function annotateOutcome(summary: RunSummary, comparisons: readonly SuiteComparison[]): void {
  for (const c of comparisons) {
    const text = WARN_TEXT[c.verdict];
    if (text) emitWarning(`evalgate: suite ${c.name}: ${text}.`, { title: `evalgate: ${c.verdict}` });
  }
  const regressed = summary.suites.filter((s) => s.verdict === 'regression').map((s) => s.name);
  emitNotice(
    `evalgate: ${summary.verdict} — ${count(summary.suites.length, 'suite')} compared${regressed.length ? `, regressed: ${regressed.join(', ')}` : ''}.`,
  );
}
