/**
 * What differs between a baseline and a candidate besides their scores: the tested identity
 * (what a pull request is meant to change: templates, model, settings, dataset) and the
 * instrument identity (what measures: scoring version, metrics, normalizers, judge). A
 * changed instrument makes the baseline stale (docs/design/spec.md §3); a changed tested
 * identity is only listed, since it is the point of the comparison.
 */
import type { SuiteResult } from '../types.ts';

/** The tested identity's changes, one line each (`templates: qa.txt`, `model: a → b` …). */
export function describeTestedChanges(baseline: SuiteResult, candidate: SuiteResult): string[] {
  const out: string[] = [];
  const b = baseline.tested;
  const c = candidate.tested;
  const templates: string[] = [];
  for (const role of new Set([...Object.keys(b.templates), ...Object.keys(c.templates)])) {
    const bt = b.templates[role];
    const ct = c.templates[role];
    if (bt?.sha256 !== ct?.sha256) templates.push(basename(ct?.path ?? bt?.path ?? role));
  }
  if (templates.length > 0) out.push(`templates: ${templates.join(', ')}`);
  if (b.model !== c.model) out.push(`model: ${b.model} → ${c.model}`);
  out.push(...settingChanges(b.settings, c.settings));
  if (b.dataset.sha256 !== c.dataset.sha256) out.push(`dataset: ${basename(c.dataset.path)}`);
  return out;
}

/** The instrument's changes, one line each; any line makes the baseline stale. */
export function describeInstrumentChanges(baseline: SuiteResult, candidate: SuiteResult): string[] {
  const b = baseline.instrument;
  const c = candidate.instrument;
  const out: string[] = [];
  if (b.scoringVersion !== c.scoringVersion) out.push(`scoring version: ${b.scoringVersion} → ${c.scoringVersion}`);
  if (b.primaryMetric !== c.primaryMetric) out.push(`primary metric: ${b.primaryMetric} → ${c.primaryMetric}`);
  if (JSON.stringify(b.metrics) !== JSON.stringify(c.metrics)) out.push('metric definitions differ');
  out.push(...settingChanges(b.settings, c.settings));
  return out;
}

function settingChanges(b: Record<string, unknown>, c: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const key of new Set([...Object.keys(b), ...Object.keys(c)])) {
    if (JSON.stringify(b[key]) !== JSON.stringify(c[key])) {
      out.push(`${key}: ${JSON.stringify(b[key])} → ${JSON.stringify(c[key])}`);
    }
  }
  return out;
}

function basename(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}
