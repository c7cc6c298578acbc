/** Loaded RSAM chunks as drawable pieces, and the ways to join them into one series. */
import type { RsamSeries } from '../api/seismic';
import { concatColumns, insertGaps } from '../chart/series-data';

/**
 * One loaded chunk, with its gap-marked columns computed once (not on every later arrival).
 * A class, not a plain object: React Query structurally shares what `combine` returns, walking
 * every plain object and array in it, and a year of `y` values walked on each arriving chunk
 * cost seconds of main thread per load. A class instance is compared by identity only.
 */
export class Piece {
  readonly x: Float64Array;
  readonly y: Array<number | null>;
  constructor(readonly series: RsamSeries) {
    const g = insertGaps(series);
    this.x = g.x;
    this.y = g.y;
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

/** The pieces joined into one gap-marked column pair; a break is added between pieces too. */
export function joinGapped(pieces: readonly Piece[], windowSec: number): { x: Float64Array; y: Array<number | null> } {
  if (pieces.length === 1) return { x: pieces[0]!.x, y: pieces[0]!.y };
  let n = 0;
  let last = Number.NaN;
  for (const p of pieces) {
    if (!p.x.length) continue;
    n += p.x.length + (p.x[0]! - last > windowSec ? 1 : 0);
    last = p.x[p.x.length - 1]!;
  }
  const x = new Float64Array(n);
  const y = new Array<number | null>(n);
  let o = 0;
  let prevLast = Number.NaN;
  for (const p of pieces) {
    if (!p.x.length) continue;
    if (p.x[0]! - prevLast > windowSec) {
      x[o] = prevLast + windowSec;
      y[o++] = null;
    }
    x.set(p.x, o);
    for (let i = 0; i < p.y.length; i++) y[o + i] = p.y[i]!;
    o += p.x.length;
    prevLast = p.x[p.x.length - 1]!;
  }
  return { x, y };
}

/** The raw points of the pieces, concatenated (for smoothing and event detection). */
export function joinRaw(pieces: readonly Piece[]): { times: Float64Array; values: Float64Array } {
  return concatColumns(pieces.map((p) => p.series));
}

/** The pieces as one RsamSeries, or null when none has loaded. */
export function joinSeries(pieces: readonly Piece[]): RsamSeries | null {
  const first = pieces[0];
  if (!first) return null;
  if (pieces.length === 1) return first.series;
  return { channel: first.series.channel, windowSec: first.series.windowSec, ...joinRaw(pieces) };
}
