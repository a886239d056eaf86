// bench/bootstrap — the gate's statistics against scipy on the same units: the paired BCa
// bootstrap (n = 1000 units, B = 10,000) on binary, 1–5 judge-like and continuous data,
// timed alternately with scipy.stats.bootstrap (paired, vectorized, BCa) in one run, and
// the exact sign-flip test beside it. Then, for the discrete sets, whether resampling by
// counts and by index draws alone give intervals with the same distribution over seeds.
// Prints figures as ratios measured in this run; asserts nothing.
//
//   npm run bench:bootstrap [-- --rounds 5 --seeds 40 --python /usr/bin/python3]
//
// scipy: Debian's python3-scipy (`apt-get install python3-scipy`); without it the bench
// prints our figures alone.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { pairedBootstrap, type PairedUnit } from '../src/core/stats/bootstrap.ts';
import { signFlipTest } from '../src/core/stats/permutation.ts';
import { createRandom, type Random } from '../src/core/stats/random.ts';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? String(process.argv[i + 1]) : fallback;
}
const N = 1000;
const B = 10_000;
const ROUNDS = Number(arg('rounds', '5'));
const SEEDS = Number(arg('seeds', '40'));
const PYTHON = arg('python', '/usr/bin/python3');

// ---- data -------------------------------------------------------------------------

const uniform = (r: Random): number => (r.nextUint32() + 0.5) / 2 ** 32;
const normal = (r: Random): number => Math.sqrt(-2 * Math.log(uniform(r))) * Math.cos(2 * Math.PI * uniform(r));

/** Binary pass/fail at 0.8 with 12% discordant pairs, 5 points more of them worse. */
function binary(r: Random): PairedUnit[] {
  return Array.from({ length: N }, () => {
    const u = uniform(r);
    const [base, candidate] = u < 0.085 ? [1, 0] : u < 0.12 ? [0, 1] : u < 0.84 ? [1, 1] : [0, 0];
    return { base, candidate, cases: 1 };
  });
}
/** 1–5 scores from a shared latent quality with noise on each arm, the candidate a little worse. */
function judge(r: Random): PairedUnit[] {
  const score = (x: number): number => 1 + [-2, -1.3, -0.4, 0.6].filter((t) => x > t).length;
  return Array.from({ length: N }, () => {
    const z = normal(r);
    return { base: score(z + 0.5 * normal(r)), candidate: score(z - 0.1 + 0.5 * normal(r)), cases: 1 };
  });
}
/** Scores in (0, 1) with no ties, as a similarity metric gives. */
function continuous(r: Random): PairedUnit[] {
  return Array.from({ length: N }, () => {
    const base = uniform(r);
    return { base, candidate: Math.min(1, Math.max(0, base + 0.1 * normal(r) - 0.01)), cases: 1 };
  });
}

const rng = createRandom('bench/bootstrap');
const SETS = [
  { name: 'binary', units: binary(rng), goal: 0.1 },
  { name: 'judge 1–5', units: judge(rng), goal: null },
  { name: 'continuous', units: continuous(rng), goal: 1.0 },
];

// ---- scipy, in one long-lived process -----------------------------------------------

interface PeerAnswer {
  ms: number;
  lower: number;
  upper: number;
}
interface Peer {
  version: string;
  run(units: readonly PairedUnit[], seed: number): Promise<PeerAnswer>;
  close(): void;
}

async function startScipy(): Promise<Peer | string> {
  const script = fileURLToPath(new URL('scipy-bootstrap.py', import.meta.url));
  const child = spawn(PYTHON, [script], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async (): Promise<string | null> => {
    const line = await lines.next();
    return line.done === true ? null : line.value;
  };
  const spawned = await new Promise<boolean>((resolve) => {
    child.once('spawn', () => resolve(true));
    child.once('error', () => resolve(false));
  });
  const hello = spawned ? await next() : null;
  if (hello === null) return `scipy not available (${PYTHON}: ${stderr.trim().split('\n').pop() ?? 'no output'})`;
  const { scipy, numpy } = JSON.parse(hello) as { scipy: string; numpy: string };
  return {
    version: `scipy ${scipy} (numpy ${numpy})`,
    async run(units, seed) {
      const request = {
        base: units.map((u) => u.base),
        cand: units.map((u) => u.candidate),
        seed,
        resamples: B,
        confidence: 0.95,
      };
      child.stdin.write(`${JSON.stringify(request)}\n`);
      const answer = await next();
      if (answer === null) throw new Error(`scipy stopped: ${stderr}`);
      return JSON.parse(answer) as PeerAnswer;
    },
    close: () => child.stdin.end(),
  };
}

// ---- timing -------------------------------------------------------------------------

function ours(
  units: readonly PairedUnit[],
  seed: string,
  countsCost?: number,
): { ms: number; lower: number; upper: number } {
  const started = performance.now();
  const r = pairedBootstrap({
    units,
    statistic: 'relative',
    confidence: 0.95,
    resamples: B,
    seed,
    ...(countsCost !== undefined ? { countsCost } : {}),
  });
  return { ms: performance.now() - started, lower: r.lower, upper: r.upper };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const f1 = (x: number): string => x.toFixed(1);
const f3 = (x: number): string => x.toFixed(3);
const f5 = (x: number): string => x.toFixed(5);

const loadBefore = loadavg()[0] ?? 0;
const peer = await startScipy();
// Warm-up: both tools' first call includes compilation (V8's JIT, scipy's imports).
for (const set of SETS) {
  ours(set.units, 'warm-up');
  if (typeof peer !== 'string') await peer.run(set.units, 0);
}

interface Timing {
  ours: number[];
  indices: number[];
  peer: number[];
  signFlip: number[];
  ourInterval: [number, number];
  peerInterval: [number, number];
  distinct: number;
  pMethod: string;
}
const timings = new Map<string, Timing>();
for (let round = 0; round < ROUNDS; round++) {
  for (const set of SETS) {
    const t = timings.get(set.name) ?? {
      ours: [],
      indices: [],
      peer: [],
      signFlip: [],
      ourInterval: [0, 0],
      peerInterval: [0, 0],
      distinct: 0,
      pMethod: '',
    };
    timings.set(set.name, t);
    const mine = ours(set.units, `round-${round}`);
    t.ours.push(mine.ms);
    t.ourInterval = [mine.lower, mine.upper];
    if (typeof peer !== 'string') {
      const theirs = await peer.run(set.units, round);
      t.peer.push(theirs.ms);
      t.peerInterval = [theirs.lower, theirs.upper];
    }
    t.distinct = pairedBootstrap({
      units: set.units,
      statistic: 'relative',
      confidence: 0.95,
      resamples: 1,
      seed: 'x',
    }).distinctUnits;
    if (t.distinct < N) t.indices.push(ours(set.units, `round-${round}`, Number.POSITIVE_INFINITY).ms);
    const started = performance.now();
    const test = signFlipTest(
      set.units.map((u) => u.candidate - u.base),
      { seed: `round-${round}` },
    );
    t.signFlip.push(performance.now() - started);
    t.pMethod = test.method;
  }
}
if (typeof peer !== 'string') peer.close();
const loadAfter = loadavg()[0] ?? 0;

const lines = [
  `bench/bootstrap: paired BCa bootstrap, n = ${N} units, B = ${B.toLocaleString('en-US')}, 95%, relative change; ${ROUNDS} rounds, each tool timed alternately on the same units (medians; ratio = median of the per-round ratios, range in brackets); ${process.version}; peer: ${typeof peer === 'string' ? peer : peer.version}; load average ${f1(loadBefore)} before, ${f1(loadAfter)} after.`,
  '',
  '| data | distinct units k | evalgate (ms) | scipy (ms) | evalgate ÷ scipy | goal | evalgate interval | scipy interval | index draws alone (ms) | sign-flip test (ms, method) |',
  '|---|---:|---:|---:|---:|---:|---|---|---:|---|',
];
for (const set of SETS) {
  const t = timings.get(set.name) as Timing;
  const ratios = t.peer.map((p, i) => (t.ours[i] as number) / p);
  const ratio =
    ratios.length > 0 ? `${f3(median(ratios))} [${f3(Math.min(...ratios))}–${f3(Math.max(...ratios))}]` : 'n/a';
  lines.push(
    `| ${set.name} | ${t.distinct} | ${f1(median(t.ours))} | ${t.peer.length > 0 ? f1(median(t.peer)) : 'n/a'} | ${ratio} | ${set.goal === null ? '—' : `≤ ${set.goal}`} | [${f5(t.ourInterval[0])}, ${f5(t.ourInterval[1])}] | ${t.peer.length > 0 ? `[${f5(t.peerInterval[0])}, ${f5(t.peerInterval[1])}]` : 'n/a'} | ${t.indices.length > 0 ? f1(median(t.indices)) : '—'} | ${f1(median(t.signFlip))} (${t.pMethod}) |`,
  );
}
lines.push('', 'Index draws alone: the same units with every resample drawn as n indices (countsCost = ∞), for scale.');

// ---- the two samplers agree in distribution ------------------------------------------

/** Two-sample Kolmogorov–Smirnov distance. */
function ksDistance(a: number[], b: number[]): number {
  const x = [...a].sort((p, q) => p - q);
  const y = [...b].sort((p, q) => p - q);
  let i = 0;
  let j = 0;
  let d = 0;
  while (i < x.length && j < y.length) {
    const v = Math.min(x[i] as number, y[j] as number);
    while (i < x.length && (x[i] as number) <= v) i++;
    while (j < y.length && (y[j] as number) <= v) j++;
    d = Math.max(d, Math.abs(i / x.length - j / y.length));
  }
  return d;
}
const meanSd = (xs: number[]): string => {
  const m = xs.reduce((s, x) => s + x, 0) / xs.length;
  const sd = Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1));
  return `${f5(m)} ± ${f5(sd)}`;
};
if (SEEDS > 1) {
  // Critical KS distance at 1% for two samples of SEEDS each: 1.628·√(2/SEEDS).
  const critical = 1.628 * Math.sqrt(2 / SEEDS);
  lines.push(
    '',
    `Counts alone (every count a binomial, countsCost = 0) against index draws alone (countsCost = ∞) on the same discrete units, ${SEEDS} seeds each (B = ${B.toLocaleString('en-US')}): the limits over seeds, mean ± SD, and the two-sample Kolmogorov–Smirnov distance (1% critical value ${f3(critical)}).`,
    '',
    '| data | limit | index draws | counts | KS distance |',
    '|---|---|---|---|---:|',
  );
  for (const set of SETS.filter((s) => (timings.get(s.name)?.distinct ?? N) < N)) {
    const byIndices = Array.from({ length: SEEDS }, (_, i) => ours(set.units, `agree-${i}`, Number.POSITIVE_INFINITY));
    const byCounts = Array.from({ length: SEEDS }, (_, i) => ours(set.units, `agree-${i}`, 0));
    for (const limit of ['lower', 'upper'] as const) {
      const a = byIndices.map((x) => x[limit]);
      const b = byCounts.map((x) => x[limit]);
      lines.push(`| ${set.name} | ${limit} | ${meanSd(a)} | ${meanSd(b)} | ${f3(ksDistance(a, b))} |`);
    }
  }
}
process.stdout.write(`${lines.join('\n')}\n`);
