/**
 * Builds model clients from provider entries and the environment, at the edge. The key is
 * read from the variable the config names (`api-key-env`), never from the config itself;
 * a missing key is a ConfigError that says exactly what to set.
 */
import type { ProviderConfig } from '../core/config.ts';
import { ConfigError } from '../core/errors.ts';
import type { ModelClient } from '../ports.ts';
import { createOpenAIClient, DEFAULT_BASE_URL } from './openai-client.ts';

/** A factory of clients over a snapshot of the environment. */
export function createClientFactory(env: Readonly<Record<string, string | undefined>>, configFile: string): (name: string, provider: ProviderConfig) => ModelClient {
  return (name, provider) => {
    const keyVar = provider['api-key-env'];
    const apiKey = env[keyVar];
    if (!apiKey) {
      throw new ConfigError(
        { file: configFile, path: `providers.${name}.api-key-env` },
        `evalgate: provider "${name}" needs an API key in $${keyVar}, which is not set; export it (for a local endpoint such as Ollama any value works: OPENAI_BASE_URL=http://localhost:11434/v1 ${keyVar}=ollama), or run "npm run demo" for an offline scripted demo`,
      );
    }
    const baseUrl = provider['base-url'] ?? (env['OPENAI_BASE_URL'] || DEFAULT_BASE_URL);
    return createOpenAIClient({
      baseUrl, apiKey, model: provider.model, timeoutMs: provider['timeout-ms'], structuredOutput: provider['structured-output'],
    });
  };
}
