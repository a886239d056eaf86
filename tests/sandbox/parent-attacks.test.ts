// Issue 26, attacks 3 and 4, and their held-out variants: model code that stops evalgate
// (SIGSTOP to its parent), opens evalgate's inspector (SIGUSR1), or kills evalgate and
// then stops itself. Each runs under a throwaway parent — a small Node program using the
// runner as evalgate does — so the test runner itself is never the target. A stopped
// parent must not hang the run; a killed one must leave no sandbox process behind 15 s
// later; the parent's inspector must stay closed.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { createPyodideRunner } from '../../src/adapters/pyodide-runner.ts';
import { ROOT } from '../helpers/cli.ts';
import { allProcesses, isAlive, JS_KIT, sleep } from '../helpers/sandbox-probes.ts';

const linux = process.platform === 'linux';
const TESTS = 'from solution import execute\n\ndef test_value():\n    assert execute() == 42\n';
const CACHE = join(tmpdir(), 'evalgate-test-cache', 'sandbox');

interface Parent {
  proc: ChildProcess;
  spawned: number[];
  results: { stage: string; message: string }[];
  inspector: string | null;
  done: Promise<void>;
}

describe('issue 26: model code cannot stop, inspect or orphan evalgate', { skip: !linux && 'Linux only' }, () => {
  let dir: string;
  const parents: Parent[] = [];

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'evalgate-parent-attacks-'));
    // Every parent then loads the interpreter from this snapshot instead of booting it.
    const warm = createPyodideRunner({ poolSize: 1, snapshotCacheDir: CACHE });
    await warm.run({ solution: 'def execute():\n    return 42\n', tests: TESTS });
    await warm.close();
  });
  after(async () => {
    for (const p of parents) {
      for (const pid of [p.proc.pid ?? 0, ...p.spawned]) {
        try {
          process.kill(pid, 'SIGCONT');
          process.kill(-pid, 'SIGKILL');
        } catch {
          // gone
        }
      }
      p.proc.kill('SIGKILL');
    }
    await rm(dir, { recursive: true, force: true });
  });

  /** A throwaway evalgate running each solution as one case, in turn, on one runner. */
  async function parent(solutions: string[], options: Record<string, unknown> = {}): Promise<Parent> {
    const files: string[] = [];
    for (const [i, s] of solutions.entries()) {
      const file = join(dir, `${parents.length}-${i}.py`);
      await writeFile(file, s);
      files.push(file);
    }
    const runnerUrl = pathToFileURL(join(ROOT, 'src/adapters/pyodide-runner.ts')).href;
    const script = `import { readFileSync } from 'node:fs';
import inspector from 'node:inspector';
import { createPyodideRunner } from ${JSON.stringify(runnerUrl)};
const runner = createPyodideRunner({ poolSize: 1, timeoutMs: 8000, snapshotCacheDir: ${JSON.stringify(CACHE)}, onSpawn: (pid) => process.stdout.write('SPAWN ' + pid + '\\n'), ...${JSON.stringify(options)} });
for (const file of ${JSON.stringify(files)}) {
  const r = await runner.run({ solution: readFileSync(file, 'utf8'), tests: ${JSON.stringify(TESTS)} });
  process.stdout.write('RESULT ' + JSON.stringify({ stage: r.stage, message: r.message }) + '\\n');
}
process.stdout.write('INSPECTOR ' + JSON.stringify(inspector.url() ?? null) + '\\n');
await runner.close();
`;
    const proc = spawn(process.execPath, ['--inspect-port=0', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env['PATH'] ?? '' },
      // A session of its own, without a terminal, as on CI (on a terminal a stop is the
      // user's Ctrl-Z, which the supervisor leaves alone).
      detached: true,
    });
    const p: Parent = { proc, spawned: [], results: [], inspector: null, done: Promise.resolve() };
    let buffer = '';
    let stderr = '';
    proc.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    proc.stdout?.on('data', (d: Buffer) => {
      buffer += d.toString();
      for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (line.startsWith('SPAWN ')) p.spawned.push(Number(line.slice(6)));
        if (line.startsWith('RESULT ')) p.results.push(JSON.parse(line.slice(7)) as Parent['results'][number]);
        if (line.startsWith('INSPECTOR ')) p.inspector = JSON.parse(line.slice(10)) as string | null;
      }
    });
    p.done = new Promise((resolve) => proc.on('exit', () => resolve()));
    void p.done.then(() => {
      if (proc.exitCode !== 0 && p.results.length < solutions.length && !stderr.includes('SIGKILL'))
        p.results.push({ stage: 'parent-error', message: stderr.slice(-600) });
    });
    parents.push(p);
    return p;
  }

  /** Resolves when the parent exits, or fails after `ms` (the parent hangs). */
  const within = async (p: Parent, ms: number, what: string): Promise<void> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)));
    const outcome = await Promise.race([p.done.then(() => 'done'), late]);
    clearTimeout(timer);
    const state = p.proc.pid ? allProcesses().find((x) => x.pid === p.proc.pid)?.state : '?';
    assert.equal(outcome, 'done', `${what}: evalgate did not finish within ${ms / 1000} s (state ${state})`);
  };

  /** No process of the parent's sandbox groups alive `ms` after the parent ended. */
  const noneLeft = async (p: Parent, ms: number): Promise<void> => {
    await p.done;
    const deadline = Date.now() + ms;
    let left = allProcesses().filter((x) => isAlive(x) && (p.spawned.includes(x.pgrp) || p.spawned.includes(x.pid)));
    while (left.length > 0 && Date.now() < deadline) {
      await sleep(250);
      left = allProcesses().filter((x) => isAlive(x) && (p.spawned.includes(x.pgrp) || p.spawned.includes(x.pid)));
    }
    assert.deepEqual(
      left.map((x) => `${x.pid} ${x.state} ppid ${x.ppid}: ${x.cmdline.slice(0, 100)}`),
      [],
      `sandbox processes alive ${ms / 1000} s after their parent ended`,
    );
  };

  const wrong = (attack: string): string =>
    `${JS_KIT}\n_g = _evalgate_js()\nif _g is not None:\n    p = _g.process\n${attack
      .split('\n')
      .map((l) => `    ${l}`)
      .join('\n')}\ndef execute():\n    return 41\n`;

  it('SIGSTOP to evalgate does not hang the run; SIGUSR1 does not open its inspector; killing it and stopping itself leaves nothing (attacks 3, 4 and a new one)', async () => {
    const p = await parent([
      wrong('p.kill(p.ppid, "SIGUSR1")'),
      wrong('p.kill(p.ppid, "SIGSTOP")'),
      wrong('p.kill(p.ppid, "SIGKILL")\np.kill(p.pid, "SIGSTOP")'),
    ]);
    await within(p, 60_000, 'SIGSTOP to the parent');
    assert.equal(p.results.length, 3, JSON.stringify(p.results));
    for (const r of p.results) assert.notEqual(r.stage, 'passed');
    assert.equal(p.inspector, null, 'the parent opened its inspector');
    await noneLeft(p, 15_000);
  });

  it('held out, with JavaScript handed to model code: stopping, signalling or inspecting evalgate fails, and the run goes on', async () => {
    const p = await parent(
      [
        wrong('p.kill(p.ppid, "SIGSTOP")'),
        wrong('p._kill(p.ppid, 19)'),
        wrong('p.kill(0, "SIGSTOP")'),
        wrong('p.kill(-1, 0)\np.kill(p.ppid, "SIGTSTP")'),
        wrong('p._debugProcess(p.ppid)'),
        wrong('p.kill(p.ppid, "SIGUSR1")'),
        wrong('p.kill(p.pid, "SIGSTOP")'),
        wrong('p.getBuiltinModule("node:child_process").execFileSync("kill", ["-STOP", str(p.ppid)])'),
        wrong('p.kill(p.ppid, "SIGKILL")\np.kill(p.pid, "SIGSTOP")\nwhile True:\n    pass'),
      ],
      { exposeJavaScriptForTests: true, timeoutMs: 3000 },
    );
    await within(p, 120_000, 'signals with JavaScript');
    assert.equal(p.results.length, 9, JSON.stringify(p.results));
    for (const r of p.results) assert.notEqual(r.stage, 'passed', r.message);
    assert.equal(p.inspector, null, 'the parent opened its inspector');
    await noneLeft(p, 15_000);
  });

  /** The sandbox interpreter of a parent once it is busy in model code (its pid), waiting up to 120 s. */
  async function busyChild(p: Parent): Promise<number> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      // The process running the first case: a sandbox process that is not the preparer;
      // past loading (well under 1.5 s of CPU) it is in the loop.
      const busy = allProcesses().find(
        (x) =>
          p.spawned.includes(x.pgrp) &&
          x.cmdline.includes('child.mjs') &&
          !x.cmdline.includes('--preparer') &&
          x.state === 'R' &&
          readCpu(x.pid) > 150,
      );
      if (busy) return busy.pid;
      assert.ok(Date.now() < deadline && p.proc.exitCode === null, 'no sandbox process became busy');
      await sleep(200);
    }
  }
  const readCpu = (pid: number): number => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(rest[11]) + Number(rest[12]);
    } catch {
      return 0;
    }
  };
  const LOOP = 'while True:\n    pass\n';

  it('layers: evalgate stopped from outside while model code runs is resumed, the case fails, SIGUSR1 is harmless', async () => {
    const p = await parent([LOOP, 'def execute():\n    return 42\n'], { timeoutMs: 60_000 });
    await busyChild(p);
    process.kill(p.proc.pid as number, 'SIGUSR1');
    process.kill(p.proc.pid as number, 'SIGSTOP');
    await within(p, 60_000, 'evalgate stopped');
    assert.equal(p.results[0]?.stage, 'sandbox-violation', JSON.stringify(p.results));
    assert.match(p.results[0]?.message ?? '', /evalgate was stopped/);
    assert.equal(p.results[1]?.stage, 'passed', 'the run went on');
    assert.equal(p.inspector, null, 'the parent opened its inspector');
  });

  for (const [what, without] of [
    ['every layer', []],
    ['the supervisor alone (no namespaces, no parent-death signal)', ['unshare', 'setpriv']],
  ] as const) {
    it(`layers: evalgate killed while its sandbox process is stopped leaves nothing behind — ${what}`, async () => {
      const p = await parent([LOOP], { timeoutMs: 60_000, withoutLayersForTests: without });
      const child = await busyChild(p);
      process.kill(child, 'SIGSTOP');
      process.kill(p.proc.pid as number, 'SIGKILL');
      await noneLeft(p, 15_000);
    });
  }
});
