/**
 * The seismic chart's derived columns per channel: cut to the shown range, smoothed, made fit for
 * a log axis, and memoised per channel, so one arriving chunk recomputes only its own channel.
 */
import { t } from '@lingui/core/macro';
import { andList } from './and-list';
import { summarizeOffThread } from '../../api/worker/pool';
import { lowerBound, upperBound } from '../../domain/sorted-search';
import { smoothSeries } from '../../analysis/smoothing';
import type { ColumnStats } from '../../domain/summary';
import { summarize } from '../../domain/summary';
import { blockData, type Block } from '../../chart/blocks';
import type { Drawable } from '../../chart/chart-data';
import type { XRange } from '../../chart/plot';
import { SMOOTH_SECONDS, type SeismicViewState } from './seismic-params';
import { joinRaw, type Piece } from './use-rsam-chunks';
import type { RsamChannel as ChannelData } from '../../rsam/use-rsam-series';
import { formatNumber } from '../../domain/format-number';

/**
 * One channel as the chart draws it: blocks of gap-marked columns (one per loaded chunk when raw,
 * one in all when smoothed), so an arriving chunk adds a block instead of rebuilding the channel.
 */
export interface Part {
  blocks: readonly Block[];
  gapSec: number;
}

interface PartSettings {
  bounds: XRange;
  smooth: SeismicViewState['smooth'];
  stat: SeismicViewState['stat'];
  scale: SeismicViewState['scale'];
}

/**
 * The last part computed for each channel and the settings it was computed with: a channel whose
 * data and settings are unchanged is not cut and smoothed again when another one changes.
 */
const partCache = new WeakMap<ChannelData, { key: string; part: Part }>();

/** A piece's block for these settings, kept per piece: an arriving chunk costs only its own. */
const blockCache = new WeakMap<Piece, { key: string; block: Block }>();

function blockOf(p: Piece, bounds: XRange, scale: PartSettings['scale']): Block {
  const key = `${bounds[0]}|${bounds[1]}|${scale}`;
  const hit = blockCache.get(p);
  if (hit?.key === key) return hit.block;
  let block: Block = p;
  const a = lowerBound(p.x, bounds[0]);
  const b = lowerBound(p.x, bounds[1]);
  // Relative ranges fetch whole UTC days: keep only the instants asked for.
  if (a > 0 || b < p.x.length) block = { x: p.x.subarray(a, b), y: p.y.subarray(a, b) };
  block = forScale(block, scale);
  blockCache.set(p, { key, block });
  return block;
}

/** A log axis cannot show zero or negative counts: leave them out rather than break the scale. */
function forScale(b: Block, scale: PartSettings['scale']): Block {
  if (scale !== 'log') return b;
  return { x: b.x, y: b.y.map((v) => (v <= 0 ? Number.NaN : v)) };
}

export function partOf(c: ChannelData, o: PartSettings): Part {
  const key = `${o.bounds[0]}|${o.bounds[1]}|${o.smooth}|${o.stat}|${o.scale}`;
  const hit = partCache.get(c);
  if (hit?.key === key) return hit.part;
  const { bounds, smooth, stat, scale } = o;
  let blocks: Block[];
  if (smooth) {
    const raw = joinRaw(c.pieces);
    const a = lowerBound(raw.times, bounds[0]);
    const b = lowerBound(raw.times, bounds[1]);
    const s = { times: raw.times.subarray(a, b), values: raw.values.subarray(a, b), windowSec: c.windowSec };
    const sm = smoothSeries(s, SMOOTH_SECONDS[smooth], stat);
    const y = Float64Array.from(sm.y, (v) => (v === null ? Number.NaN : v));
    blocks = [forScale({ x: Float64Array.from(sm.x), y }, scale)];
  } else {
    blocks = c.pieces.map((p) => blockOf(p, bounds, scale)).filter((b) => b.x.length > 0);
  }
  const part: Part = { blocks, gapSec: c.windowSec };
  partCache.set(c, { key, part });
  return part;
}

/** The part as one pair of columns (legend, summary, CSV), joined on first use and kept. */
export interface Joined {
  x: ArrayLike<number>;
  y: Array<number | null>;
}
const joinedCache = new WeakMap<Part, Joined>();
export function joinedOf(p: Part): Joined {
  let j = joinedCache.get(p);
  if (!j) {
    j = joinBlocks(p.blocks, p.gapSec);
    joinedCache.set(p, j);
  }
  return j;
}

function joinBlocks(blocks: readonly Block[], gapSec: number): Joined {
  let n = 0;
  let last = Number.NaN;
  for (const b of blocks) {
    if (!b.x.length) continue;
    n += b.x.length + (b.x[0]! - last > gapSec ? 1 : 0);
    last = b.x[b.x.length - 1]!;
  }
  const x = new Float64Array(n);
  const y = new Array<number | null>(n);
  let o = 0;
  last = Number.NaN;
  for (const b of blocks) {
    if (!b.x.length) continue;
    if (b.x[0]! - last > gapSec) {
      x[o] = last + gapSec;
      y[o++] = null;
    }
    for (let i = 0; i < b.x.length; i++) {
      const v = b.y[i]!;
      x[o] = b.x[i]!;
      y[o++] = v === v ? v : null;
    }
    last = b.x[b.x.length - 1]!;
  }
  return { x, y };
}

/** The chart data of some parts, the same object for the same parts. */
const dataCache = new WeakMap<readonly Part[], Drawable>();
export function chartDataOf(parts: readonly Part[]): Drawable {
  let d = dataCache.get(parts);
  if (!d) {
    d = blockData(parts);
    dataCache.set(parts, d);
  }
  return d;
}

/** One stacked panel's data per part, so an unchanged channel's chart gets the same object. */
const stackedCache = new WeakMap<Part, Drawable>();
export function stackedOf(p: Part): Drawable {
  let d = stackedCache.get(p);
  if (!d) {
    d = blockData([p]);
    stackedCache.set(p, d);
  }
  return d;
}

/** The part's values with x in [v0, v1], block by block, as copies (they go to the parse worker). */
function valuesIn(p: Part, v0: number, v1: number): Float64Array[] {
  const out: Float64Array[] = [];
  for (const { x, y } of p.blocks) {
    const last = x.length - 1;
    if (last < 0 || x[0]! > v1 || x[last]! < v0) continue;
    out.push(y.slice(lowerBound(x, v0), upperBound(x, v1)));
  }
  return out;
}

/**
 * Summary statistics per part and visible range, worked out in the parse worker (a year's median
 * held the page ~50 ms per channel); here only the copy of the values in range is made.
 */
const statsCache = new WeakMap<Part, { key: string; stats: Promise<ColumnStats> }>();
export function statsOf(p: Part, v0: number, v1: number): Promise<ColumnStats> {
  const key = `${v0}|${v1}`;
  const hit = statsCache.get(p);
  if (hit?.key === key) return hit.stats;
  const stats = summarizeOffThread(valuesIn(p, v0, v1)).then((s) => s ?? summarize(valuesIn(p, v0, v1)));
  statsCache.set(p, { key, stats });
  return stats;
}

/**
 * "raw 60 s windows" from the windows the service gave (spec 01 §2.2 `window_sec`, typically but
 * not always 60): channels not loaded yet say nothing, and channels that differ are each named.
 */
export function rawWindowsNote(
  channels: readonly Pick<ChannelData, 'windowSec' | 'pieces'>[],
  /** A file's note: English with point decimals in every language (files are for machines). */
  forFile = false,
): string {
  const sizes = [...new Set(channels.filter((c) => c.pieces.length > 0).map((c) => c.windowSec))];
  if (forFile) return sizes.length ? `raw ${sizes.map((s) => `${s} s`).join(' and ')} windows` : 'raw windows';
  if (sizes.length === 0) return t`raw windows`;
  const windows = andList(sizes.map((s) => `${formatNumber(s)} s`));
  return t`raw ${windows} windows`;
}

/**
 * Channels whose answers name another location code than the one chosen, and which: `answered` as
 * the user reads it ("location 01", "no location code"), several joined when the chunks differ.
 */
export function otherLocations(channels: readonly ChannelData[]): { id: string; answered: string }[] {
  return channels.flatMap((c) => {
    const named = new Set(c.pieces.map((p) => p.series.channel.location));
    named.delete(c.channel.location);
    if (!named.size) return [];
    const answered = andList([...named].map((l) => (l ? t`location ${l}` : t`no location code`)));
    return [{ id: c.id, answered }];
  });
}
