/**
 * Pure helpers behind the time-series chart: palette, time zones for uPlot, gap insertion,
 * alignment of several series on one x, smoothing, summaries and exports. No React, no DOM
 * except `exportPng`, so the heavy loops are unit-tested directly.
 */
import { formatOffset, offsetMs, toWall } from '../domain/local-time';

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

import type { AlignedData, SeriesInput } from './series-data';

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

/** Median of a[0..n) (reorders it); NaN when n is 0. */
function medianInPlace(a: Float64Array, n: number): number {
  if (n === 0) return Number.NaN;
  const hi = quickselect(a, n, n >> 1);
  if (n % 2) return hi;
  // quickselect left the lower half in a[0..n/2): its largest is the other middle value.
  let lo = -Infinity;
  for (let i = 0; i < n >> 1; i++) if (a[i]! > lo) lo = a[i]!;
  return (lo + hi) / 2;
}

/** Median of a numeric column (nulls and NaN skipped); NaN when empty. */
export function median(values: ArrayLike<number | null>): number {
  const tmp = new Float64Array(values.length);
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v !== null && v !== undefined && !Number.isNaN(v)) tmp[n++] = v;
  }
  return medianInPlace(tmp, n);
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

export interface ColumnStats {
  count: number;
  min: number;
  max: number;
  median: number;
}

/** Statistics of the non-null values of `y` whose x lies in [xMin, xMax]. */
export function columnStats(
  x: ArrayLike<number>,
  y: ArrayLike<number | null>,
  xMin = -Infinity,
  xMax = Infinity,
): ColumnStats {
  return blockStats([{ x, y }], xMin, xMax);
}

/** columnStats over consecutive blocks of columns, without joining them first. */
export function blockStats(
  blocks: ReadonlyArray<{ x: ArrayLike<number>; y: ArrayLike<number | null> }>,
  xMin = -Infinity,
  xMax = Infinity,
): ColumnStats {
  const vals = new Float64Array(blocks.reduce((s, b) => s + b.x.length, 0));
  let n = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const { x, y } of blocks) {
    const last = x.length - 1;
    if (last < 0 || x[0]! > xMax || x[last]! < xMin) continue;
    for (let i = lowerBound(x, xMin); i <= last; i++) {
      if (x[i]! > xMax) break;
      const v = y[i];
      // null, undefined and NaN all mark a break (typed columns use NaN), never a value.
      if (v === null || v === undefined || v !== v) continue;
      vals[n++] = v;
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  return { count: n, min, max, median: medianInPlace(vals, n) };
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

/** An instant as ISO 8601 with the zone's offset (`Z` for UTC): unambiguous across DST changes. */
export function formatCsvTime(ts: number, zone: string): string {
  const t = ts * 1000;
  const off = offsetMs(zone, t);
  const wall = new Date(t + off).toISOString().slice(0, 19);
  return zone === 'UTC' ? `${wall}Z` : `${wall}${formatOffset(off)}`;
}

export interface CsvOptions {
  data: AlignedData;
  names: readonly string[];
  zone: string;
  /** Visible x range (unix seconds), inclusive. */
  xMin?: number;
  xMax?: number;
  /** Extra `# …` lines on top, e.g. the smoothing applied. */
  notes?: readonly string[];
  /** Unit of the value columns, named in the header (default counts). */
  unit?: string;
}

/**
 * CSV of the rows in the visible range that hold at least one value. The header names the zone of
 * the time column; empty cells are missing windows.
 */
export function buildCsv(o: CsvOptions): string {
  const [x, ...ys] = o.data;
  const lines: string[] = [];
  for (const note of o.notes ?? []) lines.push(`# ${note.replace(/[\r\n]+/g, ' ')}`);
  const q = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  lines.push([`time (${o.zone})`, ...o.names.map((n) => `${n} (${o.unit ?? 'counts'})`)].map(q).join(','));
  const from = lowerBound(x, o.xMin ?? -Infinity);
  for (let i = from; i < x.length; i++) {
    const t = x[i]!;
    if (o.xMax !== undefined && t > o.xMax) break;
    let any = false;
    const cells = ys.map((y) => {
      const v = y[i];
      if (v === null || v === undefined) return '';
      any = true;
      return String(v);
    });
    if (any) lines.push(`${formatCsvTime(t, o.zone)},${cells.join(',')}`);
  }
  return lines.join('\n') + '\n';
}

/**
 * One PNG of several chart canvases stacked, under a title line, on the page background (a
 * transparent PNG is unreadable in most viewers' default white).
 */
export function composePng(
  canvases: readonly HTMLCanvasElement[],
  title: string,
  background: string,
  foreground: string,
): Promise<Blob> {
  const pad = 12;
  const titleH = 28;
  const width = Math.max(1, ...canvases.map((c) => c.width));
  const height = titleH + pad + canvases.reduce((s, c) => s + c.height + pad, 0);
  const out = document.createElement('canvas');
  out.width = width + 2 * pad;
  out.height = height;
  const ctx = out.getContext('2d');
  if (!ctx) return Promise.reject(new Error('This browser cannot draw a canvas for the PNG.'));
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.fillStyle = foreground;
  ctx.font = '16px system-ui, sans-serif';
  ctx.fillText(title, pad, 20);
  let y = titleH + pad;
  for (const c of canvases) {
    ctx.drawImage(c, pad, y);
    y += c.height + pad;
  }
  return new Promise((resolve, reject) =>
    out.toBlob((b) => (b ? resolve(b) : reject(new Error('The PNG could not be encoded.'))), 'image/png'),
  );
}
