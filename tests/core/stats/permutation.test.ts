// The exact sign-flip test that guards the gate against overconfident small-n intervals.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mcnemarExact } from '../../../src/core/stats/mcnemar.ts';
import { signFlipTest } from '../../../src/core/stats/permutation.ts';

describe('sign-flip test', () => {
  it("equals McNemar's exact test on binary changes", () => {
    for (const [b, c] of [
      [10, 3],
      [5, 2],
      [20, 8],
      [150, 86],
      [3, 0],
      [12, 12],
    ] as const) {
      const changes = [...Array<number>(b).fill(-1), ...Array<number>(c).fill(1), 0, 0, 0];
      const r = signFlipTest(changes);
      assert.ok(Math.abs(r.pValue - mcnemarExact(b, c).pValue) < 1e-12, `(${b}, ${c})`);
      assert.equal(r.changed, b + c);
      assert.equal(r.method, 'exact');
    }
  });

  it('uses magnitudes exactly: set C gives 18/128', () => {
    assert.equal(signFlipTest([-1, -1, 2, -4, -2, -1, -3]).pValue, 18 / 128);
  });

  it('is exact for means of repeats (multiples of 1/3)', () => {
    // changes −1/3, −1/3, −2/3, +1/3: half of the 16 sign patterns are at least as extreme.
    assert.equal(signFlipTest([-1 / 3, -1 / 3, -2 / 3, 0, 1 / 3]).pValue, 0.5);
  });

  it('gives p = 1 with no change', () => {
    assert.deepEqual(signFlipTest([0, 0, 0]), { pValue: 1, changed: 0, method: 'exact', draws: null, minPValue: 1 });
  });

  it('is exact for irregular values up to 20 changed units, by enumeration', () => {
    // docs/design/statistics.md: five drops of about 0.3 share no small step. Only the two patterns with
    // every sign alike reach |Σ| ≈ 1.5, so p = 2/32; the normal approximation said 0.025.
    assert.deepEqual(signFlipTest([-0.3, -0.3001, -0.2999, -0.3002, -0.2998]), {
      pValue: 2 / 32,
      changed: 5,
      method: 'exact',
      draws: null,
      minPValue: 2 / 32,
    });
    // The smallest p these sizes allow (every change one way) is what the test gave here.
    assert.equal(signFlipTest([0.3, -0.3001, 0.2999, -0.3002, 0.2998]).minPValue, 2 / 32);
    assert.equal(signFlipTest([-0.5, -0.25, 0.1, -0.7, -0.3, 0.05, -0.45, -0.15]).pValue, 10 / 256);
    // Brute force over every pattern agrees on a 12-unit irregular set.
    const d = Array.from({ length: 12 }, (_, i) => Math.sqrt(i + 2) * (i % 3 === 0 ? 1 : -1));
    const observed = Math.abs(d.reduce((a, b) => a + b, 0));
    let hits = 0;
    for (let mask = 0; mask < 2 ** 12; mask++) {
      const s = d.reduce((acc, x, i) => acc + (((mask >> i) & 1) === 1 ? Math.abs(x) : -Math.abs(x)), 0);
      if (Math.abs(s) >= observed - 1e-9) hits++;
    }
    const r = signFlipTest(d);
    assert.equal(r.method, 'exact');
    assert.equal(r.pValue, hits / 2 ** 12);
  });

  it('uses a seeded Monte Carlo of at least 200,000 flips past 20 irregular units, and names it', () => {
    const d = Array.from({ length: 40 }, (_, i) => Math.sqrt(i + 2) * (i % 3 === 0 ? 1 : -1));
    const r = signFlipTest(d, { seed: 'a' });
    assert.equal(r.method, 'monte-carlo');
    assert.equal(r.draws, 200_000);
    assert.deepEqual(signFlipTest(d, { seed: 'a' }), r, 'the same seed gives the same p');
    assert.equal(signFlipTest(d, { seed: 'a', draws: 10 }).draws, 200_000, 'fewer draws are raised to the minimum');
    // Monte-Carlo error at 200,000 draws is about 0.0006 here; the seeds must agree to it.
    assert.ok(Math.abs(signFlipTest(d, { seed: 'b' }).pValue - r.pValue) < 0.003);
    // The Monte-Carlo p stays valid: never 0, however extreme the data.
    const extreme = Array.from({ length: 30 }, (_, i) => -(1 + Math.sqrt(i + 2) / 100));
    const q = signFlipTest(extreme, { seed: 'c' });
    assert.equal(q.method, 'monte-carlo');
    assert.equal(q.pValue, 1 / 200_001);
  });

  it('lands within Monte-Carlo error of the exact p, for a count of units that fills no whole word', () => {
    // 21 irregular units: one past enumeration, so Monte Carlo; the exact p by walking all 2^21 patterns.
    const d = Array.from({ length: 21 }, (_, i) => Math.sqrt(i + 3) * (i % 4 === 0 ? 1 : -0.8));
    const observed = Math.abs(d.reduce((s, x) => s + x, 0));
    let hits = 0;
    for (let mask = 0; mask < 2 ** 21; mask++) {
      let sum = 0;
      for (let j = 0; j < 21; j++) sum += (mask >>> j) & 1 ? Math.abs(d[j] as number) : -Math.abs(d[j] as number);
      if (Math.abs(sum) >= observed - 1e-9) hits++;
    }
    const exact = hits / 2 ** 21;
    const r = signFlipTest(d, { seed: 'word' });
    assert.equal(r.method, 'monte-carlo');
    const se = Math.sqrt((exact * (1 - exact)) / 200_000);
    assert.ok(Math.abs(r.pValue - exact) < 4 * se + 1e-5, `${r.pValue} vs exact ${exact}`);
  });

  it('stays exact for thousands of changed 1–5 scores, where the programme is cheaper than Monte Carlo', () => {
    // 1,500 changes of ±1…±3: (sum of steps) × (units) ≈ 4.5 million states, past the old
    // 2 million cap that sent such sets to Monte Carlo.
    // Alternating signs cancel; the first 60 units all dropping leave a p of moderate size.
    const d = Array.from({ length: 1500 }, (_, i) => ((i % 3) + 1) * (i < 60 || i % 2 === 0 ? -1 : 1));
    const r = signFlipTest(d, { seed: 'big' });
    assert.equal(r.method, 'exact');
    assert.ok(r.pValue > 0.01 && r.pValue < 0.5, String(r.pValue));
    const mc = signFlipTest(
      d.map((x, i) => x * (1 + 1e-7 * Math.sin(i))),
      { seed: 'big' },
    );
    assert.equal(mc.method, 'monte-carlo');
    assert.ok(Math.abs(r.pValue - mc.pValue) < 0.01, `${r.pValue} vs ${mc.pValue}`);
  });

  it('prefers the exact lattice programme for many changed units on a small step', () => {
    const r = signFlipTest(Array.from({ length: 200 }, (_, i) => (i % 4 === 0 ? 1 / 3 : -2 / 3)));
    assert.equal(r.method, 'exact');
    assert.equal(r.changed, 200);
    assert.ok(r.pValue < 1e-10);
  });
});
