/**
 * The CPU time a sandbox process and its descendants have used, from Linux's /proc. A
 * case's time limit counts this, not the clock (docs/design/sandbox.md, "Time limits"): on
 * a runner whose cores are shared, honest code that needs a few milliseconds of CPU can wait
 * seconds for them, and a clock limit would score that wait as the model's timeout.
 */
import { readFileSync } from 'node:fs';

/** Linux reports utime and stime in USER_HZ ticks, 100 a second on every architecture Node runs on. */
const TICKS_PER_SECOND = 100;

/** utime + stime of one process (all its threads), in ms; null when it cannot be read. */
function cpuMsOf(pid: number): number | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces and parentheses): state is the
    // first, utime the 12th and stime the 13th.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}

/** The direct children of a process, or [] when the kernel does not list them. */
function childrenOf(pid: number): number[] {
  try {
    const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return text ? text.split(' ').map(Number) : [];
  } catch {
    return [];
  }
}

/**
 * CPU time in ms used so far by `pid` and its descendants (a wrapper such as
 * `unshare --fork` runs the interpreter as its child), or null where /proc cannot tell
 * (not Linux, or the process is gone).
 */
export function cpuMsOfTree(pid: number, depth = 0): number | null {
  const own = cpuMsOf(pid);
  if (own === null) return null;
  let total = own;
  if (depth < 4) for (const child of childrenOf(pid)) total += cpuMsOfTree(child, depth + 1) ?? 0;
  return total;
}
