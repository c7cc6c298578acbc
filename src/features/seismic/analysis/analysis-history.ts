/**
 * The UTC day before the range, for the event counts: the trailing one-day median of the range's
 * first hours, and an event that began before the range, need it (the volcano view loads the same
 * day for its events). One chunk per channel through the shared loader.
 */
import { useMemo } from 'react';
import type { ChannelRef } from '../../../domain/channel-id';
import { DAY_MS, startOfUtcDay, type UtcMs } from '../../../domain/time';
import { useRsamSeries } from '../../../rsam/use-rsam-series';
import type { RsamChannel as ChannelData } from '../../../rsam/use-rsam-series';

export interface HistoryDay {
  channels: ChannelData[];
  pending: boolean;
  failed: boolean;
}

/** `rangeStart`: the first instant shown (ms); the day loaded is the one before its UTC day. */
export function useHistoryDay(channels: readonly ChannelRef[], rangeStart: UtcMs, enabled: boolean): HistoryDay {
  const day = startOfUtcDay(rangeStart) - DAY_MS;
  const specs = useMemo(() => channels.map((channel) => ({ channel })), [channels]);
  const chunks = useMemo(() => [{ fromDay: day, toDay: day }], [day]);
  const load = useRsamSeries(specs, { chunks, enabled });
  return { channels: load.channels, pending: enabled && load.pending > 0, failed: load.failed.length > 0 };
}
