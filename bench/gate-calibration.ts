// bench/gate-calibration — how often the gate fails a PR that changed nothing, how often
// it catches a real drop, and how well its intervals cover the truth, by simulation.
//
//   npm run bench:calibration [-- --reps 1000 --resamples 2000]
//
// Paired data with a known true relative change (0, −5%, −10%, −20%) are generated for
// three metric shapes and n = 25…500, and every replication goes through the real
// comparison code (compareWithBaseline; the strict policy through the same decideGate on
// the same interval). Seeded: the same arguments print the same table.
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { compareWithBaseline } from '../src/core/compare.ts';
import { DEFAULT_GATE } from '../src/core/config.ts';
import { decideGate } from '../src/core/stats/gate.ts';
import { normalCdf } from '../src/core/stats/normal.ts';
import { createRandom, type Random } from '../src/core/stats/random.ts';
import type { CaseRecord, SuiteResult } from '../src/core/types.ts';

const SHAPES = ['binary', 'judge', 'l2'] as const;
type Shape = (typeof SHAPES)[number];
const SIZES = [25, 50, 100, 200, 500];
const CHANGES = [0, -0.05, -0.1, -0.2];

interface Cell { shape: Shape; n: number; change: number; reps: number; resamples: number }
interface CellResult extends Cell { sig: number; strict: number; naive: number; covered: number; inconclusive: number }

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

// ---- data generators -------------------------------------------------------------

function uniform(r: Random): number {
  return (r.nextUint32() + 0.5) / 2 ** 32;
}
function normal(r: Random): number {
  return Math.sqrt(-2 * Math.log(uniform(r))) * Math.cos(2 * Math.PI * uniform(r));
}

/** An ordinal score from a latent quality: lo + number of thresholds below it. */
interface Ordinal { lo: number; thresholds: number[]; noise: number }
const JUDGE: Ordinal = { lo: 1, thresholds: [-2.0, -1.3, -0.4, 0.6], noise: 0.5 };
const L2: Ordinal = { lo: 0, thresholds: Array.from({ length: 10 }, (_, k) => -2.2 + 0.23 * k), noise: 0.6 };

function expectedScore(o: Ordinal, shift: number): number {
  const s = Math.sqrt(1 + o.noise * o.noise);
  return o.lo + o.thresholds.reduce((sum, t) => sum + normalCdf((shift - t) / s), 0);
}

/** The latent shift that makes E[candidate] = (1 + change) · E[baseline], by bisection. */
function shiftFor(o: Ordinal, change: number): number {
  const target = (1 + change) * expectedScore(o, 0);
  let lo = -5;
  let hi = 5;
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (expectedScore(o, mid) < target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

function ordinal(o: Ordinal, x: number): number {
  let score = o.lo;
  for (const t of o.thresholds) if (x > t) score++;
  return score;
}

/** Binary pairs at p = 0.8 with 12% discordant pairs at no change (c = fail→pass, b = pass→fail). */
function binaryCells(change: number): { b: number; c: number } {
  const c = Math.max(0, 0.06 + 0.4 * change);
  return { b: c - 0.8 * change, c };
}

function generate(shape: Shape, n: number, change: number, r: Random): { base: number[]; cand: number[] } {
  const base: number[] = [];
  const cand: number[] = [];
  if (shape === 'binary') {
    const { b, c } = binaryCells(change);
    for (let i = 0; i < n; i++) {
      const u = uniform(r);
      if (u < b) { base.push(1); cand.push(0); } else if (u < b + c) { base.push(0); cand.push(1); } else if (u < 0.8 + c) { base.push(1); cand.push(1); } else { base.push(0); cand.push(0); }
    }
    return { base, cand };
  }
  const o = shape === 'judge' ? JUDGE : L2;
  const shift = shiftFor(o, change);
  for (let i = 0; i < n; i++) {
    const z = normal(r);
    base.push(ordinal(o, z + o.noise * normal(r)));
    cand.push(ordinal(o, z + shift + o.noise * normal(r)));
  }
  return { base, cand };
}

// ---- the real comparison ---------------------------------------------------------

function result(values: number[], runId: string, binary: boolean): SuiteResult {
  const records = values.map((v, i): CaseRecord => ({
    caseId: String(i), repeat: 0, inputHash: String(i), status: 'scored', scores: { m: v }, request: { messages: [] },
    reply: null, usage: null, latencyMs: null, error: null, attempts: 1, cached: false, detail: {},
  }));
  return {
    schemaVersion: 1, tool: { name: 'evalgate', version: 'bench' }, runId, suite: { name: 'sim', kind: 'exact-copy' }, startedAt: '', finishedAt: '',
    tested: { dataset: { path: '', sha256: '', cases: values.length }, templates: {}, model: 'sim', settings: {}, hash: 't' },
    instrument: { scoringVersion: 'sim', primaryMetric: 'm', metrics: [{ name: 'm', binary, higherIsBetter: true }], settings: {}, hash: 'i' },
    aggregates: { cases: values.length, records: values.length, scored: values.length, errors: 0, refused: 0, metrics: {}, usage: { inputTokens: 0, outputTokens: 0, calls: 0 }, cacheHits: 0, retries: 0, cost: null, errorSamples: [] },
    records,
  };
}

function runCell(cell: Cell): CellResult {
  const r = createRandom(`calibration|${cell.shape}|${cell.n}|${cell.change}`);
  const gate = { ...DEFAULT_GATE, resamples: cell.resamples };
  const out: CellResult = { ...cell, sig: 0, strict: 0, naive: 0, covered: 0, inconclusive: 0 };
  for (let rep = 0; rep < cell.reps; rep++) {
    const { base, cand } = generate(cell.shape, cell.n, cell.change, r);
    const cmp = compareWithBaseline(result(base, `b${rep}`, cell.shape === 'binary'), result(cand, `c${rep}`, cell.shape === 'binary'), gate);
    if (cmp.change === null || cmp.interval === null) continue; // baseline sum 0: never at these sizes
    if (cmp.verdict === 'regression') out.sig++;
    if (cmp.verdict === 'inconclusive') out.inconclusive++;
    const strict = decideGate({
      estimate: cmp.change, lower: cmp.interval.lower, upper: cmp.interval.upper, threshold: -gate['max-drop'], policy: 'strict',
      compared: cell.n, minCases: gate['min-cases'], exactPValue: cmp.exactTest?.pValue ?? 1, confidence: gate.confidence,
    });
    if (strict.verdict === 'regression') out.strict++;
    if (cmp.change < -gate['max-drop']) out.naive++;
    if (cmp.interval.lower <= cell.change && cell.change <= cmp.interval.upper) out.covered++;
  }
  return out;
}

// ---- orchestration -----------------------------------------------------------------

if (!isMainThread) {
  const cells = workerData as Cell[];
  parentPort?.postMessage(cells.map(runCell));
} else {
  const reps = arg('reps', 1000);
  const resamples = arg('resamples', 2000);
  const cells: Cell[] = SHAPES.flatMap((shape) => SIZES.flatMap((n) => CHANGES.map((change) => ({ shape, n, change, reps, resamples }))));
  const workers = Math.max(1, Math.min(availableParallelism(), 8));
  // Deal cells round-robin by cost (n) so workers finish together.
  const sorted = [...cells].sort((a, b) => b.n - a.n);
  const shares: Cell[][] = Array.from({ length: workers }, () => []);
  sorted.forEach((c, i) => shares[i % workers]?.push(c));
  const started = performance.now();
  const results = (await Promise.all(shares.map((share) => new Promise<CellResult[]>((resolve, reject) => {
    const w = new Worker(new URL(import.meta.url), { workerData: share });
    w.once('message', resolve);
    w.once('error', reject);
  })))).flat();
  const pct = (k: number, total: number): string => `${((100 * k) / total).toFixed(1)}%`;
  const lines = [
    `bench/gate-calibration: ${reps} replications per cell, B = ${resamples} bootstrap resamples, 95% BCa, max-drop 5%; ${((performance.now() - started) / 1000).toFixed(0)} s on ${workers} workers`,
    '',
    'Share of replications gated as `regression`, by true relative change; coverage = share of 95% intervals containing the true change (averaged over the four changes).',
    '',
    '| data | n | significant-drop 0 / −5 / −10 / −20% | strict 0 / −5 / −10 / −20% | naive rule 0 / −5 / −10 / −20% | coverage |',
    '|---|---:|---|---|---|---:|',
  ];
  for (const shape of SHAPES) {
    for (const n of SIZES) {
      const row = CHANGES.map((change) => results.find((x) => x.shape === shape && x.n === n && x.change === change) as CellResult);
      const fmt = (f: (x: CellResult) => number): string => row.map((x) => pct(f(x), x.reps)).join(' / ');
      const coverage = row.reduce((s, x) => s + x.covered, 0) / row.reduce((s, x) => s + x.reps, 0);
      lines.push(`| ${shape} | ${n} | ${fmt((x) => x.sig)} | ${fmt((x) => x.strict)} | ${fmt((x) => x.naive)} | ${(100 * coverage).toFixed(1)}% |`);
    }
  }
  lines.push('', 'Data: binary p = 0.8 with 12% discordant pairs at no change (b − c = 0.8·|change|); judge-like 1–5 and L2-like 0–10 scores from a shared latent quality per case with independent noise on each arm, shifted to the exact expected change.');
  process.stdout.write(`${lines.join('\n')}\n`);
}
