import { createRequire as __evalgateCreateRequire } from 'node:module';
const require = __evalgateCreateRequire(import.meta.url);
import {
  TOOL_VERSION
} from "./cli-chunk-ZO5ZQJVE.js";
import {
  confinedDir
} from "./cli-chunk-Q6NO7B6I.js";
import {
  ConfigError,
  MissingKeyError,
  canonicalJson,
  costOf,
  count,
  pricingFor,
  sha256Hex,
  withCause
} from "./cli-chunk-IER23OUE.js";

// src/adapters/code-runners.ts
import { homedir } from "node:os";
import { join as join3 } from "node:path";

// src/adapters/host-python-runner.ts
import { execFileSync, spawn as spawn2 } from "node:child_process";
import { randomBytes as randomBytes2 } from "node:crypto";
import { readFileSync as readFileSync2 } from "node:fs";
import { mkdtemp as mkdtemp2, rm as rm2 } from "node:fs/promises";
import { tmpdir as tmpdir2 } from "node:os";
import { dirname as dirname2, join as join2 } from "node:path";
import { fileURLToPath as fileURLToPath2 } from "node:url";

// src/adapters/child-lifetime.ts
var liveGroups = /* @__PURE__ */ new Set();
var LIFETIME_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"];
var hooked = false;
function killGroup(pid) {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
    }
  }
}
function killAllGroups() {
  for (const pid of liveGroups) killGroup(pid);
  liveGroups.clear();
}
function hookLifetime() {
  if (hooked) return;
  hooked = true;
  process.on("exit", killAllGroups);
  for (const signal of LIFETIME_SIGNALS) {
    const onSignal = () => {
      killAllGroups();
      if (process.listenerCount(signal) > 1) return;
      process.removeListener(signal, onSignal);
      process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}
function trackChildGroup(child) {
  const pid = child.pid;
  if (pid === void 0) return;
  hookLifetime();
  liveGroups.add(pid);
  child.once("exit", () => liveGroups.delete(pid));
}

// src/adapters/pyodide-runner.ts
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, lstatSync, readFileSync, realpathSync } from "node:fs";
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
var MAX_RESULT_BYTES = 1024 * 1024;
var CHILD_DEADLINE_GRACE_MS = 2e3;
function locateSandboxFile(candidates) {
  for (const c of candidates) if (existsSync(c)) return realpathSync(c);
  throw new Error(`sandbox file not found; looked in ${candidates.join(", ")}`);
}
function snapshotKey(pyodideDir, childScript) {
  const hash = createHash("sha256").update(process.version).update("\0");
  for (const file of [join(pyodideDir, "pyodide-lock.json"), join(pyodideDir, "pyodide.mjs"), childScript])
    hash.update(readFileSync(file)).update("\0");
  const wasm = lstatSync(join(pyodideDir, "pyodide.asm.wasm"));
  return hash.update(`${wasm.size}`).digest("hex").slice(0, 24);
}
function trustedCacheFile(file) {
  try {
    const uid = process.getuid?.();
    const mine = (st2) => (uid === void 0 || st2.uid === uid) && (st2.mode & 18) === 0;
    const st = lstatSync(file);
    const dir = lstatSync(dirname(file));
    return st.isFile() && mine(st) && dir.isDirectory() && mine(dir) && st.size > 1024;
  } catch {
    return false;
  }
}
var sha256Of = (bytes) => createHash("sha256").update(bytes).digest("hex");
function intactCacheFile(file) {
  try {
    return readFileSync(`${file}.sha256`, "utf8").trim() === sha256Of(readFileSync(file));
  } catch {
    return false;
  }
}
function createPyodideRunner(options = {}) {
  const here = dirname(fileURLToPath(import.meta.url));
  const childScript = locateSandboxFile([join(here, "sandbox-child.mjs"), join(here, "sandbox", "child.mjs")]);
  const harness = readFileSync(
    locateSandboxFile([join(here, "sandbox-harness.py"), join(here, "sandbox", "harness.py")]),
    "utf8"
  );
  const pyodideDir = options.pyodideDir ?? dirname(
    locateSandboxFile([
      join(here, "pyodide", "pyodide.mjs"),
      join(here, "..", "..", "node_modules", "pyodide", "pyodide.mjs")
    ])
  );
  const poolSize = Math.max(1, options.poolSize ?? availableParallelism());
  const timeoutMs = options.timeoutMs ?? 1e4;
  const pool = [];
  const live = /* @__PURE__ */ new Set();
  let closed = false;
  const flags = (reads) => [
    "--permission",
    ...reads.map((path) => `--allow-fs-read=${path}`),
    "--disallow-code-generation-from-strings",
    // The watchdog thread (child.mjs), which ends the child when evalgate is gone even
    // while Python is busy. Model code cannot reach JavaScript, so it cannot start one.
    "--allow-worker",
    "--disable-warning=PERM0006",
    "--wasm-max-mem-pages=16384",
    // 1 GiB of Python memory
    "--max-old-space-size=256"
  ];
  let snapshotDir = null;
  let snapshot = null;
  const cacheFile = options.snapshot === false || !options.snapshotCacheDir ? null : join(options.snapshotCacheDir, `pyodide-${snapshotKey(pyodideDir, childScript)}.snapshot`);
  const storeSnapshot = async (received) => {
    const bytes = await received;
    if (bytes === null || bytes.length < 1024 || closed) return null;
    if (cacheFile) {
      try {
        await mkdir(dirname(cacheFile), { recursive: true, mode: 448 });
        const temp = `${cacheFile}.${process.pid}.tmp`;
        await writeFile(`${temp}.sha256`, sha256Of(bytes), { mode: 384 });
        await rename(`${temp}.sha256`, `${cacheFile}.sha256`);
        await writeFile(temp, bytes, { mode: 384 });
        await rename(temp, cacheFile);
        if (trustedCacheFile(cacheFile)) return realpathSync(cacheFile);
      } catch {
      }
    }
    snapshotDir = await mkdtemp(join(tmpdir(), "evalgate-sandbox-"));
    const file = join(snapshotDir, "pyodide.snapshot");
    await writeFile(file, bytes, { mode: 384 });
    return realpathSync(file);
  };
  const spawnWarm = (snapshotFile, makeSnapshot = false) => {
    const reads = snapshotFile ? [pyodideDir, childScript, snapshotFile] : [pyodideDir, childScript];
    const mode = makeSnapshot ? ["--make-snapshot"] : snapshotFile ? [snapshotFile] : [];
    const child = spawn(process.execPath, [...flags(reads), childScript, pyodideDir, ...mode], {
      env: {},
      cwd: "/",
      detached: true,
      stdio: ["pipe", "pipe", "pipe", makeSnapshot ? "pipe" : "ignore"]
    });
    live.add(child);
    trackChildGroup(child);
    const channel = child.stdio[3];
    const received = !makeSnapshot || !channel ? Promise.resolve(null) : new Promise((resolve) => {
      const chunks = [];
      channel.on("data", (chunk) => chunks.push(chunk));
      channel.on("end", () => resolve(Buffer.concat(chunks)));
      channel.on("error", () => resolve(null));
      child.on("close", () => resolve(null));
    });
    if (child.pid !== void 0) options.onSpawn?.(child.pid);
    child.stdin?.write(`${JSON.stringify({ harness })}
`);
    let answer = () => void 0;
    const warm = {
      child,
      stdout: "",
      stderr: "",
      ready: Promise.resolve(),
      answered: new Promise((resolve) => {
        answer = resolve;
      }),
      exited: new Promise(
        (resolve) => child.on("exit", (code, signal) => {
          live.delete(child);
          resolve({ code, signal });
        })
      )
    };
    warm.ready = new Promise((resolve, reject) => {
      const onData = (chunk) => {
        warm.stdout += chunk.toString("utf8");
        if (warm.stdout.length > MAX_RESULT_BYTES) child.kill("SIGKILL");
        if (warm.stdout.startsWith("READY\n")) {
          warm.stdout = warm.stdout.slice(6);
          resolve();
        }
        if (warm.stdout.includes("\n") && !warm.stdout.startsWith("READY")) answer();
      };
      child.stdout?.on("data", onData);
      child.stderr?.on("data", (chunk) => {
        if (warm.stderr.length < 16384) warm.stderr += chunk.toString("utf8");
      });
      child.on(
        "exit",
        () => reject(
          new Error(
            `the sandbox could not start: ${warm.stderr.trim().split("\n").slice(-3).join(" ") || "it exited before it was ready"}`
          )
        )
      );
      child.stdin?.on("error", () => void 0);
    });
    warm.ready.catch(() => void 0);
    return Object.assign(warm, { snapshot: received });
  };
  const refill = () => {
    if (closed) return;
    if (!snapshot) {
      if (options.snapshot === false) {
        snapshot = Promise.resolve(null);
      } else if (cacheFile && trustedCacheFile(cacheFile) && intactCacheFile(cacheFile)) {
        snapshot = Promise.resolve(realpathSync(cacheFile));
      } else {
        const first = spawnWarm(null, true);
        pool.push(Promise.resolve(first));
        snapshot = storeSnapshot(first.snapshot).catch(() => null);
      }
    }
    const ready = snapshot;
    while (pool.length < poolSize) {
      const warm = ready.then((file) => {
        if (closed) throw new Error("the sandbox runner is closed");
        return spawnWarm(file);
      });
      warm.catch(() => void 0);
      pool.push(warm);
    }
  };
  let running = 0;
  const queue = [];
  const run = async (request) => {
    if (running >= poolSize) await new Promise((resolve) => queue.push(resolve));
    else running++;
    try {
      return await runOne(request);
    } finally {
      const next = queue.shift();
      if (next) next();
      else running--;
    }
  };
  const runOne = async (request) => {
    if (closed) throw new Error("the sandbox runner is closed");
    refill();
    const next = pool.shift();
    refill();
    const warm = await next;
    await warm.ready;
    const started = performance.now();
    const nonce = randomBytes(16).toString("hex");
    let timedOut = false;
    const kill = () => {
      if (warm.child.pid !== void 0) killGroup(warm.child.pid);
      else warm.child.kill("SIGKILL");
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, timeoutMs);
    warm.child.stdin?.end(
      `${JSON.stringify({ nonce, deadlineMs: timeoutMs + CHILD_DEADLINE_GRACE_MS, solution: request.solution, candidates: request.candidates ?? [], tests: request.tests, solutionModule: request.solutionModule ?? "solution", testModule: request.testModule ?? "test_task" })}
`
    );
    const first = await Promise.race([
      warm.exited.then((e) => ({ exit: e })),
      warm.answered.then(() => ({ exit: null }))
    ]);
    clearTimeout(timer);
    const exit = first.exit ?? { code: 0, signal: null };
    if (first.exit === null) kill();
    const durationMs = Math.round(performance.now() - started);
    const base = { durationMs, output: "", tests: [] };
    if (timedOut)
      return { ...base, stage: "timeout", message: `the code did not finish within ${timeoutMs} ms and was killed` };
    const parsed = parseChildReport(warm.stdout, nonce);
    if (!parsed) {
      const denied = /ERR_ACCESS_DENIED|permission|Aborted|RuntimeError: abort/i.test(warm.stderr);
      const stage = denied || exit.signal !== null ? "sandbox-violation" : "test-failure";
      const why = denied ? "the code attempted something the sandbox forbids and the interpreter was stopped" : exit.signal ? `the interpreter was killed by ${exit.signal}` : "the code ended the interpreter before the tests finished";
      return { ...base, stage, message: why };
    }
    return classifyReport(parsed, base);
  };
  refill();
  return {
    name: "pyodide",
    isolated: true,
    run,
    close: async () => {
      closed = true;
      const waits = [...live].map(
        (child) => new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) resolve();
          else child.once("exit", () => resolve());
          if (child.pid !== void 0) killGroup(child.pid);
          else child.kill("SIGKILL");
        })
      );
      pool.length = 0;
      await Promise.all(waits);
      await snapshot?.catch(() => null);
      if (snapshotDir) await rm(snapshotDir, { recursive: true, force: true });
    }
  };
}
function parseChildReport(stdout, nonce) {
  const line = stdout.trim().split("\n").pop() ?? "";
  try {
    const value = JSON.parse(line);
    return value.nonce === nonce && value.report ? value : null;
  } catch {
    return null;
  }
}
var ACCESS_DENIED = /Access to this API has been restricted|ERR_ACCESS_DENIED/;
function classifyReport(parsed, base) {
  const r = parsed.report;
  const out = {
    ...base,
    output: parsed.output ?? "",
    tests: r.tests ?? [],
    ...typeof r.chosen === "number" ? { chosen: r.chosen } : {}
  };
  if (ACCESS_DENIED.test(r.message) || ACCESS_DENIED.test(parsed.output ?? "") || out.tests.some((t) => ACCESS_DENIED.test(t.message))) {
    return {
      ...out,
      stage: "sandbox-violation",
      message: "the code attempted something the sandbox forbids (Node's permission model refused it)"
    };
  }
  switch (r.stage) {
    case "tampering":
      return { ...out, tests: [], stage: "tampering", message: `${r.message}; no result of this run is trusted` };
    case "syntax-error":
      return { ...out, stage: "syntax-error", message: r.message };
    case "declared-unable":
      return { ...out, stage: "declared-unable", message: r.message };
    case "import-error":
    case "harness-error":
      return { ...out, stage: "test-failure", message: r.message };
    default:
      break;
  }
  if (out.tests.length === 0) return { ...out, stage: "test-failure", message: "the task has no tests" };
  const unable = out.tests.find((t) => t.outcome === "declared-unable");
  if (unable) return { ...out, stage: "declared-unable", message: unable.message };
  const failed = out.tests.filter((t) => t.outcome !== "passed");
  if (failed.length > 0)
    return {
      ...out,
      stage: "test-failure",
      message: `${failed.length} of ${out.tests.length} tests failed: ${failed[0]?.name}: ${failed[0]?.message}`
    };
  return { ...out, stage: "passed", message: `${out.tests.length} tests passed` };
}

// src/adapters/host-python-runner.ts
function createHostPythonRunner(options = {}) {
  const here = dirname2(fileURLToPath2(import.meta.url));
  const harness = readFileSync2(
    locateSandboxFile([join2(here, "sandbox-harness.py"), join2(here, "sandbox", "harness.py")]),
    "utf8"
  );
  const driver = readFileSync2(
    locateSandboxFile([join2(here, "sandbox-host-driver.py"), join2(here, "sandbox", "host-driver.py")]),
    "utf8"
  );
  let python;
  try {
    python = execFileSync(options.python ?? "python3", ["-I", "-c", "import sys; print(sys.executable)"], {
      encoding: "utf8",
      timeout: 1e4
    }).trim();
  } catch {
    throw new Error(
      "executor unsafe-host-python needs python3 on PATH; install Python 3 or use the default executor (pyodide)"
    );
  }
  const timeoutMs = options.timeoutMs ?? 1e4;
  const live = /* @__PURE__ */ new Set();
  const run = async (request) => {
    const cwd = await mkdtemp2(join2(tmpdir2(), "evalgate-unsafe-"));
    const nonce = randomBytes2(16).toString("hex");
    const started = performance.now();
    const child = spawn2(python, ["-I", "-c", driver], {
      env: {},
      cwd,
      detached: true,
      stdio: ["pipe", "pipe", "pipe"]
    });
    const pid = child.pid;
    live.add(pid);
    trackChildGroup(child);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk.toString("utf8");
      if (stdout.length > 1024 * 1024) kill();
    });
    child.stderr.on("data", (chunk) => {
      if (stderr.length < 16384) stderr += chunk.toString("utf8");
    });
    child.stdin.on("error", () => void 0);
    let timedOut = false;
    function kill() {
      killGroup(pid);
    }
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, timeoutMs);
    child.stdin.end(
      `${JSON.stringify({
        nonce,
        harness,
        solution: request.solution,
        candidates: request.candidates ?? [],
        tests: request.tests,
        solutionModule: request.solutionModule ?? "solution",
        testModule: request.testModule ?? "test_task",
        memoryBytes: options.memoryBytes ?? 1 << 30,
        // The driver's own limits, for when evalgate is gone: CPU seconds, and a wall-clock
        // deadline its watcher thread enforces.
        cpuSeconds: Math.ceil(timeoutMs / 1e3) + 2,
        deadlineMs: timeoutMs + 2e3
      })}
`
    );
    const exit = await new Promise(
      (resolve) => child.on("close", (code, signal) => resolve({ code, signal }))
    );
    clearTimeout(timer);
    kill();
    live.delete(pid);
    await rm2(cwd, { recursive: true, force: true }).catch(() => void 0);
    const base = {
      durationMs: Math.round(performance.now() - started),
      output: "",
      tests: []
    };
    if (timedOut)
      return { ...base, stage: "timeout", message: `the code did not finish within ${timeoutMs} ms and was killed` };
    const parsed = parseChildReport(stdout, nonce);
    if (!parsed) {
      if (/MemoryError/.test(stderr)) return { ...base, stage: "test-failure", message: "the code ran out of memory" };
      const why = exit.signal ? `the interpreter was killed by ${exit.signal}` : "the code ended the interpreter before the tests finished";
      return { ...base, stage: exit.signal ? "sandbox-violation" : "test-failure", message: why };
    }
    return classifyReport(parsed, base);
  };
  return {
    name: "unsafe-host-python",
    isolated: false,
    run,
    close: () => {
      for (const pid of live) killGroup(pid);
      return Promise.resolve();
    }
  };
}

// src/adapters/code-runners.ts
function sandboxCacheDir(env) {
  if (env["EVALGATE_SANDBOX_CACHE"] === "0") return null;
  const base = env["EVALGATE_CACHE_DIR"] ?? (env["XDG_CACHE_HOME"] ? join3(env["XDG_CACHE_HOME"], "evalgate") : join3(homedir(), ".cache", "evalgate"));
  return join3(base, "sandbox");
}
function createCodeRunnerFactory(settings) {
  return (executor, timeoutMs) => executor === "unsafe-host-python" ? createHostPythonRunner({ timeoutMs }) : createPyodideRunner({ timeoutMs, snapshotCacheDir: settings.snapshotCacheDir });
}

// src/adapters/response-cache.ts
import { readFile } from "node:fs/promises";
import { join as join4 } from "node:path";
var CACHE_VERSION = 2;
function cacheKey(endpoint, model, request) {
  return sha256Hex(
    canonicalJson({
      v: CACHE_VERSION,
      endpoint,
      model,
      messages: request.messages,
      temperature: request.temperature,
      seed: request.seed,
      maxTokens: request.maxTokens,
      jsonSchema: request.jsonSchema ?? null,
      repeat: request.repeat,
      ...request.callKey !== void 0 ? { callKey: request.callKey } : {}
    })
  );
}
async function isCachedRequest(dir, endpoint, model, request, auth) {
  const key = cacheKey(endpoint, model, request);
  const found = await readEntry(join4(dir, key.slice(0, 2), `${key}.json`), key, auth);
  return found !== null && found !== "rejected";
}
var macOf = (auth, key, reply) => auth.tag(canonicalJson({ key, reply }));
async function readEntry(path, key, auth) {
  let text;
  try {
    text = await readFile(path, "utf8");
  } catch {
    return null;
  }
  try {
    const entry = JSON.parse(text);
    if (entry.v !== CACHE_VERSION || entry.key !== key || entry.reply?.status !== "ok" || entry.mac !== macOf(auth, key, entry.reply))
      return "rejected";
    return entry.reply;
  } catch {
    return null;
  }
}
function createCachedClient(inner, options) {
  const stats = { hits: 0, misses: 0, writes: 0, rejected: 0 };
  const store = confinedDir(options.dir);
  const pathOf = (key) => join4(options.dir, key.slice(0, 2), `${key}.json`);
  const read = async (key) => {
    const found = await readEntry(pathOf(key), key, options.auth);
    if (found !== "rejected") return found;
    stats.rejected++;
    return null;
  };
  return {
    label: inner.label,
    cacheStats: () => ({ ...stats }),
    has: async (request) => isCachedRequest(options.dir, options.endpoint, options.model, request, options.auth),
    complete: async (request) => {
      const key = cacheKey(options.endpoint, options.model, request);
      const hit = await read(key);
      if (hit) {
        stats.hits++;
        return { ...hit, trace: { attempts: 0, cached: true } };
      }
      stats.misses++;
      const reply = await inner.complete(request);
      if (reply.status === "ok") {
        const { trace: _trace, ...stored } = reply;
        await store.writeAtomic(
          `${key.slice(0, 2)}/${key}.json`,
          `${JSON.stringify({ v: CACHE_VERSION, key, model: options.model, reply: stored, mac: macOf(options.auth, key, stored) })}
`
        );
        stats.writes++;
      }
      return reply;
    }
  };
}

// src/adapters/openai-client.ts
var sdkModule = null;
var transport = null;
function loadSdk() {
  sdkModule ??= import("./cli-openai-U5X2VA6A.js");
  transport ??= import("./cli-http-fetch-UGWVHHJZ.js").then((m) => m.createHttpFetch());
  return Promise.all([sdkModule, transport]);
}
var DEFAULT_BASE_URL = "https://api.openai.com/v1";
var DEFAULT_MAX_REPLY_BYTES = 1e6;
var ADAPTABLE = [
  "max_tokens",
  "max_completion_tokens",
  "temperature",
  "seed",
  "response_format",
  "reasoning_effort"
];
var REFUSAL_WORDS = /unsupported|not supported|does not support|doesn't support|unrecognized|unknown|not allowed|not permitted|extra (?:fields|inputs)|only the default|invalid/i;
function unsupportedParameter(status, param, message) {
  if (status !== 400 && status !== 422) return null;
  if (typeof param === "string") {
    const root = param.split(/[.[]/)[0];
    if (ADAPTABLE.includes(root)) return root;
  }
  if (!REFUSAL_WORDS.test(message)) return null;
  let best = null;
  for (const name of ADAPTABLE) {
    const at = message.search(new RegExp(`\\b${name}\\b`));
    if (at >= 0 && (best === null || at < best.at)) best = { name, at };
  }
  if (best) return best.name;
  return /json_schema|json_object|structured output/i.test(message) ? "response_format" : null;
}
function splitReasoning(text) {
  const closed = /^\s*<(think|thinking)>([\s\S]*?)<\/\1>\s*/.exec(text);
  if (closed) return { answer: text.slice(closed[0].length), reasoning: closed[2].trim() };
  const open = /^\s*<(think|thinking)>/.exec(text);
  if (open) return { answer: "", reasoning: text.slice(open[0].length).trim() };
  return { answer: text, reasoning: null };
}
function cutToBytes(text, maxBytes) {
  if (text.length <= maxBytes / 3 || Buffer.byteLength(text, "utf8") <= maxBytes) return null;
  const cut = Buffer.from(text, "utf8").subarray(0, maxBytes).toString("utf8");
  return cut.endsWith("\uFFFD") ? cut.slice(0, -1) : cut;
}
function createOpenAIClient(options) {
  let connected = null;
  const connect = () => {
    connected ??= loadSdk().then(([mod, fetch]) => ({
      mod,
      sdk: new mod.OpenAI({
        apiKey: options.apiKey,
        baseURL: options.baseUrl,
        maxRetries: 0,
        timeout: options.timeoutMs,
        fetch
      })
    }));
    return connected;
  };
  const host = safeHost(options.baseUrl);
  const redact = (text) => options.apiKey.length >= 4 ? text.split(options.apiKey).join("[redacted]") : text;
  const maxReplyBytes = options.maxReplyBytes ?? DEFAULT_MAX_REPLY_BYTES;
  const state = {
    tokens: options.maxCompletionTokens ? "max_completion_tokens" : "max_tokens",
    format: options.structuredOutput ? "json_schema" : "text",
    omitted: /* @__PURE__ */ new Set()
  };
  const notes = [];
  const bodyOf = (request) => {
    const body = { ...options.extraBody ?? {} };
    if (request.temperature !== null && !state.omitted.has("temperature")) body["temperature"] = request.temperature;
    body[state.tokens] = options.maxCompletionTokens ?? request.maxTokens;
    if (request.seed !== null && !state.omitted.has("seed")) body["seed"] = request.seed;
    if (options.reasoningEffort && !state.omitted.has("reasoning_effort"))
      body["reasoning_effort"] = options.reasoningEffort;
    if (request.jsonSchema && state.format === "json_schema") {
      body["response_format"] = {
        type: "json_schema",
        json_schema: { name: request.jsonSchema.name, schema: request.jsonSchema.schema, strict: true }
      };
    } else if (request.jsonSchema && state.format === "json_object") {
      body["response_format"] = { type: "json_object" };
    }
    body["model"] = options.model;
    body["messages"] = request.messages.map((m) => ({ role: m.role, content: m.content }));
    return body;
  };
  const adapt = (name) => {
    const say = (note) => {
      notes.push(note);
      return true;
    };
    switch (name) {
      case "max_tokens":
        if (state.tokens !== "max_tokens") return false;
        state.tokens = "max_completion_tokens";
        return say("sent max_completion_tokens instead of max_tokens");
      case "max_completion_tokens":
        if (state.tokens !== "max_completion_tokens") return false;
        state.tokens = "max_tokens";
        return say("sent max_tokens instead of max_completion_tokens");
      case "response_format":
        if (state.format === "json_schema") {
          state.format = "json_object";
          return say("structured output: json_schema is not supported, asked for a JSON object (json_object) instead");
        }
        if (state.format === "json_object") {
          state.format = "text";
          return say("structured output: not supported, JSON is read from the reply text");
        }
        return false;
      case "temperature":
        if (state.omitted.has("temperature")) return false;
        state.omitted.add("temperature");
        return say("temperature left at the server's default");
      default:
        if (state.omitted.has(name)) return false;
        state.omitted.add(name);
        return say(`${name} not sent (the server does not support it)`);
    }
  };
  const complete = async (request) => {
    let started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const controller = new AbortController();
    let timer;
    let mod = null;
    try {
      const client = await connect();
      started = performance.now();
      timer = setTimeout(() => controller.abort(), options.timeoutMs);
      const sdk = client.sdk;
      mod = client.mod;
      for (let round = 0; ; round++) {
        const body = bodyOf(request);
        let response;
        try {
          response = await sdk.chat.completions.create(
            body,
            {
              signal: controller.signal,
              ...options.extraHeaders ? { headers: { ...options.extraHeaders } } : {}
            }
          );
        } catch (error) {
          const param = error instanceof mod.APIError ? unsupportedParameter(error.status, error.param, error.message) : null;
          if (param !== null && round < 2 * ADAPTABLE.length) {
            const changed = JSON.stringify(bodyOf(request)) !== JSON.stringify(body) || adapt(param);
            if (changed) continue;
          }
          throw error;
        }
        return readReply(response, elapsed());
      }
    } catch (error) {
      const callError = controller.signal.aborted ? {
        kind: "timeout",
        message: `no complete reply within ${options.timeoutMs} ms (timeout-ms), body included`
      } : describeError(error, mod);
      if (callError.httpStatus === 400 && /content[_ ]filter|content management policy/i.test(callError.message)) {
        return { status: "refused", message: redact(callError.message), latencyMs: elapsed(), servedModel: null };
      }
      return {
        status: "error",
        error: withCause({ ...callError, message: redact(callError.message) }),
        latencyMs: elapsed()
      };
    } finally {
      clearTimeout(timer);
    }
  };
  const readReply = (response, latencyMs) => {
    const choice = response.choices?.[0];
    if (!choice || !choice.message) {
      return {
        status: "error",
        error: {
          kind: "malformed",
          message: "the response has no choices[0].message",
          cause: "infrastructure",
          reason: "malformed-response"
        },
        latencyMs
      };
    }
    const servedModel = typeof response.model === "string" ? response.model : null;
    if (choice.finish_reason === "content_filter" || (choice.message.refusal ?? "") !== "") {
      return {
        status: "refused",
        message: choice.message.refusal || "the provider stopped the reply (content_filter)",
        latencyMs,
        servedModel
      };
    }
    const raw = choice.message.content;
    if (typeof raw !== "string") {
      return {
        status: "error",
        // The model gave no text (all its tokens spent, or something other than an answer):
        // what it was asked produced nothing usable, so the case fails.
        error: choice.finish_reason === "length" ? {
          kind: "malformed",
          message: "the reply was cut at the token limit before any answer (choices[0].message.content is empty)",
          cause: "candidate",
          reason: "reply-cut"
        } : {
          kind: "malformed",
          message: "choices[0].message.content is not a string",
          cause: "candidate",
          reason: "reply-unusable"
        },
        latencyMs
      };
    }
    const message = choice.message;
    const field = [message["reasoning_content"], message["reasoning"]].find(
      (v) => typeof v === "string" && v !== ""
    );
    const split = options.stripReasoning === false ? { answer: raw, reasoning: null } : splitReasoning(raw);
    const reasoning = [field, split.reasoning].filter((v) => typeof v === "string" && v !== "").join("\n\n");
    let text = split.answer;
    let finishReason = choice.finish_reason ?? null;
    const cut = cutToBytes(text, maxReplyBytes);
    const cutFromChars = cut === null ? void 0 : text.length;
    if (cut !== null) {
      text = cut;
      finishReason = "size-limit";
    }
    const details = response.usage?.completion_tokens_details;
    const reasoningTokens = typeof details?.reasoning_tokens === "number" ? details.reasoning_tokens : void 0;
    return {
      status: "ok",
      text,
      usage: response.usage ? {
        inputTokens: response.usage.prompt_tokens ?? 0,
        outputTokens: response.usage.completion_tokens ?? 0,
        ...reasoningTokens ? { reasoningTokens } : {}
      } : null,
      latencyMs,
      servedModel,
      fingerprint: response.system_fingerprint ?? null,
      finishReason,
      ...reasoning !== "" ? { reasoning: cutToBytes(reasoning, maxReplyBytes) ?? reasoning } : {},
      ...cutFromChars !== void 0 ? { cutFromChars } : {}
    };
  };
  return { label: `${options.model} at ${host}`, complete, adaptations: () => [...notes] };
}
function describeError(error, mod) {
  if (mod === null)
    return {
      kind: "malformed",
      message: `the OpenAI SDK could not be loaded (${errorText(error)})`,
      cause: "infrastructure",
      reason: "other"
    };
  const { APIConnectionTimeoutError, APIUserAbortError, APIConnectionError, APIError } = mod;
  if (error instanceof APIConnectionTimeoutError) return { kind: "timeout", message: "the request timed out" };
  if (error instanceof APIUserAbortError) return { kind: "timeout", message: "the request was aborted" };
  if (error instanceof APIConnectionError) {
    const cause = error.cause;
    return {
      kind: "network",
      message: `connection failed${cause?.code ? ` (${cause.code})` : cause?.message ? ` (${cause.message})` : ""}`
    };
  }
  if (error instanceof APIError && typeof error.status === "number") {
    const retryAfterMs = retryAfterOf(error.headers);
    return {
      kind: "http",
      httpStatus: error.status,
      message: error.message,
      ...retryAfterMs !== void 0 ? { retryAfterMs } : {}
    };
  }
  if (error instanceof SyntaxError)
    return { kind: "malformed", message: `the response body is not valid JSON (${error.message})` };
  return { kind: "malformed", message: errorText(error) };
}
function errorText(error) {
  return error instanceof Error ? error.message : String(error);
}
function retryAfterOf(headers, now = Date.now()) {
  if (!headers) return void 0;
  const ms = Number(headers.get("retry-after-ms"));
  if (headers.get("retry-after-ms") !== null && Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get("retry-after");
  if (value === null) return void 0;
  const seconds = Number(value);
  if (value.trim() !== "" && Number.isFinite(seconds) && seconds >= 0) return seconds * 1e3;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - now) : void 0;
}
function safeHost(url) {
  try {
    const u = new URL(url);
    return u.host;
  } catch {
    return "an invalid URL";
  }
}

// src/adapters/integrity.ts
import { createHmac, createSecretKey, hkdfSync } from "node:crypto";
var CACHE_KEY_ENV = "EVALGATE_CACHE_KEY";
function createAuthenticator(secret, purpose) {
  const key = createSecretKey(Buffer.from(hkdfSync("sha256", secret, "evalgate-integrity-v1", purpose, 32)));
  return { tag: (text) => createHmac("sha256", key).update(text, "utf8").digest("hex") };
}
function runSecret(env, keyVariables) {
  const own = env[CACHE_KEY_ENV];
  if (own) return own;
  const keys = [...new Set(keyVariables)].sort().map((v) => env[v]).filter((k) => Boolean(k));
  return keys.length > 0 ? keys.join("\0") : null;
}

// src/adapters/resilient-client.ts
var DEFAULT_POLICY = {
  concurrency: 8,
  maxAttempts: 6,
  baseDelayMs: 500,
  maxDelayMs: 3e4,
  maxRetryTimeMs: 18e4
};
var DECREASE_WINDOW_MS = 100;
var RETRY_AFTER_JITTER_MS = 50;
var systemDeps = {
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: () => Math.random(),
  now: () => performance.now()
};
function createCallBudget(limits) {
  let calls = 0;
  let costUsd = 0;
  return {
    take: () => {
      if (limits.maxCalls !== null && calls >= limits.maxCalls)
        return `the run's budget of ${limits.maxCalls} calls is spent (--max-calls / budget.max-calls)`;
      if (limits.maxCostUsd !== null && costUsd >= limits.maxCostUsd)
        return `the run's budget of $${limits.maxCostUsd} is spent ($${costUsd.toFixed(4)} so far; --max-cost / budget.max-cost)`;
      calls++;
      return null;
    },
    spend: (usd) => {
      costUsd += usd;
    },
    used: () => ({ calls, costUsd })
  };
}
var FATAL_STATUSES = /* @__PURE__ */ new Set([401, 403, 404]);
function isRetryable(error) {
  if (error.kind === "network" || error.kind === "timeout" || error.kind === "malformed") return true;
  if (error.kind !== "http" || error.httpStatus === void 0) return false;
  const s = error.httpStatus;
  return s === 408 || s === 409 || s === 429 || s >= 500;
}
function createResilientClient(inner, policy, deps = systemDeps, options = {}) {
  const max = Math.max(1, policy.concurrency);
  let limit = max;
  let active = 0;
  let pausedUntil = 0;
  let successesSinceChange = 0;
  let lastDecrease = Number.NEGATIVE_INFINITY;
  const waiters = [];
  const stats = { calls: 0, retries: 0, rateLimited: 0, failures: 0 };
  let fatal = null;
  const wake = () => {
    while (active < limit && waiters.length > 0) {
      active++;
      waiters.shift()();
    }
  };
  const acquire = async () => {
    for (; ; ) {
      const wait = pausedUntil - deps.now();
      if (wait > 0) await deps.sleep(wait);
      else break;
    }
    if (active < limit) {
      active++;
      return;
    }
    await new Promise((resolve) => waiters.push(resolve));
  };
  const release = () => {
    active--;
    wake();
  };
  const onSuccess = () => {
    if (limit >= max) return;
    successesSinceChange++;
    if (successesSinceChange >= limit) {
      limit++;
      successesSinceChange = 0;
      wake();
    }
  };
  const onRateLimit = () => {
    stats.rateLimited++;
    const now = deps.now();
    if (now - lastDecrease > DECREASE_WINDOW_MS) {
      limit = Math.max(1, Math.floor(limit / 2));
      lastDecrease = now;
      successesSinceChange = 0;
    }
  };
  const complete = async (request) => {
    const started = deps.now();
    stats.calls++;
    let attempt = 0;
    let counted = 0;
    for (; ; ) {
      await acquire();
      if (fatal !== null) {
        release();
        stats.failures++;
        return {
          status: "error",
          error: withCause({
            ...fatal,
            message: `not sent: an earlier call to this provider failed with HTTP ${fatal.httpStatus ?? ""} (${fatal.message}); no call can succeed until that is fixed`
          }),
          latencyMs: 0,
          trace: { attempts: attempt, cached: false }
        };
      }
      const refusedBy = options.budget?.take() ?? null;
      if (refusedBy !== null) {
        release();
        return {
          status: "error",
          error: { kind: "budget", message: `not sent: ${refusedBy}`, cause: "infrastructure", reason: "budget" },
          latencyMs: 0,
          trace: { attempts: attempt, cached: false }
        };
      }
      attempt++;
      let reply;
      try {
        reply = await inner.complete(request);
      } finally {
        release();
      }
      if (reply.status === "ok" && reply.usage && options.costOf) options.budget?.spend(options.costOf(reply.usage));
      if (reply.status !== "error") {
        onSuccess();
        return { ...reply, trace: { attempts: attempt, cached: false } };
      }
      const error = reply.error;
      if (error.kind === "http" && error.httpStatus !== void 0 && FATAL_STATUSES.has(error.httpStatus))
        fatal ??= error;
      const paced = error.httpStatus === 429 && error.retryAfterMs !== void 0;
      if (error.httpStatus === 429) onRateLimit();
      if (!paced) counted++;
      const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (Math.max(1, counted) - 1));
      const delay = error.retryAfterMs !== void 0 ? error.retryAfterMs + deps.random() * Math.min(RETRY_AFTER_JITTER_MS, policy.baseDelayMs) : deps.random() * exponential;
      const spent = deps.now() - started;
      const left = policy.maxRetryTimeMs - spent;
      if (isRetryable(error) && error.retryAfterMs !== void 0 && error.retryAfterMs > left) {
        stats.failures++;
        const limited = error.httpStatus === 429;
        const message = `${limited ? "rate limited" : "unavailable"} (HTTP ${error.httpStatus ?? "?"}): the provider asked to wait ${formatSeconds(error.retryAfterMs)} (Retry-After), more than the ${formatSeconds(Math.max(0, left))} left of max-retry-time-ms; not retried (${error.message})`;
        return {
          ...reply,
          error: withCause({ ...error, kind: limited ? "rate-limit" : error.kind, message }),
          trace: { attempts: attempt, cached: false }
        };
      }
      if (!isRetryable(error) || counted >= policy.maxAttempts || spent + delay > policy.maxRetryTimeMs) {
        stats.failures++;
        const why = !isRetryable(error) ? "" : counted >= policy.maxAttempts ? ` (gave up after ${attempt} attempts)` : ` (gave up after ${attempt} attempts: retry time cap of ${Math.round(policy.maxRetryTimeMs / 1e3)} s reached)`;
        return {
          ...reply,
          error: withCause({ ...error, message: `${error.message}${why}` }),
          trace: { attempts: attempt, cached: false }
        };
      }
      if (error.retryAfterMs !== void 0) pausedUntil = Math.max(pausedUntil, deps.now() + error.retryAfterMs);
      stats.retries++;
      await deps.sleep(delay);
    }
  };
  return { label: inner.label, complete, stats: () => ({ ...stats, currentLimit: limit }) };
}
function formatSeconds(ms) {
  return ms >= 1e4 ? `${Math.round(ms / 1e3)} s` : `${(ms / 1e3).toFixed(1)} s`;
}

// src/adapters/providers.ts
function cacheModelKey(provider) {
  const settings = {
    ...provider["reasoning-effort"] !== void 0 ? { reasoningEffort: provider["reasoning-effort"] } : {},
    ...provider["max-completion-tokens"] !== void 0 ? { maxCompletionTokens: provider["max-completion-tokens"] } : {},
    ...provider["extra-body"] !== void 0 ? { extraBody: provider["extra-body"] } : {},
    ...provider["strip-reasoning"] === false ? { stripReasoning: false } : {},
    ...provider["max-reply-bytes"] !== DEFAULT_MAX_REPLY_BYTES ? { maxReplyBytes: provider["max-reply-bytes"] } : {}
  };
  return Object.keys(settings).length === 0 ? provider.model : `${provider.model} ${canonicalJson(settings)}`;
}
function budgetLimits(config, flags = {}) {
  return {
    maxCalls: flags.maxCalls ?? config.budget?.["max-calls"] ?? null,
    maxCostUsd: flags.maxCost ?? config.budget?.["max-cost"] ?? null
  };
}
function endpointOf(provider, env) {
  return provider["base-url"] ?? (env["OPENAI_BASE_URL"] || DEFAULT_BASE_URL);
}
function cacheAuthenticator(env, provider) {
  const secret = env[CACHE_KEY_ENV] || env[provider["api-key-env"]];
  return secret ? createAuthenticator(secret, `cache:${endpointOf(provider, env)}`) : null;
}
function runAuthenticator(env, providers, purpose) {
  const secret = runSecret(
    env,
    providers.map((p) => p["api-key-env"])
  );
  return secret ? createAuthenticator(secret, purpose) : null;
}
function createClientFactory(env, configFile, options = { cacheDir: null }) {
  const made = [];
  const adapted = [];
  const limits = options.budget ?? { maxCalls: null, maxCostUsd: null };
  const budget = limits.maxCalls !== null || limits.maxCostUsd !== null ? createCallBudget(limits) : void 0;
  const factory = (name, provider) => {
    const keyVar = provider["api-key-env"];
    const apiKey = env[keyVar];
    if (!apiKey) {
      throw new MissingKeyError(
        { file: configFile, path: `providers.${name}.api-key-env` },
        `evalgate: provider "${name}" needs an API key in $${keyVar}, which is not set; export it (for a local endpoint such as Ollama any value works: OPENAI_BASE_URL=http://localhost:11434/v1 ${keyVar}=ollama), or run "npm run demo" for an offline scripted demo`,
        keyVar
      );
    }
    const baseUrl = endpointOf(provider, env);
    const pricing = pricingFor(provider);
    if (limits.maxCostUsd !== null && pricing === null) {
      throw new ConfigError(
        { file: configFile, path: `providers.${name}.pricing` },
        `evalgate: a cost budget needs the price of every provider it calls, and "${provider.model}" (provider "${name}") is not in the built-in table; set providers.${name}.pricing (input-per-million, output-per-million) or use --max-calls instead`
      );
    }
    const transport2 = createOpenAIClient({
      baseUrl,
      apiKey,
      model: provider.model,
      timeoutMs: provider["timeout-ms"],
      structuredOutput: provider["structured-output"],
      reasoningEffort: provider["reasoning-effort"] ?? null,
      maxCompletionTokens: provider["max-completion-tokens"] ?? null,
      stripReasoning: provider["strip-reasoning"],
      maxReplyBytes: provider["max-reply-bytes"],
      ...provider["extra-body"] ? { extraBody: provider["extra-body"] } : {},
      ...provider["extra-headers"] ? { extraHeaders: provider["extra-headers"] } : {}
    });
    adapted.push({ name, notes: () => transport2.adaptations() });
    const resilient = createResilientClient(
      transport2,
      {
        ...DEFAULT_POLICY,
        concurrency: provider.concurrency,
        maxAttempts: provider["max-attempts"],
        baseDelayMs: provider["retry-base-delay-ms"],
        maxRetryTimeMs: provider["max-retry-time-ms"]
      },
      void 0,
      { ...budget ? { budget } : {}, ...pricing ? { costOf: (usage) => costOf(usage, pricing) } : {} }
    );
    const auth = cacheAuthenticator(env, provider);
    const cached = options.cacheDir === null ? null : createCachedClient(resilient, {
      dir: options.cacheDir,
      endpoint: baseUrl,
      model: cacheModelKey(provider),
      auth
    });
    const outer = cached ?? resilient;
    const client = {
      label: outer.label,
      complete: (request) => outer.complete(request),
      counters: () => ({ resilience: resilient.stats(), cache: cached?.cacheStats() ?? null })
    };
    made.push(client);
    return client;
  };
  return Object.assign(factory, {
    rejectedCacheEntries: () => made.reduce((n, c) => n + (c.counters().cache?.rejected ?? 0), 0),
    adaptations: () => adapted.map((a) => ({ provider: a.name, notes: a.notes() })).filter((a) => a.notes.length > 0)
  });
}

// src/core/log-text.ts
var CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
var CONTROL_KEEP_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
var NAMED = { "\n": "\\n", "\r": "\\r" };
function escapeOne(ch) {
  const named = NAMED[ch];
  if (named) return named;
  const code = ch.charCodeAt(0);
  return code < 256 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
}
function escapeControls(text) {
  return text.replace(CONTROL, escapeOne);
}
function inertLine(line) {
  return line.replace(/^(\s*)::/, "$1\\::").replaceAll("##[", "##\\[");
}
function logText(message) {
  return message.split(/\r\n|\n/).map((line) => inertLine(line.replace(CONTROL_KEEP_LINES, escapeOne))).join("\n");
}
function inertStyledLine(line) {
  return line.split("\n").map((l) => inertLine(l)).join("\n");
}

// src/adapters/system.ts
import { randomBytes as randomBytes3, randomUUID } from "node:crypto";
var systemClock = {
  nowIso: () => (/* @__PURE__ */ new Date()).toISOString(),
  monotonicMs: () => performance.now()
};
function newRunId() {
  return randomUUID();
}
function createConsoleLogger(quiet = false) {
  return {
    info: (message) => {
      if (!quiet) process.stderr.write(`${logText(message)}
`);
    },
    warn: (message) => process.stderr.write(`warning: ${logText(message)}
`)
  };
}
function newJudgeNonce() {
  return randomBytes3(8).toString("hex");
}
function judgeNonceSource(auth) {
  return auth ? (material) => auth.tag(material).slice(0, 16) : () => newJudgeNonce();
}

// src/adapters/run-deps.ts
function createCallingDeps(env, configFile, config, options) {
  const providers = Object.values(config.providers);
  const createClient = createClientFactory(env, configFile, options);
  const authenticator = runAuthenticator(env, providers, "record-log");
  return {
    clock: systemClock,
    toolVersion: TOOL_VERSION,
    newRunId,
    nonce: judgeNonceSource(runAuthenticator(env, providers, "judge-token")),
    createClient,
    rejectedCacheEntries: () => createClient.rejectedCacheEntries(),
    adaptations: () => createClient.adaptations(),
    ...authenticator ? { authenticator } : {},
    createCodeRunner: createCodeRunnerFactory({ snapshotCacheDir: sandboxCacheDir(env) })
  };
}

// src/cli/colour.ts
function colourEnabled(stream, env) {
  const force = env["FORCE_COLOR"];
  if (force !== void 0 && force !== "") return force !== "0" && force !== "false";
  if (env["NO_COLOR"] !== void 0 && env["NO_COLOR"] !== "") return false;
  return stream.isTTY === true && env["TERM"] !== "dumb";
}
function paint(enabled) {
  const style = (open, close) => (text) => enabled ? `\x1B[${open}m${text}\x1B[${close}m` : text;
  return { red: style(31, 39), green: style(32, 39), yellow: style(33, 39), dim: style(2, 22), bold: style(1, 22) };
}
function verdictColour(p, verdict) {
  if (verdict === "pass") return p.green;
  if (verdict === "regression" || verdict === "below-floor" || verdict === "error") return p.red;
  return p.yellow;
}

// src/cli/progress.ts
function createProgress(stream, quiet, now = () => performance.now(), plainEveryMs = 5e3, colour = false) {
  const p = paint(colour);
  const state = /* @__PURE__ */ new Map();
  let lastPlain = Number.NEGATIVE_INFINITY;
  let live = false;
  const line = (suite, s) => {
    const seconds = Math.max(1e-3, (now() - s.startedMs) / 1e3);
    const fresh = s.done - s.resumed;
    const rate = fresh / seconds;
    const left = s.total - s.done;
    const eta = rate > 0 && left > 0 ? `, ETA ${formatDuration(left / rate)}` : "";
    const resumed = s.resumed ? `, ${s.resumed} resumed` : "";
    const errors = count(s.errors, "error");
    return `${p.bold(escapeControls(suite))}: ${s.done}/${s.total} done, ${s.errors > 0 ? p.red(errors) : errors}, ${s.cached} cached${resumed}, ${p.dim(`${rate.toFixed(1)} calls/s${eta}`)}`;
  };
  return {
    start(suite, total, alreadyDone) {
      state.set(suite, { total, done: alreadyDone, resumed: alreadyDone, errors: 0, cached: 0, startedMs: now() });
    },
    onRecord(suite, record) {
      const s = state.get(suite);
      if (!s || quiet) return;
      s.done++;
      if (record.status === "error") s.errors++;
      if (record.cached) s.cached++;
      const text = line(suite, s);
      if (stream.isTTY) {
        stream.write(`\r\x1B[2K${text}`);
        live = s.done < s.total;
        if (!live) stream.write("\n");
      } else if (s.done === s.total || now() - lastPlain >= plainEveryMs) {
        stream.write(`${text}
`);
        lastPlain = now();
      }
    },
    end() {
      if (live) stream.write("\n");
      live = false;
    }
  };
}
function formatDuration(seconds) {
  if (seconds < 60) return `${Math.ceil(seconds)} s`;
  const m = Math.floor(seconds / 60);
  return m < 60 ? `${m} min ${Math.round(seconds % 60)} s` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

export {
  sandboxCacheDir,
  createCodeRunnerFactory,
  isCachedRequest,
  cacheModelKey,
  budgetLimits,
  endpointOf,
  cacheAuthenticator,
  runAuthenticator,
  createClientFactory,
  escapeControls,
  logText,
  inertStyledLine,
  systemClock,
  newRunId,
  createConsoleLogger,
  judgeNonceSource,
  createCallingDeps,
  colourEnabled,
  paint,
  verdictColour,
  createProgress
};
