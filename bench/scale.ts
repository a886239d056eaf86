// bench/scale — a run of 10,000 (or more) cases: how close evalgate gets to the ideal wall
// time, and how much memory it holds, against a server that answers every call after 50 ms.
// Two runs per size, as a pull request's workflow makes them: one writes the baseline, the
// next is compared with it. Prints figures as ratios measured in this run; asserts nothing.
//
//   npm run bench:scale [-- --cases 10000,100000 --repeat 3 --concurrency 32 --latency 50
//                           --cli dist/cli.js --node-options '--cpu-prof --cpu-prof-dir=/tmp/prof'
//                           --node-flags '--v8-pool-size=1' --env K=V,K=V --runs baseline]
//
// The server is a minimal OpenAI-compatible one in this process (it keeps no request), on
// 127.0.0.1; it is not a model. Peak RSS is the CLI process's own (GNU time's %M); with two
// sizes or more, the peak at the largest over the peak at the smallest says how flat memory is.
// The same build's peak moves by up to 18 MiB from one run to the next (the malloc arenas of
// V8's compiler threads, docs/performance.md), so one round cannot tell a ratio of 1.08 from 1.12: `--repeat N` makes N
// rounds, the sizes interleaved in each (10,000, 100,000, 10,000, 100,000, …) so a change in
// the machine's load falls on both, and prints each size's median and range and the ratio
// of the medians with the range of the rounds' ratios. One round (the default) prints what
// it always did.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? String(process.argv[i + 1]) : fallback;
}
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SIZES = arg('cases', '10000,100000').split(',').map(Number);
/** Rounds: each size run this many times, the sizes interleaved. */
const REPEAT = Math.max(1, Math.floor(Number(arg('repeat', '1'))) || 1);
const CONCURRENCY = Number(arg('concurrency', '32'));
const LATENCY_MS = Number(arg('latency', '50'));
const TIME = '/usr/bin/time';
/** The CLI to measure (another build, to compare versions). */
const CLI = resolve(arg('cli', join(ROOT, 'dist/cli.js')));
/** NODE_OPTIONS for the CLI (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where its CPU goes). */
const NODE_OPTIONS = arg('node-options', '');
/**
 * Flags on the CLI's node command line, space-separated: those NODE_OPTIONS does not take
 * (`--v8-pool-size=1`, `--single-threaded`).
 */
const NODE_FLAGS = arg('node-flags', '').split(' ').filter(Boolean);
/** Which runs to make per size: `both` (default), or `baseline` for the baseline run alone. */
const RUNS = arg('runs', 'both');
/** More environment for the CLI, `K=V,K=V` (e.g. `MALLOC_MMAP_THRESHOLD_=131072` to see what malloc keeps). */
const EXTRA_ENV = Object.fromEntries(
  arg('env', '')
    .split(',')
    .filter((kv) => kv.includes('='))
    .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
);

/** Answers line 2 of the context after LATENCY_MS; counts calls and when they came. */
async function startServer(): Promise<{
  url: string;
  calls: () => number;
  replied: () => number;
  span: () => number;
  reset: () => void;
  close: () => Promise<void>;
}> {
  let calls = 0;
  let replied = 0;
  let first = Number.POSITIVE_INFINITY;
  let last = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const now = performance.now();
      calls++;
      first = Math.min(first, now);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        messages: { role: string; content: string }[];
      };
      const user = body.messages.filter((m) => m.role === 'user').pop()?.content ?? '';
      const context = /<context>\n([\s\S]*?)\n<\/context>/.exec(user)?.[1] ?? user;
      const content = context.split('\n')[1] ?? '';
      setTimeout(() => {
        replied++;
        last = Math.max(last, performance.now());
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'x',
            object: 'chat.completion',
            created: 0,
            model: 'bench-server (not a model)',
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 40, completion_tokens: 12, total_tokens: 52 },
          }),
        );
      }, LATENCY_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}/v1`,
    calls: () => calls,
    replied: () => replied,
    span: () => last - first,
    reset: () => {
      calls = 0;
      replied = 0;
      first = Number.POSITIVE_INFINITY;
      last = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The peak RSS (VmHWM, MiB) so far of the process a GNU time process runs, or null. */
function peakSoFar(timePid: number | undefined): number | null {
  try {
    const child = readFileSync(`/proc/${timePid}/task/${timePid}/children`, 'utf8').trim().split(' ')[0];
    const status = readFileSync(`/proc/${child}/status`, 'utf8');
    const kib = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kib === undefined ? null : Number(kib) / 1024;
  } catch {
    return null;
  }
}

/** The CPU seconds (user + system) so far of the process a GNU time process runs, or null. */
function cpuSoFar(timePid: number | undefined): number | null {
  try {
    const child = readFileSync(`/proc/${timePid}/task/${timePid}/children`, 'utf8').trim().split(' ')[0];
    const stat = readFileSync(`/proc/${child}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * Runs the CLI under GNU time; its wall time, exit code, peak RSS and CPU seconds, and its
 * peak RSS up to the server's last reply (`callsDone` tells when that is): the call phase's.
 * Its CPU seconds are also sampled when the server gets its first request (`callsStarted`)
 * and sends its last reply: start-up and loading, and the work after the calls.
 */
function runCli(
  args: string[],
  cwd: string,
  env: Record<string, string>,
  callsDone: () => boolean = () => false,
  callsStarted: () => boolean = () => false,
): Promise<{
  ms: number;
  code: number | null;
  peakMiB: number;
  callPeakMiB: number | null;
  cpu: number;
  cpuAtFirstCall: number | null;
  cpuAtLastReply: number | null;
  out: string;
}> {
  const rssFile = join(cwd, `rss-${Date.now()}.txt`);
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(TIME, ['-f', '%M %U %S', '-o', rssFile, process.execPath, ...NODE_FLAGS, CLI, ...args], {
      cwd,
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: cwd,
        ...(NODE_OPTIONS ? { NODE_OPTIONS } : {}),
        ...EXTRA_ENV,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Sampled until the last reply: the peak of the loading and call phases, before results are written.
    let callPeakMiB: number | null = null;
    let cpuAtFirstCall: number | null = null;
    let cpuAtLastReply: number | null = null;
    const sampler = setInterval(() => {
      if (callsDone()) {
        cpuAtLastReply = cpuSoFar(child.pid);
        clearInterval(sampler);
        return;
      }
      if (cpuAtFirstCall === null && callsStarted()) cpuAtFirstCall = cpuSoFar(child.pid);
      callPeakMiB = peakSoFar(child.pid) ?? callPeakMiB;
    }, 50);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => void finished(code));
    const finished = async (code: number | null): Promise<void> => {
      const ms = performance.now() - started;
      const [kib, user, system] = ((await readFile(rssFile, 'utf8')).trim().split('\n').pop() ?? '')
        .split(' ')
        .map(Number);
      clearInterval(sampler);
      resolve({
        ms,
        code,
        peakMiB: (kib as number) / 1024,
        callPeakMiB,
        cpu: (user as number) + (system as number),
        cpuAtFirstCall,
        cpuAtLastReply,
        out,
      });
    };
  });
}

const work = await mkdtemp(join(tmpdir(), 'evalgate-bench-scale-'));
const server = await startServer();
const loadBefore = loadavg()[0] ?? 0;
const rows: string[] = [];
/** What each run measured, by round, run and number of cases. */
interface Measured {
  round: number;
  label: string;
  n: number;
  peakMiB: number;
  callPeakMiB: number | null;
  idealOverWall: number;
  cpuAfter: number | null;
  load: number;
}
const measured: Measured[] = [];
const RUN_LABELS = ['baseline run (--update-baseline)', 'compared run'] as const;
try {
  for (let round = 1; round <= REPEAT; round++) {
    for (const n of SIZES) {
      const dir = join(work, `n${n}`);
      await mkdir(join(dir, 'p'), { recursive: true });
      const lines: string[] = [];
      for (let i = 0; i < n; i++) {
        const context = [
          `Filler ${i} one: the tide came in slowly over the flats.`,
          `Target ${i}: copy this line exactly, word ${i * 7} included.`,
          `Filler ${i} two: the lamps were lit at dusk along the quay.`,
        ].join('\n');
        lines.push(
          JSON.stringify({
            id: `c${String(i).padStart(6, '0')}`,
            question: `Which line names target ${i}?`,
            context,
            expected: `Target ${i}: copy this line exactly, word ${i * 7} included.`,
          }),
        );
      }
      await writeFile(join(dir, 'cases.jsonl'), `${lines.join('\n')}\n`);
      await writeFile(join(dir, 'p/system.txt'), 'Copy line 2 of the text exactly.');
      await writeFile(join(dir, 'p/user.txt'), '<context>\n{context}\n</context>');
      await writeFile(
        join(dir, 'evalgate.yml'),
        `version: 1
providers:
  target: {model: bench-model, concurrency: ${CONCURRENCY}, max-tokens: 64}
suites:
  - {name: bench, kind: exact-copy, provider: target, dataset: cases.jsonl, templates: {system: p/system.txt, user: p/user.txt}}
`,
      );
      const env = { OPENAI_API_KEY: 'bench', OPENAI_BASE_URL: server.url };
      const ideal = Math.ceil(n / CONCURRENCY) * LATENCY_MS;
      for (const label of RUN_LABELS) {
        if (RUNS === 'baseline' && label === 'compared run') continue;
        const args =
          label === 'compared run'
            ? ['run', '--no-cache', '--quiet', '--out', 'out']
            : ['run', '--no-cache', '--quiet', '--update-baseline', '--out', 'out-base'];
        server.reset();
        const r = await runCli(
          args,
          dir,
          env,
          () => server.replied() >= n,
          () => server.calls() > 0,
        );
        if (r.code !== 0 && r.code !== 1) process.stderr.write(r.out);
        const phase = server.span() + LATENCY_MS;
        measured.push({
          round,
          label,
          n,
          peakMiB: r.peakMiB,
          callPeakMiB: r.callPeakMiB,
          idealOverWall: ideal / r.ms,
          cpuAfter: r.cpuAtLastReply === null ? null : r.cpu - r.cpuAtLastReply,
          load: loadavg()[0] ?? 0,
        });
        rows.push(
          `| ${REPEAT > 1 ? `${round} | ` : ''}${n.toLocaleString('en-US')} | ${label} | ${(ideal / 1000).toFixed(2)} | ${(phase / 1000).toFixed(2)} | ${(ideal / phase).toFixed(3)} | ${(r.ms / 1000).toFixed(2)} | ${(ideal / r.ms).toFixed(3)} | ${r.peakMiB.toFixed(0)} | ${r.callPeakMiB?.toFixed(0) ?? '?'} | ${r.cpu.toFixed(1)} | ${((1000 * r.cpu) / n).toFixed(2)} | ${r.cpuAtFirstCall?.toFixed(2) ?? '?'} | ${r.cpuAtLastReply === null ? '?' : (r.cpu - r.cpuAtLastReply).toFixed(2)} | ${server.calls()} | ${r.code} |`,
        );
      }
      await rm(dir, { recursive: true, force: true });
    }
  }
} finally {
  await server.close();
  await rm(work, { recursive: true, force: true });
}
const loadAfter = loadavg()[0] ?? 0;
const [small, large] = [Math.min(...SIZES), Math.max(...SIZES)];
const short = (label: string): string => label.replace(/ \(.*\)$/, '');
const labels = RUN_LABELS.filter((label) => measured.some((m) => m.label === label));
const of = (label: string, n: number): Measured[] => measured.filter((m) => m.label === label && m.n === n);
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
/** `median (lowest–highest)`, or `?` when nothing was measured. */
const spread = (xs: number[], digits: number): string =>
  xs.length === 0
    ? '?'
    : xs.length === 1
      ? (xs[0] as number).toFixed(digits)
      : `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;
/** Per run: the peak at the largest size over the peak at the smallest (1.00 is flat). */
const ratios = (pick: (m: Measured) => number | null): string =>
  labels
    .map((label) => {
      const at = (n: number): number[] =>
        of(label, n)
          .map(pick)
          .filter((x): x is number => x !== null);
      if (REPEAT === 1) return `${short(label)} ${((at(large)[0] ?? 0) / (at(small)[0] ?? 1)).toFixed(2)}`;
      // Each round's ratio: its largest size over its smallest, both runs of the same round.
      const perRound: number[] = [];
      for (let round = 1; round <= REPEAT; round++) {
        const big = of(label, large).find((m) => m.round === round);
        const little = of(label, small).find((m) => m.round === round);
        const [b, l] = [big && pick(big), little && pick(little)];
        if (typeof b === 'number' && typeof l === 'number') perRound.push(b / l);
      }
      const ofMedians = median(at(large)) / median(at(small));
      return `${short(label)} ${ofMedians.toFixed(2)} (rounds ${Math.min(...perRound).toFixed(2)}–${Math.max(...perRound).toFixed(2)})`;
    })
    .join(', ');
const flatness =
  small === large
    ? []
    : REPEAT === 1
      ? [
          `Peak RSS at ${large.toLocaleString('en-US')} cases ÷ at ${small.toLocaleString('en-US')} (1.00 is flat): ${ratios((m) => m.peakMiB)}; to the last reply (the call phase): ${ratios((m) => m.callPeakMiB)}.`,
          '',
        ]
      : [
          `Peak RSS at ${large.toLocaleString('en-US')} cases ÷ at ${small.toLocaleString('en-US')} (1.00 is flat), the ratio of the medians (the lowest and highest of the ${REPEAT} rounds' ratios): ${ratios((m) => m.peakMiB)}; to the last reply (the call phase): ${ratios((m) => m.callPeakMiB)}.`,
          '',
        ];
const summary =
  REPEAT === 1
    ? []
    : [
        `Over ${REPEAT} rounds, median (lowest–highest):`,
        '',
        '| cases | run | peak RSS (MiB) | to last reply (MiB) | ideal ÷ wall | CPU after last reply (s) | load average after each run |',
        '|---:|---|---:|---:|---:|---:|---|',
        ...labels.flatMap((label) =>
          SIZES.map((n) => {
            const ms = of(label, n);
            const nums = (pick: (m: Measured) => number | null): number[] =>
              ms.map(pick).filter((x): x is number => x !== null);
            return `| ${n.toLocaleString('en-US')} | ${short(label)} | ${spread(
              nums((m) => m.peakMiB),
              0,
            )} | ${spread(
              nums((m) => m.callPeakMiB),
              0,
            )} | ${spread(
              nums((m) => m.idealOverWall),
              3,
            )} | ${spread(
              nums((m) => m.cpuAfter),
              2,
            )} | ${ms.map((m) => m.load.toFixed(1)).join(', ')} |`;
          }),
        ),
        '',
      ];
process.stdout.write(
  [
    `bench/scale: exact-copy cases against a server on 127.0.0.1 answering after ${LATENCY_MS} ms (not a model), concurrency ${CONCURRENCY}; ${process.version}${NODE_FLAGS.length > 0 ? `; node flags ${NODE_FLAGS.join(' ')}` : ''}; load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after.`,
    '',
    `| ${REPEAT > 1 ? 'round | ' : ''}cases | run | ideal (s) | call phase (s) | ideal ÷ call phase | process wall (s) | ideal ÷ wall | peak RSS (MiB) | to last reply (MiB) | CPU (s) | CPU per case (ms) | CPU to first call (s) | CPU after last reply (s) | calls | exit |`,
    `|${REPEAT > 1 ? '---:|' : ''}---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`,
    ...rows,
    '',
    ...summary,
    ...flatness,
    `Ideal: ceil(cases / ${CONCURRENCY}) × ${LATENCY_MS} ms. Call phase: the server's first request to its last reply; process wall adds start-up, loading, writing results and the comparison. To last reply: the CLI's peak RSS (VmHWM) sampled every 50 ms until the server sends its last reply, so loading and the call phase without writing results and reports. CPU: the CLI process's user + system time (GNU time); on a machine shared with other work the call phase stretches when the CLI cannot get a core, CPU per case does not. CPU to first call and after last reply: the CLI's CPU (from /proc, every 50 ms) when the server gets its first request, and its whole CPU less that at the server's last reply — start-up and loading, and the work after the calls, the two parts of the wall time the calls do not fill.`,
    '',
  ].join('\n'),
);
