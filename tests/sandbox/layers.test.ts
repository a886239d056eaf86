// The sandbox's layers (docs/design/sandbox.md, "Layers"): what is detected is what is
// used — where the network namespace is reported active, a process started the way the
// runner starts its children reaches nothing, while the same process without it does —
// and the report's sandbox line names the active layers and, for a missing one, why.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, it } from 'node:test';
import { detectLaunch } from '../../src/adapters/sandbox-layers.ts';
import { missingLayersOf, sandboxLine } from '../../src/core/report/sandbox-line.ts';
import { countingListener, sleep } from '../helpers/sandbox-probes.ts';

const linux = process.platform === 'linux';

/** Runs `node -e <connect to port>` behind the given wrappers; resolves when it exits. */
function connectFrom(prefix: string[], port: number): Promise<void> {
  const command = [
    ...prefix,
    process.execPath,
    '-e',
    `require('net').connect(${port}, '127.0.0.1').on('error', () => {})`,
  ];
  return new Promise((resolve) => {
    const child = spawn(command[0] as string, command.slice(1), { stdio: 'ignore', env: {} });
    child.on('exit', () => resolve());
  });
}

describe('sandbox layers', () => {
  it(
    'the detected network namespace really keeps a process off the network',
    { skip: !linux && 'Linux only' },
    async () => {
      const launch = await detectLaunch(process.execPath);
      const listener = await countingListener();
      try {
        await connectFrom([], listener.port);
        await sleep(200);
        assert.equal(listener.count(), 1, 'without the wrappers the probe connects (the listener counts)');
        if (!launch.layers.active.includes('network-namespace')) {
          const why = launch.layers.missing.find((m) => m.layer === 'network-namespace')?.why ?? '';
          assert.match(why, /user namespaces|unshare/, 'a missing namespace says why');
          return;
        }
        await connectFrom(launch.prefix(2 ** 31), listener.port);
        await sleep(200);
        assert.equal(listener.count(), 1, 'the probe behind the wrappers connected');
      } finally {
        await listener.close();
      }
    },
  );

  it('a layer left out is reported missing, never an error', async () => {
    const launch = await detectLaunch(process.execPath, ['unshare', 'setpriv', 'prlimit']);
    const missing: string[] = launch.layers.missing.map((m) => m.layer);
    for (const layer of ['network-namespace', 'pid-namespace', 'parent-death-signal', 'data-limit'])
      assert.ok(missing.includes(layer), layer);
    assert.deepEqual(launch.prefix(2 ** 31), []);
    for (const layer of ['bridge-cut', 'permission-model', 'supervisor'])
      assert.ok(launch.layers.active.includes(layer as never));
  });

  it("the report's sandbox line names active and missing layers, and only known ones", () => {
    const all = sandboxLine([], 'en') ?? '';
    assert.match(all, /^Sandbox: 11 of 11 layers active \(Python cut off from JavaScript, /);
    assert.doesNotMatch(all, /Missing/);
    const some = sandboxLine(['network-namespace', 'pid-namespace', 'node-network-denied'], 'en') ?? '';
    assert.match(some, /8 of 11 layers active/);
    assert.match(some, /a network namespace and a PID namespace — user namespaces are not permitted/);
    assert.match(some, /apparmor_restrict_unprivileged_userns=0/);
    assert.match(some, /Note: with neither a network namespace nor Node denying it/);
    assert.match(sandboxLine(['data-limit'], 'ja') ?? '', /^サンドボックス：11 層のうち 10 層が有効/);
    // Records are read back as written by anyone: unknown ids are not shown.
    assert.deepEqual(missingLayersOf([{ sandboxMissing: ['pid-namespace', '<img src=x>'] }, {}]), ['pid-namespace']);
    assert.equal(missingLayersOf([{}, null]), null);
  });
});
