/**
 * The default CodeRunner (docs/design/sandbox.md): Pyodide in a separate Node process under the
 * permission model — reads limited to the Pyodide runtime and the child script, an empty
 * environment, no code generation from strings, a memory cap, and a wall-clock deadline
 * enforced with SIGKILL.
 *
 * Isolation between cases: every case gets a fresh process, so no state can carry over
 * (a warm interpreter restored in place could not prove that). The cost of starting
 * Pyodide is hidden by a pool that keeps processes loaded and waiting; a process serves
 * exactly one case and is then discarded.
 *
 * Grading: the child's JavaScript compares the values the tests yield and prints the
 * result with a nonce chosen here per case; output without that nonce is never a pass.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, lstatSync, readFileSync, realpathSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CodeRunner, CodeRunRequest, CodeRunResult, CodeRunStage } from '../ports.ts';
import { killGroup, trackChildGroup } from './child-lifetime.ts';

/** Options of the runner. */
export interface PyodideRunnerOptions {
  /** Warm processes kept ready (default: the number of cores). */
  poolSize?: number;
  /** Wall-clock limit per case, from sending the code to the result. */
  timeoutMs?: number;
  /** Where the Pyodide runtime files are (default: beside the bundle, else node_modules). */
  pyodideDir?: string;
  /** Load children from a memory snapshot of a fresh interpreter (default true). */
  snapshot?: boolean;
  /** Where to keep the snapshot for later runs (default: none, a temporary copy per runner). */
  snapshotCacheDir?: string | null;
  /** Called with each child's pid (tests check none is left behind). */
  onSpawn?: (pid: number) => void;
}

const MAX_RESULT_BYTES = 1024 * 1024;

/** How long past the parent's deadline a child's own watchdog waits before it ends itself. */
const CHILD_DEADLINE_GRACE_MS = 2000;

/** Locates a file shipped beside the bundle (dist/) or in the source tree. */
export function locateSandboxFile(candidates: string[]): string {
  for (const c of candidates) if (existsSync(c)) return realpathSync(c);
  throw new Error(`sandbox file not found; looked in ${candidates.join(', ')}`);
}

/** What a snapshot depends on: the Node version, the Pyodide build and the child script. */
function snapshotKey(pyodideDir: string, childScript: string): string {
  const hash = createHash('sha256').update(process.version).update('\0');
  for (const file of [join(pyodideDir, 'pyodide-lock.json'), join(pyodideDir, 'pyodide.mjs'), childScript])
    hash.update(readFileSync(file)).update('\0');
  const wasm = lstatSync(join(pyodideDir, 'pyodide.asm.wasm'));
  return hash.update(`${wasm.size}`).digest('hex').slice(0, 24);
}

/**
 * A cached snapshot is loaded into every sandbox, so it is used only if it is a regular
 * file owned by this user that no one else can write (else a fresh one is made).
 */
function trustedCacheFile(file: string): boolean {
  try {
    const uid = process.getuid?.();
    const mine = (st: { uid: number; mode: number }): boolean =>
      (uid === undefined || st.uid === uid) && (st.mode & 0o022) === 0;
    const st = lstatSync(file);
    const dir = lstatSync(dirname(file));
    return st.isFile() && mine(st) && dir.isDirectory() && mine(dir) && st.size > 1024;
  } catch {
    return false;
  }
}

const sha256Of = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** A cached snapshot is used only whole: its bytes must match the digest written with it. */
function intactCacheFile(file: string): boolean {
  try {
    return readFileSync(`${file}.sha256`, 'utf8').trim() === sha256Of(readFileSync(file));
  } catch {
    return false;
  }
}

interface Warm {
  child: ChildProcess;
  ready: Promise<void>;
  /** Resolves when a complete line arrives after READY: the verdict, without waiting for exit. */
  answered: Promise<void>;
  stdout: string;
  stderr: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Creates the Pyodide runner. */
export function createPyodideRunner(options: PyodideRunnerOptions = {}): CodeRunner {
  const here = dirname(fileURLToPath(import.meta.url));
  const childScript = locateSandboxFile([join(here, 'sandbox-child.mjs'), join(here, 'sandbox', 'child.mjs')]);
  const harness = readFileSync(
    locateSandboxFile([join(here, 'sandbox-harness.py'), join(here, 'sandbox', 'harness.py')]),
    'utf8',
  );
  const pyodideDir =
    options.pyodideDir ??
    dirname(
      locateSandboxFile([
        join(here, 'pyodide', 'pyodide.mjs'),
        join(here, '..', '..', 'node_modules', 'pyodide', 'pyodide.mjs'),
      ]),
    );
  const poolSize = Math.max(1, options.poolSize ?? availableParallelism());
  const timeoutMs = options.timeoutMs ?? 10_000;
  const pool: Promise<Warm>[] = [];
  const live = new Set<ChildProcess>();
  let closed = false;
  const flags = (reads: string[]): string[] => [
    '--permission',
    ...reads.map((path) => `--allow-fs-read=${path}`),
    '--disallow-code-generation-from-strings',
    // The watchdog thread (child.mjs), which ends the child when evalgate is gone even
    // while Python is busy. Model code cannot reach JavaScript, so it cannot start one.
    '--allow-worker',
    '--disable-warning=PERM0006',
    '--wasm-max-mem-pages=16384', // 1 GiB of Python memory
    '--max-old-space-size=256',
  ];

  // Booting Python takes about 3 s; loading a memory snapshot of a freshly booted
  // interpreter takes about 0.5 s. The first child of a runner boots Python, sends a
  // snapshot over fd 3 before any model code exists in it, and then serves the first case
  // itself; later children load the snapshot. It is kept in the snapshot cache
  // (`snapshotCacheDir`, reused by later runs, keyed by the Node version, the Pyodide
  // build and the child script) or in a private temporary directory removed on close. If
  // none can be made, children boot from scratch (slower, equally isolated).
  let snapshotDir: string | null = null;
  let snapshot: Promise<string | null> | null = null;
  const cacheFile =
    options.snapshot === false || !options.snapshotCacheDir
      ? null
      : join(options.snapshotCacheDir, `pyodide-${snapshotKey(pyodideDir, childScript)}.snapshot`);
  const storeSnapshot = async (received: Promise<Buffer | null>): Promise<string | null> => {
    const bytes = await received;
    if (bytes === null || bytes.length < 1024 || closed) return null;
    if (cacheFile) {
      try {
        await mkdir(dirname(cacheFile), { recursive: true, mode: 0o700 });
        const temp = `${cacheFile}.${process.pid}.tmp`;
        // The digest goes first: a snapshot without a matching digest is never used.
        await writeFile(`${temp}.sha256`, sha256Of(bytes), { mode: 0o600 });
        await rename(`${temp}.sha256`, `${cacheFile}.sha256`);
        await writeFile(temp, bytes, { mode: 0o600 });
        await rename(temp, cacheFile);
        if (trustedCacheFile(cacheFile)) return realpathSync(cacheFile);
      } catch {
        // an unwritable cache: fall back to a private temporary copy
      }
    }
    snapshotDir = await mkdtemp(join(tmpdir(), 'evalgate-sandbox-'));
    const file = join(snapshotDir, 'pyodide.snapshot');
    await writeFile(file, bytes, { mode: 0o600 });
    return realpathSync(file);
  };

  /** A child loading `snapshotFile`, or booting Python (and, with `makeSnapshot`, sending one). */
  const spawnWarm = (
    snapshotFile: string | null,
    makeSnapshot = false,
  ): Warm & { snapshot: Promise<Buffer | null> } => {
    const reads = snapshotFile ? [pyodideDir, childScript, snapshotFile] : [pyodideDir, childScript];
    const mode = makeSnapshot ? ['--make-snapshot'] : snapshotFile ? [snapshotFile] : [];
    const child = spawn(process.execPath, [...flags(reads), childScript, pyodideDir, ...mode], {
      env: {},
      cwd: '/',
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe', makeSnapshot ? 'pipe' : 'ignore'],
    });
    live.add(child);
    trackChildGroup(child); // killed with evalgate, whatever ends it
    const channel = child.stdio[3] as NodeJS.ReadableStream | null | undefined;
    const received =
      !makeSnapshot || !channel
        ? Promise.resolve(null)
        : new Promise<Buffer | null>((resolve) => {
            const chunks: Buffer[] = [];
            channel.on('data', (chunk: Buffer) => chunks.push(chunk));
            channel.on('end', () => resolve(Buffer.concat(chunks)));
            channel.on('error', () => resolve(null));
            child.on('close', () => resolve(null)); // after every stream ended: a no-op once resolved
          });
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
    // The harness goes first, so the child defines it (and warms up) before it is ready.
    child.stdin?.write(`${JSON.stringify({ harness })}\n`);
    let answer: () => void = () => undefined;
    const warm: Warm = {
      child,
      stdout: '',
      stderr: '',
      ready: Promise.resolve(),
      answered: new Promise<void>((resolve) => {
        answer = resolve;
      }),
      exited: new Promise((resolve) =>
        child.on('exit', (code, signal) => {
          live.delete(child);
          resolve({ code, signal });
        }),
      ),
    };
    warm.ready = new Promise((resolve, reject) => {
      const onData = (chunk: Buffer): void => {
        warm.stdout += chunk.toString('utf8');
        if (warm.stdout.length > MAX_RESULT_BYTES) child.kill('SIGKILL');
        if (warm.stdout.startsWith('READY\n')) {
          warm.stdout = warm.stdout.slice(6);
          resolve();
        }
        if (warm.stdout.includes('\n') && !warm.stdout.startsWith('READY')) answer();
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', (chunk: Buffer) => {
        if (warm.stderr.length < 16_384) warm.stderr += chunk.toString('utf8');
      });
      child.on('exit', () =>
        reject(
          new Error(
            `the sandbox could not start: ${warm.stderr.trim().split('\n').slice(-3).join(' ') || 'it exited before it was ready'}`,
          ),
        ),
      );
      child.stdin?.on('error', () => undefined); // a child that died mid-write is handled by its exit
    });
    warm.ready.catch(() => undefined);
    // The same object the stream handlers write to (a copy would never see the verdict).
    return Object.assign(warm, { snapshot: received });
  };
  const refill = (): void => {
    if (closed) return;
    if (!snapshot) {
      if (options.snapshot === false) {
        snapshot = Promise.resolve(null);
      } else if (cacheFile && trustedCacheFile(cacheFile) && intactCacheFile(cacheFile)) {
        snapshot = Promise.resolve(realpathSync(cacheFile));
      } else {
        const first = spawnWarm(null, true);
        pool.push(Promise.resolve(first));
        snapshot = storeSnapshot(first.snapshot).catch(() => null);
      }
    }
    const ready = snapshot;
    while (pool.length < poolSize) {
      const warm = ready.then((file) => {
        if (closed) throw new Error('the sandbox runner is closed');
        return spawnWarm(file);
      });
      warm.catch(() => undefined); // a runner closed before this child started
      pool.push(warm);
    }
  };

  // At most `poolSize` cases run at once, whatever the callers' concurrency: more would
  // start more children than the pool holds and let their loading eat the CPU time of the
  // cases under a deadline.
  let running = 0;
  const queue: (() => void)[] = [];
  const run = async (request: CodeRunRequest): Promise<CodeRunResult> => {
    // A finishing case hands its slot straight to the next in line.
    if (running >= poolSize) await new Promise<void>((resolve) => queue.push(resolve));
    else running++;
    try {
      return await runOne(request);
    } finally {
      const next = queue.shift();
      if (next) next();
      else running--;
    }
  };

  const runOne = async (request: CodeRunRequest): Promise<CodeRunResult> => {
    if (closed) throw new Error('the sandbox runner is closed');
    refill();
    const next = pool.shift() as Promise<Warm>;
    refill(); // start its replacement now, while this case runs
    const warm = await next;
    await warm.ready; // throws if Pyodide could not start: an error of the run, not a score
    const started = performance.now();
    const nonce = randomBytes(16).toString('hex');
    let timedOut = false;
    const kill = (): void => {
      if (warm.child.pid !== undefined) killGroup(warm.child.pid);
      else warm.child.kill('SIGKILL');
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, timeoutMs);
    warm.child.stdin?.end(
      `${JSON.stringify({ nonce, deadlineMs: timeoutMs + CHILD_DEADLINE_GRACE_MS, solution: request.solution, candidates: request.candidates ?? [], tests: request.tests, solutionModule: request.solutionModule ?? 'solution', testModule: request.testModule ?? 'test_task' })}\n`,
    );
    // The verdict is the child's one line; return on it and dispose of the process, which
    // never serves another case.
    const first = await Promise.race([
      warm.exited.then((e) => ({ exit: e })),
      warm.answered.then(() => ({ exit: null })),
    ]);
    clearTimeout(timer);
    const exit = first.exit ?? { code: 0, signal: null };
    if (first.exit === null) kill();
    const durationMs = Math.round(performance.now() - started);
    const base = { durationMs, output: '', tests: [] as CodeRunResult['tests'] };
    if (timedOut)
      return { ...base, stage: 'timeout', message: `the code did not finish within ${timeoutMs} ms and was killed` };
    const parsed = parseChildReport(warm.stdout, nonce);
    if (!parsed) {
      const denied = /ERR_ACCESS_DENIED|permission|Aborted|RuntimeError: abort/i.test(warm.stderr);
      const stage: CodeRunStage = denied || exit.signal !== null ? 'sandbox-violation' : 'test-failure';
      const why = denied
        ? 'the code attempted something the sandbox forbids and the interpreter was stopped'
        : exit.signal
          ? `the interpreter was killed by ${exit.signal}`
          : 'the code ended the interpreter before the tests finished';
      return { ...base, stage, message: why };
    }
    return classifyReport(parsed, base);
  };

  // Children start loading now, so the first case finds one ready or nearly so.
  refill();
  return {
    name: 'pyodide',
    isolated: true,
    run,
    close: async () => {
      closed = true;
      const waits = [...live].map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) resolve();
            else child.once('exit', () => resolve());
            if (child.pid !== undefined) killGroup(child.pid);
            else child.kill('SIGKILL');
          }),
      );
      pool.length = 0;
      await Promise.all(waits);
      await snapshot?.catch(() => null);
      if (snapshotDir) await rm(snapshotDir, { recursive: true, force: true });
    },
  };
}

/** The verdict line of a sandbox child. */
export interface ChildReport {
  nonce: string;
  report: { stage: string; message: string; tests: CodeRunResult['tests']; chosen?: number };
  output: string;
}

/** The child's last line, accepted only with this case's nonce. */
export function parseChildReport(stdout: string, nonce: string): ChildReport | null {
  const line = stdout.trim().split('\n').pop() ?? '';
  try {
    const value = JSON.parse(line) as ChildReport;
    return value.nonce === nonce && value.report ? value : null;
  } catch {
    return null;
  }
}

/** Node's permission model refusing an operation (os.system, sockets through ws, files). */
const ACCESS_DENIED = /Access to this API has been restricted|ERR_ACCESS_DENIED/;

export function classifyReport(
  parsed: ChildReport,
  base: { durationMs: number; output: string; tests: CodeRunResult['tests'] },
): CodeRunResult {
  const r = parsed.report;
  const out = {
    ...base,
    output: parsed.output ?? '',
    tests: r.tests ?? [],
    ...(typeof r.chosen === 'number' ? { chosen: r.chosen } : {}),
  };
  if (
    ACCESS_DENIED.test(r.message) ||
    ACCESS_DENIED.test(parsed.output ?? '') ||
    out.tests.some((t) => ACCESS_DENIED.test(t.message))
  ) {
    return {
      ...out,
      stage: 'sandbox-violation',
      message: "the code attempted something the sandbox forbids (Node's permission model refused it)",
    };
  }
  switch (r.stage) {
    case 'tampering':
      // Whatever the tests said before, a changed harness or a refused reach for frames,
      // the heap or tracing means none of it is trusted.
      return { ...out, tests: [], stage: 'tampering', message: `${r.message}; no result of this run is trusted` };
    case 'syntax-error':
      return { ...out, stage: 'syntax-error', message: r.message };
    case 'declared-unable':
      return { ...out, stage: 'declared-unable', message: r.message };
    case 'import-error':
    case 'harness-error':
      return { ...out, stage: 'test-failure', message: r.message };
    default:
      break;
  }
  if (out.tests.length === 0) return { ...out, stage: 'test-failure', message: 'the task has no tests' };
  const unable = out.tests.find((t) => t.outcome === 'declared-unable');
  if (unable) return { ...out, stage: 'declared-unable', message: unable.message };
  const failed = out.tests.filter((t) => t.outcome !== 'passed');
  if (failed.length > 0)
    return {
      ...out,
      stage: 'test-failure',
      message: `${failed.length} of ${out.tests.length} tests failed: ${failed[0]?.name}: ${failed[0]?.message}`,
    };
  return { ...out, stage: 'passed', message: `${out.tests.length} tests passed` };
}
