/**
 * The round-trip kind's report strings, in English and Japanese (the report's language
 * picks). Numbers and model text are formatted and escaped by the caller.
 */
import type { ReportLanguage } from '../../report/languages.ts';
import { count, noun } from '../../report/plural.ts';

/** The round-trip kind's message table. */
export interface RoundTripMessages {
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
  /** Table headings of the two sides. */
  baselineRow: string;
  candidateRow: string;
  /** Where a round trip stopped, by stage id (`completed`, `syntax-error` …). */
  stageName: Readonly<Record<string, string>>;
}

const en: RoundTripMessages = {
  unsafe: (e) =>
    `> [!CAUTION]\n> This suite ran model-written code with the ${e} executor, which is **not a sandbox**: the code could read the runner's files and reach the network. Use the default executor (pyodide) on runners that hold secrets.`,
  stopsTitle: 'Where the round trips stopped',
  stage: 'stage',
  perTask: 'Per task: L2-Score mean ± sd over repeats, and full-success rate',
  task: 'task',
  l2: 'L2',
  fullSuccess: 'full success',
  crossLanguage: 'Round trip across languages (mean L2-Score per task)',
  fullSuccessRate: (rate, reached, walks, cycles, baseline) =>
    `Full success: ${reached} of ${count(walks, 'walk')} reached ${noun(cycles, 'its cycle', `all ${cycles} cycles`)} (${rate}${baseline === null ? '' : `; baseline ${baseline}`}).`,
  stopped: (side, stage, cycle, message) =>
    `${side === 'baseline' ? 'Baseline' : 'Candidate'}: ${stage}${cycle === null ? '' : ` at cycle ${cycle}`} — ${message}`,
  baselineRow: 'baseline',
  candidateRow: 'candidate',
  stageName: {},
};

const ja: RoundTripMessages = {
  unsafe: (e) =>
    `> [!CAUTION]\n> このスイートはモデルが書いたコードを ${e} 実行器で実行しました。これは**サンドボックスではありません**。コードはランナーのファイルを読み、ネットワークに接続できました。シークレットを持つランナーでは既定の実行器（pyodide）を使ってください。`,
  stopsTitle: 'ラウンドトリップが止まった段階',
  stage: '段階',
  perTask: 'タスクごと：繰り返し全体での L2 スコアの平均 ± 標準偏差と完走率',
  task: 'タスク',
  l2: 'L2',
  fullSuccess: '完走率',
  crossLanguage: '言語ごとのラウンドトリップ（タスクごとの L2 スコア平均）',
  fullSuccessRate: (rate, reached, walks, cycles, baseline) =>
    `完走：${walks}回のうち${reached}回が全${cycles}サイクルを通過しました（${rate}${baseline === null ? '' : `、ベースライン ${baseline}`}）。`,
  stopped: (side, stage, cycle, message) =>
    `${side === 'baseline' ? 'ベースライン' : '候補'}：${stage}${cycle === null ? '' : `（サイクル ${cycle}）`} — ${message}`,
  baselineRow: 'ベースライン',
  candidateRow: '候補',
  stageName: {
    completed: '完走',
    'syntax-error': '構文エラー',
    'test-failure': 'テスト不合格',
    timeout: '時間切れ',
    'sandbox-violation': 'サンドボックス違反',
    'declared-unable': 'モデルが実行不能と回答',
    'format-error': '形式エラー',
    'language-error': '言語エラー',
    'provider-error': 'プロバイダーのエラー',
  },
};

/** The round-trip kind's messages in a report language. */
export function roundTripMessages(language: ReportLanguage): RoundTripMessages {
  return language === 'ja' ? ja : en;
}
