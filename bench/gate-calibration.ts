// bench/gate-calibration — how often the gate fails a PR, by simulation: when nothing
// changed (false failures), when the true change is inside the 5% tolerance (−3%, −4%),
// at it (−5%) and beyond (−10%, −20%); and how well its intervals cover the truth.
//
//   npm run bench:calibration [-- --reps-null 400 --reps 160 --resamples 10000 --workers 2 --sizes 25,50]
//
// On a loaded machine the work can be split: --from I --to J runs only jobs [I, J) of the
// (deterministic) job list and --dump FILE writes the raw counts; --merge A.json,B.json
// prints the table from such dumps (--elapsed TEXT says how long the parts took).
//
// --reps-null sets the simulated PRs of the cells that decide the false-failure rates (no
// change, and the family rows); --reps those of the cells with a true change, where a few
// points of Monte-Carlo error do not change what the table says.
//
// Every simulated PR goes through the real comparison code (compareWithBaseline, and for
// the family rows the engine's adjustAcrossSuites; the strict policy through the same
// decideGate on the same interval and exact test), at the product's B = 10,000 resamples.
// Scenarios:
//   binary, judge, l2   one sample per case (docs/design/statistics.md's three metric shapes);
//   round-trip          n tasks × 2 languages × 3 repeats, L2-like scores, resampled by task;
//   errored             judge-like, 5% of records errored on each side (excluded, counted);
//   family              5 unchanged suites (binary, judge, l2, binary, judge) in one run:
//                       the share of runs with any regression, without adjustment, with
//                       plain Holm, and with the default (Holm in Tarone's family: only
//                       suites whose exact test could reach significance are counted).
// Work is split into chunks dealt to worker threads as they free up. Seeded per chunk:
// the same arguments print the same table, whatever the number of workers.
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { adjustAcrossSuites, compareWithBaseline, type SuiteComparison } from '../src/core/compare/index.ts';
import { DEFAULT_GATE, type GateConfig } from '../src/core/config/common.ts';
import { decideGate } from '../src/core/stats/gate.ts';
import { holmAdjust } from '../src/core/stats/multiplicity.ts';
import { normalCdf } from '../src/core/stats/normal.ts';
import { createRandom, type Random } from '../src/core/stats/random.ts';
import type { CaseRecord, SuiteResult } from '../src/core/types.ts';

const SHAPES = ['binary', 'judge', 'l2'] as const;
type Shape = (typeof SHAPES)[number];
const SCENARIOS = ['binary', 'judge', 'l2', 'round-trip', 'errored'] as const;
type Scenario = (typeof SCENARIOS)[number] | 'family';
const CHANGES = [0, -0.03, -0.04, -0.05, -0.1, -0.2];
const FAMILY: Shape[] = ['binary', 'judge', 'l2', 'binary', 'judge'];
const ERROR_RATE = 0.05;
const REPEATS = 3;
const LANGUAGES = 2;

/** A chunk of simulated PRs of one cell. */
interface Job {
  scenario: Scenario;
  n: number;
  change: number;
  reps: number;
  chunk: number;
  resamples: number;
}
/** Counts over a chunk (or a whole cell, once summed). */
interface Counts {
  reps: number;
  sig: number;
  strict: number;
  naive: number;
  covered: number;
  inconclusive: number;
  familyNone: number;
  familyHolm: number;
  familyPlain: number;
  familySuiteNone: number;
  familySuiteHolm: number;
  familySuitePlain: number;
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? String(process.argv[i + 1]) : fallback;
}

// ---- data generators -------------------------------------------------------------

function uniform(r: Random): number {
  return (r.nextUint32() + 0.5) / 2 ** 32;
}
function normal(r: Random): number {
  return Math.sqrt(-2 * Math.log(uniform(r))) * Math.cos(2 * Math.PI * uniform(r));
}

/** An ordinal score from a latent quality: lo + number of thresholds below it. */
interface Ordinal {
  lo: number;
  thresholds: number[];
  noise: number;
}
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
      if (u < b) {
        base.push(1);
        cand.push(0);
      } else if (u < b + c) {
        base.push(0);
        cand.push(1);
      } else if (u < 0.8 + c) {
        base.push(1);
        cand.push(1);
      } else {
        base.push(0);
        cand.push(0);
      }
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

/** Round-trip-like data: tasks × languages × repeats of an L2-like 0–10 score. */
const TASK_LANGUAGE_SD = 0.5;
function generateRoundTrip(tasks: number, change: number, r: Random): { base: Samples; cand: Samples } {
  // The task's quality and its language's offset are shared by both arms and all repeats;
  // each repeat adds its own noise, so repeats of a case and cases of a task correlate.
  const expected: Ordinal = { ...L2, noise: Math.sqrt(TASK_LANGUAGE_SD ** 2 + L2.noise ** 2) };
  const shift = shiftFor(expected, change);
  const base: Samples = [];
  const cand: Samples = [];
  for (let t = 0; t < tasks; t++) {
    const task = normal(r);
    for (let l = 0; l < LANGUAGES; l++) {
      const x = task + TASK_LANGUAGE_SD * normal(r);
      const b: number[] = [];
      const c: number[] = [];
      for (let k = 0; k < REPEATS; k++) {
        b.push(ordinal(L2, x + L2.noise * normal(r)));
        c.push(ordinal(L2, x + shift + L2.noise * normal(r)));
      }
      base.push(b);
      cand.push(c);
    }
  }
  return { base, cand };
}

// ---- the real comparison ---------------------------------------------------------

/** Per-record samples of one arm: values[case][repeat], null for an errored record. */
type Samples = (number | null)[][];

function result(
  samples: Samples,
  runId: string,
  binary: boolean,
  opts: { kind?: 'exact-copy' | 'round-trip'; clusterOf?: (i: number) => string; name?: string } = {},
): SuiteResult {
  const records: CaseRecord[] = [];
  let errors = 0;
  samples.forEach((values, i) =>
    values.forEach((v, repeat) => {
      if (v === null) errors++;
      records.push({
        caseId: String(i),
        repeat,
        inputHash: String(i),
        status: v === null ? 'error' : 'scored',
        scores: v === null ? null : { m: v },
        request: { messages: [] },
        reply: null,
        usage: null,
        latencyMs: null,
        attempts: 1,
        cached: false,
        detail: {},
        error: v === null ? { kind: 'http', message: 'simulated failure' } : null,
        ...(opts.clusterOf ? { cluster: opts.clusterOf(i) } : {}),
      } as CaseRecord);
    }),
  );
  return {
    schemaVersion: 1,
    tool: { name: 'evalgate', version: 'bench' },
    runId,
    suite: { name: opts.name ?? 'sim', kind: opts.kind ?? 'exact-copy' },
    startedAt: '',
    finishedAt: '',
    tested: {
      dataset: { path: '', sha256: '', cases: samples.length },
      templates: {},
      model: 'sim',
      settings: {},
      hash: 't',
    },
    instrument: {
      scoringVersion: 'sim',
      primaryMetric: 'm',
      metrics: [{ name: 'm', binary, higherIsBetter: true }],
      settings: {},
      hash: 'i',
    },
    aggregates: {
      cases: samples.length,
      records: records.length,
      scored: records.length - errors,
      errors,
      refused: 0,
      metrics: {},
      usage: { inputTokens: 0, outputTokens: 0, calls: 0 },
      cacheHits: 0,
      retries: 0,
      cost: null,
      errorSamples: [],
    },
    records,
  };
}

const single = (values: number[]): Samples => values.map((v) => [v]);

/** One simulated PR of a scenario, compared as the product would. */
function simulate(
  scenario: Exclude<Scenario, 'family'>,
  n: number,
  change: number,
  r: Random,
  rep: string,
  gate: GateConfig,
): SuiteComparison {
  if (scenario === 'round-trip') {
    const { base, cand } = generateRoundTrip(n, change, r);
    const clusterOf = (i: number): string => `task-${Math.floor(i / LANGUAGES)}`;
    return compareWithBaseline(
      result(base, `b${rep}`, false, { kind: 'round-trip', clusterOf }),
      result(cand, `c${rep}`, false, { kind: 'round-trip', clusterOf }),
      gate,
    );
  }
  if (scenario === 'errored') {
    const { base, cand } = generate('judge', n, change, r);
    const drop = (values: number[]): Samples => values.map((v) => [uniform(r) < ERROR_RATE ? null : v]);
    return compareWithBaseline(result(drop(base), `b${rep}`, false), result(drop(cand), `c${rep}`, false), gate);
  }
  const { base, cand } = generate(scenario, n, change, r);
  return compareWithBaseline(
    result(single(base), `b${rep}`, scenario === 'binary'),
    result(single(cand), `c${rep}`, scenario === 'binary'),
    gate,
  );
}

function emptyCounts(): Counts {
  return {
    reps: 0,
    sig: 0,
    strict: 0,
    naive: 0,
    covered: 0,
    inconclusive: 0,
    familyNone: 0,
    familyHolm: 0,
    familyPlain: 0,
    familySuiteNone: 0,
    familySuiteHolm: 0,
    familySuitePlain: 0,
  };
}

function runJob(job: Job): Counts {
  const r = createRandom(`calibration|${job.scenario}|${job.n}|${job.change}|${job.chunk}`);
  const out = emptyCounts();
  for (let i = 0; i < job.reps; i++) {
    const rep = `${job.chunk}.${i}`;
    out.reps++;
    if (job.scenario === 'family') {
      const holm = { ...DEFAULT_GATE, resamples: job.resamples, multiplicity: 'holm' as const };
      const family = FAMILY.map((shape, k) => {
        const { base, cand } = generate(shape, job.n, 0, r);
        return compareWithBaseline(
          result(single(base), `b${rep}`, shape === 'binary', { name: `s${k}` }),
          result(single(cand), `c${rep}`, shape === 'binary', { name: `s${k}` }),
          holm,
        );
      });
      // Without adjustment: the verdicts as each suite decided them alone.
      const alone = family.map((c) => c.verdict === 'regression').filter(Boolean).length;
      // Plain Holm over every suite with an exact test, for contrast with the default.
      const tested = family.filter((c) => c.exactTest !== null);
      const plainP = holmAdjust(tested.map((c) => c.exactTest?.pValue ?? 1));
      const plain = tested.filter((c, k) => c.verdict === 'regression' && (plainP[k] as number) < 0.05).length;
      const adjusted = adjustAcrossSuites(family).filter((c) => c.verdict === 'regression').length;
      out.familySuiteNone += alone;
      out.familySuiteHolm += adjusted;
      out.familySuitePlain += plain;
      if (alone > 0) out.familyNone++;
      if (adjusted > 0) out.familyHolm++;
      if (plain > 0) out.familyPlain++;
      continue;
    }
    const gate = { ...DEFAULT_GATE, resamples: job.resamples };
    const cmp = simulate(job.scenario, job.n, job.change, r, rep, gate);
    if (cmp.change === null || cmp.interval === null) continue; // baseline sum 0: never at these sizes
    if (cmp.verdict === 'regression') out.sig++;
    if (cmp.verdict === 'inconclusive') out.inconclusive++;
    const strict = decideGate({
      estimate: cmp.change,
      lower: cmp.interval.lower,
      upper: cmp.interval.upper,
      threshold: -gate['max-drop'],
      policy: 'strict',
      compared: cmp.pairing?.compared ?? 0,
      minCases: gate['min-cases'],
      exactPValue: cmp.exactTest?.pValue ?? 1,
      confidence: gate.confidence,
    });
    if (strict.verdict === 'regression') out.strict++;
    if (cmp.change < -gate['max-drop']) out.naive++;
    if (cmp.interval.lower <= job.change && job.change <= cmp.interval.upper) out.covered++;
  }
  return out;
}

// ---- orchestration -----------------------------------------------------------------

if (!isMainThread) {
  parentPort?.on('message', (job: Job | null) => {
    if (job === null) process.exit(0);
    parentPort?.postMessage(runJob(job));
  });
} else {
  const repsNull = Number(arg('reps-null', '400'));
  const repsChange = Number(arg('reps', '160'));
  const repsOf = (change: number): number => (change === 0 ? repsNull : repsChange);
  const resamples = Number(arg('resamples', '10000'));
  const chunkSize = Number(arg('chunk', '25'));
  const sizes = arg('sizes', '25,50,100,200,500').split(',').map(Number);
  const scenarios = arg('scenarios', [...SCENARIOS, 'family'].join(',')).split(',') as Scenario[];
  const workers = Math.max(1, Number(arg('workers', String(Math.min(availableParallelism(), 8)))));
  const cells: { scenario: Scenario; n: number; change: number }[] = [];
  for (const scenario of scenarios) {
    for (const n of sizes)
      for (const change of scenario === 'family' ? [0] : CHANGES) cells.push({ scenario, n, change });
  }
  const key = (c: { scenario: Scenario; n: number; change: number }): string => `${c.scenario}|${c.n}|${c.change}`;
  const jobs: Job[] = [];
  for (const cell of cells) {
    const reps = repsOf(cell.change);
    for (let chunk = 0; chunk * chunkSize < reps; chunk++)
      jobs.push({ ...cell, chunk, reps: Math.min(chunkSize, reps - chunk * chunkSize), resamples });
  }
  // The costliest jobs first, so the last ones to finish are short.
  const cost = (j: Job): number => j.n * j.reps * (j.scenario === 'family' ? FAMILY.length : 1);
  jobs.sort((a, b) => cost(b) - cost(a));
  const totals = new Map<string, Counts>(cells.map((c) => [key(c), emptyCounts()]));
  const started = performance.now();
  const loadBefore = loadavg()[0] ?? 0;
  const merge = arg('merge', '');
  let next = Number(arg('from', '0'));
  jobs.length = Math.min(jobs.length, Number(arg('to', String(jobs.length))));
  if (merge !== '') {
    jobs.length = 0;
    for (const file of merge.split(',')) {
      const dump = JSON.parse(readFileSync(file, 'utf8')) as { totals: [string, Counts][] };
      for (const [k, counts] of dump.totals) {
        const t = totals.get(k) as Counts;
        for (const f of Object.keys(t) as (keyof Counts)[]) t[f] += counts[f];
      }
    }
  }
  let done = 0;
  await Promise.all(
    Array.from(
      { length: jobs.length > next ? workers : 0 },
      () =>
        new Promise<void>((resolve, reject) => {
          const w = new Worker(new URL(import.meta.url));
          let current: Job | null = null;
          const feed = (): void => {
            current = jobs[next++] ?? null;
            w.postMessage(current);
          };
          w.on('message', (counts: Counts) => {
            const t = totals.get(key(current as Job)) as Counts;
            for (const k of Object.keys(t) as (keyof Counts)[]) t[k] += counts[k];
            done++;
            if (done % 50 === 0)
              process.stderr.write(
                `\r${done}/${jobs.length} chunks, ${((performance.now() - started) / 1000).toFixed(0)} s`,
              );
            feed();
          });
          w.once('error', reject);
          w.once('exit', () => resolve());
          feed();
        }),
    ),
  );
  process.stderr.write('\n');
  const seconds = (performance.now() - started) / 1000;
  const dumpFile = arg('dump', '');
  if (dumpFile !== '')
    writeFileSync(
      dumpFile,
      JSON.stringify({ from: Number(arg('from', '0')), to: jobs.length, seconds, totals: [...totals] }),
    );
  // The simulated PRs each cell actually holds (all cells of a kind hold the same in a full run).
  const heldNull = [...totals].filter(([k]) => k.endsWith('|0')).map(([, c]) => c.reps);
  const heldChange = [...totals].filter(([k]) => !k.endsWith('|0')).map(([, c]) => c.reps);
  const span = (v: number[]): string =>
    v.length === 0 ? '0' : Math.min(...v) === Math.max(...v) ? String(v[0]) : `${Math.min(...v)}–${Math.max(...v)}`;
  const elapsed = arg(
    'elapsed',
    merge !== ''
      ? `merged from ${merge}`
      : // CPU time beside the wall time: on a shared machine the wall time says more about the others.
        `${seconds.toFixed(0)} s on ${workers} worker threads, ${(process.cpuUsage().user / 1e6).toFixed(0)} s of CPU (load average ${loadBefore.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end)`,
  );
  const get = (scenario: Scenario, n: number, change: number): Counts =>
    totals.get(key({ scenario, n, change })) as Counts;
  const pct = (k: number, total: number): string => `${((100 * k) / total).toFixed(1)}%`;
  const moe = (p: number, reps: number): string => (100 * 1.96 * Math.sqrt((p * (1 - p)) / reps)).toFixed(1);
  const head = CHANGES.map((c) => `${c === 0 ? '0' : `−${Math.round(-c * 100)}`}%`).join(' | ');
  const lines = [
    `bench/gate-calibration: ${span(heldNull)} simulated PRs per cell at no change and per family row, ${span(heldChange)} per cell with a true change; B = ${resamples.toLocaleString('en-US')} bootstrap resamples, 95% BCa, max-drop 5%, exact sign-flip guard; ${elapsed}.`,
    `Monte-Carlo error of a rate (95%, ±1.96·√(p(1−p)/N)): with N = ${repsNull}, ±${moe(0.025, repsNull)} points at 2.5% and ±${moe(0.01, repsNull)} at 1%; with N = ${repsChange}, ±${moe(0.1, repsChange)} at 10% and ±${moe(0.5, repsChange)} at 50%.`,
    '',
    'Share of simulated PRs gated as `regression`, by true relative change (0 = nothing changed: false failures, target ≤ 2.5%;',
    '−3% and −4% are inside the 5% tolerance; −5% is exactly at it). Coverage = share of 95% intervals containing the true change, over all changes.',
  ];
  const scenarioLabel: Record<string, string> = {
    binary: 'binary',
    judge: 'judge 1–5',
    l2: 'L2 0–10',
    'round-trip': 'round-trip (tasks × 2 lang × 3 rep)',
    errored: 'judge, 5% errored',
  };
  for (const policy of ['significant-drop', 'strict'] as const) {
    lines.push(
      '',
      `Policy \`${policy}\`${policy === 'significant-drop' ? ' (default)' : ''}:`,
      '',
      `| data | n | ${head} |${policy === 'significant-drop' ? ' coverage |' : ''}`,
      `|---|---:|${CHANGES.map(() => '---:').join('|')}|${policy === 'significant-drop' ? '---:|' : ''}`,
    );
    for (const scenario of scenarios) {
      if (scenario === 'family') continue;
      for (const n of sizes) {
        const row = CHANGES.map((change) => get(scenario, n, change));
        const rate = row.map((x) => pct(policy === 'strict' ? x.strict : x.sig, x.reps)).join(' | ');
        const coverage = row.reduce((s, x) => s + x.covered, 0) / row.reduce((s, x) => s + x.reps, 0);
        lines.push(
          `| ${scenarioLabel[scenario]} | ${n} | ${rate} |${policy === 'significant-drop' ? ` ${(100 * coverage).toFixed(1)}% |` : ''}`,
        );
      }
    }
  }
  if (scenarios.includes('family')) {
    lines.push(
      '',
      `Family of ${FAMILY.length} unchanged suites (${FAMILY.join(', ')}) in one run, default policy: share of runs with any regression (family-wise false failures, target ≤ 2.5% with the default). The default, \`holm\`, is Holm's step-down test in Tarone's family: at each step only the suites whose exact test could reach α/K count (docs/design/statistics.md); plain Holm counts every suite compared.`,
      '',
      "| n per suite | gate.multiplicity: none | plain Holm | holm, Tarone's family (default) | suites failed per run, none / plain / default |",
      '|---:|---:|---:|---:|---|',
    );
    for (const n of sizes) {
      const f = get('family', n, 0);
      lines.push(
        `| ${n} | ${pct(f.familyNone, f.reps)} | ${pct(f.familyPlain, f.reps)} | ${pct(f.familyHolm, f.reps)} | ${(f.familySuiteNone / f.reps).toFixed(3)} / ${(f.familySuitePlain / f.reps).toFixed(3)} / ${(f.familySuiteHolm / f.reps).toFixed(3)} |`,
      );
    }
  }
  if (scenarios.includes('binary')) {
    lines.push(
      '',
      'For contrast, the naive rule "fail when the measured change is below −5%" on the same data, at no change:',
      '',
      `| data | ${sizes.map((n) => `n = ${n}`).join(' | ')} |`,
      `|---|${sizes.map(() => '---:').join('|')}|`,
    );
    for (const shape of SHAPES)
      if (scenarios.includes(shape))
        lines.push(
          `| ${scenarioLabel[shape]} | ${sizes.map((n) => pct(get(shape, n, 0).naive, get(shape, n, 0).reps)).join(' | ')} |`,
        );
  }
  lines.push(
    '',
    'Data: binary p = 0.8 with 12% discordant pairs at no change (b − c = 0.8·|change|); judge-like 1–5 and L2-like 0–10 scores from a shared latent quality per case with independent noise on each arm, shifted to the exact expected change; round-trip: a latent quality per task, an offset per language shared by both arms, independent noise per repeat, per-case means of 3 repeats, resampled by task; errored: each record fails with probability 5% on each side independently (a case without a valid sample on one side is not compared).',
  );
  process.stdout.write(`${lines.join('\n')}\n`);
}
