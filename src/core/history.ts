/**
 * How each suite's metric moved over the commits that changed its baseline
 * (`evalgate history`, and the trend line of the PR comment). The edge reads the versions
 * of baselines/<suite>.json from git; here each version becomes a point — its primary
 * metric, the interval of that mean, its cases and model — and the points of a suite
 * become a table, a chart and a trend.
 *
 * A baseline file stores no interval, so one is computed from its records
 * (mean-interval.ts: the gate's bootstrap over cases or clusters), seeded by suite and
 * commit, so the same history reads the same.
 * A version that cannot be read is a point with its problem, never a silent gap.
 */
import { formatMetric, formatPercent } from './report/format.ts';
import { BASE_STYLE, escapeHtml, renderPage } from './report/html-page.ts';
import type { ReportLanguage } from './report/languages.ts';
import { inlineCode, inlineText } from './report/sanitize.ts';
import { seriesSvg } from './report/svg.ts';
import type { TrendPoint } from './report/trend.ts';
import { viewMessagesFor } from './report/views-messages.ts';
import { meanInterval } from './mean-interval.ts';
import type { CaseRecord } from './types.ts';

/** One version of a suite's baseline as a commit stored it. */
export interface BaselineVersion {
  suite: string;
  commit: string;
  date: string;
  subject: string;
  /** The file's text, or null when the commit deleted it. */
  text: string | null;
}

/** One baseline on the chart and in the table. */
export interface HistoryPoint {
  commit: string;
  date: string;
  subject: string;
  metric: string | null;
  value: number | null;
  lower: number | null;
  upper: number | null;
  cases: number | null;
  model: string | null;
  /** Relative change from the previous readable point of the suite. */
  change: number | null;
  /** The instrument differs from the previous point's: the two were measured differently. */
  remeasured: boolean;
  /** Why there is no value (deleted, unreadable), or null. */
  problem: string | null;
  instrument: string | null;
}

/** A suite's baselines, oldest first. */
export interface SuiteHistory {
  suite: string;
  points: HistoryPoint[];
}

/** How intervals are computed; `resamples: 0` reads the values alone (the comment's trend). */
export interface HistoryOptions {
  confidence: number;
  resamples: number;
}

/** A version read: its figures, or the problem that kept them from being read. */
export function measureVersion(version: BaselineVersion, options: HistoryOptions): HistoryPoint {
  const point: HistoryPoint = {
    commit: version.commit,
    date: version.date,
    subject: version.subject,
    metric: null,
    value: null,
    lower: null,
    upper: null,
    cases: null,
    model: null,
    change: null,
    remeasured: false,
    problem: null,
    instrument: null,
  };
  if (version.text === null) return { ...point, problem: 'deleted' };
  let value: unknown;
  try {
    value = JSON.parse(version.text);
  } catch (error) {
    return { ...point, problem: `not JSON (${(error as Error).message})` };
  }
  const file = value as {
    schemaVersion?: unknown;
    instrument?: { primaryMetric?: unknown; hash?: unknown };
    tested?: { model?: unknown };
    records?: unknown;
  };
  const metric = file?.instrument?.primaryMetric;
  if (typeof metric !== 'string' || !Array.isArray(file.records))
    return { ...point, problem: 'not an evalgate result file (no instrument.primaryMetric or records)' };
  const records = (file.records as unknown[]).filter(
    (r): r is CaseRecord => typeof r === 'object' && r !== null && typeof (r as CaseRecord).caseId === 'string',
  );
  const measured: HistoryPoint = {
    ...point,
    metric,
    model: typeof file.tested?.model === 'string' ? file.tested.model : null,
    instrument: typeof file.instrument?.hash === 'string' ? file.instrument.hash : null,
  };
  const mean = meanInterval(records, metric, { ...options, seed: `history|${version.suite}|${version.commit}` });
  if (mean === null) return { ...measured, cases: 0, problem: 'no scored case' };
  return { ...measured, value: mean.value, lower: mean.lower, upper: mean.upper, cases: mean.cases };
}

/** Points of one suite, oldest first, with each change from the previous readable point. */
export function linkPoints(suite: string, points: readonly HistoryPoint[]): SuiteHistory {
  let previous: HistoryPoint | null = null;
  const linked = points.map((p) => {
    if (p.value === null) return p;
    const out = { ...p };
    if (previous !== null && previous.value !== null) {
      out.change = previous.value === 0 ? null : (p.value - previous.value) / Math.abs(previous.value);
      out.remeasured = previous.instrument !== p.instrument || previous.metric !== p.metric;
    }
    previous = out;
    return out;
  });
  return { suite, points: linked };
}

/** The last `n` readable points of a suite, for the comment's trend line. */
export function trendOf(history: SuiteHistory, n: number): TrendPoint[] {
  return history.points
    .filter((p) => p.value !== null)
    .slice(-n)
    .map((p) => ({ commit: p.commit, date: p.date, value: p.value }));
}

const shortSha = (sha: string): string => sha.slice(0, 7);
const day = (iso: string): string => iso.replace('T', ' ').slice(0, 16);
const interval = (p: HistoryPoint): string =>
  p.lower === null || p.upper === null ? '—' : `[${formatMetric(p.lower)}, ${formatMetric(p.upper)}]`;

/** The histories as a Markdown table (printed, and written as history.md). */
export function renderHistoryMarkdown(
  histories: readonly SuiteHistory[],
  meta: { path: string; ref: string; confidence: number; shallowFrom: string | null },
  language: ReportLanguage,
): string {
  const v = viewMessagesFor(language).history;
  const c = v.columns;
  const lines = [`## ${v.title}`, '', v.intro(inlineCode(meta.path), inlineCode(meta.ref)), ''];
  if (meta.shallowFrom) lines.push(`> [!NOTE]\n> ${v.shallow(shortSha(meta.shallowFrom))}`, '');
  if (histories.every((h) => h.points.length === 0)) return `${[...lines, v.none(inlineCode(meta.path))].join('\n')}\n`;
  lines.push(
    `| ${c.suite} | ${c.commit} | ${c.date} | ${c.value} | ${c.interval} | ${c.change} | ${c.cases} | ${c.model} | ${c.subject} |`,
    '|---|---|---|---:|---|---:|---:|---|---|',
  );
  for (const h of histories)
    for (const p of h.points)
      lines.push(
        `| ${inlineText(h.suite, 60)} | \`${shortSha(p.commit)}\` | ${day(p.date)} | ${p.problem ? inlineText(v.unreadable(p.problem), 120) : formatMetric(p.value)} | ${interval(p)} | ${p.change === null ? '—' : `${formatPercent(p.change)}${p.remeasured ? ' ♻' : ''}`} | ${p.cases ?? '—'} | ${p.model ? inlineCode(p.model, 40) : '—'} | ${inlineText(p.subject, 80)} |`,
      );
  lines.push('', v.intervalNote(`${Math.round(meta.confidence * 100)}%`));
  return `${lines.join('\n')}\n`;
}

/** The histories as a standalone page: a chart and a table per suite. */
export function renderHistoryHtml(
  histories: readonly SuiteHistory[],
  meta: { path: string; ref: string; confidence: number; shallowFrom: string | null },
  language: ReportLanguage,
): string {
  const v = viewMessagesFor(language).history;
  const c = v.columns;
  const body = [
    `<h1>${escapeHtml(v.title)}</h1>`,
    `<p>${escapeHtml(v.intro(meta.path, meta.ref))}</p>`,
    meta.shallowFrom ? `<p class="note">${escapeHtml(v.shallow(shortSha(meta.shallowFrom)))}</p>` : '',
    `<p class="muted">${escapeHtml(v.intervalNote(`${Math.round(meta.confidence * 100)}%`))}</p>`,
  ];
  if (histories.every((h) => h.points.length === 0)) body.push(`<p>${escapeHtml(v.none(meta.path))}</p>`);
  for (const h of histories) {
    body.push(`<h2>${escapeHtml(h.suite)}</h2>`, historyChart(h, language));
    body.push(
      `<table><thead><tr>${[c.commit, c.date, c.value, c.interval, c.change, c.cases, c.model, c.subject].map((x, i) => `<th scope="col"${i >= 2 && i <= 5 ? ' class="num"' : ''}>${escapeHtml(x)}</th>`).join('')}</tr></thead><tbody>`,
    );
    for (const p of [...h.points].reverse())
      body.push(
        `<tr><td><code>${escapeHtml(shortSha(p.commit))}</code></td><td>${escapeHtml(day(p.date))}</td><td class="num">${p.problem ? escapeHtml(v.unreadable(p.problem)) : formatMetric(p.value)}</td><td class="num">${interval(p)}</td><td class="num">${p.change === null ? '—' : `${formatPercent(p.change)}${p.remeasured ? ' ♻' : ''}`}</td><td class="num">${p.cases ?? '—'}</td><td>${p.model ? `<code>${escapeHtml(p.model)}</code>` : '—'}</td><td>${escapeHtml(p.subject)}</td></tr>`,
      );
    body.push('</tbody></table>');
  }
  return renderPage({ language, title: v.title, style: BASE_STYLE, body: body.join('\n') });
}

function historyChart(h: SuiteHistory, language: ReportLanguage): string {
  const points = h.points.filter((p) => p.value !== null);
  return seriesSvg(
    points.map((p) => ({ label: shortSha(p.commit), value: p.value, lower: p.lower, upper: p.upper })),
    viewMessagesFor(language).history.chartAlt(h.suite, points.length),
    formatMetric,
  );
}

/** Every suite's chart in one SVG file, one under another. */
export function renderHistorySvg(histories: readonly SuiteHistory[], language: ReportLanguage): string {
  const height = 250;
  const parts = histories.map(
    (h, i) =>
      `<g transform="translate(0,${i * height})"><text x="8" y="18" font-weight="bold">${escapeHtml(h.suite)}</text><g transform="translate(0,24)">${historyChart(h, language)}</g></g>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="${Math.max(1, histories.length) * height}" font-family="system-ui,sans-serif" font-size="12">${parts.join('')}</svg>\n`;
}
