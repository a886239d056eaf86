import { capYoungGeneration } from '../adapters/young-generation.ts';
import { run } from './main.ts';

// Before any work: the young generation stops growing at its cap (adapters/young-generation.ts).
capYoungGeneration();
await run();
