/**
 * Keys for what evalgate stores between runs. A response-cache entry or a record-log
 * line is only trusted when it carries a MAC made with a key derived (HKDF-SHA256) from a
 * secret the run holds: $EVALGATE_CACHE_KEY when set, else the provider's API key. A pull
 * request can commit files into the checkout, but without the secret it cannot make a
 * MAC that verifies, so nothing it commits stands in for a model call.
 *
 * With a well-known key (a local server that accepts any key, such as "ollama"), set
 * EVALGATE_CACHE_KEY to a secret of your own; docs/security.md says so.
 */
import { createHmac, createSecretKey, hkdfSync } from 'node:crypto';
import type { Authenticator } from '../ports.ts';

/** The environment variable that, when set, keys every MAC instead of the API keys. */
export const CACHE_KEY_ENV = 'EVALGATE_CACHE_KEY';

/** An authenticator for one purpose (cache of one endpoint, record logs of a run). */
export function createAuthenticator(secret: string, purpose: string): Authenticator {
  // A KeyObject made once: given raw bytes, createHmac would import the key on every tag.
  const key = createSecretKey(Buffer.from(hkdfSync('sha256', secret, 'evalgate-integrity-v1', purpose, 32)));
  return { tag: (text) => createHmac('sha256', key).update(text, 'utf8').digest('hex') };
}

/**
 * The secret behind a run's record-log MACs: $EVALGATE_CACHE_KEY, else the API keys of
 * the providers the run calls (each variable once, in name order); null when none is set.
 */
export function runSecret(
  env: Readonly<Record<string, string | undefined>>,
  keyVariables: readonly string[],
): string | null {
  const own = env[CACHE_KEY_ENV];
  if (own) return own;
  const keys = [...new Set(keyVariables)]
    .sort()
    .map((v) => env[v])
    .filter((k): k is string => Boolean(k));
  return keys.length > 0 ? keys.join('\u0000') : null;
}
