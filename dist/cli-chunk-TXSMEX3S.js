import { createRequire as __evalgateCreateRequire } from 'node:module';
const require = __evalgateCreateRequire(import.meta.url);
import {
  TOOL_VERSION
} from "./cli-chunk-ZO5ZQJVE.js";
import {
  confinedDir
} from "./cli-chunk-IH3W6XZK.js";
import {
  evalgateCacheRoot
} from "./cli-chunk-UD6IMA3B.js";
import {
  ConfigError,
  MissingKeyError,
  canonicalJson,
  costOf,
  count,
  pricingFor,
  sha256Hex,
  withCause
} from "./cli-chunk-WXMQQV57.js";

// src/adapters/code-runners.ts
import { isAbsolute, join as join4 } from "node:path";

// src/adapters/host-python-runner.ts
import { execFileSync, spawn as spawn3 } from "node:child_process";
import { randomBytes as randomBytes2 } from "node:crypto";
import { readFileSync as readFileSync3 } from "node:fs";
import { mkdtemp as mkdtemp2, rm as rm2 } from "node:fs/promises";
import { tmpdir as tmpdir2 } from "node:os";
import { dirname as dirname2, join as join3 } from "node:path";
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
import { spawn as spawn2 } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync as existsSync2, lstatSync, readFileSync as readFileSync2, realpathSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join as join2 } from "node:path";
import { fileURLToPath } from "node:url";

// src/adapters/process-cpu.ts
import { readFileSync } from "node:fs";
var TICKS_PER_SECOND = 100;
function cpuMsOf(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 1e3 / TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}
function childrenOf(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
    return text ? text.split(" ").map(Number) : [];
  } catch {
    return [];
  }
}
function cpuMsOfTree(pid, depth = 0) {
  const own = cpuMsOf(pid);
  if (own === null) return null;
  let total = own;
  if (depth < 4) for (const child of childrenOf(pid)) total += cpuMsOfTree(child, depth + 1) ?? 0;
  return total;
}

// src/adapters/sandbox-layers.ts
import { execFile } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
import { delimiter, join } from "node:path";
function which(program, path) {
  for (const dir of (path ?? "/usr/bin:/bin:/usr/sbin:/sbin").split(delimiter)) {
    if (!dir) continue;
    const file = join(dir, program);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
    }
  }
  return null;
}
function probe(file, args) {
  return new Promise((resolve) => {
    execFile(file, args, { timeout: 5e3, env: {} }, (error, stdout, stderr) => {
      resolve({ ok: !error, said: `${stderr}${stdout}`.trim().split("\n")[0]?.slice(0, 160) ?? "" });
    });
  });
}
var cache = /* @__PURE__ */ new Map();
async function nodeMajor(node) {
  if (node === process.execPath) return Number(process.versions.node.split(".")[0]);
  const r = await new Promise(
    (resolve) => execFile(node, ["-p", "process.versions.node"], { timeout: 1e4, env: {} }, (_e, out) => resolve(String(out)))
  );
  return Number(r.trim().split(".")[0]) || 0;
}
function detectLaunch(node, without = []) {
  const key = `${node}\0${without.join(",")}`;
  let known = cache.get(key);
  if (!known) {
    known = detect(node, without);
    cache.set(key, known);
  }
  return known;
}
async function detect(node, without) {
  const active = ["bridge-cut", "permission-model", "no-workers", "process-apis-removed", "supervisor"];
  const missing = [];
  const linux = process.platform === "linux" && existsSync("/proc/self/status");
  const path = process.env["PATH"];
  if (linux) active.push("memory-watch");
  else missing.push({ layer: "memory-watch", why: "there is no /proc to read memory from" });
  const setpriv = linux && !without.includes("setpriv") ? which("setpriv", path) : null;
  const prlimit = linux && !without.includes("prlimit") ? which("prlimit", path) : null;
  const unshare = linux && !without.includes("unshare") ? which("unshare", path) : null;
  const tryUnshare = async () => {
    if (!unshare) return { args: null, why: "no unshare (util-linux)" };
    let why = "";
    for (const args of [
      ["--user", "--map-root-user", "--net", "--pid", "--fork", "--kill-child"],
      ...process.getuid?.() === 0 ? [["--net", "--pid", "--fork", "--kill-child"]] : []
    ]) {
      const r = await probe(unshare, [...args, "--", "true"]);
      if (r.ok) return { args, why: "" };
      why ||= `unshare: ${r.said || "failed"}`;
    }
    return { args: null, why };
  };
  const [major, setprivOk, prlimitOk, unshared] = await Promise.all([
    nodeMajor(node),
    setpriv ? probe(setpriv, ["--pdeathsig", "KILL", "--", "true"]).then((r) => r.ok) : Promise.resolve(false),
    prlimit ? probe(prlimit, [`--data=${2 ** 31}`, "--", "true"]).then((r) => r.ok) : Promise.resolve(false),
    tryUnshare()
  ]);
  const unshareArgs = unshared.args;
  const unshareWhy = unshared.why;
  if (major >= 25) active.push("node-network-denied");
  else
    missing.push({
      layer: "node-network-denied",
      why: `Node ${major}'s permission model does not restrict the network (Node 25 and later do)`
    });
  if (setprivOk) active.push("parent-death-signal");
  else
    missing.push({
      layer: "parent-death-signal",
      why: setpriv ? "setpriv --pdeathsig failed" : "no setpriv (util-linux)"
    });
  if (prlimitOk) active.push("data-limit");
  else missing.push({ layer: "data-limit", why: prlimit ? "prlimit --data failed" : "no prlimit (util-linux)" });
  if (unshareArgs) active.push("network-namespace", "pid-namespace");
  else {
    const why = `${unshareWhy} \u2014 user namespaces are not permitted here (GitHub's ubuntu-24.04 runners restrict them through AppArmor; \`sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0\` in an earlier step allows them)`;
    missing.push({ layer: "network-namespace", why }, { layer: "pid-namespace", why });
  }
  return {
    layers: { active, missing },
    prefix: (dataLimitBytes) => [
      ...setprivOk && setpriv ? [setpriv, "--pdeathsig", "KILL", "--"] : [],
      ...prlimitOk && prlimit ? [prlimit, `--data=${dataLimitBytes}`, "--"] : [],
      ...unshareArgs && unshare ? [unshare, ...unshareArgs, "--"] : []
    ]
  };
}

// src/adapters/sandbox-supervisor.ts
import { spawn } from "node:child_process";
var proc = null;
var users = 0;
var kills = /* @__PURE__ */ new Map();
var waiters = /* @__PURE__ */ new Map();
function start(script) {
  const child = spawn(process.execPath, [script], {
    stdio: ["pipe", "pipe", "ignore"],
    env: {},
    cwd: "/",
    // Its own process group: a Ctrl-C to evalgate's group does not end it before the
    // children, which it then ends itself when evalgate is gone.
    detached: true
  });
  let buffer = "";
  child.stdout?.setEncoding("utf8");
  child.stdout?.on("data", (chunk) => {
    buffer += chunk;
    for (let nl = buffer.indexOf("\n"); nl >= 0; nl = buffer.indexOf("\n")) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      try {
        const m = JSON.parse(line);
        if (typeof m.killed !== "number") continue;
        const kill = m.reason === "memory" ? { reason: "memory", rssBytes: Number(m.rssBytes) || 0 } : { reason: m.reason === "deadline" ? "deadline" : "parent-stopped" };
        if (kills.size > 1e3) kills.clear();
        const waiter = waiters.get(m.killed);
        if (waiter) waiter(kill);
        else kills.set(m.killed, kill);
      } catch {
      }
    }
  });
  child.stdin?.on("error", () => void 0);
  child.on("exit", () => {
    if (proc === child) proc = null;
  });
  child.unref();
  child.stdout?.unref?.();
  child.stdin?.unref?.();
  return child;
}
var send = (message) => {
  if (proc?.stdin?.writable) proc.stdin.write(`${JSON.stringify(message)}
`);
};
function acquireSupervisor(script) {
  users++;
  proc ??= start(script);
  let released = false;
  const supervisor = {
    watch: (pid, capBytes) => {
      proc ??= start(script);
      send({ watch: pid, capBytes });
    },
    busy: (pid, deadlineMs) => send({ busy: pid, deadlineMs }),
    idle: (pid) => send({ idle: pid }),
    forget: (pid) => send({ forget: pid }),
    killedWhy: async (pid, waitMs) => {
      const known = kills.get(pid);
      if (known) {
        kills.delete(pid);
        return known;
      }
      if (!proc) return null;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiters.delete(pid);
          resolve(null);
        }, waitMs);
        waiters.set(pid, (kill) => {
          clearTimeout(timer);
          waiters.delete(pid);
          resolve(kill);
        });
      });
    },
    alive: () => proc !== null && proc.exitCode === null && proc.signalCode === null
  };
  return {
    supervisor,
    release: () => {
      if (released) return;
      released = true;
      users--;
      if (users === 0 && proc) {
        proc.stdin?.end();
        proc = null;
      }
    }
  };
}

// src/adapters/sandbox-verdict.ts
var OPS = [
  "eq",
  "ne",
  "in",
  "notin",
  "true",
  "false",
  "none",
  "notnone",
  "nottrue",
  "notfalse",
  "type",
  "nottype"
];
var TYPE_NAMES = ["int", "float", "str", "bool", "list", "tuple", "dict"];
var MAX_NODES = 2e5;
var MAX_DEPTH = 64;
var Malformed = class extends Error {
};
var isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
var onlyKeys = (v, keys) => Object.keys(v).every((k) => keys.includes(k));
function checkFrozen(v, budget, depth = 0) {
  if (--budget.nodes < 0) throw new Malformed("a value is too large");
  if (depth > MAX_DEPTH) throw new Malformed("a value is nested too deeply");
  if (v === null || typeof v === "boolean" || typeof v === "string") return v;
  if (!isObject(v)) throw new Malformed("a value is not a frozen value");
  const keys = Object.keys(v);
  if (keys.length !== 1) throw new Malformed("a value is not a frozen value");
  const key = keys[0];
  const inner = v[key];
  switch (key) {
    case "int":
      if (typeof inner !== "string" || !/^-?\d{1,5000}$/.test(inner)) throw new Malformed("an int is not a number");
      return { int: inner };
    case "float":
      if (typeof inner !== "string" || !/^(-?inf|nan|-?\d[\d.e+-]*)$/.test(inner))
        throw new Malformed("a float is not a number");
      return { float: inner };
    case "opaque":
      if (typeof inner !== "string") throw new Malformed("an opaque value has no name");
      return { opaque: inner.slice(0, 200) };
    case "list":
    case "tuple":
    case "set":
      if (!Array.isArray(inner)) throw new Malformed(`a ${key} is not a list`);
      return { [key]: inner.map((x) => checkFrozen(x, budget, depth + 1)) };
    case "dict":
      if (!Array.isArray(inner)) throw new Malformed("a dict is not a list of pairs");
      return {
        dict: inner.map((pair) => {
          if (!Array.isArray(pair) || pair.length !== 2) throw new Malformed("a dict entry is not a pair");
          return [checkFrozen(pair[0], budget, depth + 1), checkFrozen(pair[1], budget, depth + 1)];
        })
      };
    default:
      throw new Malformed("a value is not a frozen value");
  }
}
function parsePlan(text) {
  let v;
  try {
    v = JSON.parse(text);
  } catch {
    return { error: "the preparer answered something that is not JSON" };
  }
  if (isObject(v) && typeof v["error"] === "string") return { error: v["error"] };
  try {
    if (!isObject(v) || !Array.isArray(v["tests"]) || typeof v["code"] !== "string") throw new Malformed("no plan");
    const budget = { nodes: MAX_NODES };
    const tests = v["tests"].map((t) => {
      if (!isObject(t) || typeof t["name"] !== "string" || !Array.isArray(t["checks"])) throw new Malformed("a test");
      return {
        name: t["name"],
        checks: t["checks"].map((c) => {
          if (!isObject(c) || !OPS.includes(c["op"]) || typeof c["line"] !== "number")
            throw new Malformed("a check");
          if (!Array.isArray(c["slots"]) || c["slots"].length < 1 || c["slots"].length > 2)
            throw new Malformed("a check");
          const slots = c["slots"].map((s) => {
            if (isObject(s) && s["child"] === true) return { child: true };
            if (isObject(s) && "lit" in s) return { lit: checkFrozen(s["lit"], budget) };
            throw new Malformed("a slot");
          });
          const typeName = c["typeName"];
          if ((c["op"] === "type" || c["op"] === "nottype") && !TYPE_NAMES.includes(typeName))
            throw new Malformed("a type check");
          return {
            op: c["op"],
            line: c["line"],
            slots,
            ...typeof typeName === "string" ? { typeName } : {}
          };
        })
      };
    });
    return { tests, code: v["code"] };
  } catch (error) {
    return { error: `the preparer's plan is malformed (${error.message})` };
  }
}
var childSlots = (c) => c.slots.filter((s) => "child" in s).length;
function intOf(text) {
  const big = BigInt(text);
  return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
}
var keyOf = (v) => v === null || typeof v !== "object" ? v : `#${show(v)}`;
function thaw(v) {
  if (v === null || typeof v !== "object") return v;
  if ("int" in v) return intOf(v.int);
  if ("float" in v)
    return v.float === "nan" ? NaN : v.float === "inf" ? Infinity : v.float === "-inf" ? -Infinity : Number(v.float);
  if ("list" in v) return v.list.map(thaw);
  if ("tuple" in v) return { kind: "tuple", items: v.tuple.map(thaw) };
  if ("dict" in v) return new Map(v.dict.map(([k, x]) => [keyOf(thaw(k)), thaw(x)]));
  if ("set" in v) return new Set(v.set.map((x) => keyOf(thaw(x))));
  return { kind: `opaque:${v.opaque}`, items: /* @__PURE__ */ Symbol("opaque") };
}
function same(a, b) {
  if (typeof a === "bigint" || typeof b === "bigint") return typeof a === typeof b && a === b;
  if (typeof a !== typeof b) return false;
  if (a === null || typeof a !== "object") return a === b;
  if (b === null || typeof b !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a))
    return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (a instanceof Map || b instanceof Map) {
    if (!(a instanceof Map && b instanceof Map) || a.size !== b.size) return false;
    for (const [k, v] of a) if (!b.has(k) || !same(v, b.get(k))) return false;
    return true;
  }
  if (a instanceof Set || b instanceof Set) {
    if (!(a instanceof Set && b instanceof Set) || a.size !== b.size) return false;
    for (const x of a) if (!b.has(x)) return false;
    return true;
  }
  const ta = a;
  const tb = b;
  if (ta.kind !== tb.kind || typeof ta.items === "symbol" || typeof tb.items === "symbol") return false;
  return same(ta.items, tb.items);
}
function show(v) {
  if (v === null) return "None";
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v === "bigint") return `${v}`;
  if (typeof v === "number")
    return Number.isNaN(v) ? "nan" : v === Infinity ? "inf" : v === -Infinity ? "-inf" : String(v);
  if (typeof v === "boolean") return v ? "True" : "False";
  if (Array.isArray(v)) return `[${v.map(show).join(", ")}]`;
  if (v instanceof Map) return `{${[...v].map(([k, x]) => `${showKey(k)}: ${show(x)}`).join(", ")}}`;
  if (v instanceof Set) return `{${[...v].map(showKey).join(", ")}}`;
  if (v.kind === "tuple" && Array.isArray(v.items)) return `(${v.items.map(show).join(", ")})`;
  return `<${v.kind.replace("opaque:", "")} object>`;
}
var showKey = (k) => typeof k === "string" && k.startsWith("#") ? k.slice(1) : show(k);
function typeNameOf(v) {
  if (v === null) return "NoneType";
  if (typeof v === "boolean") return "bool";
  if (typeof v === "string") return "str";
  if ("int" in v) return "int";
  if ("float" in v) return "float";
  if ("list" in v) return "list";
  if ("tuple" in v) return "tuple";
  if ("dict" in v) return "dict";
  if ("set" in v) return "set or frozenset";
  return v.opaque;
}
function contains(a, b) {
  if (Array.isArray(b)) return b.some((x) => same(a, x));
  if (typeof b === "string") return typeof a === "string" && b.includes(a);
  if (b instanceof Map || b instanceof Set) return b.has(keyOf(a));
  if (b !== null && typeof b === "object" && b.kind === "tuple" && Array.isArray(b.items))
    return b.items.some((x) => same(a, x));
  return false;
}
function judgeCheck(check, frozen) {
  const [fa, fb] = frozen;
  const a = thaw(fa);
  const b = fb === void 0 ? null : thaw(fb);
  const at = `line ${check.line}:`;
  switch (check.op) {
    case "eq":
      return { ok: same(a, b), text: `${at} ${show(a)} == ${show(b)}` };
    case "ne":
      return { ok: !same(a, b), text: `${at} ${show(a)} != ${show(b)}` };
    case "in":
      return { ok: contains(a, b), text: `${at} ${show(a)} in ${show(b)}` };
    case "notin":
      return { ok: !contains(a, b), text: `${at} ${show(a)} not in ${show(b)}` };
    case "true":
      return { ok: a === true, text: `${at} expected True, got ${show(a)}` };
    case "false":
      return { ok: a === false, text: `${at} expected False, got ${show(a)}` };
    case "none":
      return { ok: a === null, text: `${at} expected None, got ${show(a)}` };
    case "notnone":
      return { ok: a !== null, text: `${at} expected a value, got None` };
    case "nottrue":
      return { ok: a !== true, text: `${at} expected anything but True, got True` };
    case "notfalse":
      return { ok: a !== false, text: `${at} expected anything but False, got False` };
    case "type":
      return {
        ok: typeNameOf(fa) === check.typeName,
        text: `${at} type(${show(a)}) is ${check.typeName}`
      };
    case "nottype":
      return {
        ok: typeNameOf(fa) !== check.typeName,
        text: `${at} type(${show(a)}) is not ${check.typeName}`
      };
  }
}
var CHILD_STAGES = ["ran", "import-error", "declared-unable", "tampering", "harness-error"];
function checkRaised(v) {
  if (!isObject(v) || typeof v["type"] !== "string" || typeof v["message"] !== "string" || typeof v["unable"] !== "boolean")
    throw new Malformed("an exception is not described");
  return { type: v["type"].slice(0, 200), message: v["message"].slice(0, 2e3), unable: v["unable"] };
}
function parseCaseReport(line, nonce, plan) {
  let v;
  try {
    v = JSON.parse(line);
  } catch {
    return { malformed: "it is not JSON" };
  }
  try {
    if (!isObject(v)) throw new Malformed("it is not an object");
    if (v["nonce"] !== nonce) throw new Malformed("it does not carry this case's nonce");
    if (!onlyKeys(v, ["nonce", "stage", "message", "tests", "output"])) throw new Malformed("it has unknown fields");
    const stage = v["stage"];
    if (!CHILD_STAGES.includes(stage)) throw new Malformed("its stage is unknown");
    if (typeof v["message"] !== "string" || typeof v["output"] !== "string" || !Array.isArray(v["tests"]))
      throw new Malformed("a field has the wrong type");
    const rawTests = v["tests"];
    if (stage === "ran" && rawTests.length !== plan.tests.length)
      throw new Malformed(`it reports ${rawTests.length} tests, the task has ${plan.tests.length}`);
    if (stage !== "ran" && rawTests.length !== 0) throw new Malformed("it reports tests that did not run");
    const budget = { nodes: MAX_NODES };
    const tests = rawTests.map((t, i) => {
      const planned = plan.tests[i];
      if (!isObject(t) || !Array.isArray(t["steps"]) || !isObject(t["end"])) throw new Malformed("a test");
      if (t["steps"].length > planned.checks.length) throw new Malformed(`${planned.name} reports too many checks`);
      const steps = t["steps"].map((s, j) => {
        if (!isObject(s) || s["k"] !== j || !Array.isArray(s["values"]))
          throw new Malformed(`${planned.name}: a check out of order`);
        const check = planned.checks[j];
        if (s["values"].length !== childSlots(check))
          throw new Malformed(`${planned.name}: a check with the wrong values`);
        return { k: j, values: s["values"].map((x) => checkFrozen(x, budget)) };
      });
      const end = t["end"];
      let parsedEnd;
      if (end["done"] === true && Object.keys(end).length === 1) parsedEnd = { done: true };
      else if ("raised" in end && Object.keys(end).length === 1) parsedEnd = { raised: checkRaised(end["raised"]) };
      else if (typeof end["error"] === "string" && Object.keys(end).length === 1)
        parsedEnd = { error: end["error"].slice(0, 2e3) };
      else throw new Malformed(`${planned.name}: its end is unknown`);
      return { steps, end: parsedEnd };
    });
    return {
      stage,
      message: v["message"].slice(0, 4e3),
      tests,
      output: v["output"].slice(0, 16384)
    };
  } catch (error) {
    if (error instanceof Malformed) return { malformed: error.message };
    throw error;
  }
}
var ACCESS_DENIED = /Access to this API has been restricted|ERR_ACCESS_DENIED/;
function judgeTests(report, plan) {
  return report.tests.map((t, i) => {
    const planned = plan.tests[i];
    const name = planned.name;
    for (const step of t.steps) {
      const check = planned.checks[step.k];
      const values = [...step.values];
      const operands = check.slots.map((s) => "lit" in s ? s.lit : values.shift());
      const verdict = judgeCheck(check, operands);
      if (!verdict.ok) return { name, outcome: "failed", message: `assertion failed at ${verdict.text}` };
    }
    if ("raised" in t.end) {
      const message = `${t.end.raised.type}: ${t.end.raised.message}`;
      return { name, outcome: t.end.raised.unable ? "declared-unable" : "failed", message };
    }
    if ("error" in t.end) return { name, outcome: "failed", message: t.end.error };
    if (t.steps.length < planned.checks.length)
      return {
        name,
        outcome: "failed",
        message: `only ${t.steps.length} of ${planned.checks.length} assertions ran`
      };
    return { name, outcome: "passed", message: "" };
  });
}
function caseResult(line, nonce, plan, base) {
  const out = { durationMs: base.durationMs, chosen: base.chosen, output: "", tests: [] };
  const report = parseCaseReport(line, nonce, plan);
  if ("malformed" in report)
    return {
      ...out,
      stage: "tampering",
      message: `the sandbox returned a malformed report (${report.malformed}); no result of this run is trusted`
    };
  const tests = report.stage === "ran" ? judgeTests(report, plan) : [];
  const result = { ...out, output: report.output, tests };
  if (ACCESS_DENIED.test(report.message) || ACCESS_DENIED.test(report.output) || tests.some((t) => ACCESS_DENIED.test(t.message)))
    return {
      ...result,
      stage: "sandbox-violation",
      message: "the code attempted something the sandbox forbids (Node's permission model refused it)"
    };
  const failed = (stage, message) => ({ ...result, stage, message });
  switch (report.stage) {
    case "tampering":
      return { ...failed("tampering", `${report.message}; no result of this run is trusted`), tests: [] };
    case "declared-unable":
      return failed("declared-unable", report.message);
    case "import-error":
    case "harness-error":
      return failed("test-failure", report.message);
    case "ran":
      break;
  }
  if (tests.length === 0) return failed("test-failure", "the task has no tests");
  const unable = tests.find((t) => t.outcome === "declared-unable");
  if (unable) return failed("declared-unable", unable.message);
  const bad = tests.filter((t) => t.outcome !== "passed");
  if (bad.length > 0)
    return failed("test-failure", `${bad.length} of ${tests.length} tests failed: ${bad[0]?.name}: ${bad[0]?.message}`);
  return failed("passed", `${tests.length} tests passed`);
}

// src/adapters/pyodide-runner.ts
var MAX_LINE_BYTES = 4 * 1024 * 1024;
var GiB = 1024 * 1024 * 1024;
var DEFAULT_MEMORY_CAP = GiB;
var DATA_LIMIT_BYTES = 2 * GiB;
var SUPERVISOR_GRACE_MS = 2e3;
var STDOUT_AFTER_EXIT_MS = 2e3;
var CLOCK_BACKSTOP_FACTOR = 10;
var CPU_POLL_MS = 100;
var CHECK_CALLS_PER_PROCESS = 2e3;
function locateSandboxFile(candidates) {
  for (const c of candidates) if (existsSync2(c)) return realpathSync(c);
  throw new Error(`sandbox file not found; looked in ${candidates.join(", ")}`);
}
function snapshotKey(nodeVersion, pyodideDir, childScript, harness) {
  const hash = createHash("sha256").update(nodeVersion).update("\0").update(harness).update("\0");
  for (const file of [join2(pyodideDir, "pyodide-lock.json"), join2(pyodideDir, "pyodide.mjs"), childScript])
    hash.update(readFileSync2(file)).update("\0");
  const wasm = lstatSync(join2(pyodideDir, "pyodide.asm.wasm"));
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
    return readFileSync2(`${file}.sha256`, "utf8").trim() === sha256Of(readFileSync2(file));
  } catch {
    return false;
  }
}
var sigusr1Ignored = false;
function ignoreSigusr1() {
  if (sigusr1Ignored || process.platform === "win32") return;
  sigusr1Ignored = true;
  process.on("SIGUSR1", () => void 0);
}
function createPyodideRunner(options = {}) {
  const here = dirname(fileURLToPath(import.meta.url));
  const childScript = locateSandboxFile([join2(here, "sandbox-child.mjs"), join2(here, "sandbox", "child.mjs")]);
  const supervisorScript = locateSandboxFile([
    join2(here, "sandbox-supervisor.mjs"),
    join2(here, "sandbox", "supervisor.mjs")
  ]);
  const harness = readFileSync2(
    locateSandboxFile([join2(here, "sandbox-harness.py"), join2(here, "sandbox", "harness.py")]),
    "utf8"
  );
  const pyodideDir = options.pyodideDir ?? dirname(
    locateSandboxFile([
      join2(here, "pyodide", "pyodide.mjs"),
      join2(here, "..", "..", "node_modules", "pyodide", "pyodide.mjs")
    ])
  );
  const node = options.node ?? process.execPath;
  const poolSize = Math.max(1, options.poolSize ?? availableParallelism());
  const timeoutMs = options.timeoutMs ?? 1e4;
  const clockFactor = options.clockBackstopFactorForTests ?? CLOCK_BACKSTOP_FACTOR;
  const memoryCap = options.memoryCapBytes ?? DEFAULT_MEMORY_CAP;
  const expose = options.exposeJavaScriptForTests === true;
  ignoreSigusr1();
  const { supervisor, release } = acquireSupervisor(supervisorScript);
  const launch = detectLaunch(node, options.withoutLayersForTests ?? []);
  launch.catch(() => void 0);
  let layers = null;
  void launch.then((l) => {
    layers = expose ? {
      active: l.layers.active.filter((x) => x !== "bridge-cut"),
      missing: [{ layer: "bridge-cut", why: "opened for a test" }, ...l.layers.missing]
    } : { active: [...l.layers.active], missing: [...l.layers.missing] };
  });
  const live = /* @__PURE__ */ new Set();
  let closed = false;
  const flags = (reads) => [
    "--permission",
    ...reads.map((path) => `--allow-fs-read=${path}`),
    "--disallow-code-generation-from-strings",
    "--disable-warning=PERM0006",
    "--wasm-max-mem-pages=12288",
    // 768 MiB of Python memory
    "--max-old-space-size=256"
  ];
  let snapshotDir = null;
  let snapshot = null;
  const cacheFile = (version) => options.snapshot === false || !options.snapshotCacheDir ? null : join2(options.snapshotCacheDir, `pyodide-${snapshotKey(version, pyodideDir, childScript, harness)}.snapshot`);
  const storeSnapshot = async (received, file) => {
    const bytes = await received;
    if (bytes === null || bytes.length < 1024 || closed) return null;
    if (file) {
      try {
        await mkdir(dirname(file), { recursive: true, mode: 448 });
        const temp2 = `${file}.${process.pid}.tmp`;
        await writeFile(`${temp2}.sha256`, sha256Of(bytes), { mode: 384 });
        await rename(`${temp2}.sha256`, `${file}.sha256`);
        await writeFile(temp2, bytes, { mode: 384 });
        await rename(temp2, file);
        if (trustedCacheFile(file)) return realpathSync(file);
      } catch {
      }
    }
    snapshotDir = await mkdtemp(join2(tmpdir(), "evalgate-sandbox-"));
    const temp = join2(snapshotDir, "pyodide.snapshot");
    await writeFile(temp, bytes, { mode: 384 });
    return realpathSync(temp);
  };
  const spawnProcess = (how, snapshotFile, role, makeSnapshot = false, fedBy = null) => {
    const reads = snapshotFile && !fedBy ? [pyodideDir, childScript, snapshotFile] : [pyodideDir, childScript];
    const mode = makeSnapshot ? ["--make-snapshot"] : fedBy ? ["--snapshot-fd"] : snapshotFile ? [snapshotFile] : [""];
    const command = [
      ...how.prefix(DATA_LIMIT_BYTES),
      node,
      ...flags(reads),
      childScript,
      pyodideDir,
      ...mode,
      ...role === "preparer" ? ["--preparer"] : [],
      ...expose ? ["--expose-js-for-tests"] : []
    ];
    const child = spawn2(command[0], command.slice(1), {
      env: {},
      cwd: "/",
      detached: true,
      stdio: ["pipe", "pipe", "pipe", makeSnapshot || fedBy ? "pipe" : "ignore"]
    });
    trackChildGroup(child);
    const pid = child.pid ?? -1;
    if (pid > 0) {
      supervisor.watch(pid, memoryCap);
      options.onSpawn?.(pid);
    }
    if (fedBy) {
      const sink = child.stdio[3];
      if (sink) {
        sink.on("error", () => void 0);
        fedBy.feed(sink);
      }
    }
    const channel = makeSnapshot ? child.stdio[3] : null;
    let chunks = [];
    let received = 0;
    let length = -1;
    let whole = false;
    let failed = false;
    const sinks = [];
    const snapshotBytes = !makeSnapshot || !channel ? Promise.resolve(null) : new Promise((resolve) => {
      const fail = () => {
        if (whole || failed) return;
        failed = true;
        for (const sink of sinks.splice(0)) sink.end();
        resolve(null);
      };
      channel.on("data", (chunk) => {
        if (whole || failed) return;
        if (length < 0 && received + chunk.length >= 8)
          length = Number(Buffer.concat([...chunks, chunk]).readBigUInt64LE(0));
        if (length >= 0 && received + chunk.length > 8 + length) chunk = chunk.subarray(0, 8 + length - received);
        chunks.push(chunk);
        received += chunk.length;
        for (const sink of sinks) sink.write(chunk);
        if (length >= 0 && received >= 8 + length) {
          whole = true;
          for (const sink of sinks.splice(0)) sink.end();
          resolve(Buffer.concat(chunks).subarray(8, 8 + length));
          channel.destroy?.();
        }
      });
      channel.on("error", fail);
      child.on("exit", fail);
    });
    let stderr = "";
    let buffer = "";
    let isReady = false;
    let gone = false;
    const lines = [];
    const takers = [];
    let markReady = () => void 0;
    let failReady = () => void 0;
    const ready = new Promise((resolve, reject) => {
      markReady = resolve;
      failReady = reject;
    });
    ready.catch(() => void 0);
    const noMoreLines = () => {
      if (gone) return;
      gone = true;
      for (const take of takers.splice(0)) take(null);
    };
    const exited = new Promise(
      (resolve) => child.on("exit", (code, signal) => {
        const out = child.stdout;
        if (out === null || out.closed || out.readableEnded) noMoreLines();
        else {
          const grace = setTimeout(noMoreLines, STDOUT_AFTER_EXIT_MS);
          out.once("close", () => {
            clearTimeout(grace);
            noMoreLines();
          });
        }
        live.delete(proc2);
        failReady(
          new Error(
            `the sandbox could not start: ${stderr.trim().split("\n").slice(-3).join(" ") || "it exited before it was ready"}`
          )
        );
        resolve({ code, signal });
      })
    );
    child.stdout?.setEncoding("utf8");
    child.stdout?.on("data", (chunk) => {
      buffer += chunk;
      if (buffer.length > MAX_LINE_BYTES) child.kill("SIGKILL");
      for (let nl = buffer.indexOf("\n"); nl >= 0; nl = buffer.indexOf("\n")) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (!isReady) {
          if (line.startsWith("READY ")) {
            isReady = true;
            markReady();
          }
          continue;
        }
        const take = takers.shift();
        if (take) take(line);
        else lines.push(line);
      }
    });
    child.stderr?.on("data", (chunk) => {
      if (stderr.length < 16384) stderr += chunk.toString("utf8");
    });
    child.stdin?.on("error", () => void 0);
    const proc2 = {
      child,
      pid,
      ready,
      snapshot: snapshotBytes,
      feed: (sink) => {
        for (const chunk of chunks) sink.write(chunk);
        if (whole || failed || !makeSnapshot) sink.end();
        else sinks.push(sink);
      },
      dropSnapshot: () => {
        chunks = [];
        failed ||= !whole;
        for (const sink of sinks.splice(0)) sink.end();
      },
      exited,
      stderr: () => stderr,
      nextLine: () => lines.length > 0 ? Promise.resolve(lines.shift()) : gone ? Promise.resolve(null) : new Promise((resolve) => takers.push(resolve)),
      send: (line) => {
        if (!gone) child.stdin?.write(`${line}
`);
      },
      kill: () => {
        if (pid > 0) killGroup(pid);
        else child.kill("SIGKILL");
      }
    };
    live.add(proc2);
    void exited.then(() => supervisor.forget(pid));
    proc2.send(JSON.stringify({ harness }));
    return proc2;
  };
  let preparer = null;
  let preparing = Promise.resolve();
  const startPreparer = (proc2) => {
    preparer = proc2.then((p) => {
      p.send(JSON.stringify({ mode: "prepare" }));
      void p.exited.then(() => {
        if (preparer && !closed) preparer = null;
      });
      return p;
    });
    preparer.catch(() => void 0);
  };
  let requestId = 0;
  const prepare = async (request) => {
    const ask = async () => {
      if (!preparer) await started?.catch(() => null);
      let p;
      for (let attempt = 1; ; attempt++) {
        if (!preparer) {
          const how = await launch;
          startPreparer(Promise.resolve(spawnProcess(how, await (snapshot ?? Promise.resolve(null)), "preparer")));
        }
        p = await preparer;
        try {
          await p.ready;
          break;
        } catch (error) {
          if (attempt >= 2 || closed) throw error;
          preparer = null;
        }
      }
      const id = ++requestId;
      p.send(
        JSON.stringify({
          id,
          tests: request.tests,
          testModule: request.testModule ?? "test_task",
          candidates: request.candidates ?? [],
          solution: request.solution,
          solutionModule: request.solutionModule ?? "solution"
        })
      );
      const timer = setTimeout(() => p.kill(), Math.max(2e4, timeoutMs));
      const asked = performance.now();
      const line2 = await p.nextLine();
      workMs += performance.now() - asked;
      clearTimeout(timer);
      return line2;
    };
    let workMs = 0;
    const turn = preparing.then(ask, ask);
    preparing = turn.catch(() => void 0);
    let line = await turn;
    if (line === null) {
      const again = preparing.then(ask, ask);
      preparing = again.catch(() => void 0);
      line = await again;
    }
    if (line === null) throw new PreparerFailed();
    let answer;
    try {
      answer = JSON.parse(line);
    } catch {
      throw new PreparerFailed();
    }
    if (typeof answer?.choice !== "object" || answer.choice === null) throw new PreparerFailed();
    const plan = parsePlan(JSON.stringify(answer.plan));
    return { plan, choice: answer.choice, ms: workMs };
  };
  const pool = [];
  let started = null;
  let maker = null;
  let snapshotStored = false;
  const refill = () => {
    if (closed) return;
    if (!snapshot) {
      let found = null;
      let file = null;
      const begun2 = launch.then(async (how) => {
        file = cacheFile(await childVersion(node));
        if (options.snapshot === false) return { maker: null };
        if (file && trustedCacheFile(file) && intactCacheFile(file)) {
          found = realpathSync(file);
          return { maker: null };
        }
        const first = spawnProcess(how, null, "preparer", true);
        startPreparer(Promise.resolve(first));
        maker = first;
        return { maker: first };
      });
      const made = begun2.then(async ({ maker: first }) => {
        if (!first) {
          snapshotStored = true;
          return found;
        }
        try {
          return await storeSnapshot(first.snapshot, file);
        } catch {
          return null;
        } finally {
          maker = null;
          snapshotStored = true;
          first.dropSnapshot();
        }
      });
      started = begun2;
      snapshot = made;
      begun2.catch(() => void 0);
      made.catch(() => void 0);
    }
    const ready = snapshot;
    const begun = started;
    while (pool.length < poolSize) {
      const before = pool[pool.length - 1];
      const warm = Promise.all([launch, begun]).then(async ([how]) => {
        if (maker && before) await before.then((p) => p.ready).catch(() => void 0);
        if (closed) throw new Error("the sandbox runner is closed");
        if (maker) return spawnProcess(how, null, "worker", false, maker);
        const file = await ready;
        if (closed) throw new Error("the sandbox runner is closed");
        return spawnProcess(how, file, "worker");
      });
      warm.catch(() => void 0);
      pool.push(warm);
    }
  };
  const takeWarm = async () => {
    refill();
    const next = pool.shift();
    if (snapshotStored) refill();
    else next.then((p) => p.ready).then(refill, refill);
    const proc2 = await next;
    await proc2.ready;
    return proc2;
  };
  let running = 0;
  const queue = [];
  const slot = async (work) => {
    if (running >= poolSize) await new Promise((resolve) => queue.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      const next = queue.shift();
      if (next) next();
      else running--;
    }
  };
  const exchange = async (proc2, message, limitMs) => {
    let timedOut = null;
    const started2 = performance.now();
    const cpuAtStart = cpuMsOfTree(proc2.pid);
    const clockMs = cpuAtStart === null ? limitMs : limitMs * clockFactor;
    const stop = (why) => {
      timedOut ??= why;
      proc2.kill();
    };
    const timer = setInterval(() => {
      const cpu = cpuAtStart === null ? null : cpuMsOfTree(proc2.pid);
      if (cpu !== null && cpu - cpuAtStart >= limitMs)
        stop(`the code used ${limitMs} ms of CPU time without finishing and was killed`);
      else if (performance.now() - started2 >= clockMs)
        stop(
          cpuAtStart === null ? `the code did not finish within ${limitMs} ms and was killed` : `the code did not finish within ${clockMs} ms on the clock (${clockFactor}\xD7 its ${limitMs} ms CPU limit; it was waiting, or was given little CPU) and was killed`
        );
    }, CPU_POLL_MS);
    supervisor.busy(proc2.pid, clockMs + SUPERVISOR_GRACE_MS);
    proc2.send(message);
    const line = await proc2.nextLine();
    clearInterval(timer);
    return { line: timedOut === null ? line : null, timedOut };
  };
  const ended = async (proc2, timedOut, limitMs) => {
    if (timedOut !== null) return { stage: "timeout", message: timedOut };
    const exit = await proc2.exited;
    const why = await supervisor.killedWhy(proc2.pid, exit.signal === "SIGKILL" ? 300 : 0);
    if (why?.reason === "memory")
      return {
        stage: "sandbox-violation",
        message: `the code used more memory than the sandbox allows (${Math.round(why.rssBytes / 2 ** 20)} MiB resident, the cap is ${Math.round(memoryCap / 2 ** 20)} MiB) and was killed`
      };
    if (why?.reason === "deadline")
      return {
        stage: "timeout",
        message: `the code did not finish within ${limitMs} ms of CPU time, or ${limitMs * clockFactor} ms on the clock, and was killed by the sandbox's supervisor`
      };
    if (why?.reason === "parent-stopped")
      return {
        stage: "sandbox-violation",
        message: "evalgate was stopped while this code ran (a signal from the code is the likely cause); the sandbox ended the code and resumed evalgate"
      };
    const stderr = proc2.stderr();
    const denied = /ERR_ACCESS_DENIED|permission|Aborted|RuntimeError: abort/i.test(stderr);
    if (denied)
      return {
        stage: "sandbox-violation",
        message: "the code attempted something the sandbox forbids and the interpreter was stopped"
      };
    if (exit.signal !== null)
      return { stage: "sandbox-violation", message: `the interpreter was killed by ${exit.signal}` };
    if (/Array buffer allocation failed|out of memory|heap limit/i.test(stderr))
      return { stage: "sandbox-violation", message: "the code ran out of the memory the sandbox allows" };
    return {
      stage: "test-failure",
      message: `the code ended the interpreter before the tests finished (exit code ${exit.code ?? "none"})`
    };
  };
  const runOne = async (request) => {
    if (closed) throw new Error("the sandbox runner is closed");
    const warm = takeWarm();
    warm.catch(() => void 0);
    const giveBack = () => {
      pool.unshift(warm);
    };
    let prepared;
    try {
      prepared = await prepare(request);
    } catch (error) {
      giveBack();
      if (!(error instanceof PreparerFailed)) throw error;
      return {
        stage: "sandbox-violation",
        message: "the sandbox could not compile this code within its limits",
        tests: [],
        output: "",
        durationMs: 0,
        chosen: -1
      };
    }
    const { plan, choice } = prepared;
    const candidates = request.candidates ?? [];
    const chosen = Number.isInteger(choice.chosen) && choice.chosen >= 0 && choice.chosen < candidates.length ? choice.chosen : -1;
    const base = { durationMs: 0, output: "", tests: [], chosen };
    if ("error" in plan) {
      giveBack();
      return { ...base, stage: "test-failure", message: plan.error };
    }
    if (chosen < 0 && typeof choice.syntax === "string") {
      giveBack();
      return { ...base, stage: "syntax-error", message: choice.syntax };
    }
    const source = chosen >= 0 ? candidates[chosen] : request.solution;
    const prepareMs = prepared.ms;
    const proc2 = await warm;
    const started2 = performance.now();
    const nonce = randomBytes(16).toString("hex");
    const { line, timedOut } = await exchange(
      proc2,
      JSON.stringify({
        mode: "case",
        nonce,
        code: plan.code,
        checks: plan.tests.map((t) => t.checks.length),
        solution: source,
        solutionModule: request.solutionModule ?? "solution",
        testModule: request.testModule ?? "test_task"
      }),
      timeoutMs
    );
    const durationMs = Math.round(prepareMs + performance.now() - started2);
    if (line !== null) {
      proc2.kill();
      return caseResult(line, nonce, plan, { durationMs, chosen });
    }
    const why = await ended(proc2, timedOut, timeoutMs);
    proc2.kill();
    return { ...base, durationMs, ...why };
  };
  const checkSession = (source, moduleName = "check") => {
    const idle = [];
    let unusable = null;
    let sessionClosed = false;
    let nextId = 0;
    const loaded = async () => {
      const reuse = idle.pop();
      if (reuse) return reuse;
      if (unusable !== null) return unusable;
      const proc2 = await takeWarm();
      const nonce = randomBytes(16).toString("hex");
      proc2.send(JSON.stringify({ mode: "checks", nonce, source, module: moduleName }));
      const timer = setTimeout(() => proc2.kill(), Math.max(timeoutMs, 1e4));
      const line = await proc2.nextLine();
      clearTimeout(timer);
      let answer = {};
      try {
        answer = line === null ? {} : JSON.parse(line);
      } catch {
      }
      if (answer.nonce === nonce && answer.loaded === true) return { proc: proc2, nonce, calls: 0 };
      proc2.kill();
      unusable = answer.nonce === nonce && typeof answer.error === "string" ? answer.error : line === null ? (await ended(proc2, null, timeoutMs)).message : "the sandbox answered something unexpected while loading it";
      return unusable;
    };
    const call = async (output, vars) => {
      if (sessionClosed) throw new Error("the python check session is closed");
      const worker = await loaded();
      if (typeof worker === "string") return { kind: "unusable", message: worker };
      const { proc: proc2, nonce } = worker;
      const id = ++nextId;
      const pairs = Object.keys(vars).map((k) => [k, vars[k]]);
      const { line, timedOut } = await exchange(proc2, JSON.stringify({ id, output, vars: pairs }), timeoutMs);
      supervisor.idle(proc2.pid);
      if (line === null) {
        const why = await ended(proc2, timedOut, timeoutMs);
        proc2.kill();
        return { kind: "failed", stage: why.stage, message: why.message };
      }
      const answer = parseCheckAnswer(line, nonce, id);
      worker.calls++;
      const reusable = "value" in answer && !answer.dirty && !answer.tampering && worker.calls < CHECK_CALLS_PER_PROCESS && !sessionClosed;
      if (reusable) idle.push(worker);
      else proc2.kill();
      if ("malformed" in answer)
        return {
          kind: "failed",
          stage: "tampering",
          message: `the sandbox returned a malformed answer (${answer.malformed}); no result of this call is trusted`
        };
      if (answer.tampering)
        return {
          kind: "failed",
          stage: "tampering",
          message: `${answer.tampering}; no result of this call is trusted`
        };
      if ("raised" in answer)
        return {
          kind: "failed",
          stage: answer.raised.unable ? "declared-unable" : "test-failure",
          message: `it raised ${answer.raised.type}: ${answer.raised.message}`
        };
      if ("error" in answer) return { kind: "failed", stage: "test-failure", message: answer.error };
      return { kind: "value", value: answer.value, output: answer.output };
    };
    return {
      call: (output, vars) => slot(() => call(output, vars)),
      close: async () => {
        sessionClosed = true;
        for (const w of idle.splice(0)) w.proc.kill();
      }
    };
  };
  refill();
  return {
    name: "pyodide",
    isolated: true,
    layers: () => layers,
    run: (request) => slot(() => runOne(request)),
    checks: checkSession,
    close: async () => {
      closed = true;
      const waits = [...live].map(async (p) => {
        p.kill();
        await p.exited;
      });
      pool.length = 0;
      await Promise.all(waits);
      await snapshot?.catch(() => null);
      release();
      if (snapshotDir) await rm(snapshotDir, { recursive: true, force: true });
    }
  };
}
var PreparerFailed = class extends Error {
};
async function childVersion(node) {
  if (node === process.execPath) return process.version;
  const { execFileSync: execFileSync2 } = await import("node:child_process");
  return String(execFileSync2(node, ["--version"], { env: {}, timeout: 1e4 })).trim();
}
function parseCheckAnswer(line, nonce, id) {
  let v;
  try {
    v = JSON.parse(line);
  } catch {
    return { malformed: "it is not JSON" };
  }
  if (typeof v !== "object" || v === null || v["nonce"] !== nonce || v["id"] !== id)
    return { malformed: "it does not answer this call with this session's nonce" };
  const tampering = typeof v["tampering"] === "string" ? v["tampering"] : null;
  const dirty = v["dirty"] === true;
  const result = v["result"];
  if (typeof result !== "object" || result === null) return { malformed: "it has no result" };
  if ("value" in result) {
    const value = result["value"];
    const plain = value === null || typeof value === "boolean" || typeof value === "object" && value !== null && Object.keys(value).length === 1 && (typeof value.int === "string" || typeof value.float === "string" || typeof value.opaque === "string" || "list" in value || "tuple" in value || "dict" in value || "set" in value) || typeof value === "string";
    if (!plain) return { malformed: "its value is not a frozen value" };
    return { value, dirty, tampering, output: typeof v["output"] === "string" ? v["output"] : "" };
  }
  if ("raised" in result) {
    const r = result["raised"];
    if (!r || typeof r["type"] !== "string" || typeof r["message"] !== "string")
      return { malformed: "an exception is not described" };
    return {
      raised: { type: r["type"], message: r["message"].slice(0, 2e3), unable: r["unable"] === true },
      dirty,
      tampering
    };
  }
  if (typeof result["error"] === "string") return { error: result["error"], dirty, tampering };
  return { malformed: "its result is unknown" };
}

// src/adapters/host-python-runner.ts
function createHostPythonRunner(options = {}) {
  const here = dirname2(fileURLToPath2(import.meta.url));
  const harness = readFileSync3(
    locateSandboxFile([join3(here, "sandbox-harness.py"), join3(here, "sandbox", "harness.py")]),
    "utf8"
  );
  const driver = readFileSync3(
    locateSandboxFile([join3(here, "sandbox-host-driver.py"), join3(here, "sandbox", "host-driver.py")]),
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
    const cwd = await mkdtemp2(join3(tmpdir2(), "evalgate-unsafe-"));
    const nonce = randomBytes2(16).toString("hex");
    const started = performance.now();
    const child = spawn3(python, ["-I", "-c", driver], {
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
function parseChildReport(stdout, nonce) {
  const line = stdout.trim().split("\n").pop() ?? "";
  try {
    const value = JSON.parse(line);
    if (value.nonce !== nonce || typeof value.report !== "object" || value.report === null) return null;
    const r = value.report;
    const tests = r.tests;
    if (typeof r.stage !== "string" || typeof r.message !== "string" || !Array.isArray(tests) || !tests.every(
      (t) => typeof t === "object" && t !== null && typeof t.name === "string" && ["passed", "failed", "declared-unable"].includes(t.outcome) && typeof t.message === "string"
    ))
      return null;
    return value;
  } catch {
    return null;
  }
}
var ACCESS_DENIED2 = /Access to this API has been restricted|ERR_ACCESS_DENIED/;
function classifyReport(parsed, base) {
  const r = parsed.report;
  const out = {
    ...base,
    output: typeof parsed.output === "string" ? parsed.output : "",
    tests: r.tests,
    ...typeof r.chosen === "number" ? { chosen: r.chosen } : {}
  };
  if (ACCESS_DENIED2.test(r.message) || ACCESS_DENIED2.test(out.output) || out.tests.some((t) => ACCESS_DENIED2.test(t.message)))
    return { ...out, stage: "sandbox-violation", message: "the code attempted something the executor forbids" };
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

// src/adapters/code-runners.ts
function sandboxCacheDir(env) {
  if (env["EVALGATE_SANDBOX_CACHE"] === "0") return null;
  return join4(evalgateCacheRoot(env), "sandbox");
}
function sandboxNode(env) {
  const node = env["EVALGATE_SANDBOX_NODE"];
  return node && isAbsolute(node) ? node : void 0;
}
function createCodeRunnerFactory(settings) {
  return (executor, timeoutMs) => executor === "unsafe-host-python" ? createHostPythonRunner({ timeoutMs }) : createPyodideRunner({
    timeoutMs,
    snapshotCacheDir: settings.snapshotCacheDir,
    ...settings.node ? { node: settings.node } : {}
  });
}

// src/adapters/response-cache.ts
import { readFile } from "node:fs/promises";
import { join as join5 } from "node:path";
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
  const found = await readEntry(join5(dir, key.slice(0, 2), `${key}.json`), key, auth);
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
  const pathOf = (key) => join5(options.dir, key.slice(0, 2), `${key}.json`);
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
  const waiters2 = [];
  const stats = { calls: 0, retries: 0, rateLimited: 0, failures: 0 };
  let fatal = null;
  const wake = () => {
    while (active < limit && waiters2.length > 0) {
      active++;
      waiters2.shift()();
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
    await new Promise((resolve) => waiters2.push(resolve));
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
    createCodeRunner: createCodeRunnerFactory({ snapshotCacheDir: sandboxCacheDir(env), node: sandboxNode(env) })
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
  sandboxNode,
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
