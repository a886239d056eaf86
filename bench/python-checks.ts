// bench/python-checks — what a prompt suite's `python` assertion costs per case (issue 30,
// item 1). Goal: ≤ 5 ms per case warm. Measured in one run, as ratios:
//
//  1. the runner: one check loaded once in warm sandbox processes and called on N replies
//     (two in flight), against running each reply in a sandbox case of its own — how
//     python checks ran before (one process per reply);
//  2. the whole CLI: a prompt suite of N and of 2N echo cases with a `contains` assertion
//     only, against the same suites with a python check as well, on the scripted server
//     on 127.0.0.1 (not a real model). The difference between N and 2N cases is the cost
//     of N more cases with the sandbox already started.
//
//   npm run bench:python-checks            (--cases N, default 400; --per-reply N, default 20)
//
// With --against DIR (another evalgate checkout, e.g. the main branch extracted with
// `git archive`), the suite with the python check also runs with that checkout's CLI
// on --against-cases cases (default 100), for the ratio against it in the same run.
//
// Prints figures; asserts nothing.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPyodideRunner } from '../src/adapters/pyodide-runner.ts';
import { startFakeOpenAI } from '../tests/helpers/fake-openai.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const N = arg('cases', 400);
const againstAt = process.argv.indexOf('--against');
const AGAINST = againstAt > 0 ? process.argv[againstAt + 1] : null;
const AGAINST_N = arg('against-cases', 100);
const PER_REPLY = arg('per-reply', 20);
const CHECK = `import json, re

def check(output, vars):
    words = re.findall(r"[a-z]+", output.lower())
    return len(words) > 0 and vars["topic"] in words
`;
const replyOf = (i: number): { output: string; vars: { topic: string; id: string } } => ({
  output: `Reply ${i}: the answer is about ${i % 3 === 0 ? 'tides' : 'lamps'} and more.`,
  vars: { topic: 'tides', id: `c${i}` },
});
const replies = Array.from({ length: N }, (_, i) => replyOf(i));

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] as number;
};
const loadBefore = loadavg()[0] ?? 0;

// 1. The runner.
// CPU time, which a busy machine does not inflate the way it does wall time: this
// process's and its sandbox processes' (read from /proc while they live). Not for the CLI
// runs: processes ended at exit are not accounted to anyone who waits.
const TICK_MS = 10; // USER_HZ is 100 on Linux
const statOf = (pid: number | 'self'): string[] => {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return [];
  }
};
const groups: number[] = [];
const sandboxCpuMs = (): number => {
  let ticks = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const f = statOf(Number(name));
    if (groups.includes(Number(f[2]))) ticks += Number(f[11]) + Number(f[12]);
  }
  return ticks * TICK_MS;
};
const ownCpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const linux = process.platform === 'linux';

const runner = createPyodideRunner({ poolSize: 2, timeoutMs: 10_000, onSpawn: (pid) => groups.push(pid) });
const session = runner.checks?.(CHECK, 'check');
if (!session) throw new Error('the runner has no python checks');
// Load the check in both processes before timing (a suite pays this once).
await Promise.all([session.call('warm', { topic: 'x' }), session.call('warm', { topic: 'x' })]);
const latencies: number[] = [];
let passed = 0;
const warmStarted = performance.now();
const warmCpuStart = ownCpuMs() + sandboxCpuMs();
{
  let next = 0;
  await Promise.all(
    Array.from({ length: 2 }, async () => {
      while (next < N) {
        const r = replies[next++] as (typeof replies)[number];
        const t = performance.now();
        const call = await session.call(r.output, r.vars);
        latencies.push(performance.now() - t);
        if (call.kind === 'value' && call.value === true) passed++;
        else if (call.kind !== 'value') throw new Error(`unexpected ${JSON.stringify(call)}`);
      }
    }),
  );
}
const warmMs = (performance.now() - warmStarted) / N;
const warmCpuMs = (ownCpuMs() + sandboxCpuMs() - warmCpuStart) / N;
if (passed !== replies.filter((r) => r.output.includes('tides')).length) throw new Error('wrong verdicts');

/** One reply as a sandbox case of its own: the check as the module under test, a test that calls it. */
const perReplyTest = (output: string, vars: Record<string, string>): string =>
  [
    'import solution as _c',
    `OUTPUT = ${JSON.stringify(output)}`,
    `VARS = ${JSON.stringify(vars)}`,
    'def test_check():',
    '    assert _c.check(OUTPUT, dict(VARS)) is True',
    '',
  ].join('\n');
const perReplyStarted = performance.now();
{
  let next = 0;
  await Promise.all(
    Array.from({ length: 2 }, async () => {
      while (next < PER_REPLY) {
        const r = replies[next++] as (typeof replies)[number];
        await runner.run({ solution: CHECK, tests: perReplyTest(r.output, r.vars) });
      }
    }),
  );
}
const perReplyMs = (performance.now() - perReplyStarted) / PER_REPLY;
await session.close();
await runner.close();

// 2. The whole CLI.
const work = await mkdtemp(join(tmpdir(), 'evalgate-bench-checks-'));
const server = await startFakeOpenAI((req) => ({ content: `Echo: ${req.messages.at(-1)?.content ?? ''}` }));
const dataset = (n: number): string =>
  Array.from({ length: n }, (_, i) => {
    const r = replyOf(i);
    return JSON.stringify({ id: `c${i}`, topic: r.vars.topic, text: r.output });
  }).join('\n') + '\n';
await writeFile(join(work, 'user.txt'), '{text}');
await writeFile(join(work, 'check.py'), CHECK);
const suite = (name: string, python: boolean): string =>
  `  - name: ${name}
    kind: prompt
    provider: fake
    dataset: data.jsonl
    templates: { user: user.txt }
    assert:
      - { type: contains, value: "Echo" }
${python ? '      - { type: python, file: check.py }\n' : ''}`;
async function cli(name: string, python: boolean, n: number, root = ROOT): Promise<number> {
  const dir = join(work, name);
  await mkdir(dir, { recursive: true });
  for (const f of ['user.txt', 'check.py']) await writeFile(join(dir, f), await readFile(join(work, f)));
  await writeFile(join(dir, 'data.jsonl'), dataset(n));
  await writeFile(
    join(dir, 'evalgate.yml'),
    `version: 1\nproviders:\n  fake: { model: fake-model, concurrency: 8 }\nsuites:\n${suite(name, python)}`,
  );
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const child = spawn(
      process.execPath,
      [join(root, 'src/cli/index.ts'), 'run', '--no-cache', '--quiet', '--out', 'out'],
      {
        cwd: dir,
        env: {
          PATH: process.env['PATH'] ?? '',
          HOME: work,
          OPENAI_API_KEY: 'bench',
          OPENAI_BASE_URL: server.url,
          EVALGATE_CACHE_DIR: join(tmpdir(), 'evalgate-bench-cache'),
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    child.on('close', () => resolve());
  });
  const ms = performance.now() - started;
  const result = JSON.parse(await readFile(join(dir, 'out/results', `${name}.json`), 'utf8')) as {
    records: { status: string }[];
  };
  const scored = result.records.filter((r) => r.status === 'scored').length;
  if (scored !== n) throw new Error(`${name}: ${scored} of ${n} records scored`);
  return ms;
}
// The python run first warms the snapshot cache, as any earlier run on the machine would.
await cli('warmup', true, N);
const echoMs = await cli('echo', false, N);
const pythonMs = await cli('python', true, N);
const echo2Ms = await cli('echo2', false, 2 * N);
const python2Ms = await cli('python2', true, 2 * N);
const marginalMs = (python2Ms - pythonMs - (echo2Ms - echoMs)) / N;
// The other checkout, and this one, on the same smaller suite.
const against = AGAINST
  ? {
      theirs: await cli('against-theirs', true, AGAINST_N, AGAINST),
      echo: await cli('against-echo', false, AGAINST_N),
      ours: await cli('against-ours', true, AGAINST_N),
    }
  : null;
await server.close();
await rm(work, { recursive: true, force: true });

process.stdout.write(
  [
    `bench/python-checks on ${process.version}, ${N} replies; load average (1 min) ${loadBefore.toFixed(1)} before, ${(loadavg()[0] ?? 0).toFixed(1)} after, on ${availableParallelism()} cores`,
    '',
    '| figure | value | goal |',
    '|---|---:|---:|',
    `| warm: per case, ${N} calls of one loaded check, 2 in flight | ${warmMs.toFixed(2)} ms | ≤ 5 ms |`,
    `| warm: one call, median / p95 | ${quantile(latencies, 0.5).toFixed(2)} / ${quantile(latencies, 0.95).toFixed(2)} ms | |`,
    ...(linux
      ? [`| warm: CPU per case, evalgate and its sandbox processes together | ${warmCpuMs.toFixed(2)} ms | ≤ 5 ms |`]
      : []),
    `| one sandbox case per reply (how checks ran before), per case, ${PER_REPLY} replies, 2 in flight | ${perReplyMs.toFixed(0)} ms | |`,
    `| ratio: warm / one case per reply | ${(warmMs / perReplyMs).toFixed(4)} | |`,
    `| CLI, ${N} / ${2 * N} echo cases, contains only | ${(echoMs / 1000).toFixed(2)} / ${(echo2Ms / 1000).toFixed(2)} s | |`,
    `| CLI, the same with a python check | ${(pythonMs / 1000).toFixed(2)} / ${(python2Ms / 1000).toFixed(2)} s | |`,
    `| ratio: with the python check / without, ${N} / ${2 * N} cases | ${(pythonMs / echoMs).toFixed(2)} / ${(python2Ms / echo2Ms).toFixed(2)} | |`,
    `| the python check's cost per case in the CLI, start-up included ((with − without) / ${N}) | ${((pythonMs - echoMs) / N).toFixed(2)} ms | |`,
    `| the python check's cost per further case in the CLI (the ${N} cases between ${N} and ${2 * N}) | ${marginalMs.toFixed(2)} ms | ≤ 5 ms |`,
    ...(against
      ? [
          `| ${AGAINST_N} cases with the python check: ${AGAINST} / this checkout / this checkout without the check | ${(against.theirs / 1000).toFixed(2)} / ${(against.ours / 1000).toFixed(2)} / ${(against.echo / 1000).toFixed(2)} s | |`,
          `| ratio: this checkout / ${AGAINST}, the check's cost per case ((with − without) / ${AGAINST_N}) | ${((against.ours - against.echo) / (against.theirs - against.echo)).toFixed(3)} (${((against.ours - against.echo) / AGAINST_N).toFixed(1)} vs ${((against.theirs - against.echo) / AGAINST_N).toFixed(1)} ms) | |`,
        ]
      : []),
    '',
  ].join('\n'),
);
