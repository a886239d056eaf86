/**
 * Builds model clients from provider entries and the environment, at the edge: the
 * OpenAI-compatible transport, wrapped in the policy (retries, Retry-After, concurrency),
 * wrapped in the response cache. The key is read from the variable the config names
 * (`api-key-env`), never from the config itself; a missing key is a ConfigError that says
 * exactly what to set.
 */
import type { ProviderConfig } from '../core/config.ts';
import { MissingKeyError } from '../core/errors.ts';
import type { Authenticator, ModelClient } from '../ports.ts';
import { createOpenAIClient, DEFAULT_BASE_URL } from './openai-client.ts';
import { CACHE_KEY_ENV, createAuthenticator, runSecret } from './integrity.ts';
import { createCachedClient, type CacheStats } from './response-cache.ts';
import { createResilientClient, DEFAULT_POLICY, type ResilienceStats } from './resilient-client.ts';

/** Options of the factory. */
export interface ClientFactoryOptions {
  /** Response cache directory, or null for no cache. */
  cacheDir: string | null;
}

/** A client with its counters, for progress and the report. */
export interface ProviderClient extends ModelClient {
  counters(): { resilience: ResilienceStats; cache: CacheStats | null };
}

/** The endpoint a provider calls. */
export function endpointOf(provider: ProviderConfig, env: Readonly<Record<string, string | undefined>>): string {
  return provider['base-url'] ?? (env['OPENAI_BASE_URL'] || DEFAULT_BASE_URL);
}

/** The authenticator of a provider's response-cache entries; null when no secret is set. */
export function cacheAuthenticator(env: Readonly<Record<string, string | undefined>>, provider: ProviderConfig): Authenticator | null {
  const secret = env[CACHE_KEY_ENV] || env[provider['api-key-env']];
  return secret ? createAuthenticator(secret, `cache:${endpointOf(provider, env)}`) : null;
}

/**
 * An authenticator keyed by the secrets of the providers a run calls (record logs, judge
 * tokens); null when none is set.
 */
export function runAuthenticator(env: Readonly<Record<string, string | undefined>>, providers: readonly ProviderConfig[], purpose: 'record-log' | 'judge-token'): Authenticator | null {
  const secret = runSecret(env, providers.map((p) => p['api-key-env']));
  return secret ? createAuthenticator(secret, purpose) : null;
}

/** A factory of clients over a snapshot of the environment. */
export function createClientFactory(
  env: Readonly<Record<string, string | undefined>>, configFile: string, options: ClientFactoryOptions = { cacheDir: null },
): ClientFactory {
  const made: ProviderClient[] = [];
  const factory = (name: string, provider: ProviderConfig): ProviderClient => {
    const keyVar = provider['api-key-env'];
    const apiKey = env[keyVar];
    if (!apiKey) {
      throw new MissingKeyError(
        { file: configFile, path: `providers.${name}.api-key-env` },
        `evalgate: provider "${name}" needs an API key in $${keyVar}, which is not set; export it (for a local endpoint such as Ollama any value works: OPENAI_BASE_URL=http://localhost:11434/v1 ${keyVar}=ollama), or run "npm run demo" for an offline scripted demo`,
        keyVar,
      );
    }
    const baseUrl = endpointOf(provider, env);
    const transport = createOpenAIClient({
      baseUrl, apiKey, model: provider.model, timeoutMs: provider['timeout-ms'], structuredOutput: provider['structured-output'],
    });
    const resilient = createResilientClient(transport, {
      ...DEFAULT_POLICY,
      concurrency: provider.concurrency,
      maxAttempts: provider['max-attempts'],
      baseDelayMs: provider['retry-base-delay-ms'],
      maxRetryTimeMs: provider['max-retry-time-ms'],
    });
    const auth = cacheAuthenticator(env, provider) as Authenticator;
    const cached = options.cacheDir === null ? null : createCachedClient(resilient, { dir: options.cacheDir, endpoint: baseUrl, model: provider.model, auth });
    const outer: ModelClient = cached ?? resilient;
    const client: ProviderClient = {
      label: outer.label,
      complete: (request) => outer.complete(request),
      counters: () => ({ resilience: resilient.stats(), cache: cached?.cacheStats() ?? null }),
    };
    made.push(client);
    return client;
  };
  return Object.assign(factory, { rejectedCacheEntries: () => made.reduce((n, c) => n + (c.counters().cache?.rejected ?? 0), 0) });
}

/** Builds provider clients; counts the cache entries they rejected. */
export type ClientFactory = ((name: string, provider: ProviderConfig) => ProviderClient) & { rejectedCacheEntries(): number };
