/**
 * Agreement between judges when a suite has several. The statistic is Cohen's kappa with
 * quadratic weights, averaged over judge pairs: it treats the 1–5 scale as ordered (a 4
 * against a 5 is a small disagreement, a 1 against a 5 a large one) and corrects for the
 * agreement two judges would reach by chance. Exact agreement is reported beside it.
 */
import type { CaseRecord } from '../../types.ts';

/** Agreement figures for a suite. */
export interface Agreement {
  judges: string[];
  /** Records judged by every judge. */
  records: number;
  exactAgreement: number;
  /** Mean pairwise quadratic-weighted kappa; null when undefined (no variation). */
  weightedKappa: number | null;
  /** Records where two judges differ by 2 points or more. */
  disagreements: { caseId: string; repeat: number; scores: Record<string, number> }[];
}

interface JudgmentLike {
  judge: string;
  score: number;
}

/** Agreement over the records of a judged suite with two or more judges; null otherwise. */
export function judgeAgreement(records: readonly CaseRecord[]): Agreement | null {
  const rows: { caseId: string; repeat: number; scores: Record<string, number> }[] = [];
  const names = new Set<string>();
  for (const r of records) {
    const judgments = r.detail['judgments'] as JudgmentLike[] | undefined;
    if (!Array.isArray(judgments) || judgments.length < 2 || r.status !== 'scored') continue;
    const scores: Record<string, number> = {};
    for (const j of judgments) {
      scores[j.judge] = j.score;
      names.add(j.judge);
    }
    rows.push({ caseId: r.caseId, repeat: r.repeat, scores });
  }
  const judges = [...names].sort();
  if (rows.length === 0 || judges.length < 2) return null;
  let exact = 0;
  let pairsSeen = 0;
  const kappas: number[] = [];
  for (let a = 0; a < judges.length; a++) {
    for (let b = a + 1; b < judges.length; b++) {
      const x: number[] = [];
      const y: number[] = [];
      for (const row of rows) {
        const sa = row.scores[judges[a] as string];
        const sb = row.scores[judges[b] as string];
        if (sa === undefined || sb === undefined) continue;
        x.push(sa);
        y.push(sb);
        pairsSeen++;
        if (sa === sb) exact++;
      }
      const k = quadraticKappa(x, y);
      if (k !== null) kappas.push(k);
    }
  }
  const disagreements = rows.filter((row) => {
    const v = Object.values(row.scores);
    return Math.max(...v) - Math.min(...v) >= 2;
  });
  return {
    judges,
    records: rows.length,
    exactAgreement: pairsSeen === 0 ? 0 : exact / pairsSeen,
    weightedKappa: kappas.length === 0 ? null : kappas.reduce((s, k) => s + k, 0) / kappas.length,
    disagreements,
  };
}

/** Cohen's kappa with quadratic weights on the 1–5 scale; null when chance agreement is total. */
export function quadraticKappa(x: readonly number[], y: readonly number[]): number | null {
  const K = 5;
  const n = x.length;
  if (n === 0) return null;
  const observed = Array.from({ length: K }, () => new Array<number>(K).fill(0));
  const rowTotals = new Array<number>(K).fill(0);
  const colTotals = new Array<number>(K).fill(0);
  for (let i = 0; i < n; i++) {
    const a = Math.min(K, Math.max(1, Math.round(x[i] as number))) - 1;
    const b = Math.min(K, Math.max(1, Math.round(y[i] as number))) - 1;
    (observed[a] as number[])[b] = ((observed[a] as number[])[b] as number) + 1;
    rowTotals[a] = (rowTotals[a] as number) + 1;
    colTotals[b] = (colTotals[b] as number) + 1;
  }
  let num = 0;
  let den = 0;
  for (let i = 0; i < K; i++) {
    for (let j = 0; j < K; j++) {
      const w = ((i - j) * (i - j)) / ((K - 1) * (K - 1));
      num += w * ((observed[i] as number[])[j] as number);
      den += (w * (rowTotals[i] as number) * (colTotals[j] as number)) / n;
    }
  }
  return den === 0 ? null : 1 - num / den;
}
