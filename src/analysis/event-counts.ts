/**
 * Event counts per hour or per day, as the seismic view charts them: the events of events.ts
 * counted in the bin in which each begins, and beside them the windows above counted in the bins
 * they fall in. Bins follow the volcano's local clock (a "day" is the observatory's day), so a
 * bin's start is a local midnight or a local whole hour, found through the zone rules rather than
 * by offset arithmetic; a daylight-saving day is 23 or 25 hours long, as it is on the wall clock.
 */
import { localDayOf, localDayStart, toWall } from '../domain/local-time';
import { lowerBound } from '../domain/sorted-search';
import { eventsOfRange, type EventScan, type RsamEvent } from './events';

/** The counts' threshold, named where the view's parameters have always taken it from. */
export type { Threshold } from './threshold';

export type Bin = 'hour' | 'day';

export interface CountBin {
  /** Bin start and end, unix seconds. */
  start: number;
  end: number;
  /** Events that begin in this bin. */
  events: number;
  /** Windows above the threshold in this bin, counted per channel. */
  windows: number;
  /** Events from the start of the range to the end of this bin. */
  cumulative: number;
  /**
   * The loaded data end before this bin does, and the service may still add windows to it: windows
   * and events may still come. (Nothing else changes a count: the median is trailing, and an event
   * is counted where it begins, so one still going on at the end changes no count before.)
   */
  provisional: boolean;
}

export interface EventCounts {
  bins: CountBin[];
  /** Events that began before the range and go on into it: not in any bin. */
  before: RsamEvent[];
  /** The events counted in the bins. */
  events: RsamEvent[];
  windows: number;
  /** Windows in the range that could not be judged (no baseline). */
  unjudged: number;
  /** End of the last loaded window (unix s). */
  dataEnd: number;
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
export function nextBinStart(start: number, bin: Bin, zone: string): number {
  // Step past the longest possible bin (25 h days), then snap back to that bin's start.
  const probe = start + (bin === 'day' ? 26 * 3_600 : 3_600 + 60);
  const next = binStart(probe, bin, zone);
  return next > start ? next : binStart(probe + (bin === 'day' ? 3_600 : 60), bin, zone);
}

/** First and last window start of any channel inside [from, to), or null when none. */
function extentIn(scan: EventScan, from: number, to: number): [number, number] | null {
  let first = Infinity;
  let last = -Infinity;
  for (const c of scan.channels) {
    const i = lowerBound(c.times, from);
    const j = lowerBound(c.times, to) - 1;
    if (i <= j) {
      first = Math.min(first, c.times[i]!);
      last = Math.max(last, c.times[j]!);
    }
  }
  return first <= last ? [first, last] : null;
}

/**
 * The counts of the range [from, to) (unix s). Every bin from the one holding the range's first
 * loaded window to the one holding its last is returned, empty ones with 0, so the bars have no
 * holes that look like missing data. `finalFrom` (unix s): from then on the service may still add
 * windows (yesterday and today, as the RSAM cache reads it: lastCacheableDay), so a bin that ends
 * past the loaded data and after it is provisional.
 */
export function countEvents(
  scan: EventScan,
  from: number,
  to: number,
  bin: Bin,
  zone: string,
  finalFrom = -Infinity,
): EventCounts {
  const { inRange, before } = eventsOfRange(scan, from, to);
  const extent = extentIn(scan, from, to);
  const a = lowerBound(scan.above, from);
  const b = lowerBound(scan.above, to);
  const unjudged = lowerBound(scan.unjudged, to) - lowerBound(scan.unjudged, from);
  const out: EventCounts = { bins: [], before, events: inRange, windows: b - a, unjudged, dataEnd: scan.dataEnd };
  if (!extent) return out;
  let e = 0;
  let w = a;
  let total = 0;
  for (let start = binStart(extent[0], bin, zone); start <= extent[1];) {
    const end = nextBinStart(start, bin, zone);
    let events = 0;
    while (e < inRange.length && inRange[e]!.start < end) {
      events++;
      e++;
    }
    let windows = 0;
    while (w < b && scan.above[w]! < end) {
      windows++;
      w++;
    }
    total += events;
    out.bins.push({
      start,
      end,
      events,
      windows,
      cumulative: total,
      provisional: end > scan.dataEnd && end > finalFrom,
    });
    start = end;
  }
  return out;
}
