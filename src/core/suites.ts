/**
 * Loading a suite's inputs (templates, dataset) through the Workspace port, with every
 * problem reported as a ConfigError before any model is called.
 */
import type { Cases } from './datasets/case-columns.ts';
import type { CodeRunner, ModelClient, Workspace } from '../ports.ts';
import type { Executor, GateConfig, ProviderConfig, SuiteConfig } from './config/common.ts';
import type { LoadedConfig } from './config/load.ts';
import { configError, formatPath, type ConfigProblem } from './errors.ts';
import { kindOf } from './kinds/index.ts';
import { LFS_CHECKOUT_FIX, parseLfsPointer, refuseLfsPointer, type LfsPointer } from './lfs-pointer.ts';
import type { ConfigWhere, RejudgeRequest } from './kinds/kind.ts';
import type { PreparedSuite } from './run-suite.ts';
import type { SuiteResult } from './types.ts';
import { collectCases, type CaseOptions } from './datasets/collect.ts';

/** A suite's inputs, loaded and checked, ready to be given a model client. */
export interface LoadedSuite {
  index: number;
  config: SuiteConfig;
  cases: Cases;
  /** How many cases the dataset has (also when they were only counted, not kept: validate). */
  caseCount: number;
  /**
   * Builds the runnable suite; `baseline` is the suite's baseline (pairwise judging reads
   * its answers); `nonce` gives judged suites a fresh random token per judge prompt.
   */
  prepare(
    clients: (provider: string) => ModelClient,
    baseline?: SuiteResult | null,
    runners?: CodeRunners,
    nonce?: (material: string) => string,
  ): PreparedSuite;
  /** Whether `prepare` reads the baseline (else the run does not hold it while calling). */
  preparesWithBaseline: boolean;
  /** The providers the suite calls (target first, then judges). */
  providers: readonly string[];
  /** The providers that grade the answers (judges), when the suite's kind has any. */
  judges?: readonly string[];
  /** Scores stored answers again (evalgate rejudge), when the suite's kind grades with judges. */
  rejudge?(request: RejudgeRequest): Promise<SuiteResult>;
  /**
   * Every file and folder the suite read from the workspace, relative to the repository
   * root, both as written and with symlinks followed: a pull request affects the suite
   * when it changes any of them.
   */
  reads: { files: readonly string[]; folders: readonly string[] };
  /** Problems that do not stop the suite, for validate and the run to print as warnings. */
  warnings: readonly ConfigProblem[];
}

/** Where a suite's files come from. */
export interface LoadOptions {
  /**
   * Where the files that measure (the judge template) are read: on a pull request, the
   * base commit, so a PR cannot change the instrument that grades it. Default: the workspace.
   */
  instrument?: Workspace;
  /** Keep or only count the cases, and the most rows a dataset may have (a pull request's budget). */
  cases?: CaseOptions;
}

/** A workspace that notes every file and folder read through it. */
function recordingWorkspace(inner: Workspace, reads: { files: Set<string>; folders: Set<string> }): Workspace {
  const note = async (path: string, into: Set<string>): Promise<void> => {
    const where = await inner.locate(path);
    if (where.status === 'ok') {
      into.add(where.lexical);
      into.add(where.real);
    }
  };
  return {
    locate: (path) => inner.locate(path),
    exists: (path) => inner.exists(path),
    readBytes: async (path) => {
      await note(path, reads.files);
      const bytes = await inner.readBytes(path);
      // Folders a kind reads itself (round-trip tasks) get the same check as named files.
      const pointer = parseLfsPointer(bytes);
      if (pointer)
        throw configError(
          { file: path },
          `"${path}" is a Git LFS pointer (sha256 ${pointer.oid.slice(0, 12)}…, ${pointer.size} bytes), not its content; ${LFS_CHECKOUT_FIX}`,
        );
      return bytes;
    },
    readStream: async (path) => {
      await note(path, reads.files);
      return refuseLfsPointer(await inner.readStream(path), (pointer) =>
        configError(
          { file: path },
          `"${path}" is a Git LFS pointer (sha256 ${pointer.oid.slice(0, 12)}…, ${pointer.size} bytes), not its content; ${LFS_CHECKOUT_FIX}`,
        ),
      );
    },
    listFolders: async (path) => {
      await note(path, reads.folders);
      return inner.listFolders(path);
    },
    ...(inner.readRange ? { readRange: inner.readRange.bind(inner) } : {}),
  };
}

/** Gives the code runner of an executor, started on first use (suites that run model code). */
export type CodeRunners = (executor: Executor, timeoutMs: number) => CodeRunner;

const noRunners: CodeRunners = () => {
  throw new Error('this command runs no code');
};

// Planning renders judge prompts but sends none; a run that would send one without a
// random source stops here rather than fencing answers with a guessable token.
const noNonce = (): string => {
  throw new Error(
    'this edge gives no random source for judge-prompt tokens (EngineDeps.nonce); judged suites cannot run without one',
  );
};

/** Picks suites by name (all when none given); an unknown name is a ConfigError. */
export function selectSuites(loaded: LoadedConfig, names: readonly string[]): { index: number; suite: SuiteConfig }[] {
  const all = loaded.config.suites.map((suite, index) => ({ index, suite }));
  if (names.length === 0) return all;
  const known = all.map((s) => s.suite.name);
  for (const name of names) {
    if (!known.includes(name))
      throw configError(
        { file: loaded.file },
        `--suite ${name}: no such suite; suites in this file: ${known.join(', ')}`,
      );
  }
  return all.filter((s) => names.includes(s.suite.name));
}

/** Loads and checks one suite's templates and dataset. */
export async function loadSuite(
  loaded: LoadedConfig,
  index: number,
  files: Workspace,
  options: LoadOptions = {},
): Promise<LoadedSuite> {
  const suite = loaded.config.suites[index] as SuiteConfig;
  const kind = kindOf(suite.kind);
  const reads = { files: new Set<string>(), folders: new Set<string>() };
  const workspace = recordingWorkspace(files, reads);
  const instrument = options.instrument ?? workspace;
  const at = (...path: PropertyKey[]): ConfigWhere => {
    const full = ['suites', index, ...path];
    const line = loaded.lineOf(full);
    return { file: loaded.file, ...(line !== undefined ? { line } : {}), path: formatPath(full) };
  };
  const check = async (from: Workspace, path: string, where: ConfigWhere, what: string): Promise<void> => {
    const found = await from.locate(path);
    if (found.status === 'refused') throw configError(where, `${what} path "${path}" ${found.reason}`);
    if (found.status === 'missing' || found.kind !== 'file')
      throw configError(where, `${what} file "${path}" does not exist (paths are relative to ${loaded.file})`);
  };
  const pointerError =
    (path: string, where: ConfigWhere, what: string) =>
    (pointer: LfsPointer): Error =>
      configError(
        where,
        `${what} file "${path}" is a Git LFS pointer (sha256 ${pointer.oid.slice(0, 12)}…, ${pointer.size} bytes), not its content; ${LFS_CHECKOUT_FIX}`,
      );
  const readFrom = async (from: Workspace, path: string, where: ConfigWhere, what: string): Promise<Uint8Array> => {
    await check(from, path, where, what);
    const bytes = await from.readBytes(path);
    // A Git LFS pointer where the content should be is never read as data.
    const pointer = parseLfsPointer(bytes);
    if (pointer) throw pointerError(path, where, what)(pointer);
    return bytes;
  };
  const provider = (name: string): ProviderConfig => {
    const found = Object.hasOwn(loaded.config.providers, name) ? loaded.config.providers[name] : undefined;
    if (!found)
      throw new Error(`suite ${suite.name}: provider "${name}" is not defined (the config check should have said so)`);
    return found;
  };
  const warnings: ConfigProblem[] = [];
  const kindLoaded = await kind.load({
    suite,
    index,
    file: loaded.file,
    at,
    readFile: (path, where, what) => readFrom(workspace, path, where, what),
    readInstrumentFile: (path, where, what) => readFrom(instrument, path, where, what),
    readStream: async (path, where, what) => {
      await check(workspace, path, where, what);
      return refuseLfsPointer(await workspace.readStream(path), pointerError(path, where, what));
    },
    cases: (file) => {
      const readRange = workspace.readRange?.bind(workspace);
      return collectCases(
        file,
        options.cases,
        readRange ? (offset, length) => readRange(file, offset, length) : undefined,
      );
    },
    workspace,
    provider,
    gate: { ...loaded.config.gate, ...(suite.gate ?? {}) } as GateConfig,
    warn: (problem) => warnings.push(problem),
  });
  return {
    index,
    config: suite,
    cases: kindLoaded.cases,
    caseCount: kindLoaded.caseCount ?? kindLoaded.cases.length,
    providers: kind.providers(suite),
    preparesWithBaseline: kind.preparesWithBaseline?.(suite) ?? false,
    ...(kindLoaded.judges ? { judges: kindLoaded.judges } : {}),
    ...(kindLoaded.rejudge ? { rejudge: kindLoaded.rejudge.bind(kindLoaded) } : {}),
    prepare: (clients, baseline, runners = noRunners, nonce = noNonce) =>
      kindLoaded.prepare({ client: clients, baseline: baseline ?? null, runner: runners, nonce }),
    reads: { files: [...reads.files].sort(), folders: [...reads.folders].sort() },
    warnings,
  };
}

/**
 * Problems with the running Node for the selected suites, from each suite's kind (the
 * sandbox needs Node's permission model, complete only from Node 24). `nodeVersion` is
 * process.versions.node, passed in by the edge.
 */
export function runtimeProblems(
  loaded: LoadedConfig,
  suites: readonly { index: number; config: SuiteConfig }[],
  nodeVersion: string,
): string[] {
  return suites.flatMap((s) => {
    const problem = kindOf(s.config.kind).runtimeProblem?.(s.config, nodeVersion) ?? null;
    if (problem === null) return [];
    const line = loaded.lineOf(['suites', s.index]);
    return [`${loaded.file}${line !== undefined ? `:${line}` : ''} suites[${s.index}] (${s.config.name}): ${problem}`];
  });
}
