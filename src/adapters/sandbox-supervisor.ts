/**
 * The client of the sandbox supervisor (sandbox/supervisor.mjs): one small process per
 * evalgate process, shared by every runner, that watches the sandbox children from
 * outside — their memory, their deadlines, evalgate's own state — and ends them all when
 * evalgate is gone, even a stopped child. Started when the first runner needs it and
 * ended when the last runner closes; it never keeps evalgate alive.
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** Why the supervisor ended a child. */
export type SupervisorKill = { reason: 'memory'; rssBytes: number } | { reason: 'deadline' | 'parent-stopped' };

export interface Supervisor {
  /** Watches a child's process group (ended with evalgate; resident memory capped when `capBytes` > 0). */
  watch(pid: number, capBytes: number): void;
  /** The child is running a case: end it if it is still at it `deadlineMs` from now. */
  busy(pid: number, deadlineMs: number): void;
  /** The child finished its work and waits for more. */
  idle(pid: number): void;
  forget(pid: number): void;
  /** Why the supervisor killed this child, if it did; waits up to `waitMs` for its word. */
  killedWhy(pid: number, waitMs: number): Promise<SupervisorKill | null>;
  /** Whether the supervisor process is running. */
  alive(): boolean;
}

let proc: ChildProcess | null = null;
let users = 0;
const kills = new Map<number, SupervisorKill>();
const waiters = new Map<number, (kill: SupervisorKill) => void>();

function start(script: string): ChildProcess {
  const child = spawn(process.execPath, [script], {
    stdio: ['pipe', 'pipe', 'ignore'],
    env: {},
    cwd: '/',
    // Its own process group: a Ctrl-C to evalgate's group does not end it before the
    // children, which it then ends itself when evalgate is gone.
    detached: true,
  });
  let buffer = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    buffer += chunk;
    for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      try {
        const m = JSON.parse(line) as { killed?: number; reason?: string; rssBytes?: number };
        if (typeof m.killed !== 'number') continue;
        const kill: SupervisorKill =
          m.reason === 'memory'
            ? { reason: 'memory', rssBytes: Number(m.rssBytes) || 0 }
            : { reason: m.reason === 'deadline' ? 'deadline' : 'parent-stopped' };
        if (kills.size > 1000) kills.clear(); // answers nobody asked for
        const waiter = waiters.get(m.killed);
        if (waiter) waiter(kill);
        else kills.set(m.killed, kill);
      } catch {
        // not a message
      }
    }
  });
  child.stdin?.on('error', () => undefined);
  child.on('exit', () => {
    if (proc === child) proc = null;
  });
  // Never what keeps evalgate running.
  child.unref();
  (child.stdout as unknown as { unref?: () => void } | null)?.unref?.();
  (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  return child;
}

const send = (message: Record<string, number>): void => {
  if (proc?.stdin?.writable) proc.stdin.write(`${JSON.stringify(message)}\n`);
};

/** Takes a share of the supervisor, starting it if needed; `release` when the runner closes. */
export function acquireSupervisor(script: string): { supervisor: Supervisor; release: () => void } {
  users++;
  proc ??= start(script);
  let released = false;
  const supervisor: Supervisor = {
    watch: (pid, capBytes) => {
      proc ??= start(script);
      send({ watch: pid, capBytes });
    },
    busy: (pid, deadlineMs) => send({ busy: pid, deadlineMs }),
    idle: (pid) => send({ idle: pid }),
    forget: (pid) => send({ forget: pid }),
    killedWhy: async (pid, waitMs) => {
      const known = kills.get(pid);
      if (known) {
        kills.delete(pid);
        return known;
      }
      if (!proc) return null;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiters.delete(pid);
          resolve(null);
        }, waitMs);
        waiters.set(pid, (kill) => {
          clearTimeout(timer);
          waiters.delete(pid);
          resolve(kill);
        });
      });
    },
    alive: () => proc !== null && proc.exitCode === null && proc.signalCode === null,
  };
  return {
    supervisor,
    release: () => {
      if (released) return;
      released = true;
      users--;
      if (users === 0 && proc) {
        proc.stdin?.end();
        proc = null;
      }
    },
  };
}
