/**
 * Type-7 (linear interpolation) sample quantile of sorted values, as R's default and
 * scipy/numpy use: h = (n − 1)p, interpolate between the neighbours of h. Our own because
 * simple-statistics' quantile is type-7 only from 7.8.9 and we want no doubt about it.
 */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  if (!(p >= 0 && p <= 1)) return Number.NaN;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  const x0 = sorted[lo] as number;
  const x1 = sorted[hi] as number;
  return x0 + (h - lo) * (x1 - x0);
}
