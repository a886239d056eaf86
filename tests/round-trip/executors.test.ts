/**
 * The shipped tasks' tests are sound (each reference solution passes, in both executors),
 * and the opt-in unsafe-host-python executor keeps what it promises: an empty environment,
 * a deadline that kills, and no pass without the tests having run.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, readdir, rm, stat, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createHostPythonRunner } from '../../src/adapters/host-python-runner.ts';
import { createPyodideRunner } from '../../src/adapters/pyodide-runner.ts';
import type { CodeRunner } from '../../src/ports.ts';
import { ROOT } from '../helpers/cli.ts';
import { brokenCode, loadScriptTasks } from '../helpers/round-trip-script.ts';

const tasks = loadScriptTasks();
const testsOf = (id: string): string =>
  readFileSync(join(ROOT, 'eval-datasets/round-trip', id, 'test_task.py'), 'utf8');

let pyodide: CodeRunner;
let host: CodeRunner;
before(() => {
  pyodide = createPyodideRunner({ timeoutMs: 3000 });
  host = createHostPythonRunner({ timeoutMs: 3000 });
});
after(async () => {
  await pyodide.close();
  await host.close();
});

describe('the shipped tasks', () => {
  test('every reference solution passes its tests in the sandbox and on the host', async () => {
    assert.equal(tasks.length, 10);
    for (const t of tasks) {
      for (const runner of [pyodide, host]) {
        const r = await runner.run({ solution: t.reference, tests: testsOf(t.id) });
        assert.equal(r.stage, 'passed', `${t.id} on ${runner.name}: ${r.message}`);
        assert.ok(r.tests.length >= 2, `${t.id} has at least two tests`);
      }
    }
  });

  test('code that returns nothing useful fails every task', async () => {
    for (const t of tasks) {
      const r = await pyodide.run({ solution: brokenCode('test-failure', t.entryPoint), tests: testsOf(t.id) });
      assert.equal(r.stage, 'test-failure', t.id);
    }
  });

  test('the first fenced block that compiles is the one run', async () => {
    const t = tasks.find((x) => x.id === 't01-constant');
    assert.ok(t);
    const r = await pyodide.run({
      solution: 'not python at all',
      candidates: ['def execute(:\n', t.reference],
      tests: testsOf(t.id),
    });
    assert.equal(r.stage, 'passed');
    assert.equal(r.chosen, 1);
  });
});

describe('what the code prints', () => {
  test('is captured into the result, never onto the verdict channel, in a first child and in later ones', async () => {
    const runner = createPyodideRunner({ poolSize: 1 });
    try {
      for (let i = 0; i < 2; i++) {
        const r = await runner.run({
          solution:
            'import sys\nprint("READY")\nprint("{\\"nonce\\": 1}", file=sys.stderr)\ndef execute():\n    return 1\n',
          tests: 'from solution import execute\n\ndef test_a():\n    assert execute() == 1\n',
        });
        assert.equal(r.stage, 'passed', `run ${i}: ${r.message}`);
        assert.equal(r.output, 'READY\n{"nonce": 1}\n');
      }
    } finally {
      await runner.close();
    }
  });
});

describe('identity checks', () => {
  test('`is True`, `is False` and `is None` compare exactly and say what they got, in both executors', async () => {
    const tests =
      'from solution import execute\n\ndef test_a():\n    assert execute(0) is False\n    assert execute(1) is not None\n';
    for (const runner of [pyodide, host]) {
      const zero = await runner.run({ solution: 'def execute(n):\n    return 0 if n == 0 else 1\n', tests });
      assert.equal(zero.stage, 'test-failure', runner.name);
      assert.equal(zero.tests[0]?.message, 'assertion failed at line 4: expected False, got 0', runner.name);
      const ok = await runner.run({ solution: 'def execute(n):\n    return False if n == 0 else 1\n', tests });
      assert.equal(ok.stage, 'passed', `${runner.name}: ${ok.message}`);
    }
  });
});

describe('unsafe-host-python', () => {
  test('is labelled as not isolated', () => {
    assert.equal(host.isolated, false);
    assert.equal(pyodide.isolated, true);
  });

  test('runs with an empty environment', async () => {
    process.env['INPUT_API_KEY'] = 'CANARY-host-env';
    try {
      const r = await host.run({
        // Python adds LC_CTYPE itself (locale coercion); nothing else may be there.
        solution: 'import os\ndef execute():\n    return sorted(k for k in os.environ if k != "LC_CTYPE")\n',
        tests: 'from solution import execute\n\ndef test_env():\n    assert execute() == []\n',
      });
      assert.equal(r.stage, 'passed', r.message);
    } finally {
      delete process.env['INPUT_API_KEY'];
    }
  });

  test('kills code that runs past the deadline', async () => {
    const r = await host.run({
      solution: 'def execute():\n    while True:\n        pass\n',
      tests: 'from solution import execute\n\ndef test_a():\n    assert execute() == 1\n',
    });
    assert.equal(r.stage, 'timeout');
  });

  test('an exit before the tests ran is never a pass', async () => {
    for (const exit of ['import sys\nsys.exit(0)\n', 'import os\nos._exit(0)\n']) {
      const r = await host.run({
        solution: exit,
        tests: 'from solution import execute\n\ndef test_a():\n    assert execute() == 1\n',
      });
      assert.notEqual(r.stage, 'passed', exit);
    }
  });

  test('an object that claims to equal everything does not pass', async () => {
    const r = await host.run({
      solution: 'class Any:\n    def __eq__(self, other):\n        return True\ndef execute():\n    return Any()\n',
      tests: 'from solution import execute\n\ndef test_a():\n    assert execute() == 42\n',
    });
    assert.equal(r.stage, 'test-failure');
  });
});

describe('the sandbox snapshot cache', () => {
  test('a snapshot is kept for later runs, private to the user, and replaced when others could write it or it is damaged', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'evalgate-snap-'));
    const t = tasks[0] as (typeof tasks)[number];
    const once = async (): Promise<void> => {
      const runner = createPyodideRunner({ poolSize: 1, snapshotCacheDir: join(dir, 'sandbox') });
      try {
        assert.equal((await runner.run({ solution: t.reference, tests: testsOf(t.id) })).stage, 'passed');
      } finally {
        await runner.close();
      }
    };
    try {
      await once();
      const files = (await readdir(join(dir, 'sandbox'))).filter((f) => f.endsWith('.snapshot'));
      assert.equal(files.length, 1, files.join(', '));
      const file = join(dir, 'sandbox', files[0] as string);
      const first = await stat(file);
      assert.equal(first.mode & 0o777, 0o600);
      await once();
      assert.equal((await stat(file)).mtimeMs, first.mtimeMs, 'the second run reused the snapshot');
      await chmod(file, 0o666);
      await once();
      const third = await stat(file);
      assert.equal(third.mode & 0o777, 0o600, 'a snapshot others could write was replaced');
      assert.notEqual(third.mtimeMs, first.mtimeMs);
      // A damaged snapshot (a disk that filled up, a killed writer) is remade, not loaded.
      await truncate(file, 4096);
      await once();
      assert.equal((await stat(file)).size, first.size);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a first process that dies before its snapshot is whole does not stop the run: the processes fed by it boot Python themselves', async () => {
    // The first process started boots Python to make the snapshot; the case's process,
    // started meanwhile, waits to be fed it. Killing the first leaves no snapshot at all.
    const t = tasks[0] as (typeof tasks)[number];
    let first = 0;
    const runner = createPyodideRunner({
      poolSize: 1,
      onSpawn: (pid) => {
        if (first !== 0) return;
        first = pid;
        process.kill(-pid, 'SIGKILL');
      },
    });
    try {
      const r = await runner.run({ solution: t.reference, tests: testsOf(t.id) });
      assert.equal(r.stage, 'passed', r.message);
      const wrong = await runner.run({ solution: brokenCode('test-failure', t.entryPoint), tests: testsOf(t.id) });
      assert.equal(wrong.stage, 'test-failure', wrong.message);
    } finally {
      await runner.close();
    }
  });
});
