/**
 * summary.json: the machine-readable outcome of a run. Its core (docs/design/spec.md §2) is a contract
 * for scripts and the action's outputs; more keys may be added, these keep their meaning.
 * The zod schema below is the one definition: the TypeScript types come from it and the
 * published JSON Schema (`evalgate-summary.schema.json`) is generated from it.
 */
import { z } from 'zod';
import type { ErrorsOfCause, SuiteComparison, SuiteVerdict } from './compare/index.ts';
import { round4 } from './report/format.ts';
import type { RunNotices } from './trust.ts';

const VERDICTS = [
  'pass',
  'regression',
  'below-floor',
  'inconclusive',
  'error',
  'no-baseline',
  'stale-baseline',
] as const satisfies readonly SuiteVerdict[];
const num = z.number().nullable();

const causeSchema = z.strictObject({
  records: z.int().min(0),
  cases: z.int().min(0).describe('Distinct cases with such an error.'),
  reasons: z.record(z.string(), z.int().min(0)).describe('Records per reason code.'),
});

const suiteSummarySchema = z.strictObject({
  name: z.string(),
  kind: z.string(),
  metric: z.string().describe('The primary metric the verdict is about.'),
  baseline: num.describe('Mean of per-case means over the compared cases (4 decimals).'),
  candidate: num,
  change: num.describe('The estimate: relative (a ratio of sums) or absolute, see unit (4 decimals).'),
  interval: z.tuple([z.number(), z.number()]).nullable().describe('The confidence interval of change.'),
  verdict: z.enum(VERDICTS),
  cases: z.int().min(0).describe('Cases compared (or, without a comparison, cases run).'),
  errors: z.int().min(0).describe('Errored records of the candidate, of either cause (never scored as such).'),
  errorsByCause: z
    .strictObject({
      candidate: causeSchema.describe(
        "Errors the candidate caused (a request refused for its content or length, a reply cut or unusable, a judge that refused or gave no verdict, a check that raised): each counts as a failure of its case, the metric's worst value.",
      ),
      infrastructure: causeSchema.describe(
        'Errors of the infrastructure (5xx, 429, network, timeouts, auth, a sandbox that could not run): excluded up to max-error-rate; the verdict must hold with them counted as failures, else it is error.',
      ),
    })
    .describe("The candidate's errored records by cause (docs/design/spec.md, Errors by cause)."),
  unit: z
    .enum(['relative', 'absolute'])
    .nullable()
    .describe('relative: change is (Σcand − Σbase)/Σbase; absolute: a difference of means (baseline 0, or net win).'),
  intervalMethod: z
    .enum(['bca', 'percentile', 'none'])
    .nullable()
    .describe('none: the interval has zero width (no variation).'),
  se: num.describe('Bootstrap standard error of change (SD of the resampled changes).'),
  mde: num.describe(
    "Minimum detectable effect at 80% power for the gate's two-sided test: (z_{1−α/2} + z_0.8)·se; null when se is 0.",
  ),
  casesNeeded: z
    .int()
    .min(0)
    .nullable()
    .describe("Resampled units that would bring mde down to the gate's threshold at the current variance."),
  casesNeededUnit: z
    .enum(['cases', 'clusters', 'tasks'])
    .nullable()
    .describe('The unit casesNeeded (and the bootstrap) counts.'),
  pValue: num.describe('Two-sided p of the sign-flip test of no change.'),
  pMethod: z.enum(['exact', 'monte-carlo']).nullable(),
  pAdjusted: num.describe(
    "pValue after the run-wide multiplicity adjustment (gate.multiplicity: Holm with Tarone's family); the verdict uses this one.",
  ),
  pAttainable: num.describe(
    "The smallest p this suite's exact test could have given on its changed cases (2/2^k; 1 with none, or below min-cases). Under Tarone's rule only suites whose pAttainable could reach significance count in the family.",
  ),
  family: z
    .int()
    .min(0)
    .nullable()
    .describe('Suites counted in the multiplicity family (those that could reach significance), of those compared.'),
  resamples: z.int().min(0).nullable().describe('Bootstrap resamples kept (drawn minus skipped).'),
  skippedResamples: z.int().min(0).nullable().describe('Resamples skipped because their baseline sum was 0.'),
  verdictBeforeAdjustment: z
    .enum(VERDICTS)
    .nullable()
    .describe('The verdict before the multiplicity adjustment, when the adjustment changed it.'),
  judgeManipulation: z
    .strictObject({ cases: z.int().min(0), caseIds: z.array(z.string()) })
    .optional()
    .describe(
      'Suites whose judge-graded answers (judged suites, prompt suites with judge assertions) addressed the judge: how many cases, and which.',
    ),
  floors: z
    .array(
      z.strictObject({
        metric: z.string(),
        min: z.number(),
        value: num.describe("The run's value over all its cases (4 decimals); null when it has none."),
        met: z.boolean(),
      }),
    )
    .optional()
    .describe('Suites with absolute floors (gate.min): each floor and whether this run met it.'),
});

const runSummarySchema = z.strictObject({
  verdict: z.enum(VERDICTS),
  multiplicity: z
    .enum(['holm', 'none'])
    .nullable()
    .describe('The adjustment applied across the suites compared in this run.'),
  suites: z.array(suiteSummarySchema),
  notRun: z.array(z.strictObject({ name: z.string(), reason: z.string() })),
  trust: z
    .strictObject({
      untrusted: z
        .array(z.strictObject({ kind: z.string(), path: z.string() }))
        .describe("Changes of the pull request's config not applied to its own run (taken from the base commit)."),
      rejected: z
        .strictObject({ cacheEntries: z.int().min(0), records: z.int().min(0) })
        .describe('Stored entries that failed authentication and were ignored.'),
    })
    .optional()
    .describe('Pull requests: what was not trusted, and forged or foreign stored entries.'),
  budget: z
    .strictObject({ stopped: z.string() })
    .optional()
    .describe('Present when the budget stopped the run, with why.'),
});

/** One suite in summary.json. */
export type SuiteSummary = z.output<typeof suiteSummarySchema>;
/** summary.json. */
export type RunSummary = z.output<typeof runSummarySchema>;

/** Builds summary.json from comparisons. */
export function summarize(
  verdict: SuiteVerdict,
  comparisons: readonly SuiteComparison[],
  notRun: readonly { name: string; reason: string }[] = [],
  notices: RunNotices = {},
): RunSummary {
  const untrusted = (notices.untrusted ?? []).map((c) => ({ kind: c.kind, path: c.path }));
  const rejected = notices.rejected ?? { cacheEntries: 0, records: 0 };
  const trust =
    untrusted.length > 0 || rejected.cacheEntries > 0 || rejected.records > 0 ? { trust: { untrusted, rejected } } : {};
  return {
    verdict,
    multiplicity: comparisons.find((c) => c.multiplicity !== null)?.multiplicity?.method ?? null,
    suites: comparisons.map((c) => {
      const b = c.bootstrap;
      return {
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
        errorsByCause: {
          candidate: causeSummary(c.errors.byCause.candidate),
          infrastructure: causeSummary(c.errors.byCause.infrastructure),
        },
        unit: c.unit,
        intervalMethod: b?.method ?? null,
        se: b ? round6(b.standardError) : null,
        mde: c.power ? round6(c.power.mde) : null,
        casesNeeded: c.power?.casesNeeded ?? null,
        casesNeededUnit: c.power?.unit ?? null,
        pValue: c.exactTest?.pValue ?? null,
        pMethod: c.exactTest?.method ?? null,
        pAdjusted: c.multiplicity?.pAdjusted ?? c.exactTest?.pValue ?? null,
        pAttainable: c.multiplicity?.pAttainable ?? c.exactTest?.minPValue ?? null,
        family: c.multiplicity?.family ?? null,
        resamples: b ? b.resamples - b.skippedResamples : null,
        skippedResamples: b?.skippedResamples ?? null,
        verdictBeforeAdjustment: c.multiplicity?.verdictBefore ?? null,
        ...(c.judgeManipulation?.length
          ? {
              judgeManipulation: {
                cases: c.judgeManipulation.length,
                caseIds: c.judgeManipulation.map((f) => f.caseId),
              },
            }
          : {}),
        ...(c.floors.length > 0
          ? { floors: c.floors.map((f) => ({ metric: f.metric, min: f.min, value: round4(f.value), met: f.met })) }
          : {}),
      };
    }),
    notRun: [...notRun],
    ...trust,
    ...(notices.budgetStop ? { budget: { stopped: notices.budgetStop } } : {}),
  };
}

/** The JSON Schema of summary.json, published as `evalgate-summary.schema.json`. */
export function summaryJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(runSummarySchema, { io: 'output' }) as Record<string, unknown>;
  return { ...schema, title: 'evalgate summary.json', $id: 'https://evalgate.dev/evalgate-summary.schema.json' };
}

/** Checks a value against the summary schema; the problems, or [] when it conforms. */
export function summaryProblems(value: unknown): string[] {
  const parsed = runSummarySchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

/**
 * Whether a suite's verdict fails the check on its own: a regression, a floor not met, an
 * error, and an inconclusive or stale-baseline suite whose gate says `fail`. The action's
 * `failing-suites` output and junit.xml's gate case both ask this.
 */
export function failsCheck(c: SuiteComparison): boolean {
  return (
    c.verdict === 'regression' ||
    c.verdict === 'below-floor' ||
    c.verdict === 'error' ||
    (c.verdict === 'inconclusive' && c.gate['on-inconclusive'] === 'fail') ||
    (c.verdict === 'stale-baseline' && c.gate['on-stale-baseline'] === 'fail')
  );
}

/** The names of the suites whose verdict fails the check, in the run's order. */
export function failingSuites(comparisons: readonly SuiteComparison[]): string[] {
  return comparisons.filter(failsCheck).map((c) => c.name);
}

/** The process exit code for a verdict (docs/design/spec.md §2). */
export function exitCodeFor(verdict: SuiteVerdict, comparisons: readonly SuiteComparison[]): number {
  if (verdict === 'error') return 3;
  if (verdict === 'regression' || verdict === 'below-floor') return 1;
  if (comparisons.some((c) => c.verdict === 'inconclusive' && c.gate['on-inconclusive'] === 'fail')) return 1;
  if (comparisons.some((c) => c.verdict === 'stale-baseline' && c.gate['on-stale-baseline'] === 'fail')) return 1;
  return 0;
}

function causeSummary(e: ErrorsOfCause): { records: number; cases: number; reasons: Record<string, number> } {
  return { records: e.records, cases: e.cases.length, reasons: { ...e.reasons } };
}

function round6(value: number): number | null {
  return Number.isFinite(value) ? Math.round(value * 1e6) / 1e6 : null;
}
