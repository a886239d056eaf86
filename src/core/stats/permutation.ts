/**
 * The exact paired sign-flip (permutation) test on per-unit changes.
 *
 * Why it is part of the gate: the bootstrap interval is the estimate users read, but with
 * few changed cases it is overconfident — a set of 25 where 3 cases got worse and none
 * better yields an interval that excludes 0, while the exact test says p = 0.25. The
 * calibration bench showed the default policy failing up to 5% of unchanged PRs at small
 * n. Under "no change" the two arms of a case are exchangeable, so flipping the sign of
 * each unit's change gives the exact null distribution of their sum; requiring this test
 * to agree caps false failures at α/2 by construction, at any n. On binary metrics it is
 * McNemar's exact test.
 *
 * Computed exactly by dynamic programming over the sum when the changes are multiples of
 * a common step (integer scores, or means of a few repeats); otherwise by the normal
 * approximation of the same distribution.
 */

/** The test's outcome. */
export interface SignFlipResult {
  /** Two-sided p-value of "no change". */
  pValue: number;
  /** Units whose value changed (the only ones the test can use). */
  changed: number;
  method: 'exact' | 'normal-approximation';
}

import { normalCdf } from './normal.ts';

const MAX_STATES = 2_000_000;

/** Two-sided sign-flip test of Σ d = 0 for per-unit changes d. */
export function signFlipTest(changes: readonly number[]): SignFlipResult {
  const d = changes.filter((x) => x !== 0 && Number.isFinite(x)).map(Math.abs);
  const k = d.length;
  if (k === 0) return { pValue: 1, changed: 0, method: 'exact' };
  const observed = Math.abs(changes.reduce((s, x) => s + (Number.isFinite(x) ? x : 0), 0));
  const step = commonStep(d);
  if (step !== null) {
    const ints = d.map((x) => Math.round(x / step));
    const total = ints.reduce((s, x) => s + x, 0);
    if (total * k <= MAX_STATES) {
      // prob[p] = P(the units flipped to "+" sum to p), each sign equally likely.
      let prob = new Float64Array(total + 1);
      prob[0] = 1;
      let reach = 0;
      for (const a of ints) {
        const next = new Float64Array(total + 1);
        for (let p = 0; p <= reach; p++) {
          const v = (prob[p] as number) * 0.5;
          if (v === 0) continue;
          next[p] = (next[p] as number) + v;
          next[p + a] = (next[p + a] as number) + v;
        }
        reach += a;
        prob = next;
      }
      // The flipped sum is step·(2p − total); count outcomes at least as extreme as observed.
      const threshold = observed / step - 1e-9;
      let p = 0;
      for (let s = 0; s <= total; s++) if (Math.abs(2 * s - total) >= threshold) p += prob[s] as number;
      return { pValue: Math.min(1, p), changed: k, method: 'exact' };
    }
  }
  const variance = d.reduce((s, x) => s + x * x, 0);
  const z = observed / Math.sqrt(variance);
  return { pValue: Math.min(1, 2 * normalCdf(-z)), changed: k, method: 'normal-approximation' };
}

/** The largest step 1/m (m ≤ 60) of which every value is a multiple, or null. */
function commonStep(values: readonly number[]): number | null {
  for (let m = 1; m <= 60; m++) {
    if (values.every((x) => Math.abs(x * m - Math.round(x * m)) < 1e-7)) return 1 / m;
  }
  return null;
}
