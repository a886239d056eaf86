/**
 * The process's clock, run ids and a logger that writes to stderr, so stdout stays free
 * for the report and machine-readable output.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { logText } from '../core/log-text.ts';
import type { Authenticator, Clock, Logger } from '../ports.ts';

/** Wall-clock and monotonic time. */
export const systemClock: Clock = {
  nowIso: () => new Date().toISOString(),
  monotonicMs: () => performance.now(),
};

/** A fresh run id. */
export function newRunId(): string {
  return randomUUID();
}

/** A logger on stderr; `quiet` keeps only warnings. Every line is made inert (core/log-text.ts). */
export function createConsoleLogger(quiet = false): Logger {
  return {
    info: (message) => {
      if (!quiet) process.stderr.write(`${logText(message)}\n`);
    },
    warn: (message) => process.stderr.write(`warning: ${logText(message)}\n`),
  };
}

/** A fresh random token for the delimiters of one judge prompt: 64 bits, hex. */
export function newJudgeNonce(): string {
  return randomBytes(8).toString('hex');
}

/**
 * The token source of a run: keyed by the run's secret when there is one, so the same
 * fenced material gets the same token (a re-run's judge calls are cache hits) and nobody
 * without the secret can predict it; random otherwise.
 */
export function judgeNonceSource(auth: Authenticator | null): (material: string) => string {
  return auth ? (material) => auth.tag(material).slice(0, 16) : () => newJudgeNonce();
}
