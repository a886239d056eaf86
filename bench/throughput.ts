// bench/throughput — how close evalgate gets to the ideal wall time, and to a peer tool,
// on 500 exact-copy calls against the scripted server on 127.0.0.1 (not a real model).
//
//   npm run bench:throughput            (add --no-peer to skip promptfoo)
//
// Prints figures as ratios measured in this one run; nothing here is a test assertion.
// promptfoo is installed by this script into a temporary folder (not a project dependency).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contextLinesOf, startFakeOpenAI, type FakeOpenAI, type FakeReply } from '../tests/helpers/fake-openai.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const N = 500;
const LATENCY_MS = 200;
const RATE = 50; // requests per second the rate-limited server accepts
// The case of issue 17: a provider that allows 3 requests a second, evalgate at concurrency 8
// with a plain config (no retry settings), 100 cases. Goal: done within 1.15 × N/R, no case lost.
const SLOW_RATE = 3;
const SLOW_N = 100;
const withPeer = !process.argv.includes('--no-peer');

const work = await mkdtemp(join(tmpdir(), 'evalgate-bench-'));
const cases = Array.from({ length: N }, (_, i) => {
  const lines = [
    `Filler ${i} one: the tide came in slowly.`,
    `Target ${i}: copy this line exactly, word ${i * 7} included.`,
    `Filler ${i} two: the lamps were lit at dusk.`,
  ];
  return {
    id: `c${String(i).padStart(3, '0')}`,
    question: `Which line names target ${i}?`,
    context: lines.join('\n'),
    expected: lines[1],
  };
});
await mkdir(join(work, 'p'), { recursive: true });
await writeFile(join(work, 'cases.jsonl'), cases.map((c) => JSON.stringify(c)).join('\n') + '\n');
await writeFile(
  join(work, 'slow-cases.jsonl'),
  cases
    .slice(0, SLOW_N)
    .map((c) => JSON.stringify(c))
    .join('\n') + '\n',
);
await writeFile(join(work, 'p/system.txt'), 'Copy line 2 of the text exactly.');
await writeFile(join(work, 'p/user.txt'), '{context}');

function config(concurrency: number): string {
  return `version: 1
providers:
  target: {model: bench-model, concurrency: ${concurrency}, max-tokens: 64, retry-base-delay-ms: 100, max-attempts: 20}
suites:
  - {name: bench, kind: exact-copy, provider: target, dataset: cases.jsonl, templates: {system: p/system.txt, user: p/user.txt}}
`;
}

/** A server that answers after LATENCY_MS, optionally limited to RATE req/s by 429 + Retry-After (GCRA). */
async function server(limited: boolean, latencyMs: number): Promise<FakeOpenAI> {
  const interval = 1000 / RATE;
  const burst = 5 * interval;
  let tat = 0;
  return startFakeOpenAI((req): FakeReply => {
    if (limited) {
      const now = performance.now();
      if (now < tat - burst) {
        const wait = tat - burst - now;
        return {
          status: 429,
          headers: { 'retry-after-ms': wait.toFixed(0), 'retry-after': String(Math.ceil(wait / 1000)) },
          body: { error: { message: 'rate limited' } },
        };
      }
      tat = Math.max(tat, now) + interval;
    }
    return { content: contextLinesOf(req)[1] ?? '', delayMs: latencyMs };
  });
}

function runNode(
  args: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number | null; ms: number; out: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd,
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? work, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => resolve({ code, ms: performance.now() - started, out }));
  });
}

interface Row {
  tool: string;
  setting: string;
  concurrency: number;
  ideal: number;
  wall: number;
  phase: number;
  lost: number;
  requests: number;
}
const rows: Row[] = [];

async function evalgate(concurrency: number, limited: boolean): Promise<Row> {
  const s = await server(limited, limited ? 50 : LATENCY_MS);
  const dir = join(work, `eg-${concurrency}-${limited}`);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'evalgate.yml'), config(concurrency));
  for (const f of ['cases.jsonl', 'p']) await cp(join(work, f), join(dir, f), { recursive: true });
  const r = await runNode([join(ROOT, 'dist/cli.js'), 'run', '--no-cache', '--quiet', '--out', 'out'], dir, {
    OPENAI_API_KEY: 'bench',
    OPENAI_BASE_URL: s.url,
  });
  const result = JSON.parse(await readFile(join(dir, 'out/results/bench.json'), 'utf8')) as {
    records: { status: string; scores: Record<string, number> | null }[];
  };
  const lost = N - result.records.filter((x) => x.status === 'scored' && x.scores?.['exact-match'] === 1).length;
  const times = s.requests.map((q) => q.receivedAt);
  const phase = Math.max(...times) - Math.min(...times) + (limited ? 50 : LATENCY_MS);
  const requests = s.requests.length;
  await s.close();
  const ideal = limited ? (N / RATE) * 1000 : Math.ceil(N / concurrency) * LATENCY_MS;
  if (r.code !== 0) process.stderr.write(r.out);
  return {
    tool: 'evalgate',
    setting: limited ? `server limits to ${RATE} req/s (429 + Retry-After), 50 ms replies` : `${LATENCY_MS} ms replies`,
    concurrency,
    ideal,
    wall: r.ms,
    phase,
    lost,
    requests,
  };
}

/** Issue 17's case: the fake server's own limit of SLOW_RATE req/s (a bucket as deep), a plain config, SLOW_N cases. */
async function evalgateSlowProvider(): Promise<Row> {
  const s = await startFakeOpenAI((req) => ({ content: contextLinesOf(req)[1] ?? '' }), {
    rateLimitPerSecond: SLOW_RATE,
  });
  const dir = join(work, 'eg-slow');
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'evalgate.yml'),
    `version: 1
providers:
  target: {model: bench-model, concurrency: 8}
suites:
  - {name: bench, kind: exact-copy, provider: target, dataset: cases.jsonl, templates: {system: p/system.txt, user: p/user.txt}}
`,
  );
  await cp(join(work, 'slow-cases.jsonl'), join(dir, 'cases.jsonl'));
  await cp(join(work, 'p'), join(dir, 'p'), { recursive: true });
  const r = await runNode([join(ROOT, 'dist/cli.js'), 'run', '--no-cache', '--quiet', '--out', 'out'], dir, {
    OPENAI_API_KEY: 'bench',
    OPENAI_BASE_URL: s.url,
  });
  const result = JSON.parse(await readFile(join(dir, 'out/results/bench.json'), 'utf8')) as {
    records: { status: string; scores: Record<string, number> | null }[];
  };
  const lost = SLOW_N - result.records.filter((x) => x.status === 'scored' && x.scores?.['exact-match'] === 1).length;
  const answered = s.requests.filter((q) => !q.rateLimited).map((q) => q.receivedAt);
  const first = Math.min(...s.requests.map((q) => q.receivedAt));
  const phase = Math.max(...answered) - first;
  const requests = s.requests.length;
  await s.close();
  if (r.code !== 0) process.stderr.write(r.out);
  // A full bucket lets the first SLOW_RATE through at once: the last of N can start at (N − R) / R s.
  const ideal = ((SLOW_N - SLOW_RATE) / SLOW_RATE) * 1000;
  return {
    tool: 'evalgate',
    setting: `server limits to ${SLOW_RATE} req/s (429 + Retry-After), plain config, ${SLOW_N} cases`,
    concurrency: 8,
    ideal,
    wall: r.ms,
    phase,
    lost,
    requests,
  };
}

async function promptfoo(concurrency: number): Promise<Row | string> {
  const dir = join(tmpdir(), 'evalgate-bench-promptfoo');
  const bin = join(dir, 'node_modules/promptfoo/dist/src/main.js');
  if (!existsSync(bin)) {
    await mkdir(dir, { recursive: true });
    const install = spawnSync(
      'npm',
      ['install', '--no-audit', '--no-fund', '--no-save', '--prefix', dir, 'promptfoo'],
      { encoding: 'utf8' },
    );
    if (install.status !== 0 || !existsSync(bin))
      return `promptfoo could not be installed here (${(install.stderr || '').split('\n').slice(-3).join(' ')})`;
  }
  const version = JSON.parse(await readFile(join(dir, 'node_modules/promptfoo/package.json'), 'utf8'))
    .version as string;
  const s = await server(false, LATENCY_MS);
  const pf = join(work, 'promptfoo');
  await mkdir(pf, { recursive: true });
  await writeFile(
    join(pf, 'prompt.json'),
    JSON.stringify([
      { role: 'system', content: 'Copy line 2 of the text exactly.' },
      { role: 'user', content: '{{context}}' },
    ]),
  );
  await writeFile(
    join(pf, 'tests.json'),
    JSON.stringify(
      cases.map((c) => ({ vars: { context: c.context }, assert: [{ type: 'equals', value: c.expected }] })),
    ),
  );
  await writeFile(
    join(pf, 'promptfooconfig.yaml'),
    `prompts: [file://prompt.json]
providers:
  - id: openai:chat:bench-model
    config: {apiBaseUrl: '${s.url}', apiKey: bench, temperature: 0, max_tokens: 64}
tests: file://tests.json
`,
  );
  const r = await runNode(
    [
      bin,
      'eval',
      '-c',
      'promptfooconfig.yaml',
      '--max-concurrency',
      String(concurrency),
      '--no-cache',
      '--no-progress-bar',
      '--no-table',
      '--no-write',
      '-o',
      'out.json',
    ],
    pf,
    {
      PROMPTFOO_DISABLE_TELEMETRY: '1',
      PROMPTFOO_DISABLE_UPDATE: '1',
      PROMPTFOO_CONFIG_DIR: join(pf, '.promptfoo'),
      OPENAI_API_KEY: 'bench',
    },
  );
  let passed = 0;
  try {
    const out = JSON.parse(await readFile(join(pf, 'out.json'), 'utf8')) as {
      results: { results: { success: boolean }[] };
    };
    passed = out.results.results.filter((x) => x.success).length;
  } catch {
    await s.close();
    return `promptfoo ${version} did not finish (exit ${r.code}): ${r.out.split('\n').slice(-4).join(' ')}`;
  }
  const times = s.requests.map((q) => q.receivedAt);
  const phase = Math.max(...times) - Math.min(...times) + LATENCY_MS;
  const requests = s.requests.length;
  await s.close();
  return {
    tool: `promptfoo ${version}`,
    setting: `${LATENCY_MS} ms replies`,
    concurrency,
    ideal: Math.ceil(N / concurrency) * LATENCY_MS,
    wall: r.ms,
    phase,
    lost: N - passed,
    requests,
  };
}

try {
  rows.push(await evalgate(8, false));
  rows.push(await evalgate(32, false));
  rows.push(await evalgate(32, true));
  rows.push(await evalgateSlowProvider());
  const peer = withPeer ? await promptfoo(8) : 'skipped (--no-peer)';
  if (typeof peer !== 'string') rows.push(peer);

  const s = (ms: number): string => (ms / 1000).toFixed(2);
  const lines = [
    `bench/throughput: ${N} exact-copy calls against the scripted server on 127.0.0.1 (not a real model); ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
    '',
    '| tool | server | concurrency | ideal (s) | call phase (s) | ideal ÷ call phase | process wall (s) | requests | lost cases |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.tool} | ${r.setting} | ${r.concurrency} | ${s(r.ideal)} | ${s(r.phase)} | ${(r.ideal / r.phase).toFixed(3)} | ${s(r.wall)} | ${r.requests} | ${r.lost} |`,
    ),
    '',
    `Ideal: ceil(N / concurrency) × latency; with the rate limit, N / R (for the ${SLOW_RATE} req/s server, whose bucket starts full, (N − R) / R to the last accepted request). "Call phase" runs from the first request the server received to the last reply (to the last accepted request for the ${SLOW_RATE} req/s server); "process wall" adds start-up and writing results.`,
  ];
  for (const limited of rows.filter((r) => r.setting.includes('limits'))) {
    lines.push(
      `Rate-limited completion (${limited.setting}): ${(limited.phase / limited.ideal).toFixed(3)} × N/R (goal ≤ 1.15), ${limited.lost} cases lost.`,
    );
  }
  const eg8 = rows.find((r) => r.tool === 'evalgate' && r.concurrency === 8 && !r.setting.includes('limits'));
  const pf8 = rows.find((r) => r.tool.startsWith('promptfoo'));
  if (eg8 && pf8)
    lines.push(
      `evalgate ÷ ${pf8.tool} wall time at concurrency 8: ${(eg8.wall / pf8.wall).toFixed(3)} (call phase: ${(eg8.phase / pf8.phase).toFixed(3)}).`,
    );
  else lines.push(`Peer: ${typeof peer === 'string' ? peer : 'n/a'}`);
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await rm(work, { recursive: true, force: true });
}
