/**
 * The exact-copy pipeline: render the suite's templates with a case's context and
 * question, ask the target once per repeat, score the reply. A failed call becomes an
 * `error` record; a provider refusal is a failed copy, marked `refused`.
 */
import type { ChatMessage, ModelClient, ModelRequest } from '../../../ports.ts';
import type { ExactCopySuiteConfig, ProviderConfig } from '../../config.ts';
import { hashValue } from '../../hash.ts';
import { pricingFor } from '../../pricing.ts';
import { renderTemplate, type Template } from '../../templates.ts';
import type { CaseRecord, EvalCase, InstrumentIdentity, TestedIdentity } from '../../types.ts';
import type { PreparedSuite } from '../../run-suite.ts';
import { EXACT_COPY_METRICS, EXACT_COPY_SCORING_VERSION, scoreCopy } from './metrics.ts';

/** The placeholders exact-copy templates may use. */
export const EXACT_COPY_PLACEHOLDERS = ['context', 'question'] as const;

/** What the exact-copy pipeline needs, already loaded. */
export interface ExactCopyInputs {
  suite: ExactCopySuiteConfig;
  provider: ProviderConfig;
  client: ModelClient;
  cases: readonly EvalCase[];
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

/** Generation settings that are part of what is tested. */
export function generationSettings(provider: ProviderConfig): Record<string, unknown> {
  return { temperature: provider.temperature, seed: provider.seed, 'max-tokens': provider['max-tokens'] };
}

/** Prepares an exact-copy suite to run. */
export function prepareExactCopySuite(inputs: ExactCopyInputs): PreparedSuite {
  const { suite, provider, client, cases, templates } = inputs;
  const testedBody = {
    dataset: { ...inputs.dataset, cases: cases.length },
    templates: Object.fromEntries(Object.entries(templates).map(([role, t]) => [role, { path: t.path, sha256: t.sha256 }])),
    model: provider.model,
    settings: { ...generationSettings(provider), repeats: suite.repeats },
  };
  const tested: TestedIdentity = { ...testedBody, hash: hashValue(testedBody) };
  const instrument = exactCopyInstrument(suite);

  const requestFor = (evalCase: EvalCase, repeat: number): ModelRequest => {
    const values = { context: evalCase.inputs['context'] ?? '', question: evalCase.inputs['question'] ?? '' };
    const messages: ChatMessage[] = [];
    if (templates.system) messages.push({ role: 'system', content: renderTemplate(templates.system, values) });
    messages.push({ role: 'user', content: renderTemplate(templates.user, values) });
    return {
      messages,
      temperature: provider.temperature,
      // Repeats only differ when sampling; each repeat gets its own seed so they can.
      seed: provider.seed + repeat,
      maxTokens: provider['max-tokens'],
      repeat,
    };
  };

  const runCase = async (evalCase: EvalCase, repeat: number): Promise<CaseRecord> => {
    const request = requestFor(evalCase, repeat);
    const messages = [...request.messages];
    const reply = await client.complete(request);
    const base = {
      caseId: evalCase.id,
      repeat,
      inputHash: evalCase.inputHash,
      ...(evalCase.cluster !== undefined ? { cluster: evalCase.cluster } : {}),
      request: { messages },
      latencyMs: reply.latencyMs,
      attempts: reply.trace?.attempts ?? 1,
      cached: reply.trace?.cached ?? false,
      detail: { expected: evalCase.inputs['expected'], question: evalCase.inputs['question'] },
    };
    if (reply.status === 'error') {
      return { ...base, status: 'error', scores: null, reply: null, usage: null, error: reply.error };
    }
    const expected = evalCase.inputs['expected'] ?? '';
    const context = evalCase.inputs['context'] ?? '';
    if (reply.status === 'refused') {
      return {
        ...base, status: 'refused', scores: { ...scoreCopy('', expected, context, suite.normalizers) },
        reply: { text: reply.message, servedModel: reply.servedModel, fingerprint: null, finishReason: 'content_filter' },
        usage: null, error: null,
      };
    }
    return {
      ...base,
      status: 'scored',
      scores: { ...scoreCopy(reply.text, expected, context, suite.normalizers) },
      reply: { text: reply.text, servedModel: reply.servedModel, fingerprint: reply.fingerprint, finishReason: reply.finishReason },
      usage: reply.usage,
      error: null,
    };
  };

  return {
    name: suite.name, kind: 'exact-copy', cases, repeats: suite.repeats, concurrency: provider.concurrency,
    tested, instrument, runCase, pricing: pricingFor(provider),
    plan: (evalCase, repeat) => [{ request: requestFor(evalCase, repeat), expectedReply: evalCase.inputs['expected'] ?? '' }],
  };
}
