/**
 * Every fixed string of the report, in English and Japanese (`report-language`). Numbers
 * and model text are formatted and escaped by the caller; messages only arrange them.
 */

/** Report languages. */
export const REPORT_LANGUAGES = ['en', 'ja'] as const;
/** A report language. */
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];

/** The message table. */
export interface Messages {
  headline: {
    regression(count: number, total: number, list: string): string;
    error(count: number, total: number): string;
    inconclusive(count: number, total: number): string;
    stale(count: number, total: number): string;
    noBaseline(count: number, total: number): string;
    pass(total: number, gate: string): string;
    nothingRun: string;
  };
  table: { suite: string; metric: string; baseline: string; candidate: string; change: string; verdict: string };
  notRunReason: Record<string, string>;
  chartTitle: string;
  kindModel(kind: string, model: string, served: string): string;
  servedAs(list: string): string;
  whatChanged(list: string): string;
  interval(change: string, level: string, method: string, lower: string, upper: string, units: number, clusters: boolean, b: string, seed: string, se: string): string;
  percentileFallback(reason: string): string;
  /** Replaces the interval sentence when the interval has zero width. */
  noVariation(change: string, units: number, clusters: boolean, b: string, seed: string): string;
  skippedResamples(skipped: string, kept: string): string;
  exactTest(changed: number, p: string, method: 'exact' | 'monte-carlo', draws: string): string;
  holm(p: string, family: number): string;
  holmChanged(names: string, family: number): string;
  mcnemar(b: number, c: number, p: string): string;
  /** The resampled units, plural. */
  units: Record<'cases' | 'clusters' | 'tasks', string>;
  powerLow(n: number, unit: string, mde: string, level: string, gate: string, needed: string): string;
  powerOk(n: number, unit: string, mde: string, level: string, gate: string): string;
  compared(n: number, extra: string, improved: number, regressed: number): string;
  notCompared: { added(n: number): string; removed(n: number): string; edited(n: number): string; noSample(n: number): string; join: string };
  errors(failed: number, total: number, rate: string, tolerance: string): string;
  note(text: string): string;
  usage(input: string, output: string, calls: string, extra: string): string;
  judgeUsage(input: string, output: string, calls: string, cost: string): string;
  fromCache(n: string): string;
  retries(n: string): string;
  cost(amount: string, source: string): string;
  time(seconds: string): string;
  regressedSummary(count: number, shown: number): string;
  caseHeading(id: string, metric: string, before: string, after: string): string;
  question: string;
  expected: string;
  baselineReply: string;
  candidateReply: string;
  noReply: string;
  explain: Record<string, (gate: string, extra: { minCases: number; changed: number; p: string; pAdjusted: string; family: number; failed: number; total: number; tolerance: string; name: string; stale: string }) => string>;
  judged: {
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
  };
  roundTrip: {
    unsafe(executor: string): string;
    stopsTitle: string;
    stage: string;
    perTask: string;
    task: string;
    l2: string;
    fullSuccess: string;
    crossLanguage: string;
    fullSuccessRate(rate: string, reached: number, walks: number, cycles: number, baseline: string | null): string;
    stopped(side: 'baseline' | 'candidate', stage: string, cycle: number | null, message: string): string;
  };
  truncated(cut: number): string;
  scripted: string;
}

const en: Messages = {
  headline: {
    regression: (n, t, list) => `**${n} of ${t} suites regressed** beyond the allowed drop: ${list}.`,
    error: (n, t) => `**${n} of ${t} suites could not be evaluated**: too many calls failed or nothing was comparable. No score was recorded for a failed call.`,
    inconclusive: (n, t) => `**${n} of ${t} suites may have dropped**, but the eval set cannot tell the drop from noise.`,
    stale: (n, t) => `**${n} of ${t} suites have a stale baseline**: the way they are measured changed, so they were not compared.`,
    noBaseline: (n, t) => `**${n} of ${t} suites have no baseline yet**; the others pass.`,
    pass: (t, gate) => `**All ${t} suites pass**: no metric dropped beyond the allowed ${gate}.`,
    nothingRun: '**No suite is affected by this change**, so nothing was evaluated.',
  },
  table: { suite: 'Suite', metric: 'Metric', baseline: 'Baseline', candidate: 'Candidate', change: 'Change (interval)', verdict: 'Verdict' },
  notRunReason: { unchanged: 'unchanged, not run', 'not selected': 'not selected' },
  chartTitle: 'Baseline vs candidate (primary metric)',
  kindModel: (kind, model, served) => `Kind ${kind}; model ${model}${served}.`,
  servedAs: (list) => ` (served as ${list})`,
  whatChanged: (list) => `What changed: ${list}.`,
  interval: (change, level, method, lower, upper, units, clusters, b, seed, se) => `Change ${change}, ${level} ${method} interval [${lower}, ${upper}] from a paired bootstrap over ${units} ${clusters ? 'clusters' : 'cases'} (B = ${b}, seed \`${seed}\`, SE ${se}).`,
  percentileFallback: (reason) => `percentile (BCa undefined: ${reason})`,
  noVariation: (change, units, clusters, b, seed) => `Change ${change}, with no variation: the paired bootstrap over ${units} ${clusters ? 'clusters' : 'cases'} (B = ${b}, seed \`${seed}\`) gives this one change, so the interval has zero width and no interval method is claimed.`,
  skippedResamples: (skipped, kept) => `${skipped} resamples drew only cases with a baseline of 0 and were skipped; the interval rests on the other ${kept}.`,
  exactTest: (k, p, method, draws) => `Sign-flip test of no change over the ${k} ${k === 1 ? 'unit' : 'units'} that changed: p = ${p} (${method === 'exact' ? 'exact' : `Monte Carlo over ${draws} random sign patterns`}).`,
  holm: (p, family) => `Holm-adjusted across the ${family} suites compared in this run: p = ${p}.`,
  holmChanged: (names, family) => `Holm's adjustment across the ${family} suites compared in this run changed a verdict from regression to inconclusive: ${names}. Each suite alone tests at the configured confidence; together they would fail unchanged PRs more often (\`gate.multiplicity: none\` turns this off).`,
  mcnemar: (b, c, p) => `McNemar's exact test: ${b} cases went from pass to fail and ${c} from fail to pass, p = ${p}.`,
  units: { cases: 'cases', clusters: 'clusters', tasks: 'tasks' },
  powerLow: (n, unit, mde, level, gate, needed) => `⚠️ With ${n} ${unit} this suite can only detect a drop of about ${mde} (80% power, the gate's two-sided ${level} test), more than the ${gate} gate: about ${needed} ${unit} would be needed to see a ${gate} drop.`,
  powerOk: (n, unit, mde, level, gate) => `With ${n} ${unit} this suite detects a drop of about ${mde} or more (80% power, the gate's two-sided ${level} test); the gate is ${gate}.`,
  compared: (n, extra, improved, regressed) => `${n} cases compared${extra ? `; not compared: ${extra}` : ''}.${improved ? ` ${improved} improved, ${regressed} regressed.` : ''}`,
  notCompared: { added: (n) => `${n} added`, removed: (n) => `${n} removed`, edited: (n) => `${n} edited`, noSample: (n) => `${n} without a valid sample on one side`, join: ', ' },
  errors: (f, t, rate, tol) => `Errors: ${f} of ${t} calls failed (${rate}; tolerance ${tol}). Failed calls are excluded, never scored.`,
  note: (text) => `Note: ${text}`,
  usage: (i, o, calls, extra) => `Tokens: ${i} in, ${o} out over ${calls} calls${extra}`,
  judgeUsage: (i, o, calls, cost) => `Judges: ${i} tokens in, ${o} out over ${calls} calls${cost ? `; cost $${cost}` : ''}.`,
  fromCache: (n) => `${n} from the cache`,
  retries: (n) => `${n} retries`,
  cost: (amount, source) => `cost $${amount} (prices: ${source})`,
  time: (s) => `time ${s} s`,
  regressedSummary: (count, shown) => `Cases that regressed: ${count}${count > shown ? ` (worst ${shown} shown)` : ''}`,
  caseHeading: (id, metric, before, after) => `**Case ${id}**: ${metric} ${before} → ${after}`,
  question: 'Question:',
  expected: 'Expected:',
  baselineReply: 'Baseline reply:',
  candidateReply: 'Candidate reply:',
  noReply: '(no reply)',
  explain: {
    'beyond-threshold-confident': (g) => `**Regression.** The drop is beyond ${g} and even the interval's upper end is beyond it.`,
    'beyond-threshold-significant': (g) => `**Regression.** The measured drop is beyond ${g} and the interval excludes no change.`,
    'beyond-threshold-noisy': (g) => `**Inconclusive.** The measured drop is beyond ${g}, but the interval still includes no change; more cases would tell.`,
    'interval-straddles-threshold': (g) => `**Inconclusive** (strict policy): the interval reaches both sides of ${g}.`,
    'exact-test-disagrees': (g, x) => `**Inconclusive.** The drop is beyond ${g} and the interval excludes no change, but an exact test on the ${x.changed} cases that changed does not (p = ${x.p}): too few cases moved to rule out chance. More cases would tell.`,
    'multiplicity-adjusted': (g, x) => `**Inconclusive.** On its own this suite would be a regression (beyond ${g}, exact p = ${x.p}), but across the ${x.family} suites compared in this run the Holm-adjusted p is ${x.pAdjusted}, which does not rule out chance (\`gate.multiplicity: holm\`).`,
    'too-few-cases': (_g, x) => `**Inconclusive.** The drop looks real, but fewer than ${x.minCases} cases were compared.`,
    'undefined-relative-change': () => '**Inconclusive.** The baseline scored 0, so a relative change is undefined and no absolute threshold is set.',
    improved: () => '**Pass.** The metric improved, and the interval is above zero.',
    'within-threshold-shown': (g) => `**Pass.** The interval shows the change is within ${g}.`,
    'no-drop-shown': (g) => `**Pass.** No drop beyond ${g} was measured (the interval does not rule one out).`,
    'errors-over-tolerance': (_g, x) => `**Error.** ${x.failed} of ${x.total} calls failed, more than the ${x.tolerance} tolerated; the suite was not compared.`,
    'no-comparable-cases': () => '**Error.** No case could be paired with the baseline.',
    'no-baseline': (_g, x) => `**No baseline.** Create one with \`evalgate run --suite ${x.name} --update-baseline\` (or the action's \`mode: baseline\`) and commit \`baselines/${x.name}.json\`.`,
    'stale-baseline': (_g, x) => `**Stale baseline.** The baseline was measured differently (${x.stale}); refresh it with \`evalgate run --suite ${x.name} --update-baseline\` on the base branch${x.stale.includes('judge') ? ', or `evalgate rejudge` its stored answers' : ''}.`,
  },
  judged: {
    selfJudge: (m) => `⚠️ The judge is the target model (${m}): models tend to prefer their own answers; use a different, stronger judge.`,
    refusals: (n, excluded) => `${n} answers were refusals (${excluded ? 'excluded from the score' : 'scored 1'}), shown apart from errors.`,
    pairwise: (w, t, l) => `Pairwise against the baseline's answers: ${w} wins, ${t} ties, ${l} losses (a verdict counts only when both orders agree).`,
    whyLost: (n) => `Why the candidate lost (${n} shown)`,
    scoreRow: 'score',
    baselineRow: 'baseline',
    candidateRow: 'candidate',
    category: 'category',
    agreement: (judges, exact, records, kappa) => `Judges ${judges} agree exactly on ${exact} of ${records} answers; quadratic-weighted Cohen's kappa ${kappa} (mean over judge pairs).`,
    kappaUndefined: 'undefined (no variation)',
    disagree: (list) => `They differ by 2 points or more on: ${list}.`,
    clipped: (list) => `Judge scores outside 1–5 were clipped: ${list}.`,
    followUps: (n) => `${n} scores needed a follow-up call asking the judge for the number.`,
    criteria: 'Criteria:',
    judgedBy: (side, score, judge, clipped) => `${side === 'baseline' ? 'Baseline' : 'Candidate'} judged ${score} by ${judge}${clipped}:`,
    clippedFrom: (raw) => ` (clipped from ${raw})`,
  },
  roundTrip: {
    unsafe: (e) => `> [!CAUTION]\n> This suite ran model-written code with the ${e} executor, which is **not a sandbox**: the code could read the runner's files and reach the network. Use the default executor (pyodide) on runners that hold secrets.`,
    stopsTitle: 'Where the round trips stopped',
    stage: 'stage',
    perTask: 'Per task: L2-Score mean ± sd over repeats, and full-success rate',
    task: 'task',
    l2: 'L2',
    fullSuccess: 'full success',
    crossLanguage: 'Round trip across languages (mean L2-Score per task)',
    fullSuccessRate: (rate, reached, walks, cycles, baseline) => `Full success: ${reached} of ${walks} walks reached all ${cycles} cycles (${rate}${baseline === null ? '' : `; baseline ${baseline}`}).`,
    stopped: (side, stage, cycle, message) => `${side === 'baseline' ? 'Baseline' : 'Candidate'}: ${stage}${cycle === null ? '' : ` at cycle ${cycle}`} — ${message}`,
  },
  truncated: (cut) => `> [!WARNING]\n> This report was cut to fit GitHub's 65,536-character limit: ${cut} ${cut === 1 ? 'section was' : 'sections were'} left out. The full report is in the job summary and the \`report.md\` artifact.`,
  scripted: 'Scripted demo',
};

const ja: Messages = {
  headline: {
    regression: (n, t, list) => `**${t}スイート中${n}スイートが許容幅を超えて低下しました**: ${list}。`,
    error: (n, t) => `**${t}スイート中${n}スイートを評価できませんでした**: 失敗した呼び出しが多すぎるか、比較できるケースがありません。失敗した呼び出しをスコアとして記録することはありません。`,
    inconclusive: (n, t) => `**${t}スイート中${n}スイートで低下の可能性があります**が、評価セットの規模ではノイズと区別できません。`,
    stale: (n, t) => `**${t}スイート中${n}スイートのベースラインが古くなっています**: 測り方が変わったため比較していません。`,
    noBaseline: (n, t) => `**${t}スイート中${n}スイートにはまだベースラインがありません**。ほかのスイートは合格です。`,
    pass: (t, gate) => `**全${t}スイートが合格です**: 許容幅 ${gate} を超えて低下した指標はありません。`,
    nothingRun: '**この変更の影響を受けるスイートはありません**。評価は行っていません。',
  },
  table: { suite: 'スイート', metric: '指標', baseline: 'ベースライン', candidate: '候補', change: '変化(信頼区間)', verdict: '判定' },
  notRunReason: { unchanged: '変更なし(未実行)', 'not selected': '選択外' },
  chartTitle: 'ベースラインと候補(主指標)',
  kindModel: (kind, model, served) => `種類 ${kind}、モデル ${model}${served}。`,
  servedAs: (list) => `(応答したモデル: ${list})`,
  whatChanged: (list) => `変更点: ${list}。`,
  interval: (change, level, method, lower, upper, units, clusters, b, seed, se) => `変化 ${change}、${units}${clusters ? 'クラスタ' : 'ケース'}の対応のあるブートストラップによる${level} ${method}区間 [${lower}, ${upper}](B = ${b}、シード \`${seed}\`、標準誤差 ${se})。`,
  percentileFallback: (reason) => `パーセンタイル(BCaは定義できないため: ${reason})`,
  noVariation: (change, units, clusters, b, seed) => `変化 ${change}、ばらつきなし: ${units}${clusters ? 'クラスタ' : 'ケース'}の対応のあるブートストラップ(B = ${b}、シード \`${seed}\`)はこの一つの変化しか与えないため、区間の幅はゼロで、区間の方法は主張しません。`,
  skippedResamples: (skipped, kept) => `ベースラインが0のケースだけを引いた${skipped}回のリサンプルは除外し、残り${kept}回で区間を求めました。`,
  exactTest: (k, p, method, draws) => `変化のあった${k}単位に対する符号反転検定(変化なしの仮説): p = ${p}(${method === 'exact' ? '正確' : `${draws}通りのランダムな符号パターンによるモンテカルロ`})。`,
  holm: (p, family) => `この実行で比較した${family}スイートにわたるHolm補正後: p = ${p}。`,
  holmChanged: (names, family) => `この実行で比較した${family}スイートにわたるHolm補正により、判定が「低下」から「判定保留」に変わりました: ${names}。スイートごとに設定の信頼度で検定すると、複数スイートでは変化のないPRが失敗する確率が高くなるためです(\`gate.multiplicity: none\` で無効にできます)。`,
  mcnemar: (b, c, p) => `McNemarの正確検定: 合格→不合格が${b}件、不合格→合格が${c}件、p = ${p}。`,
  units: { cases: 'ケース', clusters: 'クラスタ', tasks: 'タスク' },
  powerLow: (n, unit, mde, level, gate, needed) => `⚠️ ${n}${unit}では、このスイートが検出できる低下は約${mde}(検出力80%、ゲートの両側${level}検定)で、ゲートの${gate}より大きいです。${gate}の低下を検出するには約${needed}${unit}が必要です。`,
  powerOk: (n, unit, mde, level, gate) => `${n}${unit}で、約${mde}以上の低下を検出できます(検出力80%、ゲートの両側${level}検定)。ゲートは${gate}です。`,
  compared: (n, extra, improved, regressed) => `${n}ケースを比較しました${extra ? `(比較対象外: ${extra})` : ''}。${improved ? `改善${improved}件、低下${regressed}件。` : ''}`,
  notCompared: { added: (n) => `追加${n}件`, removed: (n) => `削除${n}件`, edited: (n) => `変更${n}件`, noSample: (n) => `片側に有効なサンプルがない${n}件`, join: '、' },
  errors: (f, t, rate, tol) => `エラー: ${t}回の呼び出しのうち${f}回が失敗しました(${rate}、許容 ${tol})。失敗した呼び出しは除外され、スコアにはなりません。`,
  note: (text) => `注: ${text}`,
  usage: (i, o, calls, extra) => `トークン: 入力 ${i}、出力 ${o}(${calls}回の呼び出し${extra})`,
  judgeUsage: (i, o, calls, cost) => `審査モデル: 入力 ${i}、出力 ${o} トークン(${calls}回の呼び出し)${cost ? `、費用 $${cost}` : ''}。`,
  fromCache: (n) => `うちキャッシュ ${n}回`,
  retries: (n) => `再試行 ${n}回`,
  cost: (amount, source) => `費用 $${amount}(価格: ${source})`,
  time: (s) => `所要時間 ${s}秒`,
  regressedSummary: (count, shown) => `低下したケース: ${count}件${count > shown ? `(悪い順に${shown}件を表示)` : ''}`,
  caseHeading: (id, metric, before, after) => `**ケース ${id}**: ${metric} ${before} → ${after}`,
  question: '質問:',
  expected: '期待される回答:',
  baselineReply: 'ベースラインの回答:',
  candidateReply: '候補の回答:',
  noReply: '(回答なし)',
  explain: {
    'beyond-threshold-confident': (g) => `**低下。** 低下は${g}を超えており、信頼区間の上端も${g}を下回っています。`,
    'beyond-threshold-significant': (g) => `**低下。** 測定された低下は${g}を超えており、信頼区間は「変化なし」を含みません。`,
    'beyond-threshold-noisy': (g) => `**判定保留。** 測定された低下は${g}を超えていますが、信頼区間が「変化なし」を含みます。ケースを増やせば判定できます。`,
    'interval-straddles-threshold': (g) => `**判定保留**(strictポリシー): 信頼区間が${g}の両側にまたがっています。`,
    'exact-test-disagrees': (g, x) => `**判定保留。** 低下は${g}を超え、信頼区間も「変化なし」を含みませんが、変化した${x.changed}ケースに対する正確検定では有意ではありません(p = ${x.p})。偶然を否定できるほど多くのケースが動いていません。ケースを増やせば判定できます。`,
    'multiplicity-adjusted': (g, x) => `**判定保留。** このスイート単独では低下と判定されます(${g}超、正確検定 p = ${x.p})が、この実行で比較した${x.family}スイートにわたるHolm補正後の p は${x.pAdjusted}で、偶然を否定できません(\`gate.multiplicity: holm\`)。`,
    'too-few-cases': (_g, x) => `**判定保留。** 低下しているように見えますが、比較したケースが${x.minCases}件未満です。`,
    'undefined-relative-change': () => '**判定保留。** ベースラインのスコアが0のため相対変化が定義できず、絶対しきい値も設定されていません。',
    improved: () => '**合格。** 指標は改善しており、信頼区間はゼロより上です。',
    'within-threshold-shown': (g) => `**合格。** 信頼区間から、変化が${g}以内であることが示されています。`,
    'no-drop-shown': (g) => `**合格。** ${g}を超える低下は測定されませんでした(信頼区間はその可能性を否定していません)。`,
    'errors-over-tolerance': (_g, x) => `**エラー。** ${x.total}回の呼び出しのうち${x.failed}回が失敗し、許容値${x.tolerance}を超えたため比較していません。`,
    'no-comparable-cases': () => '**エラー。** ベースラインと対応づけられるケースがありません。',
    'no-baseline': (_g, x) => `**ベースラインなし。** \`evalgate run --suite ${x.name} --update-baseline\`(またはアクションの \`mode: baseline\`)で作成し、\`baselines/${x.name}.json\` をコミットしてください。`,
    'stale-baseline': (_g, x) => `**ベースラインが古い。** ベースラインは異なる方法で測定されています(${x.stale})。ベースブランチで \`evalgate run --suite ${x.name} --update-baseline\` を実行して更新してください${x.stale.includes('judge') ? '(保存済みの回答を `evalgate rejudge` で採点し直すこともできます)' : ''}。`,
  },
  judged: {
    selfJudge: (m) => `⚠️ 審査モデルが評価対象と同じモデル(${m})です。モデルは自分の回答を好む傾向があるため、別のより強いモデルを審査に使ってください。`,
    refusals: (n, excluded) => `${n}件の回答が拒否でした(${excluded ? 'スコアから除外' : '1点として採点'})。エラーとは分けて表示しています。`,
    pairwise: (w, t, l) => `ベースラインの回答との一対比較: 勝ち${w}、引き分け${t}、負け${l}(両方の順序で判定が一致した場合のみ勝ち負けとします)。`,
    whyLost: (n) => `候補が負けた理由(${n}件を表示)`,
    scoreRow: '得点',
    baselineRow: 'ベースライン',
    candidateRow: '候補',
    category: 'カテゴリ',
    agreement: (judges, exact, records, kappa) => `審査モデル ${judges} の採点は${records}件中${exact}で完全に一致しました。二次の重み付きCohenのκは${kappa}です(審査モデルの組の平均)。`,
    kappaUndefined: '定義できません(ばらつきなし)',
    disagree: (list) => `2点以上食い違ったケース: ${list}。`,
    clipped: (list) => `1〜5の範囲外の採点を丸めました: ${list}。`,
    followUps: (n) => `${n}件の採点で、点数だけを尋ねる追加の呼び出しが必要でした。`,
    criteria: '採点基準:',
    judgedBy: (side, score, judge, clipped) => `${side === 'baseline' ? 'ベースライン' : '候補'}の採点 ${score}(審査: ${judge}${clipped}):`,
    clippedFrom: (raw) => `、元の値 ${raw}`,
  },
  roundTrip: {
    unsafe: (e) => `> [!CAUTION]\n> このスイートはモデルが書いたコードを ${e} 実行器で実行しました。これは**サンドボックスではありません**。コードはランナーのファイルを読み、ネットワークに接続できました。シークレットを持つランナーでは既定の実行器(pyodide)を使ってください。`,
    stopsTitle: 'ラウンドトリップが止まった段階',
    stage: '段階',
    perTask: 'タスクごと: 繰り返し全体での L2 スコアの平均 ± 標準偏差と完走率',
    task: 'タスク',
    l2: 'L2',
    fullSuccess: '完走率',
    crossLanguage: '言語ごとのラウンドトリップ(タスクごとの L2 スコア平均)',
    fullSuccessRate: (rate, reached, walks, cycles, baseline) => `完走: ${walks}回のうち${reached}回が全${cycles}サイクルを通過しました(${rate}${baseline === null ? '' : `、ベースライン ${baseline}`})。`,
    stopped: (side, stage, cycle, message) => `${side === 'baseline' ? 'ベースライン' : '候補'}: ${stage}${cycle === null ? '' : `(サイクル ${cycle})`} — ${message}`,
  },
  truncated: (cut) => `> [!WARNING]\n> GitHubの65,536文字の上限に収めるため、このレポートから${cut}セクションを省きました。完全なレポートはジョブサマリーと \`report.md\` アーティファクトにあります。`,
  scripted: 'スクリプトによるデモ',
};

/** The message table of a language. */
export function messagesFor(language: ReportLanguage): Messages {
  return language === 'ja' ? ja : en;
}
