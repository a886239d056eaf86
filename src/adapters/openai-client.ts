/**
 * ModelClient over the `openai` SDK, for any OpenAI-compatible endpoint (OpenAI, Azure's
 * v1 API, Ollama, vLLM, LiteLLM …). The SDK's own retries are off: retry policy belongs
 * in one wrapper (ARCHITECTURE rule 5). Every failure comes back as data, never thrown,
 * and no message can carry the key.
 */
import OpenAI, { APIConnectionTimeoutError, APIConnectionError, APIError } from 'openai';
import type { CallError, ModelClient, ModelReply, ModelRequest } from '../ports.ts';

/** What the adapter needs to reach one endpoint. */
export interface OpenAIClientOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  structuredOutput: boolean;
}

/** The default endpoint when neither the config nor OPENAI_BASE_URL names one. */
export const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/** Creates a client for one provider. */
export function createOpenAIClient(options: OpenAIClientOptions): ModelClient {
  const sdk = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseUrl, maxRetries: 0, timeout: options.timeoutMs });
  const host = safeHost(options.baseUrl);
  const redact = (text: string): string => (options.apiKey.length >= 4 ? text.split(options.apiKey).join('[redacted]') : text);

  const complete = async (request: ModelRequest): Promise<ModelReply> => {
    const started = performance.now();
    const elapsed = (): number => Math.round(performance.now() - started);
    try {
      const body: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = {
        model: options.model,
        messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
        temperature: request.temperature,
        max_tokens: request.maxTokens,
        ...(request.seed !== null ? { seed: request.seed } : {}),
      };
      if (request.jsonSchema && options.structuredOutput) {
        body.response_format = { type: 'json_schema', json_schema: { name: request.jsonSchema.name, schema: request.jsonSchema.schema, strict: true } };
      }
      const response = await sdk.chat.completions.create(body);
      const choice = response.choices?.[0];
      if (!choice || !choice.message) {
        return { status: 'error', error: { kind: 'malformed', message: 'the response has no choices[0].message' }, latencyMs: elapsed() };
      }
      const servedModel = typeof response.model === 'string' ? response.model : null;
      if (choice.finish_reason === 'content_filter' || (choice.message.refusal ?? '') !== '') {
        return { status: 'refused', message: choice.message.refusal || 'the provider stopped the reply (content_filter)', latencyMs: elapsed(), servedModel };
      }
      const text = choice.message.content;
      if (typeof text !== 'string') {
        return { status: 'error', error: { kind: 'malformed', message: 'choices[0].message.content is not a string' }, latencyMs: elapsed() };
      }
      return {
        status: 'ok',
        text,
        usage: response.usage ? { inputTokens: response.usage.prompt_tokens ?? 0, outputTokens: response.usage.completion_tokens ?? 0 } : null,
        latencyMs: elapsed(),
        servedModel,
        fingerprint: response.system_fingerprint ?? null,
        finishReason: choice.finish_reason ?? null,
      };
    } catch (error) {
      const callError = describeError(error);
      if (callError.httpStatus === 400 && /content[_ ]filter|content management policy/i.test(callError.message)) {
        return { status: 'refused', message: redact(callError.message), latencyMs: elapsed(), servedModel: null };
      }
      return { status: 'error', error: { ...callError, message: redact(callError.message) }, latencyMs: elapsed() };
    }
  };
  return { label: `${options.model} at ${host}`, complete };
}

function describeError(error: unknown): CallError {
  if (error instanceof APIConnectionTimeoutError) return { kind: 'timeout', message: 'the request timed out' };
  if (error instanceof APIConnectionError) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { kind: 'network', message: `connection failed${cause?.code ? ` (${cause.code})` : cause?.message ? ` (${cause.message})` : ''}` };
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    const retryAfterMs = retryAfterOf(error.headers);
    return { kind: 'http', httpStatus: error.status, message: error.message, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
  }
  if (error instanceof SyntaxError) return { kind: 'malformed', message: `the response body is not valid JSON (${error.message})` };
  return { kind: 'malformed', message: error instanceof Error ? error.message : String(error) };
}

/** The wait a provider asked for: `retry-after-ms`, else `retry-after` in seconds or as an HTTP date. */
export function retryAfterOf(headers: Headers | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.get('retry-after-ms') !== null && Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  const seconds = Number(value);
  if (value.trim() !== '' && Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

function safeHost(url: string): string {
  try {
    const u = new URL(url);
    return u.host;
  } catch {
    return 'an invalid URL';
  }
}
