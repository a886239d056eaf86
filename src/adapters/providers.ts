/**
 * Builds model clients from provider entries and the environment, at the edge: the
 * OpenAI-compatible transport, wrapped in the policy (retries, Retry-After, concurrency),
 * wrapped in the response cache. The key is read from the variable the config names
 * (`api-key-env`), never from the config itself; a missing key is a ConfigError that says
 * exactly what to set.
 */
import type { ConfigFile } from '../core/config/schema.ts';
import type { ProviderConfig } from '../core/config/common.ts';
import { ConfigError, MissingKeyError } from '../core/errors.ts';
import { canonicalJson } from '../core/hash.ts';
import { costOf, pricingFor } from '../core/pricing.ts';
import type { Authenticator, ModelClient } from '../ports.ts';
import { createOpenAIClient, DEFAULT_BASE_URL, DEFAULT_MAX_REPLY_BYTES } from './openai-client.ts';
import { CACHE_KEY_ENV, createAuthenticator, runSecret } from './integrity.ts';
import { createCachedClient, type CacheStats } from './response-cache.ts';
import {
  createCallBudget,
  createResilientClient,
  DEFAULT_POLICY,
  type BudgetLimits,
  type ResilienceStats,
} from './resilient-client.ts';

/** Options of the factory. */
export interface ClientFactoryOptions {
  /** Response cache directory, or null for no cache. */
  cacheDir: string | null;
  /** What the run may spend over all its providers (absent: no limit). */
  budget?: BudgetLimits;
}

/**
 * The model part of a cache key: the model name, plus the provider settings that change a
 * reply without being part of the request (reasoning effort, extra body, how replies are
 * read). Only when one is set, so existing cache entries keep their keys.
 */
export function cacheModelKey(provider: ProviderConfig): string {
  const settings = {
    ...(provider['reasoning-effort'] !== undefined ? { reasoningEffort: provider['reasoning-effort'] } : {}),
    ...(provider['max-completion-tokens'] !== undefined
      ? { maxCompletionTokens: provider['max-completion-tokens'] }
      : {}),
    ...(provider['extra-body'] !== undefined ? { extraBody: provider['extra-body'] } : {}),
    ...(provider['strip-reasoning'] === false ? { stripReasoning: false } : {}),
    ...(provider['max-reply-bytes'] !== DEFAULT_MAX_REPLY_BYTES ? { maxReplyBytes: provider['max-reply-bytes'] } : {}),
  };
  return Object.keys(settings).length === 0 ? provider.model : `${provider.model} ${canonicalJson(settings)}`;
}

/** A client with its counters, for progress and the report. */
export interface ProviderClient extends ModelClient {
  counters(): { resilience: ResilienceStats; cache: CacheStats | null };
}

/** The run's budget: the command line's limits over the config's `budget:`. */
export function budgetLimits(
  config: Pick<ConfigFile, 'budget'>,
  flags: { maxCalls?: number | null; maxCost?: number | null } = {},
): BudgetLimits {
  return {
    maxCalls: flags.maxCalls ?? config.budget?.['max-calls'] ?? null,
    maxCostUsd: flags.maxCost ?? config.budget?.['max-cost'] ?? null,
  };
}

/** The endpoint a provider calls. */
export function endpointOf(provider: ProviderConfig, env: Readonly<Record<string, string | undefined>>): string {
  return provider['base-url'] ?? (env['OPENAI_BASE_URL'] || DEFAULT_BASE_URL);
}

/** The authenticator of a provider's response-cache entries; null when no secret is set. */
export function cacheAuthenticator(
  env: Readonly<Record<string, string | undefined>>,
  provider: ProviderConfig,
): Authenticator | null {
  const secret = env[CACHE_KEY_ENV] || env[provider['api-key-env']];
  return secret ? createAuthenticator(secret, `cache:${endpointOf(provider, env)}`) : null;
}

/**
 * An authenticator keyed by the secrets of the providers a run calls (record logs, judge
 * tokens); null when none is set.
 */
export function runAuthenticator(
  env: Readonly<Record<string, string | undefined>>,
  providers: readonly ProviderConfig[],
  purpose: 'record-log' | 'judge-token',
): Authenticator | null {
  const secret = runSecret(
    env,
    providers.map((p) => p['api-key-env']),
  );
  return secret ? createAuthenticator(secret, purpose) : null;
}

/** A factory of clients over a snapshot of the environment. */
export function createClientFactory(
  env: Readonly<Record<string, string | undefined>>,
  configFile: string,
  options: ClientFactoryOptions = { cacheDir: null },
): ClientFactory {
  const made: ProviderClient[] = [];
  const adapted: { name: string; notes: () => string[] }[] = [];
  const limits = options.budget ?? { maxCalls: null, maxCostUsd: null };
  const budget = limits.maxCalls !== null || limits.maxCostUsd !== null ? createCallBudget(limits) : undefined;
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
    const pricing = pricingFor(provider);
    if (limits.maxCostUsd !== null && pricing === null) {
      throw new ConfigError(
        { file: configFile, path: `providers.${name}.pricing` },
        `evalgate: a cost budget needs the price of every provider it calls, and "${provider.model}" (provider "${name}") is not in the built-in table; set providers.${name}.pricing (input-per-million, output-per-million) or use --max-calls instead`,
      );
    }
    const transport = createOpenAIClient({
      baseUrl,
      apiKey,
      model: provider.model,
      timeoutMs: provider['timeout-ms'],
      structuredOutput: provider['structured-output'],
      reasoningEffort: provider['reasoning-effort'] ?? null,
      maxCompletionTokens: provider['max-completion-tokens'] ?? null,
      stripReasoning: provider['strip-reasoning'],
      maxReplyBytes: provider['max-reply-bytes'],
      ...(provider['extra-body'] ? { extraBody: provider['extra-body'] } : {}),
      ...(provider['extra-headers'] ? { extraHeaders: provider['extra-headers'] } : {}),
    });
    adapted.push({ name, notes: () => transport.adaptations() });
    const resilient = createResilientClient(
      transport,
      {
        ...DEFAULT_POLICY,
        concurrency: provider.concurrency,
        maxAttempts: provider['max-attempts'],
        baseDelayMs: provider['retry-base-delay-ms'],
        maxRetryTimeMs: provider['max-retry-time-ms'],
      },
      undefined,
      { ...(budget ? { budget } : {}), ...(pricing ? { costOf: (usage) => costOf(usage, pricing) } : {}) },
    );
    const auth = cacheAuthenticator(env, provider) as Authenticator;
    const cached =
      options.cacheDir === null
        ? null
        : createCachedClient(resilient, {
            dir: options.cacheDir,
            endpoint: baseUrl,
            model: cacheModelKey(provider),
            auth,
          });
    const outer: ModelClient = cached ?? resilient;
    const client: ProviderClient = {
      label: outer.label,
      complete: (request) => outer.complete(request),
      counters: () => ({ resilience: resilient.stats(), cache: cached?.cacheStats() ?? null }),
    };
    made.push(client);
    return client;
  };
  return Object.assign(factory, {
    rejectedCacheEntries: () => made.reduce((n, c) => n + (c.counters().cache?.rejected ?? 0), 0),
    adaptations: () => adapted.map((a) => ({ provider: a.name, notes: a.notes() })).filter((a) => a.notes.length > 0),
  });
}

/** Builds provider clients; counts the cache entries they rejected and lists how each adapted to its server. */
export type ClientFactory = ((name: string, provider: ProviderConfig) => ProviderClient) & {
  rejectedCacheEntries(): number;
  adaptations(): { provider: string; notes: string[] }[];
};
