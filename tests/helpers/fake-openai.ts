/**
 * A scripted OpenAI-compatible server for tests, the demo and benchmarks: a real HTTP
 * server on 127.0.0.1 with an ephemeral port. It answers POST /v1/chat/completions with
 * whatever a script function returns for the request, and can delay, answer any status
 * with headers, drop the connection or send a malformed body. It records every request.
 *
 * Nothing it says is a model's output: replies are scripted, and every served model name
 * says so.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A chat request as the server received it. */
export interface FakeRequest {
  model: string;
  messages: { role: string; content: string }[];
  temperature?: number;
  seed?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
  reasoning_effort?: string;
  response_format?: { type: string; json_schema?: { name: string; schema: unknown } };
  headers: Record<string, string | string[] | undefined>;
  /** performance.now() when the request arrived. */
  receivedAt: number;
  /** The whole JSON body as sent. */
  body: Record<string, unknown>;
  /** Whether the server's rate limit refused it (429). */
  rateLimited?: boolean;
}

/**
 * Server-wide behaviours of real providers, applied before the script: each refusal is the
 * 400 such a server sends, worded as it words it.
 */
export interface FakeBehaviour {
  /**
   * Like OpenAI's reasoning models: 400 for `max_tokens` (naming max_completion_tokens) and
   * for any temperature but 1, each with the offending `param`.
   */
  reasoningModel?: boolean;
  /** Response formats understood: every one (default), json_object but not json_schema, or none. */
  responseFormats?: 'all' | 'json-object' | 'none';
  /** 400 when a seed is sent (a server that does not know the field), with no `param`. */
  rejectSeed?: boolean;
  /** At most this many requests per second (a bucket that holds as many); others get 429 with Retry-After. */
  rateLimitPerSecond?: number;
}

/** What the script wants the server to do for one request. */
export type FakeReply =
  | {
      content: string;
      delayMs?: number;
      finishReason?: string;
      usage?: { prompt_tokens: number; completion_tokens: number; reasoning_tokens?: number };
      /** Sent in message.reasoning_content, as vLLM and DeepSeek do. */
      reasoningContent?: string;
      /** Send the headers at once, then the body one byte per this many ms. */
      dripMs?: number;
    }
  | { status: number; body?: unknown; headers?: Record<string, string>; delayMs?: number }
  | { refusal: string; delayMs?: number }
  | { drop: true; delayMs?: number }
  | { malformed: string; delayMs?: number }
  | { hang: true };

/** Decides the reply to a request; `index` counts requests from 0. */
export type FakeScript = (request: FakeRequest, index: number) => FakeReply | Promise<FakeReply>;

/** A running fake server. */
export interface FakeOpenAI {
  /** Base URL to give clients, ending in /v1. */
  url: string;
  requests: FakeRequest[];
  /** The most requests the server was answering at once. */
  maxInFlight(): number;
  setScript(script: FakeScript): void;
  setBehaviour(behaviour: FakeBehaviour): void;
  close(): Promise<void>;
}

/** The model name the fake server reports, so no output can pass for a real model's. */
export const SCRIPTED_MODEL_NAME = 'scripted-fake-model (not a real LLM)';

/** Starts a fake server with a script. */
export async function startFakeOpenAI(script: FakeScript, behaviour: FakeBehaviour = {}): Promise<FakeOpenAI> {
  let current = script;
  let rules = behaviour;
  // The rate limit's bucket: starts full, refills continuously.
  let tokens = behaviour.rateLimitPerSecond ?? 0;
  let refilledAt = performance.now();
  let inFlight = 0;
  let peak = 0;
  const requests: FakeRequest[] = [];
  const sockets = new Set<Socket>();
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(JSON.stringify({ error: { message: `fake server script failed: ${String(error)}` } }));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }));
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Omit<
      FakeRequest,
      'headers' | 'receivedAt' | 'body'
    >;
    const request: FakeRequest = {
      ...body,
      headers: req.headers,
      receivedAt: performance.now(),
      body: body as unknown as Record<string, unknown>,
    };
    inFlight++;
    peak = Math.max(peak, inFlight);
    res.on('close', () => inFlight--);
    const index = requests.length;
    requests.push(request);
    const refusal = refuseByBehaviour(request);
    if (refusal !== null) request.rateLimited = 'status' in refusal && refusal.status === 429;
    const reply = refusal ?? (await current(request, index));
    if ('hang' in reply) {
      hanging.add(res);
      return;
    }
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    if ('drop' in reply) {
      req.socket.destroy();
      return;
    }
    res.setHeader('content-type', 'application/json');
    if ('malformed' in reply) {
      res.end(reply.malformed);
      return;
    }
    if ('status' in reply) {
      res.statusCode = reply.status;
      for (const [k, v] of Object.entries(reply.headers ?? {})) res.setHeader(k, v);
      res.end(
        JSON.stringify(reply.body ?? { error: { message: `scripted status ${reply.status}`, type: 'scripted' } }),
      );
      return;
    }
    const message =
      'refusal' in reply
        ? { role: 'assistant', content: null, refusal: reply.refusal }
        : {
            role: 'assistant',
            content: reply.content,
            refusal: null,
            ...(reply.reasoningContent !== undefined ? { reasoning_content: reply.reasoningContent } : {}),
          };
    const finish = 'refusal' in reply ? 'stop' : (reply.finishReason ?? 'stop');
    const given = 'content' in reply ? reply.usage : undefined;
    const usage = given
      ? { prompt_tokens: given.prompt_tokens, completion_tokens: given.completion_tokens }
      : {
          prompt_tokens: approxTokens(request),
          completion_tokens: 'content' in reply ? approxTokensOf(reply.content) : 0,
        };
    const text = JSON.stringify({
      id: `chatcmpl-fake-${index}`,
      object: 'chat.completion',
      created: 0,
      model: SCRIPTED_MODEL_NAME,
      system_fingerprint: 'fp_scripted',
      choices: [{ index: 0, message, finish_reason: finish }],
      usage: {
        ...usage,
        total_tokens: usage.prompt_tokens + usage.completion_tokens,
        ...(given?.reasoning_tokens !== undefined
          ? { completion_tokens_details: { reasoning_tokens: given.reasoning_tokens } }
          : {}),
      },
    });
    if ('content' in reply && reply.dripMs !== undefined) {
      // Headers now, then the body a byte at a time: a server that never quite finishes.
      res.flushHeaders();
      const bytes = Buffer.from(text, 'utf8');
      for (let i = 0; i < bytes.length && !res.destroyed; i++) {
        res.write(bytes.subarray(i, i + 1));
        await new Promise((r) => setTimeout(r, reply.dripMs));
      }
      if (!res.destroyed) res.end();
      return;
    }
    res.end(text);
  }

  /** The 400 or 429 a server with these behaviours sends for a request, or null when it would answer. */
  function refuseByBehaviour(request: FakeRequest): FakeReply | null {
    const invalid = (message: string, param: string | null, code: string): FakeReply => ({
      status: 400,
      body: { error: { message, type: 'invalid_request_error', param, code } },
    });
    if (rules.rateLimitPerSecond !== undefined) {
      const rate = rules.rateLimitPerSecond;
      const now = performance.now();
      tokens = Math.min(rate, tokens + ((now - refilledAt) / 1000) * rate);
      refilledAt = now;
      if (tokens < 1) {
        const waitMs = Math.ceil(((1 - tokens) / rate) * 1000);
        return {
          status: 429,
          headers: { 'retry-after-ms': String(waitMs), 'retry-after': String(Math.ceil(waitMs / 1000)) },
          body: {
            error: {
              message: `Rate limit reached: ${rate} requests per second. Please try again in ${waitMs}ms.`,
              type: 'requests',
              code: 'rate_limit_exceeded',
            },
          },
        };
      }
      tokens -= 1;
    }
    if (rules.reasoningModel) {
      if (request.body['max_tokens'] !== undefined) {
        return invalid(
          "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
          'max_tokens',
          'unsupported_parameter',
        );
      }
      const t = request.body['temperature'];
      if (t !== undefined && t !== 1) {
        return invalid(
          `Unsupported value: 'temperature' does not support ${String(t)} with this model. Only the default (1) value is supported.`,
          'temperature',
          'unsupported_value',
        );
      }
    }
    if (rules.rejectSeed && request.body['seed'] !== undefined) {
      return invalid('Unrecognized request argument supplied: seed', null, 'invalid_request');
    }
    const format = (request.body['response_format'] as { type?: string } | undefined)?.type;
    if (format === 'json_schema' && rules.responseFormats !== undefined && rules.responseFormats !== 'all') {
      return invalid(
        'Invalid value for response_format.type: json_schema is not supported by this server; expected "json_object" or "text".',
        null,
        'invalid_value',
      );
    }
    if (format === 'json_object' && rules.responseFormats === 'none') {
      return invalid('response_format is not supported by this server', null, 'invalid_request');
    }
    return null;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    maxInFlight: () => peak,
    setScript: (s) => {
      current = s;
    },
    setBehaviour: (b) => {
      rules = b;
      tokens = b.rateLimitPerSecond ?? 0;
      refilledAt = performance.now();
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function approxTokensOf(text: string): number {
  return Math.max(1, Math.ceil(Array.from(text).length / 3));
}

function approxTokens(request: FakeRequest): number {
  return request.messages.reduce((n, m) => n + approxTokensOf(m.content ?? ''), 0);
}

/** The three context lines of an exact-copy request (from the last message holding them). */
export function contextLinesOf(request: FakeRequest): string[] {
  const user = request.messages.filter((m) => m.role === 'user').pop()?.content ?? '';
  const match = /<context>\n([\s\S]*?)\n<\/context>/.exec(user);
  return (match ? (match[1] as string) : user).split('\n');
}

/** A scripted copier: answers line 2 of the context, or a corruption for chosen cases. */
export function scriptedCopier(options: { corrupt?: (line: string) => boolean } = {}): FakeScript {
  return (request) => {
    const line = contextLinesOf(request)[1] ?? '';
    if (options.corrupt?.(line)) return { content: corruptLine(line) };
    return { content: line };
  };
}

/** A visibly wrong copy: the line's second half dropped and a word changed. */
export function corruptLine(line: string): string {
  const chars = Array.from(line);
  return `${chars.slice(0, Math.max(1, Math.floor(chars.length / 2))).join('')}…`;
}

/** A stable pseudo-random fraction of a string, to pick "30% of cases" reproducibly. */
export function fractionOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0) / 2 ** 32;
}

/**
 * Sections of an evalgate judge prompt (built-in templates, en or ja), each taken out of
 * its fenced block (`<<<ANSWER token>>>` … `<<<END ANSWER token>>>`); `tokens` lists every
 * token the prompt's delimiter lines carry.
 */
export function judgePromptParts(request: FakeRequest): {
  kind: 'absolute' | 'pairwise' | null;
  input: string;
  reference: string;
  answer: string;
  answerA: string;
  answerB: string;
  tokens: string[];
} {
  const text = request.messages.map((m) => m.content).join('\n');
  const fenced = (label: string): string => {
    const m = new RegExp(`^<<<${label} ([0-9a-f]+)>>>\\n([\\s\\S]*?)\\n<<<END ${label} \\1>>>$`, 'm').exec(text);
    return m ? (m[2] as string) : '';
  };
  const kind = /# (Answer to grade|採点する回答)/.test(text)
    ? 'absolute'
    : /# (Answer A|回答A)/.test(text)
      ? 'pairwise'
      : null;
  return {
    kind,
    input: fenced('TASK'),
    reference: fenced('REFERENCE'),
    answer: fenced('ANSWER'),
    answerA: fenced('ANSWER A'),
    answerB: fenced('ANSWER B'),
    tokens: [...text.matchAll(/^<<<(?:END )?[A-Z]+(?: [AB])? ([0-9a-f]+)>>>$/gm)].map((m) => m[1] as string),
  };
}

/**
 * A scripted judge (not a model): 5 when the answer equals the reference, 3 when it
 * differs, 1 when empty; pairwise prefers the answer equal to the reference. It replies
 * in JSON when asked for a schema, else with reasoning ending in "Score: N".
 */
export function scriptedJudgeReply(request: FakeRequest): FakeReply | null {
  const parts = judgePromptParts(request);
  if (parts.kind === null) return null;
  const structured = request.response_format?.type === 'json_schema' || request.response_format?.type === 'json_object';
  if (parts.kind === 'pairwise') {
    const aOk = parts.answerA.trim() === parts.reference.trim();
    const bOk = parts.answerB.trim() === parts.reference.trim();
    const winner = aOk === bOk ? 'tie' : aOk ? 'A' : 'B';
    const reasoning = `Scripted comparison: A ${aOk ? 'matches' : 'differs from'} the reference, B ${bOk ? 'matches' : 'differs from'} it.`;
    return { content: structured ? JSON.stringify({ reasoning, winner }) : `${reasoning}\nWinner: ${winner}` };
  }
  const answer = parts.answer.trim();
  const score = answer === '' ? 1 : answer === parts.reference.trim() ? 5 : 3;
  const reasoning = `Scripted grading: the answer ${score === 5 ? 'matches' : 'differs from'} the reference.`;
  return { content: structured ? JSON.stringify({ reasoning, score }) : `${reasoning}\nScore: ${score}` };
}

/** The task text of a target request for a judged suite (the last user message). */
export function taskOf(request: FakeRequest): string {
  return request.messages.filter((m) => m.role === 'user').pop()?.content ?? '';
}

/** Whether the scripted copier drops this context line's title when not told to copy exactly. */
export function dropsTitle(line: string): boolean {
  return fractionOf(line) < 0.4 && line.includes(' [SEP] ');
}

/**
 * The scripted model of the action tests: it copies the answer line exactly when the
 * system prompt says "character for character", and otherwise drops the title of short
 * lines — so removing that phrase from a template is a regression on about 40% of cases.
 */
export const sloppyUnlessStrict: FakeScript = (req) => {
  const system = req.messages.find((m) => m.role === 'system')?.content ?? '';
  const line = contextLinesOf(req)[1] ?? '';
  if (!system.includes('character for character') && dropsTitle(line))
    return { content: line.split(' [SEP] ')[1] as string };
  return { content: line };
};
