// Holm's step-down adjustment across the suites of one run.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adjustAcrossSuites, compareWithBaseline, type SuiteComparison } from '../../../src/core/compare/index.ts';
import { DEFAULT_GATE, type GateConfig } from '../../../src/core/config/common.ts';
import { parseConfig } from '../../../src/core/config/load.ts';
import { holmAdjust, taroneHolm } from '../../../src/core/stats/multiplicity.ts';
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

/** A binary suite with the given per-case values. */
function custom(name: string, values: number[], runId: string): SuiteResult {
  const s = suite(name, 0, runId, 'base');
  return {
    ...s,
    aggregates: { ...s.aggregates, cases: values.length, records: values.length, scored: values.length },
    records: values.map((v, i) => ({
      ...(s.records[0] as CaseRecord),
      caseId: `c${i}`,
      inputHash: `h${i}`,
      scores: { ok: v },
    })),
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
    // 6 dropped → 0.03125 (twice), all below 0.05, all regressions. Together: at most K suites
    // may have a smallest attainable p ≤ 0.05/K — K = 2 (only "ten" reaches 0.025) — so the
    // smallest p is doubled (0.0039, still a regression), and at the next step the two sixes
    // still form a family of 2 (neither reaches 0.025): 0.0625, demoted to inconclusive.
    const family = [compare('six', 6), compare('ten', 10), compare('six-b', 6)];
    assert.deepEqual(
      family.map((c) => c.verdict),
      ['regression', 'regression', 'regression'],
    );
    adjustAcrossSuites(family);
    const [six, ten, sixB] = family as [SuiteComparison, SuiteComparison, SuiteComparison];
    assert.equal(ten.multiplicity?.pAdjusted, 2 * (2 / 2 ** 10));
    assert.equal(ten.verdict, 'regression');
    assert.equal(ten.multiplicity?.verdictBefore, null);
    assert.equal(ten.multiplicity?.counted, true);
    for (const c of [six, sixB]) {
      assert.equal(c.multiplicity?.pAdjusted, 2 * (2 / 2 ** 6));
      assert.equal(c.verdict, 'inconclusive');
      assert.equal(c.detail, 'multiplicity-adjusted');
      assert.equal(c.multiplicity?.verdictBefore, 'regression');
      assert.equal(c.multiplicity?.counted, false, 'its smallest p, 1/32, cannot reach 0.05/2');
    }
  });

  it('does not count an unchanged suite: one a pull request made run with nothing changed cannot dilute a regression', () => {
    // The attack of issue 27: suite a regresses (7 cases dropped: p = 1/64 ≈ 0.016); the PR
    // re-indents the datasets of b, c and d, so they run and change nothing (p = 1). Plain
    // Holm over four suites makes a's p 0.0625: inconclusive, and the check passes.
    const alone = adjustAcrossSuites([compare('a', 7)]);
    assert.equal(alone[0]?.verdict, 'regression', 'control: the regression alone');
    const padded = adjustAcrossSuites([compare('a', 7), compare('b', 0), compare('c', 0), compare('d', 0)]);
    assert.deepEqual(
      padded.map((c) => c.verdict),
      ['regression', 'pass', 'pass', 'pass'],
    );
    assert.equal(holmAdjust([2 / 2 ** 7, 1, 1, 1])[0], 0.0625, 'what plain Holm would have said');
    assert.equal(padded[0]?.multiplicity?.pAdjusted, 2 / 2 ** 7);
    assert.deepEqual(
      padded.map((c) => [c.multiplicity?.family, c.multiplicity?.compared, c.multiplicity?.pAttainable]),
      [
        [1, 4, 2 / 2 ** 7],
        [1, 4, 1],
        [1, 4, 1],
        [1, 4, 1],
      ],
    );
  });

  it('held out: padding suites with a few balanced changes, or below min-cases, are not counted either', () => {
    // Two cases of each padding suite change, one up and one down (p = 1, smallest attainable
    // 2/4 = 0.5); a third suite drops all its 8 cases but has fewer than min-cases (10): it can
    // never be a regression, so it never counts.
    const balanced = (name: string): SuiteComparison =>
      compareWithBaseline(
        custom(name, [1, 0, ...Array<number>(38).fill(1)], 'b'),
        custom(name, [0, 1, ...Array<number>(38).fill(1)], 'c'),
        { ...DEFAULT_GATE, resamples: 2000 },
      );
    const small = compareWithBaseline(
      custom('small', Array<number>(8).fill(1), 'b'),
      custom('small', Array<number>(8).fill(0), 'c'),
      { ...DEFAULT_GATE, resamples: 2000 },
    );
    const padded = adjustAcrossSuites([compare('a', 7), balanced('b'), balanced('c'), small]);
    assert.equal(padded[0]?.verdict, 'regression');
    assert.equal(padded[0]?.multiplicity?.family, 1);
    assert.equal(padded[1]?.multiplicity?.pAttainable, 0.5);
    assert.equal(padded[3]?.multiplicity?.pAttainable, 1, 'below min-cases: cannot be a regression');
    assert.equal(padded[3]?.verdict, 'inconclusive');
  });

  it('Tarone–Holm is Holm when every suite could reach any level, and never rejects less', () => {
    const p = [0.01, 0.04, 0.03, 0.5];
    assert.deepEqual(taroneHolm(p, [0, 0, 0, 0], 0.05).adjusted, holmAdjust(p));
    const tarone = taroneHolm([0.004, 0.02, 0.3, 1], [0.004, 0.02, 0.25, 1], 0.05);
    // Step 1: K = 2 (only 0.004 and 0.02 can reach 0.025); step 2: K = 1 (only 0.02 ≤ 0.05).
    assert.deepEqual(tarone.adjusted, [0.008, 0.02, 0.3, 1]);
    assert.deepEqual(tarone.counted, [true, true, false, false]);
    assert.throws(() => taroneHolm([0.1], [0.2], 0.05), /minimum attainable p must lie in \[0, p\]/);
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
