/**
 * `evalgate rejudge`: score the answers stored in a result file again — with the suite's
 * judges or another — without asking the target model anything. Used to move a baseline
 * to a new judge (a stale-baseline verdict says so) or to compare judges on the same
 * answers. Records whose target call failed stay errors; everything else is judged anew.
 *
 * `--cross-check NAME` is the one-judge answer to a flagged answer: it keeps every stored
 * score and the instrument, and asks a second judge to score only the answers that
 * addressed the judge (scanning stored answers that predate the scan); the report then
 * lists the flagged answers on which the two judges differ by 2 points or more.
 */
import type { ProviderConfig } from '../../config/common.ts';
import { judgedDetailOf } from './detail.ts';
import { configError } from '../../errors.ts';
import {
  CROSS_CHECK_DETAIL_KEY,
  detectJudgeManipulation,
  MANIPULATION_DETAIL_KEY,
  type CrossCheck,
} from './manipulation.ts';
import { judgeAnswer, judgedInstrument, scoreAnswer, type JudgedInputs, type JudgeSetup } from './suite.ts';
import { assembleResult } from '../../run-suite.ts';
import type { CaseRecord, EvalCase, SuiteResult } from '../../types.ts';
import type { RejudgeRequest } from '../kind.ts';
import { JUDGED, type JudgedSuiteConfig } from './config.ts';

/** Options of a rejudge: the request of the engine and what the suite's load found. */
export interface RejudgeOptions extends RejudgeRequest {
  /** The configuration file, for messages. */
  file: string;
  config: JudgedSuiteConfig;
  judging: { template: JudgedInputs['judgeTemplate']; judges: readonly string[] };
}

/** Rejudges a stored judged result; the target is never called. */
export async function rejudgeResult(options: RejudgeOptions): Promise<SuiteResult> {
  const { config, judging, stored, file } = options;
  if (config.mode === 'pairwise')
    throw configError({ file }, `suite "${config.name}" judges pairwise; rejudge scores absolute judgments only`);
  if (stored.suite.name !== config.name)
    throw configError({ file }, `the results are of suite "${stored.suite.name}", not "${config.name}"`);
  const setup = (name: string, flag: string): JudgeSetup => {
    const provider = options.providers[name] as ProviderConfig | undefined;
    if (!provider)
      throw configError(
        { file },
        `${flag} ${name}: no such provider; providers: ${Object.keys(options.providers).join(', ')}`,
      );
    return { name, provider, client: options.clients(name) };
  };
  if (options.crossCheck !== undefined) return crossCheckFlagged(options, setup(options.crossCheck, '--cross-check'));
  const names = options.judges.length > 0 ? options.judges : judging.judges;
  const judges: JudgeSetup[] = names.map((name) => setup(name, '--judge'));
  const inputs = {
    suite: config,
    judges,
    judgeTemplate: judging.template,
    baselineAnswers: null,
    nonce: options.nonce,
  };
  const startedAt = options.now();
  const records: CaseRecord[] = [];
  const queue = [...stored.records];
  const worker = async (): Promise<void> => {
    for (let r = queue.shift(); r !== undefined; r = queue.shift()) records.push(await rejudgeRecord(r));
  };
  const rejudgeRecord = async (r: CaseRecord): Promise<CaseRecord> => {
    if (r.reply === null || r.status === 'refused') return r; // no answer to judge, or a refusal: unchanged
    const d = judgedDetailOf(r.detail);
    const evalCase: EvalCase = {
      id: r.caseId,
      inputHash: r.inputHash,
      source: { file: 'stored results', line: 0 },
      inputs: { input: d.question ?? '', reference: d.expected ?? '', criteria: d.criteria ?? '' },
    };
    const scored = await scoreAnswer(inputs, evalCase, r.reply.text, r.repeat);
    const kept = {
      question: d.question,
      expected: d.expected,
      criteria: d.criteria,
      ...(d.category !== undefined ? { category: d.category } : {}),
    };
    return {
      ...r,
      status: scored.status,
      scores: scored.scores,
      error: scored.error,
      detail: { ...kept, ...scored.detail },
    };
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 8) }, worker));
  const instrument = judgedInstrument(inputs);
  return assembleResult(
    { name: stored.suite.name, kind: JUDGED, tested: stored.tested, instrument, pricing: null },
    records,
    { startedAt, finishedAt: options.now(), runId: options.runId, toolVersion: options.toolVersion },
  );
}

/** Keeps every stored score; a second judge scores the flagged answers, kept beside them. */
async function crossCheckFlagged(options: RejudgeOptions, judge: JudgeSetup): Promise<SuiteResult> {
  const { stored } = options;
  const template = options.judging.template;
  const startedAt = options.now();
  const check = async (r: CaseRecord): Promise<CaseRecord> => {
    if (r.reply === null || r.status !== 'scored') return r;
    const d = judgedDetailOf(r.detail);
    const signals =
      d[MANIPULATION_DETAIL_KEY] ??
      detectJudgeManipulation(r.reply.text, { input: d.question ?? '', reference: d.expected ?? '' });
    if (signals.length === 0) return r;
    const evalCase: EvalCase = {
      id: r.caseId,
      inputHash: r.inputHash,
      source: { file: 'stored results', line: 0 },
      inputs: { input: d.question ?? '', reference: d.expected ?? '', criteria: d.criteria ?? '' },
    };
    const judged = await judgeAnswer(judge, template, evalCase, r.reply.text, r.repeat, options.nonce);
    const crossCheck: CrossCheck =
      'kind' in judged
        ? { judge: judge.name, model: judge.provider.model, error: `${judged.kind}: ${judged.message}` }
        : { judge: judge.name, model: judge.provider.model, score: judged.score, reasoning: judged.reasoning };
    return { ...r, detail: { ...r.detail, [MANIPULATION_DETAIL_KEY]: signals, [CROSS_CHECK_DETAIL_KEY]: crossCheck } };
  };
  const records: CaseRecord[] = [];
  const queue = [...stored.records];
  const worker = async (): Promise<void> => {
    for (let r = queue.shift(); r !== undefined; r = queue.shift()) records.push(await check(r));
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 8) }, worker));
  return assembleResult(
    { name: stored.suite.name, kind: JUDGED, tested: stored.tested, instrument: stored.instrument, pricing: null },
    records,
    { startedAt, finishedAt: options.now(), runId: options.runId, toolVersion: options.toolVersion },
  );
}
