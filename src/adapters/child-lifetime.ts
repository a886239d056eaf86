/**
 * No code runner's child outlives evalgate. Every child that runs model code leads its own
 * process group (spawned `detached`); the groups registered here are killed when evalgate
 * exits or receives SIGINT, SIGTERM or SIGHUP. A SIGKILL cannot be caught: for that, the
 * Pyodide runner's children get the kernel's parent-death signal where `setpriv` is there
 * and are watched by the sandbox supervisor (sandbox-supervisor.ts), which ends them all
 * when evalgate is gone, stopped or not; the host driver watches its parent from a thread.
 */

const liveGroups = new Set<number>();
const LIFETIME_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
let hooked = false;

/** Kills a child's whole process group (the child leads it), or the child if that fails. */
export function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

function killAllGroups(): void {
  for (const pid of liveGroups) killGroup(pid);
  liveGroups.clear();
}

/**
 * Hooks process exit and the terminating signals once. A signal handler replaces Node's
 * default of dying, so after killing the children it dies of the same signal again —
 * unless another part of the program also listens for it and so decides itself.
 */
function hookLifetime(): void {
  if (hooked) return;
  hooked = true;
  process.on('exit', killAllGroups);
  for (const signal of LIFETIME_SIGNALS) {
    const onSignal = (): void => {
      killAllGroups();
      if (process.listenerCount(signal) > 1) return;
      process.removeListener(signal, onSignal);
      process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}

/** Registers a child spawned with `detached: true` until it exits. */
export function trackChildGroup(child: {
  pid?: number | undefined;
  once(event: 'exit', listener: () => void): unknown;
}): void {
  const pid = child.pid;
  if (pid === undefined) return;
  hookLifetime();
  liveGroups.add(pid);
  child.once('exit', () => liveGroups.delete(pid));
}
