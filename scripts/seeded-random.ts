// scripts/seeded-random — the seeded generator the corpus scripts share (train-manipulation-model.ts
// and write-template-set.ts), so that what they make depends on the seed alone, never the clock.

/** A seeded generator (mulberry32): numbers in [0, 1), the same sequence for the same seed. */
export function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
