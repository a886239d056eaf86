// bench/results-at-scale — a result file past V8's string limit (~512 MB): what
// JSON.stringify does with it, and how long evalgate takes to write it in chunks and read
// it back line by line. Prints figures; nothing here is a test assertion.
//
//   node --max-old-space-size=8000 bench/results-at-scale.ts [records]   (default 300,000)
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readResultFile, writeFileAtomic } from '../src/adapters/fs-store.ts';
import { resultChunks } from '../src/core/result-stream.ts';
import type { CaseRecord, SuiteResult } from '../src/core/types.ts';

const N = Number(process.argv[2] ?? 300_000);
const reply = 'A long reply, as reasoning models write them. '.repeat(45); // ~2 KB
const records: CaseRecord[] = Array.from({ length: N }, (_, i) => ({
  caseId: `case-${String(i).padStart(6, '0')}`,
  repeat: 0,
  inputHash: `h${i}`,
  status: 'scored',
  scores: { 'exact-match': i % 2 },
  request: { messages: [{ role: 'user', content: `question ${i}` }] },
  reply: { text: reply, servedModel: 'scripted', fingerprint: null, finishReason: 'stop' },
  usage: { inputTokens: 10, outputTokens: 500 },
  latencyMs: 100,
  error: null,
  attempts: 1,
  cached: false,
  detail: {},
}));
const result: SuiteResult = {
  schemaVersion: 1,
  tool: { name: 'evalgate', version: 'bench' },
  runId: 'bench',
  suite: { name: 'big', kind: 'exact-copy' },
  startedAt: '2026-01-01T00:00:00Z',
  finishedAt: '2026-01-01T01:00:00Z',
  tested: { dataset: { path: 'd', sha256: 'x', cases: N }, templates: {}, model: 'm', settings: {}, hash: 't' },
  instrument: { scoringVersion: 'v', primaryMetric: 'exact-match', metrics: [], settings: {}, hash: 'i' },
  aggregates: {
    cases: N,
    records: N,
    scored: N,
    errors: 0,
    refused: 0,
    metrics: {},
    usage: { inputTokens: 0, outputTokens: 0, calls: N },
    cacheHits: 0,
    retries: 0,
    cost: null,
    errorSamples: [],
  },
  records,
};

const dir = await mkdtemp(join(tmpdir(), 'evalgate-bench-results-'));
try {
  let whole: string;
  try {
    whole = JSON.stringify(result, null, 2);
    process.stdout.write(
      `JSON.stringify of the whole result: ${whole.length.toLocaleString('en-US')} characters (under the limit at this size)\n`,
    );
  } catch (error) {
    process.stdout.write(`JSON.stringify of the whole result: ${(error as Error).name}: ${(error as Error).message}\n`);
  }
  const path = join(dir, 'big.json');
  let t = performance.now();
  await writeFileAtomic(path, resultChunks(result));
  const writeMs = performance.now() - t;
  const size = (await stat(path)).size;
  t = performance.now();
  const back = await readResultFile(path);
  const readMs = performance.now() - t;
  process.stdout.write(`records: ${N.toLocaleString('en-US')}; file: ${(size / 2 ** 20).toFixed(0)} MiB\n`);
  process.stdout.write(
    `written in chunks: ${(writeMs / 1000).toFixed(1)} s; read line by line: ${(readMs / 1000).toFixed(1)} s; records read back: ${back.records.length.toLocaleString('en-US')}\n`,
  );
  process.stdout.write(`peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB; ${process.version}\n`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
