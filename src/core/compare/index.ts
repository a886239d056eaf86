/**
 * Comparing a candidate suite result with its baseline: pairing.ts lines the cases up,
 * identity-diff.ts says what changed besides the scores, decide.ts measures and decides.
 */
import type { GateConfig } from '../config/common.ts';
import { findKind } from '../kinds/index.ts';
import type { SuiteResult } from '../types.ts';
import { compareSuite, type SuiteComparison } from './decide.ts';

export {
  adjustAcrossSuites,
  applyFloors,
  checkFloors,
  compareSuite,
  DEFAULT_NET_WIN_THRESHOLD,
  floorProblem,
  mdeFactor,
  overallVerdict,
  PAIRWISE_METRIC,
  powerOf,
  VERDICT_ORDER,
  type ClusterNoun,
  type FloorCheck,
  type MultiplicityOutcome,
  type Power,
  type ResampledUnit,
  type SuiteComparison,
  type SuiteVerdict,
  type ErrorsOfCause,
  errorsByCause,
} from './decide.ts';
export { describeInstrumentChanges, describeTestedChanges } from './identity-diff.ts';
export { alignBaselineIds, type CaseChange, type Pairing } from './pairing.ts';

/**
 * compareSuite with what the candidate's kind says: the name of its clusters, its flagged
 * answers, and the worst value of its metrics (what a candidate-caused error counts as).
 */
export function compareWithBaseline(
  original: SuiteResult | null,
  candidate: SuiteResult,
  gate: GateConfig,
): SuiteComparison {
  const kind = findKind(candidate.suite.kind);
  const flagged = kind?.flaggedCases?.(candidate.records) ?? [];
  return compareSuite(original, candidate, gate, kind?.clusterNoun ?? 'clusters', flagged, (metric) =>
    kind?.worstScore ? kind.worstScore(metric) : null,
  );
}
