/**
 * Round-trip tasks: a folder per task under the suite's `tasks` folder, with `task.yaml`
 * (id, entry point, a description per language) and `test_task.py` (plain-assert `test_*`
 * functions that import the model's code as the module `solution`). A malformed task is a
 * ConfigError naming the file and line.
 */
import { LineCounter, parseDocument } from 'yaml';
import { documentValue } from '../../config/yaml.ts';
import { z } from 'zod';
import type { Workspace } from '../../../ports.ts';
import { decodeUtf8 } from '../../datasets/jsonl.ts';
import { configError, formatPath, type SourceLocation } from '../../errors.ts';
import { contentSha256, hashValue, identityValue } from '../../hash.ts';
import type { EvalCase } from '../../types.ts';
import type { RoundTripLanguage } from './text.ts';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

const taskSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'use letters, digits, ".", "_" and "-"'),
  'entry-point': z.string().regex(IDENTIFIER, 'must be a Python identifier').default('execute'),
  descriptions: z.strictObject({
    ja: z.string().min(1).optional(),
    en: z.string().min(1).optional(),
    es: z.string().min(1).optional(),
    zh: z.string().min(1).optional(),
  }),
});

/** One task, read and checked. */
export interface RoundTripTask {
  id: string;
  entryPoint: string;
  descriptions: Partial<Record<RoundTripLanguage, string>>;
  tests: string;
  folder: string;
}

/** The tasks of a suite as evaluation cases, and a hash over every task file. */
export interface LoadedTasks {
  cases: EvalCase[];
  sha256: string;
  files: string[];
}

/** Parses one task.yaml. */
export function parseTask(text: string, file: string): Omit<RoundTripTask, 'tests' | 'folder'> {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true });
  const first = doc.errors[0];
  if (first) {
    const line = first.linePos?.[0].line;
    throw configError(
      { file, ...(line !== undefined ? { line } : {}) },
      `is not valid YAML: ${first.message.split('\n')[0]}`,
    );
  }
  const parsed = taskSchema.safeParse(documentValue(doc, lineCounter, file));
  if (!parsed.success) {
    const issue = parsed.error.issues[0] as z.core.$ZodIssue;
    const node = issue.path.length > 0 ? doc.getIn(issue.path as (string | number)[], true) : null;
    const range = (node as { range?: [number, number] } | null)?.range;
    const line = range ? lineCounter.linePos(range[0]).line : undefined;
    const where = issue.path.length > 0 ? `${formatPath(issue.path)}: ` : '';
    const hint = ' (a task.yaml has id, entry-point (default execute) and descriptions with ja, en, es and/or zh)';
    throw configError({ file, ...(line !== undefined ? { line } : {}) }, `${where}${issue.message}${hint}`);
  }
  return { id: parsed.data.id, entryPoint: parsed.data['entry-point'], descriptions: parsed.data.descriptions };
}

/** Checks a test_task.py enough to know it can test the model's code. */
export function checkTests(text: string, file: string): void {
  if (!/^def test_\w*\s*\(\s*\)\s*:/m.test(text)) {
    throw configError(
      { file },
      'has no test: write module-level functions named test_* that take no arguments and use plain assert',
    );
  }
  if (!/^\s*(from\s+solution\s+import\s|import\s+solution\b)/m.test(text)) {
    throw configError(
      { file },
      'never imports the module `solution`: the model\'s code is imported as `solution` (for example "from solution import execute")',
    );
  }
}

/** Loads every task of a folder for one language; a task without that language is an error. */
export async function loadTasks(
  workspace: Workspace,
  dir: string,
  language: RoundTripLanguage,
  where: SourceLocation,
): Promise<LoadedTasks> {
  const folders = await workspace.listFolders(dir);
  if (folders === null) throw configError(where, `tasks folder "${dir}" does not exist or is not a folder`);
  const cases: EvalCase[] = [];
  const files: { path: string; sha256: string }[] = [];
  const seen = new Map<string, string>();
  for (const folder of folders) {
    if (folder.startsWith('.') || folder.startsWith('_')) continue; // __pycache__, .git …
    const yamlPath = `${dir}/${folder}/task.yaml`;
    const testsPath = `${dir}/${folder}/test_task.py`;
    if (!(await workspace.exists(yamlPath)))
      throw configError(
        { file: `${dir}/${folder}` },
        'is a task folder without task.yaml; add one (id, entry-point, descriptions) or move the folder out of the tasks folder',
      );
    if (!(await workspace.exists(testsPath)))
      throw configError(
        { file: `${dir}/${folder}` },
        "has no test_task.py; every task needs tests that import the model's code as `solution`",
      );
    const yamlBytes = await workspace.readBytes(yamlPath);
    const testBytes = await workspace.readBytes(testsPath);
    const task = parseTask(decodeUtf8(yamlBytes, yamlPath), yamlPath);
    const tests = decodeUtf8(testBytes, testsPath);
    checkTests(tests, testsPath);
    const other = seen.get(task.id);
    if (other)
      throw configError({ file: yamlPath }, `id "${task.id}" is also the id of ${other}; task ids must be unique`);
    seen.set(task.id, yamlPath);
    const description = task.descriptions[language];
    if (description === undefined) {
      throw configError(
        { file: yamlPath },
        `has no "${language}" description, which this suite needs; add descriptions.${language}`,
      );
    }
    files.push(
      { path: yamlPath, sha256: contentSha256(yamlBytes) },
      { path: testsPath, sha256: contentSha256(testBytes) },
    );
    const inputs = { description, tests, entryPoint: task.entryPoint };
    // Cases are the same task in every language: resampled together, compared across languages.
    cases.push({
      id: task.id,
      inputHash: hashValue(identityValue({ ...inputs, language })),
      cluster: task.id,
      inputs,
      source: { file: yamlPath, line: 1 },
    });
  }
  if (cases.length === 0)
    throw configError(where, `tasks folder "${dir}" has no task folders (each with task.yaml and test_task.py)`);
  return { cases, sha256: hashValue(files), files: files.map((f) => f.path) };
}
