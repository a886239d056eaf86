#!/usr/bin/env node
// The CLI's entry. A bare `--version` is answered here, before anything else is loaded
// (`--version --help` is help, main.ts's); every other command loads main.ts, which loads what its command needs (the bundle is split the same
// way, esbuild.config.js), so start-up pays only for what a command uses.
import { isVersionRequest, TOOL_VERSION } from '../version.ts';

if (process.argv.length === 3 && isVersionRequest(process.argv[2])) process.stdout.write(`evalgate ${TOOL_VERSION}\n`);
else {
  // Before any work: bounds on how the heap grows (adapters/heap-growth.ts). A flag this
  // Node's V8 does not know is skipped; EVALGATE_DEBUG=1 says so on stderr. On a first
  // start V8 is asked in a child while main.ts loads.
  const { boundHeapGrowth, evalgateCacheRoot } = await import('../adapters/heap-growth.ts');
  const bounded = boundHeapGrowth(undefined, {
    cacheDir: evalgateCacheRoot(process.env),
    ...(process.env['EVALGATE_DEBUG'] === '1'
      ? { debug: (line: string) => process.stderr.write(`evalgate: debug: ${line}\n`) }
      : {}),
  });
  const main = await import('./main.ts');
  await bounded;
  await main.run();
}
