/**
 * The judged parts of the report: the 1–5 distribution of baseline and candidate,
 * per-category means, agreement between judges, refusals and clipped scores, and per
 * case the judge's reasoning. Pairwise suites show wins, ties and losses and the
 * reasons for the losses. Answers that addressed the judge are counted and listed with
 * what was found in them.
 */
import { formatMetric } from '../../report/format.ts';
import { codeBlock, inlineCode, inlineText } from '../../report/sanitize.ts';
import type { CaseRecord, SuiteResult } from '../../types.ts';
import type { CaseSection, KindCaseChange, KindReportContext } from '../kind.ts';
import { judgeAgreement } from './agreement.ts';
import { judgedDetailOf } from './detail.ts';
import { CROSS_CHECK_DETAIL_KEY, flaggedCases, MANIPULATION_DETAIL_KEY } from './manipulation.ts';
import { MANIPULATION_CHECK_DETAIL_KEY, type ManipulationOpinion } from './manipulation-check.ts';
import { judgedMessages, type JudgedMessages } from './messages.ts';

function distribution(result: SuiteResult): number[] {
  const counts = [0, 0, 0, 0, 0];
  for (const r of result.records) {
    const s = r.scores?.['score'];
    if (s === undefined) continue;
    const i = Math.min(5, Math.max(1, Math.round(s))) - 1;
    counts[i] = (counts[i] as number) + 1;
  }
  return counts;
}

/** Suite-level lines for a judged suite. */
export function judgedSuiteLines(
  result: SuiteResult,
  baseline: SuiteResult | null,
  targetModel: string,
  ctx: KindReportContext,
): string[] {
  const m = judgedMessages(ctx.language);
  const out: string[] = [];
  const judges = (result.instrument.settings['judges'] as { model: string }[] | undefined) ?? [];
  if (judges.some((j) => j.model === targetModel)) {
    out.push(m.selfJudge(inlineCode(targetModel)));
  }
  const refused = result.records.filter((r) => r.status === 'refused').length;
  if (refused) out.push(m.refusals(refused, result.instrument.settings['refusals'] === 'exclude'));
  out.push(...manipulationLines(result, ctx));
  out.push(...crossCheckLines(result, m));
  if (result.instrument.primaryMetric === 'net-win') {
    const outcomes = result.records.map((r) => r.scores?.['net-win']).filter((v): v is number => v !== undefined);
    const wins = outcomes.filter((v) => v > 0).length;
    const losses = outcomes.filter((v) => v < 0).length;
    out.push(m.pairwise(wins, outcomes.length - wins - losses, losses));
    const lost = result.records.filter((r) => (r.scores?.['net-win'] ?? 0) < 0).slice(0, 10);
    if (lost.length) {
      out.push('', '<details>', `<summary>${m.whyLost(lost.length)}</summary>`, '');
      for (const r of lost) {
        const pairs = judgedDetailOf(r.detail).pairs ?? [];
        out.push(
          m.caseLabel(inlineCode(r.caseId)),
          '',
          codeBlock(
            pairs
              .flatMap((p) => p.orders.map((o) => `${m.pairOrder(p.judge, o.first, o.winner)} ${o.reasoning}`))
              .join('\n\n'),
            1200,
          ),
          '',
        );
      }
      out.push('</details>', '');
    }
    return out;
  }
  const cand = distribution(result);
  const base = baseline ? distribution(baseline) : null;
  out.push('', `| ${m.scoreRow} | 1 | 2 | 3 | 4 | 5 |`, '|---|---:|---:|---:|---:|---:|');
  if (base) out.push(`| ${m.baselineRow} | ${base.join(' | ')} |`);
  out.push(`| ${m.candidateRow} | ${cand.join(' | ')} |`, '');
  const categories = categoryMeans(result);
  if (categories.size > 0) {
    const baseCats = baseline ? categoryMeans(baseline) : new Map<string, number>();
    out.push(`| ${m.category} | ${m.baselineRow} | ${m.candidateRow} |`, '|---|---:|---:|');
    for (const [cat, mean] of [...categories].sort((a, b) => (a[0] < b[0] ? -1 : 1)))
      out.push(`| ${inlineText(cat, 60)} | ${formatMetric(baseCats.get(cat))} | ${formatMetric(mean)} |`);
    out.push('');
  }
  const agreement = judgeAgreement(result.records);
  if (agreement) {
    out.push(
      m.agreement(
        agreement.judges.map((j) => inlineCode(j)).join(', '),
        `${(100 * agreement.exactAgreement).toFixed(0)}%`,
        agreement.records,
        agreement.weightedKappa === null ? m.kappaUndefined : agreement.weightedKappa.toFixed(2),
      ),
    );
    if (agreement.disagreements.length) {
      out.push(
        m.disagree(
          agreement.disagreements
            .slice(0, 20)
            .map(
              (d) =>
                `${inlineCode(d.caseId)} (${Object.entries(d.scores)
                  .map(([j, s]) => `${inlineText(j, 40)} ${s}`)
                  .join(', ')})`,
            )
            .join('; '),
        ),
      );
    }
  }
  const clipped = result.records.flatMap((r) =>
    (judgedDetailOf(r.detail).judgments ?? [])
      .filter((j) => j.clippedFrom !== null)
      .map((j) => `${r.caseId}: ${j.clippedFrom} → ${j.score}`),
  );
  if (clipped.length)
    out.push(
      m.clipped(
        clipped
          .slice(0, 10)
          .map((c) => inlineText(c, 60))
          .join('; '),
      ),
    );
  const followUps = result.records.flatMap((r) =>
    (judgedDetailOf(r.detail).judgments ?? []).filter((j) => j.method === 'follow-up'),
  ).length;
  if (followUps) out.push(m.followUps(followUps));
  return out;
}

/** A second judge's scores of the flagged answers (`evalgate rejudge --cross-check`), against the recorded ones. */
function crossCheckLines(result: SuiteResult, m: JudgedMessages): string[] {
  const checked = result.records.flatMap((r) => {
    const c = judgedDetailOf(r.detail)[CROSS_CHECK_DETAIL_KEY];
    return c ? [{ r, c }] : [];
  });
  if (checked.length === 0) return [];
  const judge = (checked[0] as (typeof checked)[number]).c.judge;
  const failed = checked.filter(({ c }) => typeof c['error'] === 'string').length;
  const apart = checked.filter(
    ({ r, c }) =>
      typeof c['score'] === 'number' &&
      r.scores?.['score'] !== undefined &&
      Math.abs(c['score'] - (r.scores['score'] as number)) >= 2,
  );
  const list = apart
    .slice(0, 20)
    .map(
      ({ r, c }) =>
        `${inlineCode(r.caseId, 80)} (${formatMetric(r.scores?.['score'])} → ${typeof c['score'] === 'number' ? c['score'] : '?'})`,
    )
    .join('; ');
  return [m.crossCheck(inlineCode(judge, 60), checked.length, list, failed), ''];
}

function categoryMeans(result: SuiteResult): Map<string, number> {
  const sums = new Map<string, { s: number; n: number }>();
  for (const r of result.records) {
    const cat = judgedDetailOf(r.detail).category;
    const score = r.scores?.['score'];
    if (typeof cat !== 'string' || score === undefined) continue;
    const e = sums.get(cat) ?? { s: 0, n: 0 };
    e.s += score;
    e.n += 1;
    sums.set(cat, e);
  }
  return new Map([...sums].map(([k, v]) => [k, v.s / v.n]));
}

/** Per-case lines for a regressed judged case: criteria and each side's judge reasoning. */
export function judgedCaseLines(rc: KindCaseChange, ctx: KindReportContext): string[] {
  const m = judgedMessages(ctx.language);
  const out: string[] = [];
  const criteria = judgedDetailOf(rc.candidateDetail).criteria ?? judgedDetailOf(rc.baselineDetail).criteria;
  if (typeof criteria === 'string' && criteria !== '') out.push(m.criteria, '', codeBlock(criteria, 600), '');
  for (const [side, detail] of [
    ['baseline', rc.baselineDetail],
    ['candidate', rc.candidateDetail],
  ] as const) {
    const judgments = judgedDetailOf(detail).judgments ?? [];
    for (const j of judgments) {
      out.push(
        m.judgedBy(side, j.score, inlineCode(j.judge), j.clippedFrom !== null ? m.clippedFrom(j.clippedFrom) : ''),
        '',
        codeBlock(j.reasoning, 800),
        '',
      );
    }
  }
  return out;
}

/**
 * The answers that addressed the judge, listed, and what the second opinion said (any
 * kind whose answers judges grade: judged suites, prompt suites with judge assertions).
 */
export function manipulationLines(result: SuiteResult, ctx: KindReportContext): string[] {
  const m = judgedMessages(ctx.language);
  const out: string[] = [];
  const flagged = flaggedCases(result.records);
  if (flagged.length) {
    const shown = flagged
      .slice(0, 20)
      .map((f) => `${inlineCode(f.caseId, 80)} (${f.kinds.join(', ')}: “${inlineText(f.excerpt, 100)}”)`);
    out.push('', m.manipulation(flagged.length, shown.join('; '), flagged.length - shown.length), '');
  }
  const opinions = result.records
    .map((r) => r.detail[MANIPULATION_CHECK_DETAIL_KEY] as ManipulationOpinion | undefined)
    .filter((o): o is ManipulationOpinion => typeof o === 'object' && o !== null);
  if (opinions.length) {
    const count = (v: ManipulationOpinion['verdict']): number => opinions.filter((o) => o.verdict === v).length;
    out.push(
      m.secondOpinion(
        inlineCode(opinions[0]?.model ?? '', 60),
        opinions.length,
        count('yes'),
        count('no'),
        count(null),
      ),
      '',
    );
  }
  return out;
}

const SECTION_LABELS = {
  en: {
    criteria: 'Criteria',
    judged: (judge: string, score: number, clipped: number | null) =>
      `Judge ${judge}: ${score}${clipped !== null ? ` (clipped from ${clipped})` : ''}`,
    pair: (judge: string, first: string, winner: string) => `Judge ${judge}, ${first} shown first: ${winner}`,
    addressed: (kind: string) => `Addressed the judge (${kind})`,
    crossCheck: (judge: string, score: string) => `Cross-check by ${judge}: ${score}`,
  },
  ja: {
    criteria: '評価基準',
    judged: (judge: string, score: number, clipped: number | null) =>
      `審査モデル ${judge}：${score}${clipped !== null ? `（${clipped} から補正）` : ''}`,
    pair: (judge: string, first: string, winner: string) => `審査モデル ${judge}（${first} を先に提示）：${winner}`,
    addressed: (kind: string) => `審査モデルへの働きかけ（${kind}）`,
    crossCheck: (judge: string, score: string) => `${judge} による再確認：${score}`,
  },
} as const;

/** report.html's sections of a judged record: criteria, each judge's score and reasons, flags. */
export function judgedCaseSections(record: CaseRecord, ctx: KindReportContext): CaseSection[] {
  const m = SECTION_LABELS[ctx.language];
  const d = judgedDetailOf(record.detail);
  const out: CaseSection[] = [];
  if (d.criteria) out.push({ label: m.criteria, text: d.criteria });
  for (const j of d.judgments ?? []) out.push({ label: m.judged(j.judge, j.score, j.clippedFrom), text: j.reasoning });
  for (const p of d.pairs ?? [])
    for (const o of p.orders) out.push({ label: m.pair(p.judge, o.first, o.winner), text: o.reasoning });
  for (const s of d[MANIPULATION_DETAIL_KEY] ?? [])
    out.push({ label: m.addressed(s.kind), text: s.excerpt, outcome: 'fail' });
  const cross = d[CROSS_CHECK_DETAIL_KEY];
  if (cross)
    out.push({
      label: m.crossCheck(cross.judge, 'score' in cross ? String(cross.score) : '—'),
      text: 'reasoning' in cross ? String(cross.reasoning) : String(cross['error'] ?? ''),
    });
  return out;
}
