/**
 * Count, extremes and median of a series' values: the legend's summary line. Here, not in
 * src/chart, because the parse worker (src/api) computes it off the main thread for a year of points.
 */

export interface ColumnStats {
  count: number;
  min: number;
  max: number;
  median: number;
}

/**
 * The summary of every value in `columns` (NaN or null marks an outage, never a value). Reorders
 * nothing given.
 */
export function summarize(columns: readonly ArrayLike<number | null>[]): ColumnStats {
  const vals = new Float64Array(columns.reduce((s, c) => s + c.length, 0));
  let n = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const c of columns) {
    for (let i = 0; i < c.length; i++) {
      const v = c[i];
      if (v === null || v === undefined || v !== v) continue;
      vals[n++] = v;
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  // The native sort of a typed array (numeric, in C++) is small and fast enough off the main thread.
  const sorted = vals.subarray(0, n).sort();
  const median = n === 0 ? Number.NaN : n % 2 ? sorted[n >> 1]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
  return { count: n, min, max, median };
}
