/**
 * The prompt parts of the report: each assertion's pass rate before and after, the worst
 * cases with an excerpt of the reply and the assertion that failed, and per regressed
 * case the assertions it failed. Model text is escaped with the report's sanitize helpers.
 */
import { inlineCode, inlineText } from '../../report/sanitize.ts';
import type { CaseRecord, SuiteResult } from '../../types.ts';
import type { CaseSection } from '../kind.ts';
import type { AssertionVerdict } from './assertions.ts';
import { assertionMetric, promptDetailSchema } from './suite.ts';
import { manipulationLines } from '../judged/report.ts';

/** The report's fixed strings of this kind. */
const MESSAGES = {
  en: {
    table: '| Assertion | Type | Baseline | Candidate |',
    rule: '|---|---|---:|---:|',
    worst: (n: number) => `Cases failing assertions (worst ${n}):`,
    failed: (list: string) => `Failed: ${list}.`,
    reply: 'reply',
  },
  ja: {
    table: '| アサーション | 種類 | ベースライン | 候補 |',
    rule: '|---|---|---:|---:|',
    worst: (n: number) => `アサーションに失敗したケース（失敗の多い順に ${n} 件）：`,
    failed: (list: string) => `失敗したアサーション：${list}。`,
    reply: '応答',
  },
} as const;

/** A language of the report. */
export type PromptReportLanguage = keyof typeof MESSAGES;

// A result file is read back as written by anyone: a detail that is not a prompt record's shows nothing.
const verdictsOf = (detail: Record<string, unknown> | null | undefined): AssertionVerdict[] => {
  const parsed = promptDetailSchema.safeParse(detail);
  return parsed.success ? (parsed.data.assertions as AssertionVerdict[]) : [];
};

const pct = (v: number | null | undefined): string => (v === null || v === undefined ? '—' : `${Math.round(v * 100)}%`);

/** Suite-level lines: the assertions' pass rates and the worst cases. */
export function promptSuiteLines(
  result: SuiteResult,
  baseline: SuiteResult | null,
  language: PromptReportLanguage,
): string[] {
  const m = MESSAGES[language];
  const settings = result.instrument.settings['assertions'];
  const assertions = Array.isArray(settings) ? (settings as { name: string; type: string }[]) : [];
  const out: string[] = [m.table, m.rule];
  for (const a of assertions) {
    const metric = assertionMetric(a.name);
    out.push(
      `| ${inlineCode(a.name, 60)} | ${a.type} | ${pct(baseline?.aggregates.metrics[metric])} | ${pct(result.aggregates.metrics[metric])} |`,
    );
  }
  const failing = result.records
    .map((r) => ({ r, failed: verdictsOf(r.detail).filter((v) => !v.pass) }))
    .filter((x) => x.r.scores && x.failed.length > 0)
    .sort((a, b) => b.failed.length - a.failed.length || (a.r.caseId < b.r.caseId ? -1 : 1))
    .slice(0, 5);
  if (failing.length > 0) {
    out.push('', m.worst(failing.length));
    for (const { r, failed } of failing) {
      const first = failed[0] as AssertionVerdict;
      out.push(
        `- ${inlineCode(r.caseId, 80)}: ${inlineCode(first.name, 60)} — ${inlineText(first.message, 160)}${failed.length > 1 ? ` (+${failed.length - 1})` : ''}; ${m.reply} “${inlineText(r.reply?.text ?? '', 160)}”`,
      );
    }
  }
  out.push(...manipulationLines(result, { language }));
  return out;
}

/** Lines under a regressed case: the assertions the candidate failed. */
export function promptCaseLines(
  candidateDetail: Record<string, unknown> | null,
  language: PromptReportLanguage,
): string[] {
  const failed = verdictsOf(candidateDetail).filter((v) => !v.pass);
  if (failed.length === 0) return [];
  const list = failed.map((v) => `${inlineCode(v.name, 60)} (${inlineText(v.message, 160)})`).join('; ');
  return [MESSAGES[language].failed(list), ''];
}

const SECTION_LABELS = {
  en: {
    assertion: (name: string, type: string, score: string) => `${name} (${type}${score})`,
    judge: (judge: string, score: number) => `Judge ${judge}: ${score}`,
    passed: 'passed',
  },
  ja: {
    assertion: (name: string, type: string, score: string) => `${name}（${type}${score}）`,
    judge: (judge: string, score: number) => `審査モデル ${judge}：${score}`,
    passed: '合格',
  },
} as const;

/** report.html's sections of a prompt record: every assertion with its outcome, and judges' reasons. */
export function promptCaseSections(record: CaseRecord, language: PromptReportLanguage): CaseSection[] {
  const m = SECTION_LABELS[language];
  return verdictsOf(record.detail).flatMap((v) => [
    {
      label: m.assertion(v.name, v.type, v.score === undefined ? '' : `, ${v.score}`),
      text: v.pass ? m.passed : v.message,
      outcome: v.pass ? ('pass' as const) : ('fail' as const),
    },
    ...(v.judgments ?? []).map((j) => ({ label: m.judge(j.judge, j.score), text: j.reasoning })),
  ]);
}
