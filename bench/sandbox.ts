// bench/sandbox — what running model code in the default sandbox costs: cold start of a
// runner (without and with a cached interpreter snapshot), per-case time from a warm pool
// (200 executions of a small test), and throughput with pools of 1 and 2. Cold starts are
// also given as a ratio to the floor measured in the same run, interleaved with them: a
// plain Node process booting Pyodide and running one line of Python, with no sandbox.
// Prints figures; asserts nothing.
//
//   npm run bench:sandbox
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPyodideRunner } from '../src/adapters/pyodide-runner.ts';

const SOLUTION = 'def execute():\n    return sum(i * i for i in range(100))\n';
const TESTS =
  'from solution import execute\n\ndef test_value():\n    assert execute() == 328350\n\ndef test_type():\n    assert isinstance(execute(), int)\n';

/**
 * Cold start as a user meets it: a new runner until its first verdict. Without a cached
 * snapshot the runner first boots Python once to make one; with it (every later run on
 * the machine) it starts a child from the snapshot straight away.
 */
async function coldStart(cacheDir: string): Promise<number> {
  const started = performance.now();
  const runner = createPyodideRunner({ poolSize: 1, snapshotCacheDir: cacheDir });
  const r = await runner.run({ solution: SOLUTION, tests: TESTS });
  const ms = performance.now() - started;
  await runner.close();
  if (r.stage !== 'passed') throw new Error(`unexpected ${r.stage}: ${r.message}`);
  return ms;
}

/** The floor: a bare Node process that boots Pyodide and runs one line, until it exits. */
function bareBoot(): number {
  const pyodide = fileURLToPath(new URL('../node_modules/pyodide/pyodide.mjs', import.meta.url));
  const started = performance.now();
  const r = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { loadPyodide } = await import(${JSON.stringify(pyodide)}); const py = await loadPyodide(); if (py.runPython('6 * 7') !== 42) process.exit(1);`,
    ],
    { stdio: 'ignore' },
  );
  if (r.status !== 0) throw new Error('the bare Pyodide boot failed');
  return performance.now() - started;
}

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] as number;
};

// The machine may be shared: the load before and after is printed with the figures.
const loadBefore = loadavg()[0] ?? 0;
const colds: number[] = [];
const coldsCached: number[] = [];
const bares: number[] = [];
for (let i = 0; i < 3; i++) {
  bares.push(bareBoot());
  const dir = await mkdtemp(join(tmpdir(), 'evalgate-bench-'));
  colds.push(await coldStart(dir)); // makes the snapshot
  coldsCached.push(await coldStart(dir)); // finds it
  await rm(dir, { recursive: true, force: true });
}

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const executions = arg('executions', 200);
const backToBack = arg('cases', 40);

// Warm per-case time: the runner times each case from sending the code to the verdict,
// after its process has finished loading, so back-to-back runs measure it directly.
const perCase: number[] = [];
// CPU time per case, which a busy machine does not inflate the way it inflates wall time:
// this process's, and that of every sandbox process it started (loading, the case,
// teardown), read from /proc every 20 ms while they live — a wrapper such as unshare
// runs the interpreter as its child, whose time no one who waits would be told. Linux only.
const ticksOf = (pid: number): number => {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return -1;
  }
};
const childrenOf = (pid: number): number[] => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
const leaders: number[] = [];
const seenTicks = new Map<number, number>();
const sample = (): void => {
  for (const leader of leaders)
    for (const pid of [leader, ...childrenOf(leader)]) {
      const t = ticksOf(pid);
      if (t >= 0 && t >= (seenTicks.get(pid) ?? 0)) seenTicks.set(pid, t);
    }
};
const sandboxCpuMs = (): number => [...seenTicks.values()].reduce((a, b) => a + b, 0) * 10;
const ownCpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
let sandboxCpuPerCase = NaN;
let ownCpuPerCase = NaN;
{
  const runner = createPyodideRunner({ poolSize: 2, onSpawn: (pid) => leaders.push(pid) });
  const sampler = setInterval(sample, 20);
  await runner.run({ solution: SOLUTION, tests: TESTS });
  sample();
  const sandboxStart = sandboxCpuMs();
  const ownStart = ownCpuMs();
  for (let i = 0; i < executions; i++) {
    const r = await runner.run({ solution: SOLUTION, tests: TESTS });
    if (r.stage !== 'passed') throw new Error(`unexpected ${r.stage}: ${r.message}`);
    perCase.push(r.durationMs);
  }
  ownCpuPerCase = (ownCpuMs() - ownStart) / executions;
  sample();
  sandboxCpuPerCase = (sandboxCpuMs() - sandboxStart) / executions;
  clearInterval(sampler);
  await runner.close();
}

// Throughput: as many cases in flight as the pool has processes, the pool refilling
// (loading the snapshot) while cases run.
const throughput: string[] = [];
for (const poolSize of [1, 2]) {
  const runner = createPyodideRunner({ poolSize });
  await runner.run({ solution: SOLUTION, tests: TESTS });
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: poolSize }, async () => {
      while (next < backToBack) {
        next++;
        await runner.run({ solution: SOLUTION, tests: TESTS });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  throughput.push(`| pool of ${poolSize}, ${poolSize} in flight | ${(backToBack / seconds).toFixed(2)} cases/s |`);
  await runner.close();
}

process.stdout.write(
  [
    `bench/sandbox on ${process.version}, one fresh sandboxed Pyodide process per case (loaded from a snapshot):`,
    `load average (1 min) ${loadBefore.toFixed(1)} before, ${(loadavg()[0] ?? 0).toFixed(1)} after, on ${availableParallelism()} cores`,
    '',
    '| figure | value | goal |',
    '|---|---:|---:|',
    `| floor: a bare Node process boots Pyodide and runs one line, median of 3 | ${(quantile(bares, 0.5) / 1000).toFixed(2)} s | |`,
    `| cold start, first run on a machine (makes the snapshot), median of 3 | ${(quantile(colds, 0.5) / 1000).toFixed(2)} s (${(quantile(colds, 0.5) / quantile(bares, 0.5)).toFixed(2)}× the floor) | ≤ 3 s |`,
    `| cold start, snapshot cached by an earlier run, median of 3 | ${(quantile(coldsCached, 0.5) / 1000).toFixed(2)} s (${(quantile(coldsCached, 0.5) / quantile(bares, 0.5)).toFixed(2)}× the floor) | ≤ 3 s |`,
    `| warm per case, median of ${perCase.length} | ${quantile(perCase, 0.5).toFixed(0)} ms | ≤ 50 ms |`,
    `| warm per case, p95 | ${quantile(perCase, 0.95).toFixed(0)} ms | |`,
    `| CPU per case: the sandbox processes (each case's process loading and running) / evalgate (sampling included) | ${sandboxCpuPerCase.toFixed(0)} / ${ownCpuPerCase.toFixed(0)} ms | |`,
    '',
    `| throughput (${backToBack} cases back to back) | |`,
    '|---|---:|',
    ...throughput,
    '',
  ].join('\n'),
);
