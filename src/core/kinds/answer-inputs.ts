/**
 * What the kinds that ask one prompt per case share when loading: the system and user
 * templates (with the placeholder that carries the case into the prompt) and one dataset
 * file, read through the kind's load context so the reads make the suite affected.
 */
import type { DatasetConfig } from '../config/common.ts';
import { configError } from '../errors.ts';
import { hashedChunks, type HashedChunks } from '../datasets/stream.ts';
import { loadTemplate, type Template } from '../templates.ts';
import type { KindLoadContext } from './kind.ts';

/** A suite entry with prompt templates and a dataset. */
export interface AnswerSuiteConfig {
  dataset: DatasetConfig;
  templates: { system?: string | undefined; user: string };
}

/** The loaded templates of such a suite, and its dataset opened as a stream. */
export interface AnswerInputs {
  templates: { system?: Template; user: Template };
  /** The dataset's chunks; its identity hash is known once they are read. */
  source: HashedChunks;
  datasetPath: string;
  format: 'jsonl' | 'json' | 'csv' | undefined;
}

/**
 * Loads the templates (only `allowed` placeholders) and the dataset. `required` must appear
 * in the user or system template: without the case's own text every case sends the same
 * prompt. `goes` names, for the message, what the placeholder stands for.
 */
export async function loadAnswerInputs<Config extends AnswerSuiteConfig>(
  ctx: KindLoadContext<Config>,
  allowed: readonly string[],
  required: string,
  goes: string,
): Promise<AnswerInputs> {
  const s = ctx.suite;
  const template = async (role: 'system' | 'user', path: string | undefined): Promise<Template | undefined> =>
    path === undefined
      ? undefined
      : loadTemplate(
          await ctx.readFile(path, ctx.at('templates', role), 'template'),
          path,
          allowed,
          ctx.at('templates', role),
          (problem) => ctx.warn(problem),
        );
  const templates: { system?: Template; user: Template } = {
    user: (await template('user', s.templates.user)) as Template,
  };
  const system = await template('system', s.templates.system);
  if (system) templates.system = system;
  if (!templates.user.placeholders.includes(required) && !(system?.placeholders.includes(required) ?? false)) {
    throw configError(
      ctx.at('templates', 'user'),
      `template ${s.templates.user} must use {${required}}${s.templates.system ? ` (or the system template ${s.templates.system} must)` : ''}: without it every case sends the same prompt; put {${required}} where the ${goes} goes`,
    );
  }
  const datasetPath = typeof s.dataset === 'string' ? s.dataset : s.dataset.path;
  const format = typeof s.dataset === 'string' ? undefined : s.dataset.format;
  const source = hashedChunks(await ctx.readStream(datasetPath, ctx.at('dataset'), 'dataset'));
  return { templates, source, datasetPath, format };
}
