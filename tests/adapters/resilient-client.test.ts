// The call policy with injected time: backoff, Retry-After, AIMD concurrency, caps.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  createCallBudget,
  createResilientClient,
  isRetryable,
  type ResilienceDeps,
} from '../../src/adapters/resilient-client.ts';
import type { ModelClient, ModelReply, ModelRequest } from '../../src/ports.ts';

const REQUEST: ModelRequest = {
  messages: [{ role: 'user', content: 'x' }],
  temperature: 0,
  seed: 1,
  maxTokens: 8,
  repeat: 0,
};
const ok: ModelReply = {
  status: 'ok',
  text: 'fine',
  usage: null,
  latencyMs: 1,
  servedModel: null,
  fingerprint: null,
  finishReason: 'stop',
};
const http = (httpStatus: number, retryAfterMs?: number): ModelReply => ({
  status: 'error',
  latencyMs: 1,
  error: {
    kind: 'http',
    httpStatus,
    message: `status ${httpStatus}`,
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  },
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
    const inner = scripted([
      http(500),
      http(502),
      { status: 'error', latencyMs: 1, error: { kind: 'network', message: 'reset' } },
      ok,
    ]);
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
    const inner = scripted([http(503), ok]);
    const reply = await createResilientClient(
      inner,
      { ...policy, baseDelayMs: 8000, maxDelayMs: 60_000, maxRetryTimeMs: 5000 },
      virtualTime(1),
    ).complete(REQUEST);
    assert.equal(reply.status, 'error');
    assert.equal(inner.calls, 1);
    assert.match(reply.status === 'error' ? reply.error.message : '', /retry time cap of 5 s/);
  });

  it('ends a call at once when Retry-After is longer than the retry time left, naming the rate limit', async () => {
    const time = virtualTime();
    const inner = scripted([http(429, 3_600_000), ok]);
    const client = createResilientClient(inner, policy, time);
    const reply = await client.complete(REQUEST);
    assert.equal(reply.status, 'error');
    assert.equal(reply.status === 'error' ? reply.error.kind : '', 'rate-limit');
    assert.match(
      reply.status === 'error' ? reply.error.message : '',
      /asked to wait 3600 s \(Retry-After\), more than the 60 s left of max-retry-time-ms/,
    );
    assert.equal(time.t(), 0, 'no waiting at all');
    // The provider is not paused for an hour either: the next call goes out at once.
    assert.equal((await client.complete(REQUEST)).status, 'ok');
    assert.equal(time.t(), 0);
  });

  it('does not count a 429 with Retry-After against max-attempts', async () => {
    const inner = scripted([...Array.from({ length: 12 }, () => http(429, 100)), ok]);
    const reply = await createResilientClient(inner, { ...policy, maxAttempts: 2 }, virtualTime()).complete(REQUEST);
    assert.equal(reply.status, 'ok');
    assert.equal(reply.trace?.attempts, 13);
  });

  it("stops calling a provider after a 401, 403 or 404, with the server's message", async () => {
    for (const status of [401, 403, 404]) {
      const inner = scripted([http(status), ok]);
      const client = createResilientClient(inner, policy, virtualTime());
      assert.equal((await client.complete(REQUEST)).status, 'error');
      const later = await client.complete(REQUEST);
      assert.equal(inner.calls, 1, `status ${status}: the second call was not sent`);
      assert.equal(later.status === 'error' ? later.error.httpStatus : 0, status);
      assert.match(
        later.status === 'error' ? later.error.message : '',
        new RegExp(`not sent: an earlier call to this provider failed with HTTP ${status} \\(status ${status}\\)`),
      );
    }
  });

  it('stops issuing calls when the shared budget of calls or cost is spent', async () => {
    const calls = createCallBudget({ maxCalls: 3, maxCostUsd: null });
    const inner = scripted([ok]);
    const a = createResilientClient(inner, policy, virtualTime(), { budget: calls });
    const b = createResilientClient(inner, policy, virtualTime(), { budget: calls });
    const replies = [
      await a.complete(REQUEST),
      await b.complete(REQUEST),
      await a.complete(REQUEST),
      await b.complete(REQUEST),
    ];
    assert.deepEqual(
      replies.map((r) => r.status),
      ['ok', 'ok', 'ok', 'error'],
    );
    assert.equal(inner.calls, 3);
    const last = replies[3] as ModelReply;
    assert.equal(last.status === 'error' ? last.error.kind : '', 'budget');
    assert.match(last.status === 'error' ? last.error.message : '', /budget of 3 calls is spent/);

    const cost = createCallBudget({ maxCalls: null, maxCostUsd: 0.01 });
    const paid: ModelReply = { ...ok, usage: { inputTokens: 1000, outputTokens: 1000 } };
    const c = createResilientClient(scripted([paid]), policy, virtualTime(), {
      budget: cost,
      costOf: (u) => (u.inputTokens + u.outputTokens) * 3e-6,
    });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await c.complete(REQUEST)).status);
    assert.deepEqual(statuses, ['ok', 'ok', 'error', 'error']); // $0.006 each: the third would start past $0.01
    assert.ok(Math.abs(cost.used().costUsd - 0.012) < 1e-9);
  });

  it('halves concurrency on 429 and grows it back after successes', async () => {
    const time = virtualTime(0);
    let limited = true;
    const inner: ModelClient = { label: 's', complete: async () => (limited ? http(429) : ok) };
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
