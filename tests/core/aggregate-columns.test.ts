// The aggregates a run takes from numbers kept as its record log is read back equal those of
// aggregateRecords over the sorted records, to the last bit: sums of fractions in the
// result's order, repeats averaged per case, errors sampled in order, usage of judges with
// and without a cost, cached and retried records, and scores that are missing or not finite.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AggregateColumns } from '../../src/core/aggregate-columns.ts';
import { aggregateRecords } from '../../src/core/results.ts';
import type { CaseRecord, InstrumentIdentity } from '../../src/core/types.ts';

const instrument: InstrumentIdentity = {
  scoringVersion: '1',
  primaryMetric: 'score',
  metrics: [
    { name: 'score', binary: false, higherIsBetter: true },
    { name: 'exact', binary: true, higherIsBetter: true },
    { name: 'never', binary: false, higherIsBetter: true },
    { name: 'late', binary: false, higherIsBetter: true },
  ],
  settings: {},
  hash: 'h',
};

/** A seeded generator, so a failure can be run again. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function recordsOf(seed: number, count: number): CaseRecord[] {
  const r = random(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const records: CaseRecord[] = [];
  for (let c = 0; c < count; c++) {
    const repeats = 1 + Math.floor(r() * 3);
    for (let repeat = 0; repeat < repeats; repeat++) {
      const status = pick(['scored', 'scored', 'scored', 'error', 'refused'] as const);
      const usage =
        r() < 0.15
          ? null
          : {
              inputTokens: Math.floor(r() * 900),
              // Divided by 7, 3 or 11: a full mantissa, so the sums depend on their order.
              outputTokens: (r() * 300) / 7,
              ...(r() < 0.3 ? { reasoningTokens: r() < 0.2 ? 0 : Math.floor(r() * 50) } : {}),
            };
      const part = () =>
        r() < 0.3
          ? {}
          : {
              usage: {
                inputTokens: Math.floor(r() * 100),
                outputTokens: Math.floor(r() * 40),
                calls: 1,
                cached: r() < 0.2 ? 1 : 0,
                costUsd: r() < 0.05 ? null : (r() * 0.001) / 3,
              },
            };
      const detail: Record<string, unknown> =
        r() < 0.5
          ? { expected: 'x' }
          : {
              judgments: [part(), part()],
              ...(r() < 0.3 ? { pairs: [part()] } : {}),
              ...(r() < 0.2 ? { manipulationCheck: r() < 0.5 ? part() : null } : {}),
            };
      records.push({
        caseId: `case-${String(Math.floor(r() * 1e6)).padStart(7, '0')}-${c}`,
        repeat,
        inputHash: 'h',
        status,
        scores:
          status === 'error'
            ? null
            : {
                score: pick([r() / 11, 0.1, 1 / 3, -0, Number.NaN, Number.POSITIVE_INFINITY]),
                ...(r() < 0.8 ? { exact: pick([0, 1]) } : {}),
                ...(r() < 0.1 ? { unlisted: 1 } : {}),
                // Met only in the second half: its column starts late.
                ...(c > count / 2 && r() < 0.5 ? { late: pick([0, 1, 300, 70000, 0.5]) } : {}),
              },
        request: { messages: [] },
        reply:
          status === 'error' && r() < 0.7
            ? null
            : { text: 't', servedModel: null, fingerprint: null, finishReason: 'stop' },
        usage,
        latencyMs: 5,
        error:
          status === 'error'
            ? ({
                kind: pick(['timeout', 'http', 'network'] as const),
                message: pick(['slow', 'refused', 'reset']),
                ...(r() < 0.5 ? { httpStatus: pick([429, 500]) } : {}),
              } as CaseRecord['error'])
            : null,
        attempts: pick([0, 1, 1, 2, 4]),
        cached: r() < 0.25,
        ...(r() < 0.2 ? { calls: Math.floor(r() * 4) } : {}),
        detail,
      });
    }
  }
  return records;
}

const byResultOrder = (a: CaseRecord, b: CaseRecord): number =>
  a.caseId < b.caseId ? -1 : a.caseId > b.caseId ? 1 : a.repeat - b.repeat;

describe('aggregates from columns', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`equal aggregateRecords over the sorted records, in narrow and wide columns (seed ${seed})`, () => {
      // Added in the order the calls finished, taken in the result's. Seed 5 spans several
      // blocks of 4,096 values: token counts below 255 (one byte), below 65,535 (two),
      // fractions, -0, NaN and infinity (eight), a score name first met late.
      const added = recordsOf(seed, seed === 5 ? 4000 : 300 + seed * 37);
      const columns = new AggregateColumns();
      for (const record of added) columns.add(record);
      const order = Uint32Array.from(added.keys()).sort((a, b) => byResultOrder(added[a]!, added[b]!));
      const sorted = Array.from(order, (i) => added[i]!);
      const pricing = seed % 2 === 0 ? { inputPerMillion: 0.15, outputPerMillion: 0.6, source: 'test' } : null;
      const ours = columns.aggregates(order, (a, b) => added[a]!.caseId === added[b]!.caseId, instrument, pricing);
      const theirs = aggregateRecords(sorted, instrument, pricing);
      assert.deepEqual(ours, theirs);
      assert.ok(ours.judgeUsage && ours.errorSamples.length > 0 && ours.metrics['never'] === null);
      assert.equal(typeof ours.metrics['late'], 'number');
    });
  }

  it('gives the empty aggregates for no records', () => {
    const columns = new AggregateColumns();
    assert.deepEqual(
      columns.aggregates([], () => true, instrument),
      aggregateRecords([], instrument),
    );
  });
});
