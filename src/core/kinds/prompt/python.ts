/**
 * `python` assertions: a check file defining `check(output, vars) -> bool | float`, run in
 * the code sandbox (the CodeRunner port, the same hardened Pyodide sandbox as round-trip
 * code), never on the host. The check file comes from the base branch; the replies are data.
 *
 * The check is loaded once per suite in a warm sandbox process and called on one reply at
 * a time — the reply and the case's variables passed as data, each call bounded in time.
 * What a call returns is read outside the sandbox: an exact bool, int or float (an object
 * that claims to equal True is not one), compared with the threshold here. Whatever else
 * happens on a reply — the check raises, hangs, returns something else, reaches for the
 * environment or tampers with the harness — is that case's failure, with the reason; only
 * a check file that cannot be used at all (it does not compile, its import raises, it has
 * no `check`) is an error (`check-failed`, counted as the case's failure by the gate).
 */
import type { CheckCall } from '../../../ports.ts';

/** What a check call means: a pass, a fail (with why), or an error of the check file. */
export type CheckOutcome = { kind: 'pass' } | { kind: 'fail'; message: string } | { kind: 'error'; message: string };

const STAGE_WORDS: Record<string, string> = {
  timeout: 'did not finish in time',
  'sandbox-violation': 'tried something the sandbox forbids',
  tampering: 'tampered with the sandbox',
  'declared-unable': 'raised NotImplementedError',
  'test-failure': 'failed',
};

/** A float as the harness writes it (Python's repr; inf and nan by name). */
const floatOf = (text: string): number =>
  text === 'inf' ? Infinity : text === '-inf' ? -Infinity : text === 'nan' ? NaN : Number(text);

/** Reads one call's result. */
export function checkOutcome(call: CheckCall, file: string, threshold: number): CheckOutcome {
  if (call.kind === 'unusable')
    return {
      kind: 'error',
      message: `the python check ${file} cannot be used: ${call.message}; it must define check(output, vars)`,
    };
  if (call.kind === 'failed')
    return {
      kind: 'fail',
      message: `check() in ${file} ${STAGE_WORDS[call.stage] ?? call.stage} on this reply: ${call.message}`,
    };
  const v = call.value;
  if (v === true) return { kind: 'pass' };
  if (v === false) return { kind: 'fail', message: `check() in ${file} returned False` };
  const n =
    typeof v === 'object' && v !== null && Object.keys(v).length === 1
      ? 'int' in v && typeof (v as { int: unknown }).int === 'string'
        ? Number((v as { int: string }).int)
        : 'float' in v && typeof (v as { float: unknown }).float === 'string'
          ? floatOf((v as { float: string }).float)
          : null
      : null;
  if (n === null)
    return {
      kind: 'fail',
      message: `check() in ${file} returned something other than a bool or a number on this reply; make it return True/False or a float from 0 to 1`,
    };
  // NaN is below every threshold.
  return n >= threshold
    ? { kind: 'pass' }
    : { kind: 'fail', message: `check() in ${file} returned ${n}, below ${threshold}` };
}
