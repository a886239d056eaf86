/**
 * The gate's decision from an estimate and its interval (docs/design/statistics.md, "The verdict").
 *
 * Why two policies: `significant-drop` reads "fail beyond a 5% drop" literally and only
 * asks the interval to rule out noise, which suits the small eval sets most teams have;
 * `strict` is a non-inferiority test that needs the whole interval on one side of the
 * threshold, which only large sets can satisfy.
 */

/** The policies a suite can gate with. */
export const POLICIES = ['significant-drop', 'strict'] as const;
/** A gate policy. */
export type Policy = (typeof POLICIES)[number];

/** Verdicts that come out of a comparison of numbers. */
export type StatVerdict = 'pass' | 'regression' | 'inconclusive';

/** Refinements a reader needs to understand a verdict. */
export type VerdictDetail =
  | 'beyond-threshold-confident' // regression, and even the interval's upper end is beyond δ
  | 'beyond-threshold-significant' // regression: the drop is real and the estimate beyond δ
  | 'beyond-threshold-noisy' // inconclusive: the estimate is beyond δ, the interval reaches 0
  | 'interval-straddles-threshold' // strict: inconclusive
  | 'within-threshold-shown' // pass, and the interval's lower end is within δ
  | 'no-drop-shown' // pass, but the interval does not rule out a larger drop
  | 'improved' // pass, and the interval is above 0
  | 'too-few-cases' // at most inconclusive below min-cases
  | 'exact-test-disagrees' // the interval says regression, the exact sign-flip test does not
  | 'undefined-relative-change'; // baseline sum 0 and no absolute threshold

/** What the gate needs to decide. */
export interface GateInput {
  estimate: number;
  lower: number;
  upper: number;
  /** The (negative) threshold δ on the same scale as the estimate. */
  threshold: number;
  policy: Policy;
  compared: number;
  minCases: number;
  /**
   * Two-sided p of the exact sign-flip test of no change (permutation.ts). A regression
   * needs it below 1 − confidence as well: the bootstrap alone is overconfident when few
   * cases changed (see the calibration bench).
   */
  exactPValue?: number;
  confidence?: number;
}

/** A verdict and why. */
export interface GateDecision {
  verdict: StatVerdict;
  detail: VerdictDetail;
}

/** Decides pass / regression / inconclusive per docs/design/statistics.md. */
export function decideGate(input: GateInput): GateDecision {
  const { estimate: r, lower: L, upper: U, threshold: d, policy } = input;
  let decision: GateDecision;
  if (policy === 'strict') {
    if (U < d) decision = { verdict: 'regression', detail: 'beyond-threshold-confident' };
    else if (L >= d) decision = { verdict: 'pass', detail: L > 0 ? 'improved' : 'within-threshold-shown' };
    else decision = { verdict: 'inconclusive', detail: 'interval-straddles-threshold' };
  } else if (r < d) {
    if (U < 0)
      decision = {
        verdict: 'regression',
        detail: U < d ? 'beyond-threshold-confident' : 'beyond-threshold-significant',
      };
    else decision = { verdict: 'inconclusive', detail: 'beyond-threshold-noisy' };
  } else if (L > 0) {
    decision = { verdict: 'pass', detail: 'improved' };
  } else {
    decision = { verdict: 'pass', detail: L >= d ? 'within-threshold-shown' : 'no-drop-shown' };
  }
  if (decision.verdict === 'regression' && input.compared < input.minCases) {
    return { verdict: 'inconclusive', detail: 'too-few-cases' };
  }
  if (
    decision.verdict === 'regression' &&
    input.exactPValue !== undefined &&
    input.exactPValue >= 1 - (input.confidence ?? 0.95)
  ) {
    return { verdict: 'inconclusive', detail: 'exact-test-disagrees' };
  }
  return decision;
}
