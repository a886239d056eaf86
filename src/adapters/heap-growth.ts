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
 */
import { constants, PerformanceObserver } from 'node:perf_hooks';
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

let installed = false;
/** V8's full collection, once boundHeapGrowth has run (reached through a new context: not a global of the program's own). */
let fullCollection: (() => void) | null = null;

/**
 * A full collection now, before a report is made, once boundHeapGrowth has run (else
 * nothing). The reports are where a large run peaks: what the comparison left is garbage by
 * then, but V8 starts its first full collections late whatever is live, so the heap grew on
 * top of it (docs/performance.md, "Records left in their file"). About 20–50 ms at 100,000
 * cases.
 */
export function collectBeforeReport(): void {
  fullCollection?.();
}

/**
 * Sets the old generation's growing factor, and stops the young generation's growth once
 * it reaches `youngCap` bytes (checked after each young-generation collection; it grows
 * by doubling, so it stops doubling at the first size at or over the cap; V8 may still add
 * a few pages past it, seen up to 40 MiB for a 32 MiB cap). Once per process.
 */
export function boundHeapGrowth(youngCap: number = YOUNG_GENERATION_CAP_BYTES): void {
  if (installed) return;
  installed = true;
  setFlagsFromString(`--heap-growing-percent=${OLD_GENERATION_GROWING_PERCENT}`);
  setFlagsFromString('--expose-gc');
  fullCollection = runInNewContext('gc') as () => void;
  const stop = (): boolean => {
    if (youngGenerationBytes() < youngCap) return false;
    setFlagsFromString('--semi-space-growth-factor=1');
    return true;
  };
  if (stop()) return;
  const observer = new PerformanceObserver((list) => {
    const minor = list
      .getEntries()
      .some((e) => (e as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR);
    if (minor && stop()) observer.disconnect();
  });
  observer.observe({ entryTypes: ['gc'] });
}
