/**
 * Aggregates and validation of result files. Case means come first (repeats of a case are
 * averaged), then the mean over cases, as docs/design/statistics.md prescribes for the comparison.
 */
import { mean } from 'simple-statistics';
import type { TokenUsage } from '../ports.ts';
import { configError } from './errors.ts';
import { sha256Hex, sha256OfLines } from './hash.ts';
import { costOf, type Pricing } from './pricing.ts';
import { storedRecordProblem } from './stored-records.ts';
import {
  RESULT_SCHEMA_VERSION,
  type CaseRecord,
  type InstrumentIdentity,
  type SuiteAggregates,
  type SuiteResult,
} from './types.ts';

/** Per-case means of one metric over valid (scored or refused-with-score) records. */
export function caseMeans(records: readonly CaseRecord[], metric: string): Map<string, number> {
  const sums = new Map<string, { sum: number; count: number }>();
  for (const r of records) {
    const value = r.scores?.[metric];
    if (value === undefined || !Number.isFinite(value)) continue;
    const s = sums.get(r.caseId) ?? { sum: 0, count: 0 };
    s.sum += value;
    s.count += 1;
    sums.set(r.caseId, s);
  }
  const out = new Map<string, number>();
  for (const [id, s] of sums) out.set(id, s.sum / s.count);
  return out;
}

/** Counts, metric means and usage of a set of records. */
export function aggregateRecords(
  records: readonly CaseRecord[],
  instrument: InstrumentIdentity,
  pricing: Pricing | null = null,
): SuiteAggregates {
  const metrics: Record<string, number | null> = {};
  for (const m of instrument.metrics) {
    const means = [...caseMeans(records, m.name).values()];
    metrics[m.name] = means.length > 0 ? mean(means) : null;
  }
  const errorSamples: string[] = [];
  let inputTokens = 0;
  let outputTokens = 0;
  for (const r of records) {
    if (r.usage) {
      inputTokens += r.usage.inputTokens;
      outputTokens += r.usage.outputTokens;
    }
    if (r.status === 'error' && r.error && errorSamples.length < 3) {
      const text = r.error.httpStatus
        ? `HTTP ${r.error.httpStatus}: ${r.error.message}`
        : `${r.error.kind}: ${r.error.message}`;
      if (!errorSamples.includes(text)) errorSamples.push(text);
    }
  }
  return {
    cases: new Set(records.map((r) => r.caseId)).size,
    records: records.length,
    scored: records.filter((r) => r.status === 'scored').length,
    errors: records.filter((r) => r.status === 'error').length,
    refused: records.filter((r) => r.status === 'refused').length,
    metrics,
    usage: {
      inputTokens,
      outputTokens,
      calls: records.reduce((n, r) => n + (r.calls ?? (r.reply !== null || r.error !== null ? 1 : 0)), 0),
    },
    cacheHits: records.filter((r) => r.cached).length,
    retries: records.reduce((n, r) => n + Math.max(0, (r.attempts ?? 1) - 1), 0),
    cost: pricing ? { usd: costOf(paidUsage(records), pricing), source: pricing.source } : null,
    errorSamples,
    ...reasoningOf(records, pricing),
    ...judgeUsageOf(records),
  };
}

/** Reasoning tokens the target spent (billed as output tokens), priced when prices are known; absent when none were reported. */
function reasoningOf(
  records: readonly CaseRecord[],
  pricing: Pricing | null,
): { reasoning?: { tokens: number; costUsd: number | null } } {
  let tokens = 0;
  let paid = 0;
  for (const r of records) {
    tokens += r.usage?.reasoningTokens ?? 0;
    if (!r.cached) paid += r.usage?.reasoningTokens ?? 0;
  }
  if (tokens === 0) return {};
  return { reasoning: { tokens, costUsd: pricing ? (paid * pricing.outputPerMillion) / 1e6 : null } };
}

interface UsageLike {
  inputTokens: number;
  outputTokens: number;
  calls: number;
  cached: number;
  costUsd: number | null;
}

/** Sums what the judges of a judged suite spent (judgments and pairwise comparisons). */
function judgeUsageOf(records: readonly CaseRecord[]): { judgeUsage?: UsageLike } {
  let found = false;
  const total: UsageLike = { inputTokens: 0, outputTokens: 0, calls: 0, cached: 0, costUsd: 0 };
  for (const r of records) {
    const parts = [
      ...((r.detail['judgments'] as { usage?: UsageLike }[] | undefined) ?? []),
      ...((r.detail['pairs'] as { usage?: UsageLike }[] | undefined) ?? []),
      // The second opinion on an answer that addressed the judge (gate.manipulation-check: judge).
      ...(typeof r.detail['manipulationCheck'] === 'object' && r.detail['manipulationCheck'] !== null
        ? [r.detail['manipulationCheck'] as { usage?: UsageLike }]
        : []),
    ];
    for (const p of parts) {
      if (!p.usage) continue;
      found = true;
      total.inputTokens += p.usage.inputTokens;
      total.outputTokens += p.usage.outputTokens;
      total.calls += p.usage.calls;
      total.cached += p.usage.cached;
      total.costUsd = total.costUsd === null || p.usage.costUsd === null ? null : total.costUsd + p.usage.costUsd;
    }
  }
  return found ? { judgeUsage: total } : {};
}

function paidUsage(records: readonly CaseRecord[]): TokenUsage {
  let inputTokens = 0;
  let outputTokens = 0;
  for (const r of records) {
    if (r.cached || !r.usage) continue;
    inputTokens += r.usage.inputTokens;
    outputTokens += r.usage.outputTokens;
  }
  return { inputTokens, outputTokens };
}

/** Checks that parsed JSON is a result file this version can read; names the file otherwise. */
export function validateResult(value: unknown, file: string): SuiteResult {
  const v = value as Partial<SuiteResult> | null;
  const fail = (what: string): never => {
    throw configError(
      { file },
      `not an evalgate result file: ${what}. Produce one with "evalgate run --out DIR" or "--update-baseline"`,
    );
  };
  if (v === null || typeof v !== 'object') return fail('expected a JSON object');
  if (v.schemaVersion !== RESULT_SCHEMA_VERSION)
    return fail(`schemaVersion is ${JSON.stringify(v.schemaVersion)}, this evalgate reads ${RESULT_SCHEMA_VERSION}`);
  if (typeof v.runId !== 'string') return fail('runId is missing');
  if (!v.suite || typeof v.suite.name !== 'string') return fail('suite.name is missing');
  if (!v.instrument || typeof v.instrument.primaryMetric !== 'string')
    return fail('instrument.primaryMetric is missing');
  if (!v.tested || typeof v.tested.hash !== 'string') return fail('tested.hash is missing');
  if (!Array.isArray(v.records)) return fail('records is not a list');
  // Records left in their file were checked as they were read (stored-records.ts).
  const stored = storedRecordProblem(v.records);
  if (stored !== null) {
    if (stored >= 0) fail(`records[${stored}] lacks caseId, inputHash or repeat`);
    return v as SuiteResult;
  }
  v.records.forEach((r, i) => {
    const problem = recordFieldsProblem(r, i);
    if (problem !== null) fail(problem);
  });
  return v as SuiteResult;
}

/** What is wrong with the i-th record's identifying fields, or null (validateResult's check of one record). */
export function recordFieldsProblem(record: unknown, i: number): string | null {
  const r = record as Partial<CaseRecord> | null;
  if (!r || typeof r.caseId !== 'string' || typeof r.inputHash !== 'string' || typeof r.repeat !== 'number')
    return `records[${i}] lacks caseId, inputHash or repeat`;
  return null;
}

// What a run's clock, cache and network leave in a result without changing what was
// measured: timings, the run's id, how many tries a call took, whether it came from the
// cache and what it cost. Two runs that differ only in these measured the same thing.
const INCIDENTAL_TOP = new Set(['runId', 'startedAt', 'finishedAt', 'tool', 'shard']);
const INCIDENTAL_NESTED = new Set(['latencyMs', 'attempts', 'cached', 'cacheHits', 'retries', 'cost', 'costUsd']);

function withoutIncidental(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIncidental);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !INCIDENTAL_NESTED.has(k))
        .map(([k, v]) => [k, withoutIncidental(v)]),
    );
  }
  return value;
}

/**
 * What a result measured, as a digest: its suite, what was tested, its instrument, and
 * every record's request, reply, scores, usage and detail, without what is incidental.
 * Records are hashed one at a time (a record's JSON has no raw newline, so one per line
 * keeps them apart), so no string ever holds a whole result.
 */
export function measurementDigest(result: SuiteResult): string {
  const records = sha256OfLines(
    (function* () {
      for (const r of result.records) yield JSON.stringify(withoutIncidental(r));
    })(),
  );
  // The records' digest stands where the records were, so the keys keep their order.
  const top = Object.fromEntries(
    Object.entries(result)
      .filter(([k]) => !INCIDENTAL_TOP.has(k))
      .map(([k, v]) => [k, k === 'records' ? records : v]),
  );
  return sha256Hex(JSON.stringify(withoutIncidental(top)));
}

/**
 * Whether two results measured the same thing with the same outcome: same suite, what was
 * tested, instrument, and every record's request, reply, scores, usage and detail. A
 * baseline refresh whose result is the same as the stored baseline leaves the file as it
 * is, so identical results give byte-identical baselines and the refresh commits nothing;
 * the stored file keeps its provenance (run id, tool version), which is still true of it.
 * Compared by digest (measurementDigest), record by record.
 */
export function sameMeasurement(a: SuiteResult, b: SuiteResult): boolean {
  return measurementDigest(a) === measurementDigest(b);
}
