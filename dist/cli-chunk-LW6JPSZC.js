import { createRequire as __evalgateCreateRequire } from 'node:module';
const require = __evalgateCreateRequire(import.meta.url);
import {
  caseMeans,
  pairedBootstrap
} from "./cli-chunk-WXMQQV57.js";

// src/core/mean-interval.ts
function meanInterval(records, metric, options) {
  const means = caseMeans(records, metric);
  if (means.size === 0) return null;
  let sum = 0;
  for (const v of means.values()) sum += v;
  if (options.resamples === 0) return { value: sum / means.size, lower: null, upper: null, cases: means.size };
  const cluster = /* @__PURE__ */ new Map();
  for (const r of records) if (typeof r.cluster === "string") cluster.set(r.caseId, r.cluster);
  const units = /* @__PURE__ */ new Map();
  for (const [id, mean] of [...means].sort((a, b2) => a[0] < b2[0] ? -1 : 1)) {
    const key = cluster.get(id) ?? `case:${id}`;
    const u = units.get(key) ?? { base: 0, candidate: 0, cases: 0 };
    u.candidate += mean;
    u.cases += 1;
    units.set(key, u);
  }
  const b = pairedBootstrap({
    units: [...units.keys()].sort().map((k) => units.get(k)),
    statistic: "absolute",
    confidence: options.confidence,
    resamples: options.resamples,
    seed: options.seed
  });
  return { value: b.estimate, lower: b.lower, upper: b.upper, cases: means.size };
}

export {
  meanInterval
};
