/**
 * Loading a suite's inputs (templates, dataset) through the Workspace port, with every
 * problem reported as a ConfigError before any model is called.
 */
import type { ModelClient, Workspace } from '../ports.ts';
import type { ExactCopySuiteConfig, LoadedConfig, SuiteConfig } from './config.ts';
import { configError, formatPath } from './errors.ts';
import { sha256Hex } from './hash.ts';
import { parseExactCopyDataset } from './kinds/exact-copy/dataset.ts';
import { EXACT_COPY_PLACEHOLDERS, prepareExactCopySuite } from './kinds/exact-copy/suite.ts';
import type { PreparedSuite } from './run-suite.ts';
import { loadTemplate, type Template } from './templates.ts';
import type { EvalCase } from './types.ts';

/** A suite's inputs, loaded and checked, ready to be given a model client. */
export interface LoadedSuite {
  index: number;
  config: SuiteConfig;
  cases: readonly EvalCase[];
  prepare(clients: (provider: string) => ModelClient): PreparedSuite;
}

/** The suite kinds this version can run. */
export const RUNNABLE_KINDS = ['exact-copy'] as const;

/** Picks suites by name (all when none given); an unknown name is a ConfigError. */
export function selectSuites(loaded: LoadedConfig, names: readonly string[]): { index: number; suite: SuiteConfig }[] {
  const all = loaded.config.suites.map((suite, index) => ({ index, suite }));
  if (names.length === 0) return all;
  const known = all.map((s) => s.suite.name);
  for (const name of names) {
    if (!known.includes(name)) throw configError({ file: loaded.file }, `--suite ${name}: no such suite; suites in this file: ${known.join(', ')}`);
  }
  return all.filter((s) => names.includes(s.suite.name));
}

/** Loads and checks one suite's templates and dataset. */
export async function loadSuite(loaded: LoadedConfig, index: number, workspace: Workspace): Promise<LoadedSuite> {
  const suite = loaded.config.suites[index] as SuiteConfig;
  const at = (...path: PropertyKey[]): { file: string; line?: number; path: string } => {
    const full = ['suites', index, ...path];
    const line = loaded.lineOf(full);
    return { file: loaded.file, ...(line !== undefined ? { line } : {}), path: formatPath(full) };
  };
  if (!(RUNNABLE_KINDS as readonly string[]).includes(suite.kind)) {
    throw configError(at('kind'), `"${suite.kind}" suites are not available in this version of evalgate yet (it runs: ${RUNNABLE_KINDS.join(', ')}); remove the suite or pick others with --suite`);
  }
  const s = suite as ExactCopySuiteConfig;
  const readFile = async (path: string, where: ReturnType<typeof at>, what: string): Promise<Uint8Array> => {
    if (!(await workspace.exists(path))) throw configError(where, `${what} file "${path}" does not exist (paths are relative to ${loaded.file})`);
    return workspace.readBytes(path);
  };
  const templates: { system?: Template; user: Template } = {
    user: loadTemplate(await readFile(s.templates.user, at('templates', 'user'), 'template'), s.templates.user, EXACT_COPY_PLACEHOLDERS, at('templates', 'user')),
  };
  if (s.templates.system !== undefined) {
    templates.system = loadTemplate(await readFile(s.templates.system, at('templates', 'system'), 'template'), s.templates.system, EXACT_COPY_PLACEHOLDERS, at('templates', 'system'));
  }
  const datasetPath = typeof s.dataset === 'string' ? s.dataset : s.dataset.path;
  const format = typeof s.dataset === 'string' ? undefined : s.dataset.format;
  const bytes = await readFile(datasetPath, at('dataset'), 'dataset');
  const cases = parseExactCopyDataset(bytes, datasetPath, format);
  const provider = loaded.config.providers[s.provider];
  if (provider === undefined) throw configError(at('provider'), `unknown provider "${s.provider}"`);
  return {
    index,
    config: suite,
    cases,
    prepare: (clients) => prepareExactCopySuite({
      suite: s, provider, client: clients(s.provider), cases, templates,
      dataset: { path: datasetPath, sha256: sha256Hex(bytes) },
    }),
  };
}
