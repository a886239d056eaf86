/**
 * The action edge: read the inputs and the event, decide which suites the pull request
 * affects, run them with the engine (baselines read from the base commit), and publish
 * the report three ways — one PR comment updated in place, the job summary, and files —
 * then set outputs and fail the step on a failing verdict. `run()` owns the one
 * try/catch and is the only place that fails the job.
 */
import * as core from '@actions/core';
import * as github from '@actions/github';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { createFsRunStore, createFsWorkspace } from '../adapters/fs-store.ts';
import { openGitRepo, type GitRepo } from '../adapters/git.ts';
import { createCodeRunnerFactory, sandboxCacheDir } from '../adapters/code-runners.ts';
import { createClientFactory } from '../adapters/providers.ts';
import { newRunId, systemClock } from '../adapters/system.ts';
import { affectedSuites } from '../core/affected.ts';
import { parseConfig } from '../core/config.ts';
import { compareStored, gateFor, mergeShards, parseResultText, runEvaluation, type RunOutcome } from '../core/engine.ts';
import { parseShard, type ShardPart } from '../core/shard.ts';
import type { GateConfig } from '../core/config.ts';
import { ConfigError, MissingKeyError } from '../core/errors.ts';
import { fitReport } from '../core/report/markdown.ts';
import { codeBlock } from '../core/report/sanitize.ts';
import { maskSecrets, stampReport } from '../core/report/status.ts';
import type { RunStore } from '../ports.ts';
import { TOOL_VERSION } from '../version.ts';
import { annotateConfigError, annotateOutcome } from './annotations.ts';
import { commentTargetOf, markNotEvaluated, secretValues, writeComment } from './comment.ts';
import { explainGitHubError, pullRequestOf, type PullRequestInfo } from './github.ts';
import { readInputs, type ActionInputs } from './inputs.ts';

/** GitHub's limit on one step's job summary is 1 MiB; stay a little under it. */
const STEP_SUMMARY_BYTES = 1_000_000;
const utf8Bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

/** Runs the action. */
export async function run(): Promise<void> {
  let inputs: Readonly<ActionInputs> | null = null;
  try {
    inputs = readInputs();
    const outcome = await evaluate(inputs);
    if (outcome) await publish(inputs, outcome);
  } catch (error) {
    // A config error is annotated on its file and line; anything else is ours, with its stack.
    if (error instanceof ConfigError) annotateConfigError(error, inputs);
    else core.error(`evalgate: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = core.ExitCode.Failure;
    if (inputs) {
      const reason = error instanceof ConfigError ? error.message : `internal error: ${error instanceof Error ? error.message : String(error)}`;
      await reportNotEvaluated(inputs, reason);
    }
  }
}

/**
 * After a failure before any verdict: say so in the job summary, and turn an existing
 * report comment into "could not evaluate this commit", so no earlier verdict stands as
 * if it were about this commit. Never throws: the failure being reported comes first.
 */
async function reportNotEvaluated(inputs: Readonly<ActionInputs>, reason: string): Promise<void> {
  try {
    await core.summary.addRaw(`## evalgate: not evaluated\n\n${codeBlock(maskSecrets(reason, secretValues(process.env, inputs.githubToken)), 4000)}\n`).write();
  } catch (error) {
    core.warning(`evalgate: could not write the job summary: ${error instanceof Error ? error.message : String(error)}`);
  }
  const pr = github.context.eventName.startsWith('pull_request') ? pullRequestOf(github.context) : null;
  if (!pr || !inputs.comment || !(inputs.mode === 'run' || inputs.mode === 'merge')) return;
  try {
    const target = await commentTargetOf({ token: inputs.githubToken, workingDirectory: inputs.workingDirectory, config: inputs.config, language: inputs.reportLanguage }, pr);
    const written = await markNotEvaluated(target, reason);
    if (written.kind === 'updated') core.info(`Updated the report comment to say commit ${pr.headSha.slice(0, 7)} could not be evaluated: ${written.url}`);
    if (written.kind === 'kept-newer') core.info(`The report comment already describes a newer run (commit ${written.existing.sha.slice(0, 7)}); left it as it is.`);
  } catch (error) {
    core.warning(`${explainGitHubError(error, 'Updating the pull-request comment')}`);
  }
}

interface Evaluated {
  outcome: RunOutcome;
  outDir: string;
  pr: PullRequestInfo | null;
}

async function evaluate(inputs: Readonly<ActionInputs>): Promise<Evaluated | null> {
  const workspace = resolve(process.env['GITHUB_WORKSPACE'] ?? '.', inputs.workingDirectory);
  const configPath = resolve(workspace, inputs.config);
  const root = dirname(configPath);
  const outDir = resolve(workspace, inputs.outDir);
  let configText: string;
  try {
    configText = await readFile(configPath, 'utf8');
  } catch {
    throw new ConfigError({ file: inputs.config }, `evalgate: ${inputs.config} does not exist in ${inputs.workingDirectory}; set the "config" input, or run "npx evalgate init" to create one`);
  }
  const loaded = parseConfig(configText, inputs.config);
  // Keys reach us through the environment; make sure they never appear in a log.
  for (const provider of Object.values(loaded.config.providers)) {
    const key = process.env[provider['api-key-env']];
    if (key) core.setSecret(key);
  }

  const pr = github.context.eventName.startsWith('pull_request') ? pullRequestOf(github.context) : null;
  const comparing = inputs.mode === 'run' || inputs.mode === 'shard' || inputs.mode === 'merge';
  const git = openGitRepo(root);
  let suites: string[] = [];
  let notRun: { name: string; reason: string }[] = [];
  let store: RunStore = createFsRunStore(outDir, join(root, 'baselines'));
  if (pr && comparing) {
    const repoRoot = await git.root();
    const configRel = relative(repoRoot, configPath).split('\\').join('/');
    const configDir = relative(repoRoot, root).split('\\').join('/');
    if (!inputs.forceAll) {
      const changed = await git.changedFiles(pr.baseSha, pr.headSha);
      const affected = affectedSuites(loaded, await git.show(pr.baseSha, configRel), changed, configDir);
      for (const name of affected.run) core.info(`${name}: runs (${affected.reasons[name]})`);
      for (const u of affected.unchanged) core.info(`${u.name}: unchanged by this pull request, not run`);
      suites = affected.run;
      notRun = affected.unchanged;
    }
    store = baselinesFromCommit(store, git, pr.baseSha, configDir === '' ? 'baselines' : `${configDir}/baselines`);
  }

  const cacheDir = resolve(workspace, inputs.cacheDir ?? join(relative(workspace, root) || '.', '.evalgate', 'cache'));
  const deps = {
    workspace: createFsWorkspace(root), store, clock: systemClock, toolVersion: TOOL_VERSION, newRunId,
    logger: { info: (m: string) => core.info(m), warn: (m: string) => core.warning(m) },
    createClient: createClientFactory(process.env, inputs.config, { cacheDir }),
    createCodeRunner: createCodeRunnerFactory({ snapshotCacheDir: sandboxCacheDir(process.env) }),
    language: inputs.reportLanguage,
  };
  if (inputs.mode === 'merge') {
    const parts: ShardPart[] = [];
    for (const dir of await expandDirs(workspace, inputs.mergeDirs)) {
      for (const file of await resultFiles(dir)) parts.push({ source: relative(workspace, dir) || dir, result: parseResultText(await readFile(file, 'utf8'), file) });
    }
    // Fail closed: a suite the run should have evaluated but no shard reported (its jobs
    // failed, or an artifact was not downloaded) must not pass by being absent.
    const expected = pr && comparing && !inputs.forceAll ? suites : loaded.config.suites.map((s) => s.name);
    const missing = expected.filter((name) => !parts.some((p) => p.result.suite.name === name));
    if (missing.length > 0) {
      throw new ConfigError({ file: 'action inputs', path: 'merge-dirs' }, `input "merge-dirs": no shard results for suite${missing.length === 1 ? '' : 's'} ${missing.join(', ')} in ${inputs.mergeDirs.join(', ') || '(none listed)'}; a shard job failed or its artifact was not downloaded. Re-run the failed shard jobs (the run id stays the same), then merge again`);
    }
    if (parts.length === 0) {
      if (notRun.length > 0) return { outcome: await compareStored([], () => loaded.config.gate, deps, notRun), outDir, pr };
      throw new ConfigError({ file: 'action inputs', path: 'merge-dirs' }, 'input "merge-dirs": no shard results found; download every shard\'s artifact and list the directories (one per line, or dir/* for all under a folder)');
    }
    const gate = (suite: string): GateConfig => {
      const entry = loaded.config.suites.find((s) => s.name === suite);
      return entry ? gateFor(loaded, entry) : loaded.config.gate;
    };
    const outcome = await mergeShards(parts, gate, deps, {
      order: loaded.config.suites.map((s) => s.name), notRun, ...(inputs.onInconclusive ? { onInconclusive: inputs.onInconclusive } : {}),
    });
    return { outcome, outDir, pr };
  }
  const selected = pr && comparing && !inputs.forceAll;
  if (selected && suites.length === 0) {
    core.info('No suite is affected by this pull request.');
    if (inputs.mode === 'shard') return null;
    return { outcome: await compareStored([], () => loaded.config.gate, deps, notRun), outDir, pr };
  }
  const shard = inputs.mode === 'shard' ? parseShard(inputs.shard ?? '') : null;
  try {
    const outcome = await runEvaluation({
      configText, configFile: inputs.config, suites, updateBaseline: inputs.mode === 'baseline', notRun,
      ...(inputs.onInconclusive ? { onInconclusive: inputs.onInconclusive } : {}),
      ...(shard ? { shard, runId: inputs.runId } : {}),
    }, deps);
    if (shard) {
      core.info(`Shard ${shard.index}/${shard.count} of run ${inputs.runId} written to ${outDir}; upload it as an artifact for the merge job.`);
      core.setOutput('verdict', 'shard-written');
      return null;
    }
    return { outcome, outDir, pr };
  } catch (error) {
    if (error instanceof MissingKeyError) {
      await explainMissingKey(inputs, error.message, pr);
      return null;
    }
    throw error;
  }
}

/** Directories named by merge-dirs; `dir/*` stands for every folder inside dir. */
async function expandDirs(workspace: string, entries: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const entry of entries) {
    if (entry.endsWith('/*')) {
      const parent = resolve(workspace, entry.slice(0, -2));
      const names = await readdir(parent, { withFileTypes: true }).catch(() => []);
      out.push(...names.filter((d) => d.isDirectory()).map((d) => join(parent, d.name)).sort());
    } else {
      out.push(resolve(workspace, entry));
    }
  }
  return out;
}

/** The result files in a shard's output directory (or its results/ folder). */
async function resultFiles(dir: string): Promise<string[]> {
  for (const candidate of [join(dir, 'results'), dir]) {
    const names = await readdir(candidate).catch(() => null);
    if (names) {
      const files = names.filter((n) => n.endsWith('.json') && n !== 'summary.json').sort().map((n) => join(candidate, n));
      if (files.length > 0) return files;
    }
  }
  return [];
}

/** A store whose baselines are read from the base commit, not from the PR's files. */
function baselinesFromCommit(store: RunStore, git: GitRepo, sha: string, dir: string): RunStore {
  return {
    ...store,
    readBaseline: (suite) => git.show(sha, `${dir}/${suite}.json`),
    describe: () => ({ ...store.describe(), baselines: `${dir} at ${sha.slice(0, 7)}` }),
  };
}

async function explainMissingKey(inputs: Readonly<ActionInputs>, message: string, pr: PullRequestInfo | null): Promise<void> {
  const fork = pr?.fromFork === true;
  const text = [
    '## evalgate: not run',
    '',
    fork
      ? 'This pull request comes from a fork, and GitHub does not pass repository secrets to workflows run for forks, so no model API key is available. Nothing was evaluated and nothing failed.'
      : 'No model API key is available to this workflow, so nothing was evaluated.',
    '',
    `Details: ${message.replace(/^evalgate: /, '')}`,
    '',
    fork
      ? 'A maintainer can run the evaluation by pushing the branch to this repository, or with a `pull_request_target` workflow that checks out the fork\'s code only for evaluation (never run its scripts with secrets).'
      : 'Add the key as a repository secret and pass it as an environment variable: `env: { OPENAI_API_KEY: ${{ secrets.OPENAI_API_KEY }} }`.',
  ].join('\n');
  await core.summary.addRaw(text).write();
  core.warning(fork ? 'evalgate did not run: no API key on a pull request from a fork (see the job summary).' : 'evalgate did not run: no API key (see the job summary).');
  core.setOutput('verdict', 'skipped');
  // An earlier push's verdict must not stand as if it were about this commit.
  if (pr) await reportNotEvaluated(inputs, `no model API key: ${message.replace(/^evalgate: /, '')}`);
}

async function publish(inputs: Readonly<ActionInputs>, evaluated: Evaluated): Promise<void> {
  const { outcome, outDir, pr } = evaluated;
  const language = inputs.reportLanguage;
  let note = '';
  if (pr && inputs.comment && (inputs.mode === 'run' || inputs.mode === 'merge')) {
    try {
      const target = await commentTargetOf({ token: inputs.githubToken, workingDirectory: inputs.workingDirectory, config: inputs.config, language }, pr);
      const body = fitReport(stampReport(outcome.report, target.marker, target.stamp, target.links, language), language);
      // A pull request that changes no suite gets no new comment; an existing one is updated.
      const written = await writeComment(target, body, { create: outcome.comparisons.length > 0 });
      if (written.kind === 'created' || written.kind === 'updated') core.info(`${written.kind === 'created' ? 'Posted' : 'Updated'} the report comment: ${written.url}`);
      if (written.kind === 'kept-newer') {
        core.warning(`The report comment already describes a newer run (commit ${written.existing.sha.slice(0, 7)}, run ${written.existing.run ?? '?'} attempt ${written.existing.attempt}); this older run left it as it is.`);
        note = `\n> [!NOTE]\n> The pull-request comment was not updated: it already describes a newer run (commit \`${written.existing.sha.slice(0, 7)}\`).\n`;
      }
      if (written.kind === 'none') note = '\n> [!NOTE]\n> No pull-request comment was posted: this pull request changes no suite and has no evalgate comment yet.\n';
    } catch (error) {
      core.warning(`${explainGitHubError(error, 'Writing the pull-request comment')} The report is in the job summary.`);
    }
  }
  await core.summary.addRaw(fitReport(`${outcome.report}${note}`, language, STEP_SUMMARY_BYTES, { size: utf8Bytes, target: 'summary' })).write();
  const s = outcome.summary;
  core.setOutput('verdict', s.verdict);
  core.setOutput('regressed-suites', s.suites.filter((x) => x.verdict === 'regression').map((x) => x.name).join(','));
  core.setOutput('changes', JSON.stringify(Object.fromEntries(s.suites.map((x) => [x.name, { change: x.change, interval: x.interval, verdict: x.verdict }]))));
  core.setOutput('report-path', join(outDir, 'report.md'));
  core.setOutput('summary-path', join(outDir, 'summary.json'));
  if (inputs.mode !== 'baseline') annotateOutcome(s, outcome.comparisons);
  if (outcome.baselinesWritten.length > 0) core.info(`Baselines written: ${outcome.baselinesWritten.map((n) => `baselines/${n}.json`).join(', ')} — commit them in a following step.`);
  // Refreshing baselines accepts the new numbers by design: only a failed run fails it.
  const failing = inputs.mode === 'baseline' ? s.verdict === 'error' : outcome.exitCode !== 0;
  if (failing) core.setFailed(`evalgate: ${s.verdict}${s.verdict === 'regression' ? ` (${s.suites.filter((x) => x.verdict === 'regression').map((x) => x.name).join(', ')})` : ''}`);
}
