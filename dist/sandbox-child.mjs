// The sandbox child: runs model-written Python in Pyodide inside a Node process that the
// parent starts under the permission model (reads limited to the Pyodide runtime, this
// file and the interpreter snapshot, an empty environment, no code generation from
// strings). Plain JavaScript, copied to dist/ as is.
//
// Grading never trusts Python: the trusted harness (sent by the parent, defined before any
// model code) turns each test's asserts into `yield`s of their operands, this script
// drives each test generator and compares the yielded values itself, and only this script
// knows the nonce. What grading relies on lives here, not in Python: the compiled tests
// and their check counts are held as proxies taken before any model code exists, this
// script imports the model's module and rebuilds each test function from its held code
// object, and the harness is sealed (harness.py: an audit hook refuses frames, gc,
// tracing and ctypes) before the model's code runs. Model code cannot reach this module's
// variables, write to the process's stdout (Python's output goes to a capped buffer), or
// turn a failed comparison into a pass; what it tries is reported as tampering.
import { constants as fsConstants, createWriteStream, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const MAX_REQUEST = 4 * 1024 * 1024;
const MAX_OUTPUT = 16 * 1024;

// Pyodide's NODEFS setup asks process.binding('constants'), which the permission model
// refuses; answer that one question and refuse every other.
process.binding = (name) => {
  if (name === 'constants') return { fs: fsConstants };
  throw new Error(`process.binding(${JSON.stringify(name)}) is not available in the sandbox`);
};

// The watchdog: a thread of its own, so it runs while Python keeps the main thread busy.
// It ends this whole process when the parent is gone (this process was re-parented, as
// after a SIGKILL of evalgate) or when the case outlives the deadline the main thread
// passes on when the case arrives. Whatever model code does, it cannot reach this thread.
const WATCHDOG = `
const { parentPort, workerData } = require('node:worker_threads');
const end = () => process.kill(process.pid, 'SIGKILL');
setInterval(() => { if (process.ppid !== workerData.ppid) end(); }, 250);
parentPort.on('message', (m) => { if (typeof m.deadlineMs === 'number') setTimeout(end, m.deadlineMs); });
`;
let watchdog = null;
try {
  watchdog = new Worker(WATCHDOG, {
    eval: true,
    workerData: { ppid: process.ppid },
    resourceLimits: { maxOldGenerationSizeMb: 16 },
  });
  watchdog.unref();
} catch {
  // Without worker threads (--allow-worker missing) the parent's process group kill and
  // the closed stdin are what remain; the parent always passes the flag.
}

/** Lines from stdin, one at a time (the setup line, then the case's request). */
const pending = [];
const waiting = [];
{
  let buffer = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk) => {
    buffer += chunk;
    if (buffer.length > MAX_REQUEST) process.exit(3);
    for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      const w = waiting.shift();
      if (w) w.resolve(line);
      else pending.push(line);
    }
  });
  process.stdin.on('end', () => {
    for (const w of waiting.splice(0)) w.reject(new Error('stdin closed'));
  });
}
function readLine() {
  if (pending.length > 0) return Promise.resolve(pending.shift());
  return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
}

let output = '';
const capture = (text) => {
  if (output.length < MAX_OUTPUT) output += `${text}\n`;
};

const pyodideDir = process.argv[2];
const snapshotArg = process.argv[3];
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const settings = { indexURL: `${pyodideDir}/`, jsglobals: Object.create(null), stdout: capture, stderr: capture };

// `--make-snapshot`: boot Python, import what the harness uses, write the interpreter's
// memory to fd 3 and close it — all before any model code exists in this process — then
// carry on as an ordinary child (the parent's first case runs here, so a first run does
// not wait for a second process to load). Later children load the snapshot instead of
// booting Python: about 0.5 s instead of 3 s.
let pyodide;
if (snapshotArg === '--make-snapshot') {
  pyodide = await loadPyodide({ ...settings, _makeSnapshot: true });
  pyodide.runPython('import ast, builtins, gc, json, sys, types');
  const bytes = pyodide.makeMemorySnapshot();
  await new Promise((resolve, reject) => {
    const out = createWriteStream(null, { fd: 3 });
    out.on('error', reject);
    out.end(bytes, resolve);
  });
} else {
  pyodide = await loadPyodide(snapshotArg ? { ...settings, _loadSnapshot: readFileSync(snapshotArg) } : settings);
}
pyodide.runPython('import sys\nfor _n in ("js", "pyodide_js"):\n    sys.modules.pop(_n, None)\ndel _n');
pyodide.unregisterJsModule('js');
pyodide.unregisterJsModule('pyodide_js');
// Setup before READY, while the child waits in the pool: the trusted harness (the parent's
// first line) is defined and its functions taken, and a throwaway harness instance and
// namespace run a little Python, so the engine compiles the interpreter's hot paths now
// rather than during a case (a snapshot-loaded interpreter has run nothing yet). No model
// code exists in this process yet.
const setup = JSON.parse(await readLine());
pyodide.runPython(setup.harness);
const factory = pyodide.globals.get('__evalgate_harness');
pyodide.runPython('del __evalgate_harness');
const take = (instance) => {
  const names = {
    prepare: 'prepare',
    compiles: 'compiles',
    compileSolution: 'compile_solution',
    scrub: 'scrub',
    seal: 'seal',
    newModule: 'new_module',
    testNamespace: 'test_namespace',
    run: 'run',
    start: 'start',
    step: 'step',
    snapshot: 'snapshot',
    intact: 'intact',
  };
  const out = {};
  for (const [key, name] of Object.entries(names)) out[key] = instance.get(name);
  instance.destroy?.();
  return out;
};
{
  const warm = take(factory());
  const sample =
    'from solution import f\n\ndef test_x():\n    assert f(2) == [4, (1, 2)]\n    assert "a" in {"a": 1}\n    assert not f(0)[0]\n';
  const prepared = warm.prepare(sample, 'warm_tests');
  const ns = warm.testNamespace('warm_tests');
  const mod = warm.newModule('solution');
  warm.run(warm.compileSolution('def f(x):\n    return [x * x, (1, 2)]\n', 'solution').get(1), mod);
  warm.run(prepared.get(1), ns);
  const before = warm.snapshot(ns);
  const gen = warm.start(prepared.get(2).get(0), ns);
  for (let i = 0; i < 4 && !JSON.parse(warm.step(gen)).done; i++) warm.intact(ns, before);
  pyodide.runPython('import sys\nsys.modules.pop("solution", None)');
  const scratch = pyodide.globals.get('dict')();
  pyodide.runPython(
    [
      '_m = {}',
      'exec(compile("class K:\\n    def m(self):\\n        return sorted({3: 1, 1: 2}.items())\\n", "w.py", "exec"), _m)',
      '_r = (_m["K"]().m(), str(ValueError("x")), "%s-%d" % ("a", 1), [i for i in range(50) if i % 7 == 0])',
    ].join('\n'),
    { globals: scratch },
  );
  scratch.destroy();
}
// This case's harness instance: every function is taken now, before any model code.
const fns = take(factory());
fns.scrub();
process.stdout.write('READY\n');

const request = JSON.parse(await readLine());
const nonce = request.nonce;
// From here on the watchdog ends this process if the case outlives its own deadline, even
// while Python is busy (the parent normally kills it first, at the case's timeout).
if (typeof request.deadlineMs === 'number') watchdog?.postMessage({ deadlineMs: request.deadlineMs });

/** Strict equality of converted values: same kind, same content; NaN never equals. */
function same(a, b) {
  if (typeof a !== typeof b) return false;
  if (a === null || typeof a !== 'object') return a === b; // NaN !== NaN
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
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
  if (a.__kind !== b.__kind) return false;
  return a.__kind !== undefined && same(a.items, b.items);
}

/** A number from Python's repr of an int: a JS number when exact, else a BigInt. */
function intOf(text) {
  const big = BigInt(text);
  return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
}
/** Keys of Maps and members of Sets: primitives as they are, anything else a string that equals only itself. */
const keyOf = (v) => (v === null || typeof v !== 'object' ? v : `#${show(v)}`);

/**
 * Turns the harness's frozen JSON (exact builtin types only, read by C methods in Python)
 * into the values `same` compares: lists as arrays, tuples and opaque objects as tagged
 * objects, dicts as Maps, sets as Sets, ints as numbers (BigInt when large). An opaque
 * object (the model's class, an object with its own __eq__) equals nothing.
 */
function thaw(v) {
  if (v === null || typeof v !== 'object') return v;
  if ('int' in v) return intOf(v.int);
  if ('float' in v)
    return v.float === 'nan' ? NaN : v.float === 'inf' ? Infinity : v.float === '-inf' ? -Infinity : Number(v.float);
  if ('list' in v) return v.list.map(thaw);
  if ('tuple' in v) return { __kind: 'tuple', items: v.tuple.map(thaw) };
  if ('dict' in v) return new Map(v.dict.map(([k, x]) => [keyOf(thaw(k)), thaw(x)]));
  if ('set' in v) return new Set(v.set.map((x) => keyOf(thaw(x))));
  return { __kind: `opaque:${v.opaque}`, items: Symbol('opaque') };
}

function show(v) {
  if (v === null) return 'None';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'bigint') return `${v}`;
  if (typeof v === 'number')
    return Number.isNaN(v) ? 'nan' : v === Infinity ? 'inf' : v === -Infinity ? '-inf' : String(v);
  if (Array.isArray(v)) return `[${v.map(show).join(', ')}]`;
  if (v instanceof Map) return `{${[...v].map(([k, x]) => `${show(k)}: ${show(x)}`).join(', ')}}`;
  if (v instanceof Set) return `{${[...v].map(show).join(', ')}}`;
  if (typeof v === 'object' && v.__kind === 'tuple') return `(${v.items.map(show).join(', ')})`;
  if (typeof v === 'object' && v.__kind) return `<${v.__kind.replace('opaque:', '')} object>`;
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  return String(v);
}

/** Judges one check: [op, line, a, b?]. */
function judge(check) {
  const [op, line, a, b] = check;
  switch (op) {
    case 'eq':
      return { ok: same(a, b), text: `line ${line}: ${show(a)} == ${show(b)}` };
    case 'ne':
      return { ok: !same(a, b), text: `line ${line}: ${show(a)} != ${show(b)}` };
    case 'true':
      return { ok: a === true, text: `line ${line}: expected True, got ${show(a)}` };
    case 'false':
      return { ok: a === false, text: `line ${line}: expected False, got ${show(a)}` };
    case 'none':
      return { ok: a === null, text: `line ${line}: expected None, got ${show(a)}` };
    case 'notnone':
      return { ok: a !== null, text: `line ${line}: expected a value, got None` };
    case 'nottrue':
      return { ok: a !== true, text: `line ${line}: expected anything but True, got True` };
    case 'notfalse':
      return { ok: a !== false, text: `line ${line}: expected anything but False, got False` };
    case 'in': {
      const inside = Array.isArray(b)
        ? b.some((x) => same(a, x))
        : typeof b === 'string' && typeof a === 'string'
          ? b.includes(a)
          : b instanceof Map
            ? b.has(keyOf(a))
            : b instanceof Set
              ? b.has(keyOf(a))
              : b?.__kind === 'tuple'
                ? b.items.some((x) => same(a, x))
                : false;
      return { ok: inside, text: `line ${line}: ${show(a)} in ${show(b)}` };
    }
    default:
      return { ok: false, text: `line ${line}: unknown check ${op}` };
  }
}

/** Raised when model code changed or tried something grading must not trust. */
class Tampering extends Error {}

/** The harness's view of its own state; a change found is tampering, never a score. */
function checkIntact(ns, before) {
  const found = fns.intact(ns, before); // undefined is None (null would be jsnull)
  if (typeof found === 'string') throw new Tampering(found);
}

/** What an exception in model or test code means for one test. */
function raisedOutcome(name, raised) {
  const message = `${raised.type}: ${raised.message}`;
  return raised.unable ? { name, outcome: 'declared-unable', message } : { name, outcome: 'failed', message };
}

/** Runs one test, rebuilt from its held code object, checking the harness after every step. */
function runTest(code, ns, before, name, expectedChecks) {
  const started = fns.start(code, ns);
  if (typeof started === 'string') return raisedOutcome(name, JSON.parse(started).raised);
  let checks = 0;
  try {
    for (;;) {
      const step = JSON.parse(fns.step(started));
      checkIntact(ns, before);
      if (step.done) break;
      if (step.raised) return raisedOutcome(name, step.raised);
      if (step.error) return { name, outcome: 'failed', message: step.error };
      checks++;
      const verdict = judge([step.op, step.line, ...step.values.map(thaw)]);
      if (!verdict.ok) return { name, outcome: 'failed', message: `assertion failed at ${verdict.text}` };
    }
  } finally {
    started.destroy?.();
  }
  // A test that yields fewer checks than it has asserts was cut short: not a pass.
  if (checks < expectedChecks)
    return { name, outcome: 'failed', message: `only ${checks} of ${expectedChecks} assertions ran` };
  return { name, outcome: 'passed', message: '' };
}

/** A module's import that raised, as a report. */
function importFailure(raised, what, chosen) {
  const r = JSON.parse(raised);
  if (r.unable) return { stage: 'declared-unable', message: `NotImplementedError: ${r.message}`, tests: [], chosen };
  return { stage: 'import-error', message: `${what} ${r.type}: ${r.message}`, tests: [], chosen };
}

let report;
let sealed = false;
try {
  // 1. Tests are parsed, rewritten and compiled before any model code exists; their code
  // objects are held here, in JavaScript, and nowhere in Python.
  const preparedProxy = fns.prepare(request.tests, request.testModule);
  const prepared = JSON.parse(preparedProxy.get(0));
  const moduleCode = preparedProxy.get(1);
  const testCodes = prepared.error ? [] : prepared.tests.map((_, i) => preparedProxy.get(2).get(i));
  if (prepared.error) {
    report = { stage: 'harness-error', message: prepared.error, tests: [] };
  } else {
    // 2. The model's code, as module `solution`: the first candidate reading of the reply
    // that compiles (compiling runs nothing), else the fallback.
    let chosen = -1;
    const candidates = Array.isArray(request.candidates) ? request.candidates : [];
    for (let i = 0; i < candidates.length && chosen < 0; i++)
      if (fns.compiles(String(candidates[i])) === true) chosen = i;
    const source = chosen >= 0 ? String(candidates[chosen]) : request.solution;
    const compiled = fns.compileSolution(source, request.solutionModule);
    const syntax = compiled.get(0);
    if (typeof syntax === 'string') {
      report = { stage: 'syntax-error', message: syntax, tests: [], chosen };
    } else {
      const ns = fns.testNamespace(request.testModule);
      // 3. Sealed: from here on model code runs, and nothing grading relies on is reachable.
      fns.seal();
      sealed = true;
      const raised = fns.run(compiled.get(1), fns.newModule(request.solutionModule));
      checkIntact();
      if (typeof raised === 'string') {
        report = importFailure(raised, 'importing the code raised', chosen);
      } else {
        const testsRaised = fns.run(moduleCode, ns);
        checkIntact();
        if (typeof testsRaised === 'string') {
          report = importFailure(testsRaised, 'the tests could not import the code:', chosen);
        } else {
          const before = fns.snapshot(ns);
          const tests = prepared.tests.map((t, i) => runTest(testCodes[i], ns, before, t.name, t.checks));
          checkIntact(ns, before);
          report = { stage: 'ran', message: '', tests, chosen };
        }
      }
    }
  }
} catch (error) {
  if (error instanceof Tampering) report = { stage: 'tampering', message: error.message, tests: [] };
  else {
    // An error of the harness itself; if model code had run, it may be the cause.
    let found = null;
    try {
      if (sealed) found = fns.intact();
    } catch {
      found = 'the harness could not check its state';
    }
    report =
      typeof found === 'string'
        ? { stage: 'tampering', message: found, tests: [] }
        : { stage: 'harness-error', message: String(error?.message ?? error).slice(0, 2000), tests: [] };
  }
}
process.stdout.write(`${JSON.stringify({ nonce, report, output: output.slice(0, MAX_OUTPUT) })}\n`);
process.exit(0);
