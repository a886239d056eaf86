// `{{customer}}` (the Jinja, Mustache and promptfoo habit) sends the braces to the model
// literally for every case. Loading catches it: an error naming the file and line when the
// name is a column or variable the text could have used, a warning otherwise.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createFsWorkspace } from '../../src/adapters/fs-store.ts';
import { parseConfig } from '../../src/core/config/load.ts';
import { validateWorkspace } from '../../src/core/engine.ts';
import { ConfigError, formatProblem } from '../../src/core/errors.ts';
import { doubledPlaceholders } from '../../src/core/templates.ts';

let dir: string;
const write = async (path: string, text: string): Promise<void> => {
  await mkdir(dirname(join(dir, path)), { recursive: true });
  await writeFile(join(dir, path), text);
};
/** Loads evalgate.yml of `dir`: its warnings, or the ConfigError's problems. */
const load = async (yml: string): Promise<{ warnings: string[]; problems: string[] }> => {
  try {
    const { suites } = await validateWorkspace(parseConfig(yml, 'evalgate.yml'), [], createFsWorkspace(dir));
    return { warnings: suites.flatMap((s) => s.warnings.map(formatProblem)), problems: [] };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return { warnings: [], problems: [...error.problems] };
  }
};
const promptSuite = (user: string, value = '{order}') => `version: 1
providers: {target: {model: m}}
suites:
  - name: reply
    kind: prompt
    provider: target
    dataset: data/cases.csv
    templates: {user: ${user}}
    assert:
      - type: contains
        value: "${value}"
`;
const copySuite = (user: string) => `version: 1
providers: {target: {model: m}}
suites:
  - {name: copy, kind: exact-copy, provider: target, dataset: data/copy.jsonl, templates: {user: ${user}}}
`;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'evalgate-braces-'));
  await write('data/cases.csv', 'id,customer,order\n1,Ann,A-1\n');
  await write('data/copy.jsonl', '{"id":"1","question":"q?","context":"a\\nb\\nc","expected":"b"}\n');
  await write('prompts/jinja.txt', 'Order: {order}\nCustomer: {{customer}}\n');
  await write('prompts/spaced.txt', 'Customer: {customer}\n\n\nOrder: {{ order }}\n');
  await write('prompts/json.txt', 'Reply as {{"name": "{customer}", "order": "{order}"}} and {{{order}}}.\n');
  await write('prompts/copy-jinja.txt', '{context}\n{{question}}\n');
  await write('prompts/copy-other.txt', '{context}\n{question}\nToday is {{today}}.\n');
});
after(() => rm(dir, { recursive: true, force: true }));

describe('doubled-brace placeholders', () => {
  it('are found token by token: not a placeholder between literal braces, not JSON', () => {
    assert.deepEqual(doubledPlaceholders('a {{x}}\nb {{ y_1 }} {{user.name}}'), [
      { name: 'x', line: 1 },
      { name: 'y_1', line: 2 },
      { name: 'user.name', line: 2 },
    ]);
    assert.deepEqual(doubledPlaceholders('{{{x}}} {{"x": 1}} {{}} {{ a b }} {x}'), []);
  });

  it('are an error naming the template line when the name is a column', async () => {
    const jinja = await load(promptSuite('prompts/jinja.txt'));
    assert.deepEqual(jinja.problems, [
      'prompts/jinja.txt:2: {{customer}} is sent to the model as the literal text "{customer}" for every case: in evalgate a placeholder has single braces, and {{ }} stand for literal braces. Write {customer}',
    ]);
    const spaced = await load(promptSuite('prompts/spaced.txt'));
    assert.match(spaced.problems.join('\n'), /^prompts\/spaced\.txt:4: \{\{order\}\} is sent to the model/);
  });

  it('are an error in an assertion value, at its line of the config', async () => {
    const r = await load(promptSuite('prompts/json.txt', '{{order}}'));
    assert.match(r.problems.join('\n'), /^evalgate\.yml:11 suites\[0\]\.assert\[0\]\.value: \{\{order\}\} is sent/);
  });

  it('leave literal JSON and a placeholder between literal braces alone', async () => {
    assert.deepEqual(await load(promptSuite('prompts/json.txt')), { warnings: [], problems: [] });
  });

  it("are an error for the kind's own placeholders, and a warning for any other name", async () => {
    const jinja = await load(copySuite('prompts/copy-jinja.txt'));
    assert.match(jinja.problems.join('\n'), /^prompts\/copy-jinja\.txt:2: \{\{question\}\} is sent/);
    const other = await load(copySuite('prompts/copy-other.txt'));
    assert.deepEqual(other.problems, []);
    assert.deepEqual(other.warnings, [
      'prompts/copy-other.txt:3: {{today}} is sent as the literal text "{today}" ({{ and }} are literal braces here); if it is meant as a placeholder, write {today} — available: {context} {question}',
    ]);
  });
});
