/**
 * The zod schema of evalgate.yml (docs/design/spec.md §2), assembled from the registry: the common parts
 * of `common.ts` and, under `suites:`, a discriminated union of every registered kind's
 * entry. The same schema is the source of the published JSON Schema (`evalgate.schema.json`),
 * so editors and the engine agree.
 */
import { z } from 'zod';
import { REPORT_LANGUAGES } from '../report/languages.ts';
import { kinds, registryVersion } from '../kinds/index.ts';
import { DEFAULT_GATE, gateSchema, nameSchema, providerSchema, type SuiteConfig } from './common.ts';

export { DEFAULT_GATE, type DatasetConfig, type GateConfig, type ProviderConfig, type SuiteConfig } from './common.ts';

// Typed as a strict object over any suite so the ConfigFile type does not depend on which
// kinds are registered; at run time `suite` is the registry's discriminated union.
function buildConfigSchema<Suite extends z.ZodType>(suite: Suite) {
  return z.strictObject({
    $schema: z.string().optional(),
    version: z.literal(1),
    providers: z.record(nameSchema, providerSchema),
    suites: z.array(suite).min(1),
    gate: gateSchema.default({ ...DEFAULT_GATE }),
    report: z
      .strictObject({
        language: z
          .enum(REPORT_LANGUAGES)
          .default('en')
          .describe(
            "The language of the report and of the CLI's final lines (en or ja); the CLI's --language and the action's report-language input win.",
          ),
      })
      .optional()
      .describe('How the report is written.'),
    budget: z
      .strictObject({
        'max-calls': z
          .int()
          .positive()
          .optional()
          .describe(
            'Model calls the run may make (retries included); then it stops, keeps what it finished and exits 3.',
          ),
        'max-cost': z
          .number()
          .positive()
          .optional()
          .describe('USD the run may spend (from token usage and prices); then it stops as above.'),
        'max-pr-calls': z
          .int()
          .positive()
          .optional()
          .describe(
            "Model calls a pull request's run may plan (cases × repeats × calls per case over the suites it affects; default 5000). A pull request that plans more fails before any call. Read from the base branch.",
          ),
      })
      .optional()
      .describe('Limits on what one run may spend; --max-calls and --max-cost override them.'),
  });
}

type ConfigSchema = ReturnType<typeof buildConfigSchema<z.ZodType<SuiteConfig>>>;

/** The configuration as the schema outputs it (kebab-case keys, defaults filled); suites as SuiteConfig. */
export type ConfigFile = z.output<ConfigSchema>;

let built: { version: number; schema: ConfigSchema } | null = null;

/** The zod schema of evalgate.yml for the kinds registered now (rebuilt when one is added). */
export function configSchema(): ConfigSchema {
  const version = registryVersion();
  if (built?.version !== version) {
    const entries = kinds().map((k) => k.configSchema);
    const suite = z.discriminatedUnion('kind', entries as [z.ZodObject, ...z.ZodObject[]]);
    built = { version, schema: buildConfigSchema(suite as unknown as z.ZodType<SuiteConfig>) };
  }
  return built.schema;
}

/** The JSON Schema of the configuration, for editors (`evalgate.schema.json`). */
export function configJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(configSchema(), { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return { ...schema, title: 'evalgate configuration', $id: 'https://evalgate.dev/evalgate.schema.json' };
}
