/**
 * A summary of a chart column of values in fixed runs of rows (buckets): per bucket, where its
 * lowest and highest value stand. The chart's M4 cut (src/chart/m4.ts) reads a bucket that falls
 * inside one pixel column from here instead of row by row. The parse worker computes it with the
 * gap columns, off the main thread (rsam-draw-prep.ts).
 */
import type { Buckets } from '../../api/decode/rsam-series';

/** Rows per bucket: about √(rows / columns) for a month's block of minute rows across 100 columns. */
export const BUCKET = 16;

/** Per bucket of BUCKET rows (the last may be shorter): the shape is src/api/decode/rsam-series.ts' `Buckets`. */

/** The buckets of `y`, in one pass (a plainer loop than M4's, and done once per block). */
export function bucketsOf(y: Float64Array): Buckets {
  const n = y.length;
  const count = Math.ceil(n / BUCKET);
  const lo = new Int32Array(count);
  const hi = new Int32Array(count);
  for (let k = 0; k < count; k++) {
    const start = k * BUCKET;
    const end = Math.min(n, start + BUCKET);
    let l = start;
    let h = start;
    let lv = y[start]!;
    let hv = lv;
    let broken = lv !== lv;
    for (let i = start + 1; i < end; i++) {
      const v = y[i]!;
      if (v < lv) {
        lv = v;
        l = i;
      } else if (v > hv) {
        hv = v;
        h = i;
      } else if (v !== v) broken = true;
    }
    lo[k] = broken ? -1 : l;
    hi[k] = h;
  }
  return { lo, hi };
}
