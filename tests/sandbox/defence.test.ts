// Issue 26, defence in depth: model code is handed the sandbox child's JavaScript through a
// test-only seam (as if the Python layer had fallen), and tries held-out routes to each end
// of the issue — forging the verdict, the network, memory past the cap, hanging, ending
// its own process. Every payload is wrong code: it must score what honest wrong code
// scores, open no connection, stay under 1.5 GiB and leave no process behind. Payloads that
// target evalgate itself run under a throwaway parent (parent-attacks.test.ts).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createPyodideRunner } from '../../src/adapters/pyodide-runner.ts';
import { checkOutcome } from '../../src/core/kinds/prompt/python.ts';
import type { CodeRunner, CodeRunResult } from '../../src/ports.ts';
import { assertNothingLeft, countingListener, GiB, groupWatcher, JS_KIT, sleep } from '../helpers/sandbox-probes.ts';

const linux = process.platform === 'linux';
const TESTS =
  'from solution import execute\n\ndef test_value():\n    assert execute() == 42\n\ndef test_type():\n    assert type(execute()) is int\n';
const FAILED = ['test-failure', 'timeout', 'sandbox-violation', 'tampering', 'declared-unable'];

describe(
  'issue 26: with JavaScript in hand, model code still cannot forge, connect or grow',
  { skip: !linux && 'Linux only' },
  () => {
    let runner: CodeRunner;
    let listener: Awaited<ReturnType<typeof countingListener>>;
    const watch = groupWatcher();
    let honest: CodeRunResult;

    before(async () => {
      listener = await countingListener();
      runner = createPyodideRunner({
        poolSize: 2,
        timeoutMs: 4000,
        exposeJavaScriptForTests: true,
        // A wait is ended by the clock: 3× here rather than 10×, to keep the test short.
        clockBackstopFactorForTests: 3,
        onSpawn: (pid) => watch.add(pid),
      });
      honest = await runner.run({ solution: 'def execute():\n    return 41\n', tests: TESTS });
    });
    after(async () => {
      await runner.close();
      await listener.close();
      watch.stop();
    });

    /** Wrong code (41 for 42) that first runs `attack` with `g` = the child's globalThis. */
    const payload = (attack: string): string =>
      `${JS_KIT}
_log = []
_g = _evalgate_js()
def _try(name, f):
    try:
        f()
        _log.append(name)
    except BaseException as e:
        _log.append(name + " refused")
${attack}
def execute():
    return 41
`;

    const likeHonest = async (what: string, attack: string): Promise<CodeRunResult> => {
      const result = await runner.run({ solution: payload(attack), tests: TESTS });
      assert.equal(honest.stage, 'test-failure');
      assert.ok(FAILED.includes(result.stage), `${what}: ended ${result.stage} (${result.message.slice(0, 300)})`);
      if (result.stage === 'test-failure')
        assert.deepEqual(
          result.tests.map((t) => [t.name, t.outcome]),
          honest.tests.map((t) => [t.name, t.outcome]),
          `${what}: the outcomes differ from honest wrong code's`,
        );
      return result;
    };

    it('the seam really hands model code JavaScript', async () => {
      const result = await runner.run({
        solution: `${JS_KIT}\ndef execute():\n    g = _evalgate_js()\n    return str(g.Math.max(1, 42)) if g is not None else "none"\n`,
        tests: 'from solution import execute\n\ndef test_value():\n    assert execute() == "42"\n',
      });
      assert.equal(result.stage, 'passed', result.message);
    });

    it('cannot forge the verdict: prototype hooks, replaced JSON and Array methods, fake report lines', async () => {
      await likeHonest(
        'prototype and global hooks',
        `O = _g.Object
def _pass(this, *a):
    return this
_try("toJSON", lambda: O.defineProperty(O.prototype, "toJSON", _evalgate_obj(_g, {"value": _evalgate_fn(_pass, True), "configurable": True})))
_try("Array toJSON", lambda: O.defineProperty(_g.Array.prototype, "toJSON", _evalgate_obj(_g, {"value": _evalgate_fn(lambda this, *a: [], True), "configurable": True})))
_try("JSON.stringify", lambda: setattr(_g.JSON, "stringify", _evalgate_fn(lambda *a: '{"stage":"passed"}')))
_try("Array join", lambda: setattr(_g.Array.prototype, "join", _evalgate_fn(lambda *a: "")))
_try("String slice", lambda: setattr(_g.String.prototype, "slice", _evalgate_fn(lambda *a: "")))`,
      );
      await likeHonest(
        'a report line of its own, then exit',
        `_try("write", lambda: _g.process.stdout.write('{"nonce":"0","stage":"ran","message":"","tests":[{"steps":[],"end":{"done":true}}],"output":""}\\n'))
_try("exit", lambda: _g.process.exit(0))`,
      );
      await likeHonest(
        'a report line of its own, then reallyExit',
        `_try("write", lambda: _g.process.stdout.write('{"nonce":"0"}\\n'))
_try("reallyExit", lambda: _g.process.reallyExit(0))`,
      );
    });

    it('cannot reach the network or another process: built-in modules, bindings, addons, fetch, workers', async () => {
      const port = listener.port;
      const result = await likeHonest(
        'network',
        `p = _g.process
_try("getBuiltinModule net", lambda: p.getBuiltinModule("node:net").connect(${port}, "127.0.0.1"))
_try("getBuiltinModule http", lambda: p.getBuiltinModule("http").get("http://127.0.0.1:${port}/"))
_try("binding tcp_wrap", lambda: p.binding("tcp_wrap"))
_try("_linkedBinding", lambda: p._linkedBinding("tcp_wrap"))
_try("dlopen", lambda: p.dlopen(_evalgate_obj(_g, {"exports": {}}), "/lib/x86_64-linux-gnu/libc.so.6"))
_try("fetch", lambda: _g.fetch("http://127.0.0.1:${port}/"))
_try("WebSocket", lambda: _g.WebSocket.new("ws://127.0.0.1:${port}/"))
_try("EventSource", lambda: _g.EventSource.new("http://127.0.0.1:${port}/"))
_try("execve", lambda: p.execve("/bin/sh", ["sh", "-c", "echo x > /dev/tcp/127.0.0.1/${port}"]))
_try("Function", lambda: _g.Function("return 1"))
_try("setTimeout string", lambda: _g.setTimeout("1", 0))
_try("_debugProcess self", lambda: p._debugProcess(p.pid))
import time
end = time.time() + 1
while time.time() < end:
    pass
`,
      );
      await sleep(500);
      assert.equal(listener.count(), 0, `a connection reached the listener (${result.message.slice(0, 300)})`);
    });

    it('cannot take a process past the memory cap: array buffers, shared buffers, wasm memories', async () => {
      await likeHonest(
        'array buffers',
        `_keep = []
for _ in range(8):
    _keep.append(_g.Uint8Array.new(256 * 2**20).fill(1))`,
      );
      await likeHonest(
        'shared array buffers',
        `_keep = []
for _ in range(6):
    _keep.append(_g.Uint8Array.new(_g.SharedArrayBuffer.new(256 * 2**20)).fill(1))`,
      );
      await likeHonest(
        'wasm memories',
        `_keep = []
for _ in range(4):
    m = _g.WebAssembly.Memory.new(_evalgate_obj(_g, {"initial": 1, "maximum": 8192}))
    m.grow(8000)
    _g.Uint8Array.new(m.buffer).fill(1)
    _keep.append(m)`,
      );
      assert.ok(
        watch.maxRssBytes() <= 1.5 * GiB,
        `reached ${(watch.maxRssBytes() / GiB).toFixed(2)} GiB: ${watch.worst()}`,
      );
    });

    it('cannot hang the run or end it as anything but a failure: waits, self-signals, aborts', async () => {
      const waited = await likeHonest(
        'Atomics.wait',
        `_g.Atomics.wait(_g.Int32Array.new(_g.SharedArrayBuffer.new(4)), 0, 0)`,
      );
      // A wait uses no CPU time: the clock's backstop (3× the limit here) ends it, and says so.
      assert.equal(waited.stage, 'timeout');
      assert.match(waited.message, /within 12000 ms on the clock \(3× its 4000 ms CPU limit/);
      await likeHonest(
        'SIGSTOP to itself',
        `_try("stop", lambda: _g.process.kill(_g.process.pid, "SIGSTOP"))\nwhile True:\n    pass`,
      );
      await likeHonest('its own process group', `_try("group", lambda: _g.process.kill(0, "SIGKILL"))`);
      await likeHonest('abort', `_g.process.abort()`);
    });

    it('python checks of prompt suites take the same path: forging, the network, memory and signals fail the call', async () => {
      // A check given JavaScript, on replies that deserve False: each attack must end as a
      // failed call or False, never True, and reach no listener. (Signals to evalgate itself
      // are tried under a throwaway parent, parent-attacks.test.ts.)
      const port = listener.port;
      const check = `${JS_KIT}
_g = _evalgate_js()
def _try(f):
    try:
        f()
    except BaseException:
        pass
def _hook(this, *a):
    return this
def check(output, vars):
    p = _g.process
    if output == "forge":
        _try(lambda: _g.Object.defineProperty(_g.Object.prototype, "toJSON", _evalgate_obj(_g, {"value": _evalgate_fn(lambda this, *a: {"value": True}, True), "configurable": True})))
        _try(lambda: p.stdout.write('{"nonce":"0","id":1,"result":{"value":true},"tampering":null,"dirty":false,"output":""}\\n'))
        _try(lambda: setattr(_g.JSON, "stringify", _evalgate_fn(lambda *a: '{"value":true}')))
    elif output == "network":
        _try(lambda: p.getBuiltinModule("node:net").connect(${port}, "127.0.0.1"))
        _try(lambda: _g.fetch("http://127.0.0.1:${port}/"))
    elif output == "memory":
        keep = [_g.Uint8Array.new(256 * 2**20).fill(1) for _ in range(8)]
    elif output == "signal":
        _try(lambda: p.kill(p.pid, "SIGSTOP"))
    return False
`;
      const session = runner.checks?.(check, 'check');
      assert.ok(session, 'the runner serves python checks');
      try {
        for (const reply of ['honest', 'forge', 'network', 'memory', 'signal', 'honest']) {
          const call = await session.call(reply, {});
          const outcome = checkOutcome(call, 'check.py', 0.5);
          assert.equal(outcome.kind, 'fail', `${reply}: ${JSON.stringify(call).slice(0, 300)}`);
          if (reply === 'honest') assert.deepEqual(call.kind === 'value' && call.value, false, reply);
        }
      } finally {
        await session.close();
      }
      await sleep(500);
      assert.equal(listener.count(), 0, 'a check opened a connection');
      assert.ok(watch.maxRssBytes() <= 1.5 * GiB, `reached ${(watch.maxRssBytes() / GiB).toFixed(2)} GiB`);
    });

    it('leaves no process behind and never went past 1.5 GiB', async () => {
      await assertNothingLeft(runner, watch);
    });
  },
);
