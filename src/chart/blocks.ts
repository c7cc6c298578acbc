/**
 * Series held as blocks (one per loaded chunk) instead of one aligned table. A year of three
 * channels arrives in dozens of chunks; aligning and decimating the whole table again on each
 * arrival cost hundreds of milliseconds of main thread per chunk. Here every block is decimated on
 * its own (M4, m4.ts) and the result kept per block, so an arriving chunk costs the work of
 * that chunk, and only the few rows per pixel column that are drawn are aligned across series.
 */
import { lowerBound } from '../domain/sorted-search';
import type { Drawable } from './chart-data';
import { nearestIndex, POINTS_PER_COLUMN } from './decimate';
import { bucketsOf } from './draw-prep/row-buckets';
import type { Buckets } from '../api/decode/rsam-series';
import { m4Rows } from './m4';
import { alignSeries, type AlignedData } from './series-data';

/** Gap-marked columns: x ascending (unix s), y with NaN where the line breaks. */
export interface Block {
  readonly x: Float64Array;
  readonly y: Float64Array;
  /** bucketsOf(y), when the parse worker sent it; otherwise made on a cut that reads many rows. */
  readonly buckets?: Buckets;
}

export interface BlockSeries {
  /** Consecutive blocks in time order, not overlapping. */
  readonly blocks: readonly Block[];
  /** Seconds between samples: blocks further apart than this are drawn with a break. */
  readonly gapSec: number;
}


const counted = new WeakMap<Block, number>();
function blockPoints(b: Block): number {
  let n = counted.get(b);
  if (n === undefined) {
    n = 0;
    const y = b.y;
    for (let i = 0; i < y.length; i++) if (y[i] === y[i]) n++;
    counted.set(b, n);
  }
  return n;
}

/** Series of blocks as a chart's data: the chart asks it for the rows of each range it shows. */
export function blockData(series: readonly BlockSeries[]): Drawable {
  return {
    kind: 'drawable',
    seriesCount: series.length,
    extent() {
      let lo = Infinity;
      let hi = -Infinity;
      for (const s of series) {
        const first = s.blocks.find((b) => b.x.length);
        const last = s.blocks.findLast((b) => b.x.length);
        if (first) lo = Math.min(lo, first.x[0]!);
        if (last) hi = Math.max(hi, last.x[last.x.length - 1]!);
      }
      return lo <= hi ? [lo, hi] : null;
    },
    points() {
      let n = 0;
      for (const s of series) for (const b of s.blocks) n += blockPoints(b);
      return n;
    },
    nearestX(t) {
      let best: number | null = null;
      for (const s of series) {
        for (const b of s.blocks) {
          const i = nearestIndex(b.x, t);
          if (i < 0) continue;
          const x = b.x[i]!;
          if (best === null || Math.abs(x - t) < Math.abs(best - t)) best = x;
        }
      }
      return best;
    },
    valuesAt: (t) => series.map((s) => valueInBlocks(s.blocks, t)),
    cut: (min, max, columns, deadline) => cutBlocksWithin(series, min, max, columns, deadline),
  };
}

/** The value at exactly `t` (unix s) in a series of blocks, or null. */
export function valueInBlocks(blocks: readonly Block[], t: number): number | null {
  for (const b of blocks) {
    const n = b.x.length;
    if (!n || t < b.x[0]! || t > b.x[n - 1]!) continue;
    const i = lowerBound(b.x, t);
    const v = i < n && b.x[i] === t ? b.y[i]! : Number.NaN;
    return Number.isNaN(v) ? null : v;
  }
  return null;
}

interface Cut {
  key: string;
  /** Row indices of the block to draw. */
  rows: Int32Array;
}
const cuts = new WeakMap<Block, Cut>();
const summaries = new WeakMap<Block, Buckets>();

/** Cutting's progress over one call: blocks cut afresh, and the points of blocks left for later. */
interface Budget {
  deadline: number;
  fresh: number;
  leftPoints: number;
}

/**
 * One block's rows to draw for [min, max] on `columns` columns, kept until the cut changes; null
 * when it is not cut yet and the budget's deadline has passed (one fresh cut is always made).
 */
function cutBlock(b: Block, min: number, max: number, columns: number, budget: Budget): Int32Array | null {
  const key = `${min}|${max}|${columns}`;
  const hit = cuts.get(b);
  if (hit?.key === key) return hit.rows;
  if (budget.fresh > 0 && performance.now() > budget.deadline) return null;
  budget.fresh++;
  // Summarised the first time a cut reads many of its rows (reading all of them once): the cuts
  // after it read less. A cut of a few rows in view reads those alone, as before.
  let buckets = b.buckets ?? summaries.get(b);
  if (!buckets && lowerBound(b.x, max) - lowerBound(b.x, min) > POINTS_PER_COLUMN * columns) {
    buckets = bucketsOf(b.y);
    summaries.set(b, buckets);
  }
  const rows = m4Rows(b.x, b.y, min, max, columns, buckets);
  cuts.set(b, { key, rows });
  return rows;
}

/** One series' rows for [min, max]: its blocks cut, joined with a break where blocks are apart. */
function cutSeries(
  s: BlockSeries,
  min: number,
  max: number,
  columns: number,
  budget: Budget,
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
  const scale = max > min ? columns / (max - min) : Infinity;
  const push = (b: Block, i: number) => {
    const v = b.y[i]!;
    x.push(b.x[i]!);
    y.push(v === v ? v : null);
  };
  // Between blocks (never inside one, where drawn rows stand columns apart): a break when the
  // first row of a block is more than one window after the last row of the one before.
  let prevLast = Number.NaN;
  for (let k = from; k < to; k++) {
    const b = blocks[k]!;
    const n = b.x.length;
    if (!n) continue;
    const rows = k < first || k >= end ? null : cutBlock(b, min, max, columns, budget);
    if (k >= first && k < end && !rows) {
      // Left for a later task: the line breaks across it (the gap test below) until it is cut.
      budget.leftPoints += blockPoints(b);
      continue;
    }
    const apart = b.x[0]! - prevLast;
    if (apart > s.gapSec && apart * scale >= 1) {
      x.push(prevLast + s.gapSec);
      y.push(null);
    }
    prevLast = b.x[n - 1]!;
    if (k < first) push(b, n - 1);
    else if (k >= end) push(b, 0);
    else for (const i of rows!) push(b, i);
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
export function cutBlocks(series: readonly BlockSeries[], min: number, max: number, columns: number): AlignedData {
  return cutBlocksWithin(series, min, max, columns).rows;
}

/**
 * `cutBlocks`, stopping at `deadline` (performance.now()): blocks not cut by then (after at least one)
 * are left out, their points counted in `leftPoints`, and a later call goes on from the cuts kept: a
 * year arriving at once (from the browser's cache) is drawn over a few tasks, not one of 60–110 ms.
 */
export function cutBlocksWithin(
  series: readonly BlockSeries[],
  min: number,
  max: number,
  columns: number,
  deadline = Infinity,
): { rows: AlignedData; leftPoints: number } {
  const budget: Budget = { deadline, fresh: 0, leftPoints: 0 };
  const parts = series.map((s) => cutSeries(s, min, max, columns, budget));
  // Drawn rows stand columns apart and differ between series: where one has no row, uPlot joins over.
  return { rows: alignSeries(parts, 'join'), leftPoints: budget.leftPoints };
}
