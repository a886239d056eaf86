/**
 * The orchestration both edges share (CLI and action): load and check everything first,
 * then run the selected suites, store results, compare with baselines, and produce the
 * report, summary and exit code. No I/O of its own: every effect goes through a port.
 *
 * The engine takes the configuration parsed: the edge reads and parses it once (the action
 * then decides which parts of a pull request's config apply, core/trust.ts) and hands the
 * result here, so there is one parse and one meaning of the file per run.
 */
import type {
  Authenticator,
  Clock,
  CodeRunner,
  LineSource,
  Logger,
  ModelClient,
  ModelRequest,
  RangeFile,
  RunStore,
  Workspace,
} from '../ports.ts';
import { affectedSuites, type AffectedSuites } from './affected.ts';
import {
  adjustAcrossSuites,
  applyFloors,
  compareWithBaseline,
  describeInstrumentChanges,
  floorProblem,
  overallVerdict,
  type SuiteComparison,
} from './compare/index.ts';
import type { LoadedConfig } from './config/load.ts';
import { DEFAULT_GATE, type GateConfig, type ProviderConfig, type SuiteConfig } from './config/common.ts';
import { ConfigError, configError, formatPath, formatProblem, type ConfigProblem } from './errors.ts';
import { CaseColumns, caseAt, caseHashAt, caseIdAt, type Cases } from './datasets/case-columns.ts';
import { checkResultKind, RecordChecks } from './kinds/index.ts';
import { hashValue } from './hash.ts';
import { junitChunks } from './report/junit.ts';
import { readStoredResult, ResultWriting, StoredRecordError, writtenFileText } from './stored-records.ts';
import { count } from './report/plural.ts';
import { renderReport, type ReportInput } from './report/markdown.ts';
import type { TrendPoint } from './report/trend.ts';
import { messagesFor, type ReportLanguage } from './report/messages.ts';
import { planSuite, type SuitePlan } from './plan.ts';
import { enforcePrBudget } from './pr-budget.ts';
import { pricingFor } from './pricing.ts';
import {
  planResume,
  readBackLog,
  readBackLogInPlace,
  recordSigner,
  startLogLines,
  type RecordLogHeader,
  type ResumePlan,
} from './record-log.ts';
import { mergeShardParts, shardCases, type ShardPart, type ShardSpec } from './shard.ts';
import { sameMeasurement, validateResult } from './results.ts';
import { parseResultLines, resultChunks, ResultLinesError } from './result-stream.ts';
import { assembleResult, runSuite, type PreparedSuite } from './run-suite.ts';
import { exitCodeFor, summarize, type RunSummary } from './summary.ts';
import { loadSuite, selectSuites, type CodeRunners, type LoadedSuite, type LoadOptions } from './suites.ts';
import type { RunNotices } from './trust.ts';
import type { CaseRecord, EvalCase, InstrumentIdentity, SuiteResult } from './types.ts';

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
  /**
   * Signs and verifies the record log (resume). Without one, nothing is resumed: a log
   * that cannot be authenticated never stands in for a model call.
   */
  authenticator?: Authenticator;
  /** How many response-cache entries failed authentication so far (for the report). */
  rejectedCacheEntries?(): number;
  /**
   * A fresh random token (16+ lowercase hex digits) for the delimiters of each judge
   * prompt; judged suites cannot run without it.
   */
  nonce?(material: string): string;
  /** How providers' requests were changed to suit their servers so far (for the report). */
  adaptations?(): { provider: string; notes: string[] }[];
  /** Each suite's last few baselines from the history of baselines/, shown as a trend in the report. */
  trends?: ReadonlyMap<string, readonly TrendPoint[]>;
}

/** What writing the reports needs from the edge (compare, merge and rejudge pass less than a run). */
export type ReportDeps = Pick<EngineDeps, 'store' | 'scriptedNotice' | 'language' | 'trends'> &
  Partial<Pick<EngineDeps, 'toolVersion'>>;

/** Options of `evalgate run`. */
export interface RunOptions {
  /** The parsed configuration (on pull requests, the effective one after the trust decision). */
  loaded: LoadedConfig;
  suites: readonly string[];
  updateBaseline: boolean;
  /** Ignore what a previous run into the same output finished. */
  fresh?: boolean;
  /** The largest baseline file kept through the calls instead of read again after them (KEEP_BASELINE_BYTES). */
  keepBaselineBytes?: number;
  /** Suites in the config that are deliberately not run (unchanged by the PR). */
  notRun?: readonly { name: string; reason: string }[];
  /** Overrides every suite's on-inconclusive (the action's input). */
  onInconclusive?: GateConfig['on-inconclusive'];
  /** The run's id (shards of one run share it); default a fresh one. */
  runId?: string;
  /** Run one slice of every suite; results are partial until `evalgate merge`. */
  shard?: ShardSpec;
  /** Where instrument files (judge templates) are read: the base commit on pull requests. */
  instrument?: Workspace;
  /**
   * The base commit's config and files: every case the base defines is measured, so a
   * pull request cannot shrink the comparison by deleting cases.
   */
  base?: { loaded: LoadedConfig; workspace: Workspace };
  /** Suites the pull request removed (run from the base's definition when their files still exist). */
  removed?: readonly string[];
  /** What `gate.on-removed-suite` says when a removed suite's files are gone too. */
  onRemovedSuite?: 'warn' | 'fail';
  /** Trust notes for the report. */
  notices?: RunNotices;
  /**
   * Pull requests: the most model calls the run may plan (core/pr-budget.ts); more fails
   * the run before any call.
   */
  maxPlannedCalls?: number;
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

/** A client for commands that call no model (validate, plan): every call is an error. */
const noCalls: ModelClient = {
  label: 'makes no calls',
  complete: () =>
    Promise.resolve({
      status: 'error',
      error: { kind: 'config', message: 'this command makes no model calls' },
      latencyMs: 0,
    }),
};

/**
 * Loads every selected suite of a parsed config (files, datasets, templates) and checks
 * their floors against what they measure, without calling any model. `options.cases.keep:
 * false` only counts the cases (validate: a dataset streams through, one row at a time).
 */
export async function validateWorkspace(
  loaded: LoadedConfig,
  suites: readonly string[],
  workspace: Workspace,
  options: LoadOptions = {},
): Promise<{ loaded: LoadedConfig; suites: LoadedSuite[] }> {
  const selected = (await loadSelected(loaded, suites, workspace, options)).suites;
  checkFloorSettings(
    loaded,
    selected
      .filter((s) => gateFor(loaded, s.config).min !== undefined)
      .map((s) => ({ index: s.index, config: s.config, instrument: s.prepare(() => noCalls).instrument })),
  );
  return { loaded, suites: selected };
}

/**
 * Floors (gate.min) that cannot be checked — on a metric the suite does not measure, or
 * on one that is better when lower — as one ConfigError naming each line, so a floor
 * never passes by measuring nothing. Runs before any model call.
 */
export function checkFloorSettings(
  loaded: LoadedConfig,
  suites: readonly { index: number; config: SuiteConfig; instrument: InstrumentIdentity }[],
): void {
  const problems: ConfigProblem[] = [];
  for (const s of suites) {
    for (const metric of Object.keys(gateFor(loaded, s.config).min ?? {})) {
      const problem = floorProblem(metric, s.instrument.metrics);
      if (problem === null) continue;
      const path = ['suites', s.index, 'gate', 'min', metric];
      const line = loaded.lineOf(path);
      problems.push({
        file: loaded.file,
        ...(line !== undefined ? { line } : {}),
        path: formatPath(path),
        message: `${problem}; set the floor on one of those metrics`,
      });
    }
  }
  if (problems.length > 0) throw ConfigError.of(problems);
}

/**
 * Loads the selected suites of a parsed config; every problem is collected into one
 * ConfigError. A suite named in `removed` whose files are gone is returned in `gone`.
 */
export async function loadSelected(
  loaded: LoadedConfig,
  names: readonly string[],
  workspace: Workspace,
  options: LoadOptions & { removed?: readonly string[] } = {},
): Promise<{ suites: LoadedSuite[]; gone: { name: string; reason: string }[] }> {
  const selected = selectSuites(loaded, names);
  const failed: ConfigError[] = [];
  const out: LoadedSuite[] = [];
  const gone: { name: string; reason: string }[] = [];
  for (const { index, suite } of selected) {
    try {
      out.push(await loadSuite(loaded, index, workspace, options));
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      if (options.removed?.includes(suite.name)) gone.push({ name: suite.name, reason: 'removed' });
      else failed.push(error);
    }
  }
  if (failed.length > 0) {
    // Located problems stay data (the first one locates the error); text-only ones keep their text.
    const located = failed.flatMap((e) => e.diagnostics ?? []);
    if (failed.every((e) => e.diagnostics !== null)) throw ConfigError.of(located as ConfigProblem[]);
    const problems = failed.flatMap((e) => e.problems);
    throw new ConfigError({ file: loaded.file }, problems.join('\n'), problems);
  }
  return { suites: out, gone };
}

/**
 * Which suites a change affects (core/affected.ts): every suite of the config is loaded
 * through the workspace to learn what it reads, then matched against the changed files and
 * the base commit's config. A removed suite whose files are gone is returned in `gone`.
 */
export async function selectAffected(
  loaded: LoadedConfig,
  base: LoadedConfig | null,
  changedFiles: readonly string[],
  workspace: Workspace,
  options: LoadOptions & {
    removed?: readonly string[];
    /** Of the given files, those whose git attributes the change altered (asked only when a .gitattributes changed). */
    attributesChanged?: (files: readonly string[]) => Promise<readonly string[]>;
  } = {},
): Promise<AffectedSuites & { gone: { name: string; reason: string }[] }> {
  const { suites, gone } = await loadSelected(loaded, [], workspace, options);
  const attributesTouched = changedFiles.some((f) => f === '.gitattributes' || f.endsWith('/.gitattributes'));
  const read = [...new Set(suites.flatMap((s) => s.reads.files))].sort();
  const reattributed = attributesTouched && options.attributesChanged ? await options.attributesChanged(read) : [];
  const affected = affectedSuites(
    suites.map((s) => ({
      entry: s.config,
      reads: s.reads,
      providers: Object.fromEntries(s.providers.map((p) => [p, loaded.config.providers[p] as ProviderConfig])),
    })),
    loaded.config.gate,
    base,
    changedFiles,
    reattributed,
  );
  return { ...affected, gone };
}

/** The gate of a suite: the file's gate with the suite's overrides (and the caller's on-inconclusive). */
export function gateFor(
  loaded: LoadedConfig,
  suite: SuiteConfig,
  onInconclusive?: GateConfig['on-inconclusive'],
): GateConfig {
  return {
    ...loaded.config.gate,
    ...(suite.gate ?? {}),
    ...(onInconclusive ? { 'on-inconclusive': onInconclusive } : {}),
  } as GateConfig;
}

/**
 * The gate of each suite by name, for comparisons of stored results (compare, merge, noise):
 * the suite's own gate when the config has the suite, else the config's gate, else the
 * defaults when there is no config.
 */
export function suiteGates(
  loaded: LoadedConfig | null,
  onInconclusive?: GateConfig['on-inconclusive'],
): (suite: string) => GateConfig {
  return (suite) => {
    const entry = loaded?.config.suites.find((s) => s.name === suite);
    if (loaded && entry) return gateFor(loaded, entry, onInconclusive);
    const gate = loaded?.config.gate ?? { ...DEFAULT_GATE };
    return onInconclusive ? { ...gate, 'on-inconclusive': onInconclusive } : gate;
  };
}

/** `evalgate run`: everything checked first, then suites run one after another. */
export async function runEvaluation(options: RunOptions, deps: EngineDeps): Promise<RunOutcome> {
  const loaded = options.loaded;
  const { suites, gone } = await loadSelected(loaded, options.suites, deps.workspace, {
    ...(options.instrument ? { instrument: options.instrument } : {}),
    ...(options.removed ? { removed: options.removed } : {}),
    // Cases keep no text while the run calls when their rows can be read back (datasets/collect.ts);
    // a pull request's dataset stops being read past the calls it may make.
    cases: {
      lazy: true,
      ...(options.maxPlannedCalls !== undefined ? { maxRows: options.maxPlannedCalls } : {}),
    },
  });
  const notRun = [...(options.notRun ?? []), ...gone];
  for (const w of suites.flatMap((s) => s.warnings)) deps.logger.warn(formatProblem(w));
  for (const g of gone)
    deps.logger.warn(
      `${g.name}: removed by this pull request and its files are gone; reported as removed (gate.on-removed-suite: ${options.onRemovedSuite ?? 'warn'})`,
    );
  const atBase = options.base ? await suitesAtBase(options.base, suites) : new Map<string, BaseSide>();
  // Build every client and read every baseline before any call, so a missing key or a
  // broken baseline stops the run before it spends anything.
  const clients = new Map<string, ModelClient>();
  for (const s of suites) {
    for (const name of s.providers) {
      if (!clients.has(name))
        clients.set(name, deps.createClient(name, loaded.config.providers[name] as ProviderConfig));
    }
  }
  const baselines = new Map<string, SuiteResult | null>();
  // A baseline only compared with (the kind does not read it to prepare) is checked here
  // record by record. A large one keeps nothing and is read again when its suite is
  // compared, after the calls: its columns (about 80 bytes a record, 8 MB at 100,000) are
  // not held through them. One of at most keepBaselineBytes is kept as a stored result (its
  // columns: at most a few MB) and compared with if the file is still the same
  // (keptBaseline), which spares the second reading (0.1–0.3 s at 10,000 records). A file
  // changed, replaced or removed meanwhile is what a second reading finds and checks.
  const toReread = new Set<string>();
  const kept = new Map<string, KeptBaseline>();
  const keepBytes = options.keepBaselineBytes ?? KEEP_BASELINE_BYTES;
  for (const s of suites) {
    const checked = s.preparesWithBaseline
      ? await readBaseline(deps.store, s.config.name)
      : await checkBaseline(deps.store, s.config.name, keepBytes);
    if (checked === REREAD) toReread.add(s.config.name);
    else if (checked !== null && 'identity' in checked) {
      kept.set(s.config.name, checked);
      toReread.add(s.config.name);
    } else baselines.set(s.config.name, checked);
  }
  const baselineOf = async (name: string): Promise<SuiteResult | null> => {
    if (toReread.delete(name)) {
      const same = await keptBaseline(deps.store, name, kept.get(name));
      kept.delete(name);
      // Read again (and the comparison made) on memory given back: what the result file's
      // step left would otherwise be kept under them (docs/performance.md).
      if (same === null) deps.store.betweenSteps?.();
      baselines.set(name, same ?? (await readBaseline(deps.store, name)));
    }
    return baselines.get(name) ?? null;
  };
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
  const nonce = deps.nonce?.bind(deps);
  const prepared = suites.map((s) => ({
    loaded: s,
    suite: s.prepare((name) => clients.get(name) as ModelClient, baselines.get(s.config.name) ?? null, runners, nonce),
  }));
  checkFloorSettings(
    loaded,
    prepared.map((p) => ({ index: p.loaded.index, config: p.loaded.config, instrument: p.suite.instrument })),
  );

  const comparisons: SuiteComparison[] = [];
  const results = new Map<string, SuiteResult>();
  const baselinesWritten: string[] = [];
  let rejectedRecords = 0;
  const baseNotes: string[] = [];
  let budgetStop: string | null = null;
  try {
    // The base's cases could not be read, or the instrument is not the base's: such a suite is
    // not measured at all (never on the pull request's cases alone), and says why. Every
    // other suite gets back the cases the base defines first, so the budget counts what will run.
    const withBase: {
      ls: LoadedSuite;
      suite0: PreparedSuite;
      refusal: ReturnType<typeof baseRefusal>;
      based: Awaited<ReturnType<typeof withBaseCases>> | null;
    }[] = [];
    for (const { loaded: ls, suite } of prepared) {
      const side = atBase.get(suite.name);
      const refusal = side ? baseRefusal(side, suite) : null;
      withBase.push({
        ls,
        suite0: suite,
        refusal,
        based: refusal ? null : await withBaseCases(suite, side && 'cases' in side ? side : undefined, deps.logger),
      });
      // The base's file, read whole only to give back the cases the pull request changed, goes now.
      if (side && 'cases' in side) side.release();
    }
    if (options.maxPlannedCalls !== undefined)
      enforcePrBudget(
        withBase.flatMap((p) => (p.based ? [p.based.suite] : [])),
        options.maxPlannedCalls,
        loaded.file,
      );
    // Each suite runs in a function of its own and leaves the list as it starts, so its cases
    // (a dataset of 100,000 cases takes about 100 MB) are released when it returns: before
    // its result file, comparison and baseline are made (settleOne), before the next suite
    // runs and before the report is made. Nothing else holds them by then.
    const entries: ((typeof withBase)[number] | null)[] = withBase;
    suites.length = 0;
    prepared.length = 0;
    atBase.clear();
    // Runs suite i; a measured suite's result is returned to be compared by `settleOne`,
    // after this function has returned: its cases, and the kind's closures over them, are
    // no longer reachable while the result file, the comparison and the baseline are made.
    const runOne = async (i: number): Promise<{ config: SuiteConfig; result: SuiteResult } | null> => {
      const { ls, suite0, refusal, based } = entries[i] as (typeof withBase)[number];
      entries[i] = null;
      if (budgetStop !== null) {
        notRun.push({ name: suite0.name, reason: 'budget' });
        return null;
      }
      if (refusal || !based) {
        if (!refusal) return null;
        if (options.shard) throw new ConfigError({ file: loaded.file }, `${suite0.name}: ${refusal.note}`);
        deps.logger.warn(`${suite0.name}: not measured: ${refusal.note}`);
        const empty = assembleResult(suite0, [], {
          startedAt: deps.clock.nowIso(),
          finishedAt: deps.clock.nowIso(),
          runId: options.runId ?? deps.newRunId(),
          toolVersion: deps.toolVersion,
        });
        results.set(suite0.name, empty);
        const refused = compareWithBaseline(
          await baselineOf(suite0.name),
          empty,
          gateFor(loaded, ls.config, options.onInconclusive),
        );
        refused.verdict = 'error';
        refused.detail = refusal.detail;
        refused.notes.push(refusal.note);
        comparisons.push(refused);
        return null;
      }
      const whole = based.suite;
      if (based.restored + based.reverted > 0)
        baseNotes.push(
          messagesFor(deps.language ?? 'en').trust.casesFromBase(whole.name, based.restored, based.reverted),
        );
      const sliced = options.shard ? shardCases(whole.cases, options.shard) : null;
      const suite = sliced ? { ...whole, cases: sliced.cases } : whole;
      const total = suite.cases.length * suite.repeats;
      deps.logger.info(
        `${suite.name}: ${count(suite.cases.length, 'case')} × ${count(suite.repeats, 'repeat')} against ${clients.get(ls.config.provider)?.label ?? ''}`,
      );
      const identity = {
        suite: suite.name,
        tested: `${suite.tested.hash}${options.shard ? `#${options.shard.index}/${options.shard.count}` : ''}`,
        instrument: suite.instrument.hash,
        repeats: suite.repeats,
      };
      const auth = deps.authenticator;
      // The map of case ids is made only to read an old log, and not kept while the calls run.
      const planned =
        options.fresh || !auth
          ? null
          : await planResume(
              await deps.store.readRecordLog(suite.name),
              { ...identity, cases: caseHashes(suite.cases) },
              auth,
            );
      if (planned && 'rejectedLog' in planned) {
        rejectedRecords += planned.rejectedLog;
        deps.logger.warn(
          `${suite.name}: the record log in the output folder failed authentication (forged, edited, or written with another key); it was ignored and every case is run`,
        );
      }
      let resume: ResumePlan | null = planned && !('rejectedLog' in planned) ? planned : null;
      if (resume && resume.rejected > 0) {
        rejectedRecords += resume.rejected;
        deps.logger.warn(
          `${suite.name}: ${resume.rejected} record(s) in the record log failed authentication; they were ignored and those cases are run again`,
        );
      }
      if (resume && options.runId !== undefined && resume.header.runId !== options.runId) resume = null;
      const header: RecordLogHeader = resume?.header ?? {
        type: 'evalgate-record-log',
        version: 1,
        suite: suite.name,
        runId: options.runId ?? deps.newRunId(),
        startedAt: deps.clock.nowIso(),
        tested: identity.tested,
        instrument: suite.instrument.hash,
      };
      if (resume) {
        deps.logger.info(
          `${suite.name}: resuming run ${header.runId}: ${resume.finished.length} of ${total} records already finished${resume.droppedLines ? ` (${resume.droppedLines} unreadable line dropped)` : ''}`,
        );
      }
      deps.onSuiteStart?.(suite.name, total, resume?.finished.length ?? 0);
      const rawSink = await deps.store.startRecordLog(
        suite.name,
        auth ? startLogLines(header, resume?.finished ?? [], auth) : `${JSON.stringify(header)}\n`,
      );
      let closing: Promise<void> | undefined;
      const closeSink = (): Promise<void> => (closing ??= Promise.resolve(rawSink.close?.()));
      const sign = auth ? recordSigner(auth, header) : null;
      const sink = sign ? { append: (record: unknown) => rawSink.append(sign(record as object)) } : rawSink;
      let result: SuiteResult;
      try {
        result = await runSuite(suite, {
          sink,
          clock: deps.clock,
          logger: deps.logger,
          toolVersion: deps.toolVersion,
          runId: header.runId,
          startedAt: header.startedAt,
          finished: resume?.finished ?? [],
          onRecord: (record) => deps.onRecord?.(suite.name, record),
          // Finished records live in the log while the calls run; read back (and checked) at the end.
          readBack: async (expected) => {
            // Read back through the handle the records were appended through (taken before the
            // sink is closed): a file or symlink put in the log's place since is not read.
            const appended = rawSink.readBack?.();
            await closeSink();
            const file = `${deps.store.describe().out}/results/${suite.name}.records.jsonl`;
            // A log on disk is checked and left there: the result file is written from it.
            if (appended) return readBackLogInPlace(appended, header, auth, expected, file);
            const log = await deps.store.readRecordLog(suite.name);
            if (log !== null && typeof log === 'object' && 'ranges' in log && log.ranges)
              return readBackLogInPlace(log.ranges, header, auth, expected, file);
            return readBackLog(log, header, auth, expected, file);
          },
        });
      } finally {
        await closeSink();
      }
      if (sliced) {
        // A slice is not compared: one decision is made over all slices by `evalgate merge`.
        await deps.store.writeResult(suite.name, resultChunks({ ...result, shard: sliced.info }));
        deps.logger.info(
          `${suite.name}: shard ${sliced.info.index}/${sliced.info.count} of run ${header.runId} written (${sliced.info.caseIds.length} of ${sliced.info.totalCases} cases); merge all shards with "evalgate merge"`,
        );
        results.set(suite.name, result);
        return null;
      }
      return { config: ls.config, result };
    };
    const settleOne = async (measured: { config: SuiteConfig; result: SuiteResult | null }): Promise<void> => {
      const { config } = measured;
      let written: SuiteResult | null = measured.result as SuiteResult;
      measured.result = null;
      const name = written.suite.name;
      // The columns, offsets and checks a reading of the file would make are taken as it is
      // written (stored-records.ts ResultWriting): the file is not read back.
      const checks = new RecordChecks();
      const writing = deps.store.readResult ? new ResultWriting(written.records, checks.visit) : null;
      await deps.store.writeResult(name, resultChunks(written, writing?.seen));
      // Compared and reported from the file just written, whose records stay there
      // (stored-records.ts): the run's records, 100 MB at 100,000 cases, are let go here.
      const lines = await deps.store.readResult?.(name);
      const result = lines
        ? await writtenResultFile(lines, lines.ranges?.path ?? `results/${name}.json`, writing, checks)
        : written;
      written = null;
      results.set(name, result);
      const baseline = await baselineOf(name);
      const comparison = compareWithBaseline(baseline, result, gateFor(loaded, config, options.onInconclusive));
      comparisons.push(comparison);
      if (result.incomplete) {
        budgetStop = result.incomplete.reason;
        deps.logger.warn(
          `${name}: stopped by the budget with ${result.incomplete.missing} case run(s) not made: ${budgetStop}; rerun into the same output with a larger budget to resume`,
        );
      }
      if (options.updateBaseline) {
        if (comparison.verdict === 'error' || result.incomplete) {
          deps.logger.warn(`${name}: baseline not updated, because the run has errors over tolerance`);
        } else if (baseline && sameMeasurement(baseline, result)) {
          deps.logger.info(
            `${name}: baseline unchanged (the same answers, scores and settings); the file is left as it is`,
          );
        } else {
          // The result file's own text, read again and checked against what was written,
          // rather than every record parsed and serialized again (the same bytes).
          await deps.store.writeBaseline(name, writtenFileText(result.records) ?? resultChunks(result));
          baselinesWritten.push(name);
        }
      }
    };
    for (let i = 0; i < entries.length; i++) {
      const measured = await runOne(i);
      if (measured) await settleOne(measured);
    }
  } finally {
    await Promise.all([...codeRunners.values()].map((r) => r.close()));
  }
  if (options.shard) {
    const summary = summarize('pass', []);
    return { summary, report: '', exitCode: 0, comparisons: [], results, baselinesWritten: [] };
  }
  // Suites the budget left unrun are reported with their baselines, as before.
  for (const name of [...toReread]) await baselineOf(name);
  const adaptations = deps.adaptations?.() ?? [];
  // A removed suite whose files are gone was not run from the base's definition: say so.
  const goneNames = new Set(gone.map((g) => `suites.${g.name}`));
  const untrusted = options.notices?.untrusted?.map((c) =>
    c.kind === 'suite' && goneNames.has(c.path) ? { ...c, kind: 'suite-gone' as const } : c,
  );
  const notices: RunNotices = {
    ...options.notices,
    ...(untrusted ? { untrusted } : {}),
    messages: [...(options.notices?.messages ?? []), ...baseNotes],
    rejected: { cacheEntries: deps.rejectedCacheEntries?.() ?? 0, records: rejectedRecords },
    ...(adaptations.length > 0 ? { adaptations } : {}),
    ...(budgetStop !== null ? { budgetStop } : {}),
  };
  // A partial run (budget) or a removed suite under on-removed-suite: fail leaves the run unjudgeable.
  return finish(
    comparisons,
    results,
    baselinesWritten,
    deps,
    baselines,
    notRun,
    notices,
    budgetStop !== null || (gone.length > 0 && options.onRemovedSuite === 'fail'),
    gone.length > 0 ? (options.onRemovedSuite ?? 'warn') : undefined,
  );
}

/**
 * A suite as the base commit defines it: its cases (compact: ids and input hashes, their
 * text read back from the base's files with `read` for those a run measures), its
 * instrument, or why they could not be read.
 */
type BaseSide =
  | {
      cases: Cases;
      instrument: InstrumentIdentity;
      read: ((cases: readonly EvalCase[]) => Promise<EvalCase[]>) | null;
      release: () => void;
    }
  | { problem: string };

/**
 * The base's workspace with a `readRange` (git gives a committed file whole): the file is
 * read at the first range asked and kept until `release`, so a base's cases are held as
 * ids and hashes (datasets/collect.ts) and only the few a pull request changed are read
 * back whole, from the same bytes.
 */
function rangedWorkspace(inner: Workspace): { workspace: Workspace; release: () => void } {
  if (inner.readRange) return { workspace: inner, release: () => undefined };
  let held: { path: string; bytes: Uint8Array } | null = null;
  const workspace: Workspace = {
    readBytes: (path) => inner.readBytes(path),
    readStream: (path) => inner.readStream(path),
    exists: (path) => inner.exists(path),
    listFolders: (path) => inner.listFolders(path),
    locate: (path) => inner.locate(path),
    readRange: async (path, offset, length) => {
      if (held?.path !== path) held = { path, bytes: await inner.readBytes(path) };
      return held.bytes.subarray(offset, offset + length);
    },
  };
  return { workspace, release: () => (held = null) };
}

/** A client for building a suite that is never run (its instrument is all that is read). */
const NEVER_CALLED: ModelClient = {
  label: 'not called',
  complete: () => Promise.resolve({ status: 'error', error: { kind: 'config', message: 'not called' }, latencyMs: 0 }),
};

/**
 * Each suite as the base commit defines it (read from there), by suite name: its cases (a
 * pull request cannot shrink, unpair or edit the sample) and its instrument (what measures
 * must be the base's). A base whose files cannot be read as data is recorded as a problem,
 * never passed over: the suite is then an error (docs/design/spec.md §5).
 */
async function suitesAtBase(
  base: NonNullable<RunOptions['base']>,
  suites: readonly LoadedSuite[],
): Promise<Map<string, BaseSide>> {
  const out = new Map<string, BaseSide>();
  for (const s of suites) {
    const index = base.loaded.config.suites.findIndex((b) => b.name === s.config.name);
    if (index < 0) continue;
    try {
      // Read as the run's own cases are (lazy: ids and hashes), not kept whole.
      const { workspace, release } = rangedWorkspace(base.workspace);
      const loadedAtBase = await loadSuite(base.loaded, index, workspace, { cases: { lazy: true } });
      const prepared = loadedAtBase.prepare(
        () => NEVER_CALLED,
        null,
        undefined,
        () => '0'.repeat(32),
      );
      const read = prepared.readCases?.bind(prepared) ?? null;
      out.set(s.config.name, { cases: loadedAtBase.cases, instrument: prepared.instrument, read, release });
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      out.set(s.config.name, { problem: error.problems.join('; ') || error.message });
    }
  }
  return out;
}

/**
 * Why a suite cannot be measured against its base, or null: the base's files could not be
 * read as data, or the instrument the run would measure with is not the one the base
 * defines (the trust rules should make that impossible; this is the check behind them, so
 * no change a pull request makes can measure it with another instrument or make its
 * baseline look stale).
 */
function baseRefusal(
  side: BaseSide,
  suite: PreparedSuite,
): { detail: 'base-unreadable' | 'instrument-not-base'; note: string } | null {
  if ('problem' in side)
    return {
      detail: 'base-unreadable',
      note: `the base commit's version of its files could not be read as data, so the cases the base defines could not be measured (nothing of the pull request's was measured instead): ${side.problem}`,
    };
  if (side.instrument.hash === suite.instrument.hash) return null;
  const asResult = (instrument: InstrumentIdentity): SuiteResult => ({ instrument }) as SuiteResult;
  const differences = describeInstrumentChanges(asResult(side.instrument), asResult(suite.instrument));
  return {
    detail: 'instrument-not-base',
    note: `what measures this suite differs from the base commit's definition (${differences.join('; ') || 'instrument hash'}); a pull request is measured with the base's instrument, and this run could not be: report this as a bug of evalgate`,
  };
}

/**
 * A suite measured on every case the base defines, as the base defines it: cases the pull
 * request deleted are added back, and cases it edited (same id, other inputs) are
 * measured in the base's version, so they pair with the baseline. A PR's new or edited
 * data is measured against the baseline only after merge.
 */
async function withBaseCases(
  suite: PreparedSuite,
  side: { cases: Cases; read: ((cases: readonly EvalCase[]) => Promise<EvalCase[]>) | null } | undefined,
  logger: Logger,
): Promise<{ suite: PreparedSuite; restored: number; reverted: number }> {
  if (!side) return { suite, restored: 0, reverted: 0 };
  const base = side.cases;
  // The base's cases by id, as indices (the cases themselves are made only for those used).
  const baseById = new Map<string, number>();
  for (let i = 0; i < base.length; i++) baseById.set(caseIdAt(base, i), i);
  const { cases } = suite;
  const edited: { at: number; original: number }[] = [];
  const have = new Set<string>();
  for (let i = 0; i < cases.length; i++) {
    const id = caseIdAt(cases, i);
    have.add(id);
    const original = baseById.get(id);
    if (original !== undefined && caseHashAt(base, original) !== caseHashAt(cases, i)) edited.push({ at: i, original });
  }
  const missing: number[] = [];
  for (let i = 0; i < base.length; i++) if (!have.has(caseIdAt(base, i))) missing.push(i);
  const reverted = edited.length;
  if (missing.length === 0 && reverted === 0) return { suite, restored: 0, reverted: 0 };
  logger.info(
    `${suite.name}: measured as the base commit defines them: ${count(missing.length, 'case')} the pull request removed, ${reverted} it edited`,
  );
  // The base's cases used, whole: read back from the base's files (never left to the pull
  // request's reader, which reads its own files).
  const used = [...edited.map((e) => e.original), ...missing];
  const given = used.map((i) => caseAt(base, i));
  const whole = side.read ? await side.read(given) : given;
  const baseCase = new Map<number, EvalCase>(used.map((i, k) => [i, whole[k] as EvalCase]));
  const at = (i: number): EvalCase => baseCase.get(i) as EvalCase;
  let measured: Cases;
  if (cases instanceof CaseColumns) {
    // The pull request's table, with the base's cases kept whole where they replace or add to it.
    const table = cases.pick(Array.from({ length: cases.length }, (_, i) => i));
    for (const e of edited) table.replace(e.at, at(e.original));
    for (const i of missing) table.addWhole(at(i));
    measured = table;
  } else {
    const list = [...cases];
    for (const e of edited) list[e.at] = at(e.original);
    measured = [...list, ...missing.map(at)];
  }
  return { suite: { ...suite, cases: measured }, restored: missing.length, reverted };
}

/**
 * Each case's input hash by id, to read an old record log for resume: the index of ids is
 * made at the first look-up (there is no log to read on most runs) and the hashes as asked.
 */
function caseHashes(cases: Cases): Pick<ReadonlyMap<string, string>, 'get'> {
  let index: Map<string, number> | null = null;
  return {
    get(id) {
      if (index === null) {
        index = new Map();
        for (let i = 0; i < cases.length; i++) index.set(caseIdAt(cases, i), i);
      }
      const i = index.get(id);
      return i === undefined ? undefined : caseHashAt(cases, i);
    },
  };
}

/** `evalgate merge`: join the shards of one run, then compare and report as an unsharded run would. */
export async function mergeShards(
  parts: readonly ShardPart[],
  gate: (suite: string) => GateConfig,
  deps: ReportDeps,
  options: {
    order?: readonly string[];
    onInconclusive?: GateConfig['on-inconclusive'];
    notRun?: readonly { name: string; reason: string }[];
  } = {},
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
    await deps.store.writeResult(name, resultChunks(merged));
    pairs.push({ baseline: await readBaseline(deps.store, name), candidate: merged });
  }
  return compareStored(
    pairs,
    (suite) => ({ ...gate(suite), ...(onInconclusive ? { 'on-inconclusive': onInconclusive } : {}) }),
    deps,
    options.notRun ?? [],
  );
}

/** Options of `evalgate rejudge`. */
export interface RejudgeRunOptions {
  loaded: LoadedConfig;
  stored: SuiteResult;
  judges: readonly string[];
  updateBaseline: boolean;
  /** A judge provider that re-scores only the answers flagged for addressing the judge; the stored scores are kept. */
  crossCheck?: string | null;
}

/** A stable id for a rejudged run: the stored run id and the judges. */
export function rejudgeRunId(stored: SuiteResult, judges: readonly string[]): string {
  return `${stored.runId}+rejudge-${hashValue(judges).slice(0, 8)}`;
}

/** `evalgate rejudge`: judge stored answers again, compare with the baseline, report. */
export async function rejudgeStored(options: RejudgeRunOptions, deps: EngineDeps): Promise<RunOutcome> {
  const { loaded, suites } = await validateWorkspace(options.loaded, [options.stored.suite.name], deps.workspace);
  const suite = suites[0] as LoadedSuite;
  if (!suite.rejudge)
    throw configError(
      { file: loaded.file },
      `suite "${suite.config.name}" (kind ${suite.config.kind}) has no judges; rejudge applies to suites whose answers judges grade`,
    );
  const judgeNames = options.judges.length > 0 ? options.judges : (suite.judges ?? []);
  const clients = new Map<string, ModelClient>();
  for (const name of options.crossCheck ? [options.crossCheck] : judgeNames) {
    const provider = loaded.config.providers[name];
    if (provider) clients.set(name, deps.createClient(name, provider));
  }
  const result = await suite.rejudge({
    providers: loaded.config.providers,
    stored: options.stored,
    judges: options.judges,
    clients: (name) => clients.get(name) as ModelClient,
    ...(options.crossCheck ? { crossCheck: options.crossCheck } : {}),
    runId: rejudgeRunId(options.stored, options.crossCheck ? [`cross-check:${options.crossCheck}`] : judgeNames),
    toolVersion: deps.toolVersion,
    now: () => deps.clock.nowIso(),
    nonce: (material: string) => {
      if (!deps.nonce)
        throw new Error(
          'this edge gives no random source for judge-prompt tokens (EngineDeps.nonce); rejudge cannot run without one',
        );
      return deps.nonce(material);
    },
  });
  await deps.store.writeResult(result.suite.name, resultChunks(result));
  const baseline = await readBaseline(deps.store, result.suite.name);
  const comparison = compareWithBaseline(baseline, result, gateFor(loaded, suite.config));
  const written: string[] = [];
  if (options.updateBaseline && comparison.verdict !== 'error') {
    if (baseline && sameMeasurement(baseline, result)) {
      deps.logger.info(
        `${result.suite.name}: baseline unchanged (the same answers, scores and settings); the file is left as it is`,
      );
    } else {
      await deps.store.writeBaseline(result.suite.name, resultChunks(result));
      written.push(result.suite.name);
    }
  }
  return finish(
    [comparison],
    new Map([[result.suite.name, result]]),
    written,
    deps,
    new Map([[result.suite.name, baseline]]),
  );
}

/** What `evalgate plan` needs from the edge. */
export interface PlanDeps {
  workspace: Workspace;
  countTokens(text: string): number;
  /** Whether the response cache already holds a request to a provider; null without a cache. */
  isCached: ((provider: string, config: ProviderConfig, request: ModelRequest) => Promise<boolean>) | null;
}

/** `evalgate plan`: the suites, calls, tokens and cost a run would have, calling nothing. */
export async function planEvaluation(
  loaded: LoadedConfig,
  suiteNames: readonly string[],
  deps: PlanDeps,
): Promise<SuitePlan[]> {
  const { suites } = await validateWorkspace(loaded, suiteNames, deps.workspace);
  const plans: SuitePlan[] = [];
  for (const s of suites) {
    const providerName = s.config.provider;
    const provider = loaded.config.providers[providerName] as ProviderConfig;
    const isCached = deps.isCached;
    const plan = await planSuite(
      s.prepare(() => noCalls),
      provider.model,
      pricingFor(provider),
      deps.countTokens,
      isCached ? (request) => isCached(providerName, provider, request) : null,
    );
    const judges = (s.judges ?? []).map((name) => ({
      name,
      model: (loaded.config.providers[name] as ProviderConfig).model,
    }));
    plans.push(judges.length > 0 ? { ...plan, judges } : plan);
  }
  return plans;
}

/** `evalgate compare`: stored results only, no model. */
export async function compareStored(
  pairs: readonly { baseline: SuiteResult | null; candidate: SuiteResult }[],
  gate: (suite: string) => GateConfig,
  deps: ReportDeps,
  notRun: readonly { name: string; reason: string }[] = [],
): Promise<RunOutcome> {
  const comparisons = pairs.map((p) => compareWithBaseline(p.baseline, p.candidate, gate(p.candidate.suite.name)));
  const results = new Map(pairs.map((p) => [p.candidate.suite.name, p.candidate]));
  return finish(
    comparisons,
    results,
    [],
    deps,
    new Map(pairs.map((p) => [p.candidate.suite.name, p.baseline])),
    notRun,
  );
}

async function finish(
  comparisons: SuiteComparison[],
  results: Map<string, SuiteResult>,
  baselinesWritten: string[],
  deps: ReportDeps,
  baselines: ReadonlyMap<string, SuiteResult | null>,
  notRun: readonly { name: string; reason: string }[] = [],
  notices: RunNotices = {},
  removedFails = false,
  onRemovedSuite?: 'warn' | 'fail',
): Promise<RunOutcome> {
  // The suites of one run are one family of tests: adjust before any verdict is read.
  adjustAcrossSuites(comparisons);
  // Floors last: no adjustment of the paired test may demote a run that is below one.
  applyFloors(comparisons);
  // A suite removed with its files, under gate.on-removed-suite: fail, leaves nothing to
  // judge it by, and a run the budget stopped is partial: neither can pass.
  const verdict = removedFails ? 'error' : overallVerdict(comparisons.map((c) => c.verdict));
  const input: ReportInput = {
    verdict,
    comparisons,
    results,
    baselines,
    notRun,
    language: deps.language ?? 'en',
    notices,
    baselinesWritten,
    ...(deps.scriptedNotice ? { scriptedNotice: deps.scriptedNotice } : {}),
    ...(deps.trends ? { trends: deps.trends } : {}),
    ...(onRemovedSuite ? { onRemovedSuite } : {}),
  };
  const report = renderReport(input);
  const summary = summarize(verdict, comparisons, notRun, notices);
  await deps.store.writeReport(report);
  // Loaded here, when a report is written: commands that never write one (validate, plan)
  // do not parse the page's renderer, script and styles.
  // Both pages are written piece by piece: at 100,000 cases either, held whole, was tens of MB.
  const { htmlReportChunks } = await import('./report/html.ts');
  await deps.store.writeHtmlReport(htmlReportChunks(input, deps.toolVersion ?? null));
  await deps.store.writeSummary(`${JSON.stringify(summary, null, 2)}\n`);
  await deps.store.writeJunit(junitChunks({ comparisons, results, notRun }));
  return {
    summary,
    report,
    exitCode: removedFails ? 3 : exitCodeFor(verdict, comparisons),
    comparisons,
    results,
    baselinesWritten,
  };
}

/** Marks a baseline that was checked without being kept (read again when compared). */
const REREAD = Symbol('reread');

/**
 * The largest baseline file kept through the calls (RunOptions.keepBaselineBytes). Its
 * columns are about a hundredth of its bytes for exact-copy's records, a fifth at most for
 * the smallest records, so what is held is bounded whatever the number of cases.
 */
export const KEEP_BASELINE_BYTES = 16 * 1024 * 1024;

/** A baseline file checked before the calls and kept as a stored result, with what identified the file then. */
interface KeptBaseline {
  result: SuiteResult;
  ranges: RangeFile;
  identity: string;
}

/**
 * The baseline kept before the calls, if the file at its path is still the one read then
 * and unchanged (the same device, inode, size and change times, through the handle kept
 * and through the path now); null when it must be read again (changed, replaced, removed).
 * A change these miss (the same size written within the same clock tick) is still found
 * when a record is read: each is checked against the checksum of its first reading.
 */
async function keptBaseline(
  store: RunStore,
  suite: string,
  kept: KeptBaseline | undefined,
): Promise<SuiteResult | null> {
  if (!kept) return null;
  const now = await store.readBaseline(suite);
  const ranges = now !== null && typeof now === 'object' && 'ranges' in now ? now.ranges : undefined;
  if (!ranges?.identity || !kept.ranges.identity) return null;
  return ranges.identity() === kept.identity && kept.ranges.identity() === kept.identity ? kept.result : null;
}

/**
 * Checks a suite's baseline as readBaseline does, with the same messages, but record by
 * record without keeping them: REREAD when it was checked so, the baseline itself when it
 * was read whole (a small file, another layout), null when there is none.
 */
async function checkBaseline(
  store: RunStore,
  suite: string,
  keepBytes: number,
): Promise<SuiteResult | null | typeof REREAD | KeptBaseline> {
  const text = await store.readBaseline(suite);
  if (text === null) return null;
  const file = `${store.describe().baselines}/${suite}.json`;
  if (typeof text === 'string' || !isLineSource(text))
    return typeof text === 'string' ? parseResultText(text, file) : parseResultFileLines(text, file);
  // The same checks as validateResult and checkResultKind, in their order: JSON first, the
  // document's own fields, every record's fields, the kind, then the first detail it refuses.
  const checks = new RecordChecks();
  // A small file that can say what it is is read as a stored result and kept (keptBaseline).
  const ranges = text.ranges?.identity && text.ranges.size() <= keepBytes ? text.ranges : undefined;
  const identity = ranges?.identity?.();
  let value: unknown;
  try {
    // Without keeping it, a file on disk is still read as bytes, a string a record (resultLayoutOfBytes).
    const whole = text.ranges;
    value = ranges
      ? await readStoredResult(ranges, checks.visit)
      : await parseResultLines(
          whole ? (into, offset, length, position) => whole.readBytes(into, offset, length, position) : text,
          checks.visit,
        );
  } catch (error) {
    const line = error instanceof ResultLinesError || error instanceof StoredRecordError ? `:${error.line}` : '';
    throw new ConfigError(
      { file },
      `${file}${line}: not valid JSON (${(error as Error).message}); restore it from git or regenerate it with --update-baseline`,
    );
  }
  // Another layout, or no records: read whole, as readBaseline does.
  if (value === null || !checks.visited) return readBaseline(store, suite);
  const head = validateResult(value, file);
  if (checks.fieldProblem !== null)
    throw configError(
      { file },
      `not an evalgate result file: ${checks.fieldProblem}. Produce one with "evalgate run --out DIR" or "--update-baseline"`,
    );
  // Records checked against another kind than the document's (a key given twice): read whole.
  if (checks.check(head, file) === null) return readBaseline(store, suite);
  return ranges && identity !== undefined ? { result: head, ranges, identity } : REREAD;
}

async function readBaseline(store: RunStore, suite: string): Promise<SuiteResult | null> {
  // Lines from disk are parsed as they are read: a baseline's lines are never all held.
  const text = await store.readBaseline(suite);
  if (text === null) return null;
  const file = `${store.describe().baselines}/${suite}.json`;
  return typeof text === 'string' ? parseResultText(text, file) : parseResultFileLines(text, file);
}

/**
 * Parses a stored result file from its lines, record by record (files too large for one
 * string), naming the file and line when it is not one.
 */
export async function parseResultFileLines(
  lines: AsyncIterable<string> | Iterable<string>,
  file: string,
): Promise<SuiteResult> {
  let value: unknown;
  // A file on disk keeps its records there, read again as they are needed (stored-records.ts),
  // and checked against its kind as they are first read.
  const ranges = isLineSource(lines) ? lines.ranges : undefined;
  const checks = ranges ? new RecordChecks() : null;
  try {
    value = ranges ? await readStoredResult(ranges, checks?.visit) : await parseResultLines(lines);
  } catch (error) {
    const line = error instanceof ResultLinesError || error instanceof StoredRecordError ? `:${error.line}` : '';
    throw new ConfigError(
      { file },
      `${file}${line}: not valid JSON (${(error as Error).message}); restore it from git or regenerate it with --update-baseline`,
    );
  }
  if (value === null) {
    // Another layout (hand-edited, reformatted): read whole, as any JSON.
    if (Array.isArray(lines)) return parseResultText((lines as readonly string[]).join('\n'), file);
    if (isLineSource(lines)) {
      const all: string[] = [];
      for await (const line of lines) all.push(line);
      return parseResultText(all.join('\n'), file);
    }
    throw new ConfigError(
      { file },
      `${file}: not laid out as evalgate writes result files (two-space JSON); regenerate it with --update-baseline`,
    );
  }
  const result = validateResult(value, file);
  return checks?.check(result, file) ?? checkResultKind(result, file);
}

/**
 * The result file a run has just written: as parseResultFileLines reads it, from what was
 * seen while it was written when that can be used (ResultWriting), else read.
 */
async function writtenResultFile(
  lines: LineSource,
  file: string,
  writing: ResultWriting | null,
  checks: RecordChecks,
): Promise<SuiteResult> {
  const value = lines.ranges && writing ? writing.stored(lines.ranges) : null;
  if (value === null) return parseResultFileLines(lines, file);
  const result = validateResult(value, file);
  return checks.check(result, file) ?? checkResultKind(result, file);
}

function isLineSource(lines: AsyncIterable<string> | Iterable<string>): lines is LineSource {
  return (lines as Partial<LineSource>).rereadable === true;
}

/** Parses a stored result file, naming it when it is not one. */
export function parseResultText(text: string, file: string): SuiteResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(
      { file },
      `${file}: not valid JSON (${(error as Error).message}); restore it from git or regenerate it with --update-baseline`,
    );
  }
  return checkResultKind(validateResult(value, file), file);
}

/** A result file's text: two-space JSON with a final newline, for readable diffs (small results; stores get resultChunks). */
export function serializeResult(result: SuiteResult): string {
  return [...resultChunks(result)].join('');
}
