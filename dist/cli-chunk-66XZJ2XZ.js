import { createRequire as __evalgateCreateRequire } from 'node:module';
const require = __evalgateCreateRequire(import.meta.url);

// src/adapters/heap-growth.ts
import { constants, PerformanceObserver } from "node:perf_hooks";
import { getHeapSpaceStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
var YOUNG_GENERATION_CAP_BYTES = 32 * 2 ** 20;
var OLD_GENERATION_GROWING_PERCENT = 50;
function youngGenerationBytes() {
  return getHeapSpaceStatistics().find((s) => s.space_name === "new_space")?.space_size ?? 0;
}
var installed = false;
var fullCollection = null;
function collectBeforeReport() {
  fullCollection?.();
}
function boundHeapGrowth(youngCap = YOUNG_GENERATION_CAP_BYTES) {
  if (installed) return;
  installed = true;
  setFlagsFromString(`--heap-growing-percent=${OLD_GENERATION_GROWING_PERCENT}`);
  setFlagsFromString("--expose-gc");
  fullCollection = runInNewContext("gc");
  const stop = () => {
    if (youngGenerationBytes() < youngCap) return false;
    setFlagsFromString("--semi-space-growth-factor=1");
    return true;
  };
  if (stop()) return;
  const observer = new PerformanceObserver((list) => {
    const minor = list.getEntries().some((e) => e.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR);
    if (minor && stop()) observer.disconnect();
  });
  observer.observe({ entryTypes: ["gc"] });
}

export {
  YOUNG_GENERATION_CAP_BYTES,
  OLD_GENERATION_GROWING_PERCENT,
  youngGenerationBytes,
  collectBeforeReport,
  boundHeapGrowth
};
