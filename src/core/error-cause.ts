/**
 * Errors by cause (docs/design/spec.md §1, "Errors by cause"). An errored record is either
 * the candidate's doing — the request the pull request's template built was refused for its
 * content or length, the reply was cut or unusable, a judge refused or gave no verdict on
 * the answer, a check raised on it, the case could not be rendered — or the machinery's (a
 * server error, a rate limit, the network, a timeout, a key). The first kind is a failure of
 * the case: a pull request must not be able to turn its worst cases into errors and have
 * them dropped. The second is excluded, and the comparison checks that the verdict would
 * hold with those cases counted as failures.
 *
 * The cause is set where the error arises (the provider client, the judge, the check, the
 * sandbox); `causeOf` reads it, and derives it by the same rules for errors that carry none
 * (result files written before causes were recorded, ModelClients of other edges).
 */
import type { CallError, ErrorCause } from '../ports.ts';

export type { ErrorCause } from '../ports.ts';

/** Why a candidate-caused error happened: each makes the case a failure. */
export const CANDIDATE_REASONS = [
  /** The provider refused the request for its content or length (HTTP 400, 413, 422 and other 4xx). */
  'request-rejected',
  /** The reply was cut at the token limit with nothing usable in it. */
  'reply-cut',
  /** The reply had no usable content (no text where text was expected). */
  'reply-unusable',
  /** A judge refused to grade the answer. */
  'judge-refused',
  /** A judge gave no readable verdict on the answer, even after a follow-up. */
  'judge-no-verdict',
  /** A check raised, timed out or misbehaved on the reply, or returned something that is no verdict. */
  'check-failed',
  /** The case could not be rendered into a request by the templates under test. */
  'case-unrenderable',
] as const;

/** Why an infrastructure error happened: excluded, and the verdict must hold with it counted as a failure. */
export const INFRASTRUCTURE_REASONS = [
  /**
   * A judge or check failed on a reply the baseline's run scored, sent by the same request:
   * what it was shown did not change, so the failure is not the candidate's doing.
   */
  'unchanged-reply',
  'server-error',
  'rate-limit',
  'timeout',
  'network',
  'auth',
  'not-found',
  'malformed-response',
  'sandbox-failed',
  'budget',
  'other',
] as const;

/** Every reason code. */
export const ERROR_REASONS = [...CANDIDATE_REASONS, ...INFRASTRUCTURE_REASONS] as const;
/** A reason code. */
export type ErrorReason = (typeof ERROR_REASONS)[number];

/** An error's cause and reason. */
export interface Classified {
  cause: ErrorCause;
  reason: ErrorReason;
}

const CANDIDATE = new Set<string>(CANDIDATE_REASONS);
const INFRASTRUCTURE = new Set<string>(INFRASTRUCTURE_REASONS);

/**
 * The cause of an HTTP status from a provider: 408 (timeout), 409, 429 and 5xx are the
 * server's, 401/403 the key's, 404 the model's or URL's — every other 4xx refused the
 * request itself, which the template under test built (a prompt past the context window is
 * a 400, a body too large a 413).
 */
export function classifyHttpStatus(status: number): Classified {
  if (status >= 500) return { cause: 'infrastructure', reason: 'server-error' };
  if (status === 429) return { cause: 'infrastructure', reason: 'rate-limit' };
  if (status === 408) return { cause: 'infrastructure', reason: 'timeout' };
  if (status === 409) return { cause: 'infrastructure', reason: 'server-error' };
  if (status === 401 || status === 403) return { cause: 'infrastructure', reason: 'auth' };
  if (status === 404) return { cause: 'infrastructure', reason: 'not-found' };
  if (status >= 400) return { cause: 'candidate', reason: 'request-rejected' };
  return { cause: 'infrastructure', reason: 'malformed-response' };
}

/** The cause and reason of an error: as recorded where it arose, else derived from its kind and status. */
export function causeOf(error: CallError): Classified {
  const reason = error.reason;
  if (error.cause === 'candidate' && reason !== undefined && CANDIDATE.has(reason))
    return { cause: 'candidate', reason: reason as ErrorReason };
  if (error.cause === 'infrastructure' && reason !== undefined && INFRASTRUCTURE.has(reason))
    return { cause: 'infrastructure', reason: reason as ErrorReason };
  const derived = deriveCause(error);
  // A recorded cause wins over the derived one; only an unknown reason code is replaced.
  if (error.cause !== undefined && error.cause !== derived.cause)
    return { cause: error.cause, reason: error.cause === 'candidate' ? 'request-rejected' : 'other' };
  return derived;
}

function deriveCause(error: CallError): Classified {
  switch (error.kind) {
    case 'http':
      return error.httpStatus === undefined
        ? { cause: 'infrastructure', reason: 'other' }
        : classifyHttpStatus(error.httpStatus);
    case 'rate-limit':
      return { cause: 'infrastructure', reason: 'rate-limit' };
    case 'network':
      return { cause: 'infrastructure', reason: 'network' };
    case 'timeout':
      return { cause: 'infrastructure', reason: 'timeout' };
    case 'malformed':
      return { cause: 'infrastructure', reason: 'malformed-response' };
    case 'budget':
      return { cause: 'infrastructure', reason: 'budget' };
    case 'unparsable':
      return { cause: 'candidate', reason: 'judge-no-verdict' };
    case 'judge-refused':
      return { cause: 'candidate', reason: 'judge-refused' };
    // Before causes were recorded, a `sandbox` error was a check that could not give a verdict.
    case 'sandbox':
      return { cause: 'candidate', reason: 'check-failed' };
    case 'config':
      return { cause: 'infrastructure', reason: 'other' };
  }
}

/** The error with its cause and reason recorded. */
export function withCause(error: CallError, classified: Classified = causeOf(error)): CallError {
  return { ...error, cause: classified.cause, reason: classified.reason };
}
