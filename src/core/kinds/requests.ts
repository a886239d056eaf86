/**
 * What every kind's target side shares: the identity of what is tested (dataset,
 * templates, model, generation settings) and the chat request rendered from a system
 * and a user template.
 */
import type { ChatMessage, ModelReply, ModelRequest } from '../../ports.ts';
import type { ProviderConfig } from '../config/common.ts';
import { hashValue } from '../hash.ts';
import { renderTemplate, type Template } from '../templates.ts';
import type { CaseRecord, EvalCase, TestedIdentity } from '../types.ts';

/** Generation settings that are part of what is tested. */
export function generationSettings(provider: ProviderConfig): Record<string, unknown> {
  // Settings added later appear only when set, so identities of runs without them stay as they were.
  return {
    temperature: provider.temperature,
    seed: provider.seed,
    'max-tokens': provider['max-tokens'],
    ...(provider['max-completion-tokens'] !== undefined
      ? { 'max-completion-tokens': provider['max-completion-tokens'] }
      : {}),
    ...(provider['reasoning-effort'] !== undefined ? { 'reasoning-effort': provider['reasoning-effort'] } : {}),
    ...(provider['strip-reasoning'] === false ? { 'strip-reasoning': false } : {}),
    ...(provider['extra-body'] !== undefined ? { 'extra-body': provider['extra-body'] } : {}),
  };
}

/** The reply part of a record: what was scored, and what the provider said about it. */
export function replyRecord(
  reply: Extract<ModelReply, { status: 'ok' }>,
  text: string = reply.text,
): NonNullable<CaseRecord['reply']> {
  return {
    text,
    servedModel: reply.servedModel,
    fingerprint: reply.fingerprint,
    finishReason: reply.finishReason,
    ...(reply.reasoning !== undefined ? { reasoning: reply.reasoning } : {}),
    ...(reply.cutFromChars !== undefined ? { cutFromChars: reply.cutFromChars } : {}),
  };
}

/** The identity of what a run tests; its hash changes when any of it does. */
export function testedIdentity(input: {
  dataset: { path: string; sha256: string };
  cases: number;
  templates: Readonly<Record<string, Template | undefined>>;
  provider: ProviderConfig;
  repeats: number;
}): TestedIdentity {
  const body = {
    dataset: { ...input.dataset, cases: input.cases },
    templates: Object.fromEntries(
      Object.entries(input.templates)
        .filter(([, t]) => t !== undefined)
        .map(([role, t]) => [role, { path: (t as Template).path, sha256: (t as Template).sha256 }]),
    ),
    model: input.provider.model,
    settings: { ...generationSettings(input.provider), repeats: input.repeats },
  };
  return { ...body, hash: hashValue(body) };
}

/** The target request for a case: the system template (if any), then the user template. */
export function chatRequest(
  templates: { system?: Template; user: Template },
  values: Readonly<Record<string, string>>,
  provider: ProviderConfig,
  repeat: number,
): ModelRequest {
  const messages: ChatMessage[] = [];
  if (templates.system) messages.push({ role: 'system', content: renderTemplate(templates.system, values) });
  messages.push({ role: 'user', content: renderTemplate(templates.user, values) });
  // Repeats only differ when sampling; each repeat gets its own seed so they can.
  return {
    messages,
    temperature: provider.temperature,
    seed: provider.seed + repeat,
    maxTokens: provider['max-tokens'],
    repeat,
  };
}

/**
 * The part of a record every kind that asks the target once fills alike: which case and
 * repeat, what was sent, and how the call went (time, attempts, cache).
 */
export function recordBase(
  evalCase: EvalCase,
  repeat: number,
  request: ModelRequest,
  reply: ModelReply,
): Pick<CaseRecord, 'caseId' | 'repeat' | 'inputHash' | 'cluster' | 'request' | 'latencyMs' | 'attempts' | 'cached'> {
  return {
    caseId: evalCase.id,
    repeat,
    inputHash: evalCase.inputHash,
    ...(evalCase.cluster !== undefined ? { cluster: evalCase.cluster } : {}),
    request: { messages: [...request.messages] },
    latencyMs: reply.latencyMs,
    attempts: reply.trace?.attempts ?? 1,
    cached: reply.trace?.cached ?? false,
  };
}
