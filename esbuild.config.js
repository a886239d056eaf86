// Bundles the two entry points into self-contained ESM files under dist/, so the action
// and `node dist/cli.js` run without node_modules. Deterministic: same source, same bytes.
import { build } from 'esbuild';

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  legalComments: 'linked',
  logLevel: 'warning',
  // Some dependencies are CommonJS and call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __evalgateCreateRequire } from 'node:module';\nconst require = __evalgateCreateRequire(import.meta.url);" },
};

await build({ ...common, entryPoints: ['src/cli/index.ts'], outfile: 'dist/cli.js', banner: { js: `#!/usr/bin/env node\n${common.banner.js}` } });
await build({ ...common, entryPoints: ['src/action/index.ts'], outfile: 'dist/index.js' });
