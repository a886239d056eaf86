/**
 * What the aggregates read of each record (aggregateRecords in results.ts), kept as numbers
 * in typed arrays while a run's record log is read back, so no summary object is held per
 * record: at 100,000 records the summaries were the largest thing the read-back kept, and
 * the read-back was where the run's memory peaked (docs/performance.md, issue 30).
 *
 * The aggregates are sums whose floating-point result depends on their order, so they are
 * taken afterwards, in the result's order (`order`, indices into the order records were
 * added): the same additions in the same order as aggregateRecords over the sorted records,
 * hence the same numbers. tests/core/aggregate-columns.test.ts holds them equal.
 */
import { mean } from 'simple-statistics';
import { NarrowNumbers, NumberColumn } from './packed.ts';
import { costOf, type Pricing } from './pricing.ts';
import type { CaseRecord, InstrumentIdentity, SuiteAggregates } from './types.ts';

const HAS_USAGE = 1;
const CACHED = 2;
const SCORED = 4;
const ERROR = 8;
const REFUSED = 16;

interface PartUsage {
  inputTokens: number;
  outputTokens: number;
  calls: number;
  cached: number;
  costUsd: number | null;
}

/**
 * Per-record numbers for the aggregates; `add` in any order, `aggregates` in the result's.
 * Each column is as narrow as its values (packed.ts NarrowNumbers): token counts, calls,
 * retries and most scores are small whole numbers, one or two bytes a record where eight
 * were (at 100,000 records of exact-copy, about 1 MB instead of 7.3 MB of array buffers,
 * made at the start of the log's read-back, after the calls).
 */
export class AggregateColumns {
  private n = 0;
  private readonly flags = new NumberColumn(Uint8Array);
  /** 0 for a record without usage (not read: its flag says so). */
  private readonly inputTokens = new NarrowNumbers();
  private readonly outputTokens = new NarrowNumbers();
  private readonly reasoningTokens = new NarrowNumbers();
  private readonly calls = new NarrowNumbers();
  private readonly retries = new NarrowNumbers();
  /** One column per score name met: the score, NaN where there is none (or it is not finite). */
  private scores = new Map<string, NarrowNumbers>();
  /** An errored record's error text (only errored records). */
  private errorTexts = new Map<number, string>();
  /** A judged record's judge usages (only records that have one). */
  private judgeParts = new Map<number, PartUsage[]>();

  get length(): number {
    return this.n;
  }

  add(r: CaseRecord): void {
    const i = this.n++;
    let f = 0;
    if (r.usage) {
      f |= HAS_USAGE;
      this.inputTokens.push(Number(r.usage.inputTokens));
      this.outputTokens.push(Number(r.usage.outputTokens));
    } else {
      this.inputTokens.push(0);
      this.outputTokens.push(0);
    }
    this.reasoningTokens.push(Number(r.usage?.reasoningTokens ?? 0));
    if (r.cached) f |= CACHED;
    if (r.status === 'scored') f |= SCORED;
    else if (r.status === 'error') f |= ERROR;
    else if (r.status === 'refused') f |= REFUSED;
    this.flags.push(f);
    this.calls.push(Number(r.calls ?? (r.reply !== null || r.error !== null ? 1 : 0)));
    this.retries.push(Math.max(0, (r.attempts ?? 1) - 1));
    if (r.scores)
      for (const [name, value] of Object.entries(r.scores)) {
        let column = this.scores.get(name);
        if (column === undefined) {
          column = new NarrowNumbers();
          column.fill(Number.NaN, i);
          this.scores.set(name, column);
        }
        column.push(Number.isFinite(value) ? value : Number.NaN);
      }
    // Columns this record has no score in.
    for (const column of this.scores.values()) if (column.length === i) column.push(Number.NaN);
    if (r.status === 'error' && r.error)
      this.errorTexts.set(
        i,
        r.error.httpStatus ? `HTTP ${r.error.httpStatus}: ${r.error.message}` : `${r.error.kind}: ${r.error.message}`,
      );
    const detail = r.detail as Record<string, unknown> | null | undefined;
    const parts = [
      ...((detail?.['judgments'] as { usage?: PartUsage }[] | undefined) ?? []),
      ...((detail?.['pairs'] as { usage?: PartUsage }[] | undefined) ?? []),
      ...(typeof detail?.['manipulationCheck'] === 'object' && detail['manipulationCheck'] !== null
        ? [detail['manipulationCheck'] as { usage?: PartUsage }]
        : []),
    ];
    const used: PartUsage[] = [];
    for (const p of parts) if (p.usage) used.push({ ...p.usage });
    if (used.length > 0) this.judgeParts.set(i, used);
  }

  /**
   * The aggregates of the records in `order` (each index once), as aggregateRecords gives
   * them for the records in that order; `sameCase(a, b)` tells whether two records are of
   * one case (records of a case are next to each other in `order`).
   */
  aggregates(
    order: ArrayLike<number>,
    sameCase: (a: number, b: number) => boolean,
    instrument: InstrumentIdentity,
    pricing: Pricing | null = null,
  ): SuiteAggregates {
    const count = order.length;
    const metrics: Record<string, number | null> = {};
    instrument.metrics.forEach((m) => {
      const column = this.scores.get(m.name) ?? null;
      const means: number[] = [];
      let sum = 0;
      let n = 0;
      for (let j = 0; j < count; j++) {
        const i = order[j] as number;
        if (j > 0 && !sameCase(order[j - 1] as number, i)) {
          if (n > 0) means.push(sum / n);
          sum = 0;
          n = 0;
        }
        const value = column === null ? Number.NaN : column.get(i);
        if (Number.isNaN(value)) continue;
        sum += value;
        n += 1;
      }
      if (n > 0) means.push(sum / n);
      metrics[m.name] = means.length > 0 ? mean(means) : null;
    });
    const errorSamples: string[] = [];
    let inputTokens = 0;
    let outputTokens = 0;
    let cases = 0;
    let scored = 0;
    let errors = 0;
    let refused = 0;
    let calls = 0;
    let cacheHits = 0;
    let retries = 0;
    let paidInput = 0;
    let paidOutput = 0;
    let reasoning = 0;
    let paidReasoning = 0;
    let found = false;
    const judge: PartUsage = { inputTokens: 0, outputTokens: 0, calls: 0, cached: 0, costUsd: 0 };
    for (let j = 0; j < count; j++) {
      const i = order[j] as number;
      const f = this.flags.get(i);
      if (j === 0 || !sameCase(order[j - 1] as number, i)) cases++;
      if (f & HAS_USAGE) {
        inputTokens += this.inputTokens.get(i);
        outputTokens += this.outputTokens.get(i);
        if (!(f & CACHED)) {
          paidInput += this.inputTokens.get(i);
          paidOutput += this.outputTokens.get(i);
        }
      }
      const text = this.errorTexts.get(i);
      if (text !== undefined && errorSamples.length < 3 && !errorSamples.includes(text)) errorSamples.push(text);
      if (f & SCORED) scored++;
      if (f & ERROR) errors++;
      if (f & REFUSED) refused++;
      calls += this.calls.get(i);
      if (f & CACHED) cacheHits++;
      retries += this.retries.get(i);
      reasoning += this.reasoningTokens.get(i);
      if (!(f & CACHED)) paidReasoning += this.reasoningTokens.get(i);
      for (const p of this.judgeParts.get(i) ?? []) {
        found = true;
        judge.inputTokens += p.inputTokens;
        judge.outputTokens += p.outputTokens;
        judge.calls += p.calls;
        judge.cached += p.cached;
        judge.costUsd = judge.costUsd === null || p.costUsd === null ? null : judge.costUsd + p.costUsd;
      }
    }
    return {
      cases,
      records: count,
      scored,
      errors,
      refused,
      metrics,
      usage: { inputTokens, outputTokens, calls },
      cacheHits,
      retries,
      cost: pricing
        ? { usd: costOf({ inputTokens: paidInput, outputTokens: paidOutput }, pricing), source: pricing.source }
        : null,
      errorSamples,
      ...(reasoning === 0
        ? {}
        : {
            reasoning: {
              tokens: reasoning,
              costUsd: pricing ? (paidReasoning * pricing.outputPerMillion) / 1e6 : null,
            },
          }),
      ...(found ? { judgeUsage: judge } : {}),
    };
  }
}
