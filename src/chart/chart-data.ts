/**
 * What a chart draws: one aligned table, or a `Drawable` that cuts its own rows for a range (large
 * progressive loads, src/chart/blocks.ts). The chart owner knows only this interface, so views
 * that draw tables do not load the block code.
 */
import { nearestIndex } from './decimate';
import type { AlignedData } from './series-data';

export type Extent = readonly [min: number, max: number];

export interface Drawable {
  readonly kind: 'drawable';
  /** Number of y series (the rows `cut` returns have one column more: x). */
  readonly seriesCount: number;
  /** First and last x at full resolution, or null when empty. */
  extent(): Extent | null;
  /** Values at full resolution (breaks not counted). */
  points(): number;
  /** The x of the full-resolution row nearest `t`, over every series. */
  nearestX(t: number): number | null;
  /** Each series' full-resolution value at exactly `t`: null where it has no row or a gap. */
  valuesAt(t: number): (number | null)[];
  /**
   * The rows to hand uPlot for [min, max] on `columns` pixel columns. With a `deadline`
   * (performance.now()), what is not cut by then is left for a later call: `leftPoints` says how
   * many full-resolution points the rows leave out.
   */
  cut(min: number, max: number, columns: number, deadline?: number): { rows: AlignedData; leftPoints: number };
}

export type ChartData = AlignedData | Drawable;

export const isDrawable = (d: ChartData): d is Drawable => !Array.isArray(d);

export function chartExtent(d: ChartData): Extent | null {
  if (isDrawable(d)) return d.extent();
  const x = d[0];
  return x.length ? [x[0]!, x[x.length - 1]!] : null;
}

/** Values at full resolution: gap markers (null, NaN) and alignment holes (undefined) not counted. */
export function chartPoints(d: ChartData): number {
  if (isDrawable(d)) return d.points();
  let n = 0;
  for (let k = 1; k < d.length; k++) {
    const y = d[k] as ArrayLike<number | null | undefined>;
    for (let i = 0; i < y.length; i++) {
      const v = y[i];
      if (v != null && v === v) n++;
    }
  }
  return n;
}

export function nearestX(d: ChartData, t: number): number | null {
  if (isDrawable(d)) return d.nearestX(t);
  const i = nearestIndex(d[0], t);
  return i < 0 ? null : d[0][i]!;
}

/** An empty table with a column per series (uPlot wants one per series it was built with). */
export const emptyRows = (d: Drawable): AlignedData =>
  [new Float64Array(0), ...Array.from({ length: d.seriesCount }, () => [])] as unknown as AlignedData;
