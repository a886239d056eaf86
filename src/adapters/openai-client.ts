/**
 * ModelClient over the `openai` SDK, for any OpenAI-compatible endpoint (OpenAI, Azure's
 * v1 API, Ollama, vLLM, LiteLLM …). The SDK's own retries are off: retry policy belongs
 * in one wrapper (docs/design/architecture.md, house style 5). Every failure comes back as data, never thrown,
 * and no message can carry the key.
 *
 * Servers differ in what they accept, and users should not have to know: a reasoning
 * model refuses `max_tokens` and any temperature but its default, a local server may not
 * know `seed` or json_schema response formats. When a server answers 400 naming such a
 * parameter, the call is sent again without it (or with its replacement), the change is
 * remembered for every later call to this provider, and it is listed by `adaptations()`
 * for the report. Only parameters evalgate itself sends are adapted; anything else the
 * server refuses is the call's error.
 */
import type OpenAI from 'openai';
import type * as OpenAIModule from 'openai';
import { withCause } from '../core/error-cause.ts';
import type { CallError, ModelClient, ModelReply, ModelRequest } from '../ports.ts';
import type { FetchLike } from './http-fetch.ts';

/** The SDK module. */
type Sdk = typeof OpenAIModule;
let sdkModule: Promise<Sdk> | null = null;
/** One transport for every client of the process, so keep-alive connections are shared. */
let transport: Promise<FetchLike> | null = null;
/**
 * The SDK and its transport, loaded on the first call: commands and runs that never reach
 * a model (validate, plan, compare, a run served from the cache) do not pay for loading
 * them. node:http is loaded with the transport, not before: importing it pulls in node's
 * own undici, a tenth of validate's start-up.
 */
function loadSdk(): Promise<[Sdk, FetchLike]> {
  sdkModule ??= import('openai');
  transport ??= import('./http-fetch.ts').then((m) => m.createHttpFetch());
  return Promise.all([sdkModule, transport]);
}

/** What the adapter needs to reach one endpoint. */
export interface OpenAIClientOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Limit on the whole exchange, headers and body. */
  timeoutMs: number;
  structuredOutput: boolean;
  /** Sent as `reasoning_effort` when set. */
  reasoningEffort?: string | null;
  /** Sent as `max_completion_tokens` (instead of max_tokens) when set. */
  maxCompletionTokens?: number | null;
  /** Merged into every request body (trusted config only). */
  extraBody?: Readonly<Record<string, unknown>>;
  /** Added to every request (trusted config only). */
  extraHeaders?: Readonly<Record<string, string>>;
  /** Remove a leading <think> block from the answer (default true). */
  stripReasoning?: boolean;
  /** Replies longer than this many UTF-8 bytes are cut before scoring (default 1 MB). */
  maxReplyBytes?: number;
}

/** A transport that reports how it adapted to the server. */
export interface AdaptingClient extends ModelClient {
  /** What was changed to suit the server, in words, in the order it happened. */
  adaptations(): string[];
}

/** The default endpoint when neither the config nor OPENAI_BASE_URL names one. */
export const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/** The default cap on a reply's size. */
export const DEFAULT_MAX_REPLY_BYTES = 1_000_000;

/** Request parameters evalgate sends and can do without (or replace). */
const ADAPTABLE = [
  'max_tokens',
  'max_completion_tokens',
  'temperature',
  'seed',
  'response_format',
  'reasoning_effort',
] as const;
type Adaptable = (typeof ADAPTABLE)[number];

/** Words servers use when they refuse a parameter (OpenAI, Azure, vLLM, Ollama, LiteLLM). */
const REFUSAL_WORDS =
  /unsupported|not supported|does not support|doesn't support|unrecognized|unknown|not allowed|not permitted|extra (?:fields|inputs)|only the default|invalid/i;

/** Which adaptable parameter a 400 is about, if any: the error's `param`, else the first one its message names. */
export function unsupportedParameter(status: number | undefined, param: unknown, message: string): Adaptable | null {
  if (status !== 400 && status !== 422) return null;
  if (typeof param === 'string') {
    const root = param.split(/[.[]/)[0] as string;
    if ((ADAPTABLE as readonly string[]).includes(root)) return root as Adaptable;
  }
  if (!REFUSAL_WORDS.test(message)) return null;
  let best: { name: Adaptable; at: number } | null = null;
  for (const name of ADAPTABLE) {
    const at = message.search(new RegExp(`\\b${name}\\b`));
    if (at >= 0 && (best === null || at < best.at)) best = { name, at };
  }
  if (best) return best.name;
  return /json_schema|json_object|structured output/i.test(message) ? 'response_format' : null;
}

/** Splits a leading <think>…</think> block (open reasoning models) from the answer. */
export function splitReasoning(text: string): { answer: string; reasoning: string | null } {
  const closed = /^\s*<(think|thinking)>([\s\S]*?)<\/\1>\s*/.exec(text);
  if (closed) return { answer: text.slice(closed[0].length), reasoning: (closed[2] as string).trim() };
  // Opened and never closed: the reply ended while the model was still thinking.
  const open = /^\s*<(think|thinking)>/.exec(text);
  if (open) return { answer: '', reasoning: text.slice(open[0].length).trim() };
  return { answer: text, reasoning: null };
}

/** Cuts text to at most `maxBytes` UTF-8 bytes, never inside a character. */
export function cutToBytes(text: string, maxBytes: number): string | null {
  if (text.length <= maxBytes / 3 || Buffer.byteLength(text, 'utf8') <= maxBytes) return null;
  const cut = Buffer.from(text, 'utf8').subarray(0, maxBytes).toString('utf8');
  return cut.endsWith('\uFFFD') ? cut.slice(0, -1) : cut;
}

/** Creates a client for one provider. */
export function createOpenAIClient(options: OpenAIClientOptions): AdaptingClient {
  let connected: Promise<{ sdk: OpenAI; mod: Sdk }> | null = null;
  const connect = (): Promise<{ sdk: OpenAI; mod: Sdk }> => {
    connected ??= loadSdk().then(([mod, fetch]) => ({
      mod,
      sdk: new mod.OpenAI({
        apiKey: options.apiKey,
        baseURL: options.baseUrl,
        maxRetries: 0,
        timeout: options.timeoutMs,
        fetch,
      }),
    }));
    return connected;
  };
  const host = safeHost(options.baseUrl);
  const redact = (text: string): string =>
    options.apiKey.length >= 4 ? text.split(options.apiKey).join('[redacted]') : text;
  const maxReplyBytes = options.maxReplyBytes ?? DEFAULT_MAX_REPLY_BYTES;
  // What this provider accepts, learnt from its 400s and kept for the rest of the run.
  const state = {
    tokens: (options.maxCompletionTokens ? 'max_completion_tokens' : 'max_tokens') as
      'max_tokens' | 'max_completion_tokens',
    format: (options.structuredOutput ? 'json_schema' : 'text') as 'json_schema' | 'json_object' | 'text',
    omitted: new Set<Adaptable>(),
  };
  const notes: string[] = [];

  const bodyOf = (request: ModelRequest): Record<string, unknown> => {
    const body: Record<string, unknown> = { ...(options.extraBody ?? {}) };
    if (request.temperature !== null && !state.omitted.has('temperature')) body['temperature'] = request.temperature;
    body[state.tokens] = options.maxCompletionTokens ?? request.maxTokens;
    if (request.seed !== null && !state.omitted.has('seed')) body['seed'] = request.seed;
    if (options.reasoningEffort && !state.omitted.has('reasoning_effort'))
      body['reasoning_effort'] = options.reasoningEffort;
    if (request.jsonSchema && state.format === 'json_schema') {
      body['response_format'] = {
        type: 'json_schema',
        json_schema: { name: request.jsonSchema.name, schema: request.jsonSchema.schema, strict: true },
      };
    } else if (request.jsonSchema && state.format === 'json_object') {
      body['response_format'] = { type: 'json_object' };
    }
    body['model'] = options.model;
    body['messages'] = request.messages.map((m) => ({ role: m.role, content: m.content }));
    return body;
  };

  /** Changes the state so the parameter is no longer sent as it was; false when nothing is left to change. */
  const adapt = (name: Adaptable): boolean => {
    const say = (note: string): true => {
      notes.push(note);
      return true;
    };
    switch (name) {
      case 'max_tokens':
        if (state.tokens !== 'max_tokens') return false;
        state.tokens = 'max_completion_tokens';
        return say('sent max_completion_tokens instead of max_tokens');
      case 'max_completion_tokens':
        if (state.tokens !== 'max_completion_tokens') return false;
        state.tokens = 'max_tokens';
        return say('sent max_tokens instead of max_completion_tokens');
      case 'response_format':
        if (state.format === 'json_schema') {
          state.format = 'json_object';
          return say('structured output: json_schema is not supported, asked for a JSON object (json_object) instead');
        }
        if (state.format === 'json_object') {
          state.format = 'text';
          return say('structured output: not supported, JSON is read from the reply text');
        }
        return false;
      case 'temperature':
        if (state.omitted.has('temperature')) return false;
        state.omitted.add('temperature');
        return say("temperature left at the server's default");
      default:
        if (state.omitted.has(name)) return false;
        state.omitted.add(name);
        return say(`${name} not sent (the server does not support it)`);
    }
  };

  const complete = async (request: ModelRequest): Promise<ModelReply> => {
    let started = performance.now();
    const elapsed = (): number => Math.round(performance.now() - started);
    // One abort signal for the whole exchange: the SDK's own timeout ends at the headers,
    // and a body that arrives a byte a second would otherwise hold the call for ever.
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let mod: Sdk | null = null;
    try {
      const client = await connect();
      // The exchange's clock starts once the SDK is loaded: the first calls of a process
      // wait for it to load, which is neither the server's time nor its latency (on a
      // busy machine it took longer than a 1.5 s timeout-ms).
      started = performance.now();
      timer = setTimeout(() => controller.abort(), options.timeoutMs);
      const sdk = client.sdk;
      mod = client.mod;
      // Each adaptation removes or replaces one parameter, so this ends after a few rounds.
      for (let round = 0; ; round++) {
        const body = bodyOf(request);
        let response: OpenAI.Chat.ChatCompletion;
        try {
          response = await sdk.chat.completions.create(
            body as unknown as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming,
            {
              signal: controller.signal,
              ...(options.extraHeaders ? { headers: { ...options.extraHeaders } } : {}),
            },
          );
        } catch (error) {
          const param =
            error instanceof mod.APIError ? unsupportedParameter(error.status, error.param, error.message) : null;
          if (param !== null && round < 2 * ADAPTABLE.length) {
            // Another call may have adapted meanwhile: then this one just goes again as it now would.
            const changed = JSON.stringify(bodyOf(request)) !== JSON.stringify(body) || adapt(param);
            if (changed) continue;
          }
          throw error;
        }
        return readReply(response, elapsed());
      }
    } catch (error) {
      const callError = controller.signal.aborted
        ? {
            kind: 'timeout' as const,
            message: `no complete reply within ${options.timeoutMs} ms (timeout-ms), body included`,
          }
        : describeError(error, mod);
      if (callError.httpStatus === 400 && /content[_ ]filter|content management policy/i.test(callError.message)) {
        return { status: 'refused', message: redact(callError.message), latencyMs: elapsed(), servedModel: null };
      }
      // Classified here, where the status is known: a 4xx for the request's content or
      // length is the candidate's doing, 5xx, 429, timeouts and the network are not.
      return {
        status: 'error',
        error: withCause({ ...callError, message: redact(callError.message) }),
        latencyMs: elapsed(),
      };
    } finally {
      clearTimeout(timer);
    }
  };

  const readReply = (response: OpenAI.Chat.ChatCompletion, latencyMs: number): ModelReply => {
    const choice = response.choices?.[0];
    if (!choice || !choice.message) {
      return {
        status: 'error',
        error: {
          kind: 'malformed',
          message: 'the response has no choices[0].message',
          cause: 'infrastructure',
          reason: 'malformed-response',
        },
        latencyMs,
      };
    }
    const servedModel = typeof response.model === 'string' ? response.model : null;
    if (choice.finish_reason === 'content_filter' || (choice.message.refusal ?? '') !== '') {
      return {
        status: 'refused',
        message: choice.message.refusal || 'the provider stopped the reply (content_filter)',
        latencyMs,
        servedModel,
      };
    }
    const raw = choice.message.content;
    if (typeof raw !== 'string') {
      return {
        status: 'error',
        // The model gave no text (all its tokens spent, or something other than an answer):
        // what it was asked produced nothing usable, so the case fails.
        error:
          choice.finish_reason === 'length'
            ? {
                kind: 'malformed',
                message: 'the reply was cut at the token limit before any answer (choices[0].message.content is empty)',
                cause: 'candidate',
                reason: 'reply-cut',
              }
            : {
                kind: 'malformed',
                message: 'choices[0].message.content is not a string',
                cause: 'candidate',
                reason: 'reply-unusable',
              },
        latencyMs,
      };
    }
    // Servers that separate reasoning put it in reasoning_content (vLLM, DeepSeek) or reasoning (Ollama).
    const message = choice.message as unknown as Record<string, unknown>;
    const field = [message['reasoning_content'], message['reasoning']].find(
      (v): v is string => typeof v === 'string' && v !== '',
    );
    const split = options.stripReasoning === false ? { answer: raw, reasoning: null } : splitReasoning(raw);
    const reasoning = [field, split.reasoning]
      .filter((v): v is string => typeof v === 'string' && v !== '')
      .join('\n\n');
    let text = split.answer;
    let finishReason: string | null = choice.finish_reason ?? null;
    const cut = cutToBytes(text, maxReplyBytes);
    const cutFromChars = cut === null ? undefined : text.length;
    if (cut !== null) {
      text = cut;
      finishReason = 'size-limit';
    }
    const details = (response.usage as { completion_tokens_details?: { reasoning_tokens?: unknown } } | undefined)
      ?.completion_tokens_details;
    const reasoningTokens = typeof details?.reasoning_tokens === 'number' ? details.reasoning_tokens : undefined;
    return {
      status: 'ok',
      text,
      usage: response.usage
        ? {
            inputTokens: response.usage.prompt_tokens ?? 0,
            outputTokens: response.usage.completion_tokens ?? 0,
            ...(reasoningTokens ? { reasoningTokens } : {}),
          }
        : null,
      latencyMs,
      servedModel,
      fingerprint: response.system_fingerprint ?? null,
      finishReason,
      ...(reasoning !== '' ? { reasoning: cutToBytes(reasoning, maxReplyBytes) ?? reasoning } : {}),
      ...(cutFromChars !== undefined ? { cutFromChars } : {}),
    };
  };

  return { label: `${options.model} at ${host}`, complete, adaptations: () => [...notes] };
}

/** A failed call as data; `mod` is null only when the SDK itself failed to load. */
function describeError(error: unknown, mod: Sdk | null): CallError {
  if (mod === null)
    return {
      kind: 'malformed',
      message: `the OpenAI SDK could not be loaded (${errorText(error)})`,
      cause: 'infrastructure',
      reason: 'other',
    };
  const { APIConnectionTimeoutError, APIUserAbortError, APIConnectionError, APIError } = mod;
  if (error instanceof APIConnectionTimeoutError) return { kind: 'timeout', message: 'the request timed out' };
  if (error instanceof APIUserAbortError) return { kind: 'timeout', message: 'the request was aborted' };
  if (error instanceof APIConnectionError) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return {
      kind: 'network',
      message: `connection failed${cause?.code ? ` (${cause.code})` : cause?.message ? ` (${cause.message})` : ''}`,
    };
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    const retryAfterMs = retryAfterOf(error.headers);
    return {
      kind: 'http',
      httpStatus: error.status,
      message: error.message,
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    };
  }
  if (error instanceof SyntaxError)
    return { kind: 'malformed', message: `the response body is not valid JSON (${error.message})` };
  return { kind: 'malformed', message: errorText(error) };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
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
