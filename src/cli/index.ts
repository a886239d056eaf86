#!/usr/bin/env node
// The CLI's entry. `--version` is answered here, before anything else is loaded; every other
// command loads main.ts, which loads what its command needs (the bundle is split the same
// way, esbuild.config.js), so start-up pays only for what a command uses.
import { isVersionRequest, TOOL_VERSION } from '../version.ts';

if (isVersionRequest(process.argv[2])) process.stdout.write(`evalgate ${TOOL_VERSION}\n`);
else await (await import('./main.ts')).run();
