/**
 * Multiplicity control across the suites of one run: Holm's step-down adjustment.
 *
 * Why: each suite alone fails an unchanged PR at most α/2 of the time, but a run of m
 * unchanged suites fails if any one does — up to 1 − (1 − α/2)^m, about 12% for five
 * suites at 95%. Holm's procedure keeps the family-wise rate at the per-suite level under
 * any dependence between the suites, and is uniformly more powerful than Bonferroni. It
 * works on the p-values the gate already requires (the exact sign-flip test), so it adds
 * no assumption: a suite stays a regression only if its adjusted p is still below α.
 */

/** The adjustments `gate.multiplicity` names. */
export const MULTIPLICITY_METHODS = ['holm', 'none'] as const;
/** A multiplicity adjustment. */
export type MultiplicityMethod = (typeof MULTIPLICITY_METHODS)[number];

/**
 * Holm-adjusted p-values, in the order given: with p sorted ascending as p_(1) ≤ … ≤ p_(m),
 * p̃_(i) = max_{j ≤ i} min(1, (m − j + 1) · p_(j)). Rejecting p̃ < α is Holm's step-down test
 * at family-wise level α. Ties keep their input order, which does not change any value.
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  const m = pValues.length;
  for (const p of pValues) if (!(p >= 0 && p <= 1)) throw new RangeError(`Holm needs p-values in [0, 1], got ${p}`);
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p || a.i - b.i);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[i] = running;
  });
  return adjusted;
}
