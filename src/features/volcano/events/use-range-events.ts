/**
 * The events the chart shades and the events panel lists, found in the loaded RSAM by the one
 * definition the seismic view counts with (src/analysis/events.ts): the volcano's vertical
 * channels, N × each one's trailing one-day median. The day before the range is loaded too
 * (use-volcano-data.ts), so the range's first hours have a median and an event already going on
 * when the range starts is seen from its beginning.
 */
import { useMemo } from 'react';
import { eventsOfRange, findEvents, type RsamEvent as Found } from '../../../analysis/events';
import type { UtcMs } from '../../../domain/time';
import type { ChannelData } from '../use-volcano-data';
import type { ResolvedRange } from '../volcano-params';

export interface RsamEvent {
  /** Start of the first window above and end of the last one, unix ms. */
  from: UtcMs;
  to: UtcMs;
  /** Highest value / its baseline inside the event. */
  peakRatio: number;
  peakTime: UtcMs;
  channels: string[];
  /** Windows above the threshold inside the event, counted per channel. */
  windows: number;
  /** It began before the range and goes on into it. */
  beganBefore: boolean;
  /** The loaded data end less than the gap allowance after it: it may go on. */
  openEnd: boolean;
}

export interface RangeEvents {
  /** Events that overlap the range, in time order: those that began before it first. */
  events: RsamEvent[];
  /** How many of them begin in the range: what the seismic view's counts count. */
  inRange: number;
  /** Windows in the range that could not be judged (no baseline). */
  unjudged: number;
}

const toMs = (e: Found, beganBefore: boolean): RsamEvent => ({
  from: e.start * 1000,
  to: e.end * 1000,
  peakRatio: e.peakRatio ?? Number.NaN,
  peakTime: e.peakTime * 1000,
  channels: e.channels,
  windows: e.windows,
  beganBefore,
  openEnd: e.openEnd,
});

/** Events of the loaded series that overlap the visible range. */
export function useRangeEvents(channels: readonly ChannelData[], n: number, range: ResolvedRange): RangeEvents {
  return useMemo(() => {
    const series = channels.flatMap((c) =>
      c.series ? [{ id: c.id, times: c.series.times, values: c.series.values, windowSec: c.series.windowSec }] : [],
    );
    const scan = findEvents(series, { kind: 'median', factor: n });
    const from = range.from / 1000;
    const to = range.to / 1000;
    const { inRange, before } = eventsOfRange(scan, from, to);
    let unjudged = 0;
    for (const t of scan.unjudged) if (t >= from && t < to) unjudged++;
    return {
      events: [...before.map((e) => toMs(e, true)), ...inRange.map((e) => toMs(e, false))],
      inRange: inRange.length,
      unjudged,
    };
  }, [channels, n, range]);
}
