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
 * Aligns several gap-marked series on the union of their x values, each of which ascends. Where a
 * series has no value at some x: with `holes` 'gap' (the default) `null`, since RSAM windows share
 * one grid (whole minutes) and a missing x is then a missing window of that channel, i.e. a real gap;
 * with 'join' `undefined`, which uPlot joins over, for rows cut to the screen (blocks.ts), whose x
 * differ between series. An x repeated within a series keeps its last value.
 */
export function alignSeries(
  parts: ReadonlyArray<{ x: ArrayLike<number>; y: Array<number | null> }>,
  holes: 'gap' | 'join' = 'gap',
): AlignedData {
  if (parts.length === 0) return [new Float64Array(0)];
  if (parts.length === 1) return [parts[0]!.x, parts[0]!.y];
  // A k-way merge, in one pass: for the rows of a three-channel zoom, sorting the union and
  // searching it for every row took twice as long (~2 ms of each redraw).
  const at = new Int32Array(parts.length);
  const xs: number[] = [];
  const ys = parts.map((): Array<number | null | undefined> => []);
  const hole = holes === 'gap' ? null : undefined;
  for (;;) {
    let v = Infinity;
    for (let k = 0; k < parts.length; k++) {
      const x = parts[k]!.x;
      if (at[k]! < x.length && x[at[k]!]! < v) v = x[at[k]!]!;
    }
    if (v === Infinity) break;
    xs.push(v);
    for (let k = 0; k < parts.length; k++) {
      const { x, y } = parts[k]!;
      let r: number | null | undefined = hole;
      for (let i = at[k]!; i < x.length && x[i] === v; at[k] = ++i) r = y[i]!;
      ys[k]!.push(r);
    }
  }
  // uPlot's types have no undefined, but it joins over it (blocks.ts).
  return [Float64Array.from(xs), ...ys] as AlignedData;
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
