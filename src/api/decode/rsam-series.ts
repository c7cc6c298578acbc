/**
 * The one shape of a channel's RSAM from the parse worker to the chart (docs/architecture.md,
 * "RSAM, one request from the view to the chart"): the decoded columns, and the columns the chart
 * draws, prepared beside them by the worker (src/chart/draw-prep) so a year of points is not walked
 * again on the main thread. Plain types, imported by both threads: the worker fills `drawing`, the
 * chart reads it, and this layer carries it typed without reading it.
 */

/**
 * Per run of rows of `y` (src/chart/draw-prep/row-buckets.ts), the first row of its lowest and of
 * its highest value; -1 in `lo` where the run holds a break (NaN).
 */
export interface Buckets {
  readonly lo: Int32Array;
  readonly hi: Int32Array;
}

/** The columns the chart draws: times (unix s) and values with a NaN point in every outage. */
export interface DrawingColumns {
  x: Float64Array;
  y: Float64Array;
  /** Where y's extremes stand per run of rows, when the parse worker computed them. */
  buckets?: Buckets;
}

/**
 * One channel's RSAM in columnar form: times in unix seconds (uPlot's x), counts. `channel` is as
 * the service's answer names it: its location may not be the one chosen (spec 01 §4.1 takes none).
 */
export interface RsamSeries {
  channel: { network: string; station: string; location: string; channel: string };
  windowSec: number;
  times: Float64Array;
  values: Float64Array;
  /** Present when a parse worker decoded the chunk (or joined two that had them). */
  drawing?: DrawingColumns;
}
