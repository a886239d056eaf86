/**
 * The exact-copy pipeline: render the suite's templates with a case's context and
 * question, ask the target once per repeat, score the reply. A failed call becomes an
 * `error` record; a provider refusal is a failed copy, marked `refused`.
 */
import type { Cases } from '../../datasets/case-columns.ts';
import type { ModelClient, ModelRequest } from '../../../ports.ts';
import type { ProviderConfig } from '../../config/common.ts';
import { EXACT_COPY, type ExactCopySuiteConfig } from './config.ts';
import { hashValue } from '../../hash.ts';
import { pricingFor } from '../../pricing.ts';
import type { Template } from '../../templates.ts';
import type { CaseRecord, EvalCase, InstrumentIdentity } from '../../types.ts';
import type { PreparedSuite } from '../../run-suite.ts';
import { chatRequest, recordBase, replyRecord, testedIdentity } from '../requests.ts';
import { EXACT_COPY_METRICS, EXACT_COPY_SCORING_VERSION, scoreCopy } from './metrics.ts';

/** The placeholders exact-copy templates may use. */
export const EXACT_COPY_PLACEHOLDERS = ['context', 'question'] as const;

/** What the exact-copy pipeline needs, already loaded. */
export interface ExactCopyInputs {
  suite: ExactCopySuiteConfig;
  provider: ProviderConfig;
  client: ModelClient;
  cases: Cases;
  dataset: { path: string; sha256: string };
  templates: { system?: Template; user: Template };
}

/** The instrument of an exact-copy suite: metric definitions and normalizers. */
export function exactCopyInstrument(suite: ExactCopySuiteConfig): InstrumentIdentity {
  const body = {
    scoringVersion: EXACT_COPY_SCORING_VERSION,
    primaryMetric: 'exact-match',
    metrics: EXACT_COPY_METRICS.map((m) => ({ ...m })),
    settings: { normalizers: [...suite.normalizers] },
  };
  return { ...body, hash: hashValue(body) };
}

/** Prepares an exact-copy suite to run. */
export function prepareExactCopySuite(inputs: ExactCopyInputs): PreparedSuite {
  const { suite, provider, client, cases, templates } = inputs;
  const tested = testedIdentity({
    dataset: inputs.dataset,
    cases: cases.length,
    templates,
    provider,
    repeats: suite.repeats,
  });
  const instrument = exactCopyInstrument(suite);
  const requestFor = (evalCase: EvalCase, repeat: number): ModelRequest =>
    chatRequest(
      templates,
      { context: evalCase.inputs['context'] ?? '', question: evalCase.inputs['question'] ?? '' },
      provider,
      repeat,
    );

  const runCase = async (evalCase: EvalCase, repeat: number): Promise<CaseRecord> => {
    const request = requestFor(evalCase, repeat);
    const reply = await client.complete(request);
    const base = {
      ...recordBase(evalCase, repeat, request, reply),
      detail: { expected: evalCase.inputs['expected'], question: evalCase.inputs['question'] },
    };
    if (reply.status === 'error') {
      return { ...base, status: 'error', scores: null, reply: null, usage: null, error: reply.error };
    }
    const expected = evalCase.inputs['expected'] ?? '';
    const context = evalCase.inputs['context'] ?? '';
    if (reply.status === 'refused') {
      return {
        ...base,
        status: 'refused',
        scores: { ...scoreCopy('', expected, context, suite.normalizers) },
        reply: {
          text: reply.message,
          servedModel: reply.servedModel,
          fingerprint: null,
          finishReason: 'content_filter',
        },
        usage: null,
        error: null,
      };
    }
    return {
      ...base,
      status: 'scored',
      scores: { ...scoreCopy(reply.text, expected, context, suite.normalizers) },
      reply: replyRecord(reply),
      usage: reply.usage,
      error: null,
    };
  };

  return {
    name: suite.name,
    kind: EXACT_COPY,
    cases,
    repeats: suite.repeats,
    concurrency: provider.concurrency,
    tested,
    instrument,
    runCase,
    pricing: pricingFor(provider),
    plan: (evalCase, repeat) => [
      { request: requestFor(evalCase, repeat), expectedReply: evalCase.inputs['expected'] ?? '' },
    ],
  };
}
