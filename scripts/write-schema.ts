// Writes evalgate.schema.json (the configuration) and evalgate-summary.schema.json
// (summary.json) from their zod schemas; tests fail when either is out of date.
import { writeFileSync } from 'node:fs';
import { renderConfigSchema, renderSummarySchema } from '../src/cli/main.ts';

writeFileSync(new URL('../evalgate.schema.json', import.meta.url), renderConfigSchema());
writeFileSync(new URL('../evalgate-summary.schema.json', import.meta.url), renderSummarySchema());
