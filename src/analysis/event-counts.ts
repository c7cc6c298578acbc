/**
 * Event counts: windows above a threshold, counted per hour or per day, with the running total.
 * Bins follow the volcano's local clock (a "day" is the observatory's day), so a bin's start is
 * a local midnight or a local whole hour, found through the zone rules rather than by offset
 * arithmetic; a daylight-saving day is 23 or 25 hours long, as it is on the wall clock.
 */
import { localDayOf, localDayStart, toWall } from '../domain/local-time';
import type { Series } from './series';
import { formatNumber } from '../domain/format-number';

/** Window of the running median behind an "N × median" threshold: a day, so an episode of some
 * hours does not lift its own baseline. */
export const MEDIAN_WINDOW_SEC = 86_400;

export type Threshold = { kind: 'counts'; value: number } | { kind: 'median'; factor: number };
export type Bin = 'hour' | 'day';

export interface CountBin {
  /** Bin start, unix seconds. */
  start: number;
  count: number;
  /** Windows above the threshold from the start of the range to the end of this bin. */
  cumulative: number;
}

/** Start (unix s) of the local hour or day containing `t` (unix s) in `zone`. */
export function binStart(t: number, bin: Bin, zone: string): number {
  if (bin === 'hour') {
    // Back to the local whole hour by the local minutes and seconds: exact in a repeated
    // (fall-back) hour too, where a local wall time names two instants.
    const intoHour = Math.floor(toWall(zone, Math.floor(t) * 1000) / 1000) % 3_600;
    return Math.floor(t) - ((intoHour + 3_600) % 3_600);
  }
  // A local midnight that does not exist (Chile's spring-forward at 00:00) starts the day at the jump.
  return localDayStart(zone, localDayOf(zone, t * 1000)) / 1000;
}

/** Start of the bin after the one starting at `start`. */
function nextBinStart(start: number, bin: Bin, zone: string): number {
  // Step past the longest possible bin (25 h days), then snap back to that bin's start.
  const probe = start + (bin === 'day' ? 26 * 3_600 : 3_600 + 60);
  const next = binStart(probe, bin, zone);
  return next > start ? next : binStart(probe + (bin === 'day' ? 3_600 : 60), bin, zone);
}

/**
 * Counts windows of `s` whose value is above `threshold`. For a median threshold `baseline[i]` is
 * the running median at point i (the caller's, so the chart and the counts use one median);
 * a window with no baseline is not counted. Every bin from the first to the last point is
 * returned, empty ones with 0, so the bars have no holes that look like missing data.
 */
export function countEvents(
  s: Series,
  threshold: Threshold,
  bin: Bin,
  zone: string,
  baseline?: ArrayLike<number>,
): CountBin[] {
  const n = s.times.length;
  if (n === 0) return [];
  const out: CountBin[] = [];
  let start = binStart(s.times[0]!, bin, zone);
  let end = nextBinStart(start, bin, zone);
  let count = 0;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const t = s.times[i]!;
    while (t >= end) {
      total += count;
      out.push({ start, count, cumulative: total });
      count = 0;
      start = end;
      end = nextBinStart(start, bin, zone);
    }
    const v = s.values[i]!;
    const limit = threshold.kind === 'counts' ? threshold.value : threshold.factor * (baseline?.[i] ?? Number.NaN);
    if (Number.isFinite(v) && Number.isFinite(limit) && v > limit) count++;
  }
  total += count;
  out.push({ start, count, cumulative: total });
  return out;
}

/** "5,000 counts" or "3 × the 1-day running median". */
export function describeThreshold(t: Threshold): string {
  return t.kind === 'counts' ? `${formatNumber(t.value)} counts` : `${t.factor} × the 1-day running median`;
}
