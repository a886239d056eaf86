// bench/dataset-formats — how a run's memory grows with its dataset, per format (JSON
// Lines, CSV, a JSON array): a prompt suite of 10,000 and of 100,000 cases is loaded and
// run under --max-calls (a few calls, so the figure is the cases held, not the calls), and
// the CLI's peak RSS at the largest size over that at the smallest is printed (1.00 is
// flat). Each CLI given is measured in turn in one session, so two builds compare. Then a
// full run of a small set per format with each CLI: its result file, timings and run ids
// left out, must be the same for every CLI. Prints figures; asserts nothing.
//
//   node bench/dataset-formats.ts [--cases 10000,100000] [--formats jsonl,csv,json]
//                                 [--cli dist/cli.js,/tmp/main-dist/cli.js] [--check 300]
//
// The server is a minimal OpenAI-compatible one in this process on 127.0.0.1 (it answers
// with the prompt's last line at once); it is not a model.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { startFakeOpenAI, type FakeOpenAI } from '../tests/helpers/fake-openai.ts';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? String(process.argv[i + 1]) : fallback;
}
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SIZES = arg('cases', '10000,100000').split(',').map(Number);
const FORMATS = arg('formats', 'jsonl,csv,json').split(',') as ('jsonl' | 'csv' | 'json')[];
const CLIS = arg('cli', join(ROOT, 'dist/cli.js'))
  .split(',')
  .map((p) => resolve(p));
const CHECK = Number(arg('check', '300'));

/** The project's fake server, answering each call with the last line of its last user message. */
function startServer(): Promise<FakeOpenAI> {
  return startFakeOpenAI((req) => ({
    content:
      req.messages
        .filter((m) => m.role === 'user')
        .pop()
        ?.content.split('\n')
        .pop() ?? '',
    usage: { prompt_tokens: 30, completion_tokens: 8 },
  }));
}

/** Case i's columns: an id, a question over two lines (a quoted line break in CSV), an answer. */
function row(i: number): { id: string; question: string; answer: string } {
  const answer = `answer ${i}, "quoted" — ü`;
  return {
    id: `c${String(i).padStart(6, '0')}`,
    question: `Question ${i}: which line comes last? Filler to give the row some length.\n${answer}`,
    answer,
  };
}

/** The dataset of n cases in a format. */
function dataset(format: 'jsonl' | 'csv' | 'json', n: number): string {
  const rows = Array.from({ length: n }, (_, i) => row(i));
  const csvField = (v: string): string => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  if (format === 'jsonl') return `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`;
  if (format === 'json') return `[\n${rows.map((r) => `  ${JSON.stringify(r)}`).join(',\n')}\n]\n`;
  return `id,question,answer\r\n${rows.map((r) => [r.id, r.question, r.answer].map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** Runs a CLI under GNU time: peak RSS (MiB), wall seconds, exit code, output. */
function run(
  cli: string,
  dir: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ peak: number; seconds: number; code: number | null; out: string }> {
  const rss = join(dir, `time-${Date.now()}.txt`);
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn('/usr/bin/time', ['-f', '%M', '-o', rss, process.execPath, cli, ...args], {
      cwd: dir,
      env: { PATH: process.env['PATH'] ?? '', HOME: dir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => {
      void readFile(rss, 'utf8').then((text) =>
        done({
          peak: Number(text.trim().split('\n').pop()) / 1024,
          seconds: (performance.now() - started) / 1000,
          code,
          out,
        }),
      );
    });
  });
}

/** A result file without what differs from run to run (times, ids of the run, latencies). */
function normalized(text: string): string {
  const volatile = /(At|Ms|latency|runId|toolVersion|duration)$/i;
  const strip = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(strip)
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .filter(([k]) => !volatile.test(k))
              .map(([k, x]) => [k, strip(x)]),
          )
        : v;
  return JSON.stringify(strip(JSON.parse(text)));
}

const work = await mkdtemp(join(tmpdir(), 'evalgate-bench-formats-'));
const server = await startServer();
const env = { OPENAI_API_KEY: 'bench', OPENAI_BASE_URL: server.url };
const loadBefore = loadavg()[0] ?? 0;
const rows: string[] = [];
const ratios: string[] = [];
const checks: string[] = [];
try {
  for (const format of FORMATS) {
    const dir = join(work, format);
    await mkdir(join(dir, 'p'), { recursive: true });
    await writeFile(join(dir, 'p/user.txt'), 'Say the last line of this question.\n{question}');
    await writeFile(
      join(dir, 'evalgate.yml'),
      `version: 1
providers:
  target: {model: bench-model, concurrency: 8, max-tokens: 32}
suites:
  - name: bench
    kind: prompt
    provider: target
    dataset: cases.${format}
    templates: {user: p/user.txt}
    assert:
      - {type: contains, value: "{answer}"}
`,
    );
    const peaks = new Map<string, Map<number, number>>();
    for (const n of SIZES) {
      await writeFile(join(dir, `cases.${format}`), dataset(format, n));
      for (const cli of CLIS) {
        const r = await run(cli, dir, ['run', '--no-cache', '--quiet', '--max-calls', '64', '--out', 'out'], env);
        if (r.code !== 3) process.stderr.write(`${cli} ${format} ${n}: exit ${r.code}\n${r.out}\n`);
        peaks.set(cli, (peaks.get(cli) ?? new Map<number, number>()).set(n, r.peak));
        rows.push(
          `| ${format} | ${n.toLocaleString('en-US')} | ${cli} | ${r.peak.toFixed(0)} | ${r.seconds.toFixed(1)} | ${r.code} |`,
        );
        await rm(join(dir, 'out'), { recursive: true, force: true });
      }
    }
    const [small, large] = [Math.min(...SIZES), Math.max(...SIZES)];
    if (small !== large)
      for (const [cli, byN] of peaks)
        ratios.push(`| ${format} | ${cli} | ${((byN.get(large) ?? 0) / (byN.get(small) ?? 1)).toFixed(2)} |`);
    // The same results from every CLI: a full run of CHECK cases each.
    if (CHECK > 0) {
      await writeFile(join(dir, `cases.${format}`), dataset(format, CHECK));
      let first: string | null = null;
      for (const [i, cli] of CLIS.entries()) {
        const out = `check-${i}`;
        const r = await run(cli, dir, ['run', '--no-cache', '--quiet', '--out', out], env);
        const result = normalized(await readFile(join(dir, out, 'results', 'bench.json'), 'utf8'));
        first ??= result;
        checks.push(
          `| ${format} | ${CHECK} | ${cli} | ${r.code} | ${i === 0 ? '—' : result === first ? 'yes' : 'NO'} |`,
        );
      }
    }
    await rm(dir, { recursive: true, force: true });
  }
} finally {
  await server.close();
  await rm(work, { recursive: true, force: true });
}
process.stdout.write(
  [
    `bench/dataset-formats: a prompt suite per dataset format, run with --max-calls 64 against a server on 127.0.0.1 (not a model); ${process.version}; load average ${loadBefore.toFixed(1)} before, ${(loadavg()[0] ?? 0).toFixed(1)} after.`,
    '',
    '| format | cases | CLI | peak RSS (MiB) | wall (s) | exit |',
    '|---|---:|---|---:|---:|---:|',
    ...rows,
    '',
    `Peak RSS at ${Math.max(...SIZES).toLocaleString('en-US')} cases ÷ at ${Math.min(...SIZES).toLocaleString('en-US')} (1.00 is flat):`,
    '',
    '| format | CLI | ratio |',
    '|---|---|---:|',
    ...ratios,
    '',
    'A full run per format with each CLI (result file without times and run ids):',
    '',
    '| format | cases | CLI | exit | same result as the first CLI |',
    '|---|---:|---|---:|---|',
    ...checks,
    '',
  ].join('\n'),
);
