/**
 * The events the chart shades and the events panel lists, found in the loaded RSAM by the one
 * definition the seismic view counts with (src/analysis/events.ts): the volcano's vertical
 * channels, N × each one's trailing one-day median. The day before the range is loaded too
 * (use-volcano-data.ts), so the range's first hours have a median and an event already going on
 * when the range starts is seen from its beginning. Worked out by the analysis worker
 * (src/analysis/jobs): a month of two channels' medians took ~45 ms of this thread here.
 */
import { useMemo } from 'react';
import type { RsamEvent as Found } from '../../../analysis/events';
import { findRangeEvents } from '../../../analysis/jobs/analysis-jobs';
import type { RangeEventsInput } from '../../../analysis/jobs/job-types';
import { useAnalysisJob } from '../../../analysis/jobs/use-analysis-job';
import type { UtcMs } from '../../../domain/time';
import type { ChannelData } from '../use-volcano-data';
import type { VolcanoRange } from '../volcano-params';

export interface ShownEvent {
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
  events: ShownEvent[];
  /** How many of them begin in the range: what the seismic view's counts count. */
  inRange: number;
  /** Windows in the range that could not be judged (no baseline). */
  unjudged: number;
  /** Events were worked out (for these settings, or while `working` for earlier ones). */
  known: boolean;
  /** The events of the current channels, threshold and range are being worked out: these are older. */
  working: boolean;
  /** Why they could not be worked out, and a way to try again. */
  error: string | null;
  retry: () => void;
}

const toMs = (e: Found, beganBefore: boolean): ShownEvent => ({
  from: e.start * 1000,
  to: e.end * 1000,
  peakRatio: e.peakRatio ?? Number.NaN,
  peakTime: e.peakTime * 1000,
  channels: e.channels,
  windows: e.windows,
  beganBefore,
  openEnd: e.openEnd,
});

const NONE: ShownEvent[] = [];

/** Events of the loaded series that overlap the visible range. */
export function useRangeEvents(channels: readonly ChannelData[], n: number, range: VolcanoRange): RangeEvents {
  const input = useMemo(
    (): RangeEventsInput => ({
      channels: channels.flatMap((c) =>
        c.series ? [{ id: c.id, windowSec: c.series.windowSec, parts: c.parts }] : [],
      ),
      threshold: { kind: 'median', factor: n },
      from: range.from / 1000,
      to: range.to / 1000,
    }),
    [channels, n, range],
  );
  const job = useAnalysisJob(input, findRangeEvents);
  const found = job.value;
  const events = useMemo(
    () => (found ? [...found.before.map((e) => toMs(e, true)), ...found.inRange.map((e) => toMs(e, false))] : NONE),
    [found],
  );
  return {
    events,
    inRange: found?.inRange.length ?? 0,
    unjudged: found?.unjudged ?? 0,
    known: found !== null,
    working: job.working,
    error: job.error,
    retry: job.retry,
  };
}
