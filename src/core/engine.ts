/**
 * The orchestration both edges share (CLI and action): load and check everything first,
 * then run the selected suites, store results, compare with baselines, and produce the
 * report, summary and exit code. No I/O of its own: every effect goes through a port.
 */
import type { Clock, Logger, ModelClient, RunStore, Workspace } from '../ports.ts';
import { compareWithBaseline, overallVerdict, type SuiteComparison } from './compare.ts';
import { parseConfig, type GateConfig, type LoadedConfig, type ProviderConfig, type SuiteConfig } from './config.ts';
import { ConfigError } from './errors.ts';
import { renderReport } from './report/markdown.ts';
import { validateResult } from './results.ts';
import { runSuite } from './run-suite.ts';
import { exitCodeFor, summarize, type RunSummary } from './summary.ts';
import { loadSuite, selectSuites, type LoadedSuite } from './suites.ts';
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
  /** Called as each record finishes, for progress. */
  onRecord?(suite: string, record: CaseRecord, total: number): void;
  scriptedNotice?: string;
}

/** Options of `evalgate run`. */
export interface RunOptions {
  configText: string;
  configFile: string;
  suites: readonly string[];
  updateBaseline: boolean;
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

/** The gate of a suite: the file's gate with the suite's overrides. */
export function gateFor(loaded: LoadedConfig, suite: SuiteConfig): GateConfig {
  return { ...loaded.config.gate, ...(suite.gate ?? {}) } as GateConfig;
}

/** `evalgate run`: everything checked first, then suites run one after another. */
export async function runEvaluation(options: RunOptions, deps: EngineDeps): Promise<RunOutcome> {
  const { loaded, suites } = await validateWorkspace(options.configText, options.configFile, options.suites, deps.workspace);
  // Build every client before any call, so a missing key stops the run before it spends anything.
  const clients = new Map<string, ModelClient>();
  for (const s of suites) {
    const name = s.config.provider;
    if (!clients.has(name)) clients.set(name, deps.createClient(name, loaded.config.providers[name] as ProviderConfig));
  }
  const prepared = suites.map((s) => ({ loaded: s, suite: s.prepare((name) => clients.get(name) as ModelClient) }));

  const comparisons: SuiteComparison[] = [];
  const results = new Map<string, SuiteResult>();
  const baselinesWritten: string[] = [];
  for (const { loaded: ls, suite } of prepared) {
    const total = suite.cases.length * suite.repeats;
    deps.logger.info(`${suite.name}: ${suite.cases.length} cases × ${suite.repeats} repeat(s) against ${clients.get(ls.config.provider)?.label ?? ''}`);
    const sink = await deps.store.openRecordLog(suite.name);
    const result = await runSuite(suite, {
      sink, clock: deps.clock, logger: deps.logger, toolVersion: deps.toolVersion, runId: deps.newRunId(),
      onRecord: (record) => deps.onRecord?.(suite.name, record, total),
    });
    await deps.store.writeResult(suite.name, serializeResult(result));
    results.set(suite.name, result);
    const baseline = await readBaseline(deps.store, suite.name);
    const comparison = compareWithBaseline(baseline, result, gateFor(loaded, ls.config));
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
  return finish(comparisons, results, baselinesWritten, deps);
}

/** `evalgate compare`: stored results only, no model. */
export async function compareStored(
  pairs: readonly { baseline: SuiteResult | null; candidate: SuiteResult }[], gate: (suite: string) => GateConfig,
  deps: Pick<EngineDeps, 'store' | 'scriptedNotice'>,
): Promise<RunOutcome> {
  const comparisons = pairs.map((p) => compareWithBaseline(p.baseline, p.candidate, gate(p.candidate.suite.name)));
  const results = new Map(pairs.map((p) => [p.candidate.suite.name, p.candidate]));
  return finish(comparisons, results, [], deps);
}

async function finish(
  comparisons: SuiteComparison[], results: Map<string, SuiteResult>, baselinesWritten: string[],
  deps: Pick<EngineDeps, 'store' | 'scriptedNotice'>,
): Promise<RunOutcome> {
  const verdict = overallVerdict(comparisons.map((c) => c.verdict));
  const report = renderReport({ verdict, comparisons, results, ...(deps.scriptedNotice ? { scriptedNotice: deps.scriptedNotice } : {}) });
  const summary = summarize(verdict, comparisons);
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
