/**
 * The executors of round-trip suites: the Pyodide sandbox by default, the host's Python
 * only when a suite opts in to `unsafe-host-python`.
 */
import { isAbsolute, join } from 'node:path';
import type { CodeRunner } from '../ports.ts';
import { evalgateCacheRoot } from './heap-growth.ts';
import { createHostPythonRunner } from './host-python-runner.ts';
import { createPyodideRunner } from './pyodide-runner.ts';

/**
 * Where the sandbox keeps its interpreter snapshot between runs: $EVALGATE_CACHE_DIR, else
 * $XDG_CACHE_HOME/evalgate, else ~/.cache/evalgate. EVALGATE_SANDBOX_CACHE=0 turns it off.
 */
export function sandboxCacheDir(env: Readonly<Record<string, string | undefined>>): string | null {
  if (env['EVALGATE_SANDBOX_CACHE'] === '0') return null;
  return join(evalgateCacheRoot(env), 'sandbox');
}

/**
 * The Node binary of the sandbox processes: $EVALGATE_SANDBOX_NODE when it names an
 * absolute path, else evalgate's own. From Node 25 the permission model also denies the
 * network; the report's sandbox line says whether that layer is there.
 */
export function sandboxNode(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const node = env['EVALGATE_SANDBOX_NODE'];
  return node && isAbsolute(node) ? node : undefined;
}

/** What the edge decides for every runner it starts. */
export interface CodeRunnerSettings {
  /** From sandboxCacheDir(), read once at the edge. */
  snapshotCacheDir: string | null;
  /** From sandboxNode(), read once at the edge. */
  node?: string | undefined;
}

/** Returns the function that starts the runner of an executor. */
export function createCodeRunnerFactory(
  settings: CodeRunnerSettings,
): (executor: 'pyodide' | 'unsafe-host-python', timeoutMs: number) => CodeRunner {
  return (executor, timeoutMs) =>
    executor === 'unsafe-host-python'
      ? createHostPythonRunner({ timeoutMs })
      : createPyodideRunner({
          timeoutMs,
          snapshotCacheDir: settings.snapshotCacheDir,
          ...(settings.node ? { node: settings.node } : {}),
        });
}
