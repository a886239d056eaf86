// The text assertions of prompt suites, decided in this process from the reply.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  checkText,
  compileJsonSchema,
  fillVariables,
  normalizeReply,
  type TextCheck,
} from '../../src/core/kinds/prompt/assertions.ts';
import { parsePromptDataset } from '../../src/core/kinds/prompt/dataset.ts';
import { checkOutcome } from '../../src/core/kinds/prompt/python.ts';
import { ConfigError } from '../../src/core/errors.ts';
import { loadTemplate, renderTemplate } from '../../src/core/templates.ts';

const run = (
  reply: string,
  assertion: Record<string, unknown>,
  vars: Record<string, string> = {},
  schema?: TextCheck['schema'],
) =>
  checkText(reply, {
    assertion: { weight: 1, normalize: [], ...assertion } as unknown as TextCheck['assertion'],
    name: 'a',
    vars,
    ...(schema ? { schema } : {}),
  });

describe('prompt assertions', () => {
  it('compares text with the case variables filled in, after the normalizers', () => {
    assert.equal(run('Dear Ann', { type: 'equals', value: 'Dear {name}' }, { name: 'Ann' }).pass, true);
    assert.equal(run('Dear Bo', { type: 'equals', value: 'Dear {name}' }, { name: 'Ann' }).pass, false);
    // NFKC folds full-width letters and digits; lowercase and trim follow.
    assert.equal(
      run('  ＯＲＤＥＲ Ａ-１ ', { type: 'equals', value: 'order a-1', normalize: ['nfkc', 'lowercase', 'trim'] }).pass,
      true,
    );
    assert.equal(run('ＯＲＤＥＲ', { type: 'contains', value: 'ORDER', normalize: ['nfc'] }).pass, false);
    assert.equal(normalizeReply('```json\n{"a":1}\n```', ['strip-code-fence']), '{"a":1}');
    assert.equal(run('I am sorry', { type: 'not-contains', value: 'sorry' }).message, 'the reply contains "sorry"');
    assert.equal(run('Hello there', { type: 'starts-with', value: 'Hello' }).pass, true);
    assert.equal(fillVariables('{{literal}} {x}', { x: 'y' }), '{literal} y');
    // A case without the column (restored from the base commit) is an error, never ''.
    assert.throws(() => fillVariables('{gone}', {}), /the case has no column "gone"/);
  });

  it('inserts variables into a regex as literal text', () => {
    assert.equal(
      run('price W(1 today', { type: 'regex', value: 'price {p} today$', flags: '' }, { p: 'W(1' }).pass,
      true,
    );
    assert.equal(run('price W1 today', { type: 'regex', value: 'price {p}', flags: '' }, { p: 'W.' }).pass, false);
    assert.equal(run('ABC', { type: 'regex', value: '^abc$', flags: 'i' }).pass, true);
  });

  it('parses JSON and validates it with the schema; counts code points for length', async () => {
    assert.equal(run('{"a": 1}', { type: 'is-json' }).pass, true);
    const bad = run('not json', { type: 'is-json' });
    assert.equal(bad.pass, false);
    assert.match(bad.message, /^the reply is not JSON/);
    const schema = await compileJsonSchema({
      type: 'object',
      required: ['answer'],
      properties: { answer: { type: 'string' } },
    });
    assert.equal(run('{"answer": "x"}', { type: 'json-schema' }, {}, schema).pass, true);
    const wrong = run('{"answer": 3}', { type: 'json-schema' }, {}, schema);
    assert.equal(wrong.pass, false);
    assert.match(wrong.message, /at \/answer: must be string/);
    assert.equal(run('😀😀😀', { type: 'length', max: 3 }).pass, true, 'three code points, six UTF-16 units');
    assert.equal(run('ab', { type: 'length', min: 3 }).message, 'the reply has 2 characters, fewer than 3');
  });

  it("reads a python check's result outside the sandbox: exact bools and numbers only; a misbehaving call fails the case", () => {
    const out = (value: unknown, threshold = 0.5): string => {
      const o = checkOutcome({ kind: 'value', value, output: '' }, 'check.py', threshold);
      return o.kind === 'pass' ? 'pass' : `${o.kind}: ${o.message}`;
    };
    assert.equal(out(true), 'pass');
    assert.equal(out(false), 'fail: check() in check.py returned False');
    assert.equal(out({ float: '0.75' }), 'pass');
    assert.equal(out({ int: '1' }, 1), 'pass');
    assert.equal(out({ float: '0.25' }), 'fail: check() in check.py returned 0.25, below 0.5');
    assert.match(out({ float: 'nan' }), /^fail: .*returned NaN/);
    assert.equal(out({ float: 'inf' }), 'pass');
    for (const other of [{ opaque: 'Truthy' }, 'yes', null, { list: [] }, { opaque: 'One' }])
      assert.match(out(other), /^fail: .*something other than a bool or a number/);
    const failed = checkOutcome({ kind: 'failed', stage: 'timeout', message: 'killed' }, 'check.py', 0.5);
    assert.deepEqual(failed, {
      kind: 'fail',
      message: 'check() in check.py did not finish in time on this reply: killed',
    });
    assert.equal(checkOutcome({ kind: 'unusable', message: 'it does not compile' }, 'check.py', 0.5).kind, 'error');
  });
  it("fills only a case's own columns: {constructor} or {toString} is an error, never Object's members", () => {
    // A case restored from the base commit can lack a column the PR's assertions name.
    assert.throws(() => fillVariables('x {constructor} y', { name: 'a' }), /has no column "constructor"/);
    assert.throws(() => fillVariables('{toString}', {}), /has no column "toString"/);
    assert.equal(fillVariables('{toString}', { toString: 'own' }), 'own');
    const template = loadTemplate(new TextEncoder().encode('Hi {constructor}'), 't.txt', ['constructor'], {
      file: 'evalgate.yml',
      path: 'templates.user',
    });
    assert.throws(() => renderTemplate(template, {}), /no value for placeholder \{constructor\}/);
  });

  it('refuses a __proto__ column, which a case could not hold, naming the file and line', () => {
    const bytes = new TextEncoder().encode('{"id":"a","__proto__":"x"}\n');
    assert.throws(
      () => parsePromptDataset(bytes, 'data.jsonl', 'jsonl'),
      (e: unknown) => e instanceof ConfigError && /data\.jsonl:1.*column "__proto__"/.test(e.message),
    );
  });
});
