import { debug } from '@actions/core';
import { boundHeapGrowth, evalgateCacheRoot } from '../adapters/heap-growth.ts';
import { run } from './main.ts';

// Before any work: bounds on how the heap grows (adapters/heap-growth.ts); a flag this
// Node's V8 does not know is skipped and named in the step's debug log.
boundHeapGrowth(undefined, { cacheDir: evalgateCacheRoot(process.env), debug });
await run();
