/**
 * Series shaping shared by every chart: gaps marked with `null`, several series aligned on one x.
 * Apart from chart-options so that views which load uPlot on demand stay small on first load.
 */

/** Columnar data as uPlot wants it: x in unix seconds, y with `null` where the line must break. */
export type AlignedData = [xs: ArrayLike<number>, ...ys: Array<Array<number | null>>];

export interface SeriesInput {
  /** Unix seconds, ascending. */
  times: ArrayLike<number>;
  values: ArrayLike<number>;
  /** Seconds per sample; consecutive points further apart than this are a gap. */
  windowSec: number;
}

/**
 * One series with a `null` inserted after every point followed by a gap longer than one window,
 * so uPlot breaks the line instead of bridging the outage (docs/service.md 01 §2.2).
 */
export function insertGaps(s: SeriesInput): { x: Float64Array; y: Array<number | null> } {
  const n = s.times.length;
  let gaps = 0;
  for (let i = 1; i < n; i++) if (s.times[i]! - s.times[i - 1]! > s.windowSec) gaps++;
  const x = new Float64Array(n + gaps);
  const y = new Array<number | null>(n + gaps);
  let j = 0;
  for (let i = 0; i < n; i++) {
    if (i > 0 && s.times[i]! - s.times[i - 1]! > s.windowSec) {
      x[j] = s.times[i - 1]! + s.windowSec;
      y[j++] = null;
    }
    x[j] = s.times[i]!;
    y[j++] = s.values[i]!;
  }
  return { x, y };
}

/**
 * Aligns several gap-marked series on the union of their x values. A series without a value at
 * some x gets `null` there: RSAM windows share one grid (whole minutes), so a missing x is a
 * missing window of that channel, i.e. a real gap.
 */
export function alignSeries(parts: ReadonlyArray<{ x: ArrayLike<number>; y: Array<number | null> }>): AlignedData {
  if (parts.length === 0) return [new Float64Array(0)];
  if (parts.length === 1) return [parts[0]!.x, parts[0]!.y];
  // k-way merge of the sorted x arrays into their union.
  const idx = parts.map(() => 0);
  const total = parts.reduce((s, p) => s + p.x.length, 0);
  const xs = new Float64Array(total);
  let n = 0;
  for (;;) {
    let min = Infinity;
    for (let k = 0; k < parts.length; k++) {
      const p = parts[k]!;
      if (idx[k]! < p.x.length && p.x[idx[k]!]! < min) min = p.x[idx[k]!]!;
    }
    if (min === Infinity) break;
    xs[n++] = min;
    for (let k = 0; k < parts.length; k++) {
      const p = parts[k]!;
      while (idx[k]! < p.x.length && p.x[idx[k]!]! === min) idx[k]!++;
    }
  }
  const x = xs.slice(0, n);
  const ys = parts.map((p) => {
    const y = new Array<number | null>(n).fill(null);
    let i = 0;
    for (let j = 0; j < n && i < p.x.length; j++) {
      if (p.x[i] === x[j]) y[j] = p.y[i++] ?? null;
    }
    return y;
  });
  return [x, ...ys];
}

/** Consecutive chunks of one series as one pair of columns (the chunk itself when there is one). */
export function concatColumns(parts: ReadonlyArray<{ times: Float64Array; values: Float64Array }>): {
  times: Float64Array;
  values: Float64Array;
} {
  if (parts.length === 1) return { times: parts[0]!.times, values: parts[0]!.values };
  const n = parts.reduce((s, p) => s + p.times.length, 0);
  const times = new Float64Array(n);
  const values = new Float64Array(n);
  let o = 0;
  for (const p of parts) {
    times.set(p.times, o);
    values.set(p.values, o);
    o += p.times.length;
  }
  return { times, values };
}
