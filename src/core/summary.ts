/**
 * summary.json: the machine-readable outcome of a run. Its core (SPEC §2) is a contract
 * for scripts and the action's outputs; more keys may be added, these keep their meaning.
 */
import type { SuiteComparison, SuiteVerdict } from './compare.ts';
import { round4 } from './report/format.ts';
import type { RunNotices } from './trust.ts';

/** One suite in summary.json. */
export interface SuiteSummary {
  name: string;
  kind: string;
  metric: string;
  baseline: number | null;
  candidate: number | null;
  change: number | null;
  interval: [number, number] | null;
  verdict: SuiteVerdict;
  cases: number;
  errors: number;
  /** Judged suites whose answers addressed the judge: how many cases, and which. */
  judgeManipulation?: { cases: number; caseIds: string[] };
}

/** summary.json. */
export interface RunSummary {
  verdict: SuiteVerdict;
  suites: SuiteSummary[];
  notRun: { name: string; reason: string }[];
  /** Pull requests: config changes not applied to this run, and stored entries that failed authentication. */
  trust?: { untrusted: { kind: string; path: string }[]; rejected: { cacheEntries: number; records: number } };
  /** Present when the budget stopped the run, with why. */
  budget?: { stopped: string };
}

/** Builds summary.json from comparisons. */
export function summarize(
  verdict: SuiteVerdict, comparisons: readonly SuiteComparison[], notRun: readonly { name: string; reason: string }[] = [], notices: RunNotices = {},
): RunSummary {
  const untrusted = (notices.untrusted ?? []).map((c) => ({ kind: c.kind, path: c.path }));
  const rejected = notices.rejected ?? { cacheEntries: 0, records: 0 };
  const trust = untrusted.length > 0 || rejected.cacheEntries > 0 || rejected.records > 0 ? { trust: { untrusted, rejected } } : {};
  return {
    verdict,
    suites: comparisons.map((c) => ({
      name: c.name,
      kind: c.kind,
      metric: c.metric,
      baseline: round4(c.baseline),
      candidate: round4(c.candidate),
      change: round4(c.change),
      interval: c.interval ? [round4(c.interval.lower) ?? 0, round4(c.interval.upper) ?? 0] : null,
      verdict: c.verdict,
      cases: c.pairing?.compared ?? c.errors.cases,
      errors: c.errors.candidate,
      ...(c.judgeManipulation?.length ? { judgeManipulation: { cases: c.judgeManipulation.length, caseIds: c.judgeManipulation.map((f) => f.caseId) } } : {}),
    })),
    notRun: [...notRun],
    ...trust,
    ...(notices.budgetStop ? { budget: { stopped: notices.budgetStop } } : {}),
  };
}

/** The process exit code for a verdict (SPEC §2). */
export function exitCodeFor(verdict: SuiteVerdict, comparisons: readonly SuiteComparison[]): number {
  if (verdict === 'error') return 3;
  if (verdict === 'regression') return 1;
  if (comparisons.some((c) => c.verdict === 'inconclusive' && c.gate['on-inconclusive'] === 'fail')) return 1;
  return 0;
}
