/**
 * Binary search over an ascending column (unix seconds, mostly): where a time range starts and
 * ends in a series. Shared by the charts, the analyses and the exports.
 */

/** First index with x[i] >= v. */
export function lowerBound(x: ArrayLike<number>, v: number): number {
  let lo = 0;
  let hi = x.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (x[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index with x[i] > v. */
export function upperBound(x: ArrayLike<number>, v: number): number {
  let lo = 0;
  let hi = x.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (x[mid]! <= v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
