import { createRequire as __evalgateCreateRequire } from 'node:module';
const require = __evalgateCreateRequire(import.meta.url);

// src/adapters/heap-growth.ts
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { PerformanceObserver } from "node:perf_hooks";
import { getHeapSpaceStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
var YOUNG_GENERATION_CAP_BYTES = 32 * 2 ** 20;
var OLD_GENERATION_GROWING_PERCENT = 50;
function youngGenerationBytes() {
  return getHeapSpaceStatistics().find((s) => s.space_name === "new_space")?.space_size ?? 0;
}
function evalgateCacheRoot(env) {
  return env["EVALGATE_CACHE_DIR"] ?? (env["XDG_CACHE_HOME"] ? join(env["XDG_CACHE_HOME"], "evalgate") : join(homedir(), ".cache", "evalgate"));
}
var CHECKED_V8_BRANCHES = {
  "13.6": { "--heap-growing-percent": true, "--semi-space-growth-factor": true }
};
function v8Branch() {
  return process.versions.v8.split(".").slice(0, 2).join(".");
}
function v8FlagsFile(cacheDir) {
  const build = `${process.version}-v8-${process.versions.v8}-${process.platform}-${process.arch}`;
  return join(cacheDir, "v8-flags", `${build.replace(/[^\w.-]/g, "_")}.json`);
}
var listOwnOptions = () => new Promise((resolve, reject) => {
  const child = process.getBuiltinModule("node:child_process").execFile(
    process.execPath,
    ["--v8-options"],
    { encoding: "utf8", maxBuffer: 16 * 2 ** 20, timeout: 1e4, env: {} },
    (error, stdout) => {
      process.off("exit", stop);
      if (error) reject(error);
      else resolve(stdout);
    }
  );
  const stop = () => void child.kill();
  process.on("exit", stop);
});
async function knownV8Flags(names, check) {
  const file = check.cacheDir === null ? null : v8FlagsFile(check.cacheDir);
  let answers = {};
  if (file !== null) {
    try {
      const stored = JSON.parse(readFileSync(file, "utf8"));
      if (typeof stored === "object" && stored !== null && !Array.isArray(stored))
        answers = stored;
    } catch {
    }
  }
  if (names.every((n) => typeof answers[n] === "boolean")) return new Set(names.filter((n) => answers[n] === true));
  const checked = (check.checkedBranches ?? CHECKED_V8_BRANCHES)[v8Branch()] ?? {};
  if (names.every((n) => typeof checked[n] === "boolean")) return new Set(names.filter((n) => checked[n] === true));
  let listed;
  try {
    listed = new Set(
      [...(await (check.listOptions ?? listOwnOptions)()).matchAll(/^ {2}--([a-z0-9-]+)(?= |$)/gm)].map(
        (m) => `--${m[1]}`
      )
    );
  } catch (error) {
    check.debug?.(`cannot list V8's options (${error.message}); no heap flag is set`);
    return /* @__PURE__ */ new Set();
  }
  if (listed.size === 0) {
    check.debug?.("node --v8-options listed no option; no heap flag is set");
    return /* @__PURE__ */ new Set();
  }
  const known = new Set(names.filter((n) => listed.has(n)));
  if (file !== null) {
    try {
      mkdirSync(join(file, ".."), { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      writeFileSync(
        temp,
        `${JSON.stringify({ ...answers, ...Object.fromEntries(names.map((n) => [n, known.has(n)])) })}
`
      );
      renameSync(temp, file);
    } catch (error) {
      check.debug?.(`cannot keep V8's answer in ${file} (${error.message}); the next start asks again`);
    }
  }
  return known;
}
var GROWING_FLAG = "--heap-growing-percent";
var YOUNG_FLAG = "--semi-space-growth-factor";
var installed = null;
var fullCollection = null;
var youngCapNow = YOUNG_GENERATION_CAP_BYTES;
var youngStopped = false;
var youngFlagKnown = false;
var youngObserver = null;
function collectBeforeReport() {
  fullCollection?.();
}
function giveBackBetweenSteps() {
  giveMemoryBack();
}
function* collectingEvery(text, every) {
  if (typeof text === "string") {
    yield text;
    return;
  }
  let since = 0;
  for (const piece of text) {
    yield piece;
    since += piece.length;
    if (since >= every) {
      since = 0;
      fullCollection?.();
    }
  }
}
function giveMemoryBack() {
  fullCollection?.({ type: "major", flavor: "last-resort" });
}
function callsDone() {
  if (fullCollection === null) return;
  giveMemoryBack();
  setYoungCap(0);
}
function callsStarting() {
  if (fullCollection === null) return;
  if (youngCapNow === 0) giveMemoryBack();
  setYoungCap(YOUNG_GENERATION_CAP_BYTES);
}
function setYoungCap(cap) {
  youngCapNow = cap;
  if (!youngFlagKnown) return;
  if (checkYoungCap()) return;
  if (youngObserver !== null) return;
  const observer = new PerformanceObserver(() => {
    if (checkYoungCap()) {
      observer.disconnect();
      youngObserver = null;
    }
  });
  youngObserver = observer;
  observer.observe({ entryTypes: ["gc"] });
}
function checkYoungCap() {
  const stop = youngGenerationBytes() >= youngCapNow;
  if (stop !== youngStopped) {
    setFlagsFromString(`${YOUNG_FLAG}=${stop ? 1 : 2}`);
    youngStopped = stop;
  }
  return stop;
}
function boundHeapGrowth(youngCap = YOUNG_GENERATION_CAP_BYTES, check = { cacheDir: evalgateCacheRoot(process.env) }) {
  if (installed !== null) return installed;
  setFlagsFromString("--expose-gc");
  fullCollection = runInNewContext("gc");
  youngCapNow = youngCap;
  const skipped = (flag, effect) => check.debug?.(`V8 ${process.versions.v8} does not know ${flag}: not set, ${effect}`);
  installed = knownV8Flags([GROWING_FLAG, YOUNG_FLAG], check).then((known) => {
    if (known.has(GROWING_FLAG)) setFlagsFromString(`${GROWING_FLAG}=${OLD_GENERATION_GROWING_PERCENT}`);
    else skipped(GROWING_FLAG, "the old generation grows as V8 decides");
    if (!known.has(YOUNG_FLAG)) return skipped(YOUNG_FLAG, "the young generation grows as V8 decides");
    youngFlagKnown = true;
    setYoungCap(youngCapNow);
  });
  return installed;
}

export {
  YOUNG_GENERATION_CAP_BYTES,
  OLD_GENERATION_GROWING_PERCENT,
  youngGenerationBytes,
  evalgateCacheRoot,
  CHECKED_V8_BRANCHES,
  v8Branch,
  v8FlagsFile,
  knownV8Flags,
  collectBeforeReport,
  giveBackBetweenSteps,
  collectingEvery,
  callsDone,
  callsStarting,
  boundHeapGrowth
};
