// action.yml checked the way the runner loads it, before any of our code runs. The
// runner evaluates every `${{ }}` in the metadata while setting up the job, and in a
// JavaScript action's metadata only an input's `default` may hold an expression, using
// the `github` context; anywhere else (a description, say) the job fails at "Set up job"
// with "Unrecognized named-value". Our other tests start dist/index.js directly and would
// never notice, so this file is the guard. It also keeps action.yml and the code in step:
// every input the code reads is declared and every declared input is read; outputs alike.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { ROOT } from '../helpers/cli.ts';

interface Metadata {
  name?: unknown;
  description?: unknown;
  inputs?: Record<string, { description?: unknown; default?: unknown; required?: unknown }>;
  outputs?: Record<string, { description?: unknown }>;
  runs?: { using?: unknown; main?: unknown };
}

/** Every string in a parsed YAML document, with its key path. */
function stringsOf(value: unknown, path: string[] = []): { path: string[]; text: string }[] {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringsOf(v, [...path, String(i)]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => [
      ...stringsOf(k, [...path, `(key ${k})`]),
      ...stringsOf(v, [...path, k]),
    ]);
  return [];
}

/** The named values (contexts) an expression's text uses: `github.token` → github. */
function namedValuesOf(expression: string): string[] {
  const withoutStrings = expression.replace(/'(?:[^']|'')*'/g, "''");
  const names = new Set<string>();
  for (const m of withoutStrings.matchAll(/(?<![.\w-])([A-Za-z_][\w-]*)(?=\s*(?:\.|\[|$|\s|\)|,|=|!|&|\||<|>))/g)) {
    const name = m[1] as string;
    // Function calls and literals are not named values.
    if (
      /^(true|false|null|contains|startsWith|endsWith|format|join|toJSON|fromJSON|hashFiles|success|always|cancelled|failure)$/i.test(
        name,
      )
    )
      continue;
    names.add(name);
  }
  return [...names];
}

/** Problems the runner would have loading this metadata, as messages. */
function checkMetadata(meta: Metadata): string[] {
  const problems: string[] = [];
  for (const { path, text } of stringsOf(meta)) {
    const expressions = [...text.matchAll(/\$\{\{([\s\S]*?)\}\}/g)].map((m) => (m[1] as string).trim());
    if (!text.includes('${{')) continue;
    const isDefault = path.length === 3 && path[0] === 'inputs' && path[2] === 'default';
    if (!isDefault) {
      problems.push(
        `${path.join('.')}: holds an expression (${JSON.stringify(text)}); the runner evaluates it while loading the action and fails the job`,
      );
      continue;
    }
    for (const e of expressions) {
      const others = namedValuesOf(e).filter((n) => n !== 'github');
      if (others.length > 0)
        problems.push(
          `${path.join('.')}: expression uses ${others.join(', ')}; only the github context is available to input defaults`,
        );
    }
  }
  if (typeof meta.name !== 'string' || meta.name === '') problems.push('name is required');
  if (typeof meta.description !== 'string' || meta.description === '') problems.push('description is required');
  else if (meta.description.length > 125)
    problems.push(`description is ${meta.description.length} characters; the Marketplace accepts 125`);
  if (meta.runs?.using !== 'node24')
    problems.push(`runs.using is ${JSON.stringify(meta.runs?.using)}, expected node24`);
  if (typeof meta.runs?.main !== 'string') problems.push('runs.main is missing');
  for (const [id, input] of Object.entries(meta.inputs ?? {})) {
    if (typeof input?.description !== 'string' || input.description === '')
      problems.push(`inputs.${id}.description is missing`);
  }
  return problems;
}

/** Names passed as string literals to the given calls in the action's source. */
async function namesCalled(functions: readonly string[]): Promise<Set<string>> {
  const dir = join(ROOT, 'src/action');
  const names = new Set<string>();
  for (const file of await readdir(dir)) {
    if (!file.endsWith('.ts')) continue;
    const text = await readFile(join(dir, file), 'utf8');
    for (const f of functions) {
      for (const m of text.matchAll(new RegExp(`\\b${f}\\(\\s*'([^']+)'`, 'g'))) names.add(m[1] as string);
    }
  }
  return names;
}

describe('action.yml', () => {
  it("loads under the runner's rules: expressions only in input defaults, github context only, node24, a Marketplace-length description", async () => {
    const meta = parse(await readFile(join(ROOT, 'action.yml'), 'utf8')) as Metadata;
    assert.deepEqual(checkMetadata(meta), []);
  });

  it('declares exactly the inputs the code reads', async () => {
    const meta = parse(await readFile(join(ROOT, 'action.yml'), 'utf8')) as Metadata;
    const declared = Object.keys(meta.inputs ?? {}).sort();
    const read = [...(await namesCalled(['getInput', 'getMultilineInput', 'getBooleanInput', 'bool']))].sort();
    assert.ok(read.length >= 5, `found the reads in src/action: ${read.join(', ')}`);
    assert.deepEqual(read, declared);
  });

  it('declares exactly the outputs the code sets', async () => {
    const meta = parse(await readFile(join(ROOT, 'action.yml'), 'utf8')) as Metadata;
    const declared = Object.keys(meta.outputs ?? {}).sort();
    const set = [...(await namesCalled(['setOutput']))].sort();
    assert.ok(set.length >= 3, `found the outputs in src/action: ${set.join(', ')}`);
    assert.deepEqual(set, declared);
  });

  // The checker itself, on the metadata that broke every workflow, and on its neighbours.
  it('rejects what the runner rejects', () => {
    const base: Metadata = {
      name: 'x',
      description: 'd',
      runs: { using: 'node24', main: 'dist/index.js' },
      inputs: { token: { description: 't', default: '${{ github.token }}' } },
    };
    assert.deepEqual(checkMetadata(base), []);
    const matrix = {
      ...base,
      inputs: { ...base.inputs, shard: { description: 'i/n (e.g. ${{ matrix.shard }}/4)', default: '' } },
    };
    assert.match(checkMetadata(matrix).join('\n'), /inputs\.shard\.description: holds an expression/);
    const secretDefault = { ...base, inputs: { key: { description: 'k', default: '${{ secrets.KEY }}' } } };
    assert.match(checkMetadata(secretDefault).join('\n'), /expression uses secrets/);
    const stringLiteral = {
      ...base,
      inputs: { ref: { description: 'r', default: "${{ format('{0}-x', github.ref) }}" } },
    };
    assert.deepEqual(checkMetadata(stringLiteral), []);
    assert.match(checkMetadata({ ...base, description: 'x'.repeat(126) }).join('\n'), /126 characters/);
    assert.match(
      checkMetadata({ ...base, runs: { using: 'node20', main: 'dist/index.js' } }).join('\n'),
      /expected node24/,
    );
  });
});
