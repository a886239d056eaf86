// The escape battery of docs/design/sandbox.md against the default runner: every probe ends blocked,
// failed or killed, the canary secret and file contents appear nowhere, nothing reaches the
// loopback listener, a pass is impossible without the tests really running, and no
// process is left behind.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createPyodideRunner } from '../../src/adapters/pyodide-runner.ts';
import type { CodeRunner, CodeRunResult } from '../../src/ports.ts';

const CANARY = `CANARY-${randomBytes(8).toString('hex')}`;
const TESTS = 'from solution import execute\n\ndef test_escape():\n    assert execute() == "escaped"\n';
const TIMEOUT_MS = 3000;

describe('sandbox escape battery (pyodide runner)', () => {
  let runner: CodeRunner;
  let listener: Server;
  let port = 0;
  let connections = 0;
  let dir: string;
  const pids: number[] = [];
  const results: { probe: string; result: CodeRunResult }[] = [];

  before(async () => {
    process.env['INPUT_API_KEY'] = CANARY; // what an action's inputs look like to our process
    dir = await mkdtemp(join(tmpdir(), 'evalgate-battery-'));
    await mkdir(join(dir, '.git'), { recursive: true });
    await writeFile(
      join(dir, '.git/config'),
      `[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic ${CANARY}\n`,
    );
    await writeFile(join(dir, 'credentials'), `token=${CANARY}\n`);
    listener = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as { port: number }).port;
    runner = createPyodideRunner({ poolSize: 2, timeoutMs: TIMEOUT_MS, onSpawn: (pid) => pids.push(pid) });
  });
  after(async () => {
    await runner.close();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
    await rm(dir, { recursive: true, force: true });
    delete process.env['INPUT_API_KEY'];
  });

  // Probes of one section are independent and run at once: the runner still runs each in a
  // process of its own, at most `poolSize` at a time, and each one's time limit counts only
  // its own CPU time, so a probe waiting in the queue is not killed for it.
  const probe = async (
    name: string,
    solution: string,
    allowed: readonly string[],
    tests = TESTS,
  ): Promise<CodeRunResult> => {
    const result = await runner.run({ solution, tests });
    results.push({ probe: name, result });
    assert.ok(
      allowed.includes(result.stage),
      `${name}: ended ${result.stage} (${result.message.slice(0, 200)}), expected one of ${allowed.join(', ')}`,
    );
    assert.ok(!JSON.stringify(result).includes(CANARY), `${name}: the canary leaked`);
    return result;
  };
  // `tampering`: the sealed harness refused a reach for frames, the heap, tracing or raw
  // memory (ctypes), or found what grading relies on changed.
  const blocked = ['test-failure', 'sandbox-violation', 'tampering'] as const;
  const killed = ['timeout', 'test-failure', 'sandbox-violation', 'tampering'] as const;
  const attempt = (body: string): string =>
    `def execute():\n    try:\n${body
      .split('\n')
      .map((l) => `        ${l}`)
      .join(
        '\n',
      )}\n    except BaseException as e:\n        print("blocked:", type(e).__name__, e)\n        return "blocked"\n    return "escaped" if ${JSON.stringify(CANARY)} in str(locals()) else "nothing"\n`;

  it('1. environment: no secret in os.environ, /proc/self/environ, /proc/<ppid>/environ or /proc/*/cmdline', async () => {
    await Promise.all([
      probe('os.environ', attempt('got = dict(__import__("os").environ)\nprint(got)'), blocked),
      probe('/proc/self/environ', attempt('got = open("/proc/self/environ", "rb").read()\nprint(got)'), blocked),
      probe(
        '/proc/ppid/environ',
        attempt('import os\ngot = open(f"/proc/{os.getppid()}/environ", "rb").read()\nprint(got)'),
        blocked,
      ),
      probe(
        '/proc/*/cmdline',
        attempt('import glob\ngot = [open(p, "rb").read() for p in glob.glob("/proc/*/cmdline")]\nprint(got)'),
        blocked,
      ),
    ]);
  });

  it('2. files: the workspace .git/config, runner temp files, ~/.gitconfig and /etc/passwd are out of reach', async () => {
    await Promise.all(
      [join(dir, '.git/config'), join(dir, 'credentials'), '~/.gitconfig', '/etc/passwd'].map((path) =>
        probe(
          `read ${path}`,
          attempt(`import os\ngot = open(os.path.expanduser(${JSON.stringify(path)})).read()\nprint(got)`),
          blocked,
        ),
      ),
    );
  });

  it('3. Pyodide FFI: js, pyodide_js, run_js, a proxy constructor and NODEFS mounts are closed', async () => {
    await Promise.all([
      probe('import js', attempt('import js\ngot = js.process.env'), blocked),
      probe('import pyodide_js', attempt('import pyodide_js\ngot = pyodide_js.FS.readdir("/")'), blocked),
      probe("sys.modules['js']", attempt('import sys\ngot = sys.modules["js"].process.env'), blocked),
      probe('run_js', attempt('from pyodide.code import run_js\ngot = run_js("process.env")'), blocked),
      probe(
        'proxy constructor',
        attempt('from pyodide.ffi import to_js\ngot = to_js({}).constructor.constructor("return process.env")()'),
        blocked,
      ),
      probe(
        'mountNodeFS',
        attempt(
          `import pyodide_js\npyodide_js.mountNodeFS("/h", ${JSON.stringify(dir)})\ngot = open("/h/credentials").read()`,
        ),
        blocked,
      ),
      probe(
        'FS.mount NODEFS',
        attempt(
          `import pyodide_js\nFS = pyodide_js.FS\nFS.mkdir("/h")\nFS.mount(FS.filesystems.NODEFS, {"root": ${JSON.stringify(dir)}}, "/h")\ngot = open("/h/credentials").read()`,
        ),
        blocked,
      ),
    ]);
  });

  it('4. processes: system, subprocess, spawn, exec, fork_exec, ctypes, pty and a fork bomb start nothing', async () => {
    const tries: Record<string, string> = {
      'os.system': 'import os\ngot = os.system("echo escaped")',
      'posix.system': 'import posix\ngot = posix.system("echo escaped")',
      'subprocess.run': 'import subprocess\ngot = subprocess.run(["echo", "escaped"], capture_output=True).stdout',
      'os.posix_spawn': 'import os\ngot = os.posix_spawn("/bin/echo", ["echo", "escaped"], {})',
      'os.execv': 'import os\nos.execv("/bin/sh", ["sh", "-c", "echo escaped"])',
      _posixsubprocess: 'import _posixsubprocess\ngot = _posixsubprocess.fork_exec',
      ctypes: 'import ctypes\ngot = ctypes.CDLL(None).system(b"echo escaped")',
      'pty.spawn': 'import pty\ngot = pty.spawn("/bin/sh")',
      'fork bomb': 'import os\ngot = [os.fork() for _ in range(8)]',
    };
    await Promise.all(Object.entries(tries).map(([name, body]) => probe(name, attempt(body), blocked)));
  });

  it('5. network: sockets, urllib and pyfetch do not reach a loopback listener', async () => {
    await Promise.all([
      probe(
        'socket',
        attempt(`import socket\ns = socket.create_connection(("127.0.0.1", ${port}), timeout=2)\ngot = s.recv(10)`),
        killed,
      ),
      probe(
        'urllib',
        attempt(`import urllib.request\ngot = urllib.request.urlopen("http://127.0.0.1:${port}/", timeout=2).read()`),
        killed,
      ),
      probe('pyfetch', attempt(`from pyodide.http import pyfetch\ngot = pyfetch("http://127.0.0.1:${port}/")`), killed),
    ]);
    assert.equal(connections, 0, 'nothing connected to the listener');
  });

  it('6. resources: loops, ignored signals, recursion and memory bombs are killed or fail', async () => {
    const tries: Record<string, string> = {
      'while True': 'while True:\n    pass\n',
      'loop inside except BaseException':
        'while True:\n    try:\n        while True:\n            pass\n    except BaseException:\n        pass\n',
      'ignored signals':
        'import signal\nfor s in (signal.SIGTERM, signal.SIGINT):\n    signal.signal(s, signal.SIG_IGN)\nwhile True:\n    pass\n',
      'deep recursion': 'def f(n):\n    return f(n + 1)\nf(0)\n',
      'growing bytearray': 'b = bytearray()\nwhile True:\n    b.extend(b"x" * 10**7)\n',
      'one huge allocation': 'x = bytearray(10**12)\n',
      "'a' * 10**10": 'x = "a" * 10**10\n',
      '100 MB to stdout': 'print("x" * 10**8)\n',
      'time.sleep(10**6)': 'import time\ntime.sleep(10**6)\n',
      'catastrophic regex': 'import re\nre.match(r"(a+)+$", "a" * 64 + "b")\n',
      'huge integer power': 'x = 10 ** 10 ** 10\n',
    };
    await Promise.all(
      Object.entries(tries).map(([name, code]) =>
        probe(name, `${code}\ndef execute():\n    return "escaped"\n`, killed),
      ),
    );
  });

  it('7. grading integrity: no pass without the tests really running', async () => {
    await Promise.all([
      probe('sys.exit(0) before the tests', 'import sys\nsys.exit(0)\n', blocked),
      probe('os._exit(0) before the tests', 'import os\nos._exit(0)\n', blocked),
      probe('os._exit(0) inside the test', 'import os\ndef execute():\n    os._exit(0)\n', blocked),
      probe(
        'AlwaysEqual',
        'class AlwaysEqual:\n    def __eq__(self, other):\n        return True\n    def __ne__(self, other):\n        return False\ndef execute():\n    return AlwaysEqual()\n',
        blocked,
      ),
      probe(
        'str subclass with __eq__',
        'class S(str):\n    def __eq__(self, other):\n        return True\ndef execute():\n    return S("no")\n',
        blocked,
      ),
      probe(
        'nan',
        'def execute():\n    return float("nan")\n',
        blocked,
        'from solution import execute\n\ndef test_nan():\n    assert execute() == float("nan")\n',
      ),
      probe(
        'monkeypatched builtins',
        'import builtins\nbuiltins.isinstance = lambda *a: True\nbuiltins.len = lambda x: 0\ndef execute():\n    return "no"\n',
        ['tampering'],
      ),
      probe(
        'replaced test function',
        'import sys\ndef execute():\n    f = sys._getframe(1)\n    f.f_globals["test_escape"] = lambda: None\n    return "no"\n',
        blocked,
      ),
      probe(
        'frame walking to the test',
        'import sys\ndef execute():\n    frame = sys._getframe(1)\n    frame.f_locals.clear()\n    try:\n        frame.f_globals.clear()\n    except Exception:\n        pass\n    return "no"\n',
        blocked,
      ),
      probe(
        'gc.get_objects',
        'import gc\ndef execute():\n    for o in gc.get_objects():\n        if isinstance(o, dict) and "start" in o:\n            o["start"] = None\n    return "no"\n',
        blocked,
      ),
      probe(
        'settrace',
        'import sys\ndef tracer(*a):\n    return tracer\nsys.settrace(tracer)\ndef execute():\n    return "no"\n',
        blocked,
      ),
      probe('a test cut short', 'def execute():\n    raise StopIteration\n', blocked),
    ]);
  });

  it('7. grading integrity: nothing is left for the next case', async () => {
    const dirty = await runner.run({
      solution:
        'import builtins, sys\nbuiltins.evalgate_marker = "left"\nsys.modules["json"].dumps = None\nopen("/tmp/evalgate-marker", "w").write("left")\ndef execute():\n    return "no"\n',
      tests: TESTS,
    });
    assert.notEqual(dirty.stage, 'passed');
    const clean = await runner.run({
      solution:
        'import builtins, os, json\ndef execute():\n    left = hasattr(builtins, "evalgate_marker") or os.path.exists("/tmp/evalgate-marker") or json.dumps is None\n    return "dirty" if left else "escaped"\n',
      tests: TESTS,
    });
    assert.equal(clean.stage, 'passed', clean.message);
  });

  it('really passes honest code, and reports each test', async () => {
    const tests =
      'from solution import execute, Counter\n\ndef test_value():\n    assert execute() == [1, 2, {"a": (3, None)}]\n\ndef test_counter():\n    c = Counter()\n    c.incr()\n    c.incr()\n    assert c.value == 2\n    assert c.value != 3\n    assert 2 in [c.value]\n    assert c.value is not None\n    assert not c.empty()\n';
    const ok = await runner.run({
      solution:
        'def execute():\n    return [1, 2, {"a": (3, None)}]\nclass Counter:\n    def __init__(self):\n        self.value = 0\n    def incr(self):\n        self.value += 1\n    def empty(self):\n        return self.value == 0\n',
      tests,
    });
    assert.equal(ok.stage, 'passed', ok.message);
    assert.deepEqual(
      ok.tests.map((t) => [t.name, t.outcome]),
      [
        ['test_value', 'passed'],
        ['test_counter', 'passed'],
      ],
    );
    const bad = await runner.run({
      solution:
        'def execute():\n    return [1, 2, {"a": [3, None]}]\nclass Counter:\n    value = 0\n    def incr(self):\n        pass\n    def empty(self):\n        return True\n',
      tests,
    });
    assert.equal(bad.stage, 'test-failure');
    assert.match(
      bad.tests[0]?.message ?? '',
      /line 4: \[1, 2, \{"a": \[3, None\]\}\] == \[1, 2, \{"a": \(3, None\)\}\]/,
    );
    const unable = await runner.run({
      solution: 'def execute():\n    raise NotImplementedError("no way")\nclass Counter:\n    pass\n',
      tests,
    });
    assert.equal(unable.stage, 'declared-unable');
    const syntax = await runner.run({ solution: 'def execute(:\n', tests });
    assert.equal(syntax.stage, 'syntax-error');
  });

  it('a fresh runner, whose first process booted Python and made the snapshot, holds the same line', async () => {
    // The process that booted Python and sent the snapshot becomes the runner's preparer
    // and never runs model code; the first case runs in a process that was started while
    // the snapshot was being made and fed it over fd 3, later ones in processes loaded
    // from the stored snapshot. One fresh runner checks both paths.
    const spawned: number[] = [];
    const fresh = createPyodideRunner({
      poolSize: 1,
      timeoutMs: TIMEOUT_MS,
      onSpawn: (pid) => {
        pids.push(pid);
        spawned.push(pid);
      },
    });
    try {
      for (const [name, solution] of [
        [
          'os.environ and /proc/self/environ',
          attempt('import os\ngot = (dict(os.environ), open("/proc/self/environ", "rb").read())\nprint(got)'),
        ],
        ['import js', attempt('import js\ngot = js.process.env')],
        ['sys.exit(0) before the tests', 'import sys\nsys.exit(0)\n'],
      ] as const) {
        const result = await fresh.run({ solution, tests: TESTS });
        results.push({ probe: `fresh runner: ${name}`, result });
        assert.ok(blocked.includes(result.stage as (typeof blocked)[number]), `${name}: ended ${result.stage}`);
        assert.ok(!JSON.stringify(result).includes(CANARY), `${name}: the canary leaked`);
      }
      assert.ok(spawned.length >= 2, 'the cases ran in processes of their own, not in the preparer');
    } finally {
      await fresh.close();
    }
  });

  it('leaves no process behind', async () => {
    await runner.close();
    await new Promise((r) => setTimeout(r, 200));
    const alive = pids.filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    assert.deepEqual(alive, []);
    assert.ok(results.length > 40, `${results.length} probes ran`);
  });
});
