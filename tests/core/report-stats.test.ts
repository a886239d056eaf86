// The statistics in the report and summary.json say exactly what they mean: degenerate
// intervals, absolute changes, skipped resamples, the p-value's method, power in the
// resampled unit, and verdicts changed by the multiplicity adjustment.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { adjustAcrossSuites, compareWithBaseline, type SuiteComparison } from '../../src/core/compare/index.ts';
import { DEFAULT_GATE, type GateConfig } from '../../src/core/config/common.ts';
import { renderReport } from '../../src/core/report/markdown.ts';
import { summarize, summaryJsonSchema, summaryProblems } from '../../src/core/summary.ts';
import type { CaseRecord, SuiteResult } from '../../src/core/types.ts';
import { ROOT } from '../helpers/cli.ts';

interface Options {
  binary?: boolean;
  kind?: 'exact-copy' | 'round-trip';
  cluster?: (i: number) => string;
}

function resultOf(name: string, samples: number[][], runId: string, o: Options = {}): SuiteResult {
  const records: CaseRecord[] = samples.flatMap((values, i) =>
    values.map((v, repeat) => ({
      caseId: `case-${String(i).padStart(3, '0')}`,
      repeat,
      inputHash: `h${i}`,
      status: 'scored' as const,
      scores: { score: v },
      request: { messages: [] },
      reply: null,
      usage: null,
      latencyMs: null,
      error: null,
      attempts: 1,
      cached: false,
      detail: {},
      ...(o.cluster ? { cluster: o.cluster(i) } : {}),
    })),
  );
  return {
    schemaVersion: 1,
    tool: { name: 'evalgate', version: 'test' },
    runId,
    suite: { name, kind: o.kind ?? 'exact-copy' },
    startedAt: '',
    finishedAt: '',
    instrument: {
      scoringVersion: 't',
      primaryMetric: 'score',
      metrics: [{ name: 'score', binary: o.binary ?? false, higherIsBetter: true }],
      settings: {},
      hash: 'i',
    },
    tested: {
      dataset: { path: 'd', sha256: 'd', cases: samples.length },
      templates: {},
      model: 'm',
      settings: {},
      hash: 't',
    },
    aggregates: {
      cases: samples.length,
      records: records.length,
      scored: records.length,
      errors: 0,
      refused: 0,
      metrics: {},
      usage: { inputTokens: 0, outputTokens: 0, calls: 0 },
      cacheHits: 0,
      retries: 0,
      cost: null,
      errorSamples: [],
    },
    records,
  };
}

const gate = (over: Partial<GateConfig> = {}): GateConfig => ({ ...DEFAULT_GATE, resamples: 2000, ...over });
const one = (values: number[]): number[][] => values.map((v) => [v]);
function compare(
  name: string,
  base: number[][],
  cand: number[][],
  g: GateConfig = gate(),
  o: Options = {},
): SuiteComparison {
  return compareWithBaseline(resultOf(name, base, 'b', o), resultOf(name, cand, 'c', o), g);
}
function report(comparisons: SuiteComparison[], language: 'en' | 'ja' = 'en'): string {
  return renderReport({ verdict: 'pass', comparisons, results: new Map(), language });
}

describe('statistics in the report and summary.json', () => {
  it('calls a zero-width interval "no variation", claims no method and states no MDE', () => {
    const scores = one([5, 4, 4, 5, 3, 4, 5, 5, 4, 3, 4, 5]);
    const c = compare('same', scores, scores);
    const md = report([c]);
    assert.match(
      md,
      /Change 0\.00%, with no variation: .* so the interval has zero width and no interval method is claimed/,
    );
    assert.doesNotMatch(md, /BCa|percentile/);
    assert.doesNotMatch(md, /detects a drop|can only detect/);
    const s = summarize('pass', [c]).suites[0];
    assert.equal(s?.intervalMethod, 'none');
    assert.equal(s?.se, 0);
    assert.equal(s?.mde, null);
    assert.equal(s?.casesNeeded, null);
  });

  it('prints a change whose baseline is 0 as an absolute difference, and gates on the absolute threshold', () => {
    const base = one(Array<number>(20).fill(0));
    const cand = one([...Array<number>(15).fill(0), 1, 1, 1, 1, 1]);
    const z = compare('zero', base, cand, gate({ 'absolute-threshold': 0.1 }));
    assert.equal(z.unit, 'absolute');
    assert.equal(z.change, 0.25);
    const md = report([z]);
    assert.match(md, /\| \+0\.250 \[/, 'the table shows +0.250, not +25%');
    assert.doesNotMatch(md, /\+25(\.0)?%/);
    assert.match(md, /(the gate is|than the) 0\.100( gate)?/, 'the threshold is named in the same unit');
    assert.equal(summarize('pass', [z]).suites[0]?.unit, 'absolute');
    const without = compare('zero', base, cand);
    assert.equal(without.verdict, 'inconclusive');
    assert.match(report([without]), /relative change is undefined/);
  });

  it('counts and shows resamples skipped because their baseline sum was 0', () => {
    const base = one([1, ...Array<number>(9).fill(0)]);
    const cand = one([1, 1, ...Array<number>(8).fill(0)]);
    const c = compare('sparse', base, cand);
    const skipped = c.bootstrap?.skippedResamples as number;
    assert.ok(skipped > 400 && skipped < 1000, `about (9/10)^10 = 35% of 2000 skipped, got ${skipped}`);
    assert.match(
      report([c]),
      new RegExp(
        `${skipped.toLocaleString('en-US')} resamples drew only cases with a baseline of 0 and were skipped; the interval rests on the other ${(2000 - skipped).toLocaleString('en-US')}`,
      ),
    );
    assert.equal(summarize('pass', [c]).suites[0]?.resamples, 2000 - skipped);
    const full = compare('full', one([1, 1, 1, 1]), one([1, 1, 1, 0]));
    assert.equal(full.bootstrap?.skippedResamples, 0);
    assert.doesNotMatch(report([full]), /skipped/);
  });

  it('names a Monte-Carlo p as such', () => {
    const base = one(Array.from({ length: 30 }, (_, i) => 10 + Math.sqrt(i + 2)));
    const cand = one(Array.from({ length: 30 }, (_, i) => 10 + Math.sqrt(i + 2) * (i % 3 === 0 ? 1.3 : 0.7)));
    const c = compare('irregular', base, cand);
    assert.equal(c.exactTest?.method, 'monte-carlo');
    assert.match(report([c]), /Monte Carlo over 200,000 random sign patterns/);
    assert.equal(summarize('pass', [c]).suites[0]?.pMethod, 'monte-carlo');
  });

  it('states power in the resampled unit, with the two-sided level', () => {
    const base = one([5, 4, 4, 5, 3, 4, 5, 5, 4, 3, 4, 5, 4, 4, 5, 3, 4, 4, 5, 5]);
    const cand = one([5, 4, 3, 5, 3, 4, 4, 5, 4, 3, 4, 4, 4, 3, 5, 3, 4, 4, 5, 4]);
    const rt = compare('rt', base, cand, gate(), { kind: 'round-trip', cluster: (i) => `task-${Math.floor(i / 2)}` });
    assert.equal(rt.power?.unit, 'tasks');
    assert.match(
      report([rt]),
      /With 10 tasks this suite detects a drop of about [\d.]+% or more \(80% power, the gate's two-sided 95% test\)/,
    );
    assert.equal(summarize('pass', [rt]).suites[0]?.casesNeededUnit, 'tasks');
    const small = compare('rt-small', base.slice(0, 8), cand.slice(0, 8), gate(), {
      kind: 'round-trip',
      cluster: (i) => `task-${Math.floor(i / 2)}`,
    });
    assert.match(
      report([small]),
      /With 4 tasks this suite can only detect a drop of about [\d.]+% \(80% power, the gate's two-sided 95% test\), more than the 5\.0% gate: about [\d,]+ tasks would be needed/,
    );
    assert.match(report([rt], 'ja'), /10タスク/);
    const plain = compare('plain', base, cand);
    assert.match(report([plain]), /With 20 cases this suite/);
  });

  it('says when the multiplicity adjustment changed a verdict, in the headline note and the suite', () => {
    const drops = (k: number): [number[][], number[][]] => [
      one(Array<number>(40).fill(1)),
      one(Array.from({ length: 40 }, (_, i) => (i < k ? 0 : 1))),
    ];
    const family = adjustAcrossSuites([
      compare('six', ...drops(6), gate(), { binary: true }),
      compare('ten', ...drops(10), gate(), { binary: true }),
      compare('six-b', ...drops(6), gate(), { binary: true }),
    ]);
    const md = report(family);
    assert.match(
      md,
      /> \[!NOTE\]\n> Holm's adjustment in a family of 2 of the 3 suites compared in this run changed a verdict from regression to inconclusive: six, six-b\./,
    );
    assert.match(
      md,
      /On its own this suite would be a regression \(beyond −5\.0%, exact p = 0\.031\), but in a family of 2 of the 3 suites compared in this run the Holm-adjusted p is 0\.063/,
    );
    assert.match(report(family, 'ja'), /Holm補正により/);
    const s = summarize('inconclusive', family);
    assert.equal(s.suites[0]?.verdict, 'inconclusive');
    assert.equal(s.suites[0]?.verdictBeforeAdjustment, 'regression');
    assert.equal(s.suites[0]?.pAdjusted, 0.0625);
    assert.deepEqual(summaryProblems(s), []);
  });

  it('publishes the JSON Schema of summary.json next to the configuration schema (run `npm run schema`)', async () => {
    const committed = JSON.parse(await readFile(join(ROOT, 'evalgate-summary.schema.json'), 'utf8'));
    assert.deepEqual(committed, summaryJsonSchema());
    const suite = (committed as { properties: { suites: { items: { properties: Record<string, unknown> } } } })
      .properties.suites.items.properties;
    for (const key of ['unit', 'se', 'mde', 'pValue', 'pMethod', 'pAdjusted', 'casesNeeded', 'resamples'])
      assert.ok(key in suite, key);
    assert.ok(
      summaryProblems({ verdict: 'pass', suites: [{ name: 'x' }], notRun: [], multiplicity: null }).length > 0,
      'the checker rejects an incomplete suite',
    );
  });
});
