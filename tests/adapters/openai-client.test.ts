// The OpenAI-compatible client against a real local server: replies, refusals and every
// failure come back as data, never as a score and never thrown.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createOpenAIClient } from '../../src/adapters/openai-client.ts';
import { createClientFactory } from '../../src/adapters/providers.ts';
import { parseConfig } from '../../src/core/config/load.ts';
import { ConfigError } from '../../src/core/errors.ts';
import type { ModelRequest } from '../../src/ports.ts';
import { SCRIPTED_MODEL_NAME, startFakeOpenAI, type FakeOpenAI, type FakeReply } from '../helpers/fake-openai.ts';

const REQUEST: ModelRequest = {
  messages: [
    { role: 'system', content: 'sys' },
    { role: 'user', content: 'hello' },
  ],
  temperature: 0,
  seed: 7,
  maxTokens: 64,
  repeat: 0,
};

describe('openai client adapter', () => {
  let server: FakeOpenAI;
  let next: FakeReply = { content: 'ok' };
  before(async () => {
    server = await startFakeOpenAI(() => next);
  });
  after(async () => server.close());
  const client = (timeoutMs = 5000) =>
    createOpenAIClient({
      baseUrl: server.url,
      apiKey: 'sk-secret-key-123',
      model: 'm-1',
      timeoutMs,
      structuredOutput: true,
    });

  it('sends the request as given and records usage, served model and fingerprint', async () => {
    next = { content: 'the reply', usage: { prompt_tokens: 11, completion_tokens: 3 } };
    const reply = await client().complete(REQUEST);
    assert.equal(reply.status, 'ok');
    if (reply.status !== 'ok') return;
    assert.equal(reply.text, 'the reply');
    assert.deepEqual(reply.usage, { inputTokens: 11, outputTokens: 3 });
    assert.equal(reply.servedModel, SCRIPTED_MODEL_NAME);
    assert.equal(reply.fingerprint, 'fp_scripted');
    const sent = server.requests.at(-1);
    assert.equal(sent?.model, 'm-1');
    assert.deepEqual(sent?.messages, [
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'hello' },
    ]);
    assert.equal(sent?.temperature, 0);
    assert.equal(sent?.seed, 7);
    assert.equal(sent?.max_tokens, 64);
    assert.equal(sent?.response_format, undefined);
  });

  it('asks for a JSON schema when the caller wants structured output', async () => {
    next = { content: '{"score": 4}' };
    const schema = {
      type: 'object',
      properties: { score: { type: 'integer' } },
      required: ['score'],
      additionalProperties: false,
    };
    await client().complete({ ...REQUEST, jsonSchema: { name: 'verdict', schema } });
    assert.deepEqual(server.requests.at(-1)?.response_format, {
      type: 'json_schema',
      json_schema: { name: 'verdict', schema, strict: true },
    });
  });

  it('returns HTTP errors as data with the status and the provider message', async () => {
    next = { status: 500, body: { error: { message: 'upstream exploded' } } };
    const reply = await client().complete(REQUEST);
    assert.equal(reply.status, 'error');
    if (reply.status !== 'error') return;
    assert.equal(reply.error.kind, 'http');
    assert.equal(reply.error.httpStatus, 500);
    assert.match(reply.error.message, /upstream exploded/);
    next = { status: 429, headers: { 'retry-after': '2' }, body: { error: { message: 'slow down' } } };
    const limited = await client().complete(REQUEST);
    assert.equal(limited.status === 'error' && limited.error.httpStatus, 429);
    assert.equal(limited.status === 'error' && limited.error.retryAfterMs, 2000);
    next = { status: 429, headers: { 'retry-after-ms': '150', 'retry-after': '9' } };
    const precise = await client().complete(REQUEST);
    assert.equal(precise.status === 'error' && precise.error.retryAfterMs, 150);
  });

  it('makes no retries of its own (policy lives in one wrapper)', async () => {
    const before = server.requests.length;
    next = { status: 503 };
    await client().complete(REQUEST);
    assert.equal(server.requests.length, before + 1);
  });

  it('reports a malformed body, a dropped connection and a timeout as errors', async () => {
    next = { malformed: '{"choices": [' };
    const bad = await client().complete(REQUEST);
    assert.equal(bad.status === 'error' && bad.error.kind, 'malformed');
    next = { drop: true };
    const dropped = await client().complete(REQUEST);
    assert.equal(dropped.status === 'error' && dropped.error.kind, 'network');
    next = { hang: true };
    const slow = await client(300).complete(REQUEST);
    assert.equal(slow.status === 'error' && slow.error.kind, 'timeout');
    next = { status: 200, body: { id: 'x', choices: [] } };
    const empty = await client().complete(REQUEST);
    assert.equal(empty.status === 'error' && empty.error.kind, 'malformed');
  });

  it('reports refusals and content-filter stops as refused, with the message', async () => {
    next = { refusal: 'I cannot help with that.' };
    const r = await client().complete(REQUEST);
    assert.deepEqual(r.status === 'refused' && r.message, 'I cannot help with that.');
    next = { content: '', finishReason: 'content_filter' };
    const f = await client().complete(REQUEST);
    assert.equal(f.status, 'refused');
  });

  it('never lets the key into an error message', async () => {
    next = { status: 401, body: { error: { message: 'Incorrect API key provided: sk-secret-key-123' } } };
    const reply = await client().complete(REQUEST);
    assert.equal(reply.status, 'error');
    assert.ok(reply.status === 'error' && !reply.error.message.includes('sk-secret-key-123'), JSON.stringify(reply));
  });

  it('reads the key from the variable the config names and explains a missing one', () => {
    const { config } = parseConfig(
      'version: 1\nproviders: {t: {model: m, api-key-env: MY_KEY}}\nsuites: [{name: s, kind: exact-copy, provider: t, dataset: d.jsonl, templates: {user: u}}]\n',
      'e.yml',
    );
    const provider = config.providers['t'];
    assert.ok(provider);
    assert.throws(
      () => createClientFactory({}, 'e.yml')('t', provider),
      (e: unknown) => e instanceof ConfigError && /\$MY_KEY/.test(e.message),
    );
    const c = createClientFactory({ MY_KEY: 'k', OPENAI_BASE_URL: server.url }, 'e.yml')('t', provider);
    assert.match(c.label, /^m at 127\.0\.0\.1:\d+$/);
  });
});
