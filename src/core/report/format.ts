/**
 * Number formatting for reports: scores carry the precision they have (docs/design/spec.md §6), three
 * significant digits, changes as signed percentages with a true minus sign.
 */

/** A metric value with three significant digits, or "—". */
export function formatMetric(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  if (value === 0) return '0';
  const digits = Math.max(0, 2 - Math.floor(Math.log10(Math.abs(value))));
  return minus(value.toFixed(Math.min(digits, 4)));
}

/** A relative change as a signed percentage, e.g. −31.6%. */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const text = (value * 100).toFixed(Math.abs(value) >= 0.1 ? 1 : Math.abs(value) >= 0.01 ? 1 : 2);
  return `${value > 0 ? '+' : ''}${minus(text)}%`;
}

/** An absolute change with a sign. */
export function formatSigned(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return `${value > 0 ? '+' : ''}${formatMetric(value)}`;
}

/** A p-value with two significant digits. */
export function formatP(p: number): string {
  if (p >= 0.001) return p.toPrecision(2);
  return minus(p.toExponential(1));
}

function minus(text: string): string {
  return text.replace(/^-/, '−').replace(/e-/, 'e−');
}

/** Rounds for summary.json: 4 decimals, keeping null. */
export function round4(value: number | null | undefined): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  return Math.round(value * 1e4) / 1e4;
}
