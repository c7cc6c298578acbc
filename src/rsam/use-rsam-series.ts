/**
 * The one RSAM series loader of the app (seismic, volcano and wall views): every channel is asked
 * for in chunks of UTC days, each chunk its own query through `seismicQueries.rsam`, so the shared
 * rate limiter paces them, a chunk is cached on its own, a failed chunk retries alone and the
 * charts draw whatever has arrived. `useQueries({ combine })` folds the chunks into one result;
 * React Query's structural sharing keeps a channel's object when none of its chunks changed, so
 * per-channel work downstream (joining, smoothing, stats) is not redone for another's chunk.
 */
import { t } from '@lingui/core/macro';
import { useCallback } from 'react';
import {
  keepPreviousData,
  useQueries,
  useQueryClient,
  type QueryClient,
  type QueryObserverResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import { refetchOnRetry } from '../api/http/retry';
import { seismicQueries, warmRsamLoad } from '../api/seismic';
import type { RsamSeries } from '../api/decode/rsam-series';
import { formatChannelId, type ChannelRef } from '../domain/channel-id';
import { formatIsoDay, type UtcDayRange } from '../domain/time';
import { pieceOf, type Piece } from './pieces';

export interface RsamChannelSpec {
  channel: ChannelRef;
  /** false: this channel is not asked for (e.g. the service does not list it). */
  enabled?: boolean;
}

export interface RsamLoadOptions {
  /** Inclusive UTC day ranges, oldest first, asked for every channel. */
  chunks: readonly UtcDayRange[];
  /** false pauses every chunk not loaded yet. */
  enabled?: boolean;
  refetchInterval?: number;
  /** Keep showing the previous key's series while a new range loads. */
  keepPrevious?: boolean;
}

export interface RsamChannel {
  id: string;
  channel: ChannelRef;
  windowSec: number;
  /** Loaded chunks in time order (chunks that failed or are still loading are absent). */
  pieces: Piece[];
}

export interface FailedChunk {
  /** Channel and days of the chunk; unique, so it also serves as the React key. */
  label: string;
  error: unknown;
  retry: () => void;
}

export interface RsamLoad {
  channels: RsamChannel[];
  /** Chunks asked for (over all enabled channels). */
  total: number;
  loaded: number;
  /** Chunks still waiting or in flight (paused ones not counted). */
  pending: number;
  failed: FailedChunk[];
  /** The first chunk error, or null. */
  error: unknown;
  /** Some enabled chunk has neither data nor an error yet. */
  isPending: boolean;
  /** Per chunk, channel-major: channel i, chunk j at i × chunks + j. */
  results: UseQueryResult<RsamSeries>[];
  retryFailed: () => void;
  /** Stops the chunks in flight that have no data yet (pair with `enabled: false`). */
  cancel: () => void;
}

// Every view that loads this module draws RSAM next: the cache opens and a parse worker starts
// while the view renders, not when its first chunk is asked for.
warmRsamLoad();

function chunkLabel(channel: ChannelRef, c: UtcDayRange): string {
  return `${formatChannelId(channel)} ${formatIsoDay(c.fromDay)} to ${formatIsoDay(c.toDay)}`;
}

/** A chunk as a failure names it, in the app's language: "AV.CLCL..BHZ 2025-01-01 to 2025-01-31". */
function chunkWords(channel: ChannelRef, c: UtcDayRange): string {
  const id = formatChannelId(channel);
  const from = formatIsoDay(c.fromDay);
  const to = formatIsoDay(c.toDay);
  return t`${id} ${from} to ${to}`;
}

/**
 * Starts the chunk requests `useRsamSeries` would make for `channels`, before any view renders:
 * the same query options, so the view finds them in flight or answered. One channel per task: a
 * year of three channels' 39 requests set up at once made a task of 40-60 ms here.
 */
export function prefetchRsamSeries(
  client: QueryClient,
  channels: readonly ChannelRef[],
  chunks: readonly UtcDayRange[],
): void {
  channels.forEach((channel, i) => {
    const ask = () => {
      for (const c of chunks) void client.prefetchQuery(seismicQueries.rsam({ channel, from: c.fromDay, to: c.toDay }));
    };
    if (i === 0) ask();
    else setTimeout(ask, 0);
  });
}

export function useRsamSeries(channels: readonly RsamChannelSpec[], o: RsamLoadOptions): RsamLoad {
  const queryClient = useQueryClient();
  const { chunks, enabled = true, refetchInterval, keepPrevious } = o;
  const plan = channels.flatMap((spec, ci) => chunks.map((c) => ({ ci, spec, c })));
  const queries = plan.map(({ spec, c }) => ({
    ...seismicQueries.rsam({ channel: spec.channel, from: c.fromDay, to: c.toDay }),
    enabled: enabled && spec.enabled !== false,
    ...(refetchInterval ? { refetchInterval: refetchOnRetry(refetchInterval), refetchIntervalInBackground: true } : {}),
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
  }));
  const planKey = plan.map((p) => `${chunkLabel(p.spec.channel, p.c)}:${p.spec.enabled !== false}`).join(',');

  const combine = useCallback(
    (results: QueryObserverResult<RsamSeries>[]): RsamLoad => {
      const on = (i: number) => enabled && plan[i]?.spec.enabled !== false;
      const list = channels.map((spec, ci): RsamChannel => {
        const pieces: Piece[] = [];
        results.forEach((r, i) => {
          if (plan[i]?.ci === ci && r.data) pieces.push(pieceOf(r.data));
        });
        return {
          id: formatChannelId(spec.channel),
          channel: spec.channel,
          windowSec: pieces[0]?.series.windowSec ?? 60,
          pieces,
        };
      });
      const failed: FailedChunk[] = [];
      let loaded = 0;
      let pending = 0;
      let total = 0;
      results.forEach((r, i) => {
        if (plan[i]?.spec.enabled !== false) total++;
        if (r.data && !r.isPlaceholderData) loaded++;
        // A failed chunk stays failed on screen while it is tried again (src/api/http/retry.ts).
        if (r.isError) {
          failed.push({
            label: chunkWords(plan[i]!.spec.channel, plan[i]!.c),
            error: r.error,
            retry: () => void r.refetch(),
          });
        } else if ((!r.data || r.isPlaceholderData) && on(i)) pending++;
      });
      return {
        channels: list,
        total,
        loaded,
        pending,
        failed,
        error: failed[0]?.error ?? null,
        isPending: pending > 0,
        results: results as UseQueryResult<RsamSeries>[],
        retryFailed: () => results.forEach((r) => r.isError && void r.refetch()),
        cancel: () =>
          plan.forEach(({ spec, c }) => {
            const { queryKey } = seismicQueries.rsam({ channel: spec.channel, from: c.fromDay, to: c.toDay });
            if (!queryClient.getQueryData(queryKey)) void queryClient.cancelQueries({ queryKey, exact: true });
          }),
      };
    },
    // plan and channels follow from planKey; enabled changes what counts as pending.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [planKey, enabled, queryClient],
  );

  return useQueries({ queries, combine });
}
