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
import { homedir, tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { createFsRunStore, createFsWorkspace, locatePath, readResultFile } from '../adapters/fs-store.ts';
import { SymlinkRefusedError } from '../adapters/confined-dir.ts';
import { createGitWorkspace, openGitRepo, repositoryRoot, type GitRepo } from '../adapters/git.ts';
import { sandboxCacheDir } from '../adapters/code-runners.ts';
import { budgetLimits } from '../adapters/providers.ts';
import { createCallingDeps } from '../adapters/run-deps.ts';
import { parseConfig, type LoadedConfig } from '../core/config/load.ts';
import {
  compareStored,
  mergeShards,
  runEvaluation,
  selectAffected,
  suiteGates,
  type RunOutcome,
} from '../core/engine.ts';
import { kindOf } from '../core/kinds/index.ts';
import { DEFAULT_PR_CALLS } from '../core/pr-budget.ts';
import { applyTrustedConfig, type TrustDecision } from '../core/trust.ts';
import { parseShard, type ShardPart } from '../core/shard.ts';
import { ConfigError, MissingKeyError } from '../core/errors.ts';
import { readBaselineHistory } from '../adapters/baseline-history.ts';
import { trendOf } from '../core/history.ts';
import { withHtmlPointer } from '../core/report/html.ts';
import { fitReport } from '../core/report/markdown.ts';
import type { TrendPoint } from '../core/report/trend.ts';
import { messagesFor, type ReportLanguage } from '../core/report/messages.ts';
import { count, noun } from '../core/report/plural.ts';
import { codeBlock, inlineCode } from '../core/report/sanitize.ts';
import { maskSecrets, stampReport } from '../core/report/status.ts';
import { failingSuites } from '../core/summary.ts';
import type { RunStore, Workspace } from '../ports.ts';
import { annotateConfigError, annotateOutcome } from './annotations.ts';
import { commentTargetOf, markNotEvaluated, secretValues, writeComment } from './comment.ts';
import { explainGitHubError, pullRequestOf, type PullRequestInfo } from './github.ts';
import { eventOf, requirePullRequestCheckout, TRUSTED_CHECKOUT_EVENTS } from './pull-request.ts';
import { readInputs, type ActionInputs } from './inputs.ts';
import * as log from './log.ts';

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
    else
      log.error(`evalgate: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = core.ExitCode.Failure;
    if (inputs) {
      const reason =
        error instanceof ConfigError
          ? error.message
          : `internal error: ${error instanceof Error ? error.message : String(error)}`;
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
    await core.summary
      .addRaw(
        `## evalgate: not evaluated\n\n${codeBlock(maskSecrets(reason, secretValues(process.env, inputs.githubToken)), 4000)}\n`,
      )
      .write();
  } catch (error) {
    log.warning(`evalgate: could not write the job summary: ${error instanceof Error ? error.message : String(error)}`);
  }
  const pr = github.context.eventName.startsWith('pull_request') ? pullRequestOf(github.context) : null;
  if (!pr || !inputs.comment || !(inputs.mode === 'run' || inputs.mode === 'merge')) return;
  try {
    const target = await commentTargetOf(
      {
        token: inputs.githubToken,
        workingDirectory: inputs.workingDirectory,
        config: inputs.config,
        language: inputs.reportLanguage ?? 'en',
      },
      pr,
    );
    const written = await markNotEvaluated(target, reason);
    if (written.kind === 'updated')
      log.info(
        `Updated the report comment to say commit ${pr.headSha.slice(0, 7)} could not be evaluated: ${written.url}`,
      );
    if (written.kind === 'kept-newer')
      log.info(
        `The report comment already describes a newer run (commit ${written.existing.sha.slice(0, 7)}); left it as it is.`,
      );
  } catch (error) {
    log.warning(`${explainGitHubError(error, 'Updating the pull-request comment')}`);
  }
}

interface Evaluated {
  outcome: RunOutcome;
  outDir: string;
  pr: PullRequestInfo | null;
  language: ReportLanguage;
}

async function evaluate(inputs: Readonly<ActionInputs>): Promise<Evaluated | null> {
  const workspaceDir = resolve(process.env['GITHUB_WORKSPACE'] ?? '.', inputs.workingDirectory);
  const configPath = resolve(workspaceDir, inputs.config);
  const root = dirname(configPath);
  const outDir = resolve(workspaceDir, inputs.outDir);
  const event = eventOf(github.context);
  const git = openGitRepo(workspaceDir);
  const repoRoot = (await repositoryRoot(workspaceDir)) ?? workspaceDir;
  const pr = event.pr;
  const comparing = inputs.mode === 'run' || inputs.mode === 'shard' || inputs.mode === 'merge';

  if (event.range === null && !TRUSTED_CHECKOUT_EVENTS.includes(event.name) && !inputs.trustPrConfig) {
    throw new ConfigError(
      { file: 'workflow', path: 'on' },
      `evalgate: on the ${event.name} event nothing tells which commit is trusted, and such workflows often check out a pull request's head with the repository's secrets; run evalgate on pull_request, pull_request_target (see examples/workflows/fork-prs.yml), merge_group or push, or set trust-pr-config: true if this checkout is trusted`,
    );
  }
  if (inputs.trustPrConfig && (event.target || event.fork)) {
    throw new ConfigError(
      { file: 'action inputs', path: 'trust-pr-config' },
      `input "trust-pr-config": refused on ${event.target ? 'pull_request_target' : 'a pull request from a fork'}, where the pull request's author is not trusted with the repository's secrets; remove the input`,
    );
  }
  if (event.target && pr) await requirePullRequestCheckout(git, pr);

  // The config file itself must lie inside the repository (it may be a symlink within it).
  const configWhere = await locatePath(repoRoot, repoRoot, relative(repoRoot, configPath));
  if (configWhere.status === 'refused')
    throw new ConfigError({ file: inputs.config }, `evalgate: ${inputs.config} ${configWhere.reason}`);
  if (configWhere.status === 'missing') {
    throw new ConfigError(
      { file: inputs.config },
      `evalgate: ${inputs.config} does not exist in ${inputs.workingDirectory}; set the "config" input, or run "npx evalgate init" to create one`,
    );
  }
  // On pull requests an out-dir inside the checkout is walked from the repository root:
  // no folder or file on the way may be a symlink the pull request committed.
  const fsStore = createFsRunStore(
    outDir,
    join(root, 'baselines'),
    event.range !== null && isInside(repoRoot, outDir) ? { anchor: repoRoot, shown: '' } : undefined,
  );
  try {
    await fsStore.prepare();
  } catch (error) {
    if (!(error instanceof SymlinkRefusedError)) throw error;
    throw new ConfigError(
      { file: 'action inputs', path: 'out-dir' },
      `input "out-dir": ${relative(repoRoot, outDir) || '.'} passes through a symlink in the checkout (${error.refused}), which a pull request could point anywhere; nothing was written. On pull requests use a folder outside the repository, e.g. \${{ runner.temp }}/evalgate-out`,
    );
  }
  const configText = await readFile(configPath, 'utf8');
  const head = parseConfig(configText, inputs.config);
  const configRel = relative(repoRoot, configPath).split(sep).join('/');
  const configDir = relative(repoRoot, root).split(sep).join('/');
  const workspace = createFsWorkspace(root, repoRoot);

  // Pull requests and merge queues are judged by the base commit's config (core/trust.ts).
  const range = event.range;
  const trusted = range !== null && !inputs.trustPrConfig;
  let loaded = head;
  let base: LoadedConfig | null = null;
  let baseFiles: Workspace | null = null;
  let decision: TrustDecision | null = null;
  const messages: string[] = [];
  // The input wins over the config's report.language (presentation only: read from the PR's config).
  const language: ReportLanguage = inputs.reportLanguage ?? head.config.report?.language ?? 'en';
  const m = messagesFor(language);
  if (range) {
    const baseText = await git.show(range.base, configRel);
    if (baseText !== null) {
      try {
        base = parseConfig(baseText, `${inputs.config} at ${range.base.slice(0, 7)}`);
      } catch (error) {
        if (!(error instanceof ConfigError) || !trusted) throw error;
        throw new ConfigError(
          { file: inputs.config },
          `evalgate: the base commit's ${inputs.config} is invalid, and a pull request is judged by it:\n${error.message}`,
        );
      }
      baseFiles = createGitWorkspace(git, range.base, configDir);
    }
  }
  if (trusted) {
    if (base === null) {
      if (event.fork || event.target || event.name === 'merge_group') {
        return notRunAtAll(
          `The base branch has no ${inputs.config}, so nothing in this ${event.name === 'merge_group' ? "merge group's" : "pull request's"} configuration can be trusted: a pull request from a fork, on pull_request_target or in a merge queue cannot bring its own endpoints, keys or gate. Merge the configuration from a pull request of this repository first.`,
        );
      }
      messages.push(m.trust.noBaseConfig(inlineCode(configRel)));
    } else {
      decision = applyTrustedConfig(head, base);
      loaded = decision.loaded;
      for (const change of decision.changes)
        log.warning(`evalgate: this pull request changes ${change.path}: ${change.note}.`, { file: configRel });
    }
  } else if (range && inputs.trustPrConfig) {
    messages.push(m.trust.prConfigTrusted);
  }
  if (event.target) {
    const unsafe = loaded.config.suites
      .map((s) => ({ name: s.name, executor: kindOf(s.kind).unsafeExecutor?.(s) ?? null }))
      .filter((s) => s.executor !== null);
    if (unsafe.length > 0)
      throw new ConfigError(
        { file: inputs.config },
        `evalgate: suite(s) ${unsafe.map((s) => s.name).join(', ')} use executor ${[...new Set(unsafe.map((s) => s.executor))].join(', ')}, which is refused on pull_request_target: model code steered by a stranger's prompts would run on the host next to the repository's secrets; use the pyodide sandbox`,
      );
  }
  // Keys reach us through the environment; make sure they never appear in a log.
  for (const provider of [...Object.values(head.config.providers), ...Object.values(base?.config.providers ?? {})]) {
    const key = process.env[provider['api-key-env']];
    if (key) core.setSecret(key);
  }

  let suites: string[] = [];
  const notRun: { name: string; reason: string }[] = [...(decision?.notRun ?? [])];
  for (const n of decision?.notRun ?? []) log.warning(`evalgate: ${n.name} not run: it ${n.reason}.`);
  let store: RunStore = fsStore;
  const instrument = trusted && baseFiles ? baseFiles : undefined;
  const removed = decision?.removed ?? [];
  if (range && comparing) {
    if (!inputs.forceAll) {
      const changed = await git.changedFiles(range.base, range.head);
      const affected = await selectAffected(loaded, base, changed, workspace, {
        ...(instrument ? { instrument } : {}),
        removed,
        attributesChanged: (files) => git.attributesChanged(range.base, range.head, files),
        // Only what each suite reads matters here: cases are counted, and a dataset past the budget stops.
        cases: { keep: false, maxRows: prCallBudget(loaded) },
      });
      for (const name of affected.run) log.info(`${name}: runs (${affected.reasons[name]})`);
      for (const u of affected.unchanged) log.info(`${u.name}: unchanged by this pull request, not run`);
      suites = [...affected.run, ...affected.gone.map((g) => g.name)];
      notRun.push(...affected.unchanged);
    }
    store = baselinesFromCommit(store, git, range.base, configDir === '' ? 'baselines' : `${configDir}/baselines`);
  }

  // Nothing inside the checkout stands in for a model call: on pull requests the response
  // cache lives outside it, and the record log is never resumed.
  const cacheDir = resolveCacheDir(inputs, workspaceDir, repoRoot, range !== null);
  // "Committed" means tracked by git: an ignored, untracked folder (a restored cache) is not.
  if (range) {
    for (const dir of [join(root, '.evalgate', 'cache'), join(outDir, 'results')]) {
      if (!isInside(repoRoot, dir)) continue;
      const rel = relative(repoRoot, dir).split(sep).join('/');
      const files = (await git.trackedFiles(rel)).length;
      if (files > 0) messages.push(m.trust.committedIgnored(inlineCode(rel), files));
    }
  }
  const trends =
    range && (inputs.mode === 'run' || inputs.mode === 'merge')
      ? await baselineTrends(git, range.base, configDir, loaded)
      : undefined;
  const deps = {
    ...createCallingDeps(process.env, inputs.config, loaded.config, { cacheDir, budget: budgetLimits(loaded.config) }),
    workspace,
    store,
    logger: { info: (m: string) => log.info(m), warn: (m: string) => log.warning(m) },
    language,
    ...(trends ? { trends } : {}),
  };
  const notices = { untrusted: decision?.changes ?? [], messages };
  if (inputs.mode === 'merge') {
    const parts: ShardPart[] = [];
    for (const dir of await expandDirs(workspaceDir, inputs.mergeDirs)) {
      for (const file of await resultFiles(dir))
        parts.push({ source: relative(workspaceDir, dir) || dir, result: await readResultFile(file) });
    }
    // Fail closed: a suite the run should have evaluated but no shard reported (its jobs
    // failed, or an artifact was not downloaded) must not pass by being absent.
    const expected = pr && comparing && !inputs.forceAll ? suites : loaded.config.suites.map((s) => s.name);
    const missing = expected.filter((name) => !parts.some((p) => p.result.suite.name === name));
    if (missing.length > 0) {
      throw new ConfigError(
        { file: 'action inputs', path: 'merge-dirs' },
        `input "merge-dirs": no shard results for ${noun(missing.length, 'suite')} ${missing.join(', ')} in ${inputs.mergeDirs.join(', ') || '(none listed)'}; a shard job failed or its artifact was not downloaded. Re-run the failed shard jobs (the run id stays the same), then merge again`,
      );
    }
    if (parts.length === 0) {
      if (notRun.length > 0)
        return { outcome: await compareStored([], () => loaded.config.gate, deps, notRun), outDir, pr, language };
      throw new ConfigError(
        { file: 'action inputs', path: 'merge-dirs' },
        'input "merge-dirs": no shard results found; download every shard\'s artifact and list the directories (one per line, or dir/* for all under a folder)',
      );
    }
    const outcome = await mergeShards(parts, suiteGates(loaded), deps, {
      order: loaded.config.suites.map((s) => s.name),
      notRun,
      ...(inputs.onInconclusive ? { onInconclusive: inputs.onInconclusive } : {}),
    });
    return { outcome, outDir, pr, language };
  }
  const selected = range !== null && comparing && !inputs.forceAll;
  if (selected && suites.length === 0) {
    log.info('No suite is affected by this pull request.');
    if (inputs.mode === 'shard') return null;
    return { outcome: await compareStored([], () => loaded.config.gate, deps, notRun), outDir, pr, language };
  }
  const shard = inputs.mode === 'shard' ? parseShard(inputs.shard ?? '') : null;
  try {
    const outcome = await runEvaluation(
      {
        loaded,
        suites,
        updateBaseline: inputs.mode === 'baseline',
        notRun,
        fresh: range !== null,
        removed,
        onRemovedSuite: loaded.config.gate['on-removed-suite'],
        notices,
        // A pull request's calls are paid with the repository's key: bounded before any call.
        ...(range !== null && inputs.mode !== 'baseline' ? { maxPlannedCalls: prCallBudget(loaded) } : {}),
        ...(instrument ? { instrument } : {}),
        ...(trusted && base && baseFiles ? { base: { loaded: base, workspace: baseFiles } } : {}),
        ...(inputs.onInconclusive ? { onInconclusive: inputs.onInconclusive } : {}),
        ...(shard ? { shard, runId: inputs.runId } : {}),
      },
      deps,
    );
    if (shard) {
      log.info(
        `Shard ${shard.index}/${shard.count} of run ${inputs.runId} written to ${outDir}; upload it as an artifact for the merge job.`,
      );
      core.setOutput('verdict', 'shard-written');
      return null;
    }
    return { outcome, outDir, pr, language };
  } catch (error) {
    if (error instanceof MissingKeyError) {
      await explainMissingKey(inputs, error.message, pr);
      return null;
    }
    throw error;
  }
}

/**
 * The response cache's folder: the input, else ~/.cache/evalgate/responses (or
 * $RUNNER_TEMP when that is inside the checkout) — always outside the repository by
 * default, so no run reads a cache a commit could have brought. On pull requests and
 * merge queues the input must lie outside it too (a PR could commit entries into it).
 */
function resolveCacheDir(
  inputs: Readonly<ActionInputs>,
  workspaceDir: string,
  repoRoot: string,
  pullRequest: boolean,
): string {
  const inside = (dir: string): boolean => isInside(repoRoot, dir);
  if (inputs.cacheDir !== null) {
    const dir = resolve(workspaceDir, inputs.cacheDir);
    if (pullRequest && inside(dir)) {
      throw new ConfigError(
        { file: 'action inputs', path: 'cache-dir' },
        `input "cache-dir": ${inputs.cacheDir} is inside the repository, where a pull request could commit cache entries; on pull requests use a folder outside it, e.g. \${{ runner.temp }}/evalgate-cache, and restore it with actions/cache`,
      );
    }
    return dir;
  }
  const fromHome = join(
    dirname(sandboxCacheDir(process.env) ?? join(homedir(), '.cache', 'evalgate', 'sandbox')),
    'responses',
  );
  if (!inside(fromHome)) return fromHome;
  return join(process.env['RUNNER_TEMP'] ?? tmpdir(), 'evalgate-cache');
}

/** The calls a pull request may plan: the (base's) budget.max-pr-calls, else the default. */
function prCallBudget(loaded: LoadedConfig): number {
  return loaded.config.budget?.['max-pr-calls'] ?? DEFAULT_PR_CALLS;
}

function isInside(root: string, dir: string): boolean {
  const rel = relative(root, dir);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** Ends without evaluating: the job summary says why; the verdict is skipped. */
async function notRunAtAll(why: string): Promise<null> {
  await core.summary.addRaw(['## evalgate: not run', '', why].join('\n')).write();
  log.warning(`evalgate did not run: ${why}`);
  core.setOutput('verdict', 'skipped');
  return null;
}

/** Directories named by merge-dirs; `dir/*` stands for every folder inside dir. */
async function expandDirs(workspace: string, entries: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const entry of entries) {
    if (entry.endsWith('/*')) {
      const parent = resolve(workspace, entry.slice(0, -2));
      const names = await readdir(parent, { withFileTypes: true }).catch(() => []);
      out.push(
        ...names
          .filter((d) => d.isDirectory())
          .map((d) => join(parent, d.name))
          .sort(),
      );
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
      const files = names
        .filter((n) => n.endsWith('.json') && n !== 'summary.json')
        .sort()
        .map((n) => join(candidate, n));
      if (files.length > 0) return files;
    }
  }
  return [];
}

/** Baselines shown as a trend in the comment: the last few of each suite. */
const TREND_POINTS = 5;

/**
 * Each suite's last baselines on the base commit's first-parent line, for the trend line
 * of the comment. Informational: a history that cannot be read is a warning, and the
 * report goes out without it.
 */
async function baselineTrends(
  git: GitRepo,
  base: string,
  configDir: string,
  loaded: LoadedConfig,
): Promise<Map<string, TrendPoint[]> | undefined> {
  try {
    const { histories } = await readBaselineHistory(git, {
      sha: base,
      dir: configDir === '' ? 'baselines' : `${configDir}/baselines`,
      limit: 30,
      suites: loaded.config.suites.map((s) => s.name),
      options: () => ({ confidence: 0.95, resamples: 0 }),
      perSuite: TREND_POINTS,
    });
    return new Map(histories.map((h) => [h.suite, trendOf(h, TREND_POINTS)]));
  } catch (error) {
    log.warning(
      `evalgate: the history of baselines/ could not be read for the trend line (${error instanceof Error ? error.message : String(error)}); the report has none`,
    );
    return undefined;
  }
}

/** A store whose baselines are read from the base commit, not from the PR's files. */
function baselinesFromCommit(store: RunStore, git: GitRepo, sha: string, dir: string): RunStore {
  return {
    ...store,
    readBaseline: (suite) => git.show(sha, `${dir}/${suite}.json`),
    describe: () => ({ ...store.describe(), baselines: `${dir} at ${sha.slice(0, 7)}` }),
  };
}

async function explainMissingKey(
  inputs: Readonly<ActionInputs>,
  message: string,
  pr: PullRequestInfo | null,
): Promise<void> {
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
      ? "A maintainer can run the evaluation by pushing the branch to this repository, or with the `pull_request_target` workflow of examples/workflows/fork-prs.yml: it checks out the fork's head without credentials behind an approval label, and evalgate then takes endpoints, keys, gate and instrument from the base branch."
      : 'Add the key as a repository secret and pass it as an environment variable: `env: { OPENAI_API_KEY: ${{ secrets.OPENAI_API_KEY }} }`.',
  ].join('\n');
  await core.summary.addRaw(text).write();
  log.warning(
    fork
      ? 'evalgate did not run: no API key on a pull request from a fork (see the job summary).'
      : 'evalgate did not run: no API key (see the job summary).',
  );
  core.setOutput('verdict', 'skipped');
  // An earlier push's verdict must not stand as if it were about this commit.
  if (pr) await reportNotEvaluated(inputs, `no model API key: ${message.replace(/^evalgate: /, '')}`);
}

async function publish(inputs: Readonly<ActionInputs>, evaluated: Evaluated): Promise<void> {
  const { outcome, outDir, pr } = evaluated;
  const language = evaluated.language;
  let note = '';
  if (pr && inputs.comment && (inputs.mode === 'run' || inputs.mode === 'merge')) {
    try {
      const target = await commentTargetOf(
        { token: inputs.githubToken, workingDirectory: inputs.workingDirectory, config: inputs.config, language },
        pr,
      );
      const report = inputs.reportArtifact
        ? withHtmlPointer(
            outcome.report,
            inputs.reportArtifact,
            target.stamp.run !== null && target.links.run ? { id: target.stamp.run, url: target.links.run } : null,
            language,
          )
        : outcome.report;
      const body = fitReport(stampReport(report, target.marker, target.stamp, target.links, language), language);
      // A pull request that changes no suite gets no new comment; an existing one is updated.
      // One that removes a suite, or fails the check, always gets one: the author must see why.
      const create =
        outcome.comparisons.length > 0 ||
        outcome.summary.notRun.some((n) => n.reason === 'removed') ||
        outcome.exitCode !== 0;
      const written = await writeComment(target, body, { create });
      if (written.kind === 'created' || written.kind === 'updated')
        log.info(`${written.kind === 'created' ? 'Posted' : 'Updated'} the report comment: ${written.url}`);
      if (written.kind === 'kept-newer') {
        log.warning(
          `The report comment already describes a newer run (commit ${written.existing.sha.slice(0, 7)}, run ${written.existing.run ?? '?'} attempt ${written.existing.attempt}); this older run left it as it is.`,
        );
        note = `\n> [!NOTE]\n> The pull-request comment was not updated: it already describes a newer run (commit \`${written.existing.sha.slice(0, 7)}\`).\n`;
      }
      if (written.kind === 'none')
        note =
          '\n> [!NOTE]\n> No pull-request comment was posted: this pull request changes no suite and has no evalgate comment yet.\n';
    } catch (error) {
      log.warning(`${explainGitHubError(error, 'Writing the pull-request comment')} The report is in the job summary.`);
    }
  }
  await core.summary
    .addRaw(fitReport(`${outcome.report}${note}`, language, STEP_SUMMARY_BYTES, { size: utf8Bytes, target: 'summary' }))
    .write();
  const s = outcome.summary;
  core.setOutput('verdict', s.verdict);
  core.setOutput(
    'regressed-suites',
    s.suites
      .filter((x) => x.verdict === 'regression')
      .map((x) => x.name)
      .join(','),
  );
  core.setOutput('failing-suites', failingSuites(outcome.comparisons).join(','));
  core.setOutput(
    'changes',
    JSON.stringify(
      Object.fromEntries(s.suites.map((x) => [x.name, { change: x.change, interval: x.interval, verdict: x.verdict }])),
    ),
  );
  core.setOutput('report-path', join(outDir, 'report.md'));
  core.setOutput('html-report-path', join(outDir, 'report.html'));
  core.setOutput('summary-path', join(outDir, 'summary.json'));
  if (inputs.mode !== 'baseline') annotateOutcome(s, outcome.comparisons);
  for (const { name, judgeManipulation: j } of s.suites) {
    if (j)
      log.warning(
        `evalgate: ${name}: possible attempts to influence the judge in ${count(j.cases, 'case')}: ${j.caseIds.slice(0, 10).join(', ')}${j.cases > 10 ? ', …' : ''} (listed in the report).`,
      );
  }
  if (outcome.baselinesWritten.length > 0)
    log.info(
      `Baselines written: ${outcome.baselinesWritten.map((n) => `baselines/${n}.json`).join(', ')} — commit them in a following step.`,
    );
  // Refreshing baselines accepts the new numbers by design: only a failed run fails it.
  const failing = inputs.mode === 'baseline' ? s.verdict === 'error' : outcome.exitCode !== 0;
  if (failing)
    log.setFailed(
      `evalgate: ${s.verdict}${
        s.verdict === 'regression' || s.verdict === 'below-floor'
          ? ` (${s.suites
              .filter((x) => x.verdict === s.verdict)
              .map(
                (x) =>
                  `${x.name}${(x.floors ?? [])
                    .filter((f) => !f.met)
                    .map((f) => `, ${f.metric} ${f.value ?? 'none'} < ${f.min}`)
                    .join('')}`,
              )
              .join('; ')})`
          : ''
      }`,
    );
}
