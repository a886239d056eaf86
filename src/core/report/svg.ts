/**
 * The charts of the HTML pages as inline SVG, drawn from numbers: each suite against its
 * baseline, a change with its interval against the gate, a metric over the commits of
 * baselines/, and providers side by side. Labels are escaped text (they may be suite or
 * provider names); every chart carries a text alternative, and no chart is the only place
 * a number appears — the tables beside them hold the same figures.
 */
import { escapeHtml } from './html-page.ts';

const f1 = (v: number): string => (Math.round(v * 10) / 10).toString();

/** Cuts a label to `max` code points, with an ellipsis. */
function shortLabel(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

function svgOpen(width: number, height: number, alt: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" aria-label="${escapeHtml(alt)}"><title>${escapeHtml(alt)}</title>`;
}

/** One bar of the suites chart: the candidate as a % of the baseline, and the gate in %. */
export interface BarItem {
  label: string;
  percent: number;
  gatePercent: number;
  /** A class naming the verdict (v-regression …), for colour. */
  tone: string;
}

/**
 * Horizontal bars, one row per suite, so no label ever overlaps another: the candidate as a
 * percentage of its baseline, a line at 100 (the baseline) and a tick at each suite's gate.
 */
export function suitesChartSvg(items: readonly BarItem[], alt: string): string {
  const labelWidth = 200;
  const plot = 460;
  const row = 30;
  const top = 24;
  const width = labelWidth + plot + 70;
  const height = top + row * items.length + 10;
  const low = Math.max(0, Math.floor(Math.min(...items.map((i) => Math.min(i.percent, i.gatePercent))) / 10) * 10 - 10);
  const high = Math.max(110, Math.ceil(Math.max(...items.map((i) => i.percent)) / 10) * 10);
  const x = (v: number): number => labelWidth + ((Math.min(Math.max(v, low), high) - low) / (high - low)) * plot;
  const parts = [svgOpen(width, height, alt)];
  for (const tick of [low, 100, high]) {
    parts.push(
      `<text x="${f1(x(tick))}" y="14" text-anchor="middle">${tick}%</text>`,
      `<line x1="${f1(x(tick))}" y1="18" x2="${f1(x(tick))}" y2="${height - 6}" stroke="${tick === 100 ? '#59636e' : '#d1d9e0'}" stroke-width="${tick === 100 ? 1.5 : 1}"/>`,
    );
  }
  items.forEach((item, i) => {
    const y = top + i * row;
    const fill = /regression|error/.test(item.tone) ? '#b42318' : /pass/.test(item.tone) ? '#1a7f37' : '#8a5300';
    parts.push(
      `<text x="${labelWidth - 8}" y="${y + 18}" text-anchor="end">${escapeHtml(shortLabel(item.label, 28))}<title>${escapeHtml(item.label)}</title></text>`,
      `<rect x="${f1(x(low))}" y="${y + 5}" width="${f1(Math.max(1, x(item.percent) - x(low)))}" height="${row - 12}" fill="${fill}" opacity="0.85"/>`,
      `<line x1="${f1(x(item.gatePercent))}" y1="${y + 2}" x2="${f1(x(item.gatePercent))}" y2="${y + row - 4}" stroke="#1f2328" stroke-width="2" stroke-dasharray="3 2"/>`,
      `<text x="${f1(x(high) + 6)}" y="${y + 18}">${f1(item.percent)}%</text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('');
}

/** A change with its interval, the gate's threshold and the MDE, on one axis. */
export interface IntervalFigure {
  estimate: number;
  lower: number;
  upper: number;
  /** The change at which a drop fails the gate (negative). */
  gate: number;
  /** The smallest drop the set detects at 80% power (negative), when known. */
  mde: number | null;
  format(v: number): string;
}

/** One interval drawn: grey line at no change, red line at the gate, dashed at −MDE. */
export function intervalSvg(fig: IntervalFigure, alt: string): string {
  const width = 560;
  const height = 76;
  const left = 20;
  const plot = width - 2 * left;
  const values = [fig.estimate, fig.lower, fig.upper, fig.gate, 0, ...(fig.mde === null ? [] : [fig.mde])].filter(
    Number.isFinite,
  );
  let low = Math.min(...values);
  let high = Math.max(...values);
  const pad = (high - low) * 0.12 || 0.05;
  low -= pad;
  high += pad;
  const x = (v: number): number => left + ((v - low) / (high - low)) * plot;
  const mid = 38;
  const parts = [svgOpen(width, height, alt)];
  const mark = (v: number, colour: string, dash: string, label: string, above: boolean): void => {
    parts.push(
      `<line x1="${f1(x(v))}" y1="17" x2="${f1(x(v))}" y2="${height - 17}" stroke="${colour}" stroke-width="2"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`,
      `<text x="${f1(x(v))}" y="${above ? 12 : height - 3}" text-anchor="middle">${escapeHtml(label)}</text>`,
    );
  };
  mark(0, '#8c959f', '', '0', false);
  mark(fig.gate, '#b42318', '', fig.format(fig.gate), false);
  if (fig.mde !== null && Number.isFinite(fig.mde)) mark(fig.mde, '#59636e', '4 3', fig.format(fig.mde), true);
  parts.push(
    `<line x1="${f1(x(fig.lower))}" y1="${mid}" x2="${f1(x(fig.upper))}" y2="${mid}" stroke="#0b5cad" stroke-width="6" stroke-linecap="round"/>`,
    `<circle cx="${f1(x(fig.estimate))}" cy="${mid}" r="7" fill="#1f2328" stroke="#fff" stroke-width="2"/>`,
    '</svg>',
  );
  return parts.join('');
}

/** One point of a line chart, with its interval when known. */
export interface SeriesPoint {
  label: string;
  value: number | null;
  lower: number | null;
  upper: number | null;
}

/** A metric over time: a band for the intervals, a line through the values, labelled ends. */
export function seriesSvg(points: readonly SeriesPoint[], alt: string, format: (v: number) => string): string {
  const width = 720;
  const height = 220;
  const left = 56;
  const right = 44;
  const top = 16;
  const bottom = 40;
  const known = points.flatMap((p) => [p.value, p.lower, p.upper]).filter((v): v is number => v !== null);
  const parts = [svgOpen(width, height, alt)];
  if (known.length === 0) return `${parts.join('')}</svg>`;
  let low = Math.min(...known);
  let high = Math.max(...known);
  const pad = (high - low) * 0.1 || Math.abs(high) * 0.05 || 0.05;
  low -= pad;
  high += pad;
  const step = points.length > 1 ? (width - left - right) / (points.length - 1) : 0;
  const x = (i: number): number => (points.length > 1 ? left + i * step : (left + width - right) / 2);
  const y = (v: number): number => top + (1 - (v - low) / (high - low)) * (height - top - bottom);
  for (const v of [...new Set([low + pad, high - pad])]) {
    parts.push(
      `<line x1="${left}" y1="${f1(y(v))}" x2="${width - right}" y2="${f1(y(v))}" stroke="#d1d9e0"/>`,
      `<text x="${left - 6}" y="${f1(y(v) + 4)}" text-anchor="end">${escapeHtml(format(v))}</text>`,
    );
  }
  const banded = points.map((p, i) => ({ p, i })).filter(({ p }) => p.lower !== null && p.upper !== null);
  if (banded.length > 1) {
    const upper = banded.map(({ p, i }) => `${f1(x(i))},${f1(y(p.upper as number))}`);
    const lower = banded.map(({ p, i }) => `${f1(x(i))},${f1(y(p.lower as number))}`).reverse();
    parts.push(`<polygon points="${[...upper, ...lower].join(' ')}" fill="#0b5cad" opacity="0.15"/>`);
  }
  for (const { p, i } of banded)
    parts.push(
      `<line x1="${f1(x(i))}" y1="${f1(y(p.lower as number))}" x2="${f1(x(i))}" y2="${f1(y(p.upper as number))}" stroke="#0b5cad" stroke-width="2"/>`,
    );
  const valued = points.map((p, i) => ({ p, i })).filter(({ p }) => p.value !== null);
  if (valued.length > 1)
    parts.push(
      `<polyline points="${valued.map(({ p, i }) => `${f1(x(i))},${f1(y(p.value as number))}`).join(' ')}" fill="none" stroke="#1f2328" stroke-width="2"/>`,
    );
  const labelEvery = Math.max(1, Math.ceil(points.length / 8));
  for (const { p, i } of valued)
    parts.push(
      `<circle cx="${f1(x(i))}" cy="${f1(y(p.value as number))}" r="4" fill="#1f2328"><title>${escapeHtml(`${p.label}: ${format(p.value as number)}`)}</title></circle>`,
    );
  points.forEach((p, i) => {
    if (i % labelEvery === 0 || i === points.length - 1)
      parts.push(
        `<text x="${f1(x(i))}" y="${height - bottom + 18}" text-anchor="middle">${escapeHtml(shortLabel(p.label, 12))}</text>`,
      );
  });
  parts.push('</svg>');
  return parts.join('');
}

/** Rows of a value with its interval on one shared axis (providers of the matrix). */
export function dotsSvg(rows: readonly SeriesPoint[], alt: string, format: (v: number) => string): string {
  const labelWidth = 180;
  const plot = 440;
  const row = 28;
  const width = labelWidth + plot + 90;
  const height = 10 + row * rows.length + 18;
  const known = rows.flatMap((r) => [r.value, r.lower, r.upper]).filter((v): v is number => v !== null);
  const parts = [svgOpen(width, height, alt)];
  if (known.length === 0) return `${parts.join('')}</svg>`;
  let low = Math.min(...known);
  let high = Math.max(...known);
  const pad = (high - low) * 0.1 || Math.abs(high) * 0.05 || 0.05;
  low -= pad;
  high += pad;
  const x = (v: number): number => labelWidth + ((v - low) / (high - low)) * plot;
  rows.forEach((r, i) => {
    const y = 10 + i * row + row / 2;
    parts.push(
      `<text x="${labelWidth - 8}" y="${y + 4}" text-anchor="end">${escapeHtml(shortLabel(r.label, 24))}<title>${escapeHtml(r.label)}</title></text>`,
    );
    if (r.lower !== null && r.upper !== null)
      parts.push(
        `<line x1="${f1(x(r.lower))}" y1="${y}" x2="${f1(x(r.upper))}" y2="${y}" stroke="#0b5cad" stroke-width="5" stroke-linecap="round"/>`,
      );
    if (r.value !== null)
      parts.push(
        `<circle cx="${f1(x(r.value))}" cy="${y}" r="6" fill="#1f2328"/>`,
        `<text x="${labelWidth + plot + 10}" y="${y + 4}">${escapeHtml(format(r.value))}</text>`,
      );
  });
  parts.push(
    `<text x="${labelWidth}" y="${height - 4}">${escapeHtml(format(low + pad))}</text>`,
    `<text x="${labelWidth + plot}" y="${height - 4}" text-anchor="end">${escapeHtml(format(high - pad))}</text>`,
    '</svg>',
  );
  return parts.join('');
}
