/**
 * `evalgate rejudge`: score the answers stored in a result file again — with the suite's
 * judges or another — without asking the target model anything. Used to move a baseline
 * to a new judge (a stale-baseline verdict says so) or to compare judges on the same
 * answers. Records whose target call failed stay errors; everything else is judged anew.
 */
import type { ModelClient } from '../ports.ts';
import type { JudgedSuiteConfig, LoadedConfig, ProviderConfig } from './config.ts';
import { configError } from './errors.ts';
import { hashValue } from './hash.ts';
import { judgedInstrument, scoreAnswer, type JudgeSetup } from './kinds/judged/suite.ts';
import { assembleResult } from './run-suite.ts';
import type { LoadedSuite } from './suites.ts';
import type { CaseRecord, EvalCase, SuiteResult } from './types.ts';

/** Options of a rejudge. */
export interface RejudgeOptions {
  loaded: LoadedConfig;
  suite: LoadedSuite;
  stored: SuiteResult;
  /** Judge provider names replacing the suite's; empty keeps the suite's judges. */
  judges: readonly string[];
  clients: (provider: string) => ModelClient;
  runId: string;
  toolVersion: string;
  now: () => string;
  concurrency?: number;
  /** A fresh random token per judge prompt (JudgedInputs.nonce). */
  nonce: () => string;
}

/** Rejudges a stored judged result; the target is never called. */
export async function rejudgeResult(options: RejudgeOptions): Promise<SuiteResult> {
  const { loaded, suite, stored } = options;
  const config = suite.config as JudgedSuiteConfig;
  if (config.kind !== 'judged' || !suite.judging) throw configError({ file: loaded.file }, `suite "${config.name}" is not a judged suite; rejudge applies to judged results`);
  if (config.mode === 'pairwise') throw configError({ file: loaded.file }, `suite "${config.name}" judges pairwise; rejudge scores absolute judgments only`);
  if (stored.suite.name !== config.name) throw configError({ file: loaded.file }, `the results are of suite "${stored.suite.name}", not "${config.name}"`);
  const names = options.judges.length > 0 ? options.judges : suite.judging.judges;
  const judges: JudgeSetup[] = names.map((name) => {
    const provider = loaded.config.providers[name] as ProviderConfig | undefined;
    if (!provider) throw configError({ file: loaded.file }, `--judge ${name}: no such provider; providers: ${Object.keys(loaded.config.providers).join(', ')}`);
    return { name, provider, client: options.clients(name) };
  });
  const inputs = { suite: config, judges, judgeTemplate: suite.judging.template, baselineAnswers: null, nonce: options.nonce };
  const startedAt = options.now();
  const records: CaseRecord[] = [];
  const queue = [...stored.records];
  const worker = async (): Promise<void> => {
    for (let r = queue.shift(); r !== undefined; r = queue.shift()) records.push(await rejudgeRecord(r));
  };
  const rejudgeRecord = async (r: CaseRecord): Promise<CaseRecord> => {
    if (r.reply === null || r.status === 'refused') return r; // no answer to judge, or a refusal: unchanged
    const evalCase: EvalCase = {
      id: r.caseId, inputHash: r.inputHash, source: { file: 'stored results', line: 0 },
      inputs: { input: String(r.detail['question'] ?? ''), reference: String(r.detail['expected'] ?? ''), criteria: String(r.detail['criteria'] ?? '') },
    };
    const scored = await scoreAnswer(inputs, evalCase, r.reply.text, r.repeat);
    const kept = { question: r.detail['question'], expected: r.detail['expected'], criteria: r.detail['criteria'], ...(r.detail['category'] !== undefined ? { category: r.detail['category'] } : {}) };
    return { ...r, status: scored.status, scores: scored.scores, error: scored.error, detail: { ...kept, ...scored.detail } };
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 8) }, worker));
  const instrument = judgedInstrument(inputs);
  return assembleResult(
    { name: stored.suite.name, kind: 'judged', tested: stored.tested, instrument, pricing: null },
    records,
    { startedAt, finishedAt: options.now(), runId: options.runId, toolVersion: options.toolVersion },
  );
}

/** A stable id for a rejudged run: the stored run id and the judges. */
export function rejudgeRunId(stored: SuiteResult, judges: readonly string[]): string {
  return `${stored.runId}+rejudge-${hashValue(judges).slice(0, 8)}`;
}
