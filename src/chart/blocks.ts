/**
 * Series held as blocks (one per loaded chunk) instead of one aligned table. A year of three
 * channels arrives in dozens of chunks; aligning and decimating the whole table again on each
 * arrival cost hundreds of milliseconds of main thread per chunk. Here every block is decimated on
 * its own (M4, decimate.ts) and the result kept per block, so an arriving chunk costs the work of
 * that chunk, and only the few rows per pixel column that are drawn are aligned across series.
 */
import { lowerBound } from './chart-options';
import { decimate, nearestIndex } from './decimate';
import type { AlignedData } from './series-data';

/** Gap-marked columns: x ascending (unix s), y with `null` where the line breaks. */
export interface Block {
  readonly x: ArrayLike<number>;
  readonly y: ArrayLike<number | null>;
}

export interface BlockSeries {
  /** Consecutive blocks in time order, not overlapping. */
  readonly blocks: readonly Block[];
  /** Seconds between samples: blocks further apart than this are drawn with a break. */
  readonly gapSec: number;
}

export interface BlockData {
  readonly kind: 'blocks';
  readonly series: readonly BlockSeries[];
}

/** What a chart draws: one aligned table, or series of blocks (large progressive loads). */
export type ChartData = AlignedData | BlockData;

export const isBlockData = (d: ChartData): d is BlockData => !Array.isArray(d);

export type Extent = readonly [min: number, max: number];

export function chartExtent(d: ChartData): Extent | null {
  if (!isBlockData(d)) {
    const x = d[0];
    return x.length ? [x[0]!, x[x.length - 1]!] : null;
  }
  let lo = Infinity;
  let hi = -Infinity;
  for (const s of d.series) {
    const first = s.blocks.find((b) => b.x.length);
    const last = s.blocks.findLast((b) => b.x.length);
    if (first) lo = Math.min(lo, first.x[0]!);
    if (last) hi = Math.max(hi, last.x[last.x.length - 1]!);
  }
  return lo <= hi ? [lo, hi] : null;
}

const counted = new WeakMap<Block, number>();
function blockPoints(b: Block): number {
  let n = counted.get(b);
  if (n === undefined) {
    n = 0;
    for (let i = 0; i < b.y.length; i++) if (b.y[i] != null) n++;
    counted.set(b, n);
  }
  return n;
}

/** Values at full resolution (gap markers and alignment holes not counted). */
export function chartPoints(d: ChartData): number {
  let n = 0;
  if (!isBlockData(d)) {
    for (let k = 1; k < d.length; k++) {
      const y = d[k] as ArrayLike<number | null>;
      for (let i = 0; i < y.length; i++) if (y[i] != null) n++;
    }
    return n;
  }
  for (const s of d.series) for (const b of s.blocks) n += blockPoints(b);
  return n;
}

/** The x of the full-resolution row nearest `t`, over every series; null when there is none. */
export function nearestX(d: ChartData, t: number): number | null {
  if (!isBlockData(d)) {
    const i = nearestIndex(d[0], t);
    return i < 0 ? null : d[0][i]!;
  }
  let best: number | null = null;
  for (const s of d.series) {
    for (const b of s.blocks) {
      const i = nearestIndex(b.x, t);
      if (i < 0) continue;
      const x = b.x[i]!;
      if (best === null || Math.abs(x - t) < Math.abs(best - t)) best = x;
    }
  }
  return best;
}

/** The value at exactly `t` (unix s) in a series of blocks, or null. */
export function valueInBlocks(blocks: readonly Block[], t: number): number | null {
  for (const b of blocks) {
    const n = b.x.length;
    if (!n || t < b.x[0]! || t > b.x[n - 1]!) continue;
    const i = lowerBound(b.x, t);
    return i < n && b.x[i] === t ? (b.y[i] ?? null) : null;
  }
  return null;
}

interface Cut {
  key: string;
  x: ArrayLike<number>;
  y: ArrayLike<number | null>;
}
const cuts = new WeakMap<Block, Cut>();

/** One block's rows to draw for [min, max] on `columns` columns, kept until the cut changes. */
function cutBlock(b: Block, min: number, max: number, columns: number): Cut {
  const key = `${min}|${max}|${columns}`;
  const hit = cuts.get(b);
  if (hit?.key === key) return hit;
  const [x, y] = decimate([b.x, b.y as Array<number | null>], min, max, columns);
  const cut = { key, x, y: y as ArrayLike<number | null> };
  cuts.set(b, cut);
  return cut;
}

/** One series' rows for [min, max]: its blocks cut, joined with a break where blocks are apart. */
function cutSeries(
  s: BlockSeries,
  min: number,
  max: number,
  columns: number,
): { x: number[]; y: Array<number | null> } {
  const x: number[] = [];
  const y: Array<number | null> = [];
  const { blocks } = s;
  // Blocks wholly outside the range add only their row nearest it, so the line reaches the edges.
  let first = 0;
  while (first < blocks.length - 1 && lastX(blocks[first]!) < min) first++;
  let end = blocks.length;
  while (end > first + 1 && firstX(blocks[end - 1]!) > max) end--;
  const from = Math.max(0, first - 1);
  const to = Math.min(blocks.length, end + 1);
  for (let k = from; k < to; k++) {
    const b = blocks[k]!;
    if (!b.x.length) continue;
    let cx: ArrayLike<number>;
    let cy: ArrayLike<number | null>;
    if (k < first) {
      cx = [lastX(b)];
      cy = [b.y[b.x.length - 1] ?? null];
    } else if (k >= end) {
      cx = [firstX(b)];
      cy = [b.y[0] ?? null];
    } else {
      ({ x: cx, y: cy } = cutBlock(b, min, max, columns));
    }
    if (!cx.length) continue;
    const prev = x[x.length - 1];
    if (prev !== undefined && cx[0]! - prev > s.gapSec) {
      x.push(prev + s.gapSec);
      y.push(null);
    }
    for (let i = 0; i < cx.length; i++) {
      x.push(cx[i]!);
      y.push(cy[i] ?? null);
    }
  }
  return { x, y };
}

const firstX = (b: Block) => (b.x.length ? b.x[0]! : Infinity);
const lastX = (b: Block) => (b.x.length ? b.x[b.x.length - 1]! : -Infinity);

/**
 * The rows to hand uPlot for [min, max] on `columns` pixel columns. Series are aligned on the union
 * of their drawn x values; where a series has no row at some x it gets `undefined`, which uPlot
 * joins over, while its own `null` gap markers still break the line.
 */
export function cutBlocks(d: BlockData, min: number, max: number, columns: number): AlignedData {
  const parts = d.series.map((s) => cutSeries(s, min, max, columns));
  if (parts.length === 1) return [Float64Array.from(parts[0]!.x), parts[0]!.y];
  const all = new Float64Array(parts.reduce((n, p) => n + p.x.length, 0));
  let o = 0;
  for (const p of parts) for (const v of p.x) all[o++] = v;
  all.sort();
  let n = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[n - 1]) all[n++] = all[i]!;
  const xs = all.slice(0, n);
  const ys = parts.map((p) => {
    const y = new Array<number | null | undefined>(n).fill(undefined);
    for (let i = 0; i < p.x.length; i++) y[lowerBound(xs, p.x[i]!)] = p.y[i];
    return y as Array<number | null>;
  });
  return [xs, ...ys];
}
