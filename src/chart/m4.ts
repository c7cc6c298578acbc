/**
 * M4 on typed columns (decimate.ts does the same for aligned tables), helped by a summary of each
 * block in fixed runs of rows (buckets): a bucket that lies inside one pixel column adds its first,
 * last, lowest and highest row at once instead of row by row. A year's cut then reads about
 * n / BUCKET + columns × BUCKET rows rather than all n (a quarter of the time in Node), and the
 * rows drawn are exactly those of the row-by-row pass.
 */
import { BUCKET } from './draw-prep/row-buckets';
import type { Buckets } from '../api/decode/rsam-series';
import { lowerBound } from '../domain/sorted-search';
import { POINTS_PER_COLUMN } from './decimate';

/**
 * The rows to draw of `x`, `y` for [min, max] on `columns` columns: every row when there are at
 * most POINTS_PER_COLUMN per column, else per column the first, last, lowest and highest value,
 * plus both sides of every break and the nearest row outside the range on each side. A break
 * narrower than a pixel column is left out: it cannot be seen at this zoom, and every break drawn
 * costs uPlot a clip rectangle, which made software-rendered redraws of a year take ~80 ms.
 * `buckets` (bucketsOf(y), draw-prep/row-buckets.ts) only make it faster: the rows are the same with or without.
 */
export function m4Rows(
  x: Float64Array,
  y: Float64Array,
  min: number,
  max: number,
  columns: number,
  buckets?: Buckets,
): Int32Array {
  const n = x.length;
  const a = Math.max(0, lowerBound(x, min) - 1);
  let b = lowerBound(x, max);
  while (b < n && x[b] === max) b++;
  b = Math.min(n, b + 1);
  if (b <= a) return new Int32Array(0);
  const cols = Math.max(1, Math.floor(columns));
  const scale = max > min ? cols / (max - min) : Infinity;
  const every = b - a <= POINTS_PER_COLUMN * cols;
  const bLo = buckets?.lo;
  const bHi = buckets?.hi;
  // Written without inner helper functions: the loop's state then lives in registers, not in a closure's context,
  // which made the first (not yet optimised) pass over a year ~1.5× slower, and a cold visit waits for that pass.
  const out = new Int32Array(b - a + 2);
  out[0] = a;
  let m = 1;
  let col = Number.NaN;
  let first = -1;
  let last = -1;
  let lo = -1;
  let hi = -1;
  let loV = Infinity;
  let hiV = -Infinity;
  // One pass more than the rows, at i = b - 1, to flush the last column. Each pass reads a unit:
  // one row, or a whole bucket from its summary, rows i to j with their lowest row l and highest h.
  for (let i = a + 1; ; i++) {
    const end = i >= b - 1;
    let v = end ? Number.NaN : y[i]!;
    let brk = false;
    let j = i;
    let c = -1;
    let l = i;
    let h = i;
    let hv = v;
    if (!end && v !== v) {
      // A break: the run of markers ends at j; drawn only when at least a column wide.
      while (j + 1 < b && y[j + 1] !== y[j + 1]) j++;
      const after = j + 1 < n ? x[j + 1]! : Infinity;
      brk = (after - x[i - 1]!) * scale >= 1;
      if (!brk) {
        i = j;
        continue;
      }
    } else if (!end && !every) {
      c = Math.floor((x[i]! - min) * scale);
      // A whole bucket before the last row, unbroken and inside this one column.
      const k = i / BUCKET;
      if (
        bLo &&
        i % BUCKET === 0 &&
        i + BUCKET < b &&
        bLo[k]! >= 0 &&
        c === Math.floor((x[i + BUCKET - 1]! - min) * scale)
      ) {
        l = bLo[k]!;
        h = bHi![k]!;
        v = y[l]!;
        hv = y[h]!;
        j = i + BUCKET - 1;
      }
    }
    if (first >= 0 && (end || brk || c !== col)) {
      // The column's rows in row order, without repeats.
      const p = lo < hi ? lo : hi;
      const q = lo < hi ? hi : lo;
      if (first > out[m - 1]!) out[m++] = first;
      if (p > out[m - 1]!) out[m++] = p;
      if (q > out[m - 1]!) out[m++] = q;
      if (last > out[m - 1]!) out[m++] = last;
      first = -1;
    }
    if (end) break;
    if (brk) {
      col = Number.NaN;
      if (i - 1 > out[m - 1]!) out[m++] = i - 1;
      if (i > out[m - 1]!) out[m++] = i;
      i = j;
      continue;
    }
    if (every) {
      if (i > out[m - 1]!) out[m++] = i;
      continue;
    }
    col = c;
    if (first < 0) {
      first = i;
      lo = l;
      hi = h;
      loV = v;
      hiV = hv;
    } else {
      // The first row of the column's lowest and highest value stays: strict comparisons.
      if (v < loV) {
        loV = v;
        lo = l;
      }
      if (hv > hiV) {
        hiV = hv;
        hi = h;
      }
    }
    last = i = j;
  }
  if (b - 1 > out[m - 1]!) out[m++] = b - 1;
  return out.slice(0, m);
}
