import { debug } from '@actions/core';
import { boundHeapGrowth, evalgateCacheRoot } from '../adapters/heap-growth.ts';

// Before any work: bounds on how the heap grows (adapters/heap-growth.ts); a flag this
// Node's V8 does not know is skipped and named in the step's debug log. A fresh runner asks
// V8 in a child while main.ts loads.
const bounded = boundHeapGrowth(undefined, { cacheDir: evalgateCacheRoot(process.env), debug });
const { run } = await import('./main.ts');
await bounded;
await run();
