// The exact sign-flip test that guards the gate against overconfident small-n intervals.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mcnemarExact } from '../../../src/core/stats/mcnemar.ts';
import { signFlipTest } from '../../../src/core/stats/permutation.ts';

describe('sign-flip test', () => {
  it("equals McNemar's exact test on binary changes", () => {
    for (const [b, c] of [[10, 3], [5, 2], [20, 8], [150, 86], [3, 0], [12, 12]] as const) {
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

  it('gives p = 1 with no change and approximates irregular values', () => {
    assert.deepEqual(signFlipTest([0, 0, 0]), { pValue: 1, changed: 0, method: 'exact' });
    const r = signFlipTest(Array.from({ length: 40 }, (_, i) => Math.sqrt(i + 2) * (i % 3 === 0 ? 1 : -1)));
    assert.equal(r.method, 'normal-approximation');
    assert.ok(r.pValue > 0 && r.pValue < 1);
  });
});
