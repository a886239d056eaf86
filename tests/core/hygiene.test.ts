// Issue 28 in-process: the headline of a removed suite, affected suites on a
// .gitattributes change, the pull request's call budget, control characters in the
// config, and a YAML alias bomb — each as a hostile PR or a new user would meet it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { affectedSuites } from '../../src/core/affected.ts';
import { parseConfig } from '../../src/core/config/load.ts';
import { ConfigError } from '../../src/core/errors.ts';
import { DEFAULT_PR_CALLS, enforcePrBudget, plannedCalls } from '../../src/core/pr-budget.ts';
import { renderReport } from '../../src/core/report/markdown.ts';
import type { PreparedSuite } from '../../src/core/run-suite.ts';
import { applyTrustedConfig } from '../../src/core/trust.ts';
import type { EvalCase } from '../../src/core/types.ts';

const CONFIG = `version: 1
providers:
  target: {model: gpt-4o-mini}
suites:
  - name: a
    kind: exact-copy
    provider: target
    dataset: data/a.jsonl
    templates: {user: prompts/a.txt}
`;

describe('removed suites in the report', () => {
  it('a removal under on-removed-suite: warn with nothing else run: its own headline, not "nothing affected"', () => {
    for (const language of ['en', 'ja'] as const) {
      const report = renderReport({
        verdict: 'pass',
        comparisons: [],
        results: new Map(),
        notRun: [{ name: 'old-suite', reason: 'removed' }],
        onRemovedSuite: 'warn',
        language,
      });
      assert.match(report, /old-suite/);
      assert.doesNotMatch(report, /No suite is affected|影響を受けるスイートはありません/);
      assert.match(report, language === 'en' ? /does not fail the check/ : /チェックは失敗しません/);
    }
    const fails = renderReport({
      verdict: 'error',
      comparisons: [],
      results: new Map(),
      notRun: [{ name: 'old-suite', reason: 'removed' }],
      onRemovedSuite: 'fail',
    });
    assert.match(fails, /removes suite old-suite together with its files\*\*, and `gate\.on-removed-suite` is `fail`/);
    assert.doesNotMatch(fails, /could not be evaluated/);
  });
});

describe('.gitattributes changes', () => {
  const footprint = (name: string, files: string[]) => ({
    entry: { name, kind: 'exact-copy', provider: 'target', repeats: 1 } as never,
    reads: { files, folders: [] },
    providers: {},
  });
  it('a suite whose files got new attributes runs; one whose files did not stays unchanged', () => {
    const base = parseConfig(CONFIG, 'evalgate.yml');
    const suites = [footprint('a', ['prompts/a.txt', 'data/a.jsonl']), footprint('b', ['prompts/b.txt'])];
    const entries = { ...base, config: { ...base.config, suites: suites.map((s) => s.entry) } };
    const out = affectedSuites(suites, base.config.gate, entries, ['.gitattributes'], ['prompts/a.txt']);
    assert.deepEqual(out.run, ['a']);
    assert.match(out.reasons['a'] ?? '', /the git attributes of prompts\/a\.txt changed/);
    assert.deepEqual(
      out.unchanged.map((u) => u.name),
      ['b'],
    );
    // Without attribute changes the .gitattributes file alone touches nothing.
    assert.deepEqual(affectedSuites(suites, base.config.gate, entries, ['.gitattributes']).run, []);
  });
});

describe("a pull request's call budget", () => {
  const cases = (n: number): EvalCase[] =>
    Array.from({ length: n }, (_, i) => ({
      id: `c${i}`,
      inputHash: `h${i}`,
      inputs: {},
      source: { file: 'd', line: i },
    }));
  const suite = (name: string, n: number, repeats: number, callsPerCase = 1): PreparedSuite =>
    ({
      name,
      cases: cases(n),
      repeats,
      plan: () => Array.from({ length: callsPerCase }, () => ({ request: {} })),
    }) as unknown as PreparedSuite;

  it('counts cases × repeats × calls per case, and stops counting past the limit', () => {
    assert.deepEqual(plannedCalls([suite('a', 10, 2, 3)], 1000), [{ name: 'a', cases: 10, repeats: 2, calls: 60 }]);
    // A million rows are not planned one by one: the lower bound alone passes the limit.
    let planned = 0;
    const huge = {
      ...suite('big', 0, 1),
      cases: { length: 1_000_000 },
      plan: () => (planned++, [{}]),
    } as unknown as PreparedSuite;
    assert.equal(plannedCalls([huge], DEFAULT_PR_CALLS)[0]?.calls, 1_000_000);
    assert.equal(planned, 0);
  });

  it('a new suite with repeats: 100 on the same rows is refused before any call, naming the suites', () => {
    assert.doesNotThrow(() => enforcePrBudget([suite('a', 52, 1)], 150, 'evalgate.yml'));
    assert.throws(
      () => enforcePrBudget([suite('a', 52, 1), suite('a-again', 52, 100)], 150, 'evalgate.yml'),
      (e: unknown) =>
        e instanceof ConfigError &&
        /evalgate\.yml budget\.max-pr-calls: .*would make at least 5252 model calls \(a: 52 cases × 1 repeat → 52\+ calls; a-again: 52 cases × 100 repeats → 5200\+ calls\), more than the 150/.test(
          e.message,
        ),
    );
  });

  it("the budget is the base branch's: a pull request cannot raise it", () => {
    const base = parseConfig(`${CONFIG}budget: {max-pr-calls: 100}\n`, 'evalgate.yml');
    const head = parseConfig(`${CONFIG}budget: {max-pr-calls: 1000000}\n`, 'evalgate.yml');
    const decision = applyTrustedConfig(head, base);
    assert.equal(decision.loaded.config.budget?.['max-pr-calls'], 100);
    assert.ok(decision.changes.some((c) => c.path === 'budget'));
    // Doubling the repeats of an existing suite is an instrument change: the base's repeats run.
    const more = parseConfig(
      CONFIG.replace('provider: target\n', 'provider: target\n    repeats: 2\n'),
      'evalgate.yml',
    );
    assert.equal(applyTrustedConfig(more, base).loaded.config.suites[0]?.repeats, 1);
  });
});

describe('hostile text in the config', () => {
  it('control characters in a model id or provider reference are refused with file and line', () => {
    for (const [bad, line, path] of [
      ['model: "m1\\n::error::x"', 3, 'providers.target.model'],
      ['model: "m1\\u2028::warning::x"', 3, 'providers.target.model'],
      ['model: "m\\e[31m"', 3, 'providers.target.model'],
    ] as const) {
      assert.throws(
        () => parseConfig(CONFIG.replace('model: gpt-4o-mini', bad), 'evalgate.yml'),
        (e: unknown) =>
          e instanceof ConfigError &&
          e.message.startsWith(`evalgate.yml:${line} ${path}: contains a control character`),
        bad,
      );
    }
    assert.throws(
      () =>
        parseConfig(CONFIG.replace('    provider: target', '    provider: "target\\r::add-mask::x"'), 'evalgate.yml'),
      /evalgate\.yml:7 suites\[0\]\.provider: contains a control character/,
    );
  });

  it('a YAML alias bomb is a located config error, not a crash', () => {
    const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 9; i++) {
      const [prev, cur] = [String.fromCharCode(96 + i), String.fromCharCode(97 + i)];
      bomb.push(`${cur}: &${cur} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    assert.throws(
      () => parseConfig(`${bomb.join('\n')}\n${CONFIG}`, 'evalgate.yml'),
      (e: unknown) => e instanceof ConfigError && /^evalgate\.yml:2: YAML aliases expand too far/.test(e.message),
    );
  });

  it('a __proto__ key is a located config error, not a floor that silently vanishes', () => {
    // Alone, it used to read as an empty `min` ("name at least one metric"); beside a real
    // floor it was dropped without a word.
    for (const floors of ['{__proto__: 0.9}', '{exact-match: 0.8, __proto__: 0.9}', '{__proto__: {exact-match: 2}}']) {
      assert.throws(
        () => parseConfig(`${CONFIG}    gate:\n      min: ${floors}\n`, 'evalgate.yml'),
        (e: unknown) =>
          e instanceof ConfigError && /^evalgate\.yml:11: the key "__proto__" is not allowed/.test(e.message),
        floors,
      );
    }
    assert.equal(
      parseConfig(`${CONFIG}    gate:\n      min: {exact-match: 0.8}\n`, 'evalgate.yml').config.suites[0]?.gate?.min?.[
        'exact-match'
      ],
      0.8,
    );
  });
});
