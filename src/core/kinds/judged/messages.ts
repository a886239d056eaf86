/**
 * The judged kind's report strings, in English and Japanese (the report's language picks).
 * Numbers and model text are formatted and escaped by the caller.
 */
import type { ReportLanguage } from '../../report/languages.ts';
import { count, noun } from '../../report/plural.ts';

/** The judged kind's message table. */
export interface JudgedMessages {
  selfJudge(model: string): string;
  refusals(n: number, excluded: boolean): string;
  pairwise(wins: number, ties: number, losses: number): string;
  whyLost(n: number): string;
  scoreRow: string;
  baselineRow: string;
  candidateRow: string;
  category: string;
  agreement(judges: string, exact: string, records: number, kappa: string): string;
  kappaUndefined: string;
  disagree(list: string): string;
  clipped(list: string): string;
  followUps(n: number): string;
  criteria: string;
  judgedBy(side: 'baseline' | 'candidate', score: number, judge: string, clipped: string): string;
  clippedFrom(raw: number): string;
  manipulation(cases: number, list: string, more: number): string;
  secondOpinion(model: string, asked: number, yes: number, no: number, failed: number): string;
  crossCheck(judge: string, checked: number, list: string, failed: number): string;
  caseLabel(id: string): string;
  pairOrder(judge: string, first: string, winner: string): string;
}

const en: JudgedMessages = {
  selfJudge: (m) =>
    `⚠️ The judge is the target model (${m}): models tend to prefer their own answers; use a different, stronger judge.`,
  refusals: (n, excluded) =>
    `${count(n, 'answer')} ${noun(n, 'was a refusal', 'were refusals')} (${excluded ? 'excluded from the score' : 'scored 1'}), shown apart from errors.`,
  pairwise: (w, t, l) =>
    `Pairwise against the baseline's answers: ${count(w, 'win')}, ${count(t, 'tie')}, ${count(l, 'loss', 'losses')} (a verdict counts only when both orders agree).`,
  whyLost: (n) => `Why the candidate lost (${n} shown)`,
  scoreRow: 'score',
  baselineRow: 'baseline',
  candidateRow: 'candidate',
  category: 'category',
  agreement: (judges, exact, records, kappa) =>
    `Judges ${judges} agree exactly on ${exact} of ${count(records, 'answer')}; quadratic-weighted Cohen's kappa ${kappa} (mean over judge pairs).`,
  kappaUndefined: 'undefined (no variation)',
  disagree: (list) => `They differ by 2 points or more on: ${list}.`,
  clipped: (list) => `Judge scores outside 1–5 were clipped: ${list}.`,
  followUps: (n) => `${count(n, 'score')} needed a follow-up call asking the judge for the number.`,
  criteria: 'Criteria:',
  judgedBy: (side, score, judge, clipped) =>
    `${side === 'baseline' ? 'Baseline' : 'Candidate'} judged ${score} by ${judge}${clipped}:`,
  clippedFrom: (raw) => ` (clipped from ${raw})`,
  manipulation: (n, list, more) =>
    `⚠️ Possible attempts to influence the judge: ${count(n, 'case')} (scores kept; the judge was told to score such text down): ${list}${more > 0 ? `; and ${more} more` : ''}.`,
  secondOpinion: (model, asked, yes, no, failed) =>
    `Second opinion by ${model} on ${count(asked, 'answer')} the scan flagged or found borderline: ${yes} tr${yes === 1 ? 'ies' : 'y'} to influence grading, ${no} do${no === 1 ? 'es' : ''} not${failed ? `, ${failed} could not be checked (counted as flagged)` : ''}. Strongly flagged answers stay flagged whatever it said.`,
  crossCheck: (judge, n, list, failed) =>
    `Cross-check of ${n} flagged ${noun(n, 'answer')} by ${judge}: ${list ? `it differs from the recorded score by 2 points or more on ${list}` : 'it agrees with the recorded scores within 1 point'}${failed ? `; ${failed} could not be cross-checked (judge error)` : ''}.`,
  caseLabel: (id) => `**Case ${id}**`,
  pairOrder: (judge, first, winner) => `[${judge}, ${first} shown first → ${winner}]`,
};

const ja: JudgedMessages = {
  selfJudge: (m) =>
    `⚠️ 審査モデルが評価対象と同じモデル（${m}）です。モデルは自分の回答を好む傾向があるため、別のより強いモデルを審査に使ってください。`,
  refusals: (n, excluded) =>
    `${n}件の回答が拒否でした（${excluded ? 'スコアから除外' : '1点として採点'}）。エラーとは分けて表示しています。`,
  pairwise: (w, t, l) =>
    `ベースラインの回答との一対比較：勝ち${w}、引き分け${t}、負け${l}（両方の順序で判定が一致した場合のみ勝ち負けとします）。`,
  whyLost: (n) => `候補が負けた理由（${n}件を表示）`,
  scoreRow: '得点',
  baselineRow: 'ベースライン',
  candidateRow: '候補',
  category: 'カテゴリ',
  agreement: (judges, exact, records, kappa) =>
    `審査モデル ${judges} の採点は${records}件中${exact}で完全に一致しました。二次の重み付きCohenのκは${kappa}です（審査モデルの組の平均）。`,
  kappaUndefined: '定義できません（ばらつきなし）',
  disagree: (list) => `2点以上食い違ったケース：${list}。`,
  clipped: (list) => `1〜5の範囲外の採点を丸めました：${list}。`,
  followUps: (n) => `${n}件の採点で、点数だけを尋ねる追加の呼び出しが必要でした。`,
  criteria: '採点基準：',
  judgedBy: (side, score, judge, clipped) =>
    `${side === 'baseline' ? 'ベースライン' : '候補'}の採点 ${score}（審査：${judge}${clipped}）：`,
  clippedFrom: (raw) => `、元の値 ${raw}`,
  manipulation: (n, list, more) =>
    `⚠️ 審査モデルへの働きかけと思われる回答: ${n}件(採点はそのまま。審査モデルにはこうした記述を減点するよう指示しています): ${list}${more > 0 ? `、ほか${more}件` : ''}。`,
  secondOpinion: (model, asked, yes, no, failed) =>
    `${model} による二次判定(検査でフラグ付き、または判断が分かれる回答${asked}件): 採点を動かそうとしている ${yes}件、していない ${no}件${failed ? `、判定できなかった ${failed}件(フラグ付きとして扱います)` : ''}。強いフラグの付いた回答は、二次判定にかかわらずフラグ付きのままです。`,
  crossCheck: (judge, n, list, failed) =>
    `${judge} による、フラグ付きの回答${n}件の再採点: ${list ? `記録された採点と2点以上食い違ったケース: ${list}` : '記録された採点との差はすべて1点以内でした'}${failed ? `(${failed}件は審査モデルのエラーで再採点できませんでした)` : ''}。`,
  caseLabel: (id) => `**ケース ${id}**`,
  pairOrder: (judge, first, winner) => `[${judge}、先に提示：${first} → 勝ち：${winner}]`,
};

/** The judged kind's messages in a report language. */
export function judgedMessages(language: ReportLanguage): JudgedMessages {
  return language === 'ja' ? ja : en;
}
