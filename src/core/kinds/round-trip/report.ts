/**
 * The round-trip parts of the report: a warning when code ran outside the sandbox, the
 * stops by stage (baseline and candidate), per task the L2-Score mean ± sd over repeats
 * and the full-success rate, per regressed case where each side stopped, and a
 * cross-language table when suites of the same tasks ran in several languages.
 */
import { mean, sampleStandardDeviation } from 'simple-statistics';
import { formatMetric } from '../../report/format.ts';
import { inlineCode, inlineText } from '../../report/sanitize.ts';
import { missingLayersOf, sandboxLine } from '../../report/sandbox-line.ts';
import { firstRecordOf } from '../../stored-records.ts';
import type { CaseRecord, SuiteResult } from '../../types.ts';
import type { CaseSection, KindReportContext } from '../kind.ts';
import { ROUND_TRIP } from './config.ts';
import { roundTripMessages } from './messages.ts';
import type { RoundTripDetail } from './suite.ts';
import { STOP_STAGES } from './suite.ts';

const detailOf = (d: Record<string, unknown>): RoundTripDetail | null =>
  typeof d['stage'] === 'string' ? (d as unknown as RoundTripDetail) : null;

/** Counts of records by where they stopped (`completed` included). */
export function stopsByStage(result: SuiteResult): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of result.records) {
    const stage = detailOf(r.detail)?.stage;
    if (stage) counts.set(stage, (counts.get(stage) ?? 0) + 1);
  }
  return counts;
}

/** Per task: mean and sd of the L2-Score over repeats, and the full-success rate. */
export function perTask(
  result: SuiteResult,
): Map<string, { mean: number; sd: number; fullSuccess: number; runs: number }> {
  const byTask = new Map<string, { l2: number[]; full: number[] }>();
  for (const r of result.records) {
    if (!r.scores) continue;
    const t = byTask.get(r.caseId) ?? { l2: [], full: [] };
    t.l2.push(r.scores['l2-score'] ?? 0);
    t.full.push(r.scores['full-success'] ?? 0);
    byTask.set(r.caseId, t);
  }
  const out = new Map<string, { mean: number; sd: number; fullSuccess: number; runs: number }>();
  for (const [id, t] of [...byTask].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    out.set(id, {
      mean: mean(t.l2),
      sd: t.l2.length > 1 ? sampleStandardDeviation(t.l2) : 0,
      fullSuccess: mean(t.full),
      runs: t.l2.length,
    });
  }
  return out;
}

const pct = (v: number): string => `${Math.round(v * 100)}%`;
const meanSd = (t: { mean: number; sd: number; runs: number }): string =>
  t.runs > 1 ? `${formatMetric(t.mean)} ± ${formatMetric(t.sd)}` : formatMetric(t.mean);

/** Suite-level lines of a round-trip suite. */
export function roundTripSuiteLines(
  result: SuiteResult,
  baseline: SuiteResult | null,
  ctx: KindReportContext,
): string[] {
  const m = roundTripMessages(ctx.language);
  const out: string[] = [];
  const r = m;
  const unsafe = result.records.map((x) => detailOf(x.detail)).find((d) => d && d.isolated === false);
  if (unsafe || result.instrument.settings['executor'] === 'unsafe-host-python')
    out.push(r.unsafe(inlineCode(unsafe?.executor ?? 'unsafe-host-python', 40)), '');
  else {
    const line = sandboxLine(missingLayersOf(result.records.map((x) => x.detail)), ctx.language);
    if (line) out.push(line, '');
  }
  const walks = result.records.filter((x) => x.scores);
  if (walks.length > 0) {
    const reached = walks.filter((x) => x.scores?.['full-success'] === 1).length;
    const rate = (v: number | null | undefined): string | null => (v === null || v === undefined ? null : pct(v));
    out.push(
      r.fullSuccessRate(
        rate(result.aggregates.metrics['full-success']) ?? '—',
        reached,
        walks.length,
        Number(result.instrument.settings['cycles']),
        baseline ? rate(baseline.aggregates.metrics['full-success']) : null,
      ),
      '',
    );
  }
  const now = stopsByStage(result);
  const before = baseline ? stopsByStage(baseline) : null;
  const stages = ['completed', ...STOP_STAGES].filter((s) => (now.get(s) ?? 0) > 0 || (before?.get(s) ?? 0) > 0);
  if (stages.length > 0) {
    out.push(
      `**${r.stopsTitle}**`,
      '',
      `| ${r.stage} | ${before ? `${m.baselineRow} | ` : ''}${m.candidateRow} |`,
      `|---|${before ? '---:|' : ''}---:|`,
    );
    for (const s of stages)
      out.push(`| ${m.stageName[s] ?? s} | ${before ? `${before.get(s) ?? 0} | ` : ''}${now.get(s) ?? 0} |`);
    out.push('');
  }
  const tasks = perTask(result);
  const old = baseline ? perTask(baseline) : null;
  if (tasks.size > 0) {
    out.push('<details>', `<summary>${r.perTask}</summary>`, '');
    out.push(
      `| ${r.task} | ${old ? `${m.baselineRow} ${r.l2} | ` : ''}${m.candidateRow} ${r.l2} | ${old ? `${m.baselineRow} ${r.fullSuccess} | ` : ''}${m.candidateRow} ${r.fullSuccess} |`,
    );
    out.push(`|---|${old ? '---:|' : ''}---:|${old ? '---:|' : ''}---:|`);
    for (const [id, t] of tasks) {
      const b = old?.get(id);
      out.push(
        `| ${inlineCode(id, 60)} | ${old ? `${b ? meanSd(b) : '—'} | ` : ''}${meanSd(t)} | ${old ? `${b ? pct(b.fullSuccess) : '—'} | ` : ''}${pct(t.fullSuccess)} |`,
      );
    }
    out.push('', '</details>', '');
  }
  return out;
}

/** For a regressed case: where each side's first repeat stopped, and why. */
export function roundTripCaseLines(
  caseId: string,
  result: SuiteResult | undefined,
  baseline: SuiteResult | null,
  ctx: KindReportContext,
): string[] {
  const m = roundTripMessages(ctx.language);
  const out: string[] = [];
  for (const [side, res] of [
    ['baseline', baseline],
    ['candidate', result],
  ] as const) {
    const rec = res ? firstRecordOf(res.records, caseId) : undefined;
    const d = rec ? detailOf(rec.detail) : null;
    if (d)
      out.push(
        `- ${m.stopped(side, m.stageName[d.stage] ?? d.stage, d.stoppedAt, inlineText(d.message.replace(/^cycle \d+: /, ''), 300))}`,
      );
  }
  return out.length > 0 ? [...out, ''] : [];
}

/**
 * The same tasks in several languages: one row per task, one column per language (suites
 * of the same tasks folder). Empty unless at least two languages ran.
 */
export function crossLanguageLines(results: readonly SuiteResult[], ctx: KindReportContext): string[] {
  const m = roundTripMessages(ctx.language);
  const groups = new Map<string, SuiteResult[]>();
  for (const res of results) {
    if (res.suite.kind !== ROUND_TRIP) continue;
    const key = `${res.tested.dataset.path}\u0000${String(res.instrument.settings['cycles'])}`;
    groups.set(key, [...(groups.get(key) ?? []), res]);
  }
  const out: string[] = [];
  for (const group of groups.values()) {
    const languages = [...new Set(group.map((g) => String(g.instrument.settings['language'])))];
    if (languages.length < 2) continue;
    const columns = group.map((g) => ({
      label: `${inlineText(g.suite.name, 40)} (${String(g.instrument.settings['language'])})`,
      tasks: perTask(g),
    }));
    const ids = [...new Set(columns.flatMap((c) => [...c.tasks.keys()]))].sort();
    out.push(
      `### ${m.crossLanguage}`,
      '',
      `| ${m.task} | ${columns.map((c) => c.label).join(' | ')} |`,
      `|---|${columns.map(() => '---:|').join('')}`,
    );
    for (const id of ids)
      out.push(
        `| ${inlineCode(id, 60)} | ${columns
          .map((c) => {
            const t = c.tasks.get(id);
            return t ? formatMetric(t.mean) : '—';
          })
          .join(' | ')} |`,
      );
    const means = columns.map((c) =>
      c.tasks.size > 0 ? formatMetric(mean([...c.tasks.values()].map((t) => t.mean))) : '—',
    );
    out.push(`| **${m.l2}** | ${means.map((x) => `**${x}**`).join(' | ')} |`, '');
  }
  return out;
}

const SECTION_LABELS = {
  en: {
    stopped: (stage: string, cycle: number | null) => `Stopped: ${stage}${cycle === null ? '' : ` at cycle ${cycle}`}`,
    code: (cycle: number, stage: string) => `Cycle ${cycle}: code, tests ${stage}`,
    output: (cycle: number) => `Cycle ${cycle}: test output`,
    description: (cycle: number, note: string) => `Cycle ${cycle}: description${note}`,
  },
  ja: {
    stopped: (stage: string, cycle: number | null) => `停止：${stage}${cycle === null ? '' : `（サイクル ${cycle}）`}`,
    code: (cycle: number, stage: string) => `サイクル ${cycle}：コード、テスト ${stage}`,
    output: (cycle: number) => `サイクル ${cycle}：テストの出力`,
    description: (cycle: number, note: string) => `サイクル ${cycle}：説明${note}`,
  },
} as const;

/** report.html's sections of a round-trip record: where it stopped, each cycle's code, test outcome and description. */
export function roundTripCaseSections(record: CaseRecord, ctx: KindReportContext): CaseSection[] {
  const d = detailOf(record.detail);
  if (!d) return [];
  const m = SECTION_LABELS[ctx.language];
  const names = roundTripMessages(ctx.language).stageName;
  const out: CaseSection[] = [];
  if (d.stage !== 'completed')
    out.push({ label: m.stopped(names[d.stage] ?? d.stage, d.stoppedAt), text: d.message, outcome: 'fail' });
  for (const c of d.cycles ?? []) {
    const passed = c.codeStage === 'passed';
    out.push({
      label: m.code(c.cycle, names[c.codeStage] ?? c.codeStage),
      text: c.code,
      code: true,
      outcome: passed ? 'pass' : 'fail',
    });
    if (!passed && c.codeMessage) out.push({ label: m.output(c.cycle), text: c.codeMessage, code: true });
    if (c.description !== undefined)
      out.push({
        label: m.description(
          c.cycle,
          c.textCheck?.ok === false && c.textCheck.message ? ` — ${c.textCheck.message}` : '',
        ),
        text: c.description,
        ...(c.textCheck ? { outcome: c.textCheck.ok ? ('pass' as const) : ('fail' as const) } : {}),
      });
  }
  return out;
}
