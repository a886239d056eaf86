/**
 * The Markdown report (report.md, the PR comment, the job summary): a one-line verdict,
 * the table, a Mermaid chart GitHub renders in comments, then per suite what changed,
 * the statistics in words, the power sentence, errors, tokens, cost and time, and the
 * cases that regressed with before/after excerpts. Every fixed string comes from the
 * message table (messages.ts); everything from a model passes through sanitize.ts.
 */
import { overallVerdict, type SuiteComparison, type SuiteVerdict } from '../compare/index.ts';
import type { RunNotices } from '../trust.ts';
import { replyFacts } from './replies.ts';
import { servedModels } from '../stored-records.ts';
import type { SuiteResult } from '../types.ts';
import {
  errorFacts,
  explainVerdict,
  statisticsFacts,
  usageLine,
  VERDICT_ICON,
  type ExplainFormat,
  type FactValues,
} from './facts.ts';
import { formatMetric, formatPercent, formatSigned } from './format.ts';
import { findKind, kinds } from '../kinds/index.ts';
import type { KindReportContext } from '../kinds/kind.ts';
import { messagesFor, type Messages, type ReportLanguage } from './messages.ts';
import { codeBlock, inlineCode, inlineText } from './sanitize.ts';
import { trendText, type TrendPoint } from './trend.ts';

/** The config's values in an explanation, as Markdown. */
/** Values in report.md: escaped for Markdown, cut to length. */
const MARKDOWN_VALUES: FactValues = { text: (v, max) => inlineText(v, max), code: (v, max) => inlineCode(v, max) };

const MARKDOWN_EXPLAIN: ExplainFormat = {
  name: (name) => name,
  stale: (reasons) => reasons.map((s) => inlineCode(s, 120)).join('; '),
};

/** The hidden marker that identifies evalgate's own report (and PR comment). */
export const REPORT_MARKER = '<!-- evalgate-report -->';
/** GitHub's limit on a comment body. */
export const GITHUB_COMMENT_LIMIT = 65_536;

/** What the report is made from. */
export interface ReportInput {
  verdict: SuiteVerdict;
  comparisons: readonly SuiteComparison[];
  results: ReadonlyMap<string, SuiteResult>;
  /** The baselines compared with, for distributions. */
  baselines?: ReadonlyMap<string, SuiteResult | null>;
  /** Suites in the config that were not run (unchanged, or not selected). */
  notRun?: readonly { name: string; reason: string }[];
  /** Shown as a note at the top (the scripted demo says it is one). */
  scriptedNotice?: string;
  language?: ReportLanguage;
  /** How many regressed cases to show per suite. */
  maxCases?: number;
  /** What was not taken from the pull request, and stored entries that failed authentication. */
  notices?: RunNotices;
  /** Suites whose results were just written as their baselines (--update-baseline). */
  baselinesWritten?: readonly string[];
  /** Each suite's last few baselines in the history of baselines/ (the action reads them from git). */
  trends?: ReadonlyMap<string, readonly TrendPoint[]>;
  /** What gate.on-removed-suite says, when the run has suites removed with their files (notRun reason `removed`). */
  onRemovedSuite?: 'warn' | 'fail';
}

/** Renders the whole report. */
export function renderReport(input: ReportInput): string {
  const m = messagesFor(input.language ?? 'en');
  const lines: string[] = [
    REPORT_MARKER,
    `## evalgate: ${VERDICT_ICON[input.verdict]} ${m.more.verdict[input.verdict]}`,
    '',
    headline(input, m),
    '',
  ];
  if (input.scriptedNotice) lines.push(`> [!NOTE]\n> ${inlineText(input.scriptedNotice, 400)}`, '');
  const demoted = input.comparisons.filter((c) => c.multiplicity?.verdictBefore != null);
  if (demoted.length > 0)
    lines.push(
      `> [!NOTE]\n> ${m.holmChanged(
        demoted.map((c) => inlineText(c.name, 80)).join(', '),
        demoted[0]?.multiplicity?.family ?? demoted.length,
        demoted[0]?.multiplicity?.compared ?? demoted.length,
      )}`,
      '',
    );
  const t = m.table;
  lines.push(
    `| ${t.suite} | ${t.metric} | ${t.baseline} | ${t.candidate} | ${t.change} | ${t.verdict} |`,
    '|---|---|---:|---:|---|---|',
  );
  for (const c of input.comparisons) {
    lines.push(
      `| ${inlineText(c.name, 80)} | ${c.metric} | ${formatMetric(c.baseline)} | ${formatMetric(c.candidate)} | ${changeCell(c)} | ${VERDICT_ICON[c.verdict]} ${m.more.verdict[c.verdict]} |`,
    );
  }
  for (const s of input.notRun ?? []) {
    lines.push(
      `| ${inlineText(s.name, 80)} | — | — | — | — | ⏭️ ${inlineText(m.notRunReason[s.reason] ?? s.reason, 80)} |`,
    );
  }
  lines.push('', ...noticeLines(input.notices, m));
  lines.push('', ...providerLines(input.notices, m));
  lines.push('', ...chart(input.comparisons, m));
  for (const c of input.comparisons)
    lines.push(
      ...suiteSection(
        c,
        input.results.get(c.name),
        input.baselines?.get(c.name) ?? null,
        input.maxCases ?? 10,
        m,
        input.baselinesWritten?.includes(c.name) === true,
        input.language ?? 'en',
        input.trends?.get(c.name) ?? [],
      ),
    );
  // Sections a kind writes across its suites of the run (the same tasks in several languages).
  const ran = input.comparisons.map((c) => input.results.get(c.name)).filter((r): r is SuiteResult => r !== undefined);
  const ctx: KindReportContext = { language: input.language ?? 'en' };
  for (const kind of kinds()) {
    if (kind.report?.runLines)
      lines.push(
        ...kind.report.runLines(
          ran.filter((r) => r.suite.kind === kind.name),
          ctx,
        ),
      );
  }
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

/** The providers section: a budget that stopped the run, and how requests were changed to suit servers. */
function providerLines(notices: RunNotices | undefined, m: Messages): string[] {
  const items: string[] = [];
  if (notices?.budgetStop) items.push(`- ${m.provider.budgetStopped(inlineText(notices.budgetStop, 300))}`);
  for (const a of notices?.adaptations ?? [])
    items.push(
      `- ${m.provider.adapted(inlineCode(a.provider, 60), a.notes.map((n) => inlineText(n, 200)).join('; '))}`,
    );
  return items.length === 0 ? [] : [`### ${m.provider.heading}`, '', ...items, ''];
}

/** The trust and integrity section: config changes not applied, stored entries rejected. */
function noticeLines(notices: RunNotices | undefined, m: Messages): string[] {
  if (!notices) return [];
  const items: string[] = [];
  for (const text of notices.messages ?? []) items.push(`- ${text}`);
  for (const c of notices.untrusted ?? []) items.push(`- ${inlineCode(c.path)} ${m.trust.note[c.kind]}`);
  if ((notices.rejected?.cacheEntries ?? 0) > 0)
    items.push(`- ${m.trust.cacheRejected(notices.rejected?.cacheEntries ?? 0)}`);
  if ((notices.rejected?.records ?? 0) > 0) items.push(`- ${m.trust.recordsRejected(notices.rejected?.records ?? 0)}`);
  if (items.length === 0) return [];
  return [`### ${m.trust.heading}`, '', ...items, ''];
}

/**
 * Fits a report under a limit (GitHub's comment limit by default) by dropping whole
 * suite sections from the end, so every code fence and <details> block stays closed,
 * and says so in a visible note. `size` measures text in the limit's unit: characters
 * for a comment, UTF-8 bytes for the job summary's 1 MiB (`target: 'summary'` words the
 * note for it).
 */
export function fitReport(
  markdown: string,
  language: ReportLanguage = 'en',
  limit = GITHUB_COMMENT_LIMIT,
  options: { size?: (text: string) => number; target?: 'comment' | 'summary' } = {},
): string {
  const size = options.size ?? ((t: string) => t.length);
  if (size(markdown) <= limit) return markdown;
  const messages = messagesFor(language);
  const m = { truncated: options.target === 'summary' ? messages.summaryTruncated : messages.truncated };
  const parts = markdown.split(/\n(?=### )/);
  const head = parts[0] as string;
  const sections = parts.slice(1);
  let kept = sections.length;
  const build = (n: number): string =>
    `${[head, ...sections.slice(0, n)].join('\n').trimEnd()}\n\n${m.truncated(sections.length - n)}\n`;
  while (kept > 0 && size(build(kept)) > limit) kept--;
  const text = build(kept);
  if (size(text) <= limit) return text;
  // Even the head is too long (thousands of suites): cut at a line, outside any block.
  const note = `\n\n${m.truncated(sections.length)}\n`;
  const lines = head.split('\n');
  let out = '';
  let used = size(note);
  for (const line of lines) {
    const add = size(line) + 1;
    if (used + add > limit) break;
    out += `${line}\n`;
    used += add;
  }
  return `${out.trimEnd()}${note}`;
}

function headline(input: ReportInput, m: Messages): string {
  const removed = (input.notRun ?? []).filter((s) => s.reason === 'removed').map((s) => inlineText(s.name, 80));
  if (removed.length === 0) return verdictHeadline(input, m);
  // A suite removed with its files has a headline of its own: the verdict's words (failed
  // calls, nothing affected) would not be about what happened.
  const names = removed.join(', ');
  const fails = input.onRemovedSuite !== 'warn';
  const added = input.comparisons.filter((c) => c.verdict === 'no-baseline').map((c) => inlineText(c.name, 80));
  const renamed = added.length > 0 ? m.headline.renamed(names, added.join(', ')) : '';
  if (fails || input.comparisons.length === 0)
    return `${m.headline.removed(names, removed.length, fails)}${renamed}${
      input.comparisons.length > 0 && fails
        ? `\n\n${verdictHeadline({ ...input, verdict: overallVerdict(input.comparisons.map((c) => c.verdict)) }, m)}`
        : ''
    }`;
  return `${verdictHeadline(input, m)}${m.headline.alsoRemoved(names, removed.length)}${renamed}`;
}

function verdictHeadline(input: ReportInput, m: Messages): string {
  const count = (v: SuiteVerdict): number => input.comparisons.filter((c) => c.verdict === v).length;
  const total = input.comparisons.length;
  if (total === 0) return m.headline.nothingRun;
  switch (input.verdict) {
    case 'regression':
      return m.headline.regression(
        count('regression'),
        total,
        input.comparisons
          .filter((c) => c.verdict === 'regression')
          .map((c) => `${inlineText(c.name, 80)} (${changeFormat(c)(c.change)} ${c.metric})`)
          .join(', '),
      );
    case 'below-floor':
      return m.floor.headline(
        count('below-floor'),
        total,
        input.comparisons
          .filter((c) => c.verdict === 'below-floor')
          .map(
            (c) =>
              `${inlineText(c.name, 80)} (${c.floors
                .filter((f) => !f.met)
                .map((f) => `${inlineText(f.metric, 60)} ${formatMetric(f.value)} < ${formatMetric(f.min)}`)
                .join(', ')})`,
          )
          .join(', '),
      );
    case 'error':
      return m.headline.error(count('error'), total);
    case 'inconclusive': {
      // "May have dropped" only when one did: an improvement the set cannot confirm is not a drop.
      const dropped = input.comparisons.some((c) => c.verdict === 'inconclusive' && c.change !== null && c.change < 0);
      return dropped
        ? m.headline.inconclusive(count('inconclusive'), total)
        : m.more.inconclusiveNoDrop(count('inconclusive'), total);
    }
    case 'stale-baseline':
      return m.headline.stale(count('stale-baseline'), total);
    case 'no-baseline': {
      const missing = input.comparisons.filter((c) => c.verdict === 'no-baseline');
      if (missing.every((c) => input.baselinesWritten?.includes(c.name)))
        return m.more.baselinesWritten(missing.length, total);
      return m.headline.noBaseline(count('no-baseline'), total);
    }
    default: {
      const improved = input.comparisons.filter((c) => c.detail === 'improved').length;
      return `${m.headline.pass(total, formatPercent(-(input.comparisons[0]?.gate['max-drop'] ?? 0.05)))}${improved > 0 ? m.more.improved(improved) : ''}`;
    }
  }
}

/** Suites up to which the chart labels its axis with names; beyond, with numbers and a key. */
const CHART_NAMED_MAX = 4;
/** Suites up to which the chart is vertical; beyond, horizontal, one row per suite. */
const CHART_VERTICAL_MAX = 8;
/** Longest suite name used as an axis label. */
const CHART_LABEL_MAX = 18;

/**
 * A Mermaid chart of each compared suite's candidate as a percentage of its baseline,
 * with its own gate line, and a legend under it (Mermaid's xychart draws none). Labels
 * must never overlap: a few short names label the axis as they are; with more suites, or
 * a long name, the axis is numbered and a key below maps numbers to names. Past a handful
 * of suites the chart turns horizontal, so every label has its own row.
 */
function chart(comparisons: readonly SuiteComparison[], m: Messages): string[] {
  const shown = comparisons.filter(
    (c) => c.baseline !== null && c.candidate !== null && c.baseline !== 0 && c.metric !== 'net-win',
  );
  if (shown.length === 0) return [];
  const round1 = (v: number): number => Math.round(v * 10) / 10;
  const pct = shown.map((c) => round1((100 * (c.candidate as number)) / (c.baseline as number)));
  const gates = shown.map((c) => round1(100 * (1 - c.gate['max-drop'])));
  const low = Math.max(0, Math.floor(Math.min(...pct, ...gates) / 10) * 10 - 10);
  const high = Math.max(110, Math.ceil(Math.max(...pct) / 10) * 10);
  const clean = (name: string): string => name.replace(/["\\\n\r\[\]`]/g, '');
  const named =
    shown.length <= CHART_NAMED_MAX &&
    shown.every((c) => clean(c.name).length <= CHART_LABEL_MAX && clean(c.name) !== '');
  const labels = shown.map((c, i) => (named ? clean(c.name) : String(i + 1)));
  const uniqueGates = [...new Set(gates)];
  const gateText =
    uniqueGates.length === 1 ? `${uniqueGates[0]}%` : `${Math.min(...uniqueGates)}–${Math.max(...uniqueGates)}%`;
  const lines = [
    '```mermaid',
    shown.length > CHART_VERTICAL_MAX ? 'xychart-beta horizontal' : 'xychart-beta',
    `  title "${m.chartTitle} — ${m.more.percentOfBaseline}"`,
    `  x-axis [${labels.map((l) => `"${l}"`).join(', ')}]`,
    `  y-axis "%" ${low} --> ${high}`,
    `  bar [${pct.join(', ')}]`,
    `  line [${shown.map(() => '100').join(', ')}]`,
    `  line [${gates.join(', ')}]`,
    '```',
    '',
    m.chartLegend(gateText),
    '',
  ];
  if (!named)
    lines.push(
      `${m.chartKey} ${shown.map((c, i) => `${i + 1} ${inlineCode(c.name, 60)} (${pct[i]}%)`).join(' · ')}`,
      '',
    );
  return lines;
}

/** Relative changes as percentages; absolute ones (baseline 0, net win) as signed numbers. */
function changeFormat(c: SuiteComparison): (v: number | null) => string {
  return c.unit === 'absolute' ? formatSigned : formatPercent;
}

function changeCell(c: SuiteComparison): string {
  if (c.change === null) return '—';
  const f = changeFormat(c);
  const interval = c.interval ? ` [${f(c.interval.lower)}, ${f(c.interval.upper)}]` : '';
  return `${f(c.change)}${interval}`;
}

function suiteSection(
  c: SuiteComparison,
  result: SuiteResult | undefined,
  baseline: SuiteResult | null,
  maxCases: number,
  m: Messages,
  baselineWritten: boolean,
  language: ReportLanguage,
  trend: readonly TrendPoint[],
): string[] {
  const out: string[] = [`### ${VERDICT_ICON[c.verdict]} ${inlineText(c.name, 80)}`, ''];
  if (result) {
    const served = servedModels(result.records) as string[];
    const servedText =
      served.length > 0 && !(served.length === 1 && served[0] === result.tested.model)
        ? m.servedAs(served.map((x) => inlineCode(x, 60)).join(', '))
        : '';
    out.push(m.kindModel(c.kind, inlineCode(result.tested.model, 80), servedText));
    const judges = (result.instrument.settings['judges'] as { model?: unknown }[] | undefined) ?? [];
    const judgeModels = [...new Set(judges.map((j) => j.model).filter((x): x is string => typeof x === 'string'))];
    if (judgeModels.length > 0) out.push(m.more.judgedBy(judgeModels.map((x) => inlineCode(x, 80)).join(', ')));
  }
  if (c.changed.length > 0) out.push(m.whatChanged(c.changed.map((x) => inlineText(x, 120)).join('; ')));
  out.push(
    '',
    c.detail === 'no-baseline' && baselineWritten
      ? m.more.baselineWritten(c.name)
      : explainVerdict(c, m, MARKDOWN_EXPLAIN),
    '',
  );
  // The figures as a list: single newlines are not line breaks in job summaries.
  const facts: string[] = [
    ...c.floors.map((f) =>
      m.floor.fact(
        inlineCode(f.metric, 60),
        formatMetric(f.value),
        formatMetric(f.min),
        f.met,
        f.problem === undefined ? null : inlineText(f.problem, 300),
      ),
    ),
    ...statisticsFacts(c, m),
  ];
  for (const e of errorFacts(c, m)) {
    const line = e.build(MARKDOWN_VALUES);
    facts.push(e.sample ? `  - ${line}` : line);
  }
  for (const note of c.notes) facts.push(m.note(inlineText(note, 400)));
  if (trend.length > 0) facts.push(trendText(trend, language));
  if (result) facts.push(...replyFacts(result, c.gate, m));
  if (result) {
    facts.push(usageLine(result, m));
    const j = result.aggregates.judgeUsage;
    if (j)
      facts.push(
        m.judgeUsage(
          j.inputTokens.toLocaleString('en-US'),
          j.outputTokens.toLocaleString('en-US'),
          j.calls.toLocaleString('en-US'),
          j.costUsd === null ? '' : j.costUsd < 0.01 ? j.costUsd.toFixed(4) : j.costUsd.toFixed(2),
        ),
      );
  }
  out.push(...facts.map((f) => (f.startsWith('  - ') ? f : `- ${f}`)));
  const ctx: KindReportContext = { language };
  const resultReport = result ? findKind(result.suite.kind)?.report : undefined;
  if (result && resultReport?.suiteLines) out.push('', ...resultReport.suiteLines(result, baseline, ctx));
  const kindReport = findKind(c.kind)?.report;
  out.push('');
  if (c.regressedCases.length > 0) {
    const shown = c.regressedCases.slice(0, maxCases);
    out.push('<details>', `<summary>${m.regressedSummary(c.regressedCases.length, shown.length)}</summary>`, '');
    for (const rc of shown) {
      out.push(
        m.caseHeading(inlineCode(rc.caseId, 80), c.metric, formatMetric(rc.baseline), formatMetric(rc.candidate)),
        '',
      );
      if (rc.question) out.push(`${m.question} ${inlineText(rc.question, 300)}`, '');
      if (rc.expected !== null) out.push(m.expected, '', codeBlock(rc.expected, 600), '');
      out.push(m.baselineReply, '', codeBlock(rc.baselineReply ?? m.noReply, 600), '');
      if (rc.candidateReply === null && rc.candidateError !== null)
        out.push(m.causes.candidateError, '', codeBlock(rc.candidateError, 600), '');
      else out.push(m.candidateReply, '', codeBlock(rc.candidateReply ?? m.noReply, 600), '');
      if (kindReport?.caseLines) out.push(...kindReport.caseLines(rc, result, baseline, ctx));
    }
    out.push('</details>', '');
  }
  return out;
}
