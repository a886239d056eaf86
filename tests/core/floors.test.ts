// Absolute floors (gate.min): a run under a floor fails the check on its own — with no
// baseline, when the paired test is inconclusive, and after Holm's adjustment demoted a
// regression — and a floor that cannot be checked never passes.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { createFsRunStore } from '../../src/adapters/fs-store.ts';
import { adjustAcrossSuites, applyFloors, compareWithBaseline } from '../../src/core/compare/index.ts';
import { DEFAULT_GATE, type GateConfig } from '../../src/core/config/common.ts';
import { parseConfig } from '../../src/core/config/load.ts';
import { checkFloorSettings, compareStored } from '../../src/core/engine.ts';
import { ConfigError } from '../../src/core/errors.ts';
import { exitCodeFor, failingSuites, summarize } from '../../src/core/summary.ts';
import { applyTrustedConfig } from '../../src/core/trust.ts';
import { binaryRows, resultFrom } from '../helpers/results.ts';
import { elements, parseXml } from '../helpers/xml.ts';

const PASS = { 'pass-rate': { binary: true } };
const gate = (min?: Record<string, number>): GateConfig => ({
  ...DEFAULT_GATE,
  resamples: 2000,
  ...(min ? { min } : {}),
});
/** 20 cases, `passing` of them pass. */
const run = (name: string, passing: number, runId = 'cand') =>
  resultFrom(
    name,
    binaryRows('pass-rate', 20, (i) => i < passing),
    PASS,
    { runId },
  );

const out = await mkdtemp(join(tmpdir(), 'evalgate-floors-'));
after(() => rm(out, { recursive: true, force: true }));

describe('absolute floors (gate.min)', () => {
  it('fail a suite that has no baseline yet, and pass one that clears them', () => {
    const below = applyFloors([compareWithBaseline(null, run('s', 17), gate({ 'pass-rate': 0.9 }))]);
    assert.equal(below[0]?.verdict, 'below-floor');
    assert.deepEqual(below[0]?.floors, [{ metric: 'pass-rate', min: 0.9, value: 0.85, met: false }]);
    assert.equal(exitCodeFor('below-floor', below), 1);
    const met = applyFloors([compareWithBaseline(null, run('s', 18), gate({ 'pass-rate': 0.9 }))]);
    assert.equal(met[0]?.verdict, 'no-baseline');
    assert.equal(met[0]?.floors[0]?.met, true, 'at the floor is met');
  });

  it('fail beside an inconclusive paired test, and survive a Holm demotion; a regression stays a regression', () => {
    // 20 → 16 of 20: a −20% drop with 4 changed cases; the exact test cannot rule out chance.
    const inconclusive = compareWithBaseline(run('a', 20, 'base'), run('a', 16), gate({ 'pass-rate': 0.9 }));
    assert.equal(inconclusive.verdict, 'inconclusive');
    // A regression on its own (60 → 54 of 60, exact p = 2/2⁶), which Holm across ten suites demotes.
    const big = (passing: number, id: string) =>
      resultFrom(
        'b',
        binaryRows('pass-rate', 60, (i) => i < passing),
        PASS,
        { runId: id },
      );
    const regression = compareWithBaseline(big(60, 'base'), big(54, 'cand'), gate({ 'pass-rate': 0.95 }));
    assert.equal(regression.verdict, 'regression');
    // Tarone's family counts only suites whose exact test could reach significance: eight with
    // 20 → 14 of 20 (six cases changed, the least attainable p 2/2⁶ each) fill it.
    const unchanged = Array.from({ length: 8 }, (_, i) =>
      compareWithBaseline(run(`u${i}`, 20, 'base'), run(`u${i}`, 14), gate()),
    );
    const all = [inconclusive, regression, ...unchanged];
    adjustAcrossSuites(all);
    assert.equal(regression.verdict, 'inconclusive', 'Holm demoted the regression');
    applyFloors(all);
    assert.equal(inconclusive.verdict, 'below-floor');
    assert.equal(regression.verdict, 'below-floor', 'the floor is not demoted away');
    const kept = compareWithBaseline(big(60, 'base'), big(54, 'cand'), gate({ 'pass-rate': 0.95 }));
    applyFloors([kept]);
    assert.equal(kept.verdict, 'regression');
    assert.equal(kept.floors[0]?.met, false, 'the floor is still listed as not met');
  });

  it('never pass when they cannot be checked: a metric the suite does not measure, or one better when lower', () => {
    const c = applyFloors([compareWithBaseline(null, run('s', 20), gate({ 'exact-match': 0.5 }))])[0];
    assert.equal(c?.verdict, 'below-floor');
    assert.match(c?.floors[0]?.problem ?? '', /does not measure "exact-match"; its metrics are pass-rate/);
    const loaded = parseConfig(
      `version: 1
providers: {target: {model: m}}
suites:
  - name: s
    kind: exact-copy
    provider: target
    dataset: d.jsonl
    templates: {user: u.txt}
    gate:
      min:
        exact-match: 0.9
        edit-distance: 2
        pass-rate: 0.8
`,
      'evalgate.yml',
    );
    const instrument = resultFrom(
      's',
      [],
      { 'exact-match': { binary: true }, 'edit-distance': { binary: false, higherIsBetter: false } },
      {},
    ).instrument;
    const error = (() => {
      try {
        checkFloorSettings(loaded, [{ index: 0, config: loaded.config.suites[0]!, instrument }]);
      } catch (e) {
        return e;
      }
      return null;
    })();
    assert.ok(error instanceof ConfigError);
    assert.deepEqual(error.problems, [
      'evalgate.yml:12 suites[0].gate.min.edit-distance: "edit-distance" is better when lower, so a floor (a least value) does not apply to it; set the floor on one of those metrics',
      'evalgate.yml:13 suites[0].gate.min.pass-rate: this suite does not measure "pass-rate"; its metrics are exact-match, edit-distance; set the floor on one of those metrics',
    ]);
  });

  it('are set per suite: a file-wide gate.min or an empty one is refused with where to put it', () => {
    const file = (gateText: string, suiteGate = '') => `version: 1
providers: {target: {model: m}}
suites:
  - {name: s, kind: exact-copy, provider: target, dataset: d.jsonl, templates: {user: u.txt}${suiteGate}}
gate: ${gateText}
`;
    assert.throws(
      () => parseConfig(file('{min: {exact-match: 0.9}}'), 'evalgate.yml'),
      /evalgate\.yml:5 gate\.min: unknown key; floors are set per suite, under suites\[i\]\.gate\.min/,
    );
    assert.throws(
      () => parseConfig(file('{}', ', gate: {min: {}}'), 'evalgate.yml'),
      /suites\[0\]\.gate\.min: name at least one metric/,
    );
    assert.throws(
      () => parseConfig(file('{}', ', gate: {min: {exact-match: high}}'), 'evalgate.yml'),
      /suites\[0\]\.gate\.min\.exact-match: expected number/,
    );
  });

  it('come from the base branch on a pull request: a PR cannot lower or drop them', () => {
    const config = (min: string) => `version: 1
providers: {target: {model: m}}
suites:
  - {name: s, kind: exact-copy, provider: target, dataset: d.jsonl, templates: {user: u.txt}${min}}
`;
    const base = parseConfig(config(', gate: {min: {exact-match: 0.9}}'), 'evalgate.yml@base');
    for (const head of [config(', gate: {min: {exact-match: 0.1}}'), config('')]) {
      const d = applyTrustedConfig(parseConfig(head, 'evalgate.yml'), base);
      assert.deepEqual(d.loaded.config.suites[0]?.gate, { min: { 'exact-match': 0.9 } });
      assert.deepEqual(
        d.changes.map((c) => [c.kind, c.path]),
        [['gate', 'suites.s.gate']],
      );
    }
  });

  it('reach summary.json, the report, junit.xml and the exit code of a comparison', async () => {
    const store = createFsRunStore(out, join(out, 'baselines'));
    const outcome = await compareStored(
      [
        { baseline: null, candidate: run('floored', 17) },
        { baseline: null, candidate: run('free', 17) },
      ],
      (suite) => gate(suite === 'floored' ? { 'pass-rate': 0.9 } : undefined),
      { store },
    );
    assert.equal(outcome.exitCode, 1);
    assert.equal(outcome.summary.verdict, 'below-floor');
    // The action's failing-suites output: the floored suite fails the check, the other does not.
    assert.deepEqual(failingSuites(outcome.comparisons), ['floored']);
    const summary = summarize(outcome.summary.verdict, outcome.comparisons);
    assert.deepEqual(summary.suites[0]?.floors, [{ metric: 'pass-rate', min: 0.9, value: 0.85, met: false }]);
    assert.equal(summary.suites[1]?.floors, undefined);
    assert.equal(summary.suites[1]?.verdict, 'no-baseline');
    const report = await readFile(join(out, 'report.md'), 'utf8');
    assert.match(report, /## evalgate: ⛔ below-floor/);
    assert.match(
      report,
      /\*\*1 of 2 suites is below its floor\*\* \(`gate\.min`\): floored \(pass-rate 0\.850 < 0\.900\)/,
    );
    assert.match(report, /Floor \(`gate\.min`\): `pass-rate` 0\.850, at least 0\.900 required — \*\*not met\*\*/);
    const junit = parseXml(await readFile(join(out, 'junit.xml'), 'utf8'));
    const gateCase = elements(junit, 'testcase').find(
      (t) => t.attributes['classname'] === 'evalgate.floored' && t.attributes['name'] === 'gate',
    );
    assert.match(elements(gateCase!, 'failure')[0]?.attributes['message'] ?? '', /^below-floor/);
  });
});
