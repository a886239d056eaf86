// Holm's step-down adjustment across the suites of one run.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adjustAcrossSuites, compareWithBaseline, type SuiteComparison } from '../../../src/core/compare/index.ts';
import { DEFAULT_GATE, type GateConfig } from '../../../src/core/config/common.ts';
import { parseConfig } from '../../../src/core/config/load.ts';
import { holmAdjust } from '../../../src/core/stats/multiplicity.ts';
import type { CaseRecord, SuiteResult } from '../../../src/core/types.ts';

/** A binary suite of 40 cases where `dropped` cases go from pass to fail and none improve. */
function suite(name: string, dropped: number, runId: string, side: 'base' | 'cand'): SuiteResult {
  const values = Array.from({ length: 40 }, (_, i) => (side === 'cand' && i < dropped ? 0 : 1));
  const records: CaseRecord[] = values.map((v, i) => ({
    caseId: `c${i}`,
    repeat: 0,
    inputHash: `h${i}`,
    status: 'scored',
    scores: { ok: v },
    request: { messages: [] },
    reply: null,
    usage: null,
    latencyMs: null,
    error: null,
    attempts: 1,
    cached: false,
    detail: {},
  }));
  return {
    schemaVersion: 1,
    tool: { name: 'evalgate', version: 'test' },
    runId,
    suite: { name, kind: 'exact-copy' },
    startedAt: '',
    finishedAt: '',
    instrument: {
      scoringVersion: 't',
      primaryMetric: 'ok',
      metrics: [{ name: 'ok', binary: true, higherIsBetter: true }],
      settings: {},
      hash: 'i',
    },
    tested: { dataset: { path: 'd', sha256: 'd', cases: 40 }, templates: {}, model: 'm', settings: {}, hash: 't' },
    aggregates: {
      cases: 40,
      records: 40,
      scored: 40,
      errors: 0,
      refused: 0,
      metrics: {},
      usage: { inputTokens: 0, outputTokens: 0, calls: 0 },
      cacheHits: 0,
      retries: 0,
      cost: null,
      errorSamples: [],
    },
    records,
  };
}

function compare(
  name: string,
  dropped: number,
  gate: GateConfig = { ...DEFAULT_GATE, resamples: 2000 },
): SuiteComparison {
  return compareWithBaseline(suite(name, dropped, 'b', 'base'), suite(name, dropped, 'c', 'cand'), gate);
}

describe("Holm's step-down adjustment", () => {
  it('multiplies the k-th smallest p by m − k + 1 and keeps the adjusted values monotone', () => {
    assert.deepEqual(holmAdjust([0.01, 0.04, 0.03, 0.5]), [0.04, 0.09, 0.09, 0.5]);
    assert.deepEqual(holmAdjust([0.3, 0.2]), [0.4, 0.4]);
    assert.deepEqual(holmAdjust([0.9, 0.8, 0.7]), [1, 1, 1]);
    assert.deepEqual(holmAdjust([]), []);
    assert.deepEqual(holmAdjust([0.02]), [0.02], 'a family of one is not adjusted');
    assert.throws(() => holmAdjust([Number.NaN]), /p-values in \[0, 1\]/);
  });

  it('is the default and can be turned off in evalgate.yml, but not per suite', () => {
    const base =
      'version: 1\nproviders: {p: {model: m}}\nsuites: [{name: s, kind: exact-copy, provider: p, dataset: d.jsonl, templates: {user: u.txt}}]\n';
    assert.equal(parseConfig(base, 't.yml').config.gate.multiplicity, 'holm');
    assert.equal(parseConfig(`${base}gate: {multiplicity: none}\n`, 't.yml').config.gate.multiplicity, 'none');
    assert.throws(() => parseConfig(`${base}gate: {multiplicity: bonferroni}\n`, 't.yml'), /multiplicity/);
    assert.throws(
      () =>
        parseConfig(
          'version: 1\nproviders: {p: {model: m}}\nsuites: [{name: s, kind: exact-copy, provider: p, dataset: d.jsonl, templates: {user: u.txt}, gate: {multiplicity: none}}]\n',
          't.yml',
        ),
      /multiplicity/,
    );
  });

  it('demotes a regression whose adjusted p no longer clears 1 − confidence, and records what it was', () => {
    // None improved, so the exact p is 2/2^k for k dropped cases. Alone: 10 dropped → 0.00195,
    // 6 dropped → 0.03125, both below 0.05, both regressions. In a family of three with an
    // unchanged suite, Holm multiplies the smallest by 3 (0.0059, still a regression) and the
    // next by 2 (0.0625: demoted to inconclusive).
    const family = [compare('six', 6), compare('ten', 10), compare('unchanged', 0)];
    assert.deepEqual(
      family.map((c) => c.verdict),
      ['regression', 'regression', 'pass'],
    );
    adjustAcrossSuites(family);
    const [six, ten, unchanged] = family as [SuiteComparison, SuiteComparison, SuiteComparison];
    assert.equal(ten.multiplicity?.pAdjusted, 3 * (2 / 2 ** 10));
    assert.equal(ten.verdict, 'regression');
    assert.equal(ten.multiplicity?.verdictBefore, null);
    assert.equal(six.multiplicity?.pAdjusted, 2 * (2 / 2 ** 6));
    assert.equal(six.verdict, 'inconclusive');
    assert.equal(six.detail, 'multiplicity-adjusted');
    assert.equal(six.multiplicity?.verdictBefore, 'regression');
    assert.deepEqual(unchanged.multiplicity, { method: 'holm', family: 3, pAdjusted: 1, verdictBefore: null });
  });

  it('leaves verdicts alone with multiplicity: none, and still reports the family', () => {
    const gate = { ...DEFAULT_GATE, resamples: 2000, multiplicity: 'none' as const };
    const family = adjustAcrossSuites([
      compare('six', 6, gate),
      compare('ten', 10, gate),
      compare('unchanged', 0, gate),
    ]);
    assert.deepEqual(
      family.map((c) => c.verdict),
      ['regression', 'regression', 'pass'],
    );
    assert.equal(family[0]?.multiplicity?.pAdjusted, 2 / 2 ** 6);
    assert.equal(family[0]?.multiplicity?.method, 'none');
  });

  it('leaves suites without an exact test out of the family', () => {
    const errored = compare('x', 0);
    errored.exactTest = null;
    errored.verdict = 'error';
    const family = adjustAcrossSuites([compare('six', 6), errored]);
    assert.equal(family[0]?.multiplicity?.family, 1);
    assert.equal(family[0]?.verdict, 'regression', 'a family of one is not adjusted');
    assert.equal(family[1]?.multiplicity, null);
  });
});
