// Issue 26: model code must never reach JavaScript, and what it does with JavaScript must
// not change a verdict. Each attack of the issue is reproduced here through the route it
// used (a converted dict's `Object` constructor and `sys.modules['pyodide_js._api']`),
// together with held-out routes to the same ends. Every payload is wrong code: it must
// score what honest wrong code scores, open no connection, stay under 1.5 GiB and leave
// no process behind. A second battery (defence.test.ts) hands model code JavaScript
// through a test-only seam and checks the layers behind the Python one.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createPyodideRunner } from '../../src/adapters/pyodide-runner.ts';
import type { CodeRunner, CodeRunResult } from '../../src/ports.ts';
import { ROOT } from '../helpers/cli.ts';
import {
  assertNothingLeft,
  countingListener,
  forgingHook,
  GiB,
  groupWatcher,
  JS_KIT,
  sleep,
} from '../helpers/sandbox-probes.ts';

const linux = process.platform === 'linux';
const testsOf = (id: string): string =>
  readFileSync(join(ROOT, 'eval-datasets/round-trip', id, 'test_task.py'), 'utf8');
const FAILED = ['test-failure', 'timeout', 'sandbox-violation', 'tampering', 'declared-unable', 'syntax-error'];
/** Wrong for every shipped task: each entry point returns None. */
const WRONG =
  'def execute(*a, **k):\n    return None\n\ndef greet(*a, **k):\n    return None\n\nclass Counter:\n    def increment(self, *a):\n        return None\n\ncounter = Counter()\n';

describe(
  'issue 26: model code never reaches the grader (the Python-JavaScript bridge)',
  { skip: !linux && 'Linux only' },
  () => {
    let runner: CodeRunner;
    let listener: Awaited<ReturnType<typeof countingListener>>;
    const watch = groupWatcher();
    const honest = new Map<string, CodeRunResult>();

    before(async () => {
      listener = await countingListener();
      runner = createPyodideRunner({ poolSize: 2, timeoutMs: 20_000, onSpawn: (pid) => watch.add(pid) });
      for (const task of ['t03-arithmetic', 't07-class'])
        honest.set(task, await runner.run({ solution: WRONG, tests: testsOf(task) }));
    });
    after(async () => {
      await runner.close();
      await listener.close();
      watch.stop();
    });

    /** Asserts a payload scored exactly what the honest wrong code scored on the task. */
    const likeHonest = (task: string, result: CodeRunResult, what: string): void => {
      const wrong = honest.get(task) as CodeRunResult;
      assert.equal(wrong.stage, 'test-failure');
      assert.ok(FAILED.includes(result.stage), `${what}: ended ${result.stage} (${result.message.slice(0, 300)})`);
      if (result.stage === 'test-failure')
        assert.deepEqual(
          result.tests.map((t) => [t.name, t.outcome]),
          wrong.tests.map((t) => [t.name, t.outcome]),
          `${what}: the tests' outcomes differ from honest wrong code's`,
        );
    };

    it('a report rewritten through Object.prototype.toJSON does not pass wrong code (attack 1)', async () => {
      const forge = `${forgingHook('this.stage = "ran"\nfor t in tests:\n    t.outcome = "passed"\n    t.message = ""\nthis.chosen = 0')}\n${WRONG}`;
      // On main the hook also pointed `chosen` at an innocent decoy, so the report showed
      // the decoy instead of the code that ran; the preparer now decides what runs.
      const decoy = 'def execute(*a, **k):\n    return "an innocent decoy"\n';
      for (const task of ['t03-arithmetic', 't07-class']) {
        const result = await runner.run({ solution: decoy, candidates: [forge, decoy], tests: testsOf(task) });
        likeHonest(task, result, `forged report on ${task}`);
        assert.equal(result.chosen, 0, 'the report names the code that ran');
      }
    });

    it('a report whose tests are not a list is a failure of the case, not an error of the run (attack 6)', async () => {
      for (const rewrite of ['this.tests = "not a list"', 'this.stage = {"x": 1}']) {
        const result = await runner.run({
          solution: `${forgingHook(rewrite)}\n${WRONG}`,
          tests: testsOf('t03-arithmetic'),
        });
        likeHonest('t03-arithmetic', result, rewrite);
      }
    });

    it('opens no connection: not from the main thread, a worker thread or fetch (attack 2)', async () => {
      const body = `${JS_KIT}
_log = []
_g = _evalgate_js()
if _g is not None:
    p = _g.process
    for name, attempt in [
        ("net", lambda: p.getBuiltinModule("node:net").connect(${listener.port}, "127.0.0.1")),
        ("worker", lambda: p.getBuiltinModule("node:worker_threads").Worker.new("require('net').connect(${listener.port}, '127.0.0.1')", _evalgate_obj(_g, {"eval": True}))),
        ("fetch", lambda: _g.fetch("http://127.0.0.1:${listener.port}/")),
    ]:
        try:
            attempt()
            _log.append(name)
        except BaseException as e:
            _log.append(name + " refused")
    import time
    end = time.time() + 1
    while time.time() < end:
        pass
${WRONG}`;
      likeHonest('t03-arithmetic', await runner.run({ solution: body, tests: testsOf('t03-arithmetic') }), 'network');
      await sleep(1000);
      assert.equal(listener.count(), 0, 'the loopback listener received a connection');
    });

    it('JavaScript memory outside the wasm heap does not take a child past 1.5 GiB (attack 5)', async () => {
      const body = `${JS_KIT}
_keep = []
_g = _evalgate_js()
if _g is not None:
    for _ in range(8):
        _keep.append(_g.Uint8Array.new(256 * 2**20).fill(1))
${WRONG}`;
      likeHonest('t03-arithmetic', await runner.run({ solution: body, tests: testsOf('t03-arithmetic') }), 'memory');
      assert.ok(
        watch.maxRssBytes() <= 1.5 * GiB,
        `a sandbox process reached ${(watch.maxRssBytes() / GiB).toFixed(2)} GiB: ${watch.worst()}`,
      );
    });

    it('every route from Python to a JavaScript object is closed', async () => {
      // Each route reports `open` when it got hold of a JavaScript function or object it
      // could call into; `closed` otherwise.
      const routes = `
def _route(name, attempt):
    try:
        got = attempt()
    except BaseException as e:
        return name + "=closed"
    return name + ("=open" if got is not None else "=closed")

def _js_value(v):
    t = type(v)
    return v if (t.__module__ or "").startswith("pyodide") or "Js" in t.__name__ else None

def _subclasses():
    seen, stack = set(), [object]
    while stack:
        for s in type.__subclasses__(stack.pop()):
            if s not in seen:
                seen.add(s)
                stack.append(s)
    return seen

def _in_globals(obj):
    for f in vars(obj).values():
        g = getattr(f, "__globals__", None)
        if type(g) is dict:
            for v in list(g.values()):
                if _js_value(v) is not None:
                    return v
    return None

def _routes():
    import sys, importlib
    tries = [
        ("to_js constructor", lambda: _js_value(__import__("pyodide.ffi", fromlist=["to_js"]).to_js({}).constructor)),
        ("pyodide_js._api", lambda: _js_value(sys.modules["pyodide_js._api"].public_api)),
        ("import js", lambda: _js_value(__import__("js").Object)),
        ("import pyodide_js", lambda: _js_value(__import__("pyodide_js")._api)),
        ("import _pyodide_core", lambda: _js_value(__import__("_pyodide_core").to_js({}).constructor)),
        ("importlib pyodide.ffi", lambda: _js_value(importlib.import_module("pyodide.ffi").create_proxy(len).constructor)),
        ("run_js", lambda: _js_value(importlib.import_module("pyodide.code").run_js("globalThis"))),
        ("JsException from __subclasses__", lambda: _js_value([c for c in _subclasses() if c.__name__ == "JsException"][0]("x").constructor)),
        ("JsProxy types from __subclasses__", lambda: next(_js_value(c.__new__(c).constructor) for c in _subclasses() if "JsProxy" in c.__name__)),
        ("asyncio policy globals", lambda: _in_globals(type(__import__("asyncio").get_event_loop_policy()))),
        ("meta_path finders", lambda: next(v for f in sys.meta_path for v in [_js_value(getattr(f, "jsproxies", None)), _in_globals(type(f))] if v is not None)),
        ("module globals", lambda: next(_js_value(v) for m in list(sys.modules.values()) for v in list(getattr(m, "__dict__", {}).values()) if _js_value(v) is not None)),
        ("pyodide package", lambda: _js_value(__import__("pyodide").ffi.to_js([]).constructor)),
    ]
    return " ".join(_route(n, a) for n, a in tries)

def execute(*a, **k):
    return _routes()
`;
      const result = await runner.run({ solution: routes, tests: testsOf('t01-constant') });
      const report = /assertion failed at line \d+: "([^"]*)"/.exec(result.tests[0]?.message ?? '')?.[1] ?? '';
      assert.ok(report.includes('=closed'), `no route report: ${result.stage}: ${result.message.slice(0, 400)}`);
      assert.ok(
        !report.includes('=open'),
        `routes still open: ${report
          .split(' ')
          .filter((r) => r.endsWith('=open'))
          .join(', ')}`,
      );
    });

    it('what model code can import and reach leads to no JavaScript', async () => {
      // A walk over everything model code can name — every module it can import, sys,
      // builtins, every class below object and what their functions' globals, closures and
      // dicts hold — looking for a JavaScript proxy, a module of the bridge, or a class of
      // the bridge that still makes objects.
      const walk = `
BRIDGE = ("js", "pyodide_js", "pyodide", "_pyodide", "_pyodide_core", "micropip", "pyodide_http")
IMPORTABLE = ("js", "pyodide_js", "pyodide_js._api", "pyodide", "pyodide.ffi", "pyodide.code", "pyodide.http", "pyodide.webloop", "pyodide.console", "_pyodide", "_pyodide._base", "_pyodide._importhook", "_pyodide_core", "micropip")

def _root(n):
    return (n if type(n) is str else "").partition(".")[0]

def _walk():
    import sys, builtins, types, importlib
    found = []
    for name in IMPORTABLE:
        try:
            importlib.import_module(name)
            found.append("importable " + name)
        except BaseException:
            pass
    seen, queue = set(), []
    def push(o, path):
        if id(o) not in seen:
            seen.add(id(o))
            queue.append((o, path, len(path.split(" > "))))
    for n, m in list(sys.modules.items()):
        push(m, "sys.modules[" + n + "]")
    push(builtins, "builtins")
    push(sys, "sys")
    push(sys.meta_path, "sys.meta_path")
    push(sys.path_hooks, "sys.path_hooks")
    push(sys.path_importer_cache, "sys.path_importer_cache")
    stack = [object]
    while stack:
        for s in type.__subclasses__(stack.pop()):
            if id(s) not in seen:
                stack.append(s)
                push(s, "subclass " + s.__qualname__)
    i = 0
    while i < len(queue) and len(found) < 30:
        o, path, depth = queue[i]
        i += 1
        t = type(o)
        mod = getattr(t, "__module__", "") if type(getattr(t, "__module__", "")) is str else ""
        if _root(mod) in BRIDGE and not isinstance(o, type):
            found.append(path + ": a " + t.__name__ + " of " + mod)
            continue
        if isinstance(o, types.ModuleType) and _root(o.__name__) in BRIDGE:
            found.append(path + ": module " + o.__name__)
            continue
        if isinstance(o, type) and _root(o.__module__) in BRIDGE:
            for args in ((), ("x",), ("x", "y")):
                try:
                    made = o(*args)
                    found.append(path + ": " + o.__module__ + "." + o.__qualname__ + " still makes objects")
                    break
                except BaseException:
                    pass
        if depth > 7:
            continue
        kids = []
        if t is dict:
            kids = [(v, repr(k)[:40]) for k, v in list(o.items())]
        elif t in (list, tuple, set, frozenset):
            kids = [(v, str(j)) for j, v in enumerate(list(o))]
        else:
            try:
                d = vars(o)
            except BaseException:
                d = None
            if type(d) is dict or type(d) is types.MappingProxyType:
                kids += [(v, "." + str(k)) for k, v in list(d.items())]
            for a in ("__globals__", "__closure__", "__self__", "__func__", "__wrapped__", "__mro__", "cell_contents", "__defaults__", "__kwdefaults__"):
                try:
                    kids.append((getattr(o, a), "." + a))
                except BaseException:
                    pass
        for v, step in kids:
            if type(v) not in (int, float, str, bytes, bool, type(None)):
                push(v, path + " > " + step)
    return str(len(queue)) + " objects; " + " | ".join(found[:30])

def execute(*a, **k):
    return _walk()
`;
      const result = await runner.run({ solution: walk, tests: testsOf('t01-constant') });
      const message = result.tests[0]?.message ?? result.message;
      assert.match(message, /"\d+ objects; /, `the walk did not finish: ${result.stage}: ${message.slice(0, 500)}`);
      const found = /"\d+ objects; ([^"]*)"/.exec(message)?.[1] ?? '';
      assert.equal(found, '', `model code can reach the bridge: ${found.slice(0, 2000)}`);
    });

    it("a prompt suite's python check runs behind the same cut: the issue's route finds no JavaScript", async () => {
      const session = runner.checks?.(
        `${JS_KIT}\ndef check(output, vars):\n    return _evalgate_js() is None\n`,
        'check',
      );
      assert.ok(session, 'the runner serves python checks');
      try {
        const call = await session.call('any reply', {});
        assert.deepEqual(call.kind === 'value' ? call.value : call, true, 'the check reached JavaScript');
      } finally {
        await session.close();
      }
    });

    it('leaves no process behind and never went past 1.5 GiB', async () => {
      await assertNothingLeft(runner, watch);
    });
  },
);
