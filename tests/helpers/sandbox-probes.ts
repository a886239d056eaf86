// What the sandbox attack tests share: the Python that reaches JavaScript the way issue 26
// found it, a loopback listener that counts connections, and a watcher over /proc that
// records each sandbox process group's largest resident size and finds what is left alive.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';

/**
 * Python defining `_evalgate_js()`: the child's `globalThis` by the route of issue 26
 * (a converted dict's constructor is `Object`; `sys.modules['pyodide_js._api']` hands out
 * the Emscripten module; a getter on `Object.prototype` named after a browser global
 * catches `globalThis` when a module function looks that global up), or the test seam's
 * handle when the runner exposes one, else None.
 */
export const JS_KIT = `def _evalgate_js():
    import sys
    seam = sys.modules.get("evalgate_test_js")
    if seam is not None:
        return seam.globalThis
    try:
        from pyodide.ffi import to_js, create_proxy
        Object = to_js({}).constructor
        module = sys.modules["pyodide_js._api"].public_api._module
        got = []
        grab = create_proxy(lambda this, *a: got.append(this), capture_this=True)
        Object.defineProperty(Object.prototype, "window", to_js({"get": grab, "configurable": True}, dict_converter=Object.fromEntries))
        try:
            module.screenOrientation()
        except BaseException:
            pass
        return got[0] if got else None
    except BaseException:
        return None


def _evalgate_obj(g, mapping):
    """A plain JavaScript object made with the sandbox's own Object.fromEntries."""
    return g.Object.fromEntries([[k, v] for k, v in mapping.items()])


def _evalgate_fn(f, this=False):
    """A Python function as a JavaScript function (receiving \`this\` first when asked)."""
    from pyodide.ffi import create_proxy
    return create_proxy(f, capture_this=this)
`;

/** Python that hooks `Object.prototype.toJSON` to rewrite the child's report (issue 26, attack 1 and 6). */
export function forgingHook(rewrite: string): string {
  return `${JS_KIT}
_g = _evalgate_js()
def _hook(this, *a):
    try:
        tests = this.tests
        this.stage
    except AttributeError:
        return this
${rewrite
  .split('\n')
  .map((l) => `    ${l}`)
  .join('\n')}
    return this
if _g is not None:
    _g.Object.defineProperty(_g.Object.prototype, "toJSON", _evalgate_obj(_g, {"value": _evalgate_fn(_hook, True), "configurable": True, "writable": True}))
`;
}

/** A loopback listener that counts the connections it receives. */
export async function countingListener(): Promise<{ port: number; count: () => number; close: () => Promise<void> }> {
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    count: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ProcInfo {
  pid: number;
  state: string;
  ppid: number;
  pgrp: number;
  rssBytes: number;
  /** CPU time so far, user and system, in clock ticks. */
  cpuTicks: number;
  cmdline: string;
}

/** A process as /proc shows it, or null when it is gone. */
export function procInfo(pid: number): ProcInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rss = /VmRSS:\s+(\d+) kB/.exec(status);
    return {
      pid,
      state: rest[0] ?? '?',
      ppid: Number(rest[1]),
      pgrp: Number(rest[2]),
      rssBytes: rss ? Number(rss[1]) * 1024 : 0,
      cpuTicks: Number(rest[11]) + Number(rest[12]),
      cmdline: readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '),
    };
  } catch {
    return null;
  }
}

export function allProcesses(): ProcInfo[] {
  return readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .map((n) => procInfo(Number(n)))
    .filter((p): p is ProcInfo => p !== null);
}

/** Alive: present and not a zombie. */
export const isAlive = (p: ProcInfo | null): boolean => p !== null && p.state !== 'Z' && p.state !== 'X';

/**
 * Watches the process groups of the sandbox processes a runner started (each leads its
 * own group; wrappers and the interpreter share it): the largest resident size any one
 * of them reached, sampled every 50 ms, and which are still alive.
 */
export function groupWatcher(): {
  add: (pid: number) => void;
  maxRssBytes: () => number;
  worst: () => string;
  alive: () => ProcInfo[];
  stop: () => void;
} {
  const groups = new Set<number>();
  let max = 0;
  let worst = '';
  const sample = (): void => {
    if (groups.size === 0) return;
    for (const p of allProcesses()) {
      if (!groups.has(p.pgrp) && !groups.has(p.pid)) continue;
      if (p.rssBytes > max) {
        max = p.rssBytes;
        worst = `${p.pid} ${p.cmdline.slice(0, 100)}`;
      }
    }
  };
  const timer = setInterval(sample, 50);
  timer.unref();
  return {
    add: (pid) => groups.add(pid),
    maxRssBytes: () => (sample(), max),
    worst: () => worst,
    alive: () => allProcesses().filter((p) => isAlive(p) && (groups.has(p.pgrp) || groups.has(p.pid))),
    stop: () => clearInterval(timer),
  };
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
export const GiB = 1024 * 1024 * 1024;

/** Closes a runner and asserts that none of its processes is alive and none went past 1.5 GiB. */
export async function assertNothingLeft(
  runner: { close(): Promise<void> },
  watch: ReturnType<typeof groupWatcher>,
): Promise<void> {
  await runner.close();
  await sleep(500);
  const left = watch.alive().map((p) => `${p.pid} ${p.state} ${p.cmdline.slice(0, 80)}`);
  if (left.length > 0) throw new Error(`sandbox processes left behind: ${left.join('; ')}`);
  if (watch.maxRssBytes() > 1.5 * GiB)
    throw new Error(`a sandbox process reached ${(watch.maxRssBytes() / GiB).toFixed(2)} GiB: ${watch.worst()}`);
}
