/**
 * Runs a prepared suite: every case × repeat through its kind's pipeline with bounded
 * concurrency, each record appended to the sink the moment it finishes (so an interrupted
 * run keeps what it finished), then the result with its aggregates.
 */
import type { Clock, Logger, ResultSink } from '../ports.ts';
import { caseAt, caseIdAt, type Cases } from './datasets/case-columns.ts';
import { aggregateRecords } from './results.ts';
import { FinishedRecords, type LoggedRecords } from './record-log.ts';
import {
  RESULT_SCHEMA_VERSION,
  type CaseRecord,
  type EvalCase,
  type InstrumentIdentity,
  type PlannedCall,
  type Pricing,
  type SuiteAggregates,
  type SuiteKindName,
  type SuiteResult,
  type TestedIdentity,
} from './types.ts';

/** A suite ready to run: cases, identities, and how to run one case. */
export interface PreparedSuite {
  name: string;
  kind: SuiteKindName;
  cases: Cases;
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
  /**
   * Gives cases whole when `cases` holds some without their text (read back from the
   * dataset file while the run calls, a few at a time: datasets/collect.ts).
   */
  readCases?(cases: readonly EvalCase[]): Promise<EvalCase[]>;
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
  finished?: readonly CaseRecord[] | FinishedRecords;
  onRecord?: (record: CaseRecord) => void;
  /**
   * Reads every record of the sink back (those carried over and those appended, `count` in
   * all) once the calls are done. Given, the run holds no finished record while it calls.
   */
  readBack?: (count: number) => Promise<readonly CaseRecord[] | LoggedRecords>;
}

/** Runs a suite to completion and returns its result. */
export async function runSuite(suite: PreparedSuite, deps: RunSuiteDeps): Promise<SuiteResult> {
  const startedAt = deps.startedAt ?? deps.clock.nowIso();
  const finished = deps.finished ?? [];
  // With readBack, no finished record stays in memory while the calls run: each is in the
  // sink (the record log) and read back from there at the end. Only counts are kept.
  const kept: CaseRecord[] | null = deps.readBack ? null : [...finished];
  let appended = 0;
  // Which case and repeat are done: a resumed log's records are not held for it (record-log.ts).
  const done = new Set(
    finished instanceof FinishedRecords ? finished.keys() : finished.map((r) => `${r.caseId}\u0000${r.repeat}`),
  );
  // Case × repeat in order, as an index: no list of work items (one per case) is made.
  const { cases, repeats } = suite;
  const total = cases.length * repeats;
  let cursor = 0;
  const nextItem = (): { index: number; repeat: number } | null => {
    while (cursor < total) {
      const at = cursor++;
      const index = Math.floor(at / repeats);
      const repeat = at % repeats;
      if (done.size > 0 && done.has(`${caseIdAt(cases, index)}\u0000${repeat}`)) continue;
      return { index, repeat };
    }
    return null;
  };
  // Cases kept without their text are read back in batches as the cursor reaches them: only
  // the batch being handed out and the one before it are held (a few times the concurrency).
  const readCases = suite.readCases?.bind(suite);
  const batchSize = Math.max(64, 2 * suite.concurrency);
  const batches = new Map<number, Promise<EvalCase[]>>();
  const caseFor = async (index: number): Promise<EvalCase> => {
    if (!readCases) return caseAt(cases, index);
    const b = Math.floor(index / batchSize);
    let batch = batches.get(b);
    if (batch === undefined) {
      const from = b * batchSize;
      batch = readCases(
        Array.from({ length: Math.min(batchSize, cases.length - from) }, (_, k) => caseAt(cases, from + k)),
      );
      batch.catch(() => undefined); // awaited below by every case of the batch
      batches.set(b, batch);
      for (const k of batches.keys()) if (k < b - 1) batches.delete(k);
    }
    return (await batch)[index - b * batchSize] as EvalCase;
  };
  const remaining = total - done.size;
  if (remaining > 0) suite.warmUp?.();
  let budgetStop: string | null = null;
  // A case that cannot be read back (its dataset changed during the run) stops every worker.
  let failure: { error: unknown } | null = null;
  const worker = async (): Promise<void> => {
    while (budgetStop === null && failure === null) {
      const item = nextItem();
      if (item === null) return;
      let evalCase: EvalCase;
      try {
        evalCase = await caseFor(item.index);
      } catch (error) {
        failure ??= { error };
        return;
      }
      const record = await suite.runCase(evalCase, item.repeat);
      if (record.status === 'error' && record.error?.kind === 'budget') {
        // The budget refused a call: that is no result, so it is left out of the log and a
        // rerun with a larger budget runs the case. No further case is started.
        budgetStop ??= record.error.message;
        continue;
      }
      await deps.sink.append(record);
      appended++;
      kept?.push(record);
      deps.onRecord?.(record);
    }
  };
  const workers = Array.from({ length: Math.max(1, Math.min(suite.concurrency, remaining)) }, worker);
  await Promise.all(workers);
  batches.clear();
  if (failure !== null) throw (failure as { error: unknown }).error;
  const finishedAt = deps.clock.nowIso();
  const back = kept ?? (await (deps.readBack as NonNullable<RunSuiteDeps['readBack']>)(finished.length + appended));
  const meta = { startedAt, finishedAt, runId: deps.runId, toolVersion: deps.toolVersion };
  // Records left in the log come sorted, with their aggregates taken as the log was read.
  const result =
    'sorted' in back
      ? resultOf(suite, back.sorted, back.aggregates(suite.instrument, suite.pricing), meta)
      : assembleResult(suite, back, meta);
  const records = result.records;
  const missing = total - records.length;
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
  return resultOf(suite, sorted, aggregateRecords(sorted, suite.instrument, suite.pricing), meta);
}

/** A result of sorted records and their aggregates. */
function resultOf(
  suite: Pick<PreparedSuite, 'name' | 'kind' | 'tested' | 'instrument' | 'pricing'>,
  sorted: readonly CaseRecord[],
  aggregates: SuiteAggregates,
  meta: { startedAt: string; finishedAt: string; runId: string; toolVersion: string },
): SuiteResult {
  return {
    schemaVersion: RESULT_SCHEMA_VERSION,
    tool: { name: 'evalgate', version: meta.toolVersion },
    runId: meta.runId,
    suite: { name: suite.name, kind: suite.kind },
    startedAt: meta.startedAt,
    finishedAt: meta.finishedAt,
    tested: suite.tested,
    instrument: suite.instrument,
    aggregates,
    records: sorted as CaseRecord[],
  };
}
