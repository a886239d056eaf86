// A case's time limit counts the CPU time its code uses, not the clock (docs/design/sandbox.md,
// "Time limits"): on a runner whose two cores are shared with other jobs, honest code can wait
// longer than its limit for the little CPU it needs, and that wait is not the model's timeout.
// Starvation is made exact here by stopping the case's process (SIGSTOP) while it computes:
// its clock runs on, its CPU time does not.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { cpuMsOfTree } from '../../src/adapters/process-cpu.ts';
import { createPyodideRunner } from '../../src/adapters/pyodide-runner.ts';
import type { CodeRunner } from '../../src/ports.ts';
import { sleep } from '../helpers/sandbox-probes.ts';

const linux = process.platform === 'linux';
const LIMIT_MS = 1500;
const TESTS = 'from solution import execute\n\ndef test_value():\n    assert execute() == 42\n';
/** Honest code that computes for a while (about 1 s of CPU here) before it answers. */
const BUSY = 'def execute():\n    n = 0\n    for i in range(6_000_000):\n        n += i % 7\n    return 42\n';

describe('the time limit of a case', { skip: !linux && 'Linux only (CPU time from /proc)' }, () => {
  let runner: CodeRunner;
  const pids: number[] = [];

  before(async () => {
    runner = createPyodideRunner({ poolSize: 1, timeoutMs: LIMIT_MS, onSpawn: (pid) => pids.push(pid) });
    // Loaded and warm before the clock matters, and the pool's replacement loaded too: no
    // process computes until the case starts.
    await runner.run({ solution: 'def execute():\n    return 42\n', tests: TESTS });
    const total = (): number => pids.reduce((sum, pid) => sum + (cpuMsOfTree(pid) ?? 0), 0);
    for (let last = -1, now = total(); now !== last; last = now, now = total()) await sleep(500);
  });
  after(() => runner.close());

  it('is CPU time: honest code kept off the CPU for longer than its limit still passes', async () => {
    // The processes alive now: the warm one that will take the case, and the preparer.
    // (The pool's replacement, started as the case begins, also computes: it is left out.)
    const cpuBefore = new Map(pids.map((pid) => [pid, cpuMsOfTree(pid)]));
    const started = performance.now();
    const run = runner.run({ solution: BUSY, tests: TESTS });
    // The process whose CPU time climbs is the one running the case: stop it for twice the
    // limit once it has computed for 200 ms (more than planning a test takes), as a machine with no core to spare would.
    let stopped = 0;
    const watcher = (async () => {
      for (let tries = 0; tries < 400 && stopped === 0; tries++) {
        for (const [pid, before] of cpuBefore) {
          const cpu = cpuMsOfTree(pid);
          if (before !== null && cpu !== null && cpu - before >= 200) {
            process.kill(-pid, 'SIGSTOP');
            stopped = pid;
            await sleep(2 * LIMIT_MS);
            process.kill(-pid, 'SIGCONT');
            break;
          }
        }
        await sleep(10);
      }
    })();
    const result = await run;
    await watcher;
    const wallMs = performance.now() - started;
    assert.ok(stopped > 0, `the case's process was found and stopped (${result.stage}: ${result.message})`);
    assert.ok(wallMs > 2 * LIMIT_MS, `the clock went past the limit (${Math.round(wallMs)} ms)`);
    assert.equal(result.stage, 'passed', result.message);
  });

  it("lets honest code sleep: Pyodide's time.sleep, whose wrapper the bridge cut emptied, is the C function again, and its wait counts", async () => {
    const napping = await runner.run({
      solution: 'import time\ndef execute():\n    time.sleep(0.2)\n    return 42\n',
      tests: TESTS,
    });
    assert.equal(napping.stage, 'passed', napping.message);
    const sleeping = await runner.run({
      solution: 'import time\ndef execute():\n    time.sleep(30)\n    return 42\n',
      tests: TESTS,
    });
    assert.equal(sleeping.stage, 'timeout');
    assert.match(sleeping.message, /1500 ms of CPU time/, 'in wasm the wait computes');
  });

  it('still ends code that computes without end, naming the CPU time', async () => {
    const result = await runner.run({ solution: 'def execute():\n    while True:\n        pass\n', tests: TESTS });
    assert.equal(result.stage, 'timeout');
    assert.match(result.message, /used 1500 ms of CPU time without finishing/);
  });
});
