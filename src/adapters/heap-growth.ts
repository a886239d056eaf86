/**
 * Bounds on how V8 grows the heap, for a long run's peak RSS (docs/performance.md, "10,000
 * cases and more"). Both edges set them before any work; `node` flags would do the same,
 * but neither the CLI's bin nor the action's runner can pass any, and these two can be
 * changed while the process runs.
 *
 * - The young generation, where new objects are made, grows whenever enough of them
 *   survive its collections, up to a size V8 derives from the machine's memory (128 MiB on
 *   a 64-bit machine with a few GB); at 32 calls at once enough always survives, so it got
 *   there and stayed, the largest part of a 10,000-case run's peak although a tenth of it
 *   held live data. It grows as usual to 32 MiB, and its growth factor is then set to 1.
 * - A smaller young generation promotes more short-lived objects to the old generation,
 *   whose next collection V8 sets at up to 4 times what survived the last one: at 100,000
 *   cases (about 200 MB live) that let the old generation reach 900 MB before a
 *   collection. `--heap-growing-percent=50` sets it at 1.5 times.
 *
 * Measured with bench/scale.ts: the CPU per case is the same as without them.
 *
 * The file store marks a suite's phases (`callsStarting` when its record log is started,
 * `callsDone` when it is read back): after the calls the young generation is given back and
 * kept at its smallest, and the next suite's calls let it grow to the cap again.
 *
 * Both are V8's own flags, and a V8 may rename or drop one: setFlagsFromString then
 * prints "Error: unrecognized flag" on stderr (and changes nothing). There is no way to ask
 * V8 in-process, so `node --v8-options` is asked once per Node and V8 build and its answer
 * kept in evalgate's cache folder (v8-flags/); every later start reads a file of a few
 * bytes. A flag V8 does not know is skipped quietly, and said in the debug output. With no
 * answer kept, on the V8 branches in CHECKED_V8_BRANCHES (Node 24's, the action's runtime)
 * nothing is asked: a fresh runner, as every GitHub Actions job is, spent about 170 ms on
 * the child. Elsewhere the question is asked without blocking: both edges load the rest of
 * evalgate while the child answers, then wait for the bounds before any work.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** The young generation's size (both semi-spaces) at which it stops growing. */
export const YOUNG_GENERATION_CAP_BYTES = 32 * 2 ** 20;

/** The old generation's next collection, in percent above what survived the last one. */
export const OLD_GENERATION_GROWING_PERCENT = 50;

/** The young generation's current size in bytes (0 when V8 does not report it). */
export function youngGenerationBytes(): number {
  return getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;
}

/**
 * evalgate's cache folder outside any checkout: $EVALGATE_CACHE_DIR, else
 * $XDG_CACHE_HOME/evalgate, else ~/.cache/evalgate.
 */
export function evalgateCacheRoot(env: Readonly<Record<string, string | undefined>>): string {
  return (
    env['EVALGATE_CACHE_DIR'] ??
    (env['XDG_CACHE_HOME'] ? join(env['XDG_CACHE_HOME'], 'evalgate') : join(homedir(), '.cache', 'evalgate'))
  );
}

/** How the flags are checked: where answers are kept, and how V8's options are listed. */
export interface V8FlagCheck {
  /** The folder whose v8-flags/ keeps the answers; null keeps none (every start asks). */
  cacheDir: string | null;
  /** The output of `node --v8-options` for this process's binary (the child is the boundary). */
  listOptions?: () => string | Promise<string>;
  /** Told what was skipped, and why. */
  debug?: (line: string) => void;
  /** V8's answers by branch, in place of CHECKED_V8_BRANCHES (tests: `{}` makes every start ask). */
  checkedBranches?: Readonly<Record<string, Readonly<Record<string, boolean>>>>;
}

/**
 * `node --v8-options`' answer for the flags below, by V8 branch (major.minor). A branch's
 * patch releases are fixes and keep its flags; tests/adapters/heap-growth.test.ts checks
 * the running branch's entry against V8 itself. 13.6: Node 24.
 */
export const CHECKED_V8_BRANCHES: Readonly<Record<string, Readonly<Record<string, boolean>>>> = {
  '13.6': { '--heap-growing-percent': true, '--semi-space-growth-factor': true },
};

/** The running V8's branch (major.minor), the key of CHECKED_V8_BRANCHES. */
export function v8Branch(): string {
  return process.versions.v8.split('.').slice(0, 2).join('.');
}

/** Where the answer for this process's Node and V8 build is kept below `cacheDir`. */
export function v8FlagsFile(cacheDir: string): string {
  const build = `${process.version}-v8-${process.versions.v8}-${process.platform}-${process.arch}`;
  return join(cacheDir, 'v8-flags', `${build.replace(/[^\w.-]/g, '_')}.json`);
}

// node:child_process is loaded only when V8 is asked (once per build): importing it costs
// every start a few milliseconds. The child gets no environment of ours (it needs none),
// and is killed if this process ends first.
const listOwnOptions = (): Promise<string> =>
  new Promise((resolve, reject) => {
    const child = process
      .getBuiltinModule('node:child_process')
      .execFile(
        process.execPath,
        ['--v8-options'],
        { encoding: 'utf8', maxBuffer: 16 * 2 ** 20, timeout: 10_000, env: {} },
        (error, stdout) => {
          process.off('exit', stop);
          if (error) reject(error);
          else resolve(stdout);
        },
      );
    const stop = (): void => void child.kill();
    process.on('exit', stop);
  });

/** Which of `names` (`--flag`, no value) this process's V8 knows; see the module's comment. */
export async function knownV8Flags(names: readonly string[], check: V8FlagCheck): Promise<Set<string>> {
  const file = check.cacheDir === null ? null : v8FlagsFile(check.cacheDir);
  let answers: Record<string, unknown> = {};
  if (file !== null) {
    try {
      const stored = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      if (typeof stored === 'object' && stored !== null && !Array.isArray(stored))
        answers = stored as Record<string, unknown>;
    } catch {
      // Not there yet, or unreadable: asked below.
    }
  }
  if (names.every((n) => typeof answers[n] === 'boolean')) return new Set(names.filter((n) => answers[n] === true));
  // This build's own answer kept (above) comes first; then its branch's, without a child.
  const checked = (check.checkedBranches ?? CHECKED_V8_BRANCHES)[v8Branch()] ?? {};
  if (names.every((n) => typeof checked[n] === 'boolean')) return new Set(names.filter((n) => checked[n] === true));
  let listed: Set<string>;
  try {
    listed = new Set(
      [...(await (check.listOptions ?? listOwnOptions)()).matchAll(/^ {2}--([a-z0-9-]+)(?= |$)/gm)].map(
        (m) => `--${m[1]}`,
      ),
    );
  } catch (error) {
    // Without the list nothing is set: a flag V8 does not know would print an error.
    check.debug?.(`cannot list V8's options (${(error as Error).message}); no heap flag is set`);
    return new Set();
  }
  if (listed.size === 0) {
    check.debug?.('node --v8-options listed no option; no heap flag is set');
    return new Set();
  }
  const known = new Set(names.filter((n) => listed.has(n)));
  if (file !== null) {
    try {
      mkdirSync(join(file, '..'), { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      writeFileSync(
        temp,
        `${JSON.stringify({ ...answers, ...Object.fromEntries(names.map((n) => [n, known.has(n)])) })}\n`,
      );
      renameSync(temp, file);
    } catch (error) {
      check.debug?.(`cannot keep V8's answer in ${file} (${(error as Error).message}); the next start asks again`);
    }
  }
  return known;
}

const GROWING_FLAG = '--heap-growing-percent';
const YOUNG_FLAG = '--semi-space-growth-factor';

let installed: Promise<void> | null = null;
/** V8's full collection, once boundHeapGrowth has run (reached through a new context: not a global of the program's own). */
let fullCollection: ((options?: { type?: string; flavor?: string }) => void) | null = null;
/** What the young generation may grow to now, and whether its growth factor is set to stop there. */
let youngCapNow = YOUNG_GENERATION_CAP_BYTES;
let youngStopped = false;
/** Whether V8 knows the growth-factor flag (set once boundHeapGrowth has asked). */
let youngFlagKnown = false;
let youngObserver: PerformanceObserver | null = null;

/**
 * A full collection now, before a report is made (junit.xml; report.html gives memory back
 * instead: giveBackBetweenSteps), once boundHeapGrowth has run (else nothing). What the last
 * step left is garbage by then, but V8 starts its first full collections late whatever is
 * live, so the heap grew on top of it (docs/performance.md, "Records left in their file").
 * About 20–50 ms at 100,000 cases.
 */
export function collectBeforeReport(): void {
  fullCollection?.();
}

/**
 * A memory-reducing collection between two steps after the calls (before the result file is
 * written, before a baseline is read again, before report.html), once boundHeapGrowth has run
 * (else nothing). A plain full collection frees what the last step left, but V8 and the
 * allocator keep its pages, and the next step grew on top of them: at 100,000 cases a
 * compared run's comparison and report.html each peaked 10–15 MiB above where they started
 * (docs/performance.md, "A compared run after the calls: memory given back between its
 * steps"). About 50–90 ms at 100,000 cases.
 */
export function giveBackBetweenSteps(): void {
  giveMemoryBack();
}

/**
 * A report's text as it is written, with a plain full collection each time `every`
 * characters more of it have gone by (once boundHeapGrowth has run; else the pieces alone).
 * After the calls the young generation is kept at its smallest, so what a page's pieces
 * leave is promoted and the old generation grew by about 10 MiB over report.html's 18 MB at
 * 100,000 cases before V8 collected it; a page below `every` characters is not collected.
 */
export function* collectingEvery(text: string | Iterable<string>, every: number): Generator<string> {
  if (typeof text === 'string') {
    yield text;
    return;
  }
  let since = 0;
  for (const piece of text) {
    yield piece;
    since += piece.length;
    if (since >= every) {
      since = 0;
      fullCollection?.();
    }
  }
}

/**
 * V8's memory-reducing full collection ('last-resort': what it does when memory runs low):
 * what is unreachable is freed, the young generation shrinks to what it holds, and the pages
 * V8 keeps for later are given back. A V8 that does not know the option makes a full
 * collection. Nothing once boundHeapGrowth has not run.
 */
function giveMemoryBack(): void {
  fullCollection?.({ type: 'major', flavor: 'last-resort' });
}

/**
 * A suite's calls are done (its record log is about to be read back): a collection that
 * gives memory back — V8 shrinks the young generation to its smallest (1 MiB) and returns
 * the pages it keeps — and the young generation stays that size until the next suite's
 * calls start (`callsStarting`). What follows the calls (reading back the log, writing the
 * result file, the comparison, the baseline, the reports) allocated enough to keep the
 * young generation at its 32 MiB, which at 100,000 cases set the run's peak
 * (docs/performance.md, "The young generation after the calls"): this took a 100,000-case
 * baseline run's peak from 213–214 MiB to 171–173, for about 1 s more CPU after the calls
 * (2% of the run's). It is stopped at once, not at a cap between: V8 doubled it from 1 to
 * 128 MiB between two checks of the observer, the read-back being one long stretch of
 * work. With growth stopped V8 still adds a page now and then (it stayed at 2 MiB in
 * bench/scale's runs). Nothing once boundHeapGrowth has not run.
 */
export function callsDone(): void {
  if (fullCollection === null) return;
  giveMemoryBack();
  setYoungCap(0);
}

/**
 * A suite's calls start: the young generation may grow again to its cap for the calls. After
 * `callsDone` it is given back first: kept from growing, V8 still adds pages to it now and then
 * (5–18 MiB seen), and doubling from such a size steps over the cap (to 64 MiB, once in three
 * test runs on a loaded machine). From V8's smallest (1 MiB) it doubles onto the cap, where
 * it is stopped, as at start-up (32–37 MiB in eight runs side by side).
 */
export function callsStarting(): void {
  if (fullCollection === null) return;
  if (youngCapNow === 0) giveMemoryBack();
  setYoungCap(YOUNG_GENERATION_CAP_BYTES);
}

/** Where the young generation stops growing from now on (checked now and after each collection; 0 stops it now). */
function setYoungCap(cap: number): void {
  youngCapNow = cap;
  if (!youngFlagKnown) return;
  if (checkYoungCap()) return;
  if (youngObserver !== null) return;
  // After every collection, not only the young generation's: a full one resizes it too, and
  // left unchecked until the next minor one it doubled past the cap (32 → 64 MiB, seen in 3
  // runs of 10 when loading had already grown it before the cap was set).
  const observer = new PerformanceObserver(() => {
    if (checkYoungCap()) {
      observer.disconnect();
      youngObserver = null;
    }
  });
  youngObserver = observer;
  observer.observe({ entryTypes: ['gc'] });
}

/** Stops the young generation's growth once it is at the cap (V8's factor 1), lets it grow (2) below; true once stopped. */
function checkYoungCap(): boolean {
  const stop = youngGenerationBytes() >= youngCapNow;
  if (stop !== youngStopped) {
    setFlagsFromString(`${YOUNG_FLAG}=${stop ? 1 : 2}`);
    youngStopped = stop;
  }
  return stop;
}

/**
 * Sets the old generation's growing factor, and stops the young generation's growth once
 * it reaches `youngCap` bytes (checked after each collection; it grows
 * by doubling, so it stops doubling at the first size at or over the cap; V8 may still add
 * a few pages past it, seen up to 40 MiB for a 32 MiB cap). Once per process; the
 * collections (`callsDone`, `collectBeforeReport`, …) are ready when it returns, the two
 * flags when the promise settles (at once when the cache folder holds V8's answer): await
 * it before any work. It never rejects: without V8's answer no flag is set.
 */
export function boundHeapGrowth(
  youngCap: number = YOUNG_GENERATION_CAP_BYTES,
  check: V8FlagCheck = { cacheDir: evalgateCacheRoot(process.env) },
): Promise<void> {
  if (installed !== null) return installed;
  setFlagsFromString('--expose-gc');
  fullCollection = runInNewContext('gc') as typeof fullCollection;
  youngCapNow = youngCap;
  const skipped = (flag: string, effect: string): void =>
    check.debug?.(`V8 ${process.versions.v8} does not know ${flag}: not set, ${effect}`);
  installed = knownV8Flags([GROWING_FLAG, YOUNG_FLAG], check).then((known) => {
    if (known.has(GROWING_FLAG)) setFlagsFromString(`${GROWING_FLAG}=${OLD_GENERATION_GROWING_PERCENT}`);
    else skipped(GROWING_FLAG, 'the old generation grows as V8 decides');
    if (!known.has(YOUNG_FLAG)) return skipped(YOUNG_FLAG, 'the young generation grows as V8 decides');
    youngFlagKnown = true;
    // The cap as the phases have set it meanwhile (callsDone may have come first).
    setYoungCap(youngCapNow);
  });
  return installed;
}
