/**
 * RSAM of the chosen channels over a long range in calendar-month chunks (docs/architecture.md),
 * through the shared loader, with the seismic view's Cancel/Resume and progressive drawing.
 */
import { useMemo, useState } from 'react';
import { formatChannelId, type ChannelRef } from '../../domain/channel-id';
import { useRsamSeries, type FailedChunk, type RsamChannel } from '../../rsam/use-rsam-series';
import { useThrottled } from '../../ui/hooks/use-throttled';
import { rangeChunks, type ResolvedRange } from './seismic-params';

export { joinRaw, type Piece } from '../../rsam/pieces';

export interface RsamChunks {
  channels: RsamChannel[];
  total: number;
  loaded: number;
  failed: FailedChunk[];
  /** Chunks still waiting or in flight (not counting paused ones). */
  pending: number;
  paused: boolean;
  cancel: () => void;
  resume: () => void;
}

/**
 * Progressive drawing redraws at most this often. A redraw decimates only the chunks that arrived
 * (src/chart/blocks.ts), but still re-renders the panel and its summary; the last body draws at once.
 */
const PROGRESS_MS = 400;

export function useRsamChunks(channels: readonly ChannelRef[], range: ResolvedRange): RsamChunks {
  // Cancelling pauses the chunks not yet loaded; the range/channels that were paused are remembered
  // so that choosing another range starts loading again.
  const [pausedFor, setPausedFor] = useState<string | null>(null);
  const chunks = useMemo(() => rangeChunks(range.fromDay, range.toDay), [range.fromDay, range.toDay]);
  const signature = `${channels.map(formatChannelId).join(',')}|${range.fromDay}|${range.toDay}`;
  const paused = pausedFor === signature;
  const specs = useMemo(() => channels.map((channel) => ({ channel })), [channels]);
  const load = useRsamSeries(specs, { chunks, enabled: !paused });
  const allAnswered = load.loaded + load.failed.length === load.total;
  const shown = useThrottled(load.channels, allAnswered ? 0 : PROGRESS_MS);

  return {
    channels: shown,
    total: load.total,
    loaded: load.loaded,
    failed: load.failed,
    pending: load.pending,
    paused,
    cancel: () => {
      setPausedFor(signature);
      load.cancel();
    },
    resume: () => setPausedFor(null),
  };
}
