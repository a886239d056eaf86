/**
 * A cap on V8's young generation, the part of the heap where new objects are made. V8 lets
 * it grow whenever enough objects survive its collections, up to a size it derives from
 * the machine's memory (128 MiB on a 64-bit machine with a few GB): in a long run at 32
 * calls at once, enough always survives, so it reaches that size and keeps it, and it was
 * the largest part of a 10,000-case run's peak RSS although a tenth of it held live data
 * (docs/performance.md, "10,000 cases and more").
 *
 * `node --max-semi-space-size` would fix the size, but neither the CLI's bin nor the
 * action's runner can pass node flags. The growth factor can change while the process
 * runs, so the young generation grows as usual until it reaches the cap, and its growth
 * factor is then set to 1: it stays that size. Measured at 16 MiB semi-spaces, the CPU a
 * run takes is the same as uncapped (bench/scale.ts).
 */
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/** The young generation's size (both semi-spaces) at which it stops growing. */
export const YOUNG_GENERATION_CAP_BYTES = 32 * 2 ** 20;

/** The young generation's current size in bytes (0 when V8 does not report it). */
export function youngGenerationBytes(): number {
  return getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;
}

let installed = false;

/**
 * Stops the young generation's growth once it reaches `cap` bytes (checked after each
 * young-generation collection; it grows by doubling, so it ends at the first size at or
 * over the cap). Once per process.
 */
export function capYoungGeneration(cap: number = YOUNG_GENERATION_CAP_BYTES): void {
  if (installed) return;
  installed = true;
  const stop = (): boolean => {
    if (youngGenerationBytes() < cap) return false;
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
