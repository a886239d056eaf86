/**
 * What a suite kind is: one object that carries everything that makes a kind itself — its
 * config entry, how its files are read and checked, how its cases run and score, what its
 * records' detail holds, and what it adds to the report, the plan and the trust checks.
 * The engine, config, report and edges reach a kind only through this interface and the
 * registry (`kinds/index.ts`); none of them names a kind. Adding a kind is one folder and
 * one line in the registry (or `registerKind` for a kind that lives elsewhere).
 */
import type { Cases } from '../datasets/case-columns.ts';
import type { z } from 'zod';
import type { CodeRunner, ModelClient, Workspace } from '../../ports.ts';
import type { Executor, GateConfig, ProviderConfig, SuiteConfig } from '../config/common.ts';
import type { ConfigProblem } from '../errors.ts';
import type { ReportLanguage } from '../report/languages.ts';
import type { PreparedSuite } from '../run-suite.ts';
import type { CaseRecord, FlaggedCase, SuiteResult } from '../types.ts';
import type { CaseCollector } from '../datasets/collect.ts';

/** A place in the configuration file, for a ConfigError: file, line when known, key path. */
export interface ConfigWhere {
  file: string;
  line?: number;
  path: string;
}

/** What a kind's `load` is given: its suite entry and the means to read and locate. */
export interface KindLoadContext<Config> {
  /** The suite entry, validated by the kind's configSchema (defaults filled). */
  suite: Config;
  /** The entry's position in `suites:`. */
  index: number;
  /** The configuration file's name, for messages. */
  file: string;
  /** Where a key path under this suite entry is, e.g. `at('templates', 'user')`. */
  at(...path: PropertyKey[]): ConfigWhere;
  /**
   * Reads a file of the workspace; the read is recorded, so a pull request that changes the
   * file affects the suite. A missing or refused path is a ConfigError at `where` naming `what`.
   */
  readFile(path: string, where: ConfigWhere, what: string): Promise<Uint8Array>;
  /**
   * Reads a file that measures (a judge template): from the base commit on a pull request,
   * so a PR cannot change the instrument that grades it.
   */
  readInstrumentFile(path: string, where: ConfigWhere, what: string): Promise<Uint8Array>;
  /** Reads a dataset in chunks (recorded like readFile), so no step holds the whole file. */
  readStream(path: string, where: ConfigWhere, what: string): Promise<AsyncIterable<Uint8Array>>;
  /**
   * Where the dataset's cases go: kept for a run, only counted for validate, and stopped
   * past a pull request's row limit (datasets/collect.ts).
   */
  cases(file: string): CaseCollector;
  /** The recording workspace itself, for kinds that read folders. */
  workspace: Workspace;
  /** A provider entry by name (the config's references are checked before load). */
  provider(name: string): ProviderConfig;
  /** The suite's gate: the file's with the entry's overrides (on a pull request, the base branch's). */
  gate: GateConfig;
  /**
   * Reports a located problem that does not stop the suite (a `{{name}}` that is probably
   * meant as a placeholder): `evalgate validate` and the run print it as a warning.
   */
  warn(problem: ConfigProblem): void;
}

/** What building a runnable suite may use. */
export interface PrepareEnv {
  /** The model client of a provider. */
  client(provider: string): ModelClient;
  /** The suite's baseline, when there is one (pairwise judging reads its answers). */
  baseline: SuiteResult | null;
  /** The code runner of an executor, started on first use. */
  runner(executor: Executor, timeoutMs: number): CodeRunner;
  /** A fresh random token per use (judge-prompt delimiters); throws when the edge gave none. */
  nonce(material: string): string;
}

/** What `evalgate rejudge` hands a kind that grades with judges. */
export interface RejudgeRequest {
  stored: SuiteResult;
  /** Judge provider names replacing the suite's; empty keeps the suite's judges. */
  judges: readonly string[];
  /** A judge provider that scores only the flagged answers, beside the stored scores. */
  crossCheck?: string;
  /** Every provider of the configuration (a replacing judge may be any of them). */
  providers: Readonly<Record<string, ProviderConfig>>;
  clients(provider: string): ModelClient;
  runId: string;
  toolVersion: string;
  now(): string;
  nonce(material: string): string;
  concurrency?: number;
}

/** A suite's inputs, loaded and checked by its kind. */
export interface KindLoaded {
  /** The cases (empty when the load only counted them). */
  cases: Cases;
  /** How many cases the dataset has; default cases.length. */
  caseCount?: number;
  /** Builds the runnable suite: identities, runCase and plan. */
  prepare(env: PrepareEnv): PreparedSuite;
  /** The providers that grade the answers (judges), when the kind has any. */
  judges?: readonly string[];
  /** Scores stored answers again (evalgate rejudge); only kinds that grade with judges have it. */
  rejudge?(request: RejudgeRequest): Promise<SuiteResult>;
}

/** What a kind's report lines are written with. */
export interface KindReportContext {
  /** The report's language: a kind keeps its own en/ja messages and picks with it. */
  language: ReportLanguage;
}

/** A regressed case as the report hands it to a kind (the comparison's CaseChange). */
export interface KindCaseChange {
  caseId: string;
  /** The two records' kind-specific details (judge reasoning, criteria …). */
  baselineDetail: Record<string, unknown> | null;
  candidateDetail: Record<string, unknown> | null;
}

/**
 * A labelled piece of one record's detail for report.html: plain text, which the page shows
 * as text (never as markup), so a kind returns what it found without escaping anything.
 */
export interface CaseSection {
  label: string;
  text: string;
  /** Shown in a monospaced block (code, test output). */
  code?: boolean;
  /** A check's outcome, when the section is one (an assertion, a cycle's tests). */
  outcome?: 'pass' | 'fail';
}

/** What a kind adds to the reports. */
export interface KindReport {
  /** Lines under the suite's facts (distributions, per-task tables …). */
  suiteLines?(result: SuiteResult, baseline: SuiteResult | null, ctx: KindReportContext): string[];
  /** Lines under each regressed case shown (the judge's reasons, where a walk stopped …). */
  caseLines?(
    change: KindCaseChange,
    result: SuiteResult | undefined,
    baseline: SuiteResult | null,
    ctx: KindReportContext,
  ): string[];
  /** A section after every suite, given this kind's results of the run (cross-language tables). */
  runLines?(results: readonly SuiteResult[], ctx: KindReportContext): string[];
  /**
   * What report.html shows under a case besides its replies: judge reasons, assertion
   * results, each cycle's code and test outcome. One record (the case's first scored one).
   */
  caseSections?(record: CaseRecord, ctx: KindReportContext): CaseSection[];
}

/**
 * One suite kind. `Config` is its suite entry as its configSchema outputs it; `Detail` is
 * what its records carry in `detail`, checked with detailSchema when a result file is read.
 * Members are methods (not function properties) so a kind of a narrower Config is still a
 * `SuiteKind` in the registry's list.
 */
export interface SuiteKind<Config extends SuiteConfig = SuiteConfig, Detail = unknown> {
  /** The `kind:` value in evalgate.yml. */
  readonly name: string;
  /**
   * The zod strict object of this kind's suite entry: `kind: z.literal(name)` plus the
   * common keys (`suiteCommon` of config/common.ts) and its own. The registry merges it into
   * the config's discriminated union and so into the JSON Schema.
   */
  readonly configSchema: z.ZodObject;
  /** Validates a record's `detail` when a result file is read back. */
  readonly detailSchema: z.ZodType<Detail>;
  /** What the report calls this kind's resampling clusters (`tasks`, `clusters`). */
  readonly clusterNoun: 'tasks' | 'clusters';
  /**
   * The worst value a metric of this kind can take (the score of a case that failed
   * outright), or null when it has none: a candidate-caused error counts as it in the
   * comparison (docs/design/spec.md, "Errors by cause"). Without it, binary metrics count 0.
   */
  worstScore?(metric: string): number | null;
  /** The providers a suite calls: the target first, then any judges. */
  providers(config: Config): string[];
  /**
   * The providers that grade a suite's answers, its target included when it grades its own
   * (the trust rules keep every judge whole from the base commit). Default: providers after
   * the first.
   */
  judgeProviders?(config: Config): string[];
  /** The config key (or key path) naming provider `name` in this entry, for "unknown provider" messages. */
  providerKey?(config: Config, name: string): string | readonly PropertyKey[];
  /** Reads and checks the suite's files; throws a ConfigError naming file, line and what to fix. */
  load(ctx: KindLoadContext<Config>): Promise<KindLoaded>;
  /**
   * Whether building the runnable suite reads its baseline (pairwise judging reads the
   * baseline's answers). Default false: the run then only checks the baseline before the
   * calls and reads it again when it compares, so the calls never hold it.
   */
  preparesWithBaseline?(config: Config): boolean;
  /** What the kind adds to the report. */
  readonly report?: KindReport;
  /**
   * Kinds that grade with judges: the cases whose answers addressed the judge, found in the
   * records (gate.on-judge-manipulation decides what they do to the verdict).
   */
  flaggedCases?(records: readonly CaseRecord[]): FlaggedCase[];
  /** A note under `evalgate plan`'s totals when the run has a suite of this kind. */
  readonly planNote?: string;
  /**
   * The files `evalgate init --kind NAME` writes to start a suite of this kind (config,
   * templates, dataset), by path relative to the repository root; kinds without one are not
   * offered by init.
   */
  initExample?(): Record<string, string>;
  /**
   * A problem with the running Node for this suite (the sandbox needs a recent major),
   * as the sentence after `file:line suites[i] (name): `; null when there is none.
   */
  runtimeProblem?(config: Config, nodeVersion: string): string | null;
  /** The executor this suite runs model code with when it is not a sandbox; null otherwise. */
  unsafeExecutor?(config: Config): string | null;
  /** The entry with its executor set to the sandbox (a suite only a pull request defines). */
  withSafeExecutor?(config: Config): Config;
}

/** A record of a kind, its detail typed as the kind's detailSchema outputs it. */
export type RecordOf<Kind> = Kind extends SuiteKind<infer _Config, infer Detail> ? CaseRecord<Detail> : never;
