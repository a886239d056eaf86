// No sandbox process outlives evalgate (docs/design/sandbox.md, battery item 9). A real `evalgate run`
// (the CLI from source, as users run it) gets a model whose code loops forever while it is
// imported; once a sandbox child is busy in that loop, evalgate gets SIGTERM — or, in the
// second test, SIGKILL, which it cannot catch — and within 5 s no sandbox process of that
// run may be alive (the test polls, and fails if any is still alive at 5 s). SIGTERM is handled by evalgate killing its children's process groups;
// SIGKILL by the kernel's parent-death signal where setpriv is there, and by the sandbox
// supervisor, which ends every child once evalgate is gone, even a stopped one.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { CLI_SOURCE, COMPILE_CACHE, ROOT } from '../helpers/cli.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';
import { allProcesses, isAlive, sleep } from '../helpers/sandbox-probes.ts';

const LOOPING = '```python\nwhile True:\n    pass\n\ndef execute():\n    return 42\n```\n';
const linux = process.platform === 'linux' && existsSync('/proc/self/stat');

describe('sandbox children die with evalgate', { skip: linux ? false : 'needs /proc (Linux)' }, () => {
  let server: FakeOpenAI;
  let dir: string;
  const started: ChildProcess[] = [];

  before(async () => {
    server = await startFakeOpenAI(() => ({ content: LOOPING }));
    dir = await mkdtemp(join(tmpdir(), 'evalgate-lifetime-'));
    await cp(join(ROOT, 'eval-datasets/round-trip/t01-constant'), join(dir, 'tasks/t01-constant'), { recursive: true });
    await cp(join(ROOT, 'prompts/round-trip/en'), join(dir, 'prompts'), { recursive: true });
    await writeFile(
      join(dir, 'evalgate.yml'),
      [
        'version: 1',
        'providers:',
        '  target: { model: scripted-model, max-attempts: 1 }',
        'suites:',
        '  - name: loops',
        '    kind: round-trip',
        '    provider: target',
        '    language: en',
        '    tasks: tasks',
        '    templates: { nl-to-code: prompts/nl-to-code.txt, code-to-nl: prompts/code-to-nl.txt }',
        '    cycles: 1',
        '    repeats: 1',
        '    timeout-ms: 120000', // the run's own deadline must not be what ends the loop
        '',
      ].join('\n'),
    );
  });

  after(async () => {
    for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Starts `evalgate run` and returns once one of its sandbox children is busy in the model's loop. */
  async function runUntilLooping(): Promise<{ cli: ChildProcess; sandbox: number[] }> {
    const cli = spawn(process.execPath, [CLI_SOURCE, 'run', '--no-cache', '--out', `out-${started.length}`], {
      cwd: dir,
      env: {
        PATH: process.env['PATH'] ?? '',
        OPENAI_API_KEY: 'test-key',
        OPENAI_BASE_URL: server.url,
        EVALGATE_CACHE_DIR: join(tmpdir(), 'evalgate-test-cache'),
        NODE_COMPILE_CACHE: COMPILE_CACHE,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    started.push(cli);
    let stderr = '';
    cli.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const deadline = Date.now() + 180_000; // generous: on a loaded machine a child gets a small share of a core
    for (;;) {
      assert.ok(cli.exitCode === null, `evalgate ended before the test could signal it: ${stderr}`);
      assert.ok(Date.now() < deadline, 'no sandbox child became busy in the loop within 180 s');
      const all = allProcesses();
      // Each sandbox process leads its own group; wrappers (unshare) run the interpreter
      // as their child, in the same group.
      const children = all.filter((p) => p.ppid === cli.pid && p.cmdline.includes('child.mjs'));
      const groups = children.map((p) => p.pid);
      const interpreters = all.filter((p) => groups.includes(p.pgrp) && p.cmdline.includes('child.mjs'));
      // Loading takes well under 4 s of CPU (booting Python from scratch about 3 s); a
      // child past that is running the model's loop.
      if (server.requests.length > 0 && interpreters.some((p) => p.state === 'R' && p.cpuTicks > 400)) {
        return { cli, sandbox: groups };
      }
      await sleep(250);
    }
  }

  /**
   * What is still alive of `pids` (or their process groups) 5 s after a signal: polled, so a
   * test waits only as long as the processes take to die, and `done` (evalgate's own end)
   * must hold by then too. Processes that have died do not come back, so an empty list
   * before 5 s is the same result as an empty list at 5 s.
   */
  async function aliveAfter5s(pids: readonly number[], done: () => boolean = () => true): Promise<string[]> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const left = allProcesses()
        .filter((p) => isAlive(p) && (pids.includes(p.pid) || pids.includes(p.pgrp)))
        .map((p) => `${p.pid} ${p.state} ppid ${p.ppid}: ${p.cmdline.slice(0, 120)}`);
      if ((left.length === 0 && done()) || Date.now() >= deadline) return left;
      await sleep(100);
    }
  }

  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    test(`${signal} to evalgate while model code loops at import: no sandbox process is alive 5 s later`, async () => {
      const { cli, sandbox } = await runUntilLooping();
      assert.ok(sandbox.length > 0);
      cli.kill(signal);
      const ended = (): boolean => cli.exitCode !== null || cli.signalCode !== null;
      const left = await aliveAfter5s(sandbox, ended);
      assert.deepEqual(left, [], `sandbox processes alive 5 s after ${signal}`);
      assert.ok(ended(), 'evalgate itself ended');
    });
  }

  test('the unsafe-host-python executor: SIGKILL to its parent while model code loops ends the python3 child too', async () => {
    // The host driver watches its parent from a thread of its own; RLIMIT_CPU is its backstop.
    const runnerUrl = pathToFileURL(join(ROOT, 'src/adapters/host-python-runner.ts')).href;
    const script = `import { createHostPythonRunner } from ${JSON.stringify(runnerUrl)};
const r = createHostPythonRunner({ timeoutMs: 120000 });
void r.run({ solution: 'while True:\\n    pass\\n', tests: 'from solution import x\\ndef test_a():\\n    assert x == 1\\n' });
setInterval(() => undefined, 1000);`;
    const parent = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'ignore' });
    started.push(parent);
    const deadline = Date.now() + 60_000;
    let python: number[] = [];
    while (python.length === 0) {
      assert.ok(parent.exitCode === null && Date.now() < deadline, 'the host driver never became busy');
      python = allProcesses()
        .filter((p) => p.ppid === parent.pid && p.cmdline.includes('-I -c') && p.cpuTicks > 100)
        .map((p) => p.pid);
      await sleep(250);
    }
    parent.kill('SIGKILL');
    assert.deepEqual(await aliveAfter5s(python), []);
  });
});
