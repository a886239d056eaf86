/**
 * McNemar's exact test for a binary primary metric.
 *
 * Why exact: eval sets are small and discordant pairs few, where the chi-square
 * approximation is poor. The binomial tail is summed in BigInt so it is exact for any
 * count; only the final division is rounded to a double.
 */

/** Discordant pairs: b = pass → fail (worse), c = fail → pass (better). */
export interface McNemarResult {
  b: number;
  c: number;
  pValue: number;
}

/** Two-sided exact p = min(1, 2·Σ_{i ≤ min(b,c)} C(b+c, i) / 2^(b+c)); 1 when b + c = 0. */
export function mcnemarExact(b: number, c: number): McNemarResult {
  if (!Number.isInteger(b) || !Number.isInteger(c) || b < 0 || c < 0) {
    throw new RangeError(`McNemar needs non-negative integer counts, got b=${b}, c=${c}`);
  }
  const n = b + c;
  if (n === 0) return { b, c, pValue: 1 };
  const k = Math.min(b, c);
  let binom = 1n;
  let tail = 1n; // i = 0
  for (let i = 1; i <= k; i++) {
    binom = (binom * BigInt(n - i + 1)) / BigInt(i);
    tail += binom;
  }
  let numerator = 2n * tail;
  let denominator = 1n << BigInt(n);
  if (numerator >= denominator) return { b, c, pValue: 1 };
  // Scale both down so Number() does not overflow; precision stays at ~53 bits.
  const excess = denominator.toString(2).length - 1000;
  if (excess > 0) {
    numerator >>= BigInt(excess);
    denominator >>= BigInt(excess);
  }
  return { b, c, pValue: Math.min(1, Number(numerator) / Number(denominator)) };
}
