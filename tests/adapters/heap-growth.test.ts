// The young generation's cap (adapters/heap-growth.ts): a process that keeps objects
// alive long enough to survive collections, as a long run does, grows V8's young generation
// to its maximum; with the cap its doubling stops at 32 MiB. V8 still adds a few pages past
// that now and then (seen: up to 40 MiB), so what the test holds is that the next doubling,
// to 64 MiB, never comes. The CI run of 2026-11-27 saw 32.75 MiB, which an exact "at most
// 32 MiB" refused. Each side runs in its own process, with
// the maximum set to 64 MiB semi-spaces (128 MiB, what V8 picks on a machine with a few GB),
// so the test does not depend on the machine's memory.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  CHECKED_V8_BRANCHES,
  knownV8Flags,
  v8Branch,
  v8FlagsFile,
  YOUNG_GENERATION_CAP_BYTES,
} from '../../src/adapters/heap-growth.ts';
import { runCli } from '../helpers/cli.ts';

const MODULE = fileURLToPath(new URL('../../src/adapters/heap-growth.ts', import.meta.url));

/**
 * Source for a child process (after `youngGenerationBytes` is imported): a workload whose
 * objects survive several collections, as a run's records do. `work(between)` keeps 20,000
 * objects a round for 30 rounds, awaiting `between(round)` after each (by default the next
 * turn of the loop: between rounds, as between a run's records, the cap's observer hears of
 * collections), and returns the young generation's largest size.
 */
const WORKLOAD = `
  const kept = [];
  const work = async (between = () => new Promise((resolve) => setImmediate(resolve))) => {
    let largest = 0;
    for (let round = 0; round < 30; round++) {
      for (let i = 0; i < 20000; i++) {
        kept.push({ text: 'x'.repeat(20) + i, pair: [i, i + 1], inner: { id: String(i) } });
        if (kept.length > 100000) kept.splice(0, 50000);
      }
      largest = Math.max(largest, youngGenerationBytes());
      await between(round);
    }
    return largest;
  };
`;

/** The young generation's largest size during the workload, with or without the cap. */
function youngGenerationAfterWork(capped: boolean): number {
  const script = `
    import { boundHeapGrowth, youngGenerationBytes } from ${JSON.stringify(MODULE)};
    // V8 is asked (no branch taken as checked), as a start on a Node not yet in the table is.
    if (${capped}) await boundHeapGrowth(undefined, { cacheDir: process.env.EVALGATE_CACHE_DIR, checkedBranches: {} });
    ${WORKLOAD}
    process.stdout.write(String(await work()));
  `;
  // An empty cache folder: V8 is asked in a child, as on a fresh runner's first start, and
  // the cap must hold all the same (boundHeapGrowth's promise settles once the flags are set).
  const cacheDir = mkdtempSync(join(tmpdir(), 'evalgate-test-cache-'));
  try {
    const out = spawnSync(process.execPath, ['--max-semi-space-size=64', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: { ...process.env, EVALGATE_CACHE_DIR: cacheDir },
    });
    assert.equal(out.status, 0, out.stderr);
    assert.equal(out.stderr, '');
    assert.equal(existsSync(v8FlagsFile(cacheDir)), capped, 'the answer is kept when V8 was asked');
    return Number(out.stdout);
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

describe('the young generation cap', () => {
  it('stops doubling the young generation at 32 MiB where it would grow to 128 MiB', () => {
    const nextDoubling = 2 * YOUNG_GENERATION_CAP_BYTES;
    const uncapped = youngGenerationAfterWork(false);
    assert.ok(uncapped >= nextDoubling, `the workload grows it uncapped (to ${uncapped} bytes)`);
    const capped = youngGenerationAfterWork(true);
    assert.ok(capped >= YOUNG_GENERATION_CAP_BYTES, `it grows as usual up to the cap (${capped} bytes)`);
    assert.ok(capped < nextDoubling, `it never doubles past the cap (largest: ${capped} bytes)`);
  });
});

// A Node whose V8 dropped or renamed one of the two flags: setting it would print V8's
// "Error: unrecognized flag" on every command's stderr. Which flags V8 knows comes from
// `node --v8-options`, asked once per Node and V8 build, kept in the cache folder.
describe('heap flags V8 does not know', () => {
  const FLAGS = ['--heap-growing-percent', '--semi-space-growth-factor', '--evalgate-no-such-flag'];

  it('are the ones V8 refuses; the answer is asked once and kept for later starts', async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'evalgate-v8-flags-'));
    try {
      const known = await knownV8Flags(FLAGS, { cacheDir });
      // V8 itself, one process per flag: the flags called unknown are exactly those it refuses.
      for (const flag of FLAGS) {
        const r = spawnSync(process.execPath, ['-e', `require('node:v8').setFlagsFromString('${flag}=1')`], {
          encoding: 'utf8',
        });
        assert.equal(r.status, 0);
        assert.equal(/unrecognized flag/.test(r.stderr), !known.has(flag), `${flag}: ${r.stderr}`);
      }
      assert.deepEqual([...known].sort(), ['--heap-growing-percent', '--semi-space-growth-factor']);
      assert.equal((await readdir(join(cacheDir, 'v8-flags'))).length, 1, 'one answer kept');
      // A later start reads the answer instead of starting node again.
      const asked = (): string => assert.fail('V8 was asked again');
      assert.deepEqual(await knownV8Flags(FLAGS, { cacheDir, listOptions: asked }), known);
      // A flag the kept answer does not cover is asked about.
      let listings = 0;
      const list = (): string => (listings++, '  --heap-growing-percent (x)\n  --other-flag (y)\n');
      assert.deepEqual([...(await knownV8Flags(['--other-flag'], { cacheDir, listOptions: list }))], ['--other-flag']);
      assert.equal(listings, 1);
    } finally {
      await rm(cacheDir, { recursive: true, force: true });
    }
  });

  const checked = CHECKED_V8_BRANCHES[v8Branch()];
  it(
    'on a V8 branch checked in advance, are what V8 itself refuses, and a first start asks no child',
    { skip: checked === undefined ? `V8 ${process.versions.v8} is not in CHECKED_V8_BRANCHES` : false },
    async () => {
      assert.ok(checked !== undefined);
      // The table's answer is this V8's own, flag by flag.
      for (const [flag, known] of Object.entries(checked)) {
        const r = spawnSync(process.execPath, ['-e', `require('node:v8').setFlagsFromString('${flag}=1')`], {
          encoding: 'utf8',
        });
        assert.equal(r.status, 0);
        assert.equal(/unrecognized flag/.test(r.stderr), !known, `${flag}: ${r.stderr}`);
      }
      // A fresh runner's first start: bounds set, nothing skipped, no child asked (no answer kept).
      const cacheDir = await mkdtemp(join(tmpdir(), 'evalgate-v8-flags-'));
      try {
        const first = await runCli(['help', 'validate'], {
          cwd: cacheDir,
          env: { EVALGATE_CACHE_DIR: cacheDir, EVALGATE_DEBUG: '1' },
        });
        assert.equal(first.code, 0, first.stderr);
        assert.doesNotMatch(first.stderr, /does not know|unrecognized flag|cannot/);
        assert.equal(existsSync(v8FlagsFile(cacheDir)), false, 'V8 was not asked');
      } finally {
        await rm(cacheDir, { recursive: true, force: true });
      }
    },
  );

  it('are skipped without a word on stderr, and named with EVALGATE_DEBUG=1', async () => {
    // The kept answer of a V8 that knows neither flag, where the CLI reads it.
    const cacheDir = await mkdtemp(join(tmpdir(), 'evalgate-v8-flags-'));
    try {
      await mkdir(join(cacheDir, 'v8-flags'));
      await writeFile(
        v8FlagsFile(cacheDir),
        JSON.stringify({ '--heap-growing-percent': false, '--semi-space-growth-factor': false }),
      );
      const quiet = await runCli(['help', 'validate'], { cwd: cacheDir, env: { EVALGATE_CACHE_DIR: cacheDir } });
      assert.equal(quiet.code, 0, quiet.stderr);
      assert.equal(quiet.stderr, '');
      const debug = await runCli(['help', 'validate'], {
        cwd: cacheDir,
        env: { EVALGATE_CACHE_DIR: cacheDir, EVALGATE_DEBUG: '1' },
      });
      assert.equal(debug.code, 0, debug.stderr);
      assert.match(debug.stderr, /^evalgate: debug: V8 [\d.]+\S* does not know --heap-growing-percent: not set/m);
      assert.match(debug.stderr, /^evalgate: debug: V8 [\d.]+\S* does not know --semi-space-growth-factor: not set/m);
      assert.doesNotMatch(debug.stderr, /unrecognized flag/);
    } finally {
      await rm(cacheDir, { recursive: true, force: true });
    }
  });
});

describe('a full collection before each report', () => {
  it('frees what is no longer reachable once the bounds are installed, and adds no global gc', () => {
    const script = `
      import { boundHeapGrowth, collectBeforeReport } from ${JSON.stringify(MODULE)};
      const garbage = () => { let a = []; for (let i = 0; i < 300000; i++) a.push({ i, s: 'x' + i }); return a.length; };
      garbage();
      const before = process.memoryUsage().heapUsed;
      collectBeforeReport();
      const unbounded = process.memoryUsage().heapUsed;
      await boundHeapGrowth();
      garbage();
      const grown = process.memoryUsage().heapUsed;
      collectBeforeReport();
      const collected = process.memoryUsage().heapUsed;
      process.stdout.write(JSON.stringify({ before, unbounded, grown, collected, global: typeof globalThis.gc }));
    `;
    // The flags' answer is kept in a folder of the test's own, not the user's cache.
    const cacheDir = mkdtempSync(join(tmpdir(), 'evalgate-v8-flags-'));
    const out = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: { ...process.env, EVALGATE_CACHE_DIR: cacheDir },
    });
    rmSync(cacheDir, { recursive: true, force: true });
    assert.equal(out.status, 0, out.stderr);
    const m = JSON.parse(out.stdout) as Record<string, number | string>;
    assert.ok((m['unbounded'] as number) > (m['before'] as number) * 0.8, `nothing collected before: ${out.stdout}`);
    assert.ok((m['collected'] as number) < (m['grown'] as number) / 2, `collected: ${out.stdout}`);
    assert.equal(m['global'], 'undefined');
  });
});

// Between the steps after the calls (fs-store: before the result file, a baseline read
// again, report.html) memory is given back; report.html's pieces are written with a full
// collection every few MB of them.
describe('collections between the steps after the calls', () => {
  it('gives the young generation back between steps, and collects every so many characters of a page', () => {
    const script = `
      import { boundHeapGrowth, collectingEvery, giveBackBetweenSteps, youngGenerationBytes } from ${JSON.stringify(MODULE)};
      import { PerformanceObserver, constants } from 'node:perf_hooks';
      let majors = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majors++;
      }).observe({ entryTypes: ['gc'] });
      const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
      const pieces = function* () { for (let i = 0; i < 10; i++) yield String(i).repeat(1000); };
      // Before the bounds are installed: the pieces alone, no collection.
      const plain = [...collectingEvery(pieces(), 1000)].join('');
      await settle();
      const unbounded = majors;
      await boundHeapGrowth();
      ${WORKLOAD}
      await work();
      const grown = youngGenerationBytes();
      giveBackBetweenSteps();
      const given = youngGenerationBytes();
      await settle();
      majors = 0;
      const never = [...collectingEvery(pieces(), 1e9)].join('');
      await settle();
      const none = majors;
      majors = 0;
      const every = [...collectingEvery(pieces(), 2000)].join('');
      await settle();
      const collected = majors;
      const whole = [...collectingEvery('one string', 1)];
      const same = plain === [...pieces()].join('') && never === plain && every === plain;
      process.stdout.write(JSON.stringify({ unbounded, grown, given, none, collected, whole, same }));
    `;
    const cacheDir = mkdtempSync(join(tmpdir(), 'evalgate-v8-flags-'));
    const out = spawnSync(process.execPath, ['--input-type=module', '--max-semi-space-size=64', '-e', script], {
      encoding: 'utf8',
      env: { ...process.env, EVALGATE_CACHE_DIR: cacheDir },
    });
    rmSync(cacheDir, { recursive: true, force: true });
    assert.equal(out.status, 0, out.stderr);
    const m = JSON.parse(out.stdout) as Record<string, unknown>;
    assert.equal(m['same'], true, out.stdout);
    assert.deepEqual(m['whole'], ['one string']);
    assert.equal(m['unbounded'], 0, out.stdout);
    assert.ok((m['grown'] as number) >= 16 * 2 ** 20, out.stdout);
    assert.ok((m['given'] as number) <= 4 * 2 ** 20, out.stdout);
    assert.equal(m['none'], 0, out.stdout);
    // 10,000 characters, a collection each 2,000.
    assert.equal(m['collected'], 5, out.stdout);
  });
});

// A suite's calls done (fs-store's record log read back): a collection that gives the young
// generation back, which then stays at V8's smallest through the work after the calls, and grows
// again to its cap when the next suite's calls start.
describe('the young generation after the calls', () => {
  it('shrinks when the calls are done, stays small after them, and grows again for the next calls', () => {
    const script = `
      import { boundHeapGrowth, callsDone, callsStarting, youngGenerationBytes } from ${JSON.stringify(MODULE)};
      await boundHeapGrowth();
      ${WORKLOAD}
      const calls = await work();
      callsDone();
      const shrunk = youngGenerationBytes();
      const after = await work();
      callsStarting();
      const again = await work();
      process.stdout.write(JSON.stringify({ calls, shrunk, after, again }));
    `;
    const cacheDir = mkdtempSync(join(tmpdir(), 'evalgate-v8-flags-'));
    const out = spawnSync(process.execPath, ['--max-semi-space-size=64', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: { ...process.env, EVALGATE_CACHE_DIR: cacheDir },
    });
    rmSync(cacheDir, { recursive: true, force: true });
    assert.equal(out.status, 0, out.stderr);
    const m = JSON.parse(out.stdout) as Record<string, number>;
    // V8's smallest young generation is 1 MiB (both semi-spaces); it may add a page or two.
    const small = 2 ** 20;
    assert.ok((m['calls'] as number) >= YOUNG_GENERATION_CAP_BYTES, `the calls grow it to the cap: ${out.stdout}`);
    assert.ok((m['shrunk'] as number) <= small, `given back when the calls are done: ${out.stdout}`);
    // With growth stopped V8 still adds a page (256 KiB) now and then when many objects
    // survive, as this workload's do (seen: 11 MiB, and 18 MiB with the machine loaded); it
    // does not double back to the cap (without the stop it would double past it: this process
    // allows 64 MiB semi-spaces).
    assert.ok((m['after'] as number) < YOUNG_GENERATION_CAP_BYTES, `small after the calls: ${out.stdout}`);
    assert.ok((m['again'] as number) >= YOUNG_GENERATION_CAP_BYTES, `grows again for the next calls: ${out.stdout}`);
    assert.ok((m['again'] as number) < 2 * YOUNG_GENERATION_CAP_BYTES, `and stops at the cap again: ${out.stdout}`);
  });
});

// Where the file store marks the phases: a suite's record log started (its calls start) and
// read back (its calls are done).
describe('the file store and the young generation', () => {
  it('gives the young generation back when a suite’s log is read back, and lets it grow when the next one starts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'evalgate-young-store-'));
    const STORE = fileURLToPath(new URL('../../src/adapters/fs-store.ts', import.meta.url));
    const script = `
      import { boundHeapGrowth, youngGenerationBytes } from ${JSON.stringify(MODULE)};
      import { createFsRunStore } from ${JSON.stringify(STORE)};
      await boundHeapGrowth();
      const store = createFsRunStore(${JSON.stringify(join(dir, 'out'))}, ${JSON.stringify(join(dir, 'baselines'))});
      await store.prepare();
      ${WORKLOAD}
      const calls = (sink) => work((round) => sink.append({ round }));
      const first = await store.startRecordLog('first', '{}\\n');
      const during = await calls(first);
      first.readBack();
      const after = youngGenerationBytes();
      await first.close();
      const next = await calls(await store.startRecordLog('next', '{}\\n'));
      process.stdout.write(JSON.stringify({ during, after, next }));
    `;
    try {
      const out = spawnSync(process.execPath, ['--max-semi-space-size=64', '--input-type=module', '-e', script], {
        encoding: 'utf8',
        env: { ...process.env, EVALGATE_CACHE_DIR: join(dir, 'cache') },
      });
      assert.equal(out.status, 0, out.stderr);
      const m = JSON.parse(out.stdout) as Record<string, number>;
      assert.ok((m['during'] as number) >= YOUNG_GENERATION_CAP_BYTES, `the calls grow it to the cap: ${out.stdout}`);
      assert.ok((m['after'] as number) <= 2 ** 20, `given back once the log is read back: ${out.stdout}`);
      assert.ok((m['next'] as number) >= YOUNG_GENERATION_CAP_BYTES, `the next suite's calls grow it: ${out.stdout}`);
      assert.ok((m['next'] as number) < 2 * YOUNG_GENERATION_CAP_BYTES, `to the cap: ${out.stdout}`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
