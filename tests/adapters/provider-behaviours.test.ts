// The transport against servers that behave as real providers do today: reasoning models
// that refuse max_tokens and temperature, servers without json_schema or seed, think
// blocks, replies cut by the token limit, bodies that drip, oversized replies.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  createOpenAIClient,
  splitReasoning,
  unsupportedParameter,
  type OpenAIClientOptions,
} from '../../src/adapters/openai-client.ts';
import type { ModelRequest } from '../../src/ports.ts';
import { startFakeOpenAI, type FakeOpenAI, type FakeReply } from '../helpers/fake-openai.ts';

const REQUEST: ModelRequest = {
  messages: [{ role: 'user', content: 'hello' }],
  temperature: 0,
  seed: 7,
  maxTokens: 64,
  repeat: 0,
};
const JUDGE: ModelRequest = { ...REQUEST, jsonSchema: { name: 'judgement', schema: { type: 'object' } } };

describe('provider behaviours', () => {
  let server: FakeOpenAI;
  let next: FakeReply = { content: 'ok' };
  before(async () => {
    server = await startFakeOpenAI(() => next);
  });
  after(async () => server.close());
  const client = (extra: Partial<OpenAIClientOptions> = {}) =>
    createOpenAIClient({
      baseUrl: server.url,
      apiKey: 'sk-secret-key-123',
      model: 'o-model',
      timeoutMs: 5000,
      structuredOutput: true,
      ...extra,
    });

  it('adapts to a reasoning model once per provider, not once per call, and says how', async () => {
    server.setBehaviour({ reasoningModel: true });
    next = { content: 'answer' };
    const c = client();
    const before = server.requests.length;
    for (let i = 0; i < 5; i++) {
      const reply = await c.complete(REQUEST);
      assert.equal(reply.status, 'ok', JSON.stringify(reply));
    }
    const sent = server.requests.slice(before);
    // Two refused requests (max_tokens, then temperature), then every call goes through first time.
    assert.equal(sent.length, 7);
    const last = sent.at(-1)?.body ?? {};
    assert.equal(last['max_tokens'], undefined);
    assert.equal(last['max_completion_tokens'], 64);
    assert.equal(last['temperature'], undefined);
    assert.equal(last['seed'], 7);
    assert.deepEqual(c.adaptations(), [
      'sent max_completion_tokens instead of max_tokens',
      "temperature left at the server's default",
    ]);
    server.setBehaviour({});
  });

  it('adapts calls already in flight without listing the adaptation twice', async () => {
    server.setBehaviour({ reasoningModel: true });
    next = { content: 'answer', delayMs: 20 };
    const c = client();
    const replies = await Promise.all(Array.from({ length: 8 }, () => c.complete(REQUEST)));
    assert.ok(replies.every((r) => r.status === 'ok'));
    assert.deepEqual(c.adaptations(), [
      'sent max_completion_tokens instead of max_tokens',
      "temperature left at the server's default",
    ]);
    server.setBehaviour({});
  });

  it('sends the configured reasoning settings, extra body and headers', async () => {
    next = { content: 'fine' };
    const c = client({
      reasoningEffort: 'low',
      maxCompletionTokens: 4000,
      extraBody: { service_tier: 'flex' },
      extraHeaders: { 'x-gateway': 'eu' },
    });
    const reply = await c.complete({ ...REQUEST, temperature: null });
    assert.equal(reply.status, 'ok');
    const sent = server.requests.at(-1);
    assert.equal(sent?.body['reasoning_effort'], 'low');
    assert.equal(sent?.body['max_completion_tokens'], 4000);
    assert.equal(sent?.body['max_tokens'], undefined);
    assert.equal(sent?.body['temperature'], undefined);
    assert.equal(sent?.body['service_tier'], 'flex');
    assert.equal(sent?.headers['x-gateway'], 'eu');
    assert.deepEqual(c.adaptations(), []);
  });

  it('falls back from json_schema to json_object to plain text, remembered and reported', async () => {
    next = { content: '{"reasoning":"r","score":4}' };
    server.setBehaviour({ responseFormats: 'json-object' });
    const c = client();
    assert.equal((await c.complete(JUDGE)).status, 'ok');
    assert.equal(server.requests.at(-1)?.response_format?.type, 'json_object');
    const count = server.requests.length;
    assert.equal((await c.complete(JUDGE)).status, 'ok');
    assert.equal(server.requests.length, count + 1, 'the fallback is remembered');
    server.setBehaviour({ responseFormats: 'none' });
    const reply = await c.complete(JUDGE);
    assert.equal(reply.status, 'ok');
    assert.equal(reply.status === 'ok' ? reply.text : '', '{"reasoning":"r","score":4}');
    assert.equal(server.requests.at(-1)?.response_format, undefined);
    assert.equal(c.adaptations().length, 2);
    assert.match(c.adaptations()[1] ?? '', /JSON is read from the reply text/);
    server.setBehaviour({});
  });

  it('drops a seed the server does not know (a 400 without param)', async () => {
    server.setBehaviour({ rejectSeed: true });
    next = { content: 'ok' };
    const c = client();
    assert.equal((await c.complete(REQUEST)).status, 'ok');
    assert.equal(server.requests.at(-1)?.seed, undefined);
    assert.deepEqual(c.adaptations(), ['seed not sent (the server does not support it)']);
    server.setBehaviour({});
  });

  it("leaves a 400 that names no parameter it sends as the call's error, sent once", async () => {
    next = {
      status: 400,
      body: {
        error: {
          message: "This model's maximum context length is 8192 tokens",
          type: 'invalid_request_error',
          param: 'messages',
          code: 'context_length_exceeded',
        },
      },
    };
    const before = server.requests.length;
    const reply = await client().complete(REQUEST);
    assert.equal(reply.status, 'error');
    assert.equal(server.requests.length, before + 1);
    assert.match(reply.status === 'error' ? reply.error.message : '', /maximum context length/);
  });

  it('takes a leading think block out of the answer and keeps it as reasoning', async () => {
    next = { content: '<think>\nThe line is the second one.\n</think>\n\nParis is the capital.' };
    const reply = await client().complete(REQUEST);
    assert.equal(reply.status === 'ok' ? reply.text : '', 'Paris is the capital.');
    assert.equal(reply.status === 'ok' ? reply.reasoning : '', 'The line is the second one.');
    next = {
      content: 'Paris',
      reasoningContent: 'thinking in a field',
      usage: { prompt_tokens: 3, completion_tokens: 40, reasoning_tokens: 35 },
    };
    const fielded = await client().complete(REQUEST);
    assert.equal(fielded.status === 'ok' ? fielded.reasoning : '', 'thinking in a field');
    assert.deepEqual(fielded.status === 'ok' ? fielded.usage : null, {
      inputTokens: 3,
      outputTokens: 40,
      reasoningTokens: 35,
    });
    next = { content: '<think>kept</think>Paris' };
    const kept = await client({ stripReasoning: false }).complete(REQUEST);
    assert.equal(kept.status === 'ok' ? kept.text : '', '<think>kept</think>Paris');
  });

  it('splits think blocks the way the answer needs', () => {
    assert.deepEqual(splitReasoning('no block'), { answer: 'no block', reasoning: null });
    assert.deepEqual(splitReasoning('  <think>a</think>b'), { answer: 'b', reasoning: 'a' });
    assert.deepEqual(splitReasoning('<think>still thinking when cut'), {
      answer: '',
      reasoning: 'still thinking when cut',
    });
    // Only a leading block is reasoning; one inside the answer is part of it.
    assert.deepEqual(splitReasoning('x <think>y</think>'), { answer: 'x <think>y</think>', reasoning: null });
  });

  it('keeps finish_reason length so truncation can be counted', async () => {
    next = { content: 'The answer is', finishReason: 'length' };
    const reply = await client().complete(REQUEST);
    assert.equal(reply.status === 'ok' ? reply.finishReason : '', 'length');
  });

  it('cuts an oversized reply before scoring and flags it', async () => {
    next = { content: 'é'.repeat(3000) };
    const reply = await client({ maxReplyBytes: 1001 }).complete(REQUEST);
    assert.equal(reply.status, 'ok');
    if (reply.status !== 'ok') return;
    assert.equal(reply.text, 'é'.repeat(500), 'cut at a character boundary');
    assert.equal(reply.finishReason, 'size-limit');
    assert.equal(reply.cutFromChars, 3000);
  });

  it('ends a body that drips a byte at a time within the timeout', async () => {
    next = { content: 'slow', dripMs: 200 };
    const started = performance.now();
    const reply = await client({ timeoutMs: 600 }).complete(REQUEST);
    const took = performance.now() - started;
    assert.equal(reply.status, 'error');
    assert.equal(reply.status === 'error' ? reply.error.kind : '', 'timeout');
    assert.match(reply.status === 'error' ? reply.error.message : '', /600 ms \(timeout-ms\), body included/);
    // Not a speed goal: a dripping body of ~300 bytes would take a minute without the limit.
    assert.ok(took < 10_000, `took ${took} ms`);
  });

  it('reads which parameter a 400 is about', () => {
    assert.equal(unsupportedParameter(400, 'max_tokens', 'x'), 'max_tokens');
    assert.equal(unsupportedParameter(400, 'response_format.type', 'x'), 'response_format');
    assert.equal(
      unsupportedParameter(
        400,
        null,
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      ),
      'max_tokens',
    );
    assert.equal(unsupportedParameter(400, null, 'json_schema is not supported'), 'response_format');
    assert.equal(unsupportedParameter(401, 'temperature', 'unsupported'), null);
    assert.equal(unsupportedParameter(400, 'messages', 'context too long'), null);
    assert.equal(unsupportedParameter(400, null, 'temperature must be a number'), null);
  });
});
