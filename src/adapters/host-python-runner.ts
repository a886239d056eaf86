/**
 * The opt-in `unsafe-host-python` executor. NOT a sandbox: the model's code runs in the
 * host's python3 and can read what the user can read and reach the network. What it does
 * get: `python3 -I` (no user site, no PYTHON* variables), an empty environment, a fresh
 * temporary working directory, memory/file-size limits set before any model code runs, a
 * wall-clock deadline that kills the whole process group, and the same harness, nonce and
 * exact-type comparison as the default sandbox. Reports name it as unsafe.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CodeRunner, CodeRunRequest, CodeRunResult } from '../ports.ts';
import { killGroup, trackChildGroup } from './child-lifetime.ts';
import { locateSandboxFile } from './pyodide-runner.ts';

/** Options of the host runner. */
export interface HostPythonRunnerOptions {
  timeoutMs?: number;
  /** The interpreter (default: python3 on PATH, resolved to its real executable). */
  python?: string;
  memoryBytes?: number;
}

/** Creates the unsafe host-Python runner; throws when no python3 can be found. */
export function createHostPythonRunner(options: HostPythonRunnerOptions = {}): CodeRunner {
  const here = dirname(fileURLToPath(import.meta.url));
  const harness = readFileSync(
    locateSandboxFile([join(here, 'sandbox-harness.py'), join(here, 'sandbox', 'harness.py')]),
    'utf8',
  );
  const driver = readFileSync(
    locateSandboxFile([join(here, 'sandbox-host-driver.py'), join(here, 'sandbox', 'host-driver.py')]),
    'utf8',
  );
  // Shims (pyenv, asdf) need the user's environment; the real interpreter does not.
  let python: string;
  try {
    python = execFileSync(options.python ?? 'python3', ['-I', '-c', 'import sys; print(sys.executable)'], {
      encoding: 'utf8',
      timeout: 10_000,
    }).trim();
  } catch {
    throw new Error(
      'executor unsafe-host-python needs python3 on PATH; install Python 3 or use the default executor (pyodide)',
    );
  }
  const timeoutMs = options.timeoutMs ?? 10_000;
  const live = new Set<number>();

  const run = async (request: CodeRunRequest): Promise<CodeRunResult> => {
    const cwd = await mkdtemp(join(tmpdir(), 'evalgate-unsafe-'));
    const nonce = randomBytes(16).toString('hex');
    const started = performance.now();
    const child = spawn(python, ['-I', '-c', driver], {
      env: {},
      cwd,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const pid = child.pid as number;
    live.add(pid);
    trackChildGroup(child); // killed with evalgate, whatever ends it
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      if (stdout.length > 1024 * 1024) kill();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 16_384) stderr += chunk.toString('utf8');
    });
    child.stdin.on('error', () => undefined);
    let timedOut = false;
    function kill(): void {
      killGroup(pid); // the group: whatever the code started goes too
    }
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, timeoutMs);
    child.stdin.end(
      `${JSON.stringify({
        nonce,
        harness,
        solution: request.solution,
        candidates: request.candidates ?? [],
        tests: request.tests,
        solutionModule: request.solutionModule ?? 'solution',
        testModule: request.testModule ?? 'test_task',
        memoryBytes: options.memoryBytes ?? 1 << 30,
        // The driver's own limits, for when evalgate is gone: CPU seconds, and a wall-clock
        // deadline its watcher thread enforces.
        cpuSeconds: Math.ceil(timeoutMs / 1000) + 2,
        deadlineMs: timeoutMs + 2000,
      })}\n`,
    );
    const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('close', (code, signal) => resolve({ code, signal })),
    );
    clearTimeout(timer);
    kill();
    live.delete(pid);
    await rm(cwd, { recursive: true, force: true }).catch(() => undefined);
    const base = {
      durationMs: Math.round(performance.now() - started),
      output: '',
      tests: [] as CodeRunResult['tests'],
    };
    if (timedOut)
      return { ...base, stage: 'timeout', message: `the code did not finish within ${timeoutMs} ms and was killed` };
    const parsed = parseChildReport(stdout, nonce);
    if (!parsed) {
      if (/MemoryError/.test(stderr)) return { ...base, stage: 'test-failure', message: 'the code ran out of memory' };
      const why = exit.signal
        ? `the interpreter was killed by ${exit.signal}`
        : 'the code ended the interpreter before the tests finished';
      return { ...base, stage: exit.signal ? 'sandbox-violation' : 'test-failure', message: why };
    }
    return classifyReport(parsed, base);
  };

  return {
    name: 'unsafe-host-python',
    isolated: false,
    run,
    close: () => {
      for (const pid of live) killGroup(pid);
      return Promise.resolve();
    },
  };
}

/** The driver's verdict line. */
interface DriverReport {
  nonce: string;
  report: { stage: string; message: string; tests: CodeRunResult['tests']; chosen?: number };
  output: string;
}

/** The driver's last line, accepted only with this case's nonce and the expected shape. */
function parseChildReport(stdout: string, nonce: string): DriverReport | null {
  const line = stdout.trim().split('\n').pop() ?? '';
  try {
    const value = JSON.parse(line) as DriverReport;
    if (value.nonce !== nonce || typeof value.report !== 'object' || value.report === null) return null;
    const r = value.report;
    const tests = r.tests as unknown;
    if (
      typeof r.stage !== 'string' ||
      typeof r.message !== 'string' ||
      !Array.isArray(tests) ||
      !tests.every(
        (t: unknown) =>
          typeof t === 'object' &&
          t !== null &&
          typeof (t as { name?: unknown }).name === 'string' &&
          ['passed', 'failed', 'declared-unable'].includes((t as { outcome?: unknown }).outcome as string) &&
          typeof (t as { message?: unknown }).message === 'string',
      )
    )
      return null;
    return value;
  } catch {
    return null;
  }
}

/** Node's permission model refusing an operation, or Python refusing the same. */
const ACCESS_DENIED = /Access to this API has been restricted|ERR_ACCESS_DENIED/;

function classifyReport(
  parsed: DriverReport,
  base: { durationMs: number; output: string; tests: CodeRunResult['tests'] },
): CodeRunResult {
  const r = parsed.report;
  const out = {
    ...base,
    output: typeof parsed.output === 'string' ? parsed.output : '',
    tests: r.tests,
    ...(typeof r.chosen === 'number' ? { chosen: r.chosen } : {}),
  };
  if (
    ACCESS_DENIED.test(r.message) ||
    ACCESS_DENIED.test(out.output) ||
    out.tests.some((t) => ACCESS_DENIED.test(t.message))
  )
    return { ...out, stage: 'sandbox-violation', message: 'the code attempted something the executor forbids' };
  switch (r.stage) {
    case 'tampering':
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
