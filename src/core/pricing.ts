/**
 * Cost of a run from token usage. Prices come from the provider's `pricing` in the config,
 * else from a small built-in table of common models (USD per million tokens, as the
 * provider listed them on the date below; prices change, so the report names the source
 * and the config can always override).
 */
import type { ProviderConfig } from './config/common.ts';
import type { TokenUsage } from '../ports.ts';
import type { Pricing } from './types.ts';

/** When the built-in table was last checked against the providers' price lists. */
export const PRICE_TABLE_DATE = '2025-06';

const BUILT_IN: Readonly<Record<string, { input: number; output: number }>> = {
  'gpt-4o-mini': { input: 0.15, output: 0.6 },
  'gpt-4o': { input: 2.5, output: 10 },
  'gpt-4.1': { input: 2, output: 8 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6 },
  'gpt-4.1-nano': { input: 0.1, output: 0.4 },
  'o4-mini': { input: 1.1, output: 4.4 },
  'o3-mini': { input: 1.1, output: 4.4 },
  'gpt-3.5-turbo': { input: 0.5, output: 1.5 },
};

export type { Pricing } from './types.ts';

/** The pricing of a provider, or null when unknown (cost is then not shown). */
export function pricingFor(provider: Pick<ProviderConfig, 'model' | 'pricing'>): Pricing | null {
  if (provider.pricing) {
    return {
      inputPerMillion: provider.pricing['input-per-million'],
      outputPerMillion: provider.pricing['output-per-million'],
      source: 'config',
    };
  }
  // Dated snapshots (gpt-4o-mini-2024-07-18) price like their family.
  const name = provider.model.replace(/-\d{4}-\d{2}-\d{2}$/, '');
  const entry = BUILT_IN[name];
  return entry
    ? { inputPerMillion: entry.input, outputPerMillion: entry.output, source: `built-in table (${PRICE_TABLE_DATE})` }
    : null;
}

/** USD for a token usage. */
export function costOf(usage: TokenUsage, pricing: Pricing): number {
  return (usage.inputTokens * pricing.inputPerMillion + usage.outputTokens * pricing.outputPerMillion) / 1e6;
}
