/**
 * The executors of round-trip suites: the Pyodide sandbox by default, the host's Python
 * only when a suite opts in to `unsafe-host-python`.
 */
import type { CodeRunner } from '../ports.ts';
import { createHostPythonRunner } from './host-python-runner.ts';
import { createPyodideRunner } from './pyodide-runner.ts';

/** Starts the runner of an executor. */
export function createCodeRunner(executor: 'pyodide' | 'unsafe-host-python', timeoutMs: number): CodeRunner {
  return executor === 'unsafe-host-python' ? createHostPythonRunner({ timeoutMs }) : createPyodideRunner({ timeoutMs });
}
