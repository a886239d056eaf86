/**
 * Which layers of the sandbox this machine allows (docs/design/sandbox.md, "Layers"). The
 * Python layer, the permission model and the supervisor are always there; the rest
 * depends on the machine and is detected once per process by trying it:
 *
 * - network and PID namespaces (`unshare`, util-linux): no network at all, and no other
 *   process to signal. Unprivileged user namespaces are often restricted — GitHub's
 *   ubuntu-24.04 runners restrict them through AppArmor — and then the layer is missing;
 * - a parent-death signal (`setpriv --pdeathsig`): the kernel ends the child with evalgate;
 * - a data-segment limit (`prlimit --data`): a hard ceiling on memory between two
 *   readings of the supervisor;
 * - a Node whose permission model denies the network (Node 25 and later).
 *
 * A missing layer is reported, never an error.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** A layer's identifier, as records keep it. */
export type SandboxLayer =
  | 'bridge-cut'
  | 'permission-model'
  | 'no-workers'
  | 'process-apis-removed'
  | 'supervisor'
  | 'memory-watch'
  | 'network-namespace'
  | 'pid-namespace'
  | 'node-network-denied'
  | 'parent-death-signal'
  | 'data-limit';

export interface SandboxLayers {
  active: SandboxLayer[];
  missing: { layer: SandboxLayer; why: string }[];
}

/** How children are started on this machine: wrappers before the Node command, and the layers. */
export interface SandboxLaunch {
  /** The command line before Node's own arguments (absolute paths). */
  prefix: (dataLimitBytes: number) => string[];
  layers: SandboxLayers;
}

/** The full path of a program on PATH, or null. */
function which(program: string, path: string | undefined): string | null {
  for (const dir of (path ?? '/usr/bin:/bin:/usr/sbin:/sbin').split(delimiter)) {
    if (!dir) continue;
    const file = join(dir, program);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return null;
}

/** Runs a probe; resolves with its exit code and the start of what it printed. */
function probe(file: string, args: string[]): Promise<{ ok: boolean; said: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { timeout: 5000, env: {} }, (error, stdout, stderr) => {
      resolve({ ok: !error, said: `${stderr}${stdout}`.trim().split('\n')[0]?.slice(0, 160) ?? '' });
    });
  });
}

const cache = new Map<string, Promise<SandboxLaunch>>();

/** The major version of a Node binary. */
async function nodeMajor(node: string): Promise<number> {
  if (node === process.execPath) return Number(process.versions.node.split('.')[0]);
  const r = await new Promise<string>((resolve) =>
    execFile(node, ['-p', 'process.versions.node'], { timeout: 10_000, env: {} }, (_e, out) => resolve(String(out))),
  );
  return Number(r.trim().split('.')[0]) || 0;
}

/** Detects the layers once per Node binary (and per `without` set, for tests). */
export function detectLaunch(node: string, without: readonly string[] = []): Promise<SandboxLaunch> {
  const key = `${node}\0${without.join(',')}`;
  let known = cache.get(key);
  if (!known) {
    known = detect(node, without);
    cache.set(key, known);
  }
  return known;
}

async function detect(node: string, without: readonly string[]): Promise<SandboxLaunch> {
  const active: SandboxLayer[] = ['bridge-cut', 'permission-model', 'no-workers', 'process-apis-removed', 'supervisor'];
  const missing: SandboxLayers['missing'] = [];
  const linux = process.platform === 'linux' && existsSync('/proc/self/status');
  const path = process.env['PATH'];
  if (linux) active.push('memory-watch');
  else missing.push({ layer: 'memory-watch', why: 'there is no /proc to read memory from' });

  // The probes run at once: a runner's first process waits for them.
  const setpriv = linux && !without.includes('setpriv') ? which('setpriv', path) : null;
  const prlimit = linux && !without.includes('prlimit') ? which('prlimit', path) : null;
  const unshare = linux && !without.includes('unshare') ? which('unshare', path) : null;
  const tryUnshare = async (): Promise<{ args: string[] | null; why: string }> => {
    if (!unshare) return { args: null, why: 'no unshare (util-linux)' };
    let why = '';
    for (const args of [
      ['--user', '--map-root-user', '--net', '--pid', '--fork', '--kill-child'],
      ...(process.getuid?.() === 0 ? [['--net', '--pid', '--fork', '--kill-child']] : []),
    ]) {
      const r = await probe(unshare, [...args, '--', 'true']);
      if (r.ok) return { args, why: '' };
      why ||= `unshare: ${r.said || 'failed'}`;
    }
    return { args: null, why };
  };
  const [major, setprivOk, prlimitOk, unshared] = await Promise.all([
    nodeMajor(node),
    setpriv ? probe(setpriv, ['--pdeathsig', 'KILL', '--', 'true']).then((r) => r.ok) : Promise.resolve(false),
    prlimit ? probe(prlimit, [`--data=${2 ** 31}`, '--', 'true']).then((r) => r.ok) : Promise.resolve(false),
    tryUnshare(),
  ]);
  const unshareArgs = unshared.args;
  const unshareWhy = unshared.why;

  if (major >= 25) active.push('node-network-denied');
  else
    missing.push({
      layer: 'node-network-denied',
      why: `Node ${major}'s permission model does not restrict the network (Node 25 and later do)`,
    });
  if (setprivOk) active.push('parent-death-signal');
  else
    missing.push({
      layer: 'parent-death-signal',
      why: setpriv ? 'setpriv --pdeathsig failed' : 'no setpriv (util-linux)',
    });
  if (prlimitOk) active.push('data-limit');
  else missing.push({ layer: 'data-limit', why: prlimit ? 'prlimit --data failed' : 'no prlimit (util-linux)' });

  if (unshareArgs) active.push('network-namespace', 'pid-namespace');
  else {
    const why = `${unshareWhy} — user namespaces are not permitted here (GitHub's ubuntu-24.04 runners restrict them through AppArmor; \`sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0\` in an earlier step allows them)`;
    missing.push({ layer: 'network-namespace', why }, { layer: 'pid-namespace', why });
  }

  return {
    layers: { active, missing },
    prefix: (dataLimitBytes) => [
      ...(setprivOk && setpriv ? [setpriv, '--pdeathsig', 'KILL', '--'] : []),
      ...(prlimitOk && prlimit ? [prlimit, `--data=${dataLimitBytes}`, '--'] : []),
      ...(unshareArgs && unshare ? [unshare, ...unshareArgs, '--'] : []),
    ],
  };
}
