/**
 * The running median behind "N × median" thresholds (event counts, volcano events, wall alerts).
 * Trailing: a window is judged against the windows before it, never after, so a count or an alert
 * does not change when later data arrives, and the last hours of a range are judged like the rest.
 */
import type { Series } from './series';

/** A day: an episode of some hours does not lift its own baseline. */
export const MEDIAN_WINDOW_SEC = 86_400;
/** A median over less than this share of its span (6 hours of a day) is no baseline. */
export const MIN_BASELINE_SHARE = 0.25;

/**
 * At each point of `s`, the median of the values in the `windowSec` up to it, (t − span, t]: exact,
 * per point (the upper median of an even count, so always one of the values). NaN where that span
 * holds fewer than MIN_BASELINE_SHARE of the windows it can (the start of the loaded data, a long
 * outage). The values are ranked once and counted in a Fenwick tree, so each point costs a few
 * logarithmic steps: a year of minute windows in well under a second (a median of 1,440 values
 * selected afresh at each point would cost 1,440 × n).
 */
export function trailingMedian(s: Series, windowSec = MEDIAN_WINDOW_SEC): Float64Array {
  const n = s.times.length;
  const out = new Float64Array(n).fill(Number.NaN);
  if (n === 0) return out;
  const minCount = Math.ceil((MIN_BASELINE_SHARE * windowSec) / s.windowSec);
  const sorted = Float64Array.from(s.values).sort(); // NaN sorts last
  let m = sorted.length;
  while (m > 0 && sorted[m - 1] !== sorted[m - 1]) m--;
  // rank[i]: the slot of values[i] among the sorted values (equal values share one); -1 for NaN.
  const rank = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const v = s.values[i]!;
    if (v !== v) {
      rank[i] = -1;
      continue;
    }
    let lo = 0;
    let hi = m;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! < v) lo = mid + 1;
      else hi = mid;
    }
    rank[i] = lo;
  }
  const tree = new Int32Array(m + 1);
  const add = (r: number, d: number) => {
    for (let k = r + 1; k <= m; k += k & -k) tree[k]! += d;
  };
  let top = 1;
  while (top * 2 <= m) top *= 2;
  /** The slot of the k-th smallest (0-based) counted value. */
  const kth = (k: number) => {
    let pos = 0;
    for (let step = top; step > 0; step >>= 1) {
      const next = pos + step;
      if (next <= m && tree[next]! <= k) {
        pos = next;
        k -= tree[next]!;
      }
    }
    return pos;
  };
  let a = 0;
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (rank[i]! >= 0) {
      add(rank[i]!, 1);
      count++;
    }
    const t = s.times[i]!;
    for (; s.times[a]! <= t - windowSec; a++)
      if (rank[a]! >= 0) {
        add(rank[a]!, -1);
        count--;
      }
    if (count >= minCount) out[i] = sorted[kth(count >> 1)]!;
  }
  return out;
}

/**
 * The trailing one-day median of `s`, computed once per values array: the same loaded data judged
 * again (another factor, bin or zone; the wall's next render) reuses it. It is the costly part of
 * judging a window against its median: ~0.25 s for a year of minute windows, 7 ms for a week.
 */
const dayMedians = new WeakMap<object, Float64Array>();
export function dayMedianOf(s: Series): Float64Array {
  const key = s.values as object;
  let b = dayMedians.get(key);
  if (!b || b.length !== s.values.length) {
    b = trailingMedian(s, MEDIAN_WINDOW_SEC);
    dayMedians.set(key, b);
  }
  return b;
}
