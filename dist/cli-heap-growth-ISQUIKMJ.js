import { createRequire as __evalgateCreateRequire } from 'node:module';
const require = __evalgateCreateRequire(import.meta.url);
import {
  CHECKED_V8_BRANCHES,
  OLD_GENERATION_GROWING_PERCENT,
  YOUNG_GENERATION_CAP_BYTES,
  boundHeapGrowth,
  callsDone,
  callsStarting,
  collectBeforeReport,
  collectingEvery,
  evalgateCacheRoot,
  giveBackBetweenSteps,
  knownV8Flags,
  v8Branch,
  v8FlagsFile,
  youngGenerationBytes
} from "./cli-chunk-UD6IMA3B.js";
import "./cli-chunk-K5RSY7YU.js";
export {
  CHECKED_V8_BRANCHES,
  OLD_GENERATION_GROWING_PERCENT,
  YOUNG_GENERATION_CAP_BYTES,
  boundHeapGrowth,
  callsDone,
  callsStarting,
  collectBeforeReport,
  collectingEvery,
  evalgateCacheRoot,
  giveBackBetweenSteps,
  knownV8Flags,
  v8Branch,
  v8FlagsFile,
  youngGenerationBytes
};
