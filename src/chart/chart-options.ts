/**
 * Pure helpers behind the time-series chart: palette, time zones for uPlot, gap insertion,
 * alignment of several series on one x, smoothing and summaries. No React, no DOM, so the heavy
 * loops are unit-tested directly. The CSV and PNG exports are in ./export, loaded on the first click.
 */
import { toWall } from '../domain/local-time';
import { summarize, type ColumnStats } from '../domain/summary';
import type { SeriesInput } from './series-data';
import type uPlot from 'uplot';

/** Okabe–Ito: distinguishable with the common colour-vision deficiencies (black left out: dark theme). */
export const OKABE_ITO = ['#E69F00', '#56B4E9', '#009E73', '#F0E442', '#0072B2', '#D55E00', '#CC79A7'] as const;

export function seriesColor(i: number): string {
  return OKABE_ITO[i % OKABE_ITO.length]!;
}

/**
 * uPlot draws axis labels from a Date's *local* fields: this returns a Date whose local fields show
 * the wall clock of `zone` (read through Intl, src/domain/local-time.ts), so ticks and labels
 * follow the zone, DST included. Not date-fns-tz: the chart is on every chart route's first paint,
 * and a UTC chart (the seismic view's default) then loads no zone library at all.
 */
export function tzDate(zone: string): (ts: number) => Date {
  return (ts) => {
    const w = new Date(toWall(zone, ts * 1000));
    return new Date(
      w.getUTCFullYear(),
      w.getUTCMonth(),
      w.getUTCDate(),
      w.getUTCHours(),
      w.getUTCMinutes(),
      w.getUTCSeconds(),
      w.getUTCMilliseconds(),
    );
  };
}

export type { ColumnStats };

export type SmoothKind = 'mean' | 'median';

/** k-th smallest of a[0..n) in place (Hoare quickselect); O(n) on average. */
function quickselect(a: Float64Array, n: number, k: number): number {
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k]!;
  }
  return a[k]!;
}

/** Median of a numeric column (nulls and NaN skipped); NaN when empty. */
export function median(values: ArrayLike<number | null>): number {
  return summarize([values]).median;
}

/**
 * Centred rolling mean or median over `windowSec` seconds, evaluated on a grid aligned to whole
 * multiples of the step, so channels smoothed alike share x values. The step is about 1/30 of the
 * window (a 1 d median every 48 min looks the same and costs 30 samples per window, not 1,440).
 * A window holding no point gives `null`, so outages longer than the window stay breaks.
 */
export function smoothSeries(
  s: SeriesInput,
  windowSec: number,
  kind: SmoothKind,
): { x: Float64Array; y: Array<number | null> } {
  const n = s.times.length;
  if (n === 0) return { x: new Float64Array(0), y: [] };
  const step = Math.max(s.windowSec, Math.floor(windowSec / 30 / s.windowSec) * s.windowSec);
  const half = windowSec / 2;
  const first = Math.ceil(s.times[0]! / step) * step;
  const last = s.times[n - 1]!;
  const m = Math.max(0, Math.floor((last - first) / step) + 1);
  const x = new Float64Array(m);
  const y = new Array<number | null>(m);
  const scratch = kind === 'median' ? new Float64Array(n) : null;
  // Prefix sums serve the mean only.
  const prefix = scratch ? null : new Float64Array(n + 1);
  if (prefix) for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i]! + s.values[i]!;
  let a = 0;
  let b = 0;
  for (let j = 0; j < m; j++) {
    const t = first + j * step;
    x[j] = t;
    while (a < n && s.times[a]! < t - half) a++;
    if (b < a) b = a;
    while (b < n && s.times[b]! < t + half) b++;
    const count = b - a;
    if (count === 0) {
      y[j] = null;
      continue;
    }
    if (scratch) {
      for (let i = a; i < b; i++) scratch[i - a] = s.values[i]!;
      y[j] = quickselect(scratch, count, count >> 1);
    } else if (prefix) y[j] = (prefix[b]! - prefix[a]!) / count;
  }
  return { x, y };
}

/**
 * The centred running median of a series at each of its own points, read off `smoothSeries`' grid
 * (a median every ~1/30 of the window: over a day of minute data, per-point medians would cost
 * 1,440 × n and look the same). NaN where the window holds no point.
 */
export function runningMedian(s: SeriesInput, windowSec: number): Float64Array {
  const n = s.times.length;
  const out = new Float64Array(n);
  const grid = smoothSeries(s, windowSec, 'median');
  const m = grid.x.length;
  if (m === 0) return out.fill(Number.NaN);
  const first = grid.x[0]!;
  const step = m > 1 ? grid.x[1]! - first : 1;
  for (let i = 0; i < n; i++) {
    const j = Math.min(m - 1, Math.max(0, Math.round((s.times[i]! - first) / step)));
    out[i] = grid.y[j] ?? Number.NaN;
  }
  return out;
}

/** Statistics of the non-null values of `y` whose x lies in [xMin, xMax]. */
export function columnStats(
  x: ArrayLike<number>,
  y: ArrayLike<number | null>,
  xMin = -Infinity,
  xMax = Infinity,
): ColumnStats {
  return summarize([Array.prototype.slice.call(y, lowerBound(x, xMin), upperBound(x, xMax)) as (number | null)[]]);
}

/** Binary search: first index with x[i] > v. */
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

/** Binary search: first index with x[i] >= v. */
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

const DAY_S = 86_400;
/**
 * 24-hour, ISO-ordered tick labels, in uPlot's table form: the smallest tick increment a row serves,
 * its label, then what is added when the year, month, day, hour, minute or second changed since
 * the tick before (null: nothing).
 */
type LabelRow = readonly [number, string, ...(string | null)[]];
export const TIME_FORMATS: readonly LabelRow[] = [
  [365 * DAY_S, '{YYYY}', null, null, null, null, null, null],
  [28 * DAY_S, '{YYYY}-{MM}', '\n{YYYY}', null, null, null, null, null],
  [DAY_S, '{MM}-{DD}', '\n{YYYY}', null, null, null, null, null],
  [3600, '{HH}:{mm}', '\n{YYYY}-{MM}-{DD}', null, '\n{MM}-{DD}', null, null, null],
  [60, '{HH}:{mm}', '\n{YYYY}-{MM}-{DD}', null, '\n{MM}-{DD}', null, null, null],
  [1, ':{ss}', '\n{YYYY}-{MM}-{DD} {HH}:{mm}', null, '\n{MM}-{DD} {HH}:{mm}', null, '\n{HH}:{mm}', null],
];

/** Where each field sits in an ISO string, and where its prefix ends (year … second). */
const SLICES: Record<string, readonly [number, number]> = {
  YYYY: [0, 4],
  MM: [5, 7],
  DD: [8, 10],
  HH: [11, 13],
  mm: [14, 16],
  ss: [17, 19],
};
const PREFIX_ENDS = [4, 7, 10, 13, 16, 19];

/**
 * Tick labels read straight from the wall clock of `zone`. uPlot's own labels come from the Date
 * `tzDate` builds in the browser's zone, and a wall time inside the browser's own spring-forward
 * gap does not exist there: a viewer in Berlin saw 02:30 UTC on 30 March 2025 labelled "03:30".
 */
export function timeAxisValues(zone: string, oneLine = false): uPlot.Axis.DynamicValues {
  return (_u, splits, _axis, _space, incr) => {
    const row = TIME_FORMATS.find((r) => incr >= r[0]) ?? TIME_FORMATS[TIME_FORMATS.length - 1]!;
    let prev = '';
    return splits.map((split) => {
      // The wall clock's fields, written as if UTC.
      const iso = new Date(toWall(zone, split * 1000)).toISOString();
      const changed = PREFIX_ENDS.findIndex((end, i) => row[2 + i] && iso.slice(0, end) !== prev.slice(0, end));
      const first = prev === '';
      prev = iso;
      // One line (the wall's sparklines): a tick that starts a new day shows the day in place of
      // its time, so a range of days does not read 00:00 … 00:00 with nothing to tell them apart.
      const tpl = oneLine
        ? !first && changed >= 0 && changed <= 2 && row[0] < DAY_S
          ? '{MM}-{DD}'
          : row[1]
        : row[1] + (changed < 0 ? '' : row[2 + changed]);
      return tpl.replace(/\{(\w+)\}/g, (_, k: string) => iso.slice(...SLICES[k]!));
    });
  };
}
