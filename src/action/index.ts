import { boundHeapGrowth } from '../adapters/heap-growth.ts';
import { run } from './main.ts';

// Before any work: bounds on how the heap grows (adapters/heap-growth.ts).
boundHeapGrowth();
await run();
