/** Pure logic of the wall: the sparkline window, latest values, staleness and the connection state. */
import type { RsamSeries } from '../../api/seismic';
import { isApiError } from '../../api/http/errors';
import { HOUR_MS, MINUTE_MS, type UtcMs } from '../../domain/time';

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
  const start = firstAtOrAfter(times, fromMs / 1000);
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
  const i = firstAtOrAfter(series.times, fromMs / 1000);
  return i < series.times.length && series.times[i]! * 1000 <= now;
}

/** Binary search: the first index whose time is at or after `t` (times are chronological). */
function firstAtOrAfter(times: Float64Array, t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
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

export type TileStatus = 'ok' | 'stale' | 'unreachable' | 'loading';

export const STATUS_LABEL: Record<TileStatus, string> = {
  ok: 'Current',
  stale: 'Stale data',
  unreachable: 'Service unreachable',
  loading: 'Loading',
};

/** Unreachable beats stale beats loading: an operator needs the worst news first. */
export function tileStatus(s: { unreachable: boolean; stale: boolean; loading: boolean }): TileStatus {
  if (s.unreachable) return 'unreachable';
  if (s.stale) return 'stale';
  if (s.loading) return 'loading';
  return 'ok';
}

/**
 * Errors that mean "the service cannot be reached": no answer, 5xx or 429 still failing after the
 * API layer's retries. A 4xx or a body of the wrong shape is a fault of one request, not a lost
 * connection, and is shown on its tile instead.
 */
export function isConnectionError(e: unknown): boolean {
  if (!isApiError(e)) return false;
  if (e.kind === 'network' || e.kind === 'rate-limited') return true;
  return e.kind === 'http' && (e.status ?? 0) >= 500;
}

export interface QueryHealth {
  /** The query's last fetch failed with a connection error (data may still be shown). */
  failing: boolean;
  /** When that failure was recorded (React Query's errorUpdatedAt). */
  errorAt: UtcMs;
}

/**
 * "Connection lost since": only when EVERY query fails with a connection error, since the moment
 * the last one that still worked failed; cleared as soon as any succeeds. One failing endpoint is
 * not a lost connection: that tile says so itself.
 */
export function nextLostSince(prev: UtcMs | null, queries: readonly QueryHealth[]): UtcMs | null {
  if (queries.length === 0 || queries.some((q) => !q.failing)) return null;
  if (prev !== null) return prev;
  return Math.max(...queries.map((q) => q.errorAt));
}

/** One failed request of a tile: what it asked for ("RSAM", "AV.CLCL..BHZ") and why it failed. */
export interface TileFailure {
  kind: string;
  name: string;
  reason: string;
}

/**
 * A tile's failed requests in as few words as a wall can hold: grouped by reason, then by kind.
 * "RSAM AV.CLCL..BHZ, AV.CLES..BHZ · Infrared CLNE: The service could not be reached". An outage
 * fails every request of a tile for one reason; listing each with it took five lines and pushed
 * the cameras out of the tile.
 */
export function describeFailures(failures: readonly TileFailure[]): string {
  const byReason = new Map<string, Map<string, string[]>>();
  for (const f of failures) {
    const kinds = byReason.get(f.reason) ?? new Map<string, string[]>();
    byReason.set(f.reason, kinds);
    kinds.set(f.kind, [...(kinds.get(f.kind) ?? []), f.name]);
  }
  return [...byReason]
    .map(
      ([reason, kinds]) => `${[...kinds].map(([kind, names]) => `${kind} ${names.join(', ')}`).join(' · ')}: ${reason}`,
    )
    .join('; ');
}
