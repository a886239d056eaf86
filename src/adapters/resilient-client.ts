/**
 * The one place where call policy lives (docs/design/architecture.md, house style 5): a concurrency limit per
 * provider that halves on 429 and grows back on success (AIMD), retries with exponential
 * backoff and full jitter for transient failures, `Retry-After` honoured as a pause for
 * every call to the provider, and a cap on the total time one call may spend retrying.
 * The final failure is returned as data with the provider's status and message; it is
 * never a score.
 *
 * A 429 that says when to come back is the server pacing us, not a failed attempt: it is
 * bounded by the retry time, not by max-attempts. A wait longer than the time left ends
 * the call at once, naming the rate limit. 401, 403 and 404 cannot get better by calling
 * again: after the first, no further call to the provider is sent. A budget shared by
 * every provider of a run stops new calls once its calls or cost are spent.
 */
import { withCause } from '../core/error-cause.ts';
import type { CallError, ModelClient, ModelReply, ModelRequest, TokenUsage } from '../ports.ts';

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
export const DEFAULT_POLICY: ResiliencePolicy = {
  concurrency: 8,
  maxAttempts: 6,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  maxRetryTimeMs: 180_000,
};

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

/** Limits on what a run may spend; null: no limit. */
export interface BudgetLimits {
  maxCalls: number | null;
  maxCostUsd: number | null;
}

/** What a run has spent, shared by every provider's client. */
export interface CallBudget {
  /** Takes one call from the budget; the reason it is spent when it is (the call must not be made). */
  take(): string | null;
  /** Adds what a finished call cost. */
  spend(usd: number): void;
  /** Calls taken and USD spent so far. */
  used(): { calls: number; costUsd: number };
}

/**
 * A budget. Checked before each call, so calls already in flight when it runs out still
 * finish: the cost may pass the limit by what those calls cost.
 */
export function createCallBudget(limits: BudgetLimits): CallBudget {
  let calls = 0;
  let costUsd = 0;
  return {
    take: () => {
      if (limits.maxCalls !== null && calls >= limits.maxCalls)
        return `the run's budget of ${limits.maxCalls} calls is spent (--max-calls / budget.max-calls)`;
      if (limits.maxCostUsd !== null && costUsd >= limits.maxCostUsd)
        return `the run's budget of $${limits.maxCostUsd} is spent ($${costUsd.toFixed(4)} so far; --max-cost / budget.max-cost)`;
      calls++;
      return null;
    },
    spend: (usd) => {
      costUsd += usd;
    },
    used: () => ({ calls, costUsd }),
  };
}

/** Shared limits of a client beyond its policy. */
export interface ResilienceOptions {
  budget?: CallBudget;
  /** USD of a call's usage, for the budget; absent when prices are unknown. */
  costOf?: (usage: TokenUsage) => number;
}

/** Statuses no retry and no other request to the same provider can fix: the key, its rights, the model or URL. */
const FATAL_STATUSES = new Set([401, 403, 404]);

/** Whether a failure is worth another attempt. */
export function isRetryable(error: CallError): boolean {
  if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'malformed') return true;
  if (error.kind !== 'http' || error.httpStatus === undefined) return false;
  const s = error.httpStatus;
  return s === 408 || s === 409 || s === 429 || s >= 500;
}

/** Wraps a client with the policy. */
export function createResilientClient(
  inner: ModelClient,
  policy: ResiliencePolicy,
  deps: ResilienceDeps = systemDeps,
  options: ResilienceOptions = {},
): ResilientClient {
  const max = Math.max(1, policy.concurrency);
  let limit = max;
  let active = 0;
  let pausedUntil = 0;
  let successesSinceChange = 0;
  let lastDecrease = Number.NEGATIVE_INFINITY;
  const waiters: (() => void)[] = [];
  const stats = { calls: 0, retries: 0, rateLimited: 0, failures: 0 };
  let fatal: CallError | null = null;

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
  const onRateLimit = (): void => {
    stats.rateLimited++;
    const now = deps.now();
    // Many calls in flight see the same 429 burst: shrink once per burst (100 ms), not once per call.
    if (now - lastDecrease > DECREASE_WINDOW_MS) {
      limit = Math.max(1, Math.floor(limit / 2));
      lastDecrease = now;
      successesSinceChange = 0;
    }
  };

  const complete = async (request: ModelRequest): Promise<ModelReply> => {
    const started = deps.now();
    stats.calls++;
    let attempt = 0;
    // Attempts that count against max-attempts: a 429 with Retry-After does not.
    let counted = 0;
    for (;;) {
      await acquire();
      if (fatal !== null) {
        release();
        stats.failures++;
        return {
          status: 'error',
          error: withCause({
            ...fatal,
            message: `not sent: an earlier call to this provider failed with HTTP ${fatal.httpStatus ?? ''} (${fatal.message}); no call can succeed until that is fixed`,
          }),
          latencyMs: 0,
          trace: { attempts: attempt, cached: false },
        };
      }
      const refusedBy = options.budget?.take() ?? null;
      if (refusedBy !== null) {
        release();
        return {
          status: 'error',
          error: { kind: 'budget', message: `not sent: ${refusedBy}`, cause: 'infrastructure', reason: 'budget' },
          latencyMs: 0,
          trace: { attempts: attempt, cached: false },
        };
      }
      attempt++;
      let reply: ModelReply;
      try {
        reply = await inner.complete(request);
      } finally {
        release();
      }
      if (reply.status === 'ok' && reply.usage && options.costOf) options.budget?.spend(options.costOf(reply.usage));
      if (reply.status !== 'error') {
        onSuccess();
        return { ...reply, trace: { attempts: attempt, cached: false } };
      }
      const error = reply.error;
      if (error.kind === 'http' && error.httpStatus !== undefined && FATAL_STATUSES.has(error.httpStatus))
        fatal ??= error;
      const paced = error.httpStatus === 429 && error.retryAfterMs !== undefined;
      if (error.httpStatus === 429) onRateLimit();
      if (!paced) counted++;
      const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (Math.max(1, counted) - 1));
      // The provider's Retry-After says when capacity returns: wait that long (never less),
      // plus a little jitter so waiting calls do not return in one burst. Without a hint,
      // exponential backoff with full jitter.
      const delay =
        error.retryAfterMs !== undefined
          ? error.retryAfterMs + deps.random() * Math.min(RETRY_AFTER_JITTER_MS, policy.baseDelayMs)
          : deps.random() * exponential;
      const spent = deps.now() - started;
      const left = policy.maxRetryTimeMs - spent;
      if (isRetryable(error) && error.retryAfterMs !== undefined && error.retryAfterMs > left) {
        // Waiting that long would pass max-retry-time-ms anyway: end now, and say why.
        stats.failures++;
        const limited = error.httpStatus === 429;
        const message = `${limited ? 'rate limited' : 'unavailable'} (HTTP ${error.httpStatus ?? '?'}): the provider asked to wait ${formatSeconds(error.retryAfterMs)} (Retry-After), more than the ${formatSeconds(Math.max(0, left))} left of max-retry-time-ms; not retried (${error.message})`;
        return {
          ...reply,
          error: withCause({ ...error, kind: limited ? 'rate-limit' : error.kind, message }),
          trace: { attempts: attempt, cached: false },
        };
      }
      if (!isRetryable(error) || counted >= policy.maxAttempts || spent + delay > policy.maxRetryTimeMs) {
        stats.failures++;
        const why = !isRetryable(error)
          ? ''
          : counted >= policy.maxAttempts
            ? ` (gave up after ${attempt} attempts)`
            : ` (gave up after ${attempt} attempts: retry time cap of ${Math.round(policy.maxRetryTimeMs / 1000)} s reached)`;
        return {
          ...reply,
          error: withCause({ ...error, message: `${error.message}${why}` }),
          trace: { attempts: attempt, cached: false },
        };
      }
      // Only a wait this call will really make pauses the provider for everyone.
      if (error.retryAfterMs !== undefined) pausedUntil = Math.max(pausedUntil, deps.now() + error.retryAfterMs);
      stats.retries++;
      await deps.sleep(delay);
    }
  };

  return { label: inner.label, complete, stats: () => ({ ...stats, currentLimit: limit }) };
}

function formatSeconds(ms: number): string {
  return ms >= 10_000 ? `${Math.round(ms / 1000)} s` : `${(ms / 1000).toFixed(1)} s`;
}
