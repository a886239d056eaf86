/**
 * Loading a suite's inputs (templates, dataset) through the Workspace port, with every
 * problem reported as a ConfigError before any model is called.
 */
import type { CodeRunner, ModelClient, Workspace } from '../ports.ts';
import type {
  ExactCopySuiteConfig,
  JudgedSuiteConfig,
  LoadedConfig,
  ProviderConfig,
  RoundTripSuiteConfig,
  SuiteConfig,
} from './config.ts';
import { loadTasks } from './kinds/round-trip/tasks.ts';
import { CODE_TO_NL_PLACEHOLDERS, NL_TO_CODE_PLACEHOLDERS, prepareRoundTripSuite } from './kinds/round-trip/suite.ts';
import { builtinJudgeTemplate } from './kinds/judged/builtin-templates.ts';
import { parseJudgedDataset, resolveColumns } from './kinds/judged/dataset.ts';
import {
  ANSWER_PLACEHOLDERS,
  JUDGE_PLACEHOLDERS,
  PAIRWISE_PLACEHOLDERS,
  prepareJudgedSuite,
  type JudgedInputs,
} from './kinds/judged/suite.ts';
import { configError, formatPath } from './errors.ts';
import { contentSha256, sha256Hex } from './hash.ts';
import { parseExactCopyDataset } from './kinds/exact-copy/dataset.ts';
import { EXACT_COPY_PLACEHOLDERS, prepareExactCopySuite } from './kinds/exact-copy/suite.ts';
import type { PreparedSuite } from './run-suite.ts';
import { promptKind } from './kinds/prompt/index.ts'; // wiring: prompt kind
import { loadTemplate, type Template } from './templates.ts';
import type { EvalCase, SuiteResult } from './types.ts';

/** A suite's inputs, loaded and checked, ready to be given a model client. */
export interface LoadedSuite {
  index: number;
  config: SuiteConfig;
  cases: readonly EvalCase[];
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
  /** The providers the suite calls (target first, then judges). */
  providers: readonly string[];
  /** Judged suites: what rejudging needs. */
  judging?: { template: JudgedInputs['judgeTemplate']; judges: readonly string[] };
  /**
   * Every file and folder the suite read from the workspace, relative to the repository
   * root, both as written and with symlinks followed: a pull request affects the suite
   * when it changes any of them.
   */
  reads: { files: readonly string[]; folders: readonly string[] };
}

/** Where a suite's files come from. */
export interface LoadOptions {
  /**
   * Where the files that measure (the judge template) are read: on a pull request, the
   * base commit, so a PR cannot change the instrument that grades it. Default: the workspace.
   */
  instrument?: Workspace;
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
      return inner.readBytes(path);
    },
    listFolders: async (path) => {
      await note(path, reads.folders);
      return inner.listFolders(path);
    },
  };
}

/** Gives the code runner of an executor, started on first use (round-trip suites). */
export type CodeRunners = (executor: RoundTripSuiteConfig['executor'], timeoutMs: number) => CodeRunner;

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
  const reads = { files: new Set<string>(), folders: new Set<string>() };
  const workspace = recordingWorkspace(files, reads);
  const instrument = options.instrument ?? workspace;
  const at = (...path: PropertyKey[]): { file: string; line?: number; path: string } => {
    const full = ['suites', index, ...path];
    const line = loaded.lineOf(full);
    return { file: loaded.file, ...(line !== undefined ? { line } : {}), path: formatPath(full) };
  };
  const readFrom = async (
    from: Workspace,
    path: string,
    where: ReturnType<typeof at>,
    what: string,
  ): Promise<Uint8Array> => {
    const found = await from.locate(path);
    if (found.status === 'refused') throw configError(where, `${what} path "${path}" ${found.reason}`);
    if (found.status === 'missing' || found.kind !== 'file')
      throw configError(where, `${what} file "${path}" does not exist (paths are relative to ${loaded.file})`);
    return from.readBytes(path);
  };
  const readFile = (path: string, where: ReturnType<typeof at>, what: string): Promise<Uint8Array> =>
    readFrom(workspace, path, where, what);
  const done = (suiteLoaded: Omit<LoadedSuite, 'reads'>): LoadedSuite => ({
    ...suiteLoaded,
    reads: { files: [...reads.files].sort(), folders: [...reads.folders].sort() },
  });
  const template = async (
    role: 'system' | 'user',
    path: string | undefined,
    allowed: readonly string[],
  ): Promise<Template | undefined> =>
    path === undefined
      ? undefined
      : loadTemplate(await readFile(path, at('templates', role), 'template'), path, allowed, at('templates', role));
  if (suite.kind === 'round-trip') return done(await loadRoundTripSuite(loaded, index, suite, workspace, at, readFile));
  if (suite.kind === 'prompt') {
    // wiring: prompt kind
    const p = await promptKind.load({
      suite,
      provider: loaded.config.providers[suite.provider] as ProviderConfig,
      providers: loaded.config.providers,
      at,
      read: readFile,
      readInstrument: (path, where, what) => readFrom(instrument, path, where, what),
    });
    return done({
      index,
      config: suite,
      cases: p.cases,
      providers: p.providers,
      prepare: (clients, _baseline, runners = noRunners, nonce = noNonce) =>
        p.prepare(clients, (timeoutMs) => runners('pyodide', timeoutMs), nonce),
    });
  }
  const s = suite as ExactCopySuiteConfig | JudgedSuiteConfig;
  const allowed = s.kind === 'judged' ? ANSWER_PLACEHOLDERS : EXACT_COPY_PLACEHOLDERS;
  const templates: { system?: Template; user: Template } = {
    user: (await template('user', s.templates.user, allowed)) as Template,
  };
  const system = await template('system', s.templates.system, allowed);
  if (system) templates.system = system;
  // Without the case's own text in the prompt, every case sends the same request.
  const required = s.kind === 'judged' ? 'input' : 'context';
  if (!templates.user.placeholders.includes(required) && !(system?.placeholders.includes(required) ?? false)) {
    throw configError(
      at('templates', 'user'),
      `template ${s.templates.user} must use {${required}}${s.templates.system ? ` (or the system template ${s.templates.system} must)` : ''}: without it every case sends the same prompt; put {${required}} where the ${s.kind === 'judged' ? 'task' : 'context'} goes`,
    );
  }
  const datasetPath = typeof s.dataset === 'string' ? s.dataset : s.dataset.path;
  const format = typeof s.dataset === 'string' ? undefined : s.dataset.format;
  const bytes = await readFile(datasetPath, at('dataset'), 'dataset');
  const dataset = { path: datasetPath, sha256: contentSha256(bytes) };
  const provider = loaded.config.providers[s.provider] as ProviderConfig;

  if (s.kind === 'exact-copy') {
    const cases = parseExactCopyDataset(bytes, datasetPath, format);
    return done({
      index,
      config: suite,
      cases,
      providers: [s.provider],
      prepare: (clients) =>
        prepareExactCopySuite({ suite: s, provider, client: clients(s.provider), cases, templates, dataset }),
    });
  }

  const columns = typeof s.dataset === 'string' ? undefined : s.dataset.columns;
  const cases = parseJudgedDataset(bytes, datasetPath, format, resolveColumns(columns));
  const judgeNames = Array.isArray(s.judge) ? s.judge : [s.judge];
  const judgeAllowed = s.mode === 'pairwise' ? PAIRWISE_PLACEHOLDERS : JUDGE_PLACEHOLDERS;
  let judgeTemplate: JudgedInputs['judgeTemplate'];
  if (s.templates.judge !== undefined) {
    // The judge template measures: on a pull request it is read from the base commit.
    const t = loadTemplate(
      await readFrom(instrument, s.templates.judge, at('templates', 'judge'), 'template'),
      s.templates.judge,
      judgeAllowed,
      at('templates', 'judge'),
    );
    const missing = judgeAllowed.filter((p) => p !== 'criteria' && !t.placeholders.includes(p));
    if (missing.length > 0)
      throw configError(
        at('templates', 'judge'),
        `judge template ${s.templates.judge} must use ${missing.map((m) => `{${m}}`).join(' ')}: the judge cannot grade what it is not shown`,
      );
    judgeTemplate = { id: `file:${s.templates.judge}`, sha256: t.sha256, text: t, language: s['judge-language'] };
  } else {
    const builtin = builtinJudgeTemplate(s.mode, s['judge-language']);
    const bytesOf = new TextEncoder().encode(builtin.text);
    judgeTemplate = {
      id: builtin.id,
      sha256: sha256Hex(bytesOf),
      text: loadTemplate(bytesOf, builtin.id, judgeAllowed, at('templates')),
      language: s['judge-language'],
    };
  }
  return done({
    index,
    config: suite,
    cases,
    providers: [s.provider, ...judgeNames],
    judging: { template: judgeTemplate, judges: judgeNames },
    prepare: (clients, baseline, _runners, nonce = noNonce) =>
      prepareJudgedSuite({
        suite: s,
        provider,
        client: clients(s.provider),
        cases,
        templates,
        dataset,
        judgeTemplate,
        judges: judgeNames.map((name) => ({
          name,
          provider: loaded.config.providers[name] as ProviderConfig,
          client: clients(name),
        })),
        baselineAnswers: s.mode === 'pairwise' && baseline ? answersOf(baseline) : null,
        nonce,
      }),
  });
}

/** Loads a round-trip suite: its two templates and its tasks folder. */
async function loadRoundTripSuite(
  loaded: LoadedConfig,
  index: number,
  s: RoundTripSuiteConfig,
  workspace: Workspace,
  at: (...path: PropertyKey[]) => { file: string; line?: number; path: string },
  readFile: (path: string, where: { file: string; line?: number; path: string }, what: string) => Promise<Uint8Array>,
): Promise<Omit<LoadedSuite, 'reads'>> {
  const template = async (
    role: 'nl-to-code' | 'code-to-nl',
    allowed: readonly string[],
    required: string,
  ): Promise<Template> => {
    const path = s.templates[role];
    const t = loadTemplate(
      await readFile(path, at('templates', role), 'template'),
      path,
      allowed,
      at('templates', role),
    );
    if (!t.placeholders.includes(required))
      throw configError(
        at('templates', role),
        `template ${path} must use {${required}}: the model cannot ${role === 'nl-to-code' ? 'write code for a description' : 'describe code'} it is not shown`,
      );
    return t;
  };
  const templates = {
    'nl-to-code': await template('nl-to-code', NL_TO_CODE_PLACEHOLDERS, 'description'),
    'code-to-nl': await template('code-to-nl', CODE_TO_NL_PLACEHOLDERS, 'code'),
  };
  const folder = await workspace.locate(s.tasks);
  if (folder.status === 'refused') throw configError(at('tasks'), `tasks path "${s.tasks}" ${folder.reason}`);
  const tasks = await loadTasks(workspace, s.tasks, s.language, at('tasks'));
  const provider = loaded.config.providers[s.provider] as ProviderConfig;
  return {
    index,
    config: s,
    cases: tasks.cases,
    providers: [s.provider],
    prepare: (clients, _baseline, runners = noRunners) =>
      prepareRoundTripSuite({
        suite: s,
        provider,
        client: clients(s.provider),
        cases: tasks.cases,
        templates,
        dataset: { path: s.tasks, sha256: tasks.sha256 },
        runner: () => runners(s.executor, s['timeout-ms']),
      }),
  };
}

/** The first valid answer of each case in a result, for pairwise judging. */
function answersOf(result: SuiteResult): Map<string, { inputHash: string; text: string }> {
  const out = new Map<string, { inputHash: string; text: string }>();
  for (const r of result.records) {
    if (r.reply && r.status !== 'error' && !out.has(r.caseId))
      out.set(r.caseId, { inputHash: r.inputHash, text: r.reply.text });
  }
  return out;
}

/** The Node major version the sandbox needs: its permission model (SANDBOX.md). */
export const SANDBOX_NODE_MAJOR = 24;

/**
 * Problems with the running Node for the selected suites: a round-trip suite with the
 * pyodide executor runs model code under Node's permission model, complete only from
 * Node 24. `nodeVersion` is process.versions.node, passed in by the edge.
 */
export function runtimeProblems(
  loaded: LoadedConfig,
  suites: readonly { index: number; config: SuiteConfig }[],
  nodeVersion: string,
): string[] {
  const major = Number(nodeVersion.split('.')[0]);
  if (!Number.isFinite(major) || major >= SANDBOX_NODE_MAJOR) return [];
  return suites
    .filter(
      (s) =>
        (s.config.kind === 'round-trip' && s.config.executor === 'pyodide') ||
        (s.config.kind === 'prompt' && promptKind.needsSandbox(s.config)), // wiring: prompt kind
    )
    .map((s) => {
      const line = loaded.lineOf(['suites', s.index]);
      // wiring: prompt kind (the wording for python assertions)
      return `${loaded.file}${line !== undefined ? `:${line}` : ''} suites[${s.index}] (${s.config.name}): ${s.config.kind === 'prompt' ? 'python assertions run' : 'round-trip suites run model code'} in the pyodide sandbox, which needs Node ${SANDBOX_NODE_MAJOR} or later for its permission model; this is Node ${nodeVersion}. Run evalgate with Node ${SANDBOX_NODE_MAJOR} (actions/setup-node with node-version: 24), or leave this suite out with --suite`;
    });
}
