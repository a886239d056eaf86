/**
 * report.html: the whole run as one self-contained page, for a reader who wants more than
 * the PR comment shows. The verdict and headline, the suites table, a chart of each suite
 * against its baseline, the trust and provider notes, then per suite its explanation, its
 * change drawn with the interval, the gate and the MDE, the statistics in words, its
 * errors grouped by kind and status, usage, and a table of every case (filled in by the
 * page's script from the embedded data: html-client.ts).
 *
 * Pure: a function from the report's input to a string, or to its pieces (written as they
 * come, so no string holds a page of 100,000 cases). Everything that can come from a
 * pull request or a model is escaped (html-page.ts); the sentences are the Markdown
 * report's own (messages.ts, facts.ts) plus the page's (views-messages.ts).
 */
import type { SuiteComparison, SuiteVerdict } from '../compare/index.ts';
import type { RunNotices } from '../trust.ts';
import { distinctCases, servedModels } from '../stored-records.ts';
import type { SuiteResult } from '../types.ts';
import { groupErrors } from './case-data.ts';
import { errorFacts, explainVerdict, statisticsFacts, usageLine, VERDICT_ICON, type ExplainFormat } from './facts.ts';
import { formatMetric, formatPercent, formatSigned } from './format.ts';
import { REPORT_SCRIPT, REPORT_STYLE } from './html-client.ts';
import { BASE_STYLE, escapeHtml, markupHtml, pageChunks } from './html-page.ts';
import { pageDataChunks } from './page-data.ts';
import type { ReportInput } from './markdown.ts';
import type { ReportLanguage } from './languages.ts';
import { messagesFor, type Messages } from './messages.ts';
import { inlineCode } from './sanitize.ts';
import { intervalSvg, suitesChartSvg } from './svg.ts';
import { trendText } from './trend.ts';
import { viewMessagesFor, type ViewMessages } from './views-messages.ts';

/** Renders report.html. `version` is the tool's, named in the footer when known. */
export function renderHtmlReport(input: ReportInput, version: string | null): string {
  return [...htmlReportChunks(input, version)].join('');
}

/**
 * report.html in pieces, to be written as they come: at 100,000 cases the page is tens of
 * MB, and one string of it (with the JSON of its data and the escaped copy of that) held
 * several times that at once. Joined, the pieces are the page `renderHtmlReport` returns.
 */
export function* htmlReportChunks(input: ReportInput, version: string | null): Generator<string> {
  const language = input.language ?? 'en';
  const m = messagesFor(language);
  const v = viewMessagesFor(language);
  const body: string[] = [
    '<header>',
    `<h1 class="v-${input.verdict}">evalgate: ${VERDICT_ICON[input.verdict]} ${escapeHtml(m.more.verdict[input.verdict])}</h1>`,
    `<p class="headline">${headlineHtml(input, m)}</p>`,
  ];
  if (input.scriptedNotice) body.push(`<p class="note">${escapeHtml(input.scriptedNotice)}</p>`);
  const demoted = input.comparisons.filter((c) => c.multiplicity?.verdictBefore != null);
  if (demoted.length > 0)
    body.push(
      `<p class="note">${markupHtml((h) =>
        m.holmChanged(
          h(demoted.map((c) => c.name).join(', ')),
          demoted[0]?.multiplicity?.family ?? demoted.length,
          demoted[0]?.multiplicity?.compared ?? demoted.length,
        ),
      )}</p>`,
    );
  body.push('</header>', '<main>', `<h2>${escapeHtml(v.report.summary)}</h2>`, summaryTable(input, m));
  const chart = chartHtml(input.comparisons, v);
  if (chart) body.push(`<h2>${escapeHtml(v.report.chart)}</h2>`, chart);
  body.push(...noticesHtml(input.notices, m));
  body.push(`<h2>${escapeHtml(v.report.suites)}</h2>`);
  input.comparisons.forEach((c, i) => body.push(suiteHtml(c, i, input.results.get(c.name), input, m, v)));
  body.push('</main>', `<footer><p class="muted">${escapeHtml(v.report.generatedBy(version ?? ''))}</p></footer>`);
  yield* pageChunks(
    {
      language,
      title: `${v.report.title}: ${m.more.verdict[input.verdict]}`,
      style: BASE_STYLE + REPORT_STYLE,
      body: body.join('\n'),
      script: REPORT_SCRIPT,
    },
    pageDataChunks(v.client, input, language),
  );
}

/**
 * The Markdown report with a line pointing to report.html in a workflow artifact, put at
 * the end of the head (before the first suite section), which fitting a comment never
 * cuts. The artifact's name comes from the workflow and is shown as code.
 */
export function withHtmlPointer(
  report: string,
  artifact: string,
  run: { id: number; url: string } | null,
  language: ReportLanguage,
): string {
  const v = viewMessagesFor(language);
  const line = v.htmlReport(inlineCode(artifact, 100), run ? `[${v.runLabel(run.id)}](${run.url})` : null);
  const at = report.indexOf('\n### ');
  return at < 0 ? `${report.trimEnd()}\n\n${line}\n` : `${report.slice(0, at)}\n${line}\n${report.slice(at)}`;
}

const HTML_EXPLAIN = (hole: (text: string) => string): ExplainFormat => ({
  name: (name) => hole(name),
  stale: (reasons) => hole(reasons.join('; ')),
});

function headlineHtml(input: ReportInput, m: Messages): string {
  const count = (v: SuiteVerdict): number => input.comparisons.filter((c) => c.verdict === v).length;
  const total = input.comparisons.length;
  const change = (c: SuiteComparison): string => (c.unit === 'absolute' ? formatSigned : formatPercent)(c.change);
  return markupHtml((h) => {
    if (total === 0) return m.headline.nothingRun;
    switch (input.verdict) {
      case 'regression':
        return m.headline.regression(
          count('regression'),
          total,
          input.comparisons
            .filter((c) => c.verdict === 'regression')
            .map((c) => `${h(c.name)} (${change(c)} ${h(c.metric)})`)
            .join(', '),
        );
      case 'error':
        return m.headline.error(count('error'), total);
      case 'inconclusive':
        return input.comparisons.some((c) => c.verdict === 'inconclusive' && c.change !== null && c.change < 0)
          ? m.headline.inconclusive(count('inconclusive'), total)
          : m.more.inconclusiveNoDrop(count('inconclusive'), total);
      case 'stale-baseline':
        return m.headline.stale(count('stale-baseline'), total);
      case 'no-baseline':
        return input.comparisons
          .filter((c) => c.verdict === 'no-baseline')
          .every((c) => input.baselinesWritten?.includes(c.name))
          ? m.more.baselinesWritten(count('no-baseline'), total)
          : m.headline.noBaseline(count('no-baseline'), total);
      default: {
        const improved = input.comparisons.filter((c) => c.detail === 'improved').length;
        return `${m.headline.pass(total, formatPercent(-(input.comparisons[0]?.gate['max-drop'] ?? 0.05)))}${improved > 0 ? m.more.improved(improved) : ''}`;
      }
    }
  });
}

function changeText(c: SuiteComparison): string {
  if (c.change === null) return '—';
  const f = c.unit === 'absolute' ? formatSigned : formatPercent;
  return `${f(c.change)}${c.interval ? ` [${f(c.interval.lower)}, ${f(c.interval.upper)}]` : ''}`;
}

function summaryTable(input: ReportInput, m: Messages): string {
  const t = m.table;
  const rows = input.comparisons.map(
    (c, i) =>
      `<tr><th scope="row"><a href="#suite-${i}">${escapeHtml(c.name)}</a></th><td>${escapeHtml(c.metric)}</td><td class="num">${formatMetric(c.baseline)}</td><td class="num">${formatMetric(c.candidate)}</td><td class="num">${escapeHtml(changeText(c))}</td><td class="v-${c.verdict}">${VERDICT_ICON[c.verdict]} ${escapeHtml(m.more.verdict[c.verdict])}</td></tr>`,
  );
  for (const s of input.notRun ?? [])
    rows.push(
      `<tr><th scope="row">${escapeHtml(s.name)}</th><td>—</td><td class="num">—</td><td class="num">—</td><td class="num">—</td><td class="muted">⏭️ ${escapeHtml(m.notRunReason[s.reason] ?? s.reason)}</td></tr>`,
    );
  return [
    '<table class="summary">',
    `<thead><tr><th scope="col">${escapeHtml(t.suite)}</th><th scope="col">${escapeHtml(t.metric)}</th><th scope="col" class="num">${escapeHtml(t.baseline)}</th><th scope="col" class="num">${escapeHtml(t.candidate)}</th><th scope="col" class="num">${escapeHtml(t.change)}</th><th scope="col">${escapeHtml(t.verdict)}</th></tr></thead>`,
    `<tbody>${rows.join('')}</tbody></table>`,
  ].join('');
}

/** The suites against their baselines, as in the comment's chart (relative metrics only). */
function chartHtml(comparisons: readonly SuiteComparison[], v: ViewMessages): string | null {
  const shown = comparisons.filter(
    (c) => c.baseline !== null && c.candidate !== null && c.baseline !== 0 && c.metric !== 'net-win',
  );
  if (shown.length === 0) return null;
  const items = shown.map((c) => ({
    label: c.name,
    percent: (100 * (c.candidate as number)) / (c.baseline as number),
    gatePercent: 100 * (1 - c.gate['max-drop']),
    tone: `v-${c.verdict}`,
  }));
  const gates = [...new Set(items.map((i) => Math.round(i.gatePercent * 10) / 10))];
  const gateText = gates.length === 1 ? `${gates[0]}%` : `${Math.min(...gates)}–${Math.max(...gates)}%`;
  return `<figure class="chart">${suitesChartSvg(items, v.report.chartAlt(items.length))}<figcaption>${escapeHtml(v.report.chartLegend(gateText))}</figcaption></figure>`;
}

/** The trust and integrity notes, and how providers behaved, as the Markdown report lists them. */
function noticesHtml(notices: RunNotices | undefined, m: Messages): string[] {
  if (!notices) return [];
  const trust: string[] = [];
  // Messages arrive written for Markdown; escaped first, only their ** and ` marks become tags.
  for (const text of notices.messages ?? []) trust.push(markupHtml(() => text));
  for (const c of notices.untrusted ?? []) trust.push(markupHtml((h) => `\`${h(c.path)}\` ${m.trust.note[c.kind]}`));
  if ((notices.rejected?.cacheEntries ?? 0) > 0)
    trust.push(markupHtml(() => m.trust.cacheRejected(notices.rejected?.cacheEntries ?? 0)));
  if ((notices.rejected?.records ?? 0) > 0)
    trust.push(markupHtml(() => m.trust.recordsRejected(notices.rejected?.records ?? 0)));
  const providers: string[] = [];
  if (notices.budgetStop) providers.push(markupHtml((h) => m.provider.budgetStopped(h(notices.budgetStop ?? ''))));
  for (const a of notices.adaptations ?? [])
    providers.push(markupHtml((h) => m.provider.adapted(h(a.provider), h(a.notes.join('; ')))));
  const list = (heading: string, items: string[]): string[] =>
    items.length === 0
      ? []
      : [`<h2>${escapeHtml(heading)}</h2>`, `<ul class="notes">${items.map((i) => `<li>${i}</li>`).join('')}</ul>`];
  return [...list(m.trust.heading, trust), ...list(m.provider.heading, providers)];
}

function suiteHtml(
  c: SuiteComparison,
  index: number,
  result: SuiteResult | undefined,
  input: ReportInput,
  m: Messages,
  v: ViewMessages,
): string {
  const out: string[] = [
    `<section class="suite" id="suite-${index}" aria-labelledby="suite-${index}-h">`,
    `<h3 id="suite-${index}-h" class="v-${c.verdict}">${VERDICT_ICON[c.verdict]} ${escapeHtml(c.name)} — ${escapeHtml(m.more.verdict[c.verdict])}</h3>`,
  ];
  if (result) {
    const served = servedModels(result.records) as string[];
    const showServed = served.length > 0 && !(served.length === 1 && served[0] === result.tested.model);
    const judges = (result.instrument.settings['judges'] as { model?: unknown }[] | undefined) ?? [];
    const judgeModels = [...new Set(judges.map((j) => j.model).filter((x): x is string => typeof x === 'string'))];
    out.push(
      `<p>${markupHtml((h) => `${m.kindModel(h(c.kind), `\`${h(result.tested.model)}\``, showServed ? m.servedAs(h(served.join(', '))) : '')}${judgeModels.length > 0 ? ` ${m.more.judgedBy(h(judgeModels.join(', ')))}` : ''}`)}</p>`,
    );
  }
  if (c.changed.length > 0) out.push(`<p>${markupHtml((h) => m.whatChanged(h(c.changed.join('; '))))}</p>`);
  const written = c.detail === 'no-baseline' && input.baselinesWritten?.includes(c.name) === true;
  out.push(
    `<p class="explain">${markupHtml((h) => (written ? m.more.baselineWritten(h(c.name)) : explainVerdict(c, m, HTML_EXPLAIN(h))))}</p>`,
  );
  const figure = intervalFigure(c, v);
  if (figure) out.push(figure);
  const facts = statisticsFacts(c, m).map((f) => markupHtml(() => f));
  for (const e of errorFacts(c, m)) {
    const line = markupHtml((h) => e.build({ text: (value) => h(value), code: (value) => `\`${h(value)}\`` }));
    facts.push(e.sample ? `<span class="sample">${line}</span>` : line);
  }
  for (const note of c.notes) facts.push(markupHtml((h) => m.note(h(note))));
  const trend = input.trends?.get(c.name);
  if (trend && trend.length > 0) facts.push(escapeHtml(trendText(trend, input.language ?? 'en')));
  if (result) facts.push(markupHtml(() => usageLine(result, m)));
  if (facts.length > 0) out.push(`<ul class="facts">${facts.map((f) => `<li>${f}</li>`).join('')}</ul>`);
  out.push(...flaggedHtml(c));
  if (result) out.push(errorsHtml(result, v));
  // Open where there is something to look at; a suite that passed cleanly keeps its cases folded.
  const open = c.regressedCases.length > 0 || c.errors.records > 0 || c.verdict === 'error';
  out.push(
    `<details class="cases"${open ? ' open' : ''}><summary><h4>${escapeHtml(v.report.cases)} (${result ? distinctCases(result.records) : 0})</h4></summary>`,
    `<div class="explorer" data-explorer="${index}"><noscript><p class="muted">${escapeHtml(v.report.scriptNeeded)}</p></noscript></div>`,
    '</details>',
    '</section>',
  );
  return out.join('\n');
}

/** The change, its interval, the gate and the MDE on one axis; none without an interval. */
function intervalFigure(c: SuiteComparison, v: ViewMessages): string | null {
  if (c.change === null || c.interval === null) return null;
  const f = c.unit === 'absolute' ? formatSigned : formatPercent;
  const gate = c.unit === 'absolute' && c.threshold !== null ? -c.threshold : -c.gate['max-drop'];
  const mde = c.power ? -c.power.mde : null;
  const alt = v.report.intervalAlt(f(c.change), f(c.interval.lower), f(c.interval.upper), f(gate));
  return `<figure class="interval">${intervalSvg({ estimate: c.change, lower: c.interval.lower, upper: c.interval.upper, gate, mde, format: f }, alt)}<figcaption>${escapeHtml(v.report.intervalLegend(f(gate), mde === null ? null : f(mde)))}</figcaption></figure>`;
}

/** Answers that addressed the judge, as the comparison lists them. */
function flaggedHtml(c: SuiteComparison): string[] {
  const flagged = c.judgeManipulation ?? [];
  if (flagged.length === 0) return [];
  return [
    `<ul class="flagged">${flagged
      .slice(0, 50)
      .map(
        (f) =>
          `<li><code>${escapeHtml(f.caseId)}</code> (${escapeHtml(f.kinds.join(', '))}): “${escapeHtml(f.excerpt)}”</li>`,
      )
      .join('')}</ul>`,
  ];
}

/** The errored records of a suite, grouped by kind and status (case-data.ts describes them). */
function errorsHtml(result: SuiteResult, v: ViewMessages): string {
  const groups = groupErrors(result.records);
  const heading = `<h4>${escapeHtml(v.report.errorsByCause)}</h4>`;
  if (groups.length === 0) return `${heading}<p class="muted">${escapeHtml(v.report.noErrors)}</p>`;
  const c = v.report.errorsColumns;
  const rows = groups.map(
    (g) =>
      `<tr class="cause-${g.cause}"><td>${escapeHtml(v.report.causes[g.cause])}: <code>${escapeHtml(g.reason)}</code></td><td>${escapeHtml(g.kind)}</td><td class="num">${g.httpStatus ?? '—'}</td><td class="num">${g.records}</td><td>${escapeHtml(
        g.caseIds.slice(0, 20).join(', ') + (g.caseIds.length > 20 ? ` … (+${g.caseIds.length - 20})` : ''),
      )}</td><td>${escapeHtml(g.message.slice(0, 300))}</td></tr>`,
  );
  return `${heading}<table class="errors"><thead><tr><th scope="col">${escapeHtml(c.cause)}</th><th scope="col">${escapeHtml(c.kind)}</th><th scope="col" class="num">${escapeHtml(c.status)}</th><th scope="col" class="num">${escapeHtml(c.records)}</th><th scope="col">${escapeHtml(c.cases)}</th><th scope="col">${escapeHtml(c.message)}</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}
