/**
 * Every fixed string of the report, in English and Japanese (`report-language`). Numbers
 * and model text are formatted and escaped by the caller; messages only arrange them.
 */

import type { TrustedChangeKind } from '../types.ts';

import type { ReportLanguage } from './languages.ts';
import { count, noun, shown } from './plural.ts';

export { REPORT_LANGUAGES, type ReportLanguage } from './languages.ts';

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
    /** Suites removed with their files; `fails` when gate.on-removed-suite is fail. */
    removed(names: string, count: number, fails: boolean): string;
    /** Appended when suites without a baseline came with the removal: maybe a rename. */
    renamed(removed: string, added: string): string;
    /** Appended to another headline: the run also removed suites under on-removed-suite: warn. */
    alsoRemoved(names: string, count: number): string;
  };
  table: { suite: string; metric: string; baseline: string; candidate: string; change: string; verdict: string };
  notRunReason: Record<string, string>;
  chartTitle: string;
  /** The chart's legend: what the bars and the two lines are. */
  chartLegend(gate: string): string;
  /** The key from the chart's numbers to suite names. */
  chartKey: string;
  kindModel(kind: string, model: string, served: string): string;
  servedAs(list: string): string;
  whatChanged(list: string): string;
  interval(
    change: string,
    level: string,
    method: string,
    lower: string,
    upper: string,
    units: number,
    clusters: boolean,
    b: string,
    seed: string,
    se: string,
  ): string;
  percentileFallback(reason: string): string;
  /** Replaces the interval sentence when the interval has zero width. */
  noVariation(change: string, units: number, clusters: boolean, b: string, seed: string): string;
  skippedResamples(skipped: string, kept: string): string;
  exactTest(changed: number, p: string, method: 'exact' | 'monte-carlo', draws: string): string;
  /** `family` suites could reach significance of the `compared` in the run (Tarone's rule). */
  holm(p: string, family: number, compared: number): string;
  holmChanged(names: string, family: number, compared: number): string;
  mcnemar(b: number, c: number, p: string): string;
  /** The resampled unit, in the form for `n`. */
  unit(unit: 'cases' | 'clusters' | 'tasks', n: number): string;
  powerLow(
    n: number,
    unit: 'cases' | 'clusters' | 'tasks',
    mde: string,
    level: string,
    gate: string,
    needed: number,
  ): string;
  powerOk(n: number, unit: 'cases' | 'clusters' | 'tasks', mde: string, level: string, gate: string): string;
  compared(n: number, extra: string, improved: number, regressed: number): string;
  notCompared: {
    added(n: number): string;
    removed(n: number): string;
    edited(n: number): string;
    noSample(n: number): string;
    join: string;
  };
  /** The errors section, by cause (docs/design/spec.md, "Errors by cause"). */
  causes: {
    /** Errors the candidate caused: counted as failures. `reasons` lists the codes with counts. */
    candidate(records: number, total: number, cases: number, reasons: string): string;
    /** Errors of the infrastructure: excluded up to the tolerance. */
    infrastructure(records: number, total: number, rate: string, tolerance: string, reasons: string): string;
    /** Whether the verdict holds with the infrastructure errors counted as failures. */
    holds(verdict: string, cases: number): string;
    wouldBe(verdict: string, cases: number, list: string): string;
    /** Appended to the compared-cases sentence. */
    countedAsFailures(cases: number): string;
    /** Shown for a regressed case whose candidate record is an error. */
    candidateError: string;
  };
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
  explain: Record<
    string,
    (
      gate: string,
      extra: {
        minCases: number;
        changed: number;
        p: string;
        pAdjusted: string;
        family: number;
        compared: number;
        failed: number;
        /** Whether `failed` counts only the infrastructure's errors (there is a baseline). */
        infrastructureOnly: boolean;
        total: number;
        tolerance: string;
        name: string;
        stale: string;
      },
    ) => string
  >;
  truncated(cut: number): string;
  /** The job summary's note when it was cut below GitHub's 1 MiB step-summary limit. */
  summaryTruncated(cut: number): string;
  scripted: string;
  /** Strings added for the CLI's final lines, verdict names and baseline writing (issue 19). */
  /** Absolute floors (gate.min). */
  floor: {
    /** Headline when the worst verdict is below-floor. */
    headline(count: number, total: number, list: string): string;
    /** One floor and this run's value; `problem` when it cannot be checked. */
    fact(metric: string, value: string, min: string, met: boolean, problem: string | null): string;
  };
  more: {
    verdict: Record<
      'pass' | 'regression' | 'below-floor' | 'inconclusive' | 'error' | 'no-baseline' | 'stale-baseline',
      string
    >;
    percentOfBaseline: string;
    /** Headline when no inconclusive suite measured a drop (an improvement the set cannot confirm). */
    inconclusiveNoDrop(count: number, total: number): string;
    /** Appended to a passing headline when suites improved. */
    improved(count: number): string;
    /** Headline when every suite without a baseline just had one written. */
    baselinesWritten(count: number, total: number): string;
    /** A suite's explanation when --update-baseline wrote its first baseline. */
    baselineWritten(name: string): string;
    judgedBy(models: string): string;
    cliReport(path: string): string;
    cliBaselineWritten(path: string): string;
    cliFirstError(name: string, error: string): string;
    cliErrors(n: number): string;
    cliShard(index: number, count: number, runId: string, path: string): string;
    /** Where prices came from: the config, or the built-in table of a date. */
    pricesFrom(source: string): string;
    /** Joins the parts of the usage line, and ends it. */
    usageJoin: string;
    usageEnd: string;
  };
  trust: {
    heading: string;
    note: Record<TrustedChangeKind, string>;
    cacheRejected(n: number): string;
    recordsRejected(n: number): string;
    /** `path` and `file` come formatted as inline code. */
    committedIgnored(path: string, files: number): string;
    noBaseConfig(file: string): string;
    prConfigTrusted: string;
    casesFromBase(suite: string, restored: number, reverted: number): string;
  };
  /** How providers' replies and servers behaved (reasoning, truncation, adaptations, budget). */
  provider: {
    heading: string;
    adapted(provider: string, notes: string): string;
    budgetStopped(reason: string): string;
    truncated(n: number, total: number, list: string): string;
    truncatedWarning(share: string, threshold: string): string;
    cut(n: number, list: string): string;
    reasoning(n: number, total: number): string;
    reasoningTokens(tokens: string, cost: string): string;
  };
}

const en: Messages = {
  headline: {
    regression: (n, t, list) => `**${n} of ${count(t, 'suite')} regressed** beyond the allowed drop: ${list}.`,
    error: (n, t) =>
      `**${n} of ${count(t, 'suite')} could not be evaluated**: too many calls failed, nothing was comparable, or answers addressed the judge under \`gate.on-judge-manipulation: fail\`. No score was recorded for a failed call.`,
    inconclusive: (n, t) =>
      `**${n} of ${count(t, 'suite')} may have dropped**, but the eval set cannot tell the drop from noise.`,
    stale: (n, t) =>
      `**${n} of ${count(t, 'suite')} ${noun(n, 'has', 'have')} a stale baseline**: the way ${noun(n, 'it is', 'they are')} measured changed, so ${noun(n, 'it was', 'they were')} not compared.`,
    noBaseline: (n, t) =>
      `**${n} of ${count(t, 'suite')} ${noun(n, 'has', 'have')} no baseline yet**${n < t ? `; the ${noun(t - n, 'other passes', 'others pass')}` : ''}.`,
    pass: (t, gate) =>
      `**${noun(t, 'The suite passes', `All ${t} suites pass`)}**: no metric dropped beyond the allowed ${gate}.`,
    nothingRun: '**No suite is affected by this change**, so nothing was evaluated.',
    removed: (names, n, fails) =>
      fails
        ? `**This pull request removes ${n === 1 ? 'suite' : 'suites'} ${names} together with ${n === 1 ? 'its' : 'their'} files**, and \`gate.on-removed-suite\` is \`fail\`: nothing measures ${n === 1 ? 'it' : 'them'} any more, so the check fails. To remove ${n === 1 ? 'it' : 'them'} on purpose, set \`gate.on-removed-suite: warn\` on the base branch first.`
        : `**This pull request removes ${n === 1 ? 'suite' : 'suites'} ${names} together with ${n === 1 ? 'its' : 'their'} files**; \`gate.on-removed-suite\` is \`warn\`, so this does not fail the check.`,
    renamed: (removed, added) =>
      ` If ${removed} was renamed to ${added}, keep the old entry until the new suite's baseline is merged: a new name has no baseline to be compared with.`,
    alsoRemoved: (names, n) =>
      ` It also removes ${n === 1 ? 'suite' : 'suites'} ${names} with ${n === 1 ? 'its' : 'their'} files (\`gate.on-removed-suite: warn\`).`,
  },
  table: {
    suite: 'Suite',
    metric: 'Metric',
    baseline: 'Baseline',
    candidate: 'Candidate',
    change: 'Change (interval)',
    verdict: 'Verdict',
  },
  notRunReason: {
    unchanged: 'unchanged, not run',
    'not selected': 'not selected',
    removed: 'removed by this pull request',
    budget: 'not run: the budget was spent',
  },
  chartTitle: 'Baseline vs candidate (primary metric)',
  chartLegend: (gate) =>
    `Legend: bars — each suite's candidate as a % of its baseline; line at 100 — the baseline; lower line — the gate (${gate}), below which a real drop fails the check.`,
  chartKey: 'Suites by number:',
  kindModel: (kind, model, served) => `Kind ${kind}; model ${model}${served}.`,
  servedAs: (list) => ` (served as ${list})`,
  whatChanged: (list) => `What changed: ${list}.`,
  interval: (change, level, method, lower, upper, units, clusters, b, seed, se) =>
    `Change ${change}, ${level} ${method} interval [${lower}, ${upper}] from a paired bootstrap over ${count(units, clusters ? 'cluster' : 'case')} (B = ${b}, seed \`${seed}\`, SE ${se}).`,
  percentileFallback: (reason) => `percentile (BCa undefined: ${reason})`,
  noVariation: (change, units, clusters, b, seed) =>
    `Change ${change}, with no variation: the paired bootstrap over ${count(units, clusters ? 'cluster' : 'case')} (B = ${b}, seed \`${seed}\`) gives this one change, so the interval has zero width and no interval method is claimed.`,
  skippedResamples: (skipped, kept) =>
    `${skipped} ${noun(shown(skipped), 'resample', 'resamples')} drew only cases with a baseline of 0 and ${noun(shown(skipped), 'was', 'were')} skipped; the interval rests on the other ${kept}.`,
  exactTest: (k, p, method, draws) =>
    `Sign-flip test of no change over the ${count(k, 'unit')} that changed: p = ${p} (${method === 'exact' ? 'exact' : `Monte Carlo over ${draws} random sign patterns`}).`,
  holm: (p, family, compared) =>
    `Holm-adjusted in a family of ${family} of the ${count(compared, 'suite')} compared in this run (suites whose exact test could not reach significance are not counted): p = ${p}.`,
  holmChanged: (names, family, compared) =>
    `Holm's adjustment in a family of ${family} of the ${count(compared, 'suite')} compared in this run changed a verdict from regression to inconclusive: ${names}. Each suite alone tests at the configured confidence; together they would fail unchanged PRs more often. Suites whose exact test could not reach significance (no case changed, or too few) are not counted (\`gate.multiplicity: none\` turns the adjustment off).`,
  mcnemar: (b, c, p) =>
    `McNemar's exact test: ${count(b, 'case')} went from pass to fail and ${c} from fail to pass, p = ${p}.`,
  unit: (unit, n) => noun(n, unit.slice(0, -1), unit),
  powerLow: (n, unit, mde, level, gate, needed) =>
    `⚠️ With ${count(n, unit.slice(0, -1), unit)} this suite can only detect a drop of about ${mde} (80% power, the gate's two-sided ${level} test), more than the ${gate} gate: about ${count(needed, unit.slice(0, -1), unit)} would be needed to see a ${gate} drop.`,
  powerOk: (n, unit, mde, level, gate) =>
    `With ${count(n, unit.slice(0, -1), unit)} this suite detects a drop of about ${mde} or more (80% power, the gate's two-sided ${level} test); the gate is ${gate}.`,
  compared: (n, extra, improved, regressed) =>
    `${count(n, 'case')} compared${extra ? `; not compared: ${extra}` : ''}.${improved ? ` ${improved} improved, ${regressed} regressed.` : ''}`,
  notCompared: {
    added: (n) => `${n} added`,
    removed: (n) => `${n} removed`,
    edited: (n) => `${n} edited`,
    noSample: (n) => `${n} without a valid sample on one side`,
    join: ', ',
  },
  causes: {
    candidate: (n, t, cases, reasons) =>
      `Errors the candidate caused: ${n} of ${count(t, 'record')}, in ${count(cases, 'case')} (${reasons}). Each counts as a failure of its case (the metric's worst value): what the prompt or the model's output made fail is not excused.`,
    infrastructure: (n, t, rate, tol, reasons) =>
      `Errors of the infrastructure: ${n} of ${count(t, 'record')} (${reasons}; ${rate}, tolerance ${tol}). They are excluded, never scored.`,
    holds: (verdict, cases) =>
      `Counted as failures, the ${count(cases, 'case')} with infrastructure errors would leave the verdict ${verdict}: it holds.`,
    wouldBe: (verdict, cases, list) =>
      `Counted as failures, the ${count(cases, 'case')} with infrastructure errors (${list}) would make this suite ${verdict}.`,
    countedAsFailures: (n) => ` ${n} of them count as failures for errors or refusals the candidate caused.`,
    candidateError: 'Candidate error:',
  },
  note: (text) => `Note: ${text}`,
  usage: (i, o, calls, extra) => `Tokens: ${i} in, ${o} out over ${calls} ${noun(shown(calls), 'call')}${extra}`,
  judgeUsage: (i, o, calls, cost) =>
    `Judges: ${i} ${noun(shown(i), 'token')} in, ${o} out over ${calls} ${noun(shown(calls), 'call')}${cost ? `; cost $${cost}` : ''}.`,
  fromCache: (n) => `${n} from the cache`,
  retries: (n) => `${n} ${noun(shown(n), 'retry', 'retries')}`,
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
    'beyond-threshold-confident': (g) =>
      `**Regression.** The drop is beyond ${g} and even the interval's upper end is beyond it.`,
    'beyond-threshold-significant': (g) =>
      `**Regression.** The measured drop is beyond ${g} and the interval excludes no change.`,
    'beyond-threshold-noisy': (g) =>
      `**Inconclusive.** The measured drop is beyond ${g}, but the interval still includes no change; more cases would tell.`,
    'interval-straddles-threshold': (g) => `**Inconclusive** (strict policy): the interval reaches both sides of ${g}.`,
    'exact-test-disagrees': (g, x) =>
      `**Inconclusive.** The drop is beyond ${g} and the interval excludes no change, but an exact test on the ${count(x.changed, 'case')} that changed does not (p = ${x.p}): too few cases moved to rule out chance. More cases would tell.`,
    'multiplicity-adjusted': (g, x) =>
      `**Inconclusive.** On its own this suite would be a regression (beyond ${g}, exact p = ${x.p}), but in a family of ${x.family} of the ${count(x.compared, 'suite')} compared in this run the Holm-adjusted p is ${x.pAdjusted}, which does not rule out chance (\`gate.multiplicity: holm\`).`,
    'too-few-cases': (_g, x) =>
      `**Inconclusive.** The drop looks real, but fewer than ${count(x.minCases, 'case')} were compared.`,
    'undefined-relative-change': () =>
      '**Inconclusive.** The baseline scored 0, so a relative change is undefined and no absolute threshold is set.',
    improved: () => '**Pass.** The metric improved, and the interval is above zero.',
    'within-threshold-shown': (g) => `**Pass.** The interval shows the change is within ${g}.`,
    'no-drop-shown': (g) => `**Pass.** No drop beyond ${g} was measured (the interval does not rule one out).`,
    'errors-over-tolerance': (_g, x) =>
      `**Error.** ${x.failed} of ${count(x.total, 'record')} failed${x.infrastructureOnly ? ' for reasons of the infrastructure' : ''}, more than the ${x.tolerance} tolerated; the suite was not compared.`,
    'base-unreadable': () =>
      "**Error.** The base commit's version of this suite's files could not be read (see the note below), so the cases the base defines were not measured — and the pull request's cases alone are not a comparison with the baseline. Fix the checkout so the base's files can be read, then re-run.",
    'instrument-not-base': () =>
      "**Error.** This suite would have been measured with an instrument other than the base branch's (see the note below); a pull request must not change what measures it, so it was not measured.",
    'infrastructure-errors-decide': () =>
      '**Error.** Some calls failed for reasons of the infrastructure, and counted as failures of the candidate they would change the verdict (see below): this run cannot tell a flaky provider from a candidate that fails there. Re-run the check.',
    'no-comparable-cases': () => '**Error.** No case could be paired with the baseline.',
    'too-few-paired': () =>
      "**Error.** Fewer than half of the baseline's cases could be paired, so this is not a comparison with the baseline.",
    'judge-manipulation': () =>
      "**Error.** Some answers address the judge (listed below), and `gate.on-judge-manipulation` is `fail`: their scores may have been talked up, so this suite cannot pass. Remove that text from the prompt's output, or set the gate to `warn` on the base branch.",
    'no-baseline': (_g, x) =>
      `**No baseline.** Create one with \`evalgate run --suite ${x.name} --update-baseline\` (or the action's \`mode: baseline\`) and commit \`baselines/${x.name}.json\`.`,
    'stale-baseline': (_g, x) =>
      `**Stale baseline.** The baseline was measured differently (${x.stale}); refresh it with \`evalgate run --suite ${x.name} --update-baseline\` on the base branch${x.stale.includes('judge') ? ', or `evalgate rejudge` its stored answers' : ''}.`,
    'below-floor': () =>
      '**Below the floor.** This run is under an absolute floor of `gate.min` (listed below), which fails the check on its own, whatever the comparison with the baseline says.',
  },
  floor: {
    headline: (n, t, list) =>
      `**${n} of ${count(t, 'suite')} ${noun(n, 'is', 'are')} below ${noun(n, 'its', 'their')} floor** (\`gate.min\`): ${list}.`,
    fact: (metric, value, min, met, problem) =>
      problem !== null
        ? `Floor (\`gate.min\`) ${metric} ≥ ${min}: cannot be checked, so not met: ${problem}.`
        : `Floor (\`gate.min\`): ${metric} ${value}, at least ${min} required — ${met ? 'met' : '**not met**'}.`,
  },
  trust: {
    heading: 'Trust and integrity',
    note: {
      endpoint:
        "changes where requests and keys go; the base branch's value was used. Applied after merge, not to this pull request.",
      gate: "changes the gate; the base branch's gate judged this pull request. Applied after merge.",
      instrument:
        "changes what measures the suite; it was measured with the base branch's instrument. Applied after merge — refresh the baseline then.",
      executor:
        "changes where model code runs; the base branch's executor (or the sandbox) was used. Applied after merge.",
      provider: 'adds or removes a provider; it is not called before merge.',
      suite: "removes the suite; it was still run from the base branch's definition.",
      'suite-gone':
        'removes the suite together with its files, so it could not be run; see `gate.on-removed-suite` for what this does to the check.',
    },
    cacheRejected: (n) =>
      `${n} cached ${noun(n, 'response')} failed authentication (forged, edited, or written with another key) and ${noun(n, 'was', 'were')} ignored; the model was called instead.`,
    recordsRejected: (n) =>
      `${count(n, 'line')} of a previous run's record log failed authentication and ${noun(n, 'was', 'were')} ignored; those cases were run again.`,
    committedIgnored: (path, files) =>
      `The checkout has ${files} committed ${noun(files, 'file')} (tracked by git) under ${path}; ${files === 1 ? 'it was' : 'they were'} ignored: on pull requests nothing in the checkout is read as a cached response or a finished record, and every case called the model.`,
    noBaseConfig: (file) =>
      `The base commit has no ${file}: this pull request introduces evalgate and ran with its own configuration; nothing was trusted from the base branch.`,
    prConfigTrusted:
      '`trust-pr-config` is set: this pull request ran with its own configuration, endpoints, executors and gate included.',
    casesFromBase: (suite, restored, reverted) =>
      `${suite}: every case the baseline measured was measured again as the base commit defines it (${restored} the pull request removed, ${reverted} it edited); its new or edited cases are compared after merge.`,
  },
  truncated: (cut) =>
    `> [!WARNING]\n> This report was cut to fit GitHub's 65,536-character limit: ${count(cut, 'section')} ${noun(cut, 'was', 'were')} left out. The full report is in the job summary and the \`report.md\` artifact.`,
  summaryTruncated: (cut) =>
    `> [!WARNING]\n> This summary was cut to stay under GitHub's 1 MiB job-summary limit: ${count(cut, 'section')} ${noun(cut, 'was', 'were')} left out. The full report is in the \`report.md\` artifact.`,
  scripted: 'Scripted demo',
  more: {
    verdict: {
      pass: 'pass',
      regression: 'regression',
      'below-floor': 'below-floor',
      inconclusive: 'inconclusive',
      error: 'error',
      'no-baseline': 'no-baseline',
      'stale-baseline': 'stale-baseline',
    },
    percentOfBaseline: '% of baseline',
    inconclusiveNoDrop: (n, t) =>
      `**${n} of ${count(t, 'suite')} ${noun(n, 'is', 'are')} inconclusive**: no drop was measured, but the eval set cannot rule one out.`,
    improved: (n) => ` ${count(n, 'suite')} improved.`,
    baselinesWritten: (n, t) =>
      `**${noun(n, 'Baseline', 'Baselines')} written for ${n} of ${count(t, 'suite')}**: commit ${noun(n, 'it', 'them')}; the next run compares with ${noun(n, 'it', 'them')}.`,
    baselineWritten: (name) =>
      `**Baseline written.** This run is now the baseline: commit \`baselines/${name}.json\`; the next run compares with it.`,
    judgedBy: (models) => `Judged by ${models}.`,
    cliReport: (path) => `report: ${path}`,
    cliBaselineWritten: (path) => `baseline written: ${path}`,
    cliFirstError: (name, error) => `  ${name}: first error: ${error}`,
    cliErrors: (n) => ` (${count(n, 'error')})`,
    cliShard: (i, n, runId, path) =>
      `evalgate: shard ${i}/${n} of run ${runId} written to ${path}; merge all shards with "evalgate merge --out DIR SHARD_DIR …"`,
    pricesFrom: (source) => source,
    usageJoin: '; ',
    usageEnd: '.',
  },
  provider: {
    heading: 'Providers and budget',
    adapted: (provider, notes) => `Provider ${provider} adapted to its server: ${notes}.`,
    budgetStopped: (reason) =>
      `**Stopped by the budget**: ${reason}. Calls in flight finished; the cases not run are missing from this partial result, so the run fails (exit 3). Everything finished is kept: rerun into the same output with a larger budget to resume.`,
    truncated: (n, total, list) =>
      `Cut by the token limit: ${n} of ${count(total, 'reply', 'replies')} (finish_reason \`length\`): ${list}. Raise \`max-tokens\` (or \`max-completion-tokens\` for a reasoning model) so answers can finish.`,
    truncatedWarning: (share, threshold) =>
      `⚠️ Warning: ${share} of replies were cut by the token limit, more than ${threshold} (gate.max-truncated-share); scores of cut answers say little about the prompt.`,
    cut: (n, list) =>
      `Cut to the reply size limit (max-reply-bytes) before scoring: ${count(n, 'reply', 'replies')}: ${list}.`,
    reasoning: (n, total) =>
      `${n} of ${count(total, 'reply', 'replies')} began with reasoning (a <think> block or reasoning_content); it was set aside before scoring and kept in the records.`,
    reasoningTokens: (tokens, cost) => `Reasoning tokens: ${tokens} of the output tokens${cost ? ` ($${cost})` : ''}.`,
  },
};

/** Japanese counts take a counter word, the same for every number. */
const JA_UNITS = { cases: 'ケース', clusters: 'クラスタ', tasks: 'タスク' } as const;

const ja: Messages = {
  headline: {
    regression: (n, t, list) => `**${t}スイート中${n}スイートが許容幅を超えて低下しました**：${list}。`,
    error: (n, t) =>
      `**${t}スイート中${n}スイートを評価できませんでした**：失敗した呼び出しが多すぎる、比較できるケースがない、または \`gate.on-judge-manipulation: fail\` のもとで審査モデルに向けた回答がありました。失敗した呼び出しをスコアとして記録することはありません。`,
    inconclusive: (n, t) =>
      `**${t}スイート中${n}スイートで低下の可能性があります**が、評価セットの規模ではノイズと区別できません。`,
    stale: (n, t) =>
      `**${t}スイート中${n}スイートのベースラインが古くなっています**：測り方が変わったため比較していません。`,
    noBaseline: (n, t) => `**${t}スイート中${n}スイートにはまだベースラインがありません**。ほかのスイートは合格です。`,
    pass: (t, gate) => `**全${t}スイートが合格です**：許容幅 ${gate} を超えて低下した指標はありません。`,
    nothingRun: '**この変更の影響を受けるスイートはありません**。評価は行っていません。',
    removed: (names, _n, fails) =>
      fails
        ? `**このプルリクエストはスイート ${names} をファイルごと削除します**。\`gate.on-removed-suite\` が \`fail\` のため、もう測定できないこのスイートによりチェックは失敗します。意図した削除なら、先にベースブランチで \`gate.on-removed-suite: warn\` にしてください。`
        : `**このプルリクエストはスイート ${names} をファイルごと削除します**。\`gate.on-removed-suite\` が \`warn\` のため、チェックは失敗しません。`,
    renamed: (removed, added) =>
      ` ${removed} を ${added} に改名したのであれば、新しいスイートのベースラインがマージされるまで古い定義を残してください（新しい名前には比較するベースラインがありません）。`,
    alsoRemoved: (names) => ` また、スイート ${names} をファイルごと削除します（\`gate.on-removed-suite: warn\`）。`,
  },
  table: {
    suite: 'スイート',
    metric: '指標',
    baseline: 'ベースライン',
    candidate: '候補',
    change: '変化（信頼区間）',
    verdict: '判定',
  },
  notRunReason: {
    unchanged: '変更なし（未実行）',
    'not selected': '選択外',
    removed: 'このプルリクエストで削除',
    budget: '未実行：予算を使い切りました',
  },
  chartTitle: 'ベースラインと候補（主指標）',
  chartLegend: (gate) =>
    `凡例：棒 — 各スイートの候補（ベースライン比 %）、100 の線 — ベースライン、下の線 — ゲート（${gate}）。これを下回る確かな低下でチェックが失敗します。`,
  chartKey: 'スイート番号：',
  kindModel: (kind, model, served) => `種類 ${kind}、モデル ${model}${served}。`,
  servedAs: (list) => `（応答したモデル：${list}）`,
  whatChanged: (list) => `変更点：${list}。`,
  interval: (change, level, method, lower, upper, units, clusters, b, seed, se) =>
    `変化 ${change}、${units}${clusters ? 'クラスタ' : 'ケース'}の対応のあるブートストラップによる${level} ${method}区間 [${lower}, ${upper}](B = ${b}、シード \`${seed}\`、標準誤差 ${se}）。`,
  percentileFallback: (reason) => `パーセンタイル（BCaは定義できないため：${reason}）`,
  noVariation: (change, units, clusters, b, seed) =>
    `変化 ${change}、ばらつきなし：${units}${clusters ? 'クラスタ' : 'ケース'}の対応のあるブートストラップ（B = ${b}、シード \`${seed}\`)はこの一つの変化しか与えないため、区間の幅はゼロで、区間の方法は主張しません。`,
  skippedResamples: (skipped, kept) =>
    `ベースラインが0のケースだけを引いた${skipped}回のリサンプルは除外し、残り${kept}回で区間を求めました。`,
  exactTest: (k, p, method, draws) =>
    `変化のあった${k}単位に対する符号反転検定（変化なしの仮説）：p = ${p}（${method === 'exact' ? '正確' : `${draws}通りのランダムな符号パターンによるモンテカルロ`}）。`,
  holm: (p, family, compared) =>
    `この実行で比較した${compared}スイートのうち${family}スイートの族でのHolm補正後（正確検定が有意になりえないスイートは数えません）：p = ${p}。`,
  holmChanged: (names, family, compared) =>
    `この実行で比較した${compared}スイートのうち${family}スイートの族でのHolm補正により、判定が「低下」から「判定保留」に変わりました：${names}。スイートごとに設定の信頼度で検定すると、複数スイートでは変化のないPRが失敗する確率が高くなるためです。正確検定が有意になりえないスイート（変化したケースがない、または少なすぎる）は数えません（\`gate.multiplicity: none\` で補正を無効にできます）。`,
  mcnemar: (b, c, p) => `McNemarの正確検定：合格→不合格が${b}件、不合格→合格が${c}件、p = ${p}。`,
  unit: (unit) => JA_UNITS[unit],
  powerLow: (n, unit, mde, level, gate, needed) =>
    `⚠️ ${n}${JA_UNITS[unit]}では、このスイートが検出できる低下は約${mde}（検出力80%、ゲートの両側${level}検定）で、ゲートの${gate}より大きいです。${gate}の低下を検出するには約${needed.toLocaleString('en-US')}${JA_UNITS[unit]}が必要です。`,
  powerOk: (n, unit, mde, level, gate) =>
    `${n}${JA_UNITS[unit]}で、約${mde}以上の低下を検出できます（検出力80%、ゲートの両側${level}検定）。ゲートは${gate}です。`,
  compared: (n, extra, improved, regressed) =>
    `${n}ケースを比較しました${extra ? `（比較対象外：${extra}）` : ''}。${improved ? `改善${improved}件、低下${regressed}件。` : ''}`,
  notCompared: {
    added: (n) => `追加${n}件`,
    removed: (n) => `削除${n}件`,
    edited: (n) => `変更${n}件`,
    noSample: (n) => `片側に有効なサンプルがない${n}件`,
    join: '、',
  },
  causes: {
    candidate: (n, t, cases, reasons) =>
      `候補が原因のエラー：${t}件の記録のうち${n}件、${cases}ケース（${reasons}）。それぞれそのケースの失敗（指標の最悪値）として数えます。プロンプトやモデルの出力が原因で失敗したものは免除しません。`,
    infrastructure: (n, t, rate, tol, reasons) =>
      `インフラが原因のエラー：${t}件の記録のうち${n}件（${reasons}、${rate}、許容 ${tol}）。除外され、スコアにはなりません。`,
    holds: (verdict, cases) =>
      `インフラのエラーがあった${cases}ケースを失敗として数えても、判定は「${verdict}」のままです。`,
    wouldBe: (verdict, cases, list) =>
      `インフラのエラーがあった${cases}ケース（${list}）を失敗として数えると、このスイートは「${verdict}」になります。`,
    countedAsFailures: (n) => `うち${n}ケースは候補が原因のエラーまたは拒否のため失敗として数えました。`,
    candidateError: '候補のエラー：',
  },
  note: (text) => `注：${text}`,
  usage: (i, o, calls, extra) => `トークン：入力 ${i}、出力 ${o}（${calls}回の呼び出し${extra}）`,
  judgeUsage: (i, o, calls, cost) =>
    `審査モデル：入力 ${i}、出力 ${o} トークン（${calls}回の呼び出し）${cost ? `、費用 $${cost}` : ''}。`,
  fromCache: (n) => `うちキャッシュ ${n}回`,
  retries: (n) => `再試行 ${n}回`,
  cost: (amount, source) => `費用 $${amount}（価格：${source}）`,
  time: (s) => `所要時間 ${s}秒`,
  regressedSummary: (count, shown) =>
    `低下したケース：${count}件${count > shown ? `（悪い順に${shown}件を表示）` : ''}`,
  caseHeading: (id, metric, before, after) => `**ケース ${id}**：${metric} ${before} → ${after}`,
  question: '質問：',
  expected: '期待される回答：',
  baselineReply: 'ベースラインの回答：',
  candidateReply: '候補の回答：',
  noReply: '（回答なし）',
  explain: {
    'beyond-threshold-confident': (g) => `**低下。** 低下は${g}を超えており、信頼区間の上端も${g}を下回っています。`,
    'beyond-threshold-significant': (g) =>
      `**低下。** 測定された低下は${g}を超えており、信頼区間は「変化なし」を含みません。`,
    'beyond-threshold-noisy': (g) =>
      `**判定保留。** 測定された低下は${g}を超えていますが、信頼区間が「変化なし」を含みます。ケースを増やせば判定できます。`,
    'interval-straddles-threshold': (g) => `**判定保留**(strictポリシー): 信頼区間が${g}の両側にまたがっています。`,
    'exact-test-disagrees': (g, x) =>
      `**判定保留。** 低下は${g}を超え、信頼区間も「変化なし」を含みませんが、変化した${x.changed}ケースに対する正確検定では有意ではありません（p = ${x.p}）。偶然を否定できるほど多くのケースが動いていません。ケースを増やせば判定できます。`,
    'multiplicity-adjusted': (g, x) =>
      `**判定保留。** このスイート単独では低下と判定されます（${g}超、正確検定 p = ${x.p})が、この実行で比較した${x.compared}スイートのうち${x.family}スイートの族でのHolm補正後の p は${x.pAdjusted}で、偶然を否定できません（\`gate.multiplicity: holm\`）。`,
    'too-few-cases': (_g, x) =>
      `**判定保留。** 低下しているように見えますが、比較したケースが${x.minCases}件未満です。`,
    'undefined-relative-change': () =>
      '**判定保留。** ベースラインのスコアが0のため相対変化が定義できず、絶対しきい値も設定されていません。',
    improved: () => '**合格。** 指標は改善しており、信頼区間はゼロより上です。',
    'within-threshold-shown': (g) => `**合格。** 信頼区間から、変化が${g}以内であることが示されています。`,
    'no-drop-shown': (g) =>
      `**合格。** ${g}を超える低下は測定されませんでした（信頼区間はその可能性を否定していません）。`,
    'errors-over-tolerance': (_g, x) =>
      `**エラー。** ${x.total}件の記録のうち${x.failed}件が${x.infrastructureOnly ? 'インフラの原因で' : ''}失敗し、許容値${x.tolerance}を超えたため比較していません。`,
    'base-unreadable': () =>
      '**エラー。** ベースコミットにおけるこのスイートのファイルを読めなかったため（下の注を参照）、ベースが定義するケースを測定していません。プルリクエストのケースだけではベースラインとの比較になりません。ベースのファイルを読めるようにチェックアウトを直して再実行してください。',
    'instrument-not-base': () =>
      '**エラー。** このスイートはベースブランチとは異なる測定方法で測定されるところでした（下の注を参照）。プルリクエストが測定方法を変えることはできないため、測定していません。',
    'infrastructure-errors-decide': () =>
      '**エラー。** インフラの原因で失敗した呼び出しがあり、それを候補の失敗として数えると判定が変わります（下記参照）。プロバイダの不調か候補の失敗かをこの実行では区別できません。チェックを再実行してください。',
    'no-comparable-cases': () => '**エラー。** ベースラインと対応づけられるケースがありません。',
    'too-few-paired': () =>
      '**エラー。** ベースラインのケースの半分未満しか対応づけられないため、ベースラインとの比較になりません。',
    'judge-manipulation': () =>
      '**エラー。** 審査モデルに向けて書かれた回答があり（下に一覧）、`gate.on-judge-manipulation` が `fail` です。採点が不当に引き上げられたおそれがあるため、このスイートは合格にできません。プロンプトの出力からその記述をなくすか、ベースブランチでゲートを `warn` にしてください。',
    'no-baseline': (_g, x) =>
      `**ベースラインなし。** \`evalgate run --suite ${x.name} --update-baseline\`（またはアクションの \`mode: baseline\`）で作成し、\`baselines/${x.name}.json\` をコミットしてください。`,
    'stale-baseline': (_g, x) =>
      `**ベースラインが古い。** ベースラインは異なる方法で測定されています（${x.stale}）。ベースブランチで \`evalgate run --suite ${x.name} --update-baseline\` を実行して更新してください${x.stale.includes('judge') ? '（保存済みの回答を `evalgate rejudge` で採点し直すこともできます）' : ''}。`,
    'below-floor': () =>
      '**下限未満。** この実行は `gate.min` の絶対的な下限（下記）を下回っています。ベースラインとの比較の結果にかかわらず、それだけでチェックは失敗します。',
  },
  floor: {
    headline: (n, t, list) => `**${t}スイート中${n}スイートが下限（\`gate.min\`）を下回りました**：${list}。`,
    fact: (metric, value, min, met, problem) =>
      problem !== null
        ? `下限（\`gate.min\`）${metric} ≥ ${min}：確認できないため未達とします：${problem}。`
        : `下限（\`gate.min\`）：${metric} は ${value}、必要なのは ${min} 以上 — ${met ? '達成' : '**未達**'}。`,
  },
  trust: {
    heading: '信頼性と完全性',
    note: {
      endpoint:
        'はリクエストとキーの送信先を変更します。このプルリクエストにはベースブランチの値を使いました。マージ後に適用されます。',
      gate: 'はゲートを変更します。このプルリクエストはベースブランチのゲートで判定しました。マージ後に適用されます。',
      instrument:
        'は測定方法を変更します。ベースブランチの測定方法で測定しました。マージ後に適用されます（その際にベースラインを更新してください）。',
      executor:
        'はモデルのコードの実行環境を変更します。ベースブランチの実行環境（またはサンドボックス）を使いました。マージ後に適用されます。',
      provider: 'はプロバイダーを追加または削除します。マージまでは呼び出しません。',
      suite: 'はスイートを削除します。ベースブランチの定義で実行しました。',
      'suite-gone':
        'はスイートをファイルごと削除するため、実行できませんでした。チェックへの影響は `gate.on-removed-suite` によります。',
    },
    cacheRejected: (n) =>
      `キャッシュされた応答${n}件が認証に失敗したため（偽造・改変、または別の鍵で作成）、無視してモデルを呼び出しました。`,
    recordsRejected: (n) => `前回の実行記録の${n}行が認証に失敗したため無視し、該当ケースを再実行しました。`,
    committedIgnored: (path, files) =>
      `チェックアウトの ${path} にコミットされたファイルが${files}件ありますが、無視しました。プルリクエストではチェックアウト内のファイルをキャッシュ済みの応答や完了済みの記録として読まず、すべてのケースでモデルを呼び出します。`,
    noBaseConfig: (file) =>
      `ベースコミットに ${file} がないため、このプルリクエストは自身の設定で実行しました。ベースブランチから信頼した設定はありません。`,
    prConfigTrusted:
      '`trust-pr-config` が設定されているため、このプルリクエストはエンドポイント・実行環境・ゲートを含む自身の設定で実行しました。',
    casesFromBase: (suite, restored, reverted) =>
      `${suite}: ベースラインが測定したすべてのケースを、ベースコミットの定義のまま再測定しました(削除されたもの${restored}件、編集されたもの${reverted}件)。新規・編集後のケースはマージ後に比較されます。`,
  },
  truncated: (cut) =>
    `> [!WARNING]\n> GitHubの65,536文字の上限に収めるため、このレポートから${cut}セクションを省きました。完全なレポートはジョブサマリーと \`report.md\` アーティファクトにあります。`,
  summaryTruncated: (cut) =>
    `> [!WARNING]\n> GitHubのジョブサマリー上限(1 MiB)に収めるため、${cut}セクションを省きました。完全なレポートは \`report.md\` アーティファクトにあります。`,
  scripted: 'スクリプトによるデモ',
  more: {
    verdict: {
      pass: '合格',
      regression: '低下',
      'below-floor': '下限未満',
      inconclusive: '判定保留',
      error: 'エラー',
      'no-baseline': 'ベースラインなし',
      'stale-baseline': 'ベースラインが古い',
    },
    percentOfBaseline: 'ベースラインに対する割合（%）',
    inconclusiveNoDrop: (n, t) =>
      `**${t}スイート中${n}スイートは判定保留です**：低下は測定されませんでしたが、評価セットの規模では低下がないとは言い切れません。`,
    improved: (n) => `${n}スイートが改善しました。`,
    baselinesWritten: (n, t) =>
      `**${t}スイート中${n}スイートのベースラインを書き出しました**：コミットしてください。次回の実行からこれと比較します。`,
    baselineWritten: (name) =>
      `**ベースラインを書き出しました。** この実行がベースラインになりました。\`baselines/${name}.json\` をコミットしてください。次回の実行からこれと比較します。`,
    judgedBy: (models) => `審査モデル：${models}。`,
    cliReport: (path) => `レポート：${path}`,
    cliBaselineWritten: (path) => `ベースラインを書き出しました：${path}`,
    cliFirstError: (name, error) => `  ${name}：最初のエラー：${error}`,
    cliErrors: (n) => `（エラー${n}件）`,
    cliShard: (i, n, runId, path) =>
      `evalgate：実行 ${runId} のシャード ${i}/${n} を ${path} に書き出しました。すべてのシャードを "evalgate merge --out DIR SHARD_DIR …" でまとめてください。`,
    pricesFrom: (source) =>
      source === 'config' ? '設定ファイル' : source.replace(/^built-in table \((.*)\)$/, '組み込みの価格表（$1時点）'),
    usageJoin: '、',
    usageEnd: '。',
  },
  provider: {
    heading: 'プロバイダーと予算',
    adapted: (provider, notes) => `プロバイダー ${provider} はサーバーに合わせて送信内容を調整しました：${notes}。`,
    budgetStopped: (reason) =>
      `**予算により停止しました**：${reason}。実行中の呼び出しは完了させました。未実行のケースはこの部分的な結果に含まれないため、実行は失敗扱いです（終了コード3）。完了分はすべて保存されています。予算を増やして同じ出力先で再実行すると続きから再開します。`,
    truncated: (n, total, list) =>
      `トークン上限で途中で切れた応答：${total}件中${n}件（finish_reason \`length\`）：${list}。回答が最後まで出力されるよう \`max-tokens\`（推論モデルでは \`max-completion-tokens\`）を増やしてください。`,
    truncatedWarning: (share, threshold) =>
      `⚠️ 警告：応答の${share}がトークン上限で切れており、${threshold}（gate.max-truncated-share）を超えています。切れた回答のスコアはプロンプトの良し悪しをほとんど表しません。`,
    cut: (n, list) => `応答サイズの上限（max-reply-bytes）を超えたため採点前に切り詰めた応答：${n}件：${list}。`,
    reasoning: (n, total) =>
      `${total}件中${n}件の応答が推論（<think>ブロックまたは reasoning_content）で始まっていました。推論部分は採点前に取り除き、記録には残しています。`,
    reasoningTokens: (tokens, cost) => `推論トークン：出力トークンのうち ${tokens}${cost ? `（$${cost}）` : ''}。`,
  },
};

/** The message table of a language. */
export function messagesFor(language: ReportLanguage): Messages {
  return language === 'ja' ? ja : en;
}
