// The effective config of a pull request: what it may change for its own run, and what
// comes from the base commit whatever the PR says.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseConfig } from '../../src/core/config/load.ts';
import type { BuiltinSuiteConfig } from '../../src/core/kinds/index.ts';
import { applyTrustedConfig } from '../../src/core/trust.ts';

const BASE = `version: 1
providers:
  target: {model: small-1, base-url: "https://llm.internal.example/v1"}
  grader: {model: judge-1}
suites:
  - name: qa
    kind: judged
    provider: target
    judge: grader
    dataset: data/qa.csv
    templates: {user: prompts/qa.txt, judge: prompts/judge.txt}
  - name: code
    kind: round-trip
    provider: target
    language: en
    tasks: tasks
    templates: {nl-to-code: prompts/a.txt, code-to-nl: prompts/b.txt}
gate: {max-drop: 0.05}
`;

const decide = (head: string) =>
  applyTrustedConfig(parseConfig(head, 'evalgate.yml'), parseConfig(BASE, 'evalgate.yml@base'));

describe('applyTrustedConfig', () => {
  it('applies nothing of an unchanged config and reports nothing', () => {
    const d = decide(BASE);
    assert.deepEqual(d.changes, []);
    assert.deepEqual(d.notRun, []);
    assert.deepEqual(d.loaded.config, parseConfig(BASE, 'x').config);
  });

  it('lets a PR change the target model and its templates and data, and nothing that measures or gates', () => {
    const head = BASE.replace(
      'model: small-1, base-url: "https://llm.internal.example/v1"',
      'model: small-2, base-url: "https://evil.example/v1", api-key-env: OTHER_KEY, temperature: 0.5',
    )
      .replace('judge: grader\n', 'judge: grader\n    refusals: exclude\n')
      .replace('prompts/qa.txt, judge: prompts/judge.txt', 'prompts/qa2.txt, judge: prompts/lenient.txt')
      .replace('data/qa.csv', 'data/qa-small.csv')
      .replace('gate: {max-drop: 0.05}', 'gate: {max-drop: 0.9, on-inconclusive: pass}');
    const d = decide(head);
    const c = d.loaded.config;
    assert.equal(c.providers['target']?.model, 'small-2');
    assert.equal(c.providers['target']?.temperature, 0.5);
    assert.equal(c.providers['target']?.['base-url'], 'https://llm.internal.example/v1');
    assert.equal(c.providers['target']?.['api-key-env'], 'OPENAI_API_KEY');
    assert.equal(c.gate['max-drop'], 0.05);
    assert.equal(c.gate['on-inconclusive'], 'warn');
    const qa = (c.suites as BuiltinSuiteConfig[]).find((s) => s.name === 'qa');
    assert.ok(qa?.kind === 'judged');
    assert.equal(qa.refusals, 'score-1');
    assert.deepEqual(qa.templates, { user: 'prompts/qa2.txt', judge: 'prompts/judge.txt' });
    assert.equal(qa.dataset, 'data/qa-small.csv');
    assert.deepEqual(d.changes.map((x) => `${x.kind} ${x.path}`).sort(), [
      'endpoint providers.target.api-key-env',
      'endpoint providers.target.base-url',
      'gate gate',
      'instrument suites.qa.refusals',
      'instrument suites.qa.templates.judge',
    ]);
  });

  it("keeps a judge's model: the judge is part of the instrument", () => {
    const d = decide(BASE.replace('grader: {model: judge-1}', 'grader: {model: judge-cheap}'));
    assert.equal(d.loaded.config.providers['grader']?.model, 'judge-1');
    assert.deepEqual(
      d.changes.map((x) => `${x.kind} ${x.path}`),
      ['instrument providers.grader.model'],
    );
  });

  it('does not run a suite that calls a provider only the PR defines', () => {
    const d = decide(
      BASE.replace(
        '  grader: {model: judge-1}',
        '  grader: {model: judge-1}\n  mine: {model: x, base-url: "https://evil.example/v1"}',
      ).replace('    provider: target\n    language', '    provider: mine\n    language'),
    );
    assert.deepEqual(
      d.notRun.map((n) => n.name),
      ['code'],
    );
    assert.match(d.notRun[0]?.reason ?? '', /provider "mine", which the base branch does not define/);
    assert.ok(!('mine' in d.loaded.config.providers));
  });

  it("keeps the base executor, and runs a new suite's model code only in the sandbox", () => {
    const d = decide(
      `${BASE.replace('gate: {max-drop: 0.05}\n', '')}  - name: new-code
    kind: round-trip
    provider: target
    language: en
    tasks: tasks
    executor: unsafe-host-python
    templates: {nl-to-code: prompts/a.txt, code-to-nl: prompts/b.txt}
gate: {max-drop: 0.05}
`.replace('    tasks: tasks\n    templates', '    tasks: tasks\n    executor: unsafe-host-python\n    templates'),
    );
    for (const s of d.loaded.config.suites as BuiltinSuiteConfig[])
      if (s.kind === 'round-trip') assert.equal(s.executor, 'pyodide', s.name);
    assert.deepEqual(d.changes.map((x) => `${x.kind} ${x.path}`).sort(), [
      'executor suites.code.executor',
      'executor suites.new-code.executor',
    ]);
  });

  it("keeps a suite the PR removed, from the base's definition", () => {
    const head = BASE.replace(/  - name: code[\s\S]*?(?=gate:)/, '');
    const d = decide(head);
    assert.deepEqual(d.removed, ['code']);
    assert.deepEqual(
      d.loaded.config.suites.map((s) => s.name),
      ['qa', 'code'],
    );
  });

  it('lets a PR tune a reasoning target, but never its extra body, extra headers, reply size cap or the budget', () => {
    const base = BASE.replace(
      'model: small-1, base-url: "https://llm.internal.example/v1"',
      'model: small-1, base-url: "https://llm.internal.example/v1", extra-headers: {x-tenant: ours}',
    ).replace('gate: {max-drop: 0.05}', 'gate: {max-drop: 0.05}\nbudget: {max-calls: 500}');
    const head = base
      .replace(
        'extra-headers: {x-tenant: ours}',
        'extra-headers: {x-tenant: theirs, x-forward-to: "https://evil.example"}, extra-body: {api_base: "https://evil.example"}, max-reply-bytes: 900000000, reasoning-effort: high, max-completion-tokens: 8000, temperature: null, strip-reasoning: false',
      )
      .replace('budget: {max-calls: 500}', 'budget: {max-calls: 100000}');
    const d = applyTrustedConfig(parseConfig(head, 'evalgate.yml'), parseConfig(base, 'evalgate.yml@base'));
    const t = d.loaded.config.providers['target'];
    assert.deepEqual(t?.['extra-headers'], { 'x-tenant': 'ours' });
    assert.equal(t?.['extra-body'], undefined);
    assert.equal(t?.['max-reply-bytes'], 1_000_000);
    assert.equal(t?.['reasoning-effort'], 'high');
    assert.equal(t?.['max-completion-tokens'], 8000);
    assert.equal(t?.temperature, null);
    assert.equal(t?.['strip-reasoning'], false);
    assert.deepEqual(d.loaded.config.budget, { 'max-calls': 500 });
    assert.deepEqual(d.changes.map((x) => `${x.kind} ${x.path}`).sort(), [
      'endpoint providers.target.extra-body',
      'endpoint providers.target.extra-headers',
      'endpoint providers.target.max-reply-bytes',
      'gate budget',
    ]);
  });
});
