// The configuration schema: defaults, the published JSON Schema, and the version constant.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { configJsonSchema } from '../../src/core/config/schema.ts';
import { parseConfig } from '../../src/core/config/load.ts';
import { ConfigError } from '../../src/core/errors.ts';
import { TOOL_VERSION } from '../../src/version.ts';
import { ROOT } from '../helpers/cli.ts';

const minimal =
  'version: 1\nproviders:\n  target:\n    model: m\nsuites:\n  - name: s\n    kind: exact-copy\n    provider: target\n    dataset: d.jsonl\n    templates: {user: u.txt}\n';

describe('configuration', () => {
  it('fills the documented defaults', () => {
    const { config } = parseConfig(minimal, 'evalgate.yml');
    assert.deepEqual(config.gate, {
      'max-drop': 0.05,
      confidence: 0.95,
      policy: 'significant-drop',
      'on-inconclusive': 'warn',
      resamples: 10_000,
      'min-cases': 10,
      'max-error-rate': 0.1,
      'on-removed-suite': 'fail',
      'on-judge-manipulation': 'warn',
      'manipulation-check': 'patterns',
      'max-truncated-share': 0.05,
      'on-stale-baseline': 'warn',
      multiplicity: 'holm',
    });
    const p = config.providers['target'];
    assert.equal(p?.temperature, 0);
    assert.equal(p?.['api-key-env'], 'OPENAI_API_KEY');
    assert.equal(p?.concurrency, 8);
  });

  it('reads settings for reasoning models and a budget, and names a bad one', () => {
    const text =
      minimal.replace(
        '    model: m\n',
        '    model: o4-mini\n    temperature: null\n    reasoning-effort: low\n    max-completion-tokens: 4000\n    extra-headers: {api-version: "2025-01-01"}\n',
      ) + 'budget: {max-calls: 200, max-cost: 1.5}\n';
    const { config } = parseConfig(text, 'evalgate.yml');
    const p = config.providers['target'];
    assert.equal(p?.temperature, null);
    assert.equal(p?.['reasoning-effort'], 'low');
    assert.equal(p?.['max-completion-tokens'], 4000);
    assert.equal(p?.['strip-reasoning'], true);
    assert.equal(p?.['max-reply-bytes'], 1_000_000);
    assert.deepEqual(config.budget, { 'max-calls': 200, 'max-cost': 1.5 });
    assert.throws(
      () => parseConfig(text.replace('reasoning-effort: low', 'reasoning-effort: extreme'), 'evalgate.yml'),
      (e: Error) =>
        /evalgate\.yml:6 providers\.target\.reasoning-effort: expected one of none, minimal, low, medium, high, xhigh, got "extreme"/.test(
          e.message,
        ),
    );
    assert.throws(
      () =>
        parseConfig(
          text.replace('extra-headers: {api-version: "2025-01-01"}', 'extra-body: {model: other}'),
          'evalgate.yml',
        ),
      (e: Error) => /extra-body must not set model or messages/.test(e.message),
    );
    assert.throws(
      () => parseConfig(text.replace('max-calls: 200', 'max-call: 200'), 'evalgate.yml'),
      (e: Error) => /budget\.max-call: unknown key; did you mean "max-calls"\?/.test(e.message),
    );
  });

  it('lets a suite override the gate', () => {
    const { config } = parseConfig(
      minimal.replace('templates: {user: u.txt}', 'templates: {user: u.txt}\n    gate: {max-drop: 0.1}'),
      'evalgate.yml',
    );
    assert.equal(config.suites[0]?.gate?.['max-drop'], 0.1);
  });

  it('reports every problem at once, each with file, line and path', () => {
    const bad = minimal.replace('model: m', 'model: m\n    temprature: 0').replace('version: 1', 'version: 2');
    assert.throws(
      () => parseConfig(bad, 'x.yml'),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.equal(error.problems.length, 2);
        assert.match(error.problems.join('\n'), /x\.yml:1 version: /);
        assert.match(
          error.problems.join('\n'),
          /x\.yml:5 providers\.target\.temprature: unknown key; did you mean "temperature"\?/,
        );
        return true;
      },
    );
  });

  it('keeps evalgate.schema.json in sync with the zod schema (run `npm run schema`)', async () => {
    const committed = JSON.parse(await readFile(join(ROOT, 'evalgate.schema.json'), 'utf8'));
    assert.deepEqual(committed, configJsonSchema());
    const props = (committed as { properties: Record<string, unknown> }).properties;
    assert.ok('providers' in props && 'suites' in props && 'gate' in props);
  });

  it('keeps the version constant equal to package.json', async () => {
    const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
    assert.equal(TOOL_VERSION, pkg.version);
  });
});
