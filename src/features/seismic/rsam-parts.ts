/**
 * The seismic chart's derived columns per channel: cut to the shown range, smoothed, made fit for
 * a log axis, and memoised per channel, so one arriving chunk recomputes only its own channel.
 */
import { columnStats, lowerBound, smoothSeries, type ColumnStats } from '../../chart/chart-options';
import type { AlignedData } from '../../chart/series-data';
import type { XRange } from '../../chart/time-series-chart';
import { SMOOTH_SECONDS, type SeismicViewState } from './seismic-params';
import { joinGapped, joinRaw, type ChannelData } from './use-rsam-chunks';

export interface Part {
  x: Float64Array;
  y: Array<number | null>;
}

interface PartSettings {
  bounds: XRange;
  smooth: SeismicViewState['smooth'];
  stat: SeismicViewState['stat'];
  scale: SeismicViewState['scale'];
}

/**
 * The last part computed for each channel and the settings it was computed with: a channel whose
 * data and settings are unchanged is not joined, cut and smoothed again when another one changes.
 */
const partCache = new WeakMap<ChannelData, { key: string; part: Part }>();

export function partOf(c: ChannelData, o: PartSettings): Part {
  const key = `${o.bounds[0]}|${o.bounds[1]}|${o.smooth}|${o.stat}|${o.scale}`;
  const hit = partCache.get(c);
  if (hit?.key === key) return hit.part;
  const { bounds, smooth, stat, scale } = o;
  let p: Part;
  if (smooth) {
    const raw = joinRaw(c.pieces);
    const a = lowerBound(raw.times, bounds[0]);
    const b = lowerBound(raw.times, bounds[1]);
    const s = { times: raw.times.subarray(a, b), values: raw.values.subarray(a, b), windowSec: c.windowSec };
    p = smoothSeries(s, SMOOTH_SECONDS[smooth], stat);
  } else {
    const g = joinGapped(c.pieces, c.windowSec);
    const a = lowerBound(g.x, bounds[0]);
    const b = lowerBound(g.x, bounds[1]);
    // Relative ranges fetch whole UTC days: keep only the instants asked for.
    p = a > 0 || b < g.x.length ? { x: g.x.subarray(a, b), y: g.y.slice(a, b) } : g;
  }
  // A log axis cannot show zero or negative counts: leave them out rather than break the scale.
  // (A copy: the columns may be cached per chunk.)
  if (scale === 'log') p = { x: p.x, y: p.y.map((v) => (v !== null && v <= 0 ? null : v)) };
  partCache.set(c, { key, part: p });
  return p;
}

/** One stacked panel's data per part, so an unchanged channel's chart gets the same object. */
const stackedCache = new WeakMap<Part, AlignedData>();
export function stackedOf(p: Part): AlignedData {
  let d = stackedCache.get(p);
  if (!d) {
    d = [p.x, p.y];
    stackedCache.set(p, d);
  }
  return d;
}

/** Summary statistics per part and visible range. */
const statsCache = new WeakMap<Part, { key: string; stats: ColumnStats }>();
export function statsOf(p: Part, v0: number, v1: number): ColumnStats {
  const key = `${v0}|${v1}`;
  const hit = statsCache.get(p);
  if (hit?.key === key) return hit.stats;
  const stats = columnStats(p.x, p.y, v0, v1);
  statsCache.set(p, { key, stats });
  return stats;
}
