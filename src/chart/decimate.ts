/**
 * Drawing at the resolution of the screen (M4): with more than a few points per pixel column, a
 * line chart only needs, per column, the first, last, lowest and highest point of each series to
 * draw the same pixels. Peaks are therefore never lost, and a redraw costs about 4 points per
 * column whether the data holds a day or a year. The rows kept are rows of the input, so every x
 * and every value drawn is a real one; legends and exports keep reading the full columns.
 */
import type { AlignedData } from './series-data';
import { lowerBound, upperBound } from '../domain/sorted-search';

/** Above this many points per pixel column, a series is decimated. */
export const POINTS_PER_COLUMN = 4;

/** Index of the x value nearest `t` (the earlier one on a tie); -1 when `x` is empty. */
export function nearestIndex(x: ArrayLike<number>, t: number): number {
  if (x.length === 0) return -1;
  const i = lowerBound(x, t);
  if (i === 0) return 0;
  if (i >= x.length) return x.length - 1;
  return t - x[i - 1]! <= x[i]! - t ? i - 1 : i;
}

/** Rows a..b of the columns (x as a view, y copied: uPlot may keep them). */
function sliceRows(data: AlignedData, a: number, b: number): AlignedData {
  const x = data[0];
  const xs = x instanceof Float64Array ? x.subarray(a, b) : Array.prototype.slice.call(x, a, b);
  return [xs, ...data.slice(1).map((y) => (y as Array<number | null>).slice(a, b))] as AlignedData;
}

/**
 * The rows of `data` to draw for the x range [min, max] on `columns` pixel columns: every row when
 * there are at most POINTS_PER_COLUMN per column, else per column and series the first, last,
 * minimum and maximum non-null rows. A null (a break in the line) is kept where a run of nulls
 * starts, with the points on either side of the run, so gaps stay gaps. The nearest row outside
 * the range on each side is kept too, so the line reaches the plot's edges.
 */
export function decimate(data: AlignedData, min: number, max: number, columns: number): AlignedData {
  const x = data[0];
  const n = x.length;
  if (n === 0 || !(max > min)) return data;
  const a = Math.max(0, lowerBound(x, min) - 1);
  const b = Math.min(n, upperBound(x, max) + 1);
  const cols = Math.max(1, Math.floor(columns));
  if (b - a <= POINTS_PER_COLUMN * cols) return a === 0 && b === n ? data : sliceRows(data, a, b);

  const keep = new Uint8Array(b - a);
  keep[0] = 1;
  keep[b - a - 1] = 1;
  const scale = cols / (max - min);
  for (let k = 1; k < data.length; k++) {
    const y = data[k] as Array<number | null>;
    let col = Number.NaN;
    let first = -1;
    let last = -1;
    let lo = -1;
    let hi = -1;
    const flush = () => {
      if (first < 0) return;
      keep[first - a] = 1;
      keep[last - a] = 1;
      keep[lo - a] = 1;
      keep[hi - a] = 1;
    };
    for (let i = a; i < b; i++) {
      const c = Math.floor((x[i]! - min) * scale);
      if (c !== col) {
        flush();
        col = c;
        first = last = lo = hi = -1;
      }
      const v = y[i];
      if (v === null || v === undefined) {
        if (i > a && y[i - 1] != null) {
          keep[i - a] = 1;
          keep[i - 1 - a] = 1;
        }
        if (i + 1 < b && y[i + 1] != null) keep[i + 1 - a] = 1;
        continue;
      }
      if (first < 0) first = lo = hi = i;
      last = i;
      if (v < y[lo]!) lo = i;
      if (v > y[hi]!) hi = i;
    }
    flush();
  }

  let m = 0;
  for (let i = 0; i < keep.length; i++) m += keep[i]!;
  const xs = new Float64Array(m);
  const ys = data.slice(1).map(() => new Array<number | null>(m));
  let o = 0;
  for (let i = 0; i < keep.length; i++) {
    if (!keep[i]) continue;
    xs[o] = x[a + i]!;
    for (let k = 1; k < data.length; k++) ys[k - 1]![o] = (data[k] as Array<number | null>)[a + i] ?? null;
    o++;
  }
  return [xs, ...ys];
}
