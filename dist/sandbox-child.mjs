// The sandbox child: runs Python in Pyodide inside a Node process that the parent starts
// under the permission model (reads limited to the Pyodide runtime, this file and the
// interpreter snapshot; no workers, no child processes, no code generation from strings;
// an empty environment) and, where the machine allows, in its own network and PID
// namespaces with a memory limit (docs/design/sandbox.md). Plain JavaScript, copied to
// dist/ as is.
//
// Before READY — before any model code exists in this process — the child loads Python,
// defines the trusted harness (sent by the parent) and cuts Python off from JavaScript:
// the harness removes Pyodide's bridge modules and everything that refers to them, and
// this script refuses to hand any JavaScript object to Python from then on. It also
// removes what JavaScript could use to reach out (signals, built-in modules, native
// addons, the inspector of another process, fetch), in case model code ever gets past the
// Python layer.
//
// After READY the first line says what this process is for, for its whole life:
// - `case`: one round-trip case. Model code is imported and the planned tests run; the
//   child reports, for every check, the operands it computed — plain data — and exits. It
//   never sees the expected values (the parent's preparer kept them) and judges nothing.
// - `prepare`: the trusted preparer. It never runs model code: it turns tests into plans
//   and picks which reading of a reply compiles, for as many cases as the parent asks.
// - `checks`: a prompt suite's python check, loaded once and called on many replies, each
//   call reported on its own line.
import { constants as fsConstants, createReadStream, createWriteStream, readFileSync, writeSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

// What the report path uses, taken before anything else runs. Strings are quoted with
// JSON.stringify, which never consults toJSON or a prototype for a primitive string.
const quote = JSON.stringify;
const parse = JSON.parse;
const encode = TextEncoder.prototype.encode.bind(new TextEncoder());
const pause = (() => {
  try {
    const cell = new Int32Array(new SharedArrayBuffer(4));
    const wait = Atomics.wait;
    return () => wait(cell, 0, 0, 1);
  } catch {
    return () => undefined;
  }
})();
/**
 * Writes all of `text` to stdout. Once anything makes `process.stdout`, fd 1 is
 * non-blocking: a write then takes only what the pipe has room for (146,176 bytes of
 * 400,001 in a test, returned as a count, no error) or fails with EAGAIN while the parent is
 * slow to read, and the rest of a report was lost — scored "ended the interpreter before
 * the tests finished (exit code 0)", an honest solution failed. So it writes until all is
 * out, waiting a millisecond whenever the pipe is full.
 */
const write = (text) => {
  const bytes = encode(text);
  for (let done = 0; done < bytes.length;) {
    try {
      done += writeSync(1, bytes, done, bytes.length - done);
    } catch (error) {
      if (error?.code !== 'EAGAIN') throw error;
      pause();
    }
  }
};

const MAX_REQUEST = 8 * 1024 * 1024;
const MAX_OUTPUT = 16 * 1024;

// Pyodide's NODEFS setup asks process.binding('constants'), which the permission model
// refuses; answer that one question and refuse every other.
process.binding = (name) => {
  if (name === 'constants') return { fs: fsConstants };
  throw new Error(`process.binding(${quote(String(name))}) is not available in the sandbox`);
};

/** Replaces process functions that reach other processes, native code or other modules. */
function refuseProcessApis(names) {
  for (const name of names) {
    const refused = () => {
      throw new Error(`process.${name} is not available in the sandbox`);
    };
    try {
      Object.defineProperty(process, name, { value: refused, writable: false, configurable: false, enumerable: false });
    } catch {
      // not configurable in this Node version: the namespaces and the supervisor remain
    }
  }
}
// Signals (evalgate, the process group, every process), the inspector of another process
// (_debugProcess sends it SIGUSR1), built-in modules (net, child_process, worker_threads,
// vm), native addons, replacing this process's image, credentials, the working directory.
refuseProcessApis([
  'kill',
  '_kill',
  '_debugProcess',
  '_debugEnd',
  'getBuiltinModule',
  '_linkedBinding',
  'dlopen',
  'execve',
  'loadEnvFile',
  'setuid',
  'setgid',
  'seteuid',
  'setegid',
  'setgroups',
  'initgroups',
  'chdir',
  '_startProfilerIdleNotifier',
  '_stopProfilerIdleNotifier',
]);

/** Lines from stdin, one at a time. */
const pending = [];
const waiting = [];
let stdinEnded = false;
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
    stdinEnded = true;
    for (const w of waiting.splice(0)) w.reject(new Error('stdin closed'));
  });
}
function readLine() {
  if (pending.length > 0) return Promise.resolve(pending.shift());
  if (stdinEnded) return Promise.reject(new Error('stdin closed'));
  return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
}

let output = '';
const capture = (text) => {
  if (output.length < MAX_OUTPUT) output += `${text}\n`;
};

const pyodideDir = process.argv[2];
const snapshotArg = process.argv[3] ?? '';
const exposeForTests = process.argv.includes('--expose-js-for-tests');
// The preparer: plans tests and compiles replies, never runs model code, so it skips the
// warm-up below, which serves the latency of cases.
const preparerOnly = process.argv.includes('--preparer');
// `--snapshot-fd`: started while the parent's first process still makes the snapshot, this
// process is fed it over fd 3 (its length, 8 bytes, then the snapshot) and reads it while
// Pyodide's module loads. If it never arrives whole, Python boots from scratch.
const fedSnapshot = snapshotArg === '--snapshot-fd' ? readSnapshotFd() : null;
fedSnapshot?.catch(() => undefined); // handled where Pyodide loads
function readSnapshotFd() {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let received = 0;
    let length = -1;
    const input = createReadStream(null, { fd: 3 });
    const done = (bytes) => {
      if (bytes) resolve(bytes);
      else reject(new Error('the snapshot did not arrive whole'));
      input.destroy(); // closes fd 3
    };
    input.on('data', (chunk) => {
      chunks.push(chunk);
      received += chunk.length;
      if (length < 0 && received >= 8) length = Number(Buffer.concat(chunks).readBigUInt64LE(0));
      if (length >= 0 && received >= 8 + length) done(Buffer.concat(chunks).subarray(8, 8 + length));
    });
    input.on('end', () => done(null));
    input.on('error', () => done(null));
  });
}
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const settings = { indexURL: `${pyodideDir}/`, jsglobals: Object.create(null), stdout: capture, stderr: capture };

// The parent's first line: the trusted harness.
const setup = parse(await readLine());

// `--make-snapshot`: boot Python, define the trusted harness (compiled, not yet called),
// import what it uses, write the interpreter's memory to fd 3 and close it — all before
// any model code exists in this process — then carry on as an ordinary child. Later
// children load the snapshot instead of booting Python and compiling the harness: about
// 0.5 s instead of 2–3 s.
let pyodide;
let harnessDefined = false;
if (snapshotArg === '--make-snapshot') {
  pyodide = await loadPyodide({ ...settings, _makeSnapshot: true });
  pyodide.runPython(setup.harness);
  harnessDefined = true;
  pyodide.runPython('import ast, base64, builtins, gc, json, marshal, sys, types');
  const bytes = pyodide.makeMemorySnapshot();
  // Its length first: a wrapper process (unshare --fork) keeps its own copy of fd 3
  // open, so the parent cannot wait for the end of the stream.
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(bytes.length));
  await new Promise((resolve, reject) => {
    const out = createWriteStream(null, { fd: 3 });
    out.on('error', reject);
    out.write(length);
    out.end(bytes, resolve);
  });
} else {
  // Fed, Pyodide is handed the snapshot still to come: it reads its files and compiles
  // its JavaScript meanwhile.
  const bytes = fedSnapshot ?? (snapshotArg ? readFileSync(snapshotArg) : null);
  harnessDefined = bytes !== null; // the snapshot's key covers the harness
  pyodide = await loadPyodide(bytes ? { ...settings, _loadSnapshot: bytes } : settings).catch((error) => {
    if (!fedSnapshot) throw error;
    harnessDefined = false;
    return loadPyodide(settings);
  });
}
pyodide.runPython('import sys\nfor _n in ("js", "pyodide_js"):\n    sys.modules.pop(_n, None)\ndel _n');
pyodide.unregisterJsModule('js');
pyodide.unregisterJsModule('pyodide_js');

// Setup while the child waits in the pool: the trusted harness (the parent's first line)
// is defined unless the snapshot holds it, its functions are taken, and a throwaway
// harness instance runs a little Python, so the engine compiles the interpreter's hot
// paths now rather than during a case (a snapshot-loaded interpreter has run nothing yet).
if (!harnessDefined) pyodide.runPython(setup.harness);
const factory = pyodide.globals.get('__evalgate_harness');
pyodide.runPython('del __evalgate_harness');
const NAMES = {
  plan: 'plan',
  choose: 'choose',
  loadPlan: 'load_plan',
  compileSolution: 'compile_solution',
  scrub: 'scrub',
  seal: 'seal',
  newModule: 'new_module',
  testNamespace: 'test_namespace',
  run: 'run',
  start: 'start',
  nextCheck: 'next_check',
  callCheck: 'call_check',
  getFunction: 'get_function',
  snapshot: 'snapshot',
  intact: 'intact',
  unchanged: 'unchanged',
  cutBridge: 'cut_bridge',
  exposeForTests: 'expose_for_tests',
};
const take = (instance) => {
  const out = {};
  for (const [key, name] of Object.entries(NAMES)) out[key] = instance.get(name);
  instance.destroy?.();
  return out;
};
if (!preparerOnly) {
  const warm = take(factory());
  const sample =
    'from solution import f\n\ndef test_x():\n    assert f(2) == [4, (1, 2)]\n    assert "a" in {"a": 1}\n    assert not f(0)[0]\n    assert type(f(1)) is list\n';
  const plan = parse(warm.plan(sample, 'warm_tests'));
  const loaded = warm.loadPlan(plan.code);
  const ns = warm.testNamespace('warm_tests');
  const mod = warm.newModule('solution');
  warm.run(warm.compileSolution('def f(x):\n    return [x * x, (1, 2)]\n', 'solution').get(1), mod);
  warm.run(loaded.get(0), ns);
  const before = warm.snapshot(ns);
  const gen = warm.start(loaded.get(1).get(0), ns);
  for (let i = 0; i < 6 && String(warm.nextCheck(gen))[0] === 's'; i++) warm.intact(ns, before);
  warm.choose('["def f(:", "def f(x):\\n    return x\\n"]', 'x = 1\n', 'solution');
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
// This process's harness instance: every function is taken now, before any model code.
const fns = take(factory());
fns.scrub();

// The cut, Python half: the bridge's modules, hooks and references go (harness.py).
const cutProblems = fns.cutBridge();

// The cut, JavaScript half: from here on no JavaScript object is converted for Python.
// Every value that enters Python passes one of these two functions (an attribute read, a
// call's result, a conversion); a string, a number, a boolean, null, undefined, a BigInt
// and a proxy of a Python object pass, anything else is refused. A JsProxy that already
// exists cannot lead to another JavaScript object either.
const module = pyodide._module;
const isPyProxy = (v) => {
  try {
    return module.API.isPyProxy(v) && !module.PyProxy_getAttrs(v).props.roundtrip;
  } catch {
    return false;
  }
};
const primitive = (v) => v === null || (typeof v !== 'object' && typeof v !== 'function');
function gate(convert) {
  return function gated(value, ...rest) {
    if (primitive(value) || isPyProxy(value)) return convert(value, ...rest);
    throw new Error('evalgate: JavaScript objects are not available to Python in the sandbox');
  };
}
if (!exposeForTests) {
  module.js2python_convertImmutable = gate(module.js2python_convertImmutable);
  module.js2python_convert = gate(module.js2python_convert);
} else {
  // Test seam only (the runner's exposeJavaScriptForTests): model code is handed this
  // process's globalThis, as if it had got past the Python layer, so that the layers
  // behind it are tested. Never set by anything a configuration controls.
  fns.exposeForTests(globalThis);
}
// What Pyodide could still be asked to open, closed on the JavaScript side as well.
for (const [owner, names] of [
  [
    pyodide,
    [
      'mountNodeFS',
      'mountNativeFS',
      'loadPackage',
      'loadPackagesFromImports',
      'registerJsModule',
      'useNodeSockFS',
      'runPythonAsync',
    ],
  ],
  [module.API ?? {}, ['initializeNodeSockFS', 'loadBinaryFile', 'loadDynlib', 'install']],
]) {
  for (const name of names) {
    try {
      Object.defineProperty(owner, name, {
        value: () => {
          throw new Error(`${name} is not available in the sandbox`);
        },
        writable: false,
        configurable: false,
      });
    } catch {
      // already gone
    }
  }
}
// Network clients that are global in Node; the umask Pyodide read while loading.
for (const name of ['fetch', 'WebSocket', 'EventSource']) {
  try {
    delete globalThis[name];
  } catch {
    // not configurable: the namespaces and the permission model remain
  }
}
refuseProcessApis(['umask']);

write(`READY ${quote({ cut: cutProblems ?? null, exposed: exposeForTests, node: process.versions.node })}\n`);

/** Raised when model code changed or tried something grading must not trust. */
class Tampering extends Error {}

/** The harness's view of its own state; a change found is tampering, never a score. */
function checkIntact(ns, before) {
  const found = fns.intact(ns, before); // undefined is None
  if (typeof found === 'string') throw new Tampering(found);
}

const job = parse(await readLine());
if (preparerOnly !== (job.mode === 'prepare')) process.exit(4); // a process has one role
if (job.mode === 'prepare') await servePreparer();
else if (job.mode === 'checks') await serveChecks(job);
else runCase(job);
process.exit(0);

/**
 * One round-trip case: the model's code as module `solution`, then the planned tests;
 * every check's operands reported as frozen values, nothing judged here.
 */
function runCase(request) {
  const nonce = String(request.nonce);
  let stage = 'ran';
  let message = '';
  const tests = [];
  let sealed = false;
  try {
    const loaded = fns.loadPlan(String(request.code));
    const moduleCode = loaded.get(0);
    const checks = Array.isArray(request.checks) ? request.checks.map(Number) : [];
    const testCodes = checks.map((_, i) => loaded.get(1).get(i));
    const compiled = fns.compileSolution(String(request.solution), String(request.solutionModule));
    const syntax = compiled.get(0);
    if (typeof syntax === 'string') {
      stage = 'harness-error';
      message = `the code did not compile in the sandbox: ${syntax}`;
    } else {
      const ns = fns.testNamespace(String(request.testModule));
      // Sealed: from here on model code runs, and nothing grading relies on is reachable.
      fns.seal();
      sealed = true;
      const raised = fns.run(compiled.get(1), fns.newModule(String(request.solutionModule)));
      checkIntact();
      if (typeof raised === 'string') [stage, message] = importFailure(raised, 'importing the code raised');
      else {
        const testsRaised = fns.run(moduleCode, ns);
        checkIntact();
        if (typeof testsRaised === 'string')
          [stage, message] = importFailure(testsRaised, 'the tests could not import the code:');
        else {
          const before = fns.snapshot(ns);
          for (let i = 0; i < testCodes.length; i++) tests.push(runTest(testCodes[i], ns, before, checks[i]));
          checkIntact(ns, before);
        }
      }
    }
  } catch (error) {
    tests.length = 0;
    if (error instanceof Tampering) [stage, message] = ['tampering', error.message];
    else {
      // An error of the harness itself; if model code had run, it may be the cause.
      let found = null;
      try {
        if (sealed) found = fns.intact();
      } catch {
        found = 'the harness could not check its state';
      }
      [stage, message] =
        typeof found === 'string'
          ? ['tampering', found]
          : ['harness-error', String(error?.message ?? error).slice(0, 2000)];
    }
  }
  if (stage !== 'ran') tests.length = 0;
  write(
    `{"nonce":${quote(nonce)},"stage":${quote(stage)},"message":${quote(message)},"tests":[${tests.join(',')}],"output":${quote(output.slice(0, MAX_OUTPUT))}}\n`,
  );
}

/** A module's import that raised, as a stage and a message. */
function importFailure(raised, what) {
  const r = parse(raised);
  if (r.unable) return ['declared-unable', `NotImplementedError: ${r.message}`];
  return ['import-error', `${what} ${r.type}: ${r.message}`];
}

/** Runs one planned test, rebuilt from its code object, checking the harness after every step. */
function runTest(code, ns, before, planned) {
  const started = fns.start(code, ns);
  if (typeof started === 'string') return `{"steps":[],"end":${started}}`;
  const steps = [];
  let end = '{"error":"the test did not finish"}';
  try {
    for (;;) {
      const step = String(fns.nextCheck(started));
      checkIntact(ns, before);
      if (step[0] !== 's') {
        end = step.slice(1);
        break;
      }
      if (steps.length >= planned) {
        end = '{"error":"a test yielded more checks than it has"}';
        break;
      }
      steps.push(step.slice(1));
    }
  } finally {
    started.destroy?.();
  }
  return `{"steps":[${steps.join(',')}],"end":${end}}`;
}

/**
 * The preparer: never runs model code. Each request names a task's tests (planned once
 * and kept) and the readings of a reply; the answer is the plan and which reading runs.
 */
async function servePreparer() {
  const plans = new Map();
  for (;;) {
    let line;
    try {
      line = await readLine();
    } catch {
      return; // the parent closed stdin
    }
    const r = parse(line);
    let plan = 'null';
    if (typeof r.tests === 'string') {
      const key = `${r.testModule}\0${r.tests}`;
      plan = plans.get(key);
      if (plan === undefined) {
        plan = String(fns.plan(r.tests, String(r.testModule)));
        if (plans.size > 64) plans.clear();
        plans.set(key, plan);
      }
    }
    const choice = String(
      fns.choose(
        quote(Array.isArray(r.candidates) ? r.candidates.map(String) : []),
        String(r.solution),
        String(r.solutionModule),
      ),
    );
    write(`{"id":${Number(r.id)},"plan":${plan},"choice":${choice}}\n`);
  }
}

/**
 * A python check, loaded once (sealed, as model code is) and called on one reply per
 * line. Each answer says what the call returned or raised, whether the harness was
 * tampered with, and whether the check module's globals changed (the parent then starts
 * a fresh process for the next reply).
 */
async function serveChecks(request) {
  const nonce = String(request.nonce);
  const answer = (fields) => write(`{"nonce":${quote(nonce)},${fields}}\n`);
  let fn;
  let ns;
  try {
    const compiled = fns.compileSolution(String(request.source), String(request.module));
    const syntax = compiled.get(0);
    if (typeof syntax === 'string') return answer(`"error":${quote(`it does not compile: ${syntax}`)}`);
    ns = fns.newModule(String(request.module));
    fns.seal();
    const raised = fns.run(compiled.get(1), ns);
    checkIntact();
    if (typeof raised === 'string') {
      const r = parse(raised);
      return answer(`"error":${quote(`importing it raised ${r.type}: ${r.message}`)}`);
    }
    fn = fns.getFunction(ns, 'check');
    if (fn === undefined || fn === null)
      return answer(`"error":${quote('it defines no function check(output, vars)')}`);
  } catch (error) {
    const why =
      error instanceof Tampering ? `it tampered with the sandbox: ${error.message}` : String(error?.message ?? error);
    return answer(`"error":${quote(why.slice(0, 2000))}`);
  }
  output = '';
  answer(`"loaded":true,"output":${quote(output)}`);
  for (;;) {
    let line;
    try {
      line = await readLine();
    } catch {
      return;
    }
    const call = parse(line);
    output = '';
    const before = fns.snapshot(ns);
    let result;
    let tampering = null;
    try {
      result = String(fns.callCheck(fn, String(call.output), quote(Array.isArray(call.vars) ? call.vars : [])));
      const found = fns.intact();
      if (typeof found === 'string') tampering = found;
    } catch (error) {
      result = `{"error":${quote(String(error?.message ?? error).slice(0, 2000))}}`;
      tampering = 'the harness failed during the call';
    }
    const dirty = fns.unchanged(ns, before) !== true;
    answer(
      `"id":${Number(call.id)},"result":${result},"tampering":${tampering === null ? 'null' : quote(tampering)},"dirty":${dirty},"output":${quote(output.slice(0, MAX_OUTPUT))}`,
    );
    if (tampering !== null) return; // nothing after it is trusted: the parent starts another process
  }
}
