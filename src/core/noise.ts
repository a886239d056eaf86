/**
 * `evalgate noise`: an A/A test. The same suite, templates and model run twice, and the
 * second run is compared with the first exactly as a PR would be with its baseline.
 *
 * Why: providers are not deterministic even at temperature 0 (batching, routing,
 * silent model updates), and that run-to-run spread is part of what the gate must tell
 * apart from a real drop. Measuring it first tells a team whether their suite can hold a
 * 5% gate at all, and whether the gate would fire on a PR that changed nothing.
 */
import { compareWithBaseline, type SuiteComparison } from './compare/index.ts';
import type { GateConfig } from './config/common.ts';
import { caseMeans } from './results.ts';
import { formatMetric, formatP, formatPercent, formatSigned, round4 } from './report/format.ts';
import { count } from './report/plural.ts';
import { inlineText } from './report/sanitize.ts';
import type { SuiteResult } from './types.ts';

/** What two runs of one suite say about its nondeterminism. */
export interface SuiteNoise {
  name: string;
  metric: string;
  /** Cases with a valid score in both runs. */
  cases: number;
  /** Of those, cases whose (per-case mean) score differs between the runs. */
  casesDiffering: number;
  /** Mean over cases of |run 2 − run 1| of the per-case score. */
  meanAbsoluteCaseChange: number | null;
  /** The metric in each run. */
  first: number | null;
  second: number | null;
  /** The second run compared with the first, as the gate compares a PR with its baseline. */
  comparison: SuiteComparison;
  /** Whether the gate would have failed this PR that changed nothing. */
  gateFired: boolean;
}

/** Compares two runs of each suite (matched by name). Suites missing from either run are skipped. */
export function measureNoise(
  first: ReadonlyMap<string, SuiteResult>,
  second: ReadonlyMap<string, SuiteResult>,
  gate: (suite: string) => GateConfig,
): SuiteNoise[] {
  const out: SuiteNoise[] = [];
  for (const [name, a] of first) {
    const b = second.get(name);
    if (!b) continue;
    const metric = a.instrument.primaryMetric;
    const ma = caseMeans(a.records, metric);
    const mb = caseMeans(b.records, metric);
    let cases = 0;
    let differing = 0;
    let absolute = 0;
    for (const [id, va] of ma) {
      const vb = mb.get(id);
      if (vb === undefined) continue;
      cases++;
      if (vb !== va) differing++;
      absolute += Math.abs(vb - va);
    }
    // Each suite is its own A/A test: no multiplicity adjustment across them, so the
    // question "would this suite's gate fire on its own" is answered per suite.
    const comparison = compareWithBaseline(a, b, gate(name));
    out.push({
      name,
      metric,
      cases,
      casesDiffering: differing,
      meanAbsoluteCaseChange: cases > 0 ? absolute / cases : null,
      first: a.aggregates.metrics[metric] ?? null,
      second: b.aggregates.metrics[metric] ?? null,
      comparison,
      gateFired:
        comparison.verdict === 'regression' ||
        (comparison.verdict === 'inconclusive' && comparison.gate['on-inconclusive'] === 'fail'),
    });
  }
  return out;
}

/** noise.json: the figures, rounded like summary.json. */
export function noiseSummary(noise: readonly SuiteNoise[]): Record<string, unknown> {
  return {
    suites: noise.map((n) => {
      const c = n.comparison;
      return {
        name: n.name,
        metric: n.metric,
        cases: n.cases,
        casesDiffering: n.casesDiffering,
        meanAbsoluteCaseChange: round4(n.meanAbsoluteCaseChange),
        first: round4(n.first),
        second: round4(n.second),
        unit: c.unit,
        change: round4(c.change),
        interval: c.interval ? [round4(c.interval.lower), round4(c.interval.upper)] : null,
        se: c.bootstrap ? round4(c.bootstrap.standardError) : null,
        mde: c.power ? round4(c.power.mde) : null,
        pValue: c.exactTest?.pValue ?? null,
        pMethod: c.exactTest?.method ?? null,
        verdict: c.verdict,
        gateFired: n.gateFired,
      };
    }),
  };
}

/** The A/A report as Markdown (noise.md, and what the CLI prints). */
export function renderNoise(noise: readonly SuiteNoise[], model: (suite: string) => string): string {
  const lines = ['## evalgate noise: the same suite run twice (A/A)', ''];
  if (noise.length === 0) return `${lines.join('\n')}No suite finished both runs.\n`;
  lines.push(
    '| Suite | Metric | Run 1 | Run 2 | Change (interval) | Cases that differ | Gate |',
    '|---|---|---:|---:|---|---:|---|',
  );
  for (const n of noise) {
    const c = n.comparison;
    const f = c.unit === 'absolute' ? formatSigned : formatPercent;
    const change =
      c.change === null
        ? '—'
        : `${f(c.change)}${c.interval ? ` [${f(c.interval.lower)}, ${f(c.interval.upper)}]` : ''}`;
    const share = n.cases > 0 ? formatPercent(n.casesDiffering / n.cases).replace('+', '') : '—';
    lines.push(
      `| ${inlineText(n.name, 80)} | ${n.metric} | ${formatMetric(n.first)} | ${formatMetric(n.second)} | ${change} | ${n.casesDiffering} of ${n.cases} (${share}) | ${n.gateFired ? `❌ would fail (${c.verdict})` : `✅ ${c.verdict}`} |`,
    );
  }
  lines.push('');
  for (const n of noise) {
    const c = n.comparison;
    const facts: string[] = [`Model ${inlineText(model(n.name), 80)}.`];
    if (n.cases > 0)
      facts.push(
        `${n.casesDiffering} of ${count(n.cases, 'case')} scored differently in the second run; the mean per-case change of ${n.metric} is ${formatMetric(n.meanAbsoluteCaseChange)}.`,
      );
    if (c.bootstrap)
      facts.push(
        `Run-to-run standard error of the change: ${(c.unit === 'absolute' ? formatMetric : (v: number): string => formatPercent(v).replace('+', ''))(c.bootstrap.standardError)}.`,
      );
    if (c.exactTest && c.exactTest.changed > 0)
      facts.push(`Sign-flip test of no change: p = ${formatP(c.exactTest.pValue)} (${c.exactTest.method}).`);
    if (c.power && c.bootstrap) {
      const f = (v: number): string => (c.unit === 'absolute' ? formatMetric(v) : formatPercent(v).replace('+', ''));
      facts.push(
        `From this noise alone the suite can detect a drop of about ${f(c.power.mde)} (80% power); the gate is ${f(c.power.threshold)}${c.power.mde > c.power.threshold ? `, so about ${c.power.casesNeeded.toLocaleString('en-US')} ${c.power.unit} would be needed` : ''}.`,
      );
    } else if (c.bootstrap) {
      facts.push('The two runs agree on every compared case: no run-to-run noise was seen.');
    }
    facts.push(
      n.gateFired
        ? `**The gate would have failed this PR that changed nothing** (${c.verdict}). Raise repeats, add cases, or pin the model and seed before trusting the gate here.`
        : `The gate would not have fired (${c.verdict}).`,
    );
    for (const note of c.notes) facts.push(`Note: ${inlineText(note, 300)}`);
    lines.push(`### ${inlineText(n.name, 80)}`, '', ...facts.map((x) => `- ${x}`), '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
