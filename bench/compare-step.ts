// bench/compare-step — peak RSS of the comparison alone, without the reports: a child
// process reads a stored baseline and candidate (synthetic, as bench/compare-scale writes
// them) and exits (`parse`), or reads them and compares them (`compare`:
// compareWithBaseline with the default gate); the difference is what the comparison adds
// to the peak. Each source tree given is run in turn, three rounds, so two versions of
// src/ are measured in one session (the other one, e.g. `git archive main src tests/helpers
// | tar -x -C /tmp/old`, with node_modules linked into it). Prints figures and each
// comparison's verdict and interval, which must agree; asserts nothing.
//
//   node bench/compare-step.ts [--cases 100000] [--src .,/tmp/old]
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? String(process.argv[i + 1]) : fallback;
}
const ROOT = fileURLToPath(new URL('..', import.meta.url));

if (process.argv[2] === '--child') {
  // --child SRC DIR STAGE
  const [src, dir, stage] = process.argv.slice(3) as [string, string, string];
  const at = (p: string): string => pathToFileURL(join(src, p)).href;
  const { readResultFile } = await import(at('src/adapters/fs-store.ts'));
  const { compareWithBaseline } = await import(at('src/core/compare/index.ts'));
  const { DEFAULT_GATE } = await import(at('src/core/config/common.ts'));
  const baseline = await readResultFile(join(dir, 'base.json'));
  const candidate = await readResultFile(join(dir, 'cand.json'));
  let said = '';
  if (stage === 'compare') {
    const c = compareWithBaseline(baseline, candidate, DEFAULT_GATE);
    said = `${c.verdict} ${c.change} [${c.interval?.lower}, ${c.interval?.upper}] ${c.regressedCases.length} regressed`;
  }
  process.stdout.write(said);
} else {
  const { resultChunks } = await import('../src/core/result-stream.ts');
  const { syntheticPair } = await import('../tests/helpers/synthetic-results.ts');
  const n = Number(arg('cases', '100000'));
  const sources = arg('src', ROOT)
    .split(',')
    .map((p) => resolve(p));
  const dir = await mkdtemp(join(tmpdir(), 'evalgate-bench-step-'));
  const loadBefore = loadavg()[0] ?? 0;
  const rows: string[] = [];
  try {
    await mkdir(dir, { recursive: true });
    const pair = syntheticPair({ n, words: 12, fails: (i) => i % 50 === 0, errors: (i) => i % 97 === 1, suite: 'big' });
    for (const [file, result] of [
      ['base.json', pair.baseline],
      ['cand.json', pair.candidate],
    ] as const) {
      const out = createWriteStream(join(dir, file));
      for (const chunk of resultChunks(result))
        if (!out.write(chunk)) await new Promise<void>((done) => out.once('drain', () => done()));
      await new Promise<void>((done) => out.end(() => done()));
    }
    const run = (src: string, stage: string): Promise<{ peak: number; said: string }> =>
      new Promise((done) => {
        const time = join(dir, 'time');
        let said = '';
        const child = spawn(
          '/usr/bin/time',
          ['-f', '%M', '-o', time, process.execPath, fileURLToPath(import.meta.url), '--child', src, dir, stage],
          { stdio: ['ignore', 'pipe', 'inherit'] },
        );
        child.stdout.on('data', (d: Buffer) => (said += d.toString()));
        child.on('close', () => {
          void readFile(time, 'utf8').then((t) => done({ peak: Number(t.trim().split('\n').pop()) / 1024, said }));
        });
      });
    for (let round = 1; round <= 3; round++)
      for (const src of sources) {
        const parse = await run(src, 'parse');
        const compare = await run(src, 'compare');
        rows.push(
          `| ${n.toLocaleString('en-US')} | ${src} | ${round} | ${parse.peak.toFixed(0)} | ${compare.peak.toFixed(0)} | ${(compare.peak - parse.peak).toFixed(0)} | ${compare.said} |`,
        );
      }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  process.stdout.write(
    [
      `bench/compare-step: read, or read and compare, synthetic stored results; ${process.version}; load average ${loadBefore.toFixed(1)} before, ${(loadavg()[0] ?? 0).toFixed(1)} after.`,
      '',
      '| cases | src | round | peak RSS, read (MiB) | peak RSS, read and compare (MiB) | difference | comparison |',
      '|---:|---|---:|---:|---:|---:|---|',
      ...rows,
      '',
    ].join('\n'),
  );
}
