// Suite results built in memory, with aggregates computed the way a run computes them
// (aggregateRecords), for tests of comparisons, floors, the report and junit.xml.
import { aggregateRecords } from '../../src/core/results.ts';
import type { CaseRecord, InstrumentIdentity, SuiteResult } from '../../src/core/types.ts';

/** One record: a case id and its scores, or the error of a failed call. */
export interface Row {
  id: string;
  scores?: Record<string, number>;
  repeat?: number;
  error?: string;
  reply?: string;
  detail?: Record<string, unknown>;
  latencyMs?: number;
}

/** What the suite measures: metric name → whether it is binary; the first is primary. */
export type Metrics = Record<string, { binary: boolean; higherIsBetter?: boolean }>;

/** A suite result of `rows`, its instrument measuring `metrics`. */
export function resultFrom(
  name: string,
  rows: readonly Row[],
  metrics: Metrics,
  options: { runId?: string; kind?: string; model?: string } = {},
): SuiteResult {
  const instrument: InstrumentIdentity = {
    scoringVersion: 'test/1',
    primaryMetric: Object.keys(metrics)[0] as string,
    metrics: Object.entries(metrics).map(([m, o]) => ({
      name: m,
      binary: o.binary,
      higherIsBetter: o.higherIsBetter ?? true,
    })),
    settings: {},
    hash: 'instrument',
  };
  const records: CaseRecord[] = rows.map((r) => ({
    caseId: r.id,
    repeat: r.repeat ?? 0,
    inputHash: `h-${r.id}`,
    status: r.error === undefined ? ('scored' as const) : ('error' as const),
    scores: r.error === undefined ? (r.scores ?? {}) : null,
    request: { messages: [] },
    reply:
      r.error === undefined
        ? { text: r.reply ?? '', servedModel: null, fingerprint: null, finishReason: 'stop' }
        : null,
    usage: null,
    latencyMs: r.latencyMs ?? 10,
    error: r.error === undefined ? null : { kind: 'http' as const, message: r.error },
    attempts: 1,
    cached: false,
    detail: r.detail ?? {},
  }));
  const cases = new Set(rows.map((r) => r.id)).size;
  return {
    schemaVersion: 1,
    tool: { name: 'evalgate', version: 'test' },
    runId: options.runId ?? 'run',
    suite: { name, kind: options.kind ?? 'exact-copy' },
    startedAt: '2026-11-25T10:00:00.000Z',
    finishedAt: '2026-11-25T10:00:02.500Z',
    tested: {
      dataset: { path: 'd.jsonl', sha256: 'd', cases },
      templates: {},
      model: options.model ?? 'test-model',
      settings: {},
      hash: 'tested',
    },
    instrument,
    aggregates: aggregateRecords(records, instrument),
    records,
  };
}

/** Rows of one binary metric: 1 for each case id listed in `passing`, else 0. */
export function binaryRows(metric: string, count: number, passing: (i: number) => boolean): Row[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `case-${String(i + 1).padStart(2, '0')}`,
    scores: { [metric]: passing(i) ? 1 : 0 },
  }));
}

/**
 * A suite result around `records` as they are, with a fixed identity and aggregates that
 * only count them: for tests of how result files are written and read, not of what a run
 * measures (those build results with `resultFrom`).
 */
export function resultAround(records: CaseRecord[], extra: Partial<SuiteResult> = {}): SuiteResult {
  const n = records.length;
  return {
    schemaVersion: 1,
    tool: { name: 'evalgate', version: '0.1.0' },
    runId: 'r',
    suite: { name: 's', kind: 'exact-copy' },
    startedAt: '2026-01-01T00:00:00Z',
    finishedAt: '2026-01-01T00:01:00Z',
    tested: { dataset: { path: 'd', sha256: 'x', cases: n }, templates: {}, model: 'm', settings: {}, hash: 't' },
    instrument: { scoringVersion: 'v', primaryMetric: 'exact-match', metrics: [], settings: {}, hash: 'i' },
    aggregates: {
      cases: n,
      records: n,
      scored: n,
      errors: 0,
      refused: 0,
      metrics: {},
      usage: { inputTokens: 0, outputTokens: 0, calls: n },
      cacheHits: 0,
      retries: 0,
      cost: null,
      errorSamples: [],
    },
    records,
    ...extra,
  };
}
