/** Pure logic of the wall: the sparkline window, latest values, staleness and a tile's status. */
import { t } from '@lingui/core/macro';
import type { RsamSeries } from '../../api/decode/rsam-series';
import { HOUR_MS, MINUTE_MS, type UtcMs } from '../../domain/time';
import { lowerBound } from '../../domain/sorted-search';

export interface SparkData {
  /** Unix seconds (uPlot's x). */
  x: Float64Array;
  /**
   * Counts; NaN where the service sent no window, so the line breaks instead of bridging. Typed
   * columns: an array holding a null boxes every number in it (four to five times the memory),
   * and whether a day's window held an outage then moved the wall's heap by 0.15 MB.
   */
  y: Float64Array;
}

/**
 * The part from..now of a series fetched for whole UTC days (spec 01 §4.1).
 * A gap longer than two windows gets a NaN so an outage shows as a break in the line.
 */
export function sliceSince(series: RsamSeries, fromMs: UtcMs, now: UtcMs): SparkData {
  const { times, values } = series;
  const start = lowerBound(times, fromMs / 1000);
  let end = start;
  while (end < times.length && times[end]! * 1000 <= now) end++;
  const gap = Math.max(2 * series.windowSec, 120);
  const breaks = (k: number) => k > start && times[k]! - times[k - 1]! > gap;
  let n = end - start;
  for (let k = start; k < end; k++) if (breaks(k)) n++;
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  let o = 0;
  for (let k = start; k < end; k++) {
    if (breaks(k)) {
      x[o] = times[k - 1]! + series.windowSec;
      y[o++] = Number.NaN;
    }
    x[o] = times[k]!;
    y[o++] = values[k]!;
  }
  return { x, y };
}

/** Whether `sliceSince(series, fromMs, now)` holds a point, without making it. */
export function hasPointsSince(series: RsamSeries, fromMs: UtcMs, now: UtcMs): boolean {
  const i = lowerBound(series.times, fromMs / 1000);
  return i < series.times.length && series.times[i]! * 1000 <= now;
}

export interface LatestPoint {
  t: UtcMs;
  value: number;
}

export function latestPoint(series: RsamSeries | undefined): LatestPoint | null {
  if (!series || series.times.length === 0) return null;
  const n = series.times.length - 1;
  return { t: series.times[n]! * 1000, value: series.values[n]! };
}

export interface StaleThresholds {
  imageStaleMinutes: number;
  rsamStaleHours: number;
}

export function isRsamStale(latest: UtcMs | null, now: UtcMs, th: StaleThresholds): boolean {
  return latest === null || now - latest > th.rsamStaleHours * HOUR_MS;
}

export function isImageStale(captured: UtcMs | null, now: UtcMs, th: StaleThresholds): boolean {
  return captured === null || now - captured > th.imageStaleMinutes * MINUTE_MS;
}

export type TileStatus = 'ok' | 'stale' | 'failing' | 'unreachable' | 'loading';

/**
 * No answer at all beats a failing endpoint beats stale beats loading: an operator needs the worst
 * news first. What fails is named by the tile (feed-states.ts).
 */
export function tileStatus(s: {
  failure: 'failing' | 'unreachable' | null;
  stale: boolean;
  loading: boolean;
}): TileStatus {
  if (s.failure) return s.failure;
  if (s.stale) return 'stale';
  if (s.loading) return 'loading';
  return 'ok';
}

/** A tile's data state beside its dot (a failure says its own label: feed-states.ts). */
export function statusLabel(status: Exclude<TileStatus, 'failing'>): string {
  switch (status) {
    case 'ok':
      return t`Data current`;
    case 'stale':
      return t`Stale data`;
    case 'unreachable':
      return t`Service unreachable`;
    case 'loading':
      return t`Loading`;
  }
}

/** The one word a narrow tile shows instead (wall-tile.css); a current one says nothing. */
export function statusShort(status: TileStatus): string {
  switch (status) {
    case 'ok':
      return '';
    case 'stale':
      return t`Stale`;
    case 'unreachable':
      return t`Unreachable`;
    case 'failing':
      return t`Failing`;
    case 'loading':
      return t`Loading`;
  }
}
