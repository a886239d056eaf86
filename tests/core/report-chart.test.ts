// The report's chart: readable with one suite and with twenty, with a legend (Mermaid's
// xychart draws none), axis labels that cannot overlap, and each suite's own gate.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareWithBaseline } from '../../src/core/compare/index.ts';
import { DEFAULT_GATE } from '../../src/core/config/common.ts';
import { renderReport } from '../../src/core/report/markdown.ts';
import type { CaseRecord, SuiteResult } from '../../src/core/types.ts';
import { resultAround } from '../helpers/results.ts';

function result(name: string, runId: string, pass: (i: number) => boolean, n = 30): SuiteResult {
  const records: CaseRecord[] = Array.from({ length: n }, (_, i) => ({
    caseId: `case-${String(i).padStart(2, '0')}`,
    repeat: 0,
    inputHash: `h${i}`,
    status: 'scored',
    scores: { 'exact-match': pass(i) ? 1 : 0 },
    request: { messages: [] },
    reply: { text: 'r', servedModel: 'm', fingerprint: null, finishReason: 'stop' },
    usage: { inputTokens: 1, outputTokens: 1 },
    latencyMs: 1,
    error: null,
    attempts: 1,
    cached: false,
    detail: { expected: 'r' },
  }));
  return resultAround(records, {
    tool: { name: 'evalgate', version: 't' },
    runId,
    suite: { name, kind: 'exact-copy' },
    finishedAt: '2026-01-01T00:00:01Z',
    tested: { dataset: { path: 'd', sha256: 'd', cases: n }, templates: {}, model: 'm', settings: {}, hash: 't' },
    instrument: {
      scoringVersion: 's',
      primaryMetric: 'exact-match',
      metrics: [{ name: 'exact-match', binary: true, higherIsBetter: true }],
      settings: {},
      hash: 'i',
    },
  });
}

function chartOf(
  names: readonly string[],
  maxDrop = (_i: number): number => 0.05,
  language: 'en' | 'ja' = 'en',
): { chart: string; after: string } {
  const comparisons = names.map((name, s) =>
    compareWithBaseline(
      result(name, 'b', (i) => i % 10 !== 0),
      result(name, 'c', (i) => i % (s % 3 === 0 ? 4 : 10) !== 0),
      { ...DEFAULT_GATE, 'max-drop': maxDrop(s), resamples: 200 },
    ),
  );
  const report = renderReport({ verdict: 'pass', comparisons, results: new Map(), language });
  const m = /```mermaid\n([\s\S]*?)```\n\n([\s\S]*?)(?=\n### |$)/.exec(report);
  assert.ok(m, report);
  return { chart: m[1] as string, after: m[2] as string };
}

const listOf = (chart: string, key: string): string[] => {
  const line = chart.split('\n').find((l) => l.trim().startsWith(key)) ?? '';
  return JSON.parse(line.trim().slice(key.length).trim()) as string[];
};
const valuesOf = (chart: string, kind: 'bar' | 'line', nth = 0): number[] =>
  JSON.parse(
    chart
      .split('\n')
      .filter((l) => l.trim().startsWith(`${kind} [`))
      [nth]?.trim()
      .slice(kind.length) ?? '[]',
  ) as number[];

describe('the report chart', () => {
  it("with one suite: the suite's name on the axis, one bar, and a legend", () => {
    const { chart, after } = chartOf(['copy-qa']);
    assert.match(chart, /^xychart-beta\n/);
    assert.deepEqual(listOf(chart, 'x-axis'), ['copy-qa']);
    assert.equal(valuesOf(chart, 'bar').length, 1);
    assert.deepEqual(valuesOf(chart, 'line', 0), [100]);
    assert.deepEqual(valuesOf(chart, 'line', 1), [95]);
    assert.match(
      after,
      /^Legend: bars — each suite's candidate as a % of its baseline; line at 100 — the baseline; lower line — the gate \(95%\)/,
    );
    assert.doesNotMatch(after, /Suites by number/);
  });

  it("with twenty suites: horizontal, numbered labels that cannot collide, a key to the names, each suite's gate", () => {
    const names = Array.from({ length: 20 }, (_, i) => `a-rather-long-suite-name-number-${i}`);
    const { chart, after } = chartOf(names, (i) => (i < 10 ? 0.05 : 0.1));
    assert.match(chart, /^xychart-beta horizontal\n/);
    const labels = listOf(chart, 'x-axis');
    assert.deepEqual(
      labels,
      names.map((_, i) => String(i + 1)),
    );
    assert.equal(new Set(labels).size, 20);
    assert.ok(labels.every((l) => l.length <= 2));
    assert.equal(valuesOf(chart, 'bar').length, 20);
    assert.deepEqual(valuesOf(chart, 'line', 1), [...Array(10).fill(95), ...Array(10).fill(90)]);
    assert.match(after, /the gate \(90–95%\)/);
    for (const [i, n] of names.entries()) assert.ok(after.includes(`${i + 1} \`${n}\``), n);
    // The axis range holds every bar and both lines.
    const [, low, high] = /y-axis "%" (\d+) --> (\d+)/.exec(chart) ?? [];
    const values = [...valuesOf(chart, 'bar'), 90, 100];
    assert.ok(
      values.every((v) => v >= Number(low) && v <= Number(high)),
      `${low}..${high}`,
    );
  });

  it('numbers the axis when one name is too long to label it, and keeps quotes out of the chart', () => {
    const { chart, after } = chartOf(['short', 'x"] --> evil "y that is far too long']);
    assert.deepEqual(listOf(chart, 'x-axis'), ['1', '2']);
    assert.doesNotMatch(chart, /evil/);
    assert.match(after, /Suites by number: 1 `short` \(\d+(\.\d)?%\) · 2 `x"\] --> evil "y that is far too long`/);
  });

  it("writes the legend in the report's language", () => {
    assert.match(chartOf(['copy-qa'], undefined, 'ja').after, /^凡例：棒/);
  });
});
