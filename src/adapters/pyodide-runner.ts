/**
 * The default CodeRunner (docs/design/sandbox.md): Pyodide in separate Node processes under
 * the permission model, cut off from JavaScript, in their own network and PID namespaces
 * where the machine allows, watched from outside by the supervisor.
 *
 * Three kinds of process, all started the same way and all loaded from one snapshot:
 * - the preparer (one per runner) never runs model code. It turns a task's tests into a
 *   plan, keeping every literal expected value, and picks which reading of a reply
 *   compiles. The first process of a runner boots Python, sends the snapshot (to the
 *   parent, which stores it and passes it on to the processes already waiting for it) and
 *   becomes the preparer;
 * - a case child runs exactly one round-trip case — the chosen code and the planned tests
 *   — reports the operands of every check as plain data, and is discarded. It never sees
 *   an expected value; the verdict is made here (sandbox-verdict.ts);
 * - a check child loads a prompt suite's python check once and calls it on many replies,
 *   one call at a time, each bounded in time; it is discarded after anything unusual.
 *
 * A pool keeps processes loaded and waiting, so a case or a check pays only for its own
 * work. Whatever model code does — ends its process, exhausts memory, stops evalgate, sends
 * a malformed report — is the case's failure with a named stage, never an error of the run;
 * only a sandbox that cannot start is.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, lstatSync, readFileSync, realpathSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  CheckCall,
  CheckSession,
  CodeRunner,
  CodeRunRequest,
  CodeRunResult,
  CodeRunStage,
  SandboxLayerReport,
} from '../ports.ts';
import { cpuMsOfTree } from './process-cpu.ts';
import { killGroup, trackChildGroup } from './child-lifetime.ts';
import { detectLaunch, type SandboxLaunch } from './sandbox-layers.ts';
import { acquireSupervisor, type SupervisorKill } from './sandbox-supervisor.ts';
import { caseResult, parsePlan, type Frozen, type Plan } from './sandbox-verdict.ts';

/** Options of the runner. */
export interface PyodideRunnerOptions {
  /** Warm processes kept ready (default: the number of cores). */
  poolSize?: number;
  /** Wall-clock limit per case (and per call of a python check), from sending the work to the answer. */
  timeoutMs?: number;
  /** Where the Pyodide runtime files are (default: beside the bundle, else node_modules). */
  pyodideDir?: string;
  /** Load children from a memory snapshot of a fresh interpreter (default true). */
  snapshot?: boolean;
  /** Where to keep the snapshot for later runs (default: none, a temporary copy per runner). */
  snapshotCacheDir?: string | null;
  /** The Node binary of the sandbox processes (default: this one). From Node 25 its permission model denies the network. */
  node?: string;
  /** Resident memory allowed to each sandbox process (default 1 GiB). */
  memoryCapBytes?: number;
  /** Called with each sandbox process's pid (tests check none is left behind). */
  onSpawn?: (pid: number) => void;
  /**
   * Tests only: hands model code this process's `globalThis`, as if it had got past the
   * Python layer, so that the layers behind it can be tested. Nothing a configuration
   * controls reaches this option.
   */
  exposeJavaScriptForTests?: boolean;
  /** Tests only: leave out detected layers (`unshare`, `setpriv`, `prlimit`) to test the fallbacks. */
  withoutLayersForTests?: readonly string[];
  /** Tests only: the clock's backstop as a multiple of the CPU-time limit (default `CLOCK_BACKSTOP_FACTOR`). */
  clockBackstopFactorForTests?: number;
}

const MAX_LINE_BYTES = 4 * 1024 * 1024;
const GiB = 1024 * 1024 * 1024;
/** Resident memory per sandbox process: the wasm heap, V8's heap and array buffers together. */
const DEFAULT_MEMORY_CAP = GiB;
/**
 * The data-segment limit (RLIMIT_DATA) of a sandbox process: Node starts with about
 * 0.6 GiB of writable mappings that are mostly not resident, so this leaves about 1.2 GiB
 * to allocate — the hard ceiling between two readings of the supervisor, who ends the
 * process at the cap.
 */
const DATA_LIMIT_BYTES = 2 * GiB;
/** How long past its deadline the supervisor waits before it ends a case itself. */
const SUPERVISOR_GRACE_MS = 2000;
/** How long after a process's exit its stdout may still deliver lines (it normally ends at once). */
const STDOUT_AFTER_EXIT_MS = 2000;
/**
 * A case's limit is CPU time (process-cpu.ts); the clock ends it at this many times the
 * limit, for code that waits without computing (in Pyodide, only code that got hold of
 * JavaScript can: even time.sleep computes). Generous, because on a busy runner honest code
 * gets a small share of a core: at 3×, a test run at load 23 on two cores saw the clock end
 * loops that had not had their CPU time yet. Where /proc cannot tell CPU time, the clock
 * alone ends a case at the limit.
 */
export const CLOCK_BACKSTOP_FACTOR = 10;
/** How often a running case's CPU time is read. */
const CPU_POLL_MS = 100;
/** A python check's process serves this many replies, then a fresh one takes over. */
const CHECK_CALLS_PER_PROCESS = 2000;

/** Locates a file shipped beside the bundle (dist/) or in the source tree. */
export function locateSandboxFile(candidates: string[]): string {
  for (const c of candidates) if (existsSync(c)) return realpathSync(c);
  throw new Error(`sandbox file not found; looked in ${candidates.join(', ')}`);
}

/** What a snapshot depends on: the Node version, the Pyodide build, the child script and the harness defined in it. */
function snapshotKey(nodeVersion: string, pyodideDir: string, childScript: string, harness: string): string {
  const hash = createHash('sha256').update(nodeVersion).update('\0').update(harness).update('\0');
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

/** One sandbox process, as the runner sees it. */
interface SandboxProcess {
  child: ChildProcess;
  pid: number;
  /** Resolves once Python is loaded, the harness defined and the bridge cut; rejects if it never gets there. */
  ready: Promise<void>;
  /** The next line after READY, or null once the process has exited. */
  nextLine(): Promise<string | null>;
  send(line: string): void;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
  kill(): void;
  /** The snapshot it sends over fd 3 (the first process only). */
  snapshot: Promise<Buffer | null>;
  /**
   * The first process only: passes its snapshot on to `sink` (another process's fd 3) as
   * it arrives — what has arrived at once, the rest as it comes — and ends `sink` once
   * the snapshot is whole or will never be.
   */
  feed(sink: NodeJS.WritableStream): void;
  /** Lets go of the snapshot's bytes once it is stored (no more feeding). */
  dropSnapshot(): void;
}

let sigusr1Ignored = false;
/**
 * SIGUSR1 opens a Node process's inspector, through which anything could run in evalgate
 * with its secrets. A listener replaces that default; the sandbox layers keep children
 * from sending the signal, and this keeps it harmless if one ever does.
 */
function ignoreSigusr1(): void {
  if (sigusr1Ignored || process.platform === 'win32') return;
  sigusr1Ignored = true;
  process.on('SIGUSR1', () => undefined);
}

/** Creates the Pyodide runner. */
export function createPyodideRunner(options: PyodideRunnerOptions = {}): CodeRunner {
  const here = dirname(fileURLToPath(import.meta.url));
  const childScript = locateSandboxFile([join(here, 'sandbox-child.mjs'), join(here, 'sandbox', 'child.mjs')]);
  const supervisorScript = locateSandboxFile([
    join(here, 'sandbox-supervisor.mjs'),
    join(here, 'sandbox', 'supervisor.mjs'),
  ]);
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
  const node = options.node ?? process.execPath;
  const poolSize = Math.max(1, options.poolSize ?? availableParallelism());
  const timeoutMs = options.timeoutMs ?? 10_000;
  const clockFactor = options.clockBackstopFactorForTests ?? CLOCK_BACKSTOP_FACTOR;
  const memoryCap = options.memoryCapBytes ?? DEFAULT_MEMORY_CAP;
  const expose = options.exposeJavaScriptForTests === true;
  ignoreSigusr1();
  const { supervisor, release } = acquireSupervisor(supervisorScript);
  const launch: Promise<SandboxLaunch> = detectLaunch(node, options.withoutLayersForTests ?? []);
  launch.catch(() => undefined);
  let layers: SandboxLayerReport | null = null;
  void launch.then((l) => {
    layers = expose
      ? {
          active: l.layers.active.filter((x) => x !== 'bridge-cut'),
          missing: [{ layer: 'bridge-cut', why: 'opened for a test' }, ...l.layers.missing],
        }
      : { active: [...l.layers.active], missing: [...l.layers.missing] };
  });
  const live = new Set<SandboxProcess>();
  let closed = false;

  const flags = (reads: string[]): string[] => [
    '--permission',
    ...reads.map((path) => `--allow-fs-read=${path}`),
    '--disallow-code-generation-from-strings',
    '--disable-warning=PERM0006',
    '--wasm-max-mem-pages=12288', // 768 MiB of Python memory
    '--max-old-space-size=256',
  ];

  // Booting Python takes about 2–3 s; loading a memory snapshot of a freshly booted
  // interpreter with the harness defined about 0.5 s. The first process of a runner boots
  // Python, sends a snapshot over fd 3 before any model code exists in it, and becomes the
  // preparer (which never runs model code); the others load the snapshot. Processes
  // started while it is being made (the first case's) are fed it as it arrives, so that
  // their Node and Pyodide start overlaps the boot. It is kept in the snapshot cache
  // (`snapshotCacheDir`, reused by later runs, keyed by the Node version, the Pyodide
  // build, the child script and the harness) or in a private temporary directory removed
  // on close. If none can be made, processes boot from scratch (slower, equally isolated).
  let snapshotDir: string | null = null;
  let snapshot: Promise<string | null> | null = null;
  const cacheFile = (version: string): string | null =>
    options.snapshot === false || !options.snapshotCacheDir
      ? null
      : join(options.snapshotCacheDir, `pyodide-${snapshotKey(version, pyodideDir, childScript, harness)}.snapshot`);
  const storeSnapshot = async (received: Promise<Buffer | null>, file: string | null): Promise<string | null> => {
    const bytes = await received;
    if (bytes === null || bytes.length < 1024 || closed) return null;
    if (file) {
      try {
        await mkdir(dirname(file), { recursive: true, mode: 0o700 });
        const temp = `${file}.${process.pid}.tmp`;
        // The digest goes first: a snapshot without a matching digest is never used.
        await writeFile(`${temp}.sha256`, sha256Of(bytes), { mode: 0o600 });
        await rename(`${temp}.sha256`, `${file}.sha256`);
        await writeFile(temp, bytes, { mode: 0o600 });
        await rename(temp, file);
        if (trustedCacheFile(file)) return realpathSync(file);
      } catch {
        // an unwritable cache: fall back to a private temporary copy
      }
    }
    snapshotDir = await mkdtemp(join(tmpdir(), 'evalgate-sandbox-'));
    const temp = join(snapshotDir, 'pyodide.snapshot');
    await writeFile(temp, bytes, { mode: 0o600 });
    return realpathSync(temp);
  };

  /**
   * Starts a sandbox process loading `snapshotFile`, or booting Python (and, with
   * `makeSnapshot`, sending one), or — with `fedBy`, the first process while it still
   * makes the snapshot — loading the snapshot that process sends, passed on over fd 3: it
   * starts Node and Pyodide's module while the snapshot is being made, so only loading
   * the snapshot waits for it.
   */
  const spawnProcess = (
    how: SandboxLaunch,
    snapshotFile: string | null,
    role: 'worker' | 'preparer',
    makeSnapshot = false,
    fedBy: SandboxProcess | null = null,
  ): SandboxProcess => {
    const reads = snapshotFile && !fedBy ? [pyodideDir, childScript, snapshotFile] : [pyodideDir, childScript];
    const mode = makeSnapshot ? ['--make-snapshot'] : fedBy ? ['--snapshot-fd'] : snapshotFile ? [snapshotFile] : [''];
    const command = [
      ...how.prefix(DATA_LIMIT_BYTES),
      node,
      ...flags(reads),
      childScript,
      pyodideDir,
      ...mode,
      ...(role === 'preparer' ? ['--preparer'] : []),
      ...(expose ? ['--expose-js-for-tests'] : []),
    ];
    const child = spawn(command[0] as string, command.slice(1), {
      env: {},
      cwd: '/',
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe', makeSnapshot || fedBy ? 'pipe' : 'ignore'],
    });
    trackChildGroup(child); // killed with evalgate, whatever ends it
    const pid = child.pid ?? -1;
    if (pid > 0) {
      supervisor.watch(pid, memoryCap);
      options.onSpawn?.(pid);
    }
    if (fedBy) {
      const sink = child.stdio[3] as NodeJS.WritableStream | null | undefined;
      if (sink) {
        sink.on('error', () => undefined); // a child that died while fed is handled by its exit
        fedBy.feed(sink);
      }
    }
    const channel = makeSnapshot ? (child.stdio[3] as NodeJS.ReadableStream | null | undefined) : null;
    // What has arrived of the snapshot (the length, 8 bytes, then the snapshot), and the
    // processes being fed it; `whole` once all of it has arrived, `failed` if it never will.
    let chunks: Buffer[] = [];
    let received = 0;
    let length = -1;
    let whole = false;
    let failed = false;
    const sinks: NodeJS.WritableStream[] = [];
    const snapshotBytes =
      !makeSnapshot || !channel
        ? Promise.resolve(null)
        : new Promise<Buffer | null>((resolve) => {
            // A wrapper that keeps its own copy of fd 3 open means the stream may never
            // end: the length says when the snapshot is whole.
            const fail = (): void => {
              if (whole || failed) return;
              failed = true;
              for (const sink of sinks.splice(0)) sink.end();
              resolve(null);
            };
            channel.on('data', (chunk: Buffer) => {
              if (whole || failed) return;
              if (length < 0 && received + chunk.length >= 8)
                length = Number(Buffer.concat([...chunks, chunk]).readBigUInt64LE(0));
              if (length >= 0 && received + chunk.length > 8 + length) chunk = chunk.subarray(0, 8 + length - received);
              chunks.push(chunk);
              received += chunk.length;
              for (const sink of sinks) sink.write(chunk);
              if (length >= 0 && received >= 8 + length) {
                whole = true;
                for (const sink of sinks.splice(0)) sink.end();
                resolve(Buffer.concat(chunks).subarray(8, 8 + length));
                (channel as unknown as { destroy?: () => void }).destroy?.();
              }
            });
            channel.on('error', fail);
            child.on('exit', fail); // a no-op once whole
          });
    let stderr = '';
    let buffer = '';
    let isReady = false;
    let gone = false;
    const lines: string[] = [];
    const takers: ((line: string | null) => void)[] = [];
    let markReady: () => void = () => undefined;
    let failReady: (e: Error) => void = () => undefined;
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      failReady = reject;
    });
    ready.catch(() => undefined);
    // A reader is told the process is gone once its stdout has ended, not at its exit: Node
    // may report the exit before the last lines the child wrote are read, and a report read
    // as missing was scored "ended the interpreter before the tests finished (exit code 0)"
    // — an honest solution failed (3 walks of 30 in a loaded CI run of the demo).
    const noMoreLines = (): void => {
      if (gone) return;
      gone = true;
      for (const take of takers.splice(0)) take(null);
    };
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => {
        const out = child.stdout;
        if (out === null || out.closed || out.readableEnded) noMoreLines();
        else {
          // A process of the code's that kept the pipe open cannot hold a reader for long.
          const grace = setTimeout(noMoreLines, STDOUT_AFTER_EXIT_MS);
          out.once('close', () => {
            clearTimeout(grace);
            noMoreLines();
          });
        }
        live.delete(proc);
        failReady(
          new Error(
            `the sandbox could not start: ${stderr.trim().split('\n').slice(-3).join(' ') || 'it exited before it was ready'}`,
          ),
        );
        resolve({ code, signal });
      }),
    );
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      buffer += chunk;
      if (buffer.length > MAX_LINE_BYTES) child.kill('SIGKILL');
      for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (!isReady) {
          if (line.startsWith('READY ')) {
            isReady = true;
            markReady();
          }
          continue;
        }
        const take = takers.shift();
        if (take) take(line);
        else lines.push(line);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < 16_384) stderr += chunk.toString('utf8');
    });
    child.stdin?.on('error', () => undefined); // a child that died mid-write is handled by its exit
    const proc: SandboxProcess = {
      child,
      pid,
      ready,
      snapshot: snapshotBytes,
      feed: (sink) => {
        for (const chunk of chunks) sink.write(chunk);
        if (whole || failed || !makeSnapshot) sink.end();
        else sinks.push(sink);
      },
      dropSnapshot: () => {
        chunks = [];
        failed ||= !whole;
        for (const sink of sinks.splice(0)) sink.end();
      },
      exited,
      stderr: () => stderr,
      nextLine: () =>
        lines.length > 0
          ? Promise.resolve(lines.shift() as string)
          : gone
            ? Promise.resolve(null)
            : new Promise((resolve) => takers.push(resolve)),
      send: (line) => {
        if (!gone) child.stdin?.write(`${line}\n`);
      },
      kill: () => {
        if (pid > 0) killGroup(pid);
        else child.kill('SIGKILL');
      },
    };
    live.add(proc);
    void exited.then(() => supervisor.forget(pid));
    // The harness goes first, so the process defines it (and warms up) before it is ready.
    proc.send(JSON.stringify({ harness }));
    return proc;
  };

  // ---- the preparer ----------------------------------------------------------------
  let preparer: Promise<SandboxProcess> | null = null;
  let preparing: Promise<unknown> = Promise.resolve();
  const startPreparer = (proc: Promise<SandboxProcess>): void => {
    preparer = proc.then((p) => {
      p.send(JSON.stringify({ mode: 'prepare' }));
      void p.exited.then(() => {
        if (preparer && !closed) preparer = null; // the next request starts another
      });
      return p;
    });
    preparer.catch(() => undefined);
  };
  let requestId = 0;
  /** Asks the preparer for a plan and a choice; one request at a time, answers in order. */
  const prepare = async (
    request: CodeRunRequest,
  ): Promise<{ plan: Plan | { error: string }; choice: { chosen: number; syntax?: string | null }; ms: number }> => {
    const ask = async (): Promise<string | null> => {
      // The process making the snapshot becomes the preparer: wait for it rather than
      // start another beside it.
      if (!preparer) await started?.catch(() => null);
      let p: SandboxProcess;
      for (let attempt = 1; ; attempt++) {
        if (!preparer) {
          const how = await launch;
          startPreparer(Promise.resolve(spawnProcess(how, await (snapshot ?? Promise.resolve(null)), 'preparer')));
        }
        p = await (preparer as Promise<SandboxProcess>);
        try {
          await p.ready;
          break;
        } catch (error) {
          // No model text has reached a preparer that is not ready: one that died before
          // (the first, say, while it made the snapshot) is replaced once; a second
          // failure means Python cannot start, an error of the run.
          if (attempt >= 2 || closed) throw error;
          preparer = null;
        }
      }
      const id = ++requestId;
      p.send(
        JSON.stringify({
          id,
          tests: request.tests,
          testModule: request.testModule ?? 'test_task',
          candidates: request.candidates ?? [],
          solution: request.solution,
          solutionModule: request.solutionModule ?? 'solution',
        }),
      );
      const timer = setTimeout(() => p.kill(), Math.max(20_000, timeoutMs));
      const asked = performance.now();
      const line = await p.nextLine();
      workMs += performance.now() - asked;
      clearTimeout(timer);
      return line;
    };
    // The preparer's work for this case, not its start-up or the queue before it.
    let workMs = 0;
    const turn = preparing.then(ask, ask);
    preparing = turn.catch(() => undefined);
    let line = await turn;
    // The preparer died on this request (it compiles model text): once more on a fresh one.
    if (line === null) {
      const again = preparing.then(ask, ask);
      preparing = again.catch(() => undefined);
      line = await again;
    }
    if (line === null) throw new PreparerFailed();
    let answer: { plan: unknown; choice: { chosen: number; syntax?: string | null } };
    try {
      answer = JSON.parse(line) as typeof answer;
    } catch {
      throw new PreparerFailed();
    }
    if (typeof answer?.choice !== 'object' || answer.choice === null) throw new PreparerFailed();
    const plan = parsePlan(JSON.stringify(answer.plan));
    return { plan, choice: answer.choice, ms: workMs };
  };

  // ---- the pool --------------------------------------------------------------------
  const pool: Promise<SandboxProcess>[] = [];
  /** Settles once the cache has been looked at and, if a snapshot is to be made, its maker started. */
  let started: Promise<{ maker: SandboxProcess | null }> | null = null;
  /** The first process while its snapshot is not yet stored: processes started meanwhile are fed by it. */
  let maker: SandboxProcess | null = null;
  /** Whether the snapshot is settled (stored, found in the cache, or none to be had). */
  let snapshotStored = false;
  const refill = (): void => {
    if (closed) return;
    if (!snapshot) {
      let found: string | null = null;
      let file: string | null = null;
      const begun = launch.then(async (how) => {
        file = cacheFile(await childVersion(node));
        // The preparer otherwise starts with the first round-trip case (a runner that
        // only serves python checks never needs one).
        if (options.snapshot === false) return { maker: null };
        if (file && trustedCacheFile(file) && intactCacheFile(file)) {
          found = realpathSync(file);
          return { maker: null };
        }
        const first = spawnProcess(how, null, 'preparer', true);
        startPreparer(Promise.resolve(first));
        maker = first;
        return { maker: first };
      });
      const made = begun.then(async ({ maker: first }) => {
        if (!first) {
          snapshotStored = true;
          return found;
        }
        try {
          return await storeSnapshot(first.snapshot, file);
        } catch {
          return null;
        } finally {
          maker = null;
          snapshotStored = true;
          first.dropSnapshot();
        }
      });
      started = begun;
      snapshot = made;
      begun.catch(() => undefined);
      made.catch(() => undefined);
    }
    const ready = snapshot;
    const begun = started as Promise<{ maker: SandboxProcess | null }>;
    while (pool.length < poolSize) {
      const before = pool[pool.length - 1];
      const warm = Promise.all([launch, begun]).then(async ([how]) => {
        // While the snapshot is being made the pool fills one process after another:
        // loading side by side, they would slow the one the first case waits for.
        if (maker && before) await before.then((p) => p.ready).catch(() => undefined);
        if (closed) throw new Error('the sandbox runner is closed');
        if (maker) return spawnProcess(how, null, 'worker', false, maker);
        const file = await ready;
        if (closed) throw new Error('the sandbox runner is closed');
        return spawnProcess(how, file, 'worker');
      });
      warm.catch(() => undefined); // a runner closed before this process started
      pool.push(warm);
    }
  };
  const takeWarm = async (): Promise<SandboxProcess> => {
    refill();
    const next = pool.shift() as Promise<SandboxProcess>;
    // Its replacement starts now, while this one works — but while the snapshot is still
    // being made, only once this one is loaded: loading beside it would only slow the
    // process the first case is waiting for.
    if (snapshotStored) refill();
    else next.then((p) => p.ready).then(refill, refill);
    const proc = await next;
    await proc.ready; // throws if Pyodide could not start: an error of the run, not a score
    return proc;
  };

  // At most `poolSize` processes work at once, whatever the callers' concurrency: more
  // would start more processes than the pool holds and let their loading eat the CPU
  // time of the work under a deadline.
  let running = 0;
  const queue: (() => void)[] = [];
  const slot = async <T>(work: () => Promise<T>): Promise<T> => {
    // A finishing job hands its slot straight to the next in line.
    if (running >= poolSize) await new Promise<void>((resolve) => queue.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      const next = queue.shift();
      if (next) next();
      else running--;
    }
  };

  /**
   * Sends a process one piece of work and waits for its answer, killing it once it has used
   * `limitMs` of CPU time, or `clockFactor` times that on the clock (the clock
   * alone, at the limit, where /proc cannot tell CPU time). `timedOut` is why it was killed.
   */
  const exchange = async (
    proc: SandboxProcess,
    message: string,
    limitMs: number,
  ): Promise<{ line: string | null; timedOut: string | null }> => {
    let timedOut: string | null = null;
    const started = performance.now();
    const cpuAtStart = cpuMsOfTree(proc.pid);
    const clockMs = cpuAtStart === null ? limitMs : limitMs * clockFactor;
    const stop = (why: string): void => {
      timedOut ??= why;
      proc.kill();
    };
    const timer = setInterval(() => {
      const cpu = cpuAtStart === null ? null : cpuMsOfTree(proc.pid);
      if (cpu !== null && cpu - (cpuAtStart as number) >= limitMs)
        stop(`the code used ${limitMs} ms of CPU time without finishing and was killed`);
      else if (performance.now() - started >= clockMs)
        stop(
          cpuAtStart === null
            ? `the code did not finish within ${limitMs} ms and was killed`
            : `the code did not finish within ${clockMs} ms on the clock (${clockFactor}× its ${limitMs} ms CPU limit; it was waiting, or was given little CPU) and was killed`,
        );
    }, CPU_POLL_MS);
    // The supervisor's deadline holds even while evalgate cannot act (stopped, or busy).
    supervisor.busy(proc.pid, clockMs + SUPERVISOR_GRACE_MS);
    proc.send(message);
    const line = await proc.nextLine();
    clearInterval(timer);
    return { line: timedOut === null ? line : null, timedOut };
  };

  /** What a process's end without an answer means. */
  const ended = async (
    proc: SandboxProcess,
    timedOut: string | null,
    limitMs: number,
  ): Promise<{ stage: CodeRunStage; message: string }> => {
    if (timedOut !== null) return { stage: 'timeout', message: timedOut };
    const exit = await proc.exited;
    const why: SupervisorKill | null = await supervisor.killedWhy(proc.pid, exit.signal === 'SIGKILL' ? 300 : 0);
    if (why?.reason === 'memory')
      return {
        stage: 'sandbox-violation',
        message: `the code used more memory than the sandbox allows (${Math.round(why.rssBytes / 2 ** 20)} MiB resident, the cap is ${Math.round(memoryCap / 2 ** 20)} MiB) and was killed`,
      };
    if (why?.reason === 'deadline')
      return {
        stage: 'timeout',
        message: `the code did not finish within ${limitMs} ms of CPU time, or ${limitMs * clockFactor} ms on the clock, and was killed by the sandbox's supervisor`,
      };
    if (why?.reason === 'parent-stopped')
      return {
        stage: 'sandbox-violation',
        message:
          'evalgate was stopped while this code ran (a signal from the code is the likely cause); the sandbox ended the code and resumed evalgate',
      };
    const stderr = proc.stderr();
    const denied = /ERR_ACCESS_DENIED|permission|Aborted|RuntimeError: abort/i.test(stderr);
    if (denied)
      return {
        stage: 'sandbox-violation',
        message: 'the code attempted something the sandbox forbids and the interpreter was stopped',
      };
    if (exit.signal !== null)
      return { stage: 'sandbox-violation', message: `the interpreter was killed by ${exit.signal}` };
    if (/Array buffer allocation failed|out of memory|heap limit/i.test(stderr))
      return { stage: 'sandbox-violation', message: 'the code ran out of the memory the sandbox allows' };
    // The exit code says which way it ended (the child's own refusals exit 3 or 4, an
    // uncaught error 1, model code's os._exit its own number); stderr may hold model text.
    return {
      stage: 'test-failure',
      message: `the code ended the interpreter before the tests finished (exit code ${exit.code ?? 'none'})`,
    };
  };

  const runOne = async (request: CodeRunRequest): Promise<CodeRunResult> => {
    if (closed) throw new Error('the sandbox runner is closed');
    // A loaded process is taken while the preparer works; one not needed goes back.
    const warm = takeWarm();
    warm.catch(() => undefined);
    const giveBack = (): void => {
      pool.unshift(warm);
    };
    let prepared: Awaited<ReturnType<typeof prepare>>;
    try {
      prepared = await prepare(request);
    } catch (error) {
      giveBack();
      if (!(error instanceof PreparerFailed)) throw error;
      return {
        stage: 'sandbox-violation',
        message: 'the sandbox could not compile this code within its limits',
        tests: [],
        output: '',
        durationMs: 0,
        chosen: -1,
      };
    }
    const { plan, choice } = prepared;
    const candidates = request.candidates ?? [];
    const chosen =
      Number.isInteger(choice.chosen) && choice.chosen >= 0 && choice.chosen < candidates.length ? choice.chosen : -1;
    const base = { durationMs: 0, output: '', tests: [] as CodeRunResult['tests'], chosen };
    if ('error' in plan) {
      giveBack();
      return { ...base, stage: 'test-failure', message: plan.error };
    }
    if (chosen < 0 && typeof choice.syntax === 'string') {
      giveBack();
      return { ...base, stage: 'syntax-error', message: choice.syntax };
    }
    const source = chosen >= 0 ? (candidates[chosen] as string) : request.solution;
    // A case's time: the preparer's work for it, then the run itself.
    const prepareMs = prepared.ms;
    const proc = await warm;
    const started = performance.now();
    const nonce = randomBytes(16).toString('hex');
    const { line, timedOut } = await exchange(
      proc,
      JSON.stringify({
        mode: 'case',
        nonce,
        code: plan.code,
        checks: plan.tests.map((t) => t.checks.length),
        solution: source,
        solutionModule: request.solutionModule ?? 'solution',
        testModule: request.testModule ?? 'test_task',
      }),
      timeoutMs,
    );
    // The report is the process's one line; the process never serves another case.
    const durationMs = Math.round(prepareMs + performance.now() - started);
    if (line !== null) {
      proc.kill();
      return caseResult(line, nonce, plan, { durationMs, chosen });
    }
    const why = await ended(proc, timedOut, timeoutMs);
    proc.kill();
    return { ...base, durationMs, ...why };
  };

  // ---- python checks of prompt suites ------------------------------------------------
  const checkSession = (source: string, moduleName = 'check'): CheckSession => {
    const idle: { proc: SandboxProcess; nonce: string; calls: number }[] = [];
    let unusable: string | null = null;
    let sessionClosed = false;
    let nextId = 0;
    /** A process with the check loaded, or the reason the check cannot be loaded. */
    const loaded = async (): Promise<{ proc: SandboxProcess; nonce: string; calls: number } | string> => {
      const reuse = idle.pop();
      if (reuse) return reuse;
      if (unusable !== null) return unusable;
      const proc = await takeWarm();
      const nonce = randomBytes(16).toString('hex');
      proc.send(JSON.stringify({ mode: 'checks', nonce, source, module: moduleName }));
      const timer = setTimeout(() => proc.kill(), Math.max(timeoutMs, 10_000));
      const line = await proc.nextLine();
      clearTimeout(timer);
      let answer: { nonce?: unknown; loaded?: unknown; error?: unknown } = {};
      try {
        answer = line === null ? {} : (JSON.parse(line) as typeof answer);
      } catch {
        // malformed: below
      }
      if (answer.nonce === nonce && answer.loaded === true) return { proc, nonce, calls: 0 };
      proc.kill();
      unusable =
        answer.nonce === nonce && typeof answer.error === 'string'
          ? answer.error
          : line === null
            ? (await ended(proc, null, timeoutMs)).message
            : 'the sandbox answered something unexpected while loading it';
      return unusable;
    };
    const call = async (output: string, vars: Readonly<Record<string, string>>): Promise<CheckCall> => {
      if (sessionClosed) throw new Error('the python check session is closed');
      const worker = await loaded();
      if (typeof worker === 'string') return { kind: 'unusable', message: worker };
      const { proc, nonce } = worker;
      const id = ++nextId;
      const pairs = Object.keys(vars).map((k) => [k, vars[k] as string]);
      const { line, timedOut } = await exchange(proc, JSON.stringify({ id, output, vars: pairs }), timeoutMs);
      supervisor.idle(proc.pid);
      if (line === null) {
        const why = await ended(proc, timedOut, timeoutMs);
        proc.kill();
        return { kind: 'failed', stage: why.stage, message: why.message };
      }
      const answer = parseCheckAnswer(line, nonce, id);
      worker.calls++;
      const reusable =
        'value' in answer &&
        !answer.dirty &&
        !answer.tampering &&
        worker.calls < CHECK_CALLS_PER_PROCESS &&
        !sessionClosed;
      if (reusable) idle.push(worker);
      else proc.kill();
      if ('malformed' in answer)
        return {
          kind: 'failed',
          stage: 'tampering',
          message: `the sandbox returned a malformed answer (${answer.malformed}); no result of this call is trusted`,
        };
      if (answer.tampering)
        return {
          kind: 'failed',
          stage: 'tampering',
          message: `${answer.tampering}; no result of this call is trusted`,
        };
      if ('raised' in answer)
        return {
          kind: 'failed',
          stage: answer.raised.unable ? 'declared-unable' : 'test-failure',
          message: `it raised ${answer.raised.type}: ${answer.raised.message}`,
        };
      if ('error' in answer) return { kind: 'failed', stage: 'test-failure', message: answer.error };
      return { kind: 'value', value: answer.value, output: answer.output };
    };
    return {
      call: (output, vars) => slot(() => call(output, vars)),
      close: async () => {
        sessionClosed = true;
        for (const w of idle.splice(0)) w.proc.kill();
      },
    };
  };

  // Processes start loading now, so the first case finds one ready or nearly so.
  refill();
  return {
    name: 'pyodide',
    isolated: true,
    layers: () => layers,
    run: (request) => slot(() => runOne(request)),
    checks: checkSession,
    close: async () => {
      closed = true;
      const waits = [...live].map(async (p) => {
        p.kill();
        await p.exited;
      });
      pool.length = 0;
      await Promise.all(waits);
      await snapshot?.catch(() => null);
      release();
      if (snapshotDir) await rm(snapshotDir, { recursive: true, force: true });
    },
  };
}

/** The preparer died twice on one request. */
class PreparerFailed extends Error {}

/** The version a Node binary reports (the snapshot depends on it). */
async function childVersion(node: string): Promise<string> {
  if (node === process.execPath) return process.version;
  const { execFileSync } = await import('node:child_process');
  return String(execFileSync(node, ['--version'], { env: {}, timeout: 10_000 })).trim();
}

type CheckAnswer =
  | { value: Frozen; dirty: boolean; tampering: string | null; output: string }
  | { raised: { type: string; message: string; unable: boolean }; dirty: boolean; tampering: string | null }
  | { error: string; dirty: boolean; tampering: string | null }
  | { malformed: string };

/** A check process's answer to one call, validated strictly. */
function parseCheckAnswer(line: string, nonce: string, id: number): CheckAnswer {
  let v: Record<string, unknown>;
  try {
    v = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return { malformed: 'it is not JSON' };
  }
  if (typeof v !== 'object' || v === null || v['nonce'] !== nonce || v['id'] !== id)
    return { malformed: "it does not answer this call with this session's nonce" };
  const tampering = typeof v['tampering'] === 'string' ? v['tampering'] : null;
  const dirty = v['dirty'] === true;
  const result = v['result'] as Record<string, unknown> | null;
  if (typeof result !== 'object' || result === null) return { malformed: 'it has no result' };
  if ('value' in result) {
    const value = result['value'];
    const plain =
      value === null ||
      typeof value === 'boolean' ||
      (typeof value === 'object' &&
        value !== null &&
        Object.keys(value).length === 1 &&
        (typeof (value as { int?: unknown }).int === 'string' ||
          typeof (value as { float?: unknown }).float === 'string' ||
          typeof (value as { opaque?: unknown }).opaque === 'string' ||
          'list' in value ||
          'tuple' in value ||
          'dict' in value ||
          'set' in value)) ||
      typeof value === 'string';
    if (!plain) return { malformed: 'its value is not a frozen value' };
    return { value: value as Frozen, dirty, tampering, output: typeof v['output'] === 'string' ? v['output'] : '' };
  }
  if ('raised' in result) {
    const r = result['raised'] as Record<string, unknown> | null;
    if (!r || typeof r['type'] !== 'string' || typeof r['message'] !== 'string')
      return { malformed: 'an exception is not described' };
    return {
      raised: { type: r['type'], message: r['message'].slice(0, 2000), unable: r['unable'] === true },
      dirty,
      tampering,
    };
  }
  if (typeof result['error'] === 'string') return { error: result['error'], dirty, tampering };
  return { malformed: 'its result is unknown' };
}
