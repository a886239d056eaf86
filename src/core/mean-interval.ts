/**
 * A metric's mean over a result's cases with its bootstrap interval, for the views that
 * show one result at a time (the history of baselines, the provider matrix). The mean is
 * the gate's: case means first, then their mean. Its interval is the gate's bootstrap
 * (stats/bootstrap.ts) of the absolute change against zero — which is the mean itself —
 * resampling cases, or clusters when the cases name them, since repeats of a case and
 * cases of a cluster are not independent (docs/design/statistics.md).
 */
import { caseMeans } from './results.ts';
import { pairedBootstrap, type PairedUnit } from './stats/bootstrap.ts';
import type { CaseRecord } from './types.ts';

/** A mean and its interval (null bounds when no resampling was asked for). */
export interface MeanInterval {
  value: number;
  lower: number | null;
  upper: number | null;
  /** Cases with a valid value. */
  cases: number;
}

/** The mean of `metric` over the records' cases, with its interval; null when no case has a value. */
export function meanInterval(
  records: readonly CaseRecord[],
  metric: string,
  options: { confidence: number; resamples: number; seed: string },
): MeanInterval | null {
  const means = caseMeans(records, metric);
  if (means.size === 0) return null;
  let sum = 0;
  for (const v of means.values()) sum += v;
  if (options.resamples === 0) return { value: sum / means.size, lower: null, upper: null, cases: means.size };
  const cluster = new Map<string, string>();
  for (const r of records) if (typeof r.cluster === 'string') cluster.set(r.caseId, r.cluster);
  const units = new Map<string, PairedUnit>();
  for (const [id, mean] of [...means].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const key = cluster.get(id) ?? `case:${id}`;
    const u = units.get(key) ?? { base: 0, candidate: 0, cases: 0 };
    u.candidate += mean;
    u.cases += 1;
    units.set(key, u);
  }
  const b = pairedBootstrap({
    units: [...units.keys()].sort().map((k) => units.get(k) as PairedUnit),
    statistic: 'absolute',
    confidence: options.confidence,
    resamples: options.resamples,
    seed: options.seed,
  });
  return { value: b.estimate, lower: b.lower, upper: b.upper, cases: means.size };
}
