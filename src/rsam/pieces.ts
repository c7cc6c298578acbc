/** Loaded RSAM chunks as drawable pieces, and the ways to join them into one series. */
import { joinRsam } from '../api/decode/rsam-join';
import type { Buckets, RsamSeries } from '../api/decode/rsam-series';
import { concatColumns } from '../chart/series-data';
import { gapColumns } from '../chart/draw-prep/gap-columns';

/**
 * One loaded chunk, with its gap-marked columns computed once (not on every later arrival).
 * A class, not a plain object: React Query structurally shares what `combine` returns, walking
 * every plain object and array in it, and a year of `y` values walked on each arriving chunk
 * cost seconds of main thread per load. A class instance is compared by identity only.
 */
export class Piece {
  readonly x: Float64Array;
  /** NaN where the line breaks: typed columns scan several times faster than arrays with nulls. */
  readonly y: Float64Array;
  /** Where y's extremes stand per run of rows (src/chart/draw-prep/row-buckets.ts), when the worker sent them. */
  readonly buckets?: Buckets;
  constructor(readonly series: RsamSeries) {
    // The parse worker sends them computed; a chunk joined here (or decoded in this thread) has none.
    const g = series.drawing ?? gapColumns(series);
    this.x = g.x;
    this.y = g.y;
    this.buckets = g.buckets;
  }
}

const pieceCache = new WeakMap<RsamSeries, Piece>();

/** The piece of a chunk, the same object for the same series (so unchanged channels compare equal). */
export function pieceOf(series: RsamSeries): Piece {
  let p = pieceCache.get(series);
  if (!p) {
    p = new Piece(series);
    pieceCache.set(series, p);
  }
  return p;
}

/** The raw points of the pieces, concatenated (for smoothing and event detection). */
export function joinRaw(pieces: readonly Piece[]): { times: Float64Array; values: Float64Array } {
  return concatColumns(pieces.map((p) => p.series));
}

/** The pieces as one RsamSeries, or null when none has loaded. */
export function joinSeries(pieces: readonly Piece[]): RsamSeries | null {
  const first = pieces[0];
  if (!first) return null;
  return joinRsam([first.series, ...pieces.slice(1).map((p) => p.series)]);
}
