/**
 * Multiplicity control across the suites of one run: Holm's step-down adjustment, with
 * Tarone's rule for which suites count.
 *
 * Why: each suite alone fails an unchanged PR at most α/2 of the time, but a run of m
 * unchanged suites fails if any one does — up to 1 − (1 − α/2)^m, about 12% for five
 * suites at 95%. Holm's procedure keeps the family-wise rate at the per-suite level under
 * any dependence between the suites, and is uniformly more powerful than Bonferroni. It
 * works on the p-values the gate already requires (the exact sign-flip test), so it adds
 * no assumption: a suite stays a regression only if its adjusted p is still below α.
 *
 * Why Tarone: plain Holm counts every suite with a p-value, and a pull request chooses
 * which suites run — re-indenting three datasets makes three suites run with nothing
 * changed (p = 1) and multiplies a real regression's p by four. The sign-flip test is
 * discrete: on k changed units its p can never be below 2/2^k (all changes one way), and
 * with no changed unit it is 1. A suite whose smallest attainable p exceeds the level it
 * would be tested at can never be rejected, so it cannot add a false failure and need not
 * be paid for (Tarone 1990). At each step of Holm's procedure the family is the fewest K
 * such that at most K of the remaining suites could reach α/K; the rest are left out. The
 * family-wise error stays at α (docs/design/statistics.md gives the argument), and a
 * suite that could never be significant no longer dilutes one that is.
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

/** Tarone–Holm: the adjusted p-values and who counted. */
export interface TaroneHolm {
  /** Adjusted p-values, in the order given: reject where below α. */
  adjusted: number[];
  /** The family at the first step: the suites counted (K₁). */
  family: number;
  /** Whether each suite (in the order given) was counted at the first step. */
  counted: boolean[];
}

/**
 * Holm's step-down test with Tarone's family at each step, at level α. With p sorted
 * ascending, at step j the remaining suites R_j are those not yet passed; the family is
 * K_j = min{k ≥ 1 : #{i ∈ R_j : pMin_i ≤ α/k} ≤ k}, and p̃_(j) = max_{i ≤ j} min(1, K_i · p_(i)).
 * Rejecting p̃ < α is the step-down test; since K_j never exceeds the number remaining, it
 * rejects whatever plain Holm rejects. With every pMin 0 it is plain Holm.
 */
export function taroneHolm(pValues: readonly number[], minPValues: readonly number[], alpha: number): TaroneHolm {
  const m = pValues.length;
  if (minPValues.length !== m) throw new RangeError('taroneHolm needs one minimum attainable p per p-value');
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`taroneHolm needs a level in (0, 1), got ${alpha}`);
  pValues.forEach((p, i) => {
    const min = minPValues[i] as number;
    if (!(p >= 0 && p <= 1)) throw new RangeError(`Holm needs p-values in [0, 1], got ${p}`);
    if (!(min >= 0 && min <= p + 1e-12))
      throw new RangeError(`a minimum attainable p must lie in [0, p]; got ${min} for p = ${p}`);
  });
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p || a.i - b.i);
  const familyOf = (remaining: readonly number[]): number => {
    for (let k = 1; k <= remaining.length; k++) {
      if (remaining.filter((i) => (minPValues[i] as number) <= alpha / k).length <= k) return k;
    }
    return Math.max(1, remaining.length);
  };
  const adjusted = new Array<number>(m);
  let running = 0;
  let first = 0;
  order.forEach(({ p, i }, rank) => {
    const family = familyOf(order.slice(rank).map((o) => o.i));
    if (rank === 0) first = family;
    running = Math.max(running, Math.min(1, family * p));
    adjusted[i] = running;
  });
  const counted = minPValues.map((min) => m > 0 && min <= alpha / first);
  return { adjusted, family: first, counted };
}
