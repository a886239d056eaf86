/**
 * Runs a prepared suite: every case × repeat through its kind's pipeline with bounded
 * concurrency, each record appended to the sink the moment it finishes (so an interrupted
 * run keeps what it finished), then the result with its aggregates.
 */
import type { Clock, Logger, ResultSink } from '../ports.ts';
import { aggregateRecords } from './results.ts';
import {
  RESULT_SCHEMA_VERSION,
  type CaseRecord,
  type EvalCase,
  type InstrumentIdentity,
  type PlannedCall,
  type Pricing,
  type SuiteKindName,
  type SuiteResult,
  type TestedIdentity,
} from './types.ts';

/** A suite ready to run: cases, identities, and how to run one case. */
export interface PreparedSuite {
  name: string;
  kind: SuiteKindName;
  cases: readonly EvalCase[];
  repeats: number;
  concurrency: number;
  tested: TestedIdentity;
  instrument: InstrumentIdentity;
  /** Prices of the provider, for the cost line; null when unknown. */
  pricing: Pricing | null;
  /** Runs one case × repeat; never throws for a model or provider failure. */
  runCase(evalCase: EvalCase, repeat: number): Promise<CaseRecord>;
  /** The calls runCase would make, for `evalgate plan` (no call is made). */
  plan(evalCase: EvalCase, repeat: number): PlannedCall[];
  /** Starts what the suite will need (a sandbox warming up) while the first calls are made. */
  warmUp?(): void;
}

/** Everything a run needs from outside. */
export interface RunSuiteDeps {
  sink: ResultSink;
  clock: Clock;
  logger: Logger;
  toolVersion: string;
  runId: string;
  /** When the run began (kept from the log when resuming). */
  startedAt?: string;
  /** Records already finished (resume): they are kept and not run again. */
  finished?: readonly CaseRecord[];
  onRecord?: (record: CaseRecord) => void;
}

/** Runs a suite to completion and returns its result. */
export async function runSuite(suite: PreparedSuite, deps: RunSuiteDeps): Promise<SuiteResult> {
  const startedAt = deps.startedAt ?? deps.clock.nowIso();
  const records: CaseRecord[] = [...(deps.finished ?? [])];
  const done = new Set(records.map((r) => `${r.caseId}\u0000${r.repeat}`));
  const work: { evalCase: EvalCase; repeat: number }[] = [];
  for (const evalCase of suite.cases) {
    for (let repeat = 0; repeat < suite.repeats; repeat++) {
      if (!done.has(`${evalCase.id}\u0000${repeat}`)) work.push({ evalCase, repeat });
    }
  }
  if (work.length > 0) suite.warmUp?.();
  let next = 0;
  let budgetStop: string | null = null;
  const worker = async (): Promise<void> => {
    while (next < work.length && budgetStop === null) {
      const item = work[next++] as { evalCase: EvalCase; repeat: number };
      const record = await suite.runCase(item.evalCase, item.repeat);
      if (record.status === 'error' && record.error?.kind === 'budget') {
        // The budget refused a call: that is no result, so it is left out of the log and a
        // rerun with a larger budget runs the case. No further case is started.
        budgetStop ??= record.error.message;
        continue;
      }
      await deps.sink.append(record);
      records.push(record);
      deps.onRecord?.(record);
    }
  };
  const workers = Array.from({ length: Math.max(1, Math.min(suite.concurrency, work.length)) }, worker);
  await Promise.all(workers);
  const result = assembleResult(suite, records, {
    startedAt,
    finishedAt: deps.clock.nowIso(),
    runId: deps.runId,
    toolVersion: deps.toolVersion,
  });
  const missing = suite.cases.length * suite.repeats - records.length;
  return budgetStop === null ? result : { ...result, incomplete: { reason: budgetStop, missing } };
}

/** Builds a result from records: sorted for stable files and readable baseline diffs. */
export function assembleResult(
  suite: Pick<PreparedSuite, 'name' | 'kind' | 'tested' | 'instrument' | 'pricing'>,
  records: readonly CaseRecord[],
  meta: { startedAt: string; finishedAt: string; runId: string; toolVersion: string },
): SuiteResult {
  const sorted = [...records].sort((a, b) =>
    a.caseId < b.caseId ? -1 : a.caseId > b.caseId ? 1 : a.repeat - b.repeat,
  );
  return {
    schemaVersion: RESULT_SCHEMA_VERSION,
    tool: { name: 'evalgate', version: meta.toolVersion },
    runId: meta.runId,
    suite: { name: suite.name, kind: suite.kind },
    startedAt: meta.startedAt,
    finishedAt: meta.finishedAt,
    tested: suite.tested,
    instrument: suite.instrument,
    aggregates: aggregateRecords(sorted, suite.instrument, suite.pricing),
    records: sorted,
  };
}
