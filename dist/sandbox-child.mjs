// The sandbox child: runs model-written Python in Pyodide inside a Node process that the
// parent starts under the permission model (reads limited to the Pyodide runtime, this
// file and the interpreter snapshot, an empty environment, no code generation from
// strings). Plain JavaScript, copied to dist/ as is.
//
// Grading never trusts Python: the trusted harness (sent by the parent, defined before any
// model code) turns each test's asserts into `yield`s of their operands, this script
// drives each test generator and compares the yielded values itself, and only this script
// knows the nonce. Model code can rewrite anything in its interpreter, but it cannot reach
// this module's variables, write to the process's stdout (Python's output goes to a
// capped buffer), or turn a failed comparison into a pass.
import { constants as fsConstants, createWriteStream, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const MAX_REQUEST = 4 * 1024 * 1024;
const MAX_OUTPUT = 16 * 1024;

// Pyodide's NODEFS setup asks process.binding('constants'), which the permission model
// refuses; answer that one question and refuse every other.
process.binding = (name) => {
  if (name === 'constants') return { fs: fsConstants };
  throw new Error(`process.binding(${JSON.stringify(name)}) is not available in the sandbox`);
};

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
{
  const warm = factory();
  const sample = 'from solution import f\n\ndef test_x():\n    assert f(2) == [4, (1, 2)]\n    assert "a" in {"a": 1}\n    assert not f(0)[0]\n';
  warm.get('prepare')(sample, 'warm_tests');
  warm.get('compiles')('def f(x):\n    return [x * x, (1, 2)]\n');
  warm.destroy?.();
  const scratch = pyodide.globals.get('dict')();
  pyodide.runPython([
    '_m = {}',
    'exec(compile("def f(x):\\n    return [x * x, (1, 2)]\\nclass K:\\n    def m(self):\\n        return sorted({3: 1, 1: 2}.items())\\n", "w.py", "exec"), _m)',
    '_r = (_m["f"](2), _m["K"]().m(), str(ValueError("x")), "%s-%d" % ("a", 1), [i for i in range(50) if i % 7 == 0])',
  ].join('\n'), { globals: scratch });
  scratch.destroy();
}
// This case's harness instance: every function is taken now, before model code could
// touch the table.
const api = factory();
const fns = { prepare: api.get('prepare'), loadSolution: api.get('load_solution'), loadTests: api.get('load_tests'), start: api.get('start'), intact: api.get('intact'), compiles: api.get('compiles') };
api.destroy?.();
process.stdout.write('READY\n');

const request = JSON.parse(await readLine());
const nonce = request.nonce;

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

/**
 * Converts a yielded Python value to plain data by Pyodide's C-level conversion. Only
 * exact builtin types convert (int, float, bool, str, None, list, tuple, dict, set);
 * anything else — a model's class, an object with its own __eq__ — stays a proxy and
 * becomes an opaque marker that equals nothing.
 */
function plain(value) {
  if (value === undefined) return null; // None
  if (typeof value === 'bigint') return value;
  if (typeof value !== 'object' || value === null) return value;
  const type = value.type;
  try {
    if (type === 'list') return Array.from({ length: value.length }, (_, i) => plain(value.get(i)));
    if (type === 'tuple') return { __kind: 'tuple', items: Array.from({ length: value.length }, (_, i) => plain(value.get(i))) };
    if (type === 'dict') {
      const m = new Map();
      for (const key of value.keys()) m.set(typeof key === 'object' ? `#${String(key)}` : key, plain(value.get(key)));
      return m;
    }
    if (type === 'set' || type === 'frozenset') return new Set([...value].map((x) => (typeof x === 'object' ? `#${String(x)}` : x)));
    return { __kind: `opaque:${type}`, items: Symbol('opaque') };
  } finally {
    value.destroy?.();
  }
}

function show(v) {
  if (v === null) return 'None';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'bigint') return `${v}`;
  if (Array.isArray(v)) return `[${v.map(show).join(', ')}]`;
  if (v instanceof Map) return `{${[...v].map(([k, x]) => `${show(k)}: ${show(x)}`).join(', ')}}`;
  if (v instanceof Set) return `{${[...v].map(show).join(', ')}}`;
  if (typeof v === 'object' && v.__kind === 'tuple') return `(${v.items.map(show).join(', ')})`;
  if (typeof v === 'object' && v.__kind) return `<${v.__kind.replace('opaque:', '')} object>`;
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  return String(v);
}

/** Judges one yielded check: [op, line, a, b?, message?]. */
function judge(check) {
  const [op, line, a, b] = check;
  switch (op) {
    case 'eq': return { ok: same(a, b), text: `line ${line}: ${show(a)} == ${show(b)}` };
    case 'ne': return { ok: !same(a, b), text: `line ${line}: ${show(a)} != ${show(b)}` };
    case 'true': return { ok: a === true, text: `line ${line}: expected True, got ${show(a)}` };
    case 'false': return { ok: a === false, text: `line ${line}: expected False, got ${show(a)}` };
    case 'none': return { ok: a === null, text: `line ${line}: expected None, got ${show(a)}` };
    case 'notnone': return { ok: a !== null, text: `line ${line}: expected a value, got None` };
    case 'nottrue': return { ok: a !== true, text: `line ${line}: expected anything but True, got True` };
    case 'notfalse': return { ok: a !== false, text: `line ${line}: expected anything but False, got False` };
    case 'in': {
      const inside = Array.isArray(b) ? b.some((x) => same(a, x)) : typeof b === 'string' && typeof a === 'string' ? b.includes(a) : b instanceof Map ? b.has(a) : b instanceof Set ? b.has(a) : b?.__kind === 'tuple' ? b.items.some((x) => same(a, x)) : false;
      return { ok: inside, text: `line ${line}: ${show(a)} in ${show(b)}` };
    }
    case 'type': return { ok: a === b, text: `line ${line}: type ${a} is ${b}` };
    default: return { ok: false, text: `line ${line}: unknown check ${op}` };
  }
}

function runTest(start, name, expectedChecks) {
  let gen;
  let checks = 0;
  try {
    gen = start(name);
    for (;;) {
      const step = gen.next();
      if (step.done) break;
      const raw = step.value; // a tuple proxy: (op, line, a, b)
      const n = raw.length;
      const check = [raw.get(0), raw.get(1), plain(raw.get(2)), n > 3 ? plain(raw.get(3)) : undefined];
      raw.destroy?.();
      checks++;
      const verdict = judge(check);
      if (!verdict.ok) return { name, outcome: 'failed', message: `assertion failed at ${verdict.text}` };
    }
  } catch (error) {
    const type = error?.type ?? error?.name ?? 'Error';
    const message = String(error?.message ?? error).split('\n').slice(-6).join('\n');
    if (type === 'NotImplementedError') return { name, outcome: 'declared-unable', message };
    return { name, outcome: 'failed', message: `${type}: ${message}` };
  } finally {
    gen?.destroy?.();
  }
  // A test that yields fewer checks than it has asserts was cut short: not a pass.
  if (checks < expectedChecks) return { name, outcome: 'failed', message: `only ${checks} of ${expectedChecks} assertions ran` };
  return { name, outcome: 'passed', message: '' };
}

/** A (stage, message) tuple from the harness, read by Pyodide's conversion. */
function pair(proxy) {
  try {
    return { stage: String(proxy.get(0)), message: String(proxy.get(1)) };
  } finally {
    proxy.destroy?.();
  }
}

/** The builtins check; if even it fails, the interpreter was tampered with. */
function safeIntact(intact) {
  try {
    return intact() === true;
  } catch {
    return false;
  }
}

let report;
let intactCheck = null;
const fnsIntact = () => (intactCheck ? safeIntact(intactCheck) : true);
try {
  intactCheck = fns.intact;
  // 1. Tests are parsed and rewritten before any model code exists in the interpreter.
  const prepared = JSON.parse(fns.prepare(request.tests, request.testModule));
  if (prepared.error) {
    report = { stage: 'harness-error', message: prepared.error, tests: [] };
  } else {
    // 2. The model's code, as module `solution`: the first candidate reading of the reply
    // that compiles (compiling runs nothing), else the fallback.
    let chosen = -1;
    const candidates = Array.isArray(request.candidates) ? request.candidates : [];
    for (let i = 0; i < candidates.length && chosen < 0; i++) if (fns.compiles(String(candidates[i])) === true) chosen = i;
    const source = chosen >= 0 ? String(candidates[chosen]) : request.solution;
    const loaded = pair(fns.loadSolution(source, request.solutionModule));
    if (loaded.stage !== 'ok') {
      report = { stage: loaded.stage, message: loaded.message, tests: [], intact: safeIntact(fns.intact), chosen };
    } else {
      const imported = pair(fns.loadTests());
      if (imported.stage !== 'ok') {
        report = { stage: imported.stage, message: imported.message, tests: [], intact: safeIntact(fns.intact), chosen };
      } else {
        const tests = [];
        let intact = true;
        for (const t of prepared.tests) {
          tests.push(runTest(fns.start, t.name, t.checks));
          if (safeIntact(fns.intact) !== true) intact = false;
        }
        report = { stage: 'ran', message: '', tests, intact, chosen };
      }
    }
  }
} catch (error) {
  report = { stage: 'harness-error', message: String(error?.message ?? error).slice(0, 2000), tests: [], intact: fnsIntact() };
}
process.stdout.write(`${JSON.stringify({ nonce, report, output: output.slice(0, MAX_OUTPUT) })}\n`);
process.exit(0);
