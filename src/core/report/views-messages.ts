/**
 * The fixed strings of the pages beside the Markdown report — report.html, the baseline
 * history and the provider matrix — and of the trend line in the PR comment, in English
 * and Japanese. Kept apart from messages.ts (the comment's table) so either can grow
 * without touching the other; like it, messages only arrange values the caller formats.
 */
import type { ReportLanguage } from './languages.ts';

/** Strings the report page's script shows (sent to the page as data). */
export interface ClientText {
  filters: Record<'regressed' | 'improved' | 'failed' | 'errors' | 'all', string>;
  /** Why the failed filter is off: the suite has no pass/fail metric. */
  noFailMetric: string;
  search: string;
  searchHint: string;
  previous: string;
  next: string;
  page: string;
  /** "{shown} of {total} cases" with the placeholders filled by the page. */
  shown: string;
  none: string;
  columns: { case: string; baseline: string; candidate: string; change: string; status: string };
  status: Record<'regressed' | 'improved' | 'same' | 'added' | 'removed' | 'edited' | 'unpaired', string>;
  show: string;
  hide: string;
  question: string;
  expected: string;
  baselineReply: string;
  candidateReply: string;
  noReply: string;
  errors: string;
  repeats: string;
  removedWords: string;
  addedWords: string;
  tooLongToDiff: string;
  baselineSide: string;
  candidateSide: string;
  pass: string;
  fail: string;
  failedMark: string;
}

/** The message table of the pages. */
export interface ViewMessages {
  report: {
    title: string;
    generatedBy(version: string): string;
    summary: string;
    chart: string;
    chartAlt(count: number): string;
    chartLegend(gate: string): string;
    suites: string;
    cases: string;
    intervalTitle: string;
    intervalAlt(change: string, lower: string, upper: string, gate: string): string;
    intervalLegend(gate: string, mde: string | null): string;
    errorsByCause: string;
    errorsColumns: { cause: string; kind: string; status: string; records: string; cases: string; message: string };
    /** The two causes as the errors table names them. */
    causes: { candidate: string; infrastructure: string };
    noErrors: string;
    usage: string;
    notRun: string;
    trend: string;
    scriptNeeded: string;
  };
  client: ClientText;
  history: {
    title: string;
    intro(path: string, ref: string): string;
    columns: {
      suite: string;
      commit: string;
      date: string;
      value: string;
      interval: string;
      cases: string;
      model: string;
      change: string;
      subject: string;
    };
    intervalNote(level: string): string;
    none(path: string): string;
    shallow(first: string): string;
    unreadable(reason: string): string;
    chartAlt(suite: string, points: number): string;
    written(path: string): string;
  };
  matrix: {
    title: string;
    intro(providers: string, cases: string): string;
    columns: {
      suite: string;
      provider: string;
      model: string;
      value: string;
      difference: string;
      p: string;
      verdict: string;
      cost: string;
      latency: string;
      errors: string;
    };
    reference: string;
    notes(level: string): string[];
    written(path: string): string;
    chartAlt(suite: string): string;
  };
  /** The comment's line of the last few baselines of a suite. */
  trend(spark: string, values: string, commits: string): string;
  /** The comment's pointer to report.html: the artifact's name (as code) and a link to the run, when known. */
  htmlReport(artifact: string, run: string | null): string;
  /** A workflow run, as the link text of the pointer. */
  runLabel(run: number): string;
}

const en: ViewMessages = {
  report: {
    title: 'evalgate report',
    generatedBy: (version) =>
      `Written by evalgate${version ? ` ${version}` : ''}. Self-contained: this page loads nothing from the network.`,
    summary: 'Summary',
    chart: 'Each suite against its baseline',
    chartAlt: (n) =>
      `Bar chart: the primary metric of ${n} ${n === 1 ? 'suite' : 'suites'} as a percentage of its baseline, with the baseline at 100 and each suite's gate.`,
    chartLegend: (gate) =>
      `Bars: each suite's candidate as a percentage of its baseline; solid line at 100%: the baseline; dashed mark: the suite's gate (${gate}), below which a real drop fails the check.`,
    suites: 'Suites',
    cases: 'Cases',
    intervalTitle: 'Change and its interval',
    intervalAlt: (change, lower, upper, gate) =>
      `Change ${change}, interval from ${lower} to ${upper}; the gate is at ${gate}.`,
    intervalLegend: (gate, mde) =>
      `Dot: the measured change; bar: its interval; red line: the gate (${gate})${mde ? `; dashed line: the smallest drop this set detects reliably (${mde})` : ''}; grey line: no change.`,
    errorsByCause: 'Errors',
    errorsColumns: {
      cause: 'Cause',
      kind: 'Kind',
      status: 'Status',
      records: 'Records',
      cases: 'Cases',
      message: 'First message',
    },
    causes: {
      candidate: 'the candidate (counts as a failure of the case)',
      infrastructure: 'the infrastructure (excluded; the verdict must hold with it counted)',
    },
    noErrors: 'No call failed.',
    usage: 'Usage',
    notRun: 'Not run',
    trend: 'Baselines over time',
    scriptNeeded: 'The case tables need JavaScript; everything above is readable without it.',
  },
  client: {
    filters: { regressed: 'Regressed', improved: 'Improved', failed: 'Failed', errors: 'Errors', all: 'All' },
    noFailMetric: 'This suite has no pass/fail metric.',
    search: 'Search cases',
    searchHint: 'id, question, expected answer or reply',
    previous: 'Previous',
    next: 'Next',
    page: 'Page {page} of {pages}',
    shown: '{shown} of {total} cases',
    none: 'No case matches.',
    columns: { case: 'Case', baseline: 'Baseline', candidate: 'Candidate', change: 'Change', status: 'Status' },
    status: {
      regressed: 'regressed',
      improved: 'improved',
      same: 'unchanged',
      added: 'new case',
      removed: 'removed',
      edited: 'edited',
      unpaired: 'not compared',
    },
    show: 'Show',
    hide: 'Hide',
    question: 'Question',
    expected: 'Expected answer',
    baselineReply: 'Baseline reply',
    candidateReply: 'Candidate reply',
    noReply: '(no reply)',
    errors: 'Errors',
    repeats: 'repeats',
    removedWords: 'removed',
    addedWords: 'added',
    tooLongToDiff: 'The replies differ too much to mark word by word.',
    baselineSide: 'Baseline',
    candidateSide: 'Candidate',
    pass: 'pass',
    fail: 'fail',
    failedMark: 'failed',
  },
  history: {
    title: 'evalgate: baselines over time',
    intro: (path, ref) => `Every commit that changed ${path}, up to ${ref}, newest last.`,
    columns: {
      suite: 'Suite',
      commit: 'Commit',
      date: 'Date',
      value: 'Value',
      interval: 'Interval',
      cases: 'Cases',
      model: 'Model',
      change: 'Change',
      subject: 'Commit message',
    },
    intervalNote: (level) =>
      `Interval: ${level} bootstrap interval of the mean over the baseline's cases (or clusters), computed from its records; change: relative to the previous baseline of the suite.`,
    none: (path) => `No commit changed ${path}: commit baselines (evalgate run --update-baseline) to start a history.`,
    shallow: (first) => `This clone is shallow: history starts at ${first}. Run "git fetch --unshallow" for all of it.`,
    unreadable: (reason) => `unreadable: ${reason}`,
    chartAlt: (suite, n) => `Line chart of ${suite} over ${n} baselines, with each baseline's interval as a band.`,
    written: (path) => `history: ${path}`,
  },
  matrix: {
    title: 'evalgate: providers side by side',
    intro: (providers, cases) => `The same cases (${cases}) against ${providers}; the first provider is the reference.`,
    columns: {
      suite: 'Suite',
      provider: 'Provider',
      model: 'Model',
      value: 'Metric [interval]',
      difference: 'Paired change vs reference [interval]',
      p: 'p',
      verdict: 'Gate',
      cost: 'Cost',
      latency: 'Latency p50 / p90',
      errors: 'Errors',
    },
    reference: 'reference',
    notes: (level) => [
      `Metric: mean over cases, with its ${level} bootstrap interval over cases (or clusters).`,
      "Paired change: the same paired bootstrap as the gate, over the cases both providers scored; p is the exact sign-flip test; Gate: the verdict the suite's gate would give if the reference were the baseline.",
      'Cost: all target calls of the suite at list prices (cached calls counted as if made); judges are the same for every provider and are left out. Latency: per case and repeat, as measured when the reply was first fetched.',
    ],
    written: (path) => `matrix: ${path}`,
    chartAlt: (suite) => `Each provider's mean on ${suite} with its interval.`,
  },
  trend: (spark, values, commits) => `Baselines over time: ${spark} ${values} (${commits}).`,
  htmlReport: (artifact, run) =>
    `📄 Every case side by side, with filters and search: \`report.html\` in the artifact ${artifact}${run ? ` of ${run}` : ''} (a self-contained page; download it and open it in a browser).`,
  runLabel: (run) => `workflow run ${run}`,
};

const ja: ViewMessages = {
  report: {
    title: 'evalgate レポート',
    generatedBy: (version) =>
      `evalgate${version ? ` ${version}` : ''} が作成しました。このページは単体で完結しており、ネットワークから何も読み込みません。`,
    summary: '概要',
    chart: '各スイートとベースラインの比較',
    chartAlt: (n) =>
      `棒グラフ：${n}スイートの主指標をベースラインに対する割合（%）で示し、100の線がベースライン、各スイートのゲートも示します。`,
    chartLegend: (gate) =>
      `棒：各スイートの候補（ベースラインに対する割合 %）、100% の実線：ベースライン、破線の印：スイートのゲート（${gate}）。これを下回る確かな低下でチェックが失敗します。`,
    suites: 'スイート',
    cases: 'ケース',
    intervalTitle: '変化とその信頼区間',
    intervalAlt: (change, lower, upper, gate) => `変化 ${change}、区間 ${lower} 〜 ${upper}。ゲートは ${gate}。`,
    intervalLegend: (gate, mde) =>
      `点：測定された変化、棒：その区間、赤い線：ゲート（${gate}）${mde ? `、破線：このセットで確実に検出できる最小の低下（${mde}）` : ''}、灰色の線：変化なし。`,
    errorsByCause: 'エラー',
    errorsColumns: {
      cause: '原因',
      kind: '種類',
      status: 'ステータス',
      records: '記録数',
      cases: 'ケース',
      message: '最初のメッセージ',
    },
    causes: {
      candidate: '候補側（そのケースの失敗として数える）',
      infrastructure: '基盤側（除外。失敗として数えても判定が変わらないことを確認）',
    },
    noErrors: '失敗した呼び出しはありません。',
    usage: '使用量',
    notRun: '未実行',
    trend: 'ベースラインの推移',
    scriptNeeded: 'ケースの表には JavaScript が必要です。上の内容は JavaScript なしで読めます。',
  },
  client: {
    filters: { regressed: '低下', improved: '改善', failed: '不合格', errors: 'エラー', all: 'すべて' },
    noFailMetric: 'このスイートには合否を表す指標がありません。',
    search: 'ケースを検索',
    searchHint: 'ID、質問、期待される回答、応答',
    previous: '前へ',
    next: '次へ',
    page: '{page} / {pages} ページ',
    shown: '{total}件中{shown}件',
    none: '該当するケースはありません。',
    columns: { case: 'ケース', baseline: 'ベースライン', candidate: '候補', change: '変化', status: '状態' },
    status: {
      regressed: '低下',
      improved: '改善',
      same: '変化なし',
      added: '新規',
      removed: '削除',
      edited: '編集',
      unpaired: '比較対象外',
    },
    show: '表示',
    hide: '閉じる',
    question: '質問',
    expected: '期待される回答',
    baselineReply: 'ベースラインの回答',
    candidateReply: '候補の回答',
    noReply: '（回答なし）',
    errors: 'エラー',
    repeats: '回の繰り返し',
    removedWords: '削除',
    addedWords: '追加',
    tooLongToDiff: '応答の違いが大きすぎるため、単語ごとの差分は表示しません。',
    baselineSide: 'ベースライン',
    candidateSide: '候補',
    pass: '合格',
    fail: '不合格',
    failedMark: '不合格',
  },
  history: {
    title: 'evalgate：ベースラインの推移',
    intro: (path, ref) => `${ref} までに ${path} を変更したすべてのコミット（古い順）。`,
    columns: {
      suite: 'スイート',
      commit: 'コミット',
      date: '日時',
      value: '値',
      interval: '区間',
      cases: 'ケース',
      model: 'モデル',
      change: '変化',
      subject: 'コミットメッセージ',
    },
    intervalNote: (level) =>
      `区間：ベースラインの記録から求めた、ケース（またはクラスタ）の平均に対する${level}ブートストラップ区間。変化：同じスイートの一つ前のベースラインに対する相対変化。`,
    none: (path) =>
      `${path} を変更したコミットはありません。ベースラインをコミットすると（evalgate run --update-baseline）推移が記録されます。`,
    shallow: (first) =>
      `このクローンは浅いため、履歴は ${first} から始まります。すべて見るには "git fetch --unshallow" を実行してください。`,
    unreadable: (reason) => `読めません：${reason}`,
    chartAlt: (suite, n) => `${suite} の${n}件のベースラインの折れ線グラフ（各ベースラインの区間を帯で表示）。`,
    written: (path) => `推移：${path}`,
  },
  matrix: {
    title: 'evalgate：プロバイダーの比較',
    intro: (providers, cases) => `同じケース（${cases}）を ${providers} で評価しました。最初のプロバイダーが基準です。`,
    columns: {
      suite: 'スイート',
      provider: 'プロバイダー',
      model: 'モデル',
      value: '指標 [区間]',
      difference: '基準との対応のある変化 [区間]',
      p: 'p',
      verdict: 'ゲート',
      cost: '費用',
      latency: 'レイテンシ p50 / p90',
      errors: 'エラー',
    },
    reference: '基準',
    notes: (level) => [
      `指標：ケースの平均と、ケース（またはクラスタ）に対する${level}ブートストラップ区間。`,
      '対応のある変化：ゲートと同じ対応のあるブートストラップで、両方のプロバイダーが採点したケースについて求めました。p は符号反転の正確検定、ゲート：基準をベースラインとしたときのスイートのゲートの判定です。',
      '費用：スイートの対象モデルへのすべての呼び出しを定価で計算（キャッシュ済みの呼び出しも含む）。審査モデルはどのプロバイダーでも同じため除外しています。レイテンシ：ケース・繰り返しごとに、応答を最初に取得したときの値です。',
    ],
    written: (path) => `比較：${path}`,
    chartAlt: (suite) => `${suite} の各プロバイダーの平均と区間。`,
  },
  trend: (spark, values, commits) => `ベースラインの推移：${spark} ${values}（${commits}）。`,
  htmlReport: (artifact, run) =>
    `📄 すべてのケースを並べて比較（絞り込み・検索付き）：${run ? `${run} の` : ''}アーティファクト ${artifact} の \`report.html\`（単体で完結したページです。ダウンロードしてブラウザーで開いてください）。`,
  runLabel: (run) => `ワークフロー実行 ${run}`,
};

/** The page strings of a language. */
export function viewMessagesFor(language: ReportLanguage): ViewMessages {
  return language === 'ja' ? ja : en;
}
