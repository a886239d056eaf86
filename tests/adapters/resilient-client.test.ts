// The call policy with injected time: backoff, Retry-After, AIMD concurrency, caps.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createResilientClient, isRetryable, type ResilienceDeps } from '../../src/adapters/resilient-client.ts';
import type { ModelClient, ModelReply, ModelRequest } from '../../src/ports.ts';

const REQUEST: ModelRequest = { messages: [{ role: 'user', content: 'x' }], temperature: 0, seed: 1, maxTokens: 8, repeat: 0 };
const ok: ModelReply = { status: 'ok', text: 'fine', usage: null, latencyMs: 1, servedModel: null, fingerprint: null, finishReason: 'stop' };
const http = (httpStatus: number, retryAfterMs?: number): ModelReply => ({
  status: 'error', latencyMs: 1, error: { kind: 'http', httpStatus, message: `status ${httpStatus}`, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) },
});

/** A virtual clock: sleep advances time instantly, and every wait is recorded. */
function virtualTime(randomValue = 0.5): ResilienceDeps & { waits: number[]; t: () => number } {
  let now = 0;
  const waits: number[] = [];
  return {
    waits,
    t: () => now,
    now: () => now,
    random: () => randomValue,
    sleep: async (ms) => {
      waits.push(ms);
      now += ms;
      await Promise.resolve();
    },
  };
}

function scripted(replies: ModelReply[]): ModelClient & { calls: number } {
  const client = {
    label: 'scripted',
    calls: 0,
    complete: async (): Promise<ModelReply> => {
      const reply = replies[Math.min(client.calls, replies.length - 1)] as ModelReply;
      client.calls++;
      return reply;
    },
  };
  return client;
}

const policy = { concurrency: 4, maxAttempts: 5, baseDelayMs: 100, maxDelayMs: 1000, maxRetryTimeMs: 60_000 };

describe('resilient client', () => {
  it('retries transient failures with exponential backoff and full jitter', async () => {
    const time = virtualTime(0.5);
    const inner = scripted([http(500), http(502), { status: 'error', latencyMs: 1, error: { kind: 'network', message: 'reset' } }, ok]);
    const reply = await createResilientClient(inner, policy, time).complete(REQUEST);
    assert.equal(reply.status, 'ok');
    assert.deepEqual(reply.trace, { attempts: 4, cached: false });
    assert.deepEqual(time.waits, [50, 100, 200]); // 0.5 × 100·2^k
  });

  it('waits at least Retry-After, even when the jitter would wait less', async () => {
    const time = virtualTime(0);
    const inner = scripted([http(429, 2000), ok]);
    const client = createResilientClient(inner, policy, time);
    const reply = await client.complete(REQUEST);
    assert.equal(reply.status, 'ok');
    assert.ok(time.t() >= 2000, `waited ${time.t()} ms`);
    assert.equal(client.stats().rateLimited, 1);
  });

  it('does not retry errors a retry cannot fix', async () => {
    for (const status of [400, 401, 403, 404, 422]) {
      const inner = scripted([http(status), ok]);
      const reply = await createResilientClient(inner, policy, virtualTime()).complete(REQUEST);
      assert.equal(reply.status, 'error', `status ${status}`);
      assert.equal(inner.calls, 1);
    }
    assert.equal(isRetryable({ kind: 'http', httpStatus: 408, message: '' }), true);
    assert.equal(isRetryable({ kind: 'http', httpStatus: 409, message: '' }), true);
    assert.equal(isRetryable({ kind: 'malformed', message: '' }), true);
    assert.equal(isRetryable({ kind: 'config', message: '' }), false);
  });

  it('gives up after max attempts, returning the last error as data with the count', async () => {
    const inner = scripted([http(503)]);
    const reply = await createResilientClient(inner, policy, virtualTime()).complete(REQUEST);
    assert.equal(reply.status, 'error');
    assert.equal(inner.calls, 5);
    assert.equal(reply.trace?.attempts, 5);
    assert.match(reply.status === 'error' ? reply.error.message : '', /gave up after 5 attempts/);
  });

  it('stops retrying when the retry-time cap would be exceeded', async () => {
    const inner = scripted([http(429, 10_000), ok]);
    const reply = await createResilientClient(inner, { ...policy, maxRetryTimeMs: 5000 }, virtualTime()).complete(REQUEST);
    assert.equal(reply.status, 'error');
    assert.equal(inner.calls, 1);
    assert.match(reply.status === 'error' ? reply.error.message : '', /retry time cap of 5 s/);
  });

  it('halves concurrency on 429 and grows it back after successes', async () => {
    const time = virtualTime(0);
    let limited = true;
    const inner: ModelClient = { label: 's', complete: async () => (limited ? http(429, 10) : ok) };
    const client = createResilientClient(inner, { ...policy, concurrency: 8, maxAttempts: 2 }, time);
    await client.complete(REQUEST);
    assert.equal(client.stats().currentLimit, 4);
    limited = false;
    for (let i = 0; i < 40; i++) await client.complete(REQUEST);
    assert.equal(client.stats().currentLimit, 8);
  });

  it('never runs more calls at once than the limit', async () => {
    let active = 0;
    let peak = 0;
    const inner: ModelClient = {
      label: 's',
      complete: async () => {
        active++;
        peak = Math.max(peak, active);
        await new Promise((r) => setTimeout(r, 5));
        active--;
        return ok;
      },
    };
    const client = createResilientClient(inner, { ...policy, concurrency: 3 });
    await Promise.all(Array.from({ length: 20 }, () => client.complete(REQUEST)));
    assert.equal(peak, 3);
  });
});
