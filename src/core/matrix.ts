/**
 * The provider matrix (`evalgate matrix`): the same suites on the same cases against
 * several providers, side by side. Per suite and provider: the metric's mean with its
 * interval (mean-interval.ts), the paired change against the first provider — the gate's
 * own comparison (compare/), with the first provider's result standing as the baseline —
 * and what a switch would cost in money and time. Pure: the edge runs the suites and hands
 * the results in.
 */
import { compareWithBaseline, type SuiteComparison } from './compare/index.ts';
import type { GateConfig } from './config/common.ts';
import { meanInterval } from './mean-interval.ts';
import { costOf } from './pricing.ts';
import { formatMetric, formatP, formatPercent, formatSigned } from './report/format.ts';
import { BASE_STYLE, escapeHtml, renderPage } from './report/html-page.ts';
import type { ReportLanguage } from './report/languages.ts';
import { messagesFor } from './report/messages.ts';
import { inlineCode, inlineText } from './report/sanitize.ts';
import { dotsSvg } from './report/svg.ts';
import { viewMessagesFor } from './report/views-messages.ts';
import { quantileSorted } from './stats/quantile.ts';
import type { Pricing, SuiteResult } from './types.ts';

/** A provider of the matrix. */
export interface MatrixProvider {
  name: string;
  model: string;
  pricing: Pricing | null;
}

/** One suite against one provider. */
export interface MatrixCell {
  provider: string;
  model: string;
  value: number | null;
  lower: number | null;
  upper: number | null;
  cases: number;
  /** The comparison with the reference provider (null for the reference itself, or without a result). */
  comparison: SuiteComparison | null;
  /** USD for all the suite's target calls at list prices, cached calls counted as made; null without prices. */
  costUsd: number | null;
  latencyMs: { p50: number | null; p90: number | null };
  errors: number;
  records: number;
}

/** One suite across the providers. */
export interface MatrixRow {
  suite: string;
  metric: string;
  cells: MatrixCell[];
}

/** The matrix of the suites' results, the first provider the reference. */
export function buildMatrix(
  suites: readonly { name: string; gate: GateConfig; results: ReadonlyMap<string, SuiteResult> }[],
  providers: readonly MatrixProvider[],
): MatrixRow[] {
  return suites.map((s) => {
    const reference = s.results.get(providers[0]?.name ?? '') ?? null;
    const metric = reference?.instrument.primaryMetric ?? [...s.results.values()][0]?.instrument.primaryMetric ?? '';
    const cells = providers.map((p, i): MatrixCell => {
      const result = s.results.get(p.name);
      const empty: MatrixCell = {
        provider: p.name,
        model: p.model,
        value: null,
        lower: null,
        upper: null,
        cases: 0,
        comparison: null,
        costUsd: null,
        latencyMs: { p50: null, p90: null },
        errors: 0,
        records: 0,
      };
      if (!result) return empty;
      const mean = meanInterval(result.records, metric, {
        confidence: s.gate.confidence,
        resamples: s.gate.resamples,
        seed: `matrix|${s.name}|${p.name}`,
      });
      const latencies = result.records
        .map((r) => r.latencyMs)
        .filter((v): v is number => v !== null && Number.isFinite(v))
        .sort((a, b) => a - b);
      return {
        ...empty,
        value: mean?.value ?? null,
        lower: mean?.lower ?? null,
        upper: mean?.upper ?? null,
        cases: mean?.cases ?? 0,
        comparison: i > 0 && reference ? compareWithBaseline(reference, result, s.gate) : null,
        costUsd: p.pricing ? costOf(result.aggregates.usage, p.pricing) : null,
        latencyMs: {
          p50: latencies.length > 0 ? quantileSorted(latencies, 0.5) : null,
          p90: latencies.length > 0 ? quantileSorted(latencies, 0.9) : null,
        },
        errors: result.aggregates.errors,
        records: result.aggregates.records,
      };
    });
    return { suite: s.name, metric, cells };
  });
}

const interval = (lower: number | null, upper: number | null, f: (v: number) => string): string =>
  lower === null || upper === null ? '' : ` [${f(lower)}, ${f(upper)}]`;
const usd = (v: number | null): string => (v === null ? '—' : `$${v < 0.01 ? v.toFixed(4) : v.toFixed(2)}`);
const ms = (v: number | null): string =>
  v === null ? '—' : v >= 1000 ? `${(v / 1000).toFixed(1)} s` : `${Math.round(v)} ms`;

/** The cells of a row as text, for either medium. */
function cellTexts(cell: MatrixCell, language: ReportLanguage): Record<string, string> {
  const m = messagesFor(language);
  const v = viewMessagesFor(language).matrix;
  const c = cell.comparison;
  const change = (x: number | null): string => (c?.unit === 'absolute' ? formatSigned : formatPercent)(x);
  return {
    value: `${formatMetric(cell.value)}${interval(cell.lower, cell.upper, formatMetric)}`,
    difference:
      c === null
        ? v.reference
        : c.change === null
          ? '—'
          : `${change(c.change)}${interval(c.interval?.lower ?? null, c.interval?.upper ?? null, change)}`,
    p: c?.exactTest ? formatP(c.exactTest.pValue) : '—',
    verdict: c === null ? '—' : m.more.verdict[c.verdict],
    cost: usd(cell.costUsd),
    latency: `${ms(cell.latencyMs.p50)} / ${ms(cell.latencyMs.p90)}`,
    errors: `${cell.errors}/${cell.records}`,
  };
}

/** The matrix as Markdown (printed, and written as matrix.md). */
export function renderMatrixMarkdown(
  rows: readonly MatrixRow[],
  providers: readonly MatrixProvider[],
  confidence: number,
  language: ReportLanguage,
): string {
  const v = viewMessagesFor(language).matrix;
  const c = v.columns;
  const cases = [...new Set(rows.map((r) => Math.max(...r.cells.map((x) => x.cases))))].join(', ');
  const lines = [
    `## ${v.title}`,
    '',
    v.intro(providers.map((p) => inlineCode(p.name, 60)).join(', '), cases),
    '',
    `| ${c.suite} | ${c.provider} | ${c.model} | ${c.value} | ${c.difference} | ${c.p} | ${c.verdict} | ${c.cost} | ${c.latency} | ${c.errors} |`,
    '|---|---|---|---:|---:|---:|---|---:|---:|---:|',
  ];
  for (const row of rows)
    for (const cell of row.cells) {
      const t = cellTexts(cell, language);
      lines.push(
        `| ${inlineText(row.suite, 60)} (${inlineText(row.metric, 40)}) | ${inlineCode(cell.provider, 60)} | ${inlineCode(cell.model, 60)} | ${t.value} | ${t.difference} | ${t.p} | ${t.verdict} | ${t.cost} | ${t.latency} | ${t.errors} |`,
      );
    }
  lines.push('', ...v.notes(`${Math.round(confidence * 100)}%`).map((n) => `- ${n}`));
  return `${lines.join('\n')}\n`;
}

/** The matrix as a standalone page: per suite a chart of the providers and the table. */
export function renderMatrixHtml(
  rows: readonly MatrixRow[],
  providers: readonly MatrixProvider[],
  confidence: number,
  language: ReportLanguage,
): string {
  const v = viewMessagesFor(language).matrix;
  const c = v.columns;
  const cases = [...new Set(rows.map((r) => Math.max(...r.cells.map((x) => x.cases))))].join(', ');
  const body = [
    `<h1>${escapeHtml(v.title)}</h1>`,
    `<p>${escapeHtml(v.intro(providers.map((p) => p.name).join(', '), cases))}</p>`,
  ];
  for (const row of rows) {
    body.push(
      `<h2>${escapeHtml(row.suite)} <span class="muted">(${escapeHtml(row.metric)})</span></h2>`,
      dotsSvg(
        row.cells.map((x) => ({ label: `${x.provider} (${x.model})`, value: x.value, lower: x.lower, upper: x.upper })),
        v.chartAlt(row.suite),
        formatMetric,
      ),
      `<table><thead><tr>${[c.provider, c.model, c.value, c.difference, c.p, c.verdict, c.cost, c.latency, c.errors]
        .map((h, i) => `<th scope="col"${i >= 2 && i !== 5 ? ' class="num"' : ''}>${escapeHtml(h)}</th>`)
        .join('')}</tr></thead><tbody>`,
    );
    for (const cell of row.cells) {
      const t = cellTexts(cell, language);
      body.push(
        `<tr><th scope="row">${escapeHtml(cell.provider)}</th><td><code>${escapeHtml(cell.model)}</code></td><td class="num">${escapeHtml(t.value as string)}</td><td class="num">${escapeHtml(t.difference as string)}</td><td class="num">${escapeHtml(t.p as string)}</td><td${cell.comparison ? ` class="v-${cell.comparison.verdict}"` : ''}>${escapeHtml(t.verdict as string)}</td><td class="num">${escapeHtml(t.cost as string)}</td><td class="num">${escapeHtml(t.latency as string)}</td><td class="num">${escapeHtml(t.errors as string)}</td></tr>`,
      );
    }
    body.push('</tbody></table>');
  }
  body.push(
    `<ul class="muted">${v
      .notes(`${Math.round(confidence * 100)}%`)
      .map((n) => `<li>${escapeHtml(n)}</li>`)
      .join('')}</ul>`,
  );
  return renderPage({ language, title: v.title, style: BASE_STYLE, body: body.join('\n') });
}

/** The matrix as data (matrix.json): the figures, without the comparisons' internals. */
export function matrixJson(rows: readonly MatrixRow[], providers: readonly MatrixProvider[]): unknown {
  return {
    providers: providers.map((p) => ({ name: p.name, model: p.model })),
    suites: rows.map((r) => ({
      suite: r.suite,
      metric: r.metric,
      providers: r.cells.map((cell) => ({
        provider: cell.provider,
        model: cell.model,
        value: cell.value,
        interval: cell.lower === null || cell.upper === null ? null : [cell.lower, cell.upper],
        cases: cell.cases,
        change: cell.comparison?.change ?? null,
        changeInterval: cell.comparison?.interval
          ? [cell.comparison.interval.lower, cell.comparison.interval.upper]
          : null,
        unit: cell.comparison?.unit ?? null,
        pValue: cell.comparison?.exactTest?.pValue ?? null,
        verdict: cell.comparison?.verdict ?? null,
        costUsd: cell.costUsd,
        latencyMs: cell.latencyMs,
        errors: cell.errors,
        records: cell.records,
      })),
    })),
  };
}
