/**
 * The shape every analysis reads and returns: one channel's RSAM in columns, unix seconds and
 * counts, ascending. A missing window is simply absent; the chart breaks the line where
 * consecutive times are more than one window apart.
 */
export interface Series {
  times: ArrayLike<number>;
  values: ArrayLike<number>;
  /** Seconds per averaging window (spec `window_sec`, typically 60). */
  windowSec: number;
}

export interface DerivedSeries {
  times: Float64Array;
  values: Float64Array;
  windowSec: number;
}

export function derived(times: number[], values: number[], windowSec: number): DerivedSeries {
  return { times: Float64Array.from(times), values: Float64Array.from(values), windowSec };
}
