/**
 * The action's inputs, read once into a frozen, validated object (docs/design/architecture.md, house style 2).
 * API keys are never inputs: they reach the engine as the environment variables the
 * config names.
 */
import * as core from '@actions/core';
import { ConfigError } from '../core/errors.ts';
import { REPORT_LANGUAGES, type ReportLanguage } from '../core/report/messages.ts';

/** The validated inputs. */
export interface ActionInputs {
  config: string;
  githubToken: string;
  mode: 'run' | 'baseline' | 'shard' | 'merge';
  /** mode shard: which slice, i/n. */
  shard: string | null;
  /** mode shard and merge: the id all shards of the run share. */
  runId: string;
  /** mode merge: the shards' output directories. */
  mergeDirs: string[];
  comment: boolean;
  reportLanguage: ReportLanguage | null;
  onInconclusive: 'warn' | 'fail' | 'pass' | null;
  workingDirectory: string;
  outDir: string;
  cacheDir: string | null;
  forceAll: boolean;
  /** Run pull requests with their own config, endpoints and gate included (refused on forks and pull_request_target). */
  trustPrConfig: boolean;
  /** The artifact the workflow uploads report.html in, named in the comment; null when none is. */
  reportArtifact: string | null;
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ConfigError(
      { file: 'action inputs', path: name },
      `input "${name}": expected one of ${allowed.join(', ')}, got ${JSON.stringify(value)}`,
    );
  }
  return value as T;
}

function bool(name: string, fallback: boolean): boolean {
  const v = core.getInput(name).trim().toLowerCase();
  if (v === '') return fallback;
  if (['true', 'yes', '1'].includes(v)) return true;
  if (['false', 'no', '0'].includes(v)) return false;
  throw new ConfigError(
    { file: 'action inputs', path: name },
    `input "${name}": expected true or false, got ${JSON.stringify(v)}`,
  );
}

/** Reads and checks the inputs. */
export function readInputs(): Readonly<ActionInputs> {
  const onInconclusive = core.getInput('on-inconclusive');
  const cacheDir = core.getInput('cache-dir');
  return Object.freeze({
    config: core.getInput('config') || 'evalgate.yml',
    githubToken: core.getInput('github-token'),
    mode: oneOf('mode', core.getInput('mode') || 'run', ['run', 'baseline', 'shard', 'merge'] as const),
    shard: core.getInput('shard') || null,
    // Not the attempt: re-running the failed shards of a run makes a new attempt, and its
    // shards must still merge with those the first attempt finished.
    runId: core.getInput('run-id') || `gh-${process.env['GITHUB_RUN_ID'] ?? 'local'}`,
    mergeDirs: core.getMultilineInput('merge-dirs').filter((d) => d.trim() !== ''),
    comment: bool('comment', true),
    reportLanguage:
      core.getInput('report-language') === ''
        ? null
        : oneOf('report-language', core.getInput('report-language'), REPORT_LANGUAGES),
    onInconclusive:
      onInconclusive === '' ? null : oneOf('on-inconclusive', onInconclusive, ['warn', 'fail', 'pass'] as const),
    workingDirectory: core.getInput('working-directory') || '.',
    outDir: core.getInput('out-dir') || 'evalgate-out',
    cacheDir: cacheDir === '' ? null : cacheDir,
    forceAll: bool('force-all', false),
    trustPrConfig: bool('trust-pr-config', false),
    reportArtifact: core.getInput('report-artifact').trim() || null,
  });
}
