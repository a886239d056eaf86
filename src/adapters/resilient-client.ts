/**
 * The one place where call policy lives (ARCHITECTURE rule 5): a concurrency limit per
 * provider that halves on 429 and grows back on success (AIMD), retries with exponential
 * backoff and full jitter for transient failures, `Retry-After` honoured as a pause for
 * every call to the provider, and a cap on the total time one call may spend retrying.
 * The final failure is returned as data with the provider's status and message; it is
 * never a score.
 */
import type { CallError, ModelClient, ModelReply, ModelRequest } from '../ports.ts';

/** Retry and concurrency settings. */
export interface ResiliencePolicy {
  concurrency: number;
  /** Attempts per call, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Total time one call may spend waiting and retrying before it gives up. */
  maxRetryTimeMs: number;
}

/** Defaults that suit hosted APIs. */
export const DEFAULT_POLICY: ResiliencePolicy = { concurrency: 8, maxAttempts: 6, baseDelayMs: 500, maxDelayMs: 30_000, maxRetryTimeMs: 180_000 };

/** 429s closer together than this belong to one burst and shrink the limit once. */
const DECREASE_WINDOW_MS = 100;
/** At most this much jitter is added to a provider's Retry-After. */
const RETRY_AFTER_JITTER_MS = 50;

/** Time and randomness, injectable for tests. */
export interface ResilienceDeps {
  sleep(ms: number): Promise<void>;
  random(): number;
  now(): number;
}

const systemDeps: ResilienceDeps = {
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: () => Math.random(),
  now: () => performance.now(),
};

/** Counters for the report and progress. */
export interface ResilienceStats {
  calls: number;
  retries: number;
  rateLimited: number;
  failures: number;
  /** The concurrency limit now (it drops under 429s and recovers). */
  currentLimit: number;
}

/** A client with policy, and its counters. */
export interface ResilientClient extends ModelClient {
  stats(): ResilienceStats;
}

/** Whether a failure is worth another attempt. */
export function isRetryable(error: CallError): boolean {
  if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'malformed') return true;
  if (error.kind !== 'http' || error.httpStatus === undefined) return false;
  const s = error.httpStatus;
  return s === 408 || s === 409 || s === 429 || s >= 500;
}

/** Wraps a client with the policy. */
export function createResilientClient(inner: ModelClient, policy: ResiliencePolicy, deps: ResilienceDeps = systemDeps): ResilientClient {
  const max = Math.max(1, policy.concurrency);
  let limit = max;
  let active = 0;
  let pausedUntil = 0;
  let successesSinceChange = 0;
  let lastDecrease = Number.NEGATIVE_INFINITY;
  const waiters: (() => void)[] = [];
  const stats = { calls: 0, retries: 0, rateLimited: 0, failures: 0 };

  const wake = (): void => {
    while (active < limit && waiters.length > 0) {
      active++;
      (waiters.shift() as () => void)();
    }
  };
  const acquire = async (): Promise<void> => {
    for (;;) {
      const wait = pausedUntil - deps.now();
      if (wait > 0) await deps.sleep(wait);
      else break;
    }
    if (active < limit) {
      active++;
      return;
    }
    await new Promise<void>((resolve) => waiters.push(resolve));
  };
  const release = (): void => {
    active--;
    wake();
  };
  const onSuccess = (): void => {
    if (limit >= max) return;
    successesSinceChange++;
    if (successesSinceChange >= limit) {
      limit++;
      successesSinceChange = 0;
      wake();
    }
  };
  const onRateLimit = (retryAfterMs: number | undefined): void => {
    stats.rateLimited++;
    const now = deps.now();
    // Many calls in flight see the same 429 burst: shrink once per burst (100 ms), not once per call.
    if (now - lastDecrease > DECREASE_WINDOW_MS) {
      limit = Math.max(1, Math.floor(limit / 2));
      lastDecrease = now;
      successesSinceChange = 0;
    }
    if (retryAfterMs !== undefined) pausedUntil = Math.max(pausedUntil, now + retryAfterMs);
  };

  const complete = async (request: ModelRequest): Promise<ModelReply> => {
    const started = deps.now();
    stats.calls++;
    let attempt = 0;
    for (;;) {
      attempt++;
      await acquire();
      let reply: ModelReply;
      try {
        reply = await inner.complete(request);
      } finally {
        release();
      }
      if (reply.status !== 'error') {
        onSuccess();
        return { ...reply, trace: { attempts: attempt, cached: false } };
      }
      const error = reply.error;
      if (error.httpStatus === 429) onRateLimit(error.retryAfterMs);
      const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
      // The provider's Retry-After says when capacity returns: wait that long (never less),
      // plus a little jitter so waiting calls do not return in one burst. Without a hint,
      // exponential backoff with full jitter.
      const delay = error.retryAfterMs !== undefined
        ? error.retryAfterMs + deps.random() * Math.min(RETRY_AFTER_JITTER_MS, policy.baseDelayMs)
        : deps.random() * exponential;
      const spent = deps.now() - started;
      if (!isRetryable(error) || attempt >= policy.maxAttempts || spent + delay > policy.maxRetryTimeMs) {
        stats.failures++;
        const why = !isRetryable(error) ? '' : attempt >= policy.maxAttempts ? ` (gave up after ${attempt} attempts)` : ` (gave up after ${attempt} attempts: retry time cap of ${Math.round(policy.maxRetryTimeMs / 1000)} s reached)`;
        return { ...reply, error: { ...error, message: `${error.message}${why}` }, trace: { attempts: attempt, cached: false } };
      }
      stats.retries++;
      await deps.sleep(delay);
    }
  };

  return { label: inner.label, complete, stats: () => ({ ...stats, currentLimit: limit }) };
}
