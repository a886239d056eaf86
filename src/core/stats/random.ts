/**
 * Seeded randomness for the bootstrap.
 *
 * Why sfc32 seeded through cyrb128: docs/design/statistics.md requires that the same inputs give
 * byte-identical output, so nothing here may touch Math.random. sfc32 is small, fast,
 * passes PractRand, and has a 128-bit state that cyrb128 fills from a string (the suite
 * identity plus both run ids), so every comparison gets its own reproducible stream.
 */

/** A deterministic source of uniform 32-bit integers. */
export interface Random {
  /** The next uniform integer in [0, 2^32). */
  nextUint32(): number;
  /** A uniform integer in [0, n), drawn without modulo bias (rejection sampling). */
  nextInt(n: number): number;
  /**
   * A uniform double in (0, 1) on a grid of 2^-53, from the next two outputs: the bootstrap's
   * binomial sampler needs finer steps than 2^-32 so its acceptance tests are not coarsened.
   */
  nextDouble(): number;
}

/** Hashes a string to four 32-bit words (cyrb128), the seed material for sfc32. */
export function hashStringToSeed(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** Creates an sfc32 generator seeded from a string. */
export function createRandom(seedText: string): Random {
  let [a, b, c, d] = hashStringToSeed(seedText);
  const nextUint32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // Warm up: the first outputs of sfc32 after seeding are less mixed.
  for (let i = 0; i < 15; i++) nextUint32();
  const nextInt = (n: number): number => {
    if (!Number.isInteger(n) || n <= 0 || n > 2 ** 32) {
      throw new RangeError(`nextInt needs an integer in [1, 2^32], got ${n}`);
    }
    // Reject the top partial block so every residue is equally likely.
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const x = nextUint32();
      if (x < limit) return x % n;
    }
  };
  const nextDouble = (): number => {
    const high = nextUint32() >>> 5; // 27 bits
    const low = nextUint32() >>> 6; // 26 bits
    return (high * 67_108_864 + low + 0.5) / 9_007_199_254_740_992;
  };
  return { nextUint32, nextInt, nextDouble };
}
