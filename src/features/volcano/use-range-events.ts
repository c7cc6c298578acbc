/** The events the chart shades and the events panel lists, found in the loaded RSAM. */
import { useMemo } from 'react';
import { detectEvents, type RsamEvent } from './events';
import type { ChannelData } from './use-volcano-data';
import type { ResolvedRange } from './volcano-params';

/** Events of the loaded series that overlap the visible range. */
export function useRangeEvents(channels: readonly ChannelData[], n: number, range: ResolvedRange): RsamEvent[] {
  return useMemo(() => {
    const series = channels.flatMap((c) =>
      c.series ? [{ id: c.id, times: c.series.times, values: c.series.values, windowSec: c.series.windowSec }] : [],
    );
    return detectEvents(series, { n }).filter((e) => e.to >= range.from && e.from <= range.to);
  }, [channels, n, range]);
}
