// bench/compare-scale — peak RSS of what a run does after its calls, alone: `evalgate
// compare` on stored results (parse the baseline and the candidate, compare, write
// report.md, report.html, summary.json and junit.xml), at each size and for each CLI given,
// run in turn, twice, so two builds are measured in one session. No model and no server:
// the results are synthetic (tests/helpers/synthetic-results.ts; 2 % of cases failing, 1 %
// failing with HTTP 500). Prints figures, and whether each build wrote the same files as
// the first; asserts nothing.
//
//   node bench/compare-scale.ts [--cases 10000,100000] [--cli dist/cli.js,/tmp/other/cli.js]
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resultChunks } from '../src/core/result-stream.ts';
import type { SuiteResult } from '../src/core/types.ts';
import { syntheticPair } from '../tests/helpers/synthetic-results.ts';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? String(process.argv[i + 1]) : fallback;
}
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SIZES = arg('cases', '10000,100000').split(',').map(Number);
const CLIS = arg('cli', join(ROOT, 'dist/cli.js'))
  .split(',')
  .map((p) => resolve(p));
const OUTPUTS = ['report.md', 'report.html', 'summary.json', 'junit.xml'];

async function writeResult(path: string, result: SuiteResult): Promise<void> {
  const out = createWriteStream(path);
  for (const chunk of resultChunks(result))
    if (!out.write(chunk)) await new Promise<void>((done) => out.once('drain', () => done()));
  await new Promise<void>((done) => out.end(() => done()));
}

/** Runs one CLI's compare under GNU time: peak RSS (MiB), wall seconds, exit code. */
function compare(
  cli: string,
  dir: string,
  out: string,
): Promise<{ peak: number; seconds: number; code: number | null }> {
  const rss = join(dir, `${out}.time`);
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(
      '/usr/bin/time',
      [
        '-f',
        '%M',
        '-o',
        rss,
        process.execPath,
        cli,
        'compare',
        '--baseline',
        'base',
        '--candidate',
        'cand',
        '--out',
        out,
      ],
      { cwd: dir, env: { PATH: process.env['PATH'] ?? '', HOME: dir }, stdio: 'ignore' },
    );
    child.on('close', (code) => {
      void readFile(rss, 'utf8').then((text) =>
        done({
          peak: Number(text.trim().split('\n').pop()) / 1024,
          seconds: (performance.now() - started) / 1000,
          code,
        }),
      );
    });
  });
}

const work = await mkdtemp(join(tmpdir(), 'evalgate-bench-compare-'));
const loadBefore = loadavg()[0] ?? 0;
const rows: string[] = [];
try {
  for (const n of SIZES) {
    const dir = join(work, `n${n}`);
    await mkdir(join(dir, 'base'), { recursive: true });
    await mkdir(join(dir, 'cand'), { recursive: true });
    const pair = syntheticPair({ n, words: 12, fails: (i) => i % 50 === 0, errors: (i) => i % 97 === 1, suite: 'big' });
    await writeResult(join(dir, 'base', 'big.json'), pair.baseline);
    await writeResult(join(dir, 'cand', 'big.json'), pair.candidate);
    for (let round = 1; round <= 2; round++)
      for (const [i, cli] of CLIS.entries()) {
        const out = `out-${i}-${round}`;
        const r = await compare(cli, dir, out);
        let same = '—';
        if (i > 0 || round > 1) {
          const differ: string[] = [];
          for (const f of OUTPUTS)
            if (!(await readFile(join(dir, out, f))).equals(await readFile(join(dir, 'out-0-1', f)))) differ.push(f);
          same = differ.length === 0 ? 'yes' : `no: ${differ.join(', ')}`;
        }
        rows.push(
          `| ${n.toLocaleString('en-US')} | ${cli} | ${round} | ${r.peak.toFixed(0)} | ${r.seconds.toFixed(1)} | ${r.code} | ${same} |`,
        );
      }
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
process.stdout.write(
  [
    `bench/compare-scale: evalgate compare on synthetic stored results; ${process.version}; load average ${loadBefore.toFixed(1)} before, ${(loadavg()[0] ?? 0).toFixed(1)} after.`,
    '',
    '| cases | CLI | round | peak RSS (MiB) | wall (s) | exit | same files as the first CLI |',
    '|---:|---|---:|---:|---:|---:|---|',
    ...rows,
    '',
  ].join('\n'),
);
