/**
 * `python` assertions: a check file defining `check(output, vars) -> bool | float`, run in
 * the code sandbox (the CodeRunner port, the same Pyodide sandbox as round-trip suites),
 * never on the host.
 *
 * The check file is the module under test; the test that calls it is written here, so the
 * sandbox's harness (not the check) decides what came back: the reply and the variables
 * are embedded as escaped string literals, the returned value must be an exact bool, int or
 * float (an object that claims to equal True is not one), and the comparison with the
 * threshold is made in the test. Whatever else happens (an exception, a timeout, a reach
 * for files or the environment, tampering with the harness, a value of another type) is an
 * error of the check, never a pass or a fail.
 */
import type { CodeRunResult } from '../../../ports.ts';

/** The Python source of a string, as a literal that holds exactly its code points. */
export function pythonString(text: string): string {
  let out = '"';
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    if (cp >= 0x20 && cp < 0x7f && ch !== '"' && ch !== '\\') out += ch;
    else out += `\\U${cp.toString(16).padStart(8, '0')}`;
  }
  return `${out}"`;
}

// The lines of the two checks in the test below; results are read by line.
const TYPE_LINE = 7;
const VALUE_LINE = 8;

/** The trusted test that calls the check file's `check` on one reply. */
export function checkTest(output: string, vars: Readonly<Record<string, string>>, threshold: number): string {
  const entries = Object.entries(vars).map(([k, v]) => `${pythonString(k)}: ${pythonString(v)}`);
  const lines = [
    'import solution as _evalgate_check',
    `OUTPUT = ${pythonString(output)}`,
    `VARS = {${entries.join(', ')}}`,
    `THRESHOLD = ${Number.isInteger(threshold) ? `${threshold}.0` : String(threshold)}`,
    'def test_check():',
    '    result = _evalgate_check.check(OUTPUT, dict(VARS))',
    '    assert type(result) is bool or type(result) is int or type(result) is float',
    '    assert (result is True) if type(result) is bool else (float(result) >= THRESHOLD)',
  ];
  if (
    lines[TYPE_LINE - 1]?.includes('type(result) is bool or') !== true ||
    !lines[VALUE_LINE - 1]?.includes('THRESHOLD')
  )
    throw new Error('the python check test changed without its line numbers');
  return `${lines.join('\n')}\n`;
}

/** What a sandbox run of a check means: a pass, a fail, or an error of the check (message says which file). */
export type CheckOutcome = { kind: 'pass' } | { kind: 'fail'; message: string } | { kind: 'error'; message: string };

/** Reads a sandbox result of `checkTest`. */
export function checkOutcome(result: CodeRunResult, file: string, threshold: number): CheckOutcome {
  if (result.stage === 'passed') return { kind: 'pass' };
  const test = result.tests[0];
  if (result.stage === 'test-failure' && test && test.outcome === 'failed') {
    if (test.message.startsWith(`assertion failed at line ${VALUE_LINE}:`))
      return {
        kind: 'fail',
        message: `check() in ${file} did not pass (it returned False, or a number below ${threshold})`,
      };
    if (test.message.startsWith(`assertion failed at line ${TYPE_LINE}:`))
      return {
        kind: 'error',
        message: `check() in ${file} returned something other than a bool or a number; make it return True/False or a float from 0 to 1`,
      };
    return { kind: 'error', message: `check() in ${file} failed: ${test.message}` };
  }
  const what: Record<string, string> = {
    'syntax-error': 'does not compile',
    timeout: 'did not finish in time',
    'sandbox-violation': 'tried something the sandbox forbids',
    tampering: 'tampered with the sandbox',
    'declared-unable': 'raised NotImplementedError',
    'test-failure': 'could not be run',
  };
  return {
    kind: 'error',
    message: `the python check ${file} ${what[result.stage] ?? result.stage}: ${result.message}`,
  };
}
