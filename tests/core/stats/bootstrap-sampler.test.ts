// How the bootstrap draws its resamples (docs/design/statistics.md, "Resampling by counts"): the exact
// binomial draws resampling by counts rests on, the multinomial they make, and that counts
// and index draws give the same intervals in distribution.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { binomial, stirlingCorrection } from '../../../src/core/stats/binomial.ts';
import {
  jackknifeAcceleration,
  pairedBootstrap,
  resampledChanges,
  unitColumns,
  type PairedUnit,
} from '../../../src/core/stats/bootstrap.ts';
import { createRandom } from '../../../src/core/stats/random.ts';

/** Binomial(n, p) probabilities by the recurrence on the log scale. */
function binomialPmf(n: number, p: number): number[] {
  const out: number[] = [];
  let log = n * Math.log1p(-p);
  out.push(Math.exp(log));
  for (let x = 1; x <= n; x++) {
    log += Math.log((n - x + 1) / x) + Math.log(p) - Math.log1p(-p);
    out.push(Math.exp(log));
  }
  return out;
}

/**
 * Pearson's chi-square of observed counts against expected probabilities, cells pooled until
 * each expects at least 20; returned as Wilson–Hilferty's normal deviate (about N(0, 1) when
 * the draws follow the probabilities).
 */
function chiSquareZ(observed: number[], probabilities: number[], draws: number): number {
  let stat = 0;
  let df = -1;
  let expected = 0;
  let seen = 0;
  for (let x = 0; x < probabilities.length; x++) {
    expected += (probabilities[x] as number) * draws;
    seen += observed[x] ?? 0;
    if (expected >= 20 || x === probabilities.length - 1) {
      stat += (seen - expected) ** 2 / expected;
      df++;
      expected = 0;
      seen = 0;
    }
  }
  return ((stat / df) ** (1 / 3) - (1 - 2 / (9 * df))) / Math.sqrt(2 / (9 * df));
}

/** Two-sample Kolmogorov–Smirnov distance. */
function ksDistance(a: number[], b: number[]): number {
  const x = [...a].sort((p, q) => p - q);
  const y = [...b].sort((p, q) => p - q);
  let i = 0;
  let j = 0;
  let d = 0;
  while (i < x.length && j < y.length) {
    const v = Math.min(x[i] as number, y[j] as number);
    while (i < x.length && (x[i] as number) <= v) i++;
    while (j < y.length && (y[j] as number) <= v) j++;
    d = Math.max(d, Math.abs(i / x.length - j / y.length));
  }
  return d;
}

describe('exact binomial draws', () => {
  // Inversion (mean below 10), BTRD near the mode, BTRD's squeeze and Stirling tails (sd ≈ 155),
  // and p > ½ by reflection; 100,000 draws each.
  for (const [n, p] of [
    [40, 0.1],
    [200, 0.3],
    [100_000, 0.4],
    [1000, 0.8],
  ] as const) {
    it(`follows Binomial(${n}, ${p}) (chi-square)`, () => {
      const random = createRandom(`binomial|${n}|${p}`);
      const draws = 100_000;
      const counts = new Array<number>(n + 1).fill(0);
      for (let i = 0; i < draws; i++) {
        const x = binomial(random, n, p);
        assert.ok(Number.isInteger(x) && x >= 0 && x <= n, `draw ${x} outside [0, ${n}]`);
        counts[x] = (counts[x] as number) + 1;
      }
      const z = chiSquareZ(counts, binomialPmf(n, p), draws);
      assert.ok(Math.abs(z) < 4, `chi-square deviate ${z.toFixed(2)}`);
    });
  }

  it('gives the certain outcomes at p = 0, p = 1 and no trials', () => {
    const random = createRandom('edges');
    assert.equal(binomial(random, 50, 0), 0);
    assert.equal(binomial(random, 50, 1), 50);
    assert.equal(binomial(random, 0, 0.3), 0);
  });

  it("corrects Stirling's formula to 1e-12 on both sides of its table", () => {
    let logFactorial = 0;
    for (let k = 0; k < 60; k++) {
      if (k > 0) logFactorial += Math.log(k);
      const exact = logFactorial - (k + 0.5) * Math.log(k + 1) + (k + 1) - 0.5 * Math.log(2 * Math.PI);
      assert.ok(Math.abs(stirlingCorrection(k) - exact) < 1e-12, `k = ${k}`);
    }
  });
});

describe('resampling by counts', () => {
  it('draws every resample of six units with the multinomial’s probabilities (chi-square over every outcome)', () => {
    // Candidates 1 (three units), 10 (two) and 100 (one): a resample's candidate sum
    // a + 10b + 100c names its counts (a, b, c), drawn by conditional binomials throughout.
    const units: PairedUnit[] = [1, 1, 1, 10, 10, 100].map((candidate) => ({ base: 1, candidate, cases: 1 }));
    const factorial = (k: number): number => (k <= 1 ? 1 : k * factorial(k - 1));
    const outcomes: number[] = [];
    const probability: number[] = [];
    for (let a = 0; a <= 6; a++)
      for (let b = 0; a + b <= 6; b++) {
        const c = 6 - a - b;
        outcomes.push(a + 10 * b + 100 * c);
        probability.push(
          (factorial(6) / (factorial(a) * factorial(b) * factorial(c))) * (3 / 6) ** a * (2 / 6) ** b * (1 / 6) ** c,
        );
      }
    const draws = 100_000;
    const changes = resampledChanges({
      units,
      statistic: 'absolute',
      confidence: 0.95,
      resamples: draws,
      seed: 'multinomial',
      countsCost: 0,
    });
    const counts = new Array<number>(outcomes.length).fill(0);
    for (const change of changes) {
      const at = outcomes.indexOf(Math.round(change * 6 + 6));
      assert.ok(at >= 0, `impossible resample with change ${change}`);
      counts[at] = (counts[at] as number) + 1;
    }
    const z = chiSquareZ(counts, probability, draws);
    assert.ok(Math.abs(z) < 4, `chi-square deviate ${z.toFixed(2)}`);
  });
});

describe('counts against index draws', () => {
  const random = createRandom('units');
  const u = (): number => (random.nextUint32() + 0.5) / 2 ** 32;
  const binary: PairedUnit[] = Array.from({ length: 100 }, () => {
    const x = u();
    const [base, candidate] = x < 0.1 ? [1, 0] : x < 0.15 ? [0, 1] : x < 0.85 ? [1, 1] : [0, 0];
    return { base, candidate, cases: 1 };
  });

  it('counts the distinct units', () => {
    const opts = { statistic: 'relative' as const, confidence: 0.95, resamples: 10, seed: 's' };
    assert.equal(pairedBootstrap({ ...opts, units: binary }).distinctUnits, 4);
    const continuous = binary.map((x) => ({ ...x, base: x.base + u(), candidate: x.candidate + u() }));
    assert.equal(pairedBootstrap({ ...opts, units: continuous }).distinctUnits, 100);
  });

  it('gives the intervals of index draws in distribution (Kolmogorov–Smirnov over 100 seeds)', () => {
    const limits = (countsCost: number): { lower: number[]; upper: number[] } => {
      const lower: number[] = [];
      const upper: number[] = [];
      for (let s = 0; s < 100; s++) {
        const r = pairedBootstrap({
          units: binary,
          statistic: 'relative',
          confidence: 0.9,
          resamples: 1000,
          seed: `agree-${s}`,
          countsCost,
        });
        lower.push(r.lower);
        upper.push(r.upper);
      }
      return { lower, upper };
    };
    const byIndices = limits(Number.POSITIVE_INFINITY);
    const byCounts = limits(0);
    // 1% critical distance for two samples of 100: 1.628 · √(2/100) = 0.230.
    assert.ok(ksDistance(byIndices.lower, byCounts.lower) < 0.23, 'lower limits');
    assert.ok(ksDistance(byIndices.upper, byCounts.upper) < 0.23, 'upper limits');
  });

  it('does not depend on the order of the units', () => {
    const shuffled = [...binary].reverse();
    const run = (units: PairedUnit[]): string =>
      JSON.stringify(pairedBootstrap({ units, statistic: 'absolute', confidence: 0.95, resamples: 500, seed: 'o' }));
    assert.equal(run(shuffled), run(binary));
  });

  it('gives the same result for units passed as columns as for units passed as objects', () => {
    // Clusters of varying sizes and continuous values: every path of the sampler is taken.
    const units = [
      ...binary,
      ...binary
        .slice(0, 30)
        .map((x, i) => ({ base: x.base * 3 + u(), candidate: x.candidate * 3, cases: 1 + (i % 4) })),
    ];
    const columns = unitColumns(units);
    assert.equal(columns.base.length, units.length);
    for (const statistic of ['relative', 'absolute'] as const) {
      const opts = { statistic, confidence: 0.9, resamples: 700, seed: 'columns' };
      assert.deepEqual(pairedBootstrap({ ...opts, units: columns }), pairedBootstrap({ ...opts, units }));
      assert.deepEqual(resampledChanges({ ...opts, units: columns }), resampledChanges({ ...opts, units }));
    }
  });

  it('computes the jackknife acceleration over distinct units as over every unit', () => {
    const units = [...binary.slice(0, 60), ...binary.slice(0, 40).map((x) => ({ ...x, candidate: x.candidate + u() }))];
    const bs = units.reduce((s, x) => s + x.base, 0);
    const cs = units.reduce((s, x) => s + x.candidate, 0);
    const loo = units.map((x) => (cs - x.candidate - (bs - x.base)) / (bs - x.base));
    const mean = loo.reduce((s, x) => s + x, 0) / loo.length;
    const d = loo.map((x) => (units.length - 1) * (mean - x));
    const direct = d.reduce((s, x) => s + x ** 3, 0) / (6 * d.reduce((s, x) => s + x * x, 0) ** 1.5);
    assert.ok(Math.abs(jackknifeAcceleration(units, 'relative', bs, cs, units.length) - direct) < 1e-12);
  });
});

describe('index draws', () => {
  it('draw every unit uniformly: the bootstrap SE of a mean change matches its plug-in value', () => {
    // 1,001 units take 10-bit chunks, 2,001 take 16-bit ones; 2^w mod n ≠ 0, so both reject.
    const random = createRandom('index');
    for (const n of [1001, 2001]) {
      const units: PairedUnit[] = Array.from({ length: n }, (_, i) => ({
        base: 0,
        candidate: Math.sin(i) + (random.nextUint32() / 2 ** 32) * (i % 7),
        cases: 1,
      }));
      const d = units.map((x) => x.candidate);
      const mean = d.reduce((s, x) => s + x, 0) / n;
      const plugIn = Math.sqrt(d.reduce((s, x) => s + (x - mean) ** 2, 0) / n / n);
      const r = pairedBootstrap({ units, statistic: 'absolute', confidence: 0.95, resamples: 3000, seed: 'se' });
      // The SE of an SD estimate from 3,000 resamples is about 1.3%; 6% is over four of them.
      assert.ok(Math.abs(r.standardError / plugIn - 1) < 0.06, `n = ${n}: ${r.standardError} vs ${plugIn}`);
    }
  });
});
