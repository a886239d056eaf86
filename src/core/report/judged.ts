/**
 * The judged parts of the report: the 1–5 distribution of baseline and candidate,
 * per-category means, agreement between judges, refusals and clipped scores, and per
 * case the judge's reasoning. Pairwise suites show wins, ties and losses and the
 * reasons for the losses.
 */
import type { CaseChange } from '../compare.ts';
import { judgeAgreement } from '../kinds/judged/agreement.ts';
import type { Judgment, PairJudgment } from '../kinds/judged/suite.ts';
import type { SuiteResult } from '../types.ts';
import { formatMetric } from './format.ts';
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
export function judgedSuiteLines(result: SuiteResult, baseline: SuiteResult | null, targetModel: string): string[] {
  const out: string[] = [];
  const judges = (result.instrument.settings['judges'] as { model: string }[] | undefined) ?? [];
  if (judges.some((j) => j.model === targetModel)) {
    out.push(`⚠️ The judge is the target model (${inlineCode(targetModel)}): models tend to prefer their own answers; use a different, stronger judge.`);
  }
  const refused = result.records.filter((r) => r.status === 'refused').length;
  if (refused) out.push(`${refused} answers were refusals (${result.instrument.settings['refusals'] === 'exclude' ? 'excluded from the score' : 'scored 1'}), shown apart from errors.`);
  if (result.instrument.primaryMetric === 'net-win') {
    const outcomes = result.records.map((r) => r.scores?.['net-win']).filter((v): v is number => v !== undefined);
    const wins = outcomes.filter((v) => v > 0).length;
    const losses = outcomes.filter((v) => v < 0).length;
    out.push(`Pairwise against the baseline's answers: ${wins} wins, ${outcomes.length - wins - losses} ties, ${losses} losses (a verdict counts only when both orders agree).`);
    const lost = result.records.filter((r) => (r.scores?.['net-win'] ?? 0) < 0).slice(0, 10);
    if (lost.length) {
      out.push('', '<details>', `<summary>Why the candidate lost (${lost.length} shown)</summary>`, '');
      for (const r of lost) {
        const pairs = (r.detail['pairs'] as PairJudgment[] | undefined) ?? [];
        out.push(`**Case ${inlineCode(r.caseId)}**`, '', codeBlock(pairs.flatMap((p) => p.orders.map((o) => `[${p.judge}, ${o.first} shown first → ${o.winner}] ${o.reasoning}`)).join('\n\n'), 1200), '');
      }
      out.push('</details>', '');
    }
    return out;
  }
  const cand = distribution(result);
  const base = baseline ? distribution(baseline) : null;
  out.push('', '| score | 1 | 2 | 3 | 4 | 5 |', '|---|---:|---:|---:|---:|---:|');
  if (base) out.push(`| baseline | ${base.join(' | ')} |`);
  out.push(`| candidate | ${cand.join(' | ')} |`, '');
  const categories = categoryMeans(result);
  if (categories.size > 0) {
    const baseCats = baseline ? categoryMeans(baseline) : new Map<string, number>();
    out.push('| category | baseline | candidate |', '|---|---:|---:|');
    for (const [cat, mean] of [...categories].sort((a, b) => (a[0] < b[0] ? -1 : 1))) out.push(`| ${inlineText(cat, 60)} | ${formatMetric(baseCats.get(cat))} | ${formatMetric(mean)} |`);
    out.push('');
  }
  const agreement = judgeAgreement(result.records);
  if (agreement) {
    out.push(`Judges ${agreement.judges.map((j) => inlineCode(j)).join(', ')} agree exactly on ${(100 * agreement.exactAgreement).toFixed(0)}% of ${agreement.records} answers; quadratic-weighted Cohen's kappa ${agreement.weightedKappa === null ? 'undefined (no variation)' : agreement.weightedKappa.toFixed(2)} (mean over judge pairs).`);
    if (agreement.disagreements.length) {
      out.push(`They differ by 2 points or more on: ${agreement.disagreements.slice(0, 20).map((d) => `${inlineCode(d.caseId)} (${Object.entries(d.scores).map(([j, s]) => `${inlineText(j, 40)} ${s}`).join(', ')})`).join('; ')}.`);
    }
  }
  const clipped = result.records.flatMap((r) => ((r.detail['judgments'] as Judgment[] | undefined) ?? []).filter((j) => j.clippedFrom !== null).map((j) => `${r.caseId}: ${j.clippedFrom} → ${j.score}`));
  if (clipped.length) out.push(`Judge scores outside 1–5 were clipped: ${clipped.slice(0, 10).map((c) => inlineText(c, 60)).join('; ')}.`);
  const followUps = result.records.flatMap((r) => ((r.detail['judgments'] as Judgment[] | undefined) ?? []).filter((j) => j.method === 'follow-up')).length;
  if (followUps) out.push(`${followUps} scores needed a follow-up call asking the judge for the number.`);
  return out;
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
export function judgedCaseLines(rc: CaseChange): string[] {
  const out: string[] = [];
  const criteria = rc.candidateDetail?.['criteria'] ?? rc.baselineDetail?.['criteria'];
  if (typeof criteria === 'string' && criteria !== '') out.push('Criteria:', '', codeBlock(criteria, 600), '');
  for (const [label, detail] of [['Baseline', rc.baselineDetail], ['Candidate', rc.candidateDetail]] as const) {
    const judgments = (detail?.['judgments'] as Judgment[] | undefined) ?? [];
    for (const j of judgments) {
      out.push(`${label} judged ${j.score} by ${inlineCode(j.judge)}${j.clippedFrom !== null ? ` (clipped from ${j.clippedFrom})` : ''}:`, '', codeBlock(j.reasoning, 800), '');
    }
  }
  return out;
}
