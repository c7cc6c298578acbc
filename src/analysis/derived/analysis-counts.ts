/**
 * The event-counts analysis: the events of the chosen channels (src/analysis/events.ts, the
 * definition the volcano view lists by), counted per local hour or day of the shown range.
 */
import type { AlignedData } from '../../chart/series-data';
import { countEvents, type Bin, type EventCounts } from '../event-counts';
import { findEvents, type EventChannel } from '../events';
import type { Threshold } from '../threshold';

export interface CountsResult {
  data: AlignedData;
  names: string[];
  counts: EventCounts;
}

/** The joined series by the range's series and the day before's: kept while neither changes. */
const joined = new WeakMap<EventChannel, { before: EventChannel | undefined; series: EventChannel }>();

/**
 * The day before the range and the range of one channel as one series, the same object for the
 * same parts (so its medians, computed once, are found again: src/analysis/events.ts).
 */
export function withDayBefore(range: EventChannel, before: EventChannel | undefined): EventChannel {
  const hit = joined.get(range);
  if (hit && hit.before === before) return hit.series;
  const series = before ? joinChannel([before, range]) : range;
  joined.set(range, { before, series });
  return series;
}

/** Several chunks of one channel as one series, in time order, a time seen twice kept once. */
export function joinChannel(parts: readonly EventChannel[]): EventChannel {
  const sorted = parts.filter((p) => p.times.length > 0).sort((a, b) => a.times[0]! - b.times[0]!);
  if (sorted.length <= 1) return sorted[0] ?? parts[0]!;
  const times: number[] = [];
  const values: number[] = [];
  for (const p of sorted)
    for (let i = 0; i < p.times.length; i++) {
      const t = p.times[i]!;
      if (times.length && t <= times[times.length - 1]!) continue;
      times.push(t);
      values.push(p.values[i]!);
    }
  return {
    id: sorted[0]!.id,
    times: Float64Array.from(times),
    values: Float64Array.from(values),
    windowSec: sorted[0]!.windowSec,
  };
}

/**
 * `channels`: all loaded data of each channel, the day before the range included (for the
 * trailing median and for events that began before the range); counted over `bounds`.
 */
export function eventCounts(
  channels: readonly EventChannel[],
  bounds: readonly [number, number],
  threshold: Threshold,
  bin: Bin,
  zone: string,
  finalFrom: number,
): CountsResult {
  const scan = findEvents(channels, threshold);
  const counts = countEvents(scan, bounds[0], bounds[1], bin, zone, finalFrom);
  const label = channels.length === 1 ? channels[0]!.id : `${channels.length} channels`;
  const bins = counts.bins;
  return {
    counts,
    names: [`${label} events per ${bin}`, `${label} windows above per ${bin}`],
    data: [Float64Array.from(bins, (b) => b.start), bins.map((b) => b.events), bins.map((b) => b.windows)],
  };
}
