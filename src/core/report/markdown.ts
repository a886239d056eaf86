/**
 * The Markdown report (report.md, and later the PR comment and job summary): a one-line
 * verdict, the table, then per suite what changed, the statistics in words, the power
 * sentence, errors, and the cases that regressed with before/after excerpts. Everything
 * that came from a model passes through sanitize.ts.
 */
import type { SuiteComparison, SuiteVerdict } from '../compare.ts';
import type { SuiteResult } from '../types.ts';
import { formatMetric, formatP, formatPercent, formatSigned } from './format.ts';
import { judgedCaseLines, judgedSuiteLines } from './judged.ts';
import { codeBlock, inlineCode, inlineText } from './sanitize.ts';

/** The hidden marker that identifies evalgate's own report. */
export const REPORT_MARKER = '<!-- evalgate-report -->';

const ICON: Record<SuiteVerdict, string> = {
  pass: '✅', regression: '❌', inconclusive: '⚠️', error: '🛑', 'no-baseline': '🆕', 'stale-baseline': '♻️',
};

/** What the report is made from. */
export interface ReportInput {
  verdict: SuiteVerdict;
  comparisons: readonly SuiteComparison[];
  results: ReadonlyMap<string, SuiteResult>;
  /** The baselines compared with, for distributions. */
  baselines?: ReadonlyMap<string, SuiteResult | null>;
  /** Suites listed in the config but not run (unchanged, or not selected). */
  notRun?: readonly { name: string; reason: string }[];
  /** Set when the run used a scripted model, so nobody mistakes it for a real one. */
  scriptedNotice?: string;
  /** How many regressed cases to show per suite. */
  maxCases?: number;
}

/** Renders the whole report. */
export function renderReport(input: ReportInput): string {
  const lines: string[] = [REPORT_MARKER, `## evalgate: ${ICON[input.verdict]} ${input.verdict}`, '', headline(input), ''];
  if (input.scriptedNotice) lines.push(`> [!NOTE]\n> ${input.scriptedNotice}`, '');
  lines.push(
    '| Suite | Metric | Baseline | Candidate | Change (interval) | Verdict |',
    '|---|---|---:|---:|---|---|',
  );
  for (const c of input.comparisons) {
    lines.push(`| ${inlineText(c.name, 80)} | ${c.metric} | ${formatMetric(c.baseline)} | ${formatMetric(c.candidate)} | ${changeCell(c)} | ${ICON[c.verdict]} ${c.verdict} |`);
  }
  for (const s of input.notRun ?? []) {
    lines.push(`| ${inlineText(s.name, 80)} | — | — | — | — | ⏭️ ${inlineText(s.reason, 80)} |`);
  }
  lines.push('');
  for (const c of input.comparisons) lines.push(...suiteSection(c, input.results.get(c.name), input.baselines?.get(c.name) ?? null, input.maxCases ?? 10));
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}

function headline(input: ReportInput): string {
  const count = (v: SuiteVerdict): number => input.comparisons.filter((c) => c.verdict === v).length;
  const total = input.comparisons.length;
  switch (input.verdict) {
    case 'regression': {
      const worst = input.comparisons.filter((c) => c.verdict === 'regression').map((c) => `${inlineText(c.name, 80)} (${formatPercent(c.change)} ${c.metric})`);
      return `**${count('regression')} of ${total} suites regressed** beyond the allowed drop: ${worst.join(', ')}.`;
    }
    case 'error':
      return `**${count('error')} of ${total} suites could not be evaluated**: too many calls failed or nothing was comparable. No score was recorded for a failed call.`;
    case 'inconclusive':
      return `**${count('inconclusive')} of ${total} suites may have dropped**, but the eval set cannot tell the drop from noise.`;
    case 'stale-baseline':
      return `**${count('stale-baseline')} of ${total} suites have a stale baseline**: the way they are measured changed, so they were not compared.`;
    case 'no-baseline':
      return `**${count('no-baseline')} of ${total} suites have no baseline yet**; the others pass.`;
    default:
      return `**All ${total} suites pass**: no metric dropped beyond the allowed ${formatPercent(-(input.comparisons[0]?.gate['max-drop'] ?? 0.05))}.`;
  }
}

function changeCell(c: SuiteComparison): string {
  if (c.change === null) return '—';
  const relative = c.bootstrap?.statistic !== 'absolute';
  const f = relative ? formatPercent : formatSigned;
  const interval = c.interval ? ` [${f(c.interval.lower)}, ${f(c.interval.upper)}]` : '';
  return `${f(c.change)}${interval}`;
}

function suiteSection(c: SuiteComparison, result: SuiteResult | undefined, baseline: SuiteResult | null, maxCases: number): string[] {
  const out: string[] = [`### ${ICON[c.verdict]} ${inlineText(c.name, 80)}`, ''];
  if (result) {
    const served = [...new Set(result.records.map((r) => r.reply?.servedModel).filter((m): m is string => !!m))];
    const servedText = served.length > 0 && !(served.length === 1 && served[0] === result.tested.model) ? ` (served as ${served.map((m) => inlineCode(m, 60)).join(', ')})` : '';
    out.push(`Kind ${c.kind}; model ${inlineCode(result.tested.model, 80)}${servedText}.`);
  }
  if (c.changed.length > 0) out.push(`What changed: ${c.changed.map((x) => inlineText(x, 120)).join('; ')}.`);
  out.push('', explain(c), '');
  if (c.bootstrap) {
    const b = c.bootstrap;
    const level = `${Math.round(b.confidence * 100)}%`;
    const method = b.method === 'bca' ? 'BCa' : `percentile (BCa undefined: ${b.fallbackReason})`;
    const relative = b.statistic === 'relative';
    const f = relative ? formatPercent : formatSigned;
    out.push(`Change ${f(b.estimate)}, ${level} ${method} interval [${f(b.lower)}, ${f(b.upper)}] from a paired bootstrap over ${b.units} ${b.units === c.pairing?.compared ? 'cases' : 'clusters'} (B = ${b.resamples.toLocaleString('en-US')}, seed \`${hashSeed(b.seed)}\`, SE ${f(b.standardError).replace('+', '')}).`);
  }
  if (c.mcnemar) {
    const m = c.mcnemar;
    out.push(`McNemar's exact test: ${m.b} cases went from pass to fail and ${m.c} from fail to pass, p = ${formatP(m.pValue)}.`);
  }
  if (c.power && c.pairing) {
    const p = c.power;
    const relative = c.bootstrap?.statistic !== 'absolute';
    const f = (v: number): string => (relative ? formatPercent(v).replace('+', '') : formatMetric(v));
    if (p.mde > p.threshold) {
      out.push(`⚠️ With ${c.pairing.compared} cases this suite can only detect a drop of about ${f(p.mde)} (80% power), more than the ${f(p.threshold)} gate: about ${p.casesNeeded.toLocaleString('en-US')} cases would be needed to see a ${f(p.threshold)} drop.`);
    } else {
      out.push(`With ${c.pairing.compared} cases this suite detects a drop of about ${f(p.mde)} or more (80% power); the gate is ${f(p.threshold)}.`);
    }
  }
  if (c.pairing) {
    const p = c.pairing;
    const extra = [
      p.added.length ? `${p.added.length} added` : '', p.removed.length ? `${p.removed.length} removed` : '',
      p.edited.length ? `${p.edited.length} edited` : '', p.withoutValidSample.length ? `${p.withoutValidSample.length} without a valid sample on one side` : '',
    ].filter(Boolean);
    out.push(`${p.compared} cases compared${extra.length ? `; not compared: ${extra.join(', ')}` : ''}.${c.improvedCases ? ` ${c.improvedCases} improved, ${c.regressedCases.length} regressed.` : ''}`);
  }
  const e = c.errors;
  if (e.candidate > 0 || c.verdict === 'error') {
    out.push(`Errors: ${e.candidate} of ${e.records} calls failed (${formatPercent(e.rate).replace('+', '')}; tolerance ${formatPercent(e.tolerance).replace('+', '')}). Failed calls are excluded, never scored.`);
    for (const s of e.samples) out.push(`- ${inlineText(s, 300)}`);
  }
  for (const n of c.notes) out.push(`Note: ${n}`);
  if (result) {
    out.push(usageLine(result));
    if (result.suite.kind === 'judged') out.push(...judgedSuiteLines(result, baseline, result.tested.model));
  }
  out.push('');
  if (c.regressedCases.length > 0) {
    const shown = c.regressedCases.slice(0, maxCases);
    out.push('<details>', `<summary>Cases that regressed: ${c.regressedCases.length}${c.regressedCases.length > shown.length ? ` (worst ${shown.length} shown)` : ''}</summary>`, '');
    for (const rc of shown) {
      out.push(`**Case ${inlineCode(rc.caseId, 80)}**: ${c.metric} ${formatMetric(rc.baseline)} → ${formatMetric(rc.candidate)}`, '');
      if (rc.question) out.push(`Question: ${inlineText(rc.question, 300)}`, '');
      if (rc.expected !== null) out.push('Expected:', '', codeBlock(rc.expected, 600), '');
      out.push('Baseline reply:', '', codeBlock(rc.baselineReply ?? '(no reply)', 600), '');
      out.push('Candidate reply:', '', codeBlock(rc.candidateReply ?? '(no reply)', 600), '');
      if (c.kind === 'judged') out.push(...judgedCaseLines(rc));
    }
    out.push('</details>', '');
  }
  return out;
}

function usageLine(result: SuiteResult): string {
  const a = result.aggregates;
  const u = a.usage;
  const n = (v: number): string => v.toLocaleString('en-US');
  const parts = [`Tokens: ${n(u.inputTokens)} in, ${n(u.outputTokens)} out over ${n(u.calls)} calls`];
  const extra: string[] = [];
  if (a.cacheHits) extra.push(`${n(a.cacheHits)} from the cache`);
  if (a.retries) extra.push(`${n(a.retries)} retries`);
  if (extra.length) parts[0] += ` (${extra.join(', ')})`;
  if (a.cost) parts.push(`cost $${a.cost.usd < 0.01 ? a.cost.usd.toFixed(4) : a.cost.usd.toFixed(2)} (prices: ${a.cost.source})`);
  const seconds = (Date.parse(result.finishedAt) - Date.parse(result.startedAt)) / 1000;
  if (Number.isFinite(seconds)) parts.push(`time ${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`);
  return `${parts.join('; ')}.`;
}

function explain(c: SuiteComparison): string {
  const gate = formatPercent(-c.gate['max-drop']);
  switch (c.detail) {
    case 'beyond-threshold-confident':
      return `**Regression.** The drop is beyond ${gate} and even the interval's upper end is beyond it.`;
    case 'beyond-threshold-significant':
      return `**Regression.** The measured drop is beyond ${gate} and the interval excludes no change.`;
    case 'beyond-threshold-noisy':
      return `**Inconclusive.** The measured drop is beyond ${gate}, but the interval still includes no change; more cases would tell.`;
    case 'interval-straddles-threshold':
      return `**Inconclusive** (strict policy): the interval reaches both sides of ${gate}.`;
    case 'too-few-cases':
      return `**Inconclusive.** The drop looks real, but fewer than ${c.gate['min-cases']} cases were compared.`;
    case 'undefined-relative-change':
      return '**Inconclusive.** The baseline scored 0, so a relative change is undefined and no absolute threshold is set.';
    case 'improved':
      return '**Pass.** The metric improved, and the interval is above zero.';
    case 'within-threshold-shown':
      return `**Pass.** The interval shows the change is within ${gate}.`;
    case 'no-drop-shown':
      return `**Pass.** No drop beyond ${gate} was measured (the interval does not rule one out).`;
    case 'errors-over-tolerance':
      return `**Error.** ${c.errors.candidate} of ${c.errors.records} calls failed, more than the ${formatPercent(c.errors.tolerance).replace('+', '')} tolerated; the suite was not compared.`;
    case 'no-comparable-cases':
      return '**Error.** No case could be paired with the baseline.';
    case 'no-baseline':
      return `**No baseline.** Create one with \`evalgate run --suite ${c.name} --update-baseline\` and commit \`baselines/${c.name}.json\`.`;
    case 'stale-baseline':
      return `**Stale baseline.** The baseline was measured differently (${c.stale.map((s) => inlineCode(s, 120)).join('; ')}); refresh it with \`evalgate run --suite ${c.name} --update-baseline\` on the base branch.`;
    default:
      return '';
  }
}

/** Seeds are long identity strings; show a short stable digest of them. */
function hashSeed(seed: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}
