// Writes evalgate.schema.json from the zod schema; a test fails when it is out of date.
import { writeFileSync } from 'node:fs';
import { renderConfigSchema } from '../src/cli/main.ts';

writeFileSync(new URL('../evalgate.schema.json', import.meta.url), renderConfigSchema());
