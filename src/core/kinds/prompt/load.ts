/**
 * Loading a prompt suite: the dataset first (its columns are the variables), then the
 * templates, then the assertions and the files they read. Every problem is a ConfigError
 * naming the file and line before any model is called.
 *
 * What measures comes from the base on a pull request: the `assert` list is a trusted key
 * (trust.ts keeps the base's), and the files assertions read — JSON Schemas and python
 * checks — are read through the instrument workspace (the base commit), like a judged
 * suite's judge template. A pull request can change the prompts and the dataset it is
 * tested on, not the checks that grade it.
 */
import type { Cases } from '../../datasets/case-columns.ts';
import type { ChatMessage, CodeRunner, ModelClient } from '../../../ports.ts';
import type { ProviderConfig } from '../../config/common.ts';
import type { PromptSuiteConfig } from './config.ts';
import { decodeUtf8 } from '../../datasets/jsonl.ts';
import { configError, type ConfigProblem } from '../../errors.ts';
import { contentSha256, sha256Hex } from '../../hash.ts';
import type { PreparedSuite } from '../../run-suite.ts';
import { checkDoubledPlaceholders, loadTemplate, type Template } from '../../templates.ts';
import { compileJsonSchema, fillVariables, regexLiteral, variablesOf } from './assertions.ts';
import { readPromptDataset } from './dataset.ts';
import type { CaseCollector } from '../../datasets/collect.ts';
import { hashedChunks } from '../../datasets/stream.ts';
import { builtinJudgeTemplate } from '../judged/builtin-templates.ts';
import { JUDGE_PLACEHOLDERS, type JudgedInputs } from '../judged/suite.ts';
import { promptJudges } from './config.ts';
import { preparePromptSuite, type LoadedAssertion, type PromptTemplates } from './suite.ts';

/** A place in evalgate.yml. */
export type Where = { file: string; line?: number; path: string };

/** What loading a prompt suite needs from the loader. */
export interface PromptLoadContext {
  suite: PromptSuiteConfig;
  provider: ProviderConfig;
  /** Every provider of the config, by name (judges are looked up here). */
  providers: Readonly<Record<string, ProviderConfig>>;
  /** The place of a key under this suite's entry. */
  at(...path: PropertyKey[]): Where;
  /** Reads a file of what is tested (dataset, templates) from the workspace. */
  read(path: string, where: Where, what: string): Promise<Uint8Array>;
  /** Opens the dataset as a stream (recorded like read). */
  readStream(path: string, where: Where, what: string): Promise<AsyncIterable<Uint8Array>>;
  /** Where the dataset's cases go (kept, or only counted; a pull request's row limit). */
  cases(file: string): CaseCollector;
  /** Reads a file of what measures (schemas, checks) from the instrument workspace. */
  readInstrument(path: string, where: Where, what: string): Promise<Uint8Array>;
  /** gate.manipulation-check of the suite. */
  manipulationCheck?: 'patterns' | 'judge';
  /** A problem that does not stop the suite (a `{{name}}` that is probably meant as a variable). */
  warn(problem: ConfigProblem): void;
}

/** A loaded prompt suite. */
export interface PromptLoaded {
  cases: Cases;
  /** How many cases the dataset has (also when only counted). */
  caseCount: number;
  providers: string[];
  prepare(
    clients: (provider: string) => ModelClient,
    runner: (timeoutMs: number) => CodeRunner,
    nonce: (material: string) => string,
  ): PreparedSuite;
}

/** Loads and checks a prompt suite's files. */
export async function loadPromptSuite(ctx: PromptLoadContext): Promise<PromptLoaded> {
  const { suite, at } = ctx;
  const datasetPath = typeof suite.dataset === 'string' ? suite.dataset : suite.dataset.path;
  const format = typeof suite.dataset === 'string' ? undefined : suite.dataset.format;
  const source = hashedChunks(await ctx.readStream(datasetPath, at('dataset'), 'dataset'));
  const collected = ctx.cases(datasetPath);
  const columns = await readPromptDataset(source.chunks, datasetPath, format, collected);
  const cases = collected.cases;
  const unknown = (name: string): string => {
    const guess = columns.find((c) => c.toLowerCase() === name.toLowerCase());
    return `the dataset ${datasetPath} has no column "${name}"${guess ? `; did you mean {${guess}}?` : ''}; its columns: ${columns.join(', ')} (write {{ and }} for literal braces)`;
  };

  const template = async (path: string, where: Where): Promise<Template> => {
    const raw = await ctx.read(path, where, 'template');
    for (const v of variablesOf(decodeUtf8(raw, path))) {
      if (!columns.includes(v.name))
        throw configError({ file: path, line: v.line }, `uses {${v.name}}, but ${unknown(v.name)}`);
    }
    return loadTemplate(raw, path, columns, where, (problem) => ctx.warn(problem));
  };
  const templates: PromptTemplates = {
    messages: [],
    user: await template(suite.templates.user, at('templates', 'user')),
  };
  if (suite.templates.system !== undefined)
    templates.system = await template(suite.templates.system, at('templates', 'system'));
  for (const [i, m] of (suite.templates.messages ?? []).entries())
    templates.messages.push({
      role: m.role as ChatMessage['role'],
      template: await template(m.template, at('templates', 'messages', i, 'template')),
    });

  const assertions: LoadedAssertion[] = [];
  const counts = new Map<string, number>();
  for (const a of suite.assert) counts.set(a.type, (counts.get(a.type) ?? 0) + 1);
  const seen = new Map<string, number>();
  for (const [i, a] of suite.assert.entries()) {
    const where = (key?: string): Where => (key ? at('assert', i, key) : at('assert', i));
    // Default names: the type, numbered when the type appears more than once.
    const index = (seen.get(a.type) ?? 0) + 1;
    seen.set(a.type, index);
    const name = a.name ?? ((counts.get(a.type) ?? 0) > 1 ? `${a.type}-${index}` : a.type);
    if (assertions.some((x) => x.name === name))
      throw configError(where('name'), `assertion name "${name}" is used twice; give each assertion its own name`);
    if ('value' in a) {
      checkDoubledPlaceholders(a.value, where('value'), columns, (problem) => ctx.warn(problem));
      for (const v of variablesOf(a.value))
        if (!columns.includes(v.name))
          throw configError(where('value'), `the value uses {${v.name}}, but ${unknown(v.name)}`);
    }
    if (a.type === 'regex') {
      // Variables are inserted as literal text, so the pattern's syntax is the config's alone.
      const source = fillVariables(a.value, Object.fromEntries(columns.map((c) => [c, 'x'])), regexLiteral);
      try {
        new RegExp(source, a.flags);
      } catch (error) {
        throw configError(
          where('value'),
          `not a valid regular expression: ${(error as Error).message.replace(/^Invalid regular expression: /, '')}; escape literal characters such as ( [ { * + ? with \\`,
        );
      }
    }
    const loaded: LoadedAssertion = { config: a, name };
    if (a.type === 'judge') {
      // The rubric grades: on a pull request its file is read from the base, like the checks.
      const rubric =
        a.rubric ??
        decodeUtf8(
          await ctx.readInstrument(a['rubric-file'] as string, where('rubric-file'), 'rubric'),
          a['rubric-file'] as string,
        );
      for (const v of variablesOf(rubric))
        if (!columns.includes(v.name))
          throw configError(
            where(a.rubric !== undefined ? 'rubric' : 'rubric-file'),
            `the rubric uses {${v.name}}, but ${unknown(v.name)}`,
          );
      for (const v of variablesOf(a.reference ?? ''))
        if (!columns.includes(v.name))
          throw configError(where('reference'), `the reference uses {${v.name}}, but ${unknown(v.name)}`);
      assertions.push({ config: a, name, rubric });
      continue;
    }
    if (a.type === 'json-schema' || a.type === 'python') {
      const path = a.type === 'json-schema' ? a.schema : a.file;
      const key = a.type === 'json-schema' ? 'schema' : 'file';
      const raw = await ctx.readInstrument(path, where(key), a.type === 'python' ? 'check' : 'JSON Schema');
      const text = decodeUtf8(raw, path);
      loaded.file = { path, sha256: contentSha256(raw), text };
      if (a.type === 'json-schema') {
        let doc: unknown;
        try {
          doc = JSON.parse(text.replace(/^\uFEFF/, ''));
        } catch (error) {
          throw configError({ file: path }, `not valid JSON (${(error as Error).message})`);
        }
        try {
          loaded.schema = await compileJsonSchema(doc);
        } catch (error) {
          throw configError({ file: path }, `not a usable JSON Schema: ${(error as Error).message}`);
        }
      } else if (!/^def check\(/m.test(text)) {
        throw configError(
          { file: path },
          'a python check must define check(output, vars) at the top level, returning True/False or a number from 0 to 1',
        );
      }
    }
    assertions.push(loaded);
  }

  const dataset = { path: datasetPath, sha256: source.sha256() };
  const judgeNames = promptJudges(suite.assert);
  const judgeTemplates = { en: builtinTemplate('en', at('assert')), ja: builtinTemplate('ja', at('assert')) };
  return {
    cases,
    caseCount: collected.count,
    providers: [suite.provider, ...judgeNames.filter((j) => j !== suite.provider)],
    prepare: (clients, runner, nonce) => {
      const prepared = preparePromptSuite({
        judges: new Map(
          judgeNames.map((name) => [
            name,
            { name, provider: ctx.providers[name] as ProviderConfig, client: clients(name) },
          ]),
        ),
        judgeTemplates,
        nonce,
        ...(ctx.manipulationCheck ? { manipulationCheck: ctx.manipulationCheck } : {}),
        suite,
        provider: ctx.provider,
        client: clients(suite.provider),
        runner,
        cases,
        dataset,
        templates,
        assertions,
      });
      const readCases = collected.readCases;
      return readCases ? { ...prepared, readCases } : prepared;
    },
  };
}

/** The judged kind's built-in absolute judge template, which judge assertions use. */
function builtinTemplate(language: 'en' | 'ja', where: Where): JudgedInputs['judgeTemplate'] {
  const builtin = builtinJudgeTemplate('absolute', language);
  const bytes = new TextEncoder().encode(builtin.text);
  return {
    id: builtin.id,
    sha256: sha256Hex(bytes),
    text: loadTemplate(bytes, builtin.id, JUDGE_PLACEHOLDERS, where),
    language,
  };
}
