/**
 * A suite's last few baselines as one line of text for the PR comment (and report.html):
 * a sparkline of Unicode blocks, the values, and the commits they came from. Safe in
 * Markdown as it is: blocks, numbers we format, and commit ids checked to be hex.
 */
import { formatMetric } from './format.ts';
import type { ReportLanguage } from './languages.ts';
import { viewMessagesFor } from './views-messages.ts';

/** One baseline of a suite in the history of baselines/: its commit and its primary metric. */
export interface TrendPoint {
  commit: string;
  /** The commit's time (ISO 8601). */
  date: string;
  value: number | null;
}

const BLOCKS = '▁▂▃▄▅▆▇█';

/** Values as blocks scaled between their minimum and maximum; a gap (·) where one is missing. */
export function sparkline(values: readonly (number | null)[]): string {
  const known = values.filter((v): v is number => v !== null && Number.isFinite(v));
  const low = Math.min(...known);
  const high = Math.max(...known);
  return values
    .map((v) => {
      if (v === null || !Number.isFinite(v)) return '·';
      if (high === low) return BLOCKS[3];
      return BLOCKS[Math.round(((v - low) / (high - low)) * (BLOCKS.length - 1))];
    })
    .join('');
}

/** A short commit id, or `?` for anything that is not one. */
function shortCommit(commit: string): string {
  return /^[0-9a-f]{7,64}$/.test(commit) ? commit.slice(0, 7) : '?';
}

/** The trend line of a suite's baselines, oldest first. */
export function trendText(points: readonly TrendPoint[], language: ReportLanguage): string {
  const first = points[0];
  const last = points[points.length - 1];
  const commits =
    first === undefined || last === undefined
      ? ''
      : points.length === 1
        ? shortCommit(first.commit)
        : `${shortCommit(first.commit)}…${shortCommit(last.commit)}`;
  return viewMessagesFor(language).trend(
    sparkline(points.map((p) => p.value)),
    points.map((p) => formatMetric(p.value)).join(' → '),
    commits,
  );
}
