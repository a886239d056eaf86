/**
 * The orchestration both edges share (CLI and action): load and check everything first,
 * then run the selected suites, store results, compare with baselines, and produce the
 * report, summary and exit code. No I/O of its own: every effect goes through a port.
 */
import type { Clock, CodeRunner, Logger, ModelClient, ModelRequest, RunStore, Workspace } from '../ports.ts';
import { adjustAcrossSuites, compareWithBaseline, overallVerdict, type SuiteComparison } from './compare.ts';
import { parseConfig, type GateConfig, type LoadedConfig, type ProviderConfig, type SuiteConfig } from './config.ts';
import { ConfigError } from './errors.ts';
import { renderReport } from './report/markdown.ts';
import type { ReportLanguage } from './report/messages.ts';
import { planSuite, type SuitePlan } from './plan.ts';
import { rejudgeResult, rejudgeRunId } from './rejudge.ts';
import { pricingFor } from './pricing.ts';
import { planResume, startLogText, type RecordLogHeader } from './record-log.ts';
import { mergeShardParts, shardCases, type ShardPart, type ShardSpec } from './shard.ts';
import { validateResult } from './results.ts';
import { runSuite } from './run-suite.ts';
import { exitCodeFor, summarize, type RunSummary } from './summary.ts';
import { loadSuite, selectSuites, type CodeRunners, type LoadedSuite } from './suites.ts';
import type { CaseRecord, SuiteResult } from './types.ts';

/** What the engine needs from the edge. */
export interface EngineDeps {
  workspace: Workspace;
  store: RunStore;
  clock: Clock;
  logger: Logger;
  toolVersion: string;
  newRunId(): string;
  /** Builds the client of a provider; throws a ConfigError when it cannot (missing key). */
  createClient(name: string, provider: ProviderConfig): ModelClient;
  /** Starts the code runner of a round-trip executor (closed by the engine when the run ends). */
  createCodeRunner?(executor: 'pyodide' | 'unsafe-host-python', timeoutMs: number): CodeRunner;
  /** Called when a suite starts (with records already finished when resuming) and as each record finishes. */
  onSuiteStart?(suite: string, total: number, alreadyDone: number): void;
  onRecord?(suite: string, record: CaseRecord): void;
  scriptedNotice?: string;
  /** The report's language (default en). */
  language?: ReportLanguage;
}

/** Options of `evalgate run`. */
export interface RunOptions {
  configText: string;
  configFile: string;
  suites: readonly string[];
  updateBaseline: boolean;
  /** Ignore what a previous run into the same output finished. */
  fresh?: boolean;
  /** Suites in the config that are deliberately not run (unchanged by the PR). */
  notRun?: readonly { name: string; reason: string }[];
  /** Overrides every suite's on-inconclusive (the action's input). */
  onInconclusive?: GateConfig['on-inconclusive'];
  /** The run's id (shards of one run share it); default a fresh one. */
  runId?: string;
  /** Run one slice of every suite; results are partial until `evalgate merge`. */
  shard?: ShardSpec;
}

/** The outcome of a run or a comparison. */
export interface RunOutcome {
  summary: RunSummary;
  report: string;
  exitCode: number;
  comparisons: SuiteComparison[];
  results: Map<string, SuiteResult>;
  baselinesWritten: string[];
}

/** Parses the config and loads every selected suite, without calling any model. */
export async function validateWorkspace(configText: string, configFile: string, suites: readonly string[], workspace: Workspace): Promise<{ loaded: LoadedConfig; suites: LoadedSuite[] }> {
  const loaded = parseConfig(configText, configFile);
  const selected = selectSuites(loaded, suites);
  const problems: string[] = [];
  const out: LoadedSuite[] = [];
  for (const { index } of selected) {
    try {
      out.push(await loadSuite(loaded, index, workspace));
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(...error.problems);
    }
  }
  if (problems.length > 0) throw new ConfigError({ file: configFile }, problems.join('\n'), problems);
  return { loaded, suites: out };
}

/** The gate of a suite: the file's gate with the suite's overrides (and the caller's on-inconclusive). */
export function gateFor(loaded: LoadedConfig, suite: SuiteConfig, onInconclusive?: GateConfig['on-inconclusive']): GateConfig {
  return { ...loaded.config.gate, ...(suite.gate ?? {}), ...(onInconclusive ? { 'on-inconclusive': onInconclusive } : {}) } as GateConfig;
}

/** `evalgate run`: everything checked first, then suites run one after another. */
export async function runEvaluation(options: RunOptions, deps: EngineDeps): Promise<RunOutcome> {
  const { loaded, suites } = await validateWorkspace(options.configText, options.configFile, options.suites, deps.workspace);
  // Build every client and read every baseline before any call, so a missing key or a
  // broken baseline stops the run before it spends anything.
  const clients = new Map<string, ModelClient>();
  for (const s of suites) {
    for (const name of s.providers) {
      if (!clients.has(name)) clients.set(name, deps.createClient(name, loaded.config.providers[name] as ProviderConfig));
    }
  }
  const baselines = new Map<string, SuiteResult | null>();
  for (const s of suites) baselines.set(s.config.name, await readBaseline(deps.store, s.config.name));
  // Code runners (round-trip) start on first use and are closed however the run ends.
  const codeRunners = new Map<string, CodeRunner>();
  const runners: CodeRunners = (executor, timeoutMs) => {
    const key = `${executor}:${timeoutMs}`;
    let runner = codeRunners.get(key);
    if (!runner) {
      if (!deps.createCodeRunner) throw new Error('this edge provides no code runner');
      runner = deps.createCodeRunner(executor, timeoutMs);
      codeRunners.set(key, runner);
    }
    return runner;
  };
  const prepared = suites.map((s) => ({ loaded: s, suite: s.prepare((name) => clients.get(name) as ModelClient, baselines.get(s.config.name) ?? null, runners) }));

  const comparisons: SuiteComparison[] = [];
  const results = new Map<string, SuiteResult>();
  const baselinesWritten: string[] = [];
  try {
    for (const { loaded: ls, suite: whole } of prepared) {
      const sliced = options.shard ? shardCases(whole.cases, options.shard) : null;
      const suite = sliced ? { ...whole, cases: sliced.cases } : whole;
      const total = suite.cases.length * suite.repeats;
      deps.logger.info(`${suite.name}: ${suite.cases.length} cases × ${suite.repeats} repeat(s) against ${clients.get(ls.config.provider)?.label ?? ''}`);
      const identity = {
        suite: suite.name, tested: `${suite.tested.hash}${options.shard ? `#${options.shard.index}/${options.shard.count}` : ''}`,
        instrument: suite.instrument.hash, repeats: suite.repeats, cases: new Map(suite.cases.map((c) => [c.id, c.inputHash])),
      };
      let resume = options.fresh ? null : planResume(await deps.store.readRecordLog(suite.name), identity);
      if (resume && options.runId !== undefined && resume.header.runId !== options.runId) resume = null;
      const header: RecordLogHeader = resume?.header ?? {
        type: 'evalgate-record-log', version: 1, suite: suite.name, runId: options.runId ?? deps.newRunId(), startedAt: deps.clock.nowIso(),
        tested: identity.tested, instrument: suite.instrument.hash,
      };
      if (resume) {
        deps.logger.info(`${suite.name}: resuming run ${header.runId}: ${resume.finished.length} of ${total} records already finished${resume.droppedLines ? ` (${resume.droppedLines} unreadable line dropped)` : ''}`);
      }
      deps.onSuiteStart?.(suite.name, total, resume?.finished.length ?? 0);
      const sink = await deps.store.startRecordLog(suite.name, startLogText(header, resume?.finished ?? []));
      const result = await runSuite(suite, {
        sink, clock: deps.clock, logger: deps.logger, toolVersion: deps.toolVersion, runId: header.runId, startedAt: header.startedAt,
        finished: resume?.finished ?? [],
        onRecord: (record) => deps.onRecord?.(suite.name, record),
      });
      if (sliced) {
        // A slice is not compared: one decision is made over all slices by `evalgate merge`.
        await deps.store.writeResult(suite.name, serializeResult({ ...result, shard: sliced.info }));
        deps.logger.info(`${suite.name}: shard ${sliced.info.index}/${sliced.info.count} of run ${header.runId} written (${sliced.info.caseIds.length} of ${sliced.info.totalCases} cases); merge all shards with "evalgate merge"`);
        results.set(suite.name, result);
        continue;
      }
      await deps.store.writeResult(suite.name, serializeResult(result));
      results.set(suite.name, result);
      const baseline = baselines.get(suite.name) ?? null;
      const comparison = compareWithBaseline(baseline, result, gateFor(loaded, ls.config, options.onInconclusive));
      comparisons.push(comparison);
      if (options.updateBaseline) {
        if (comparison.verdict === 'error') {
          deps.logger.warn(`${suite.name}: baseline not updated, because the run has errors over tolerance`);
        } else {
          await deps.store.writeBaseline(suite.name, serializeResult(result));
          baselinesWritten.push(suite.name);
        }
      }
    }
  } finally {
    await Promise.all([...codeRunners.values()].map((r) => r.close()));
  }
  if (options.shard) {
    const summary = summarize('pass', []);
    return { summary, report: '', exitCode: 0, comparisons: [], results, baselinesWritten: [] };
  }
  return finish(comparisons, results, baselinesWritten, deps, baselines, options.notRun ?? []);
}

/** `evalgate merge`: join the shards of one run, then compare and report as an unsharded run would. */
export async function mergeShards(
  parts: readonly ShardPart[], gate: (suite: string) => GateConfig,
  deps: Pick<EngineDeps, 'store' | 'scriptedNotice' | 'language'>,
  options: { order?: readonly string[]; onInconclusive?: GateConfig['on-inconclusive']; notRun?: readonly { name: string; reason: string }[] } = {},
): Promise<RunOutcome> {
  const { onInconclusive } = options;
  const bySuite = new Map<string, ShardPart[]>();
  for (const p of parts) bySuite.set(p.result.suite.name, [...(bySuite.get(p.result.suite.name) ?? []), p]);
  // The config's order, as an unsharded run reports; suites it does not list go last.
  const rank = (name: string): number => {
    const i = options.order?.indexOf(name) ?? -1;
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const pairs: { baseline: SuiteResult | null; candidate: SuiteResult }[] = [];
  for (const [name, suiteParts] of [...bySuite].sort((a, b) => rank(a[0]) - rank(b[0]) || (a[0] < b[0] ? -1 : 1))) {
    const merged = mergeShardParts(suiteParts);
    await deps.store.writeResult(name, serializeResult(merged));
    pairs.push({ baseline: await readBaseline(deps.store, name), candidate: merged });
  }
  return compareStored(pairs, (suite) => ({ ...gate(suite), ...(onInconclusive ? { 'on-inconclusive': onInconclusive } : {}) }), deps, options.notRun ?? []);
}

/** Options of `evalgate rejudge`. */
export interface RejudgeRunOptions {
  configText: string;
  configFile: string;
  stored: SuiteResult;
  judges: readonly string[];
  updateBaseline: boolean;
}

/** `evalgate rejudge`: judge stored answers again, compare with the baseline, report. */
export async function rejudgeStored(options: RejudgeRunOptions, deps: EngineDeps): Promise<RunOutcome> {
  const { loaded, suites } = await validateWorkspace(options.configText, options.configFile, [options.stored.suite.name], deps.workspace);
  const suite = suites[0] as LoadedSuite;
  const judgeNames = options.judges.length > 0 ? options.judges : (suite.judging?.judges ?? []);
  const clients = new Map<string, ModelClient>();
  for (const name of judgeNames) {
    const provider = loaded.config.providers[name];
    if (provider) clients.set(name, deps.createClient(name, provider));
  }
  const result = await rejudgeResult({
    loaded, suite, stored: options.stored, judges: options.judges, clients: (name) => clients.get(name) as ModelClient,
    runId: rejudgeRunId(options.stored, judgeNames), toolVersion: deps.toolVersion, now: () => deps.clock.nowIso(),
  });
  await deps.store.writeResult(result.suite.name, serializeResult(result));
  const baseline = await readBaseline(deps.store, result.suite.name);
  const comparison = compareWithBaseline(baseline, result, gateFor(loaded, suite.config));
  const written: string[] = [];
  if (options.updateBaseline && comparison.verdict !== 'error') {
    await deps.store.writeBaseline(result.suite.name, serializeResult(result));
    written.push(result.suite.name);
  }
  return finish([comparison], new Map([[result.suite.name, result]]), written, deps, new Map([[result.suite.name, baseline]]));
}

/** What `evalgate plan` needs from the edge. */
export interface PlanDeps {
  workspace: Workspace;
  countTokens(text: string): number;
  /** Whether the response cache already holds a request to a provider; null without a cache. */
  isCached: ((provider: string, config: ProviderConfig, request: ModelRequest) => Promise<boolean>) | null;
}

/** `evalgate plan`: the suites, calls, tokens and cost a run would have, calling nothing. */
export async function planEvaluation(configText: string, configFile: string, suiteNames: readonly string[], deps: PlanDeps): Promise<SuitePlan[]> {
  const { loaded, suites } = await validateWorkspace(configText, configFile, suiteNames, deps.workspace);
  const noCalls: ModelClient = {
    label: 'plan (makes no calls)',
    complete: () => Promise.resolve({ status: 'error', error: { kind: 'config', message: 'evalgate plan makes no calls' }, latencyMs: 0 }),
  };
  const plans: SuitePlan[] = [];
  for (const s of suites) {
    const providerName = s.config.provider;
    const provider = loaded.config.providers[providerName] as ProviderConfig;
    const isCached = deps.isCached;
    plans.push(await planSuite(
      s.prepare(() => noCalls), provider.model, pricingFor(provider), deps.countTokens,
      isCached ? (request) => isCached(providerName, provider, request) : null,
    ));
  }
  return plans;
}

/** `evalgate compare`: stored results only, no model. */
export async function compareStored(
  pairs: readonly { baseline: SuiteResult | null; candidate: SuiteResult }[], gate: (suite: string) => GateConfig,
  deps: Pick<EngineDeps, 'store' | 'scriptedNotice' | 'language'>, notRun: readonly { name: string; reason: string }[] = [],
): Promise<RunOutcome> {
  const comparisons = pairs.map((p) => compareWithBaseline(p.baseline, p.candidate, gate(p.candidate.suite.name)));
  const results = new Map(pairs.map((p) => [p.candidate.suite.name, p.candidate]));
  return finish(comparisons, results, [], deps, new Map(pairs.map((p) => [p.candidate.suite.name, p.baseline])), notRun);
}

async function finish(
  comparisons: SuiteComparison[], results: Map<string, SuiteResult>, baselinesWritten: string[],
  deps: Pick<EngineDeps, 'store' | 'scriptedNotice' | 'language'>, baselines: ReadonlyMap<string, SuiteResult | null>,
  notRun: readonly { name: string; reason: string }[] = [],
): Promise<RunOutcome> {
  // The suites of one run are one family of tests: adjust before any verdict is read.
  adjustAcrossSuites(comparisons);
  const verdict = overallVerdict(comparisons.map((c) => c.verdict));
  const report = renderReport({
    verdict, comparisons, results, baselines, notRun, language: deps.language ?? 'en',
    ...(deps.scriptedNotice ? { scriptedNotice: deps.scriptedNotice } : {}),
  });
  const summary = summarize(verdict, comparisons, notRun);
  await deps.store.writeReport(report);
  await deps.store.writeSummary(`${JSON.stringify(summary, null, 2)}\n`);
  return { summary, report, exitCode: exitCodeFor(verdict, comparisons), comparisons, results, baselinesWritten };
}

async function readBaseline(store: RunStore, suite: string): Promise<SuiteResult | null> {
  const text = await store.readBaseline(suite);
  if (text === null) return null;
  return parseResultText(text, `${store.describe().baselines}/${suite}.json`);
}

/** Parses a stored result file, naming it when it is not one. */
export function parseResultText(text: string, file: string): SuiteResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ConfigError({ file }, `${file}: not valid JSON (${(error as Error).message}); restore it from git or regenerate it with --update-baseline`);
  }
  return validateResult(value, file);
}

/** A result file's text: two-space JSON with a final newline, for readable diffs. */
export function serializeResult(result: SuiteResult): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}
