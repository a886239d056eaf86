/**
 * The judged parts of the report: the 1–5 distribution of baseline and candidate,
 * per-category means, agreement between judges, refusals and clipped scores, and per
 * case the judge's reasoning. Pairwise suites show wins, ties and losses and the
 * reasons for the losses. Answers that addressed the judge are counted and listed with
 * what was found in them.
 */
import type { CaseChange } from '../compare/index.ts';
import { judgeAgreement } from '../kinds/judged/agreement.ts';
import { CROSS_CHECK_DETAIL_KEY, flaggedCases, type CrossCheck } from '../kinds/judged/manipulation.ts';
import type { Judgment, PairJudgment } from '../kinds/judged/suite.ts';
import type { SuiteResult } from '../types.ts';
import { formatMetric } from './format.ts';
import type { Messages } from './messages.ts';
import { codeBlock, inlineCode, inlineText } from './sanitize.ts';

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
  m: Messages,
): string[] {
  const out: string[] = [];
  const judges = (result.instrument.settings['judges'] as { model: string }[] | undefined) ?? [];
  if (judges.some((j) => j.model === targetModel)) {
    out.push(m.judged.selfJudge(inlineCode(targetModel)));
  }
  const refused = result.records.filter((r) => r.status === 'refused').length;
  if (refused) out.push(m.judged.refusals(refused, result.instrument.settings['refusals'] === 'exclude'));
  const flagged = flaggedCases(result.records);
  if (flagged.length) {
    const shown = flagged
      .slice(0, 20)
      .map((f) => `${inlineCode(f.caseId, 80)} (${f.kinds.join(', ')}: “${inlineText(f.excerpt, 100)}”)`);
    out.push('', m.judged.manipulation(flagged.length, shown.join('; '), flagged.length - shown.length), '');
  }
  out.push(...crossCheckLines(result, m));
  if (result.instrument.primaryMetric === 'net-win') {
    const outcomes = result.records.map((r) => r.scores?.['net-win']).filter((v): v is number => v !== undefined);
    const wins = outcomes.filter((v) => v > 0).length;
    const losses = outcomes.filter((v) => v < 0).length;
    out.push(m.judged.pairwise(wins, outcomes.length - wins - losses, losses));
    const lost = result.records.filter((r) => (r.scores?.['net-win'] ?? 0) < 0).slice(0, 10);
    if (lost.length) {
      out.push('', '<details>', `<summary>${m.judged.whyLost(lost.length)}</summary>`, '');
      for (const r of lost) {
        const pairs = (r.detail['pairs'] as PairJudgment[] | undefined) ?? [];
        out.push(
          m.more.caseLabel(inlineCode(r.caseId)),
          '',
          codeBlock(
            pairs
              .flatMap((p) => p.orders.map((o) => `${m.more.pairOrder(p.judge, o.first, o.winner)} ${o.reasoning}`))
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
  out.push('', `| ${m.judged.scoreRow} | 1 | 2 | 3 | 4 | 5 |`, '|---|---:|---:|---:|---:|---:|');
  if (base) out.push(`| ${m.judged.baselineRow} | ${base.join(' | ')} |`);
  out.push(`| ${m.judged.candidateRow} | ${cand.join(' | ')} |`, '');
  const categories = categoryMeans(result);
  if (categories.size > 0) {
    const baseCats = baseline ? categoryMeans(baseline) : new Map<string, number>();
    out.push(`| ${m.judged.category} | ${m.judged.baselineRow} | ${m.judged.candidateRow} |`, '|---|---:|---:|');
    for (const [cat, mean] of [...categories].sort((a, b) => (a[0] < b[0] ? -1 : 1)))
      out.push(`| ${inlineText(cat, 60)} | ${formatMetric(baseCats.get(cat))} | ${formatMetric(mean)} |`);
    out.push('');
  }
  const agreement = judgeAgreement(result.records);
  if (agreement) {
    out.push(
      m.judged.agreement(
        agreement.judges.map((j) => inlineCode(j)).join(', '),
        `${(100 * agreement.exactAgreement).toFixed(0)}%`,
        agreement.records,
        agreement.weightedKappa === null ? m.judged.kappaUndefined : agreement.weightedKappa.toFixed(2),
      ),
    );
    if (agreement.disagreements.length) {
      out.push(
        m.judged.disagree(
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
    ((r.detail['judgments'] as Judgment[] | undefined) ?? [])
      .filter((j) => j.clippedFrom !== null)
      .map((j) => `${r.caseId}: ${j.clippedFrom} → ${j.score}`),
  );
  if (clipped.length)
    out.push(
      m.judged.clipped(
        clipped
          .slice(0, 10)
          .map((c) => inlineText(c, 60))
          .join('; '),
      ),
    );
  const followUps = result.records.flatMap((r) =>
    ((r.detail['judgments'] as Judgment[] | undefined) ?? []).filter((j) => j.method === 'follow-up'),
  ).length;
  if (followUps) out.push(m.judged.followUps(followUps));
  return out;
}

/** A second judge's scores of the flagged answers (`evalgate rejudge --cross-check`), against the recorded ones. */
function crossCheckLines(result: SuiteResult, m: Messages): string[] {
  const checked = result.records.flatMap((r) => {
    const c = r.detail[CROSS_CHECK_DETAIL_KEY] as CrossCheck | undefined;
    return c ? [{ r, c }] : [];
  });
  if (checked.length === 0) return [];
  const judge = (checked[0] as { c: CrossCheck }).c.judge;
  const failed = checked.filter(({ c }) => 'error' in c).length;
  const apart = checked.filter(
    ({ r, c }) =>
      'score' in c && r.scores?.['score'] !== undefined && Math.abs(c.score - (r.scores['score'] as number)) >= 2,
  );
  const list = apart
    .slice(0, 20)
    .map(
      ({ r, c }) =>
        `${inlineCode(r.caseId, 80)} (${formatMetric(r.scores?.['score'])} → ${'score' in c ? c.score : '?'})`,
    )
    .join('; ');
  return [m.judged.crossCheck(inlineCode(judge, 60), checked.length, list, failed), ''];
}

function categoryMeans(result: SuiteResult): Map<string, number> {
  const sums = new Map<string, { s: number; n: number }>();
  for (const r of result.records) {
    const cat = r.detail['category'];
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
export function judgedCaseLines(rc: CaseChange, m: Messages): string[] {
  const out: string[] = [];
  const criteria = rc.candidateDetail?.['criteria'] ?? rc.baselineDetail?.['criteria'];
  if (typeof criteria === 'string' && criteria !== '') out.push(m.judged.criteria, '', codeBlock(criteria, 600), '');
  for (const [side, detail] of [
    ['baseline', rc.baselineDetail],
    ['candidate', rc.candidateDetail],
  ] as const) {
    const judgments = (detail?.['judgments'] as Judgment[] | undefined) ?? [];
    for (const j of judgments) {
      out.push(
        m.judged.judgedBy(
          side,
          j.score,
          inlineCode(j.judge),
          j.clippedFrom !== null ? m.judged.clippedFrom(j.clippedFrom) : '',
        ),
        '',
        codeBlock(j.reasoning, 800),
        '',
      );
    }
  }
  return out;
}
