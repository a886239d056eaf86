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

  it('prefers the exact lattice programme for many changed units on a small step', () => {
    const r = signFlipTest(Array.from({ length: 200 }, (_, i) => (i % 4 === 0 ? 1 / 3 : -2 / 3)));
    assert.equal(r.method, 'exact');
    assert.equal(r.changed, 200);
    assert.ok(r.pValue < 1e-10);
  });
});
