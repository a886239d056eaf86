// `evalgate validate` on prompt suites: each mistake exits 2 naming the file, the line and
// what would fix it, before any model is called.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../helpers/cli.ts';

const config = (asserts: string, user = 'prompts/user.txt'): string => `version: 1
providers:
  fake:
    model: fake-model
suites:
  - name: support
    kind: prompt
    provider: fake
    dataset: data/cases.csv
    templates:
      user: ${user}
    assert:
${asserts}`;

describe('evalgate validate (prompt suites)', () => {
  let dir: string;
  const write = async (path: string, text: string): Promise<void> => {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  };
  const validate = async (yml: string): Promise<{ code: number | null; out: string }> => {
    await write('evalgate.yml', yml);
    const r = await runCli(['validate'], { cwd: dir });
    return { code: r.code, out: r.stdout + r.stderr };
  };

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'evalgate-prompt-validate-'));
    await write('data/cases.csv', 'id,customer,product\n1,Ann,Widget\n2,Bo,"Gadget, large"\n');
    await write('prompts/user.txt', 'Write to {customer}\nabout {product}.\n');
    await write('prompts/typo.txt', 'Write to {customer}\nabout {prodcut}.\n');
    await write('checks/ok.py', 'def check(output, vars):\n    return True\n');
  });
  after(async () => rm(dir, { recursive: true, force: true }));

  it('accepts a correct suite (CSV columns as variables)', async () => {
    const r = await validate(
      config('      - type: contains\n        value: "{product}"\n      - type: python\n        file: checks/ok.py\n'),
    );
    assert.equal(r.code, 0, r.out);
  });

  it('rejects a template variable that is no column, with the template file and line', async () => {
    const r = await validate(config('      - type: is-json\n', 'prompts/typo.txt'));
    assert.equal(r.code, 2, r.out);
    assert.match(
      r.out,
      /prompts\/typo\.txt:2: uses \{prodcut\}, but the dataset data\/cases\.csv has no column "prodcut"/,
    );
    assert.match(r.out, /its columns: id, customer, product/);
  });

  it('rejects an assertion value using an unknown variable, with the config line', async () => {
    const r = await validate(config('      - type: is-json\n      - type: equals\n        value: "Dear {name}"\n'));
    assert.equal(r.code, 2, r.out);
    assert.match(r.out, /evalgate\.yml:15 suites\[0\]\.assert\[1\]\.value: the value uses \{name\}, but the dataset/);
  });

  it('rejects a bad regex, with the config line', async () => {
    const r = await validate(config('      - type: regex\n        value: "([a-z]+"\n'));
    assert.equal(r.code, 2, r.out);
    assert.match(r.out, /evalgate\.yml:14 suites\[0\]\.assert\[0\]\.value: not a valid regular expression/);
  });

  it('inserts variables into a regex as literal text, so a value cannot break the pattern', async () => {
    await write('data/cases.csv', 'id,customer,product\n1,Ann,"W(1"\n');
    try {
      const r = await validate(config('      - type: regex\n        value: "^about {product}$"\n'));
      assert.equal(r.code, 0, r.out);
    } finally {
      await write('data/cases.csv', 'id,customer,product\n1,Ann,Widget\n2,Bo,"Gadget, large"\n');
    }
  });

  it('rejects a missing check file and a missing schema file, with the config line', async () => {
    const py = await validate(config('      - type: python\n        file: checks/none.py\n'));
    assert.equal(py.code, 2, py.out);
    assert.match(
      py.out,
      /evalgate\.yml:14 suites\[0\]\.assert\[0\]\.file: check file "checks\/none\.py" does not exist/,
    );
    const schema = await validate(config('      - type: json-schema\n        schema: schemas/none.json\n'));
    assert.equal(schema.code, 2, schema.out);
    assert.match(
      schema.out,
      /evalgate\.yml:14 suites\[0\]\.assert\[0\]\.schema: JSON Schema file "schemas\/none\.json" does not exist/,
    );
  });

  it('rejects an unknown assertion type, listing the known ones', async () => {
    const r = await validate(config('      - type: sounds-polite\n'));
    assert.equal(r.code, 2, r.out);
    assert.match(
      r.out,
      /evalgate\.yml:13 suites\[0\]\.assert\[0\]\.type: unknown assertion type "sounds-polite"; expected one of equals, contains/,
    );
  });

  it('plans one target call per case and one call per judge of each judge assertion', async () => {
    await write(
      'evalgate.yml',
      config('      - type: judge\n        judge: [fake, grader]\n        rubric: "Kind to {customer}."\n').replace(
        '    model: fake-model\n',
        '    model: fake-model\n  grader:\n    model: grader-model\n',
      ),
    );
    const r = await runCli(['plan'], { cwd: dir });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /Total: 6 calls/);
  });

  it('refuses check, schema and rubric paths outside the repository, with the config line', async () => {
    // One CLI run per key, alternating an absolute path and one that climbs out with "..".
    for (const [key, type, path] of [
      ['file', 'python', '../outside.py'],
      ['schema', 'json-schema', '/etc/passwd'],
      ['rubric-file', 'judge\n        judge: fake', '../rubric.md'],
    ] as const) {
      const r = await validate(config(`      - type: ${type}\n        ${key}: ${path}\n`));
      assert.equal(r.code, 2, r.out);
      assert.match(
        r.out,
        new RegExp(
          `evalgate\\.yml:\\d+ suites\\[0\\]\\.assert\\[0\\]\\.${key.replace('-', '\\-')}: .* path "${path.replace(/[./]/g, '\\$&')}"`,
        ),
      );
    }
  });
});
