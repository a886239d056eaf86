// bench/resume-plan — what a rerun holds from its old record log while it calls: a log of
// n signed records (synthetic: tests/helpers/synthetic-results.ts) is written to disk, read
// with planResume as a run reads it (line by line, from the file), and the live heap
// (after a full collection) is taken with the plan held, less the same before it was made. One
// child process per size and source tree (`--src`, e.g. main's), so two builds compare in
// one session. Prints figures; asserts nothing.
//
//   node --expose-gc bench/resume-plan.ts [--cases 10000,100000] [--src src,/tmp/main/src]
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? String(process.argv[i + 1]) : fallback;
}
const here = fileURLToPath(import.meta.url);
const ROOT = fileURLToPath(new URL('..', import.meta.url));

if (process.argv[2] === '--child') {
  const [, , , src, path, n] = process.argv as string[];
  const gc = (globalThis as { gc?: () => void }).gc as () => void;
  const { planResume } = (await import(pathToFileURL(join(src as string, 'core/record-log.ts')).href)) as {
    planResume: (text: unknown, identity: unknown, auth: unknown) => Promise<unknown>;
  };
  const { lineSourceIfExists } = (await import(pathToFileURL(join(src as string, 'adapters/fs-store.ts')).href)) as {
    lineSourceIfExists: (path: string) => Promise<unknown>;
  };
  const auth = { tag: (text: string) => createHmac('sha256', 'bench key').update(text).digest('hex') };
  const ids = new Map<string, string>();
  const { candidate } = (await import('../tests/helpers/synthetic-results.ts')).syntheticPair({ n: Number(n) });
  for (const r of candidate.records) ids.set(r.caseId, r.inputHash);
  candidate.records.length = 0;
  const identity = { suite: 'copy', tested: 't', instrument: 'i', repeats: 1, cases: ids };
  // A first plan, let go, so what reading a log compiles and caches is not counted.
  await planResume(await lineSourceIfExists(path as string), identity, auth);
  // The value of the last await stays reachable until the next one.
  await new Promise((done) => setTimeout(done, 10));
  gc();
  const before = process.memoryUsage().heapUsed;
  const plan = (await planResume(await lineSourceIfExists(path as string), identity, auth)) as {
    finished: { length: number };
  };
  gc();
  const held = process.memoryUsage().heapUsed - before;
  const kept = plan.finished.length;
  process.stdout.write(JSON.stringify({ held, kept }));
} else {
  const SIZES = arg('cases', '10000,100000').split(',').map(Number);
  const SRCS = arg('src', join(ROOT, 'src'))
    .split(',')
    .map((p) => resolve(p));
  const { startLogLines } = await import('../src/core/record-log.ts');
  const { syntheticPair } = await import('../tests/helpers/synthetic-results.ts');
  const auth = { tag: (text: string) => createHmac('sha256', 'bench key').update(text).digest('hex') };
  const header = {
    type: 'evalgate-record-log' as const,
    version: 1 as const,
    suite: 'copy',
    runId: 'r',
    startedAt: '2026-01-01T00:00:00Z',
    tested: 't',
    instrument: 'i',
  };
  const work = await mkdtemp(join(tmpdir(), 'evalgate-bench-resume-'));
  const rows: string[] = [];
  const load = loadavg()[0] ?? 0;
  try {
    for (const n of SIZES) {
      const path = join(work, `log-${n}.jsonl`);
      await writeFile(path, [...startLogLines(header, syntheticPair({ n }).candidate.records, auth)].join(''));
      for (const src of SRCS) {
        const out = execFileSync(process.execPath, ['--expose-gc', here, '--child', src, path, String(n)], {
          encoding: 'utf8',
          maxBuffer: 1 << 20,
        });
        const { held, kept } = JSON.parse(out) as { held: number; kept: number };
        rows.push(
          `| ${n.toLocaleString('en-US')} | ${src} | ${kept} | ${(held / 1e6).toFixed(1)} | ${(held / kept).toFixed(0)} |`,
        );
      }
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  process.stdout.write(
    [
      `bench/resume-plan: the live heap a resume plan holds (after a full collection); ${process.version}; load average ${load.toFixed(1)}.`,
      '',
      '| records | source | kept | held (MB) | bytes a record |',
      '|---:|---|---:|---:|---:|',
      ...rows,
      '',
    ].join('\n'),
  );
}
