/**
 * Every request of the wall, refreshed by React Query's refetchInterval.
 *
 * Requests per refresh (spec 01 §8 budgets, per minute), all five volcanoes on screen:
 *   /api/seismic/rsam   one per station (its vertical channel, attention.ts watchedChannels):
 *                       Cleveland 5 + Poás 4 + Villarrica 1 = 10
 *   /api/imagery/q      one per camera site and image type (limit 1, newest first):
 *                       CLNE IR+vis 2, OKCF vis 1, VPMI IR+vis 2, RKPI vis 1, CV01 IR 1, CV02 IR 1 = 8
 *   /api/seismic/sites  not per refresh: once at start and every 10 min
 *   /api/imagery/q      while a camera's newest answer falls in a repeated local hour (a fall-back
 *                       of daylight saving), one more for that camera (limit 200), at most once a
 *                       minute: at most 2 cameras share a change (CV01+CV02, CLNE IR+vis)
 * At refresh r seconds that is 10·60/r and 8·60/r requests per minute: r = 60 s → 10 and 8 (budgets
 * 100 and 100); the fastest refresh the URL may ask for is 6 s → 100 and 80 (wall-params.ts
 * minRefreshSeconds). A failed request (5xx, no answer) is shown at once and tried again at its
 * endpoint's next probe (src/api/http/retry.ts), which backs off however many tiles wait, so a
 * long outage cannot push the wall past the service's limits: the request rate falls.
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { refetchOnRetry } from '../../api/http/retry';
import { seismicQueries } from '../../api/seismic';
import type { RsamSeries } from '../../api/decode/rsam-series';
import { useRsamSeries } from '../../rsam/use-rsam-series';
import { imageryQueries } from '../../api/imagery/imagery';
import { type ImageryPage } from '../../api/imagery/imagery-shapes';
import { parseChannelId, type ChannelRef } from '../../domain/channel-id';
import { startOfUtcDay } from '../../domain/time';
import { relativeMs, type RelativeTime } from '../../domain/relative-time';
import type { ImageType, Volcano } from '../../domain/volcanoes';
import { firstAnswered, type NewestOf } from './timed-image';
import { DEFAULT_ATTENTION_RULE, watchedChannels } from '../../analysis/attention/attention';

const SITES_REFRESH_MS = 10 * 60_000;

export interface ChannelSlot {
  id: string;
  ref: ChannelRef;
  /** The station it speaks for (attention.ts watchedChannels). */
  station: string;
  /** Drawn as a line on the tile (the volcano's overview channels); the others are in its station strip. */
  shown: boolean;
  /** false when /api/seismic/sites answered and does not list the channel. */
  listed: boolean;
  result: UseQueryResult<RsamSeries> | null;
}

export interface CameraSlot {
  site: string;
  imageType: ImageType;
  result: UseQueryResult<ImageryPage>;
  /**
   * The camera's newest DEEP_LIMIT images, asked only while `result`'s newest falls in a repeated
   * local hour, so the newest of both passes can be found by instant (newest-by-evidence.ts); else null.
   */
  deep: UseQueryResult<ImageryPage> | null;
  /** Picks the newest of the camera's records: as answered, or by instant once the resolver is loaded. */
  newest: NewestOf;
}

/**
 * Enough to hold both passes of a repeated hour (cameras capture every 1–2 minutes, spec 01 §4.5)
 * and the records before it: the service's largest page.
 */
const DEEP_LIMIT = 200;

export interface VolcanoData {
  volcano: Volcano;
  channels: ChannelSlot[];
  cameras: CameraSlot[];
}

/** The UTC day, re-rendering only when it changes (the RSAM request ends today). */
function subscribeDay(fn: () => void): () => void {
  let day = startOfUtcDay(Date.now());
  const t = setInterval(() => {
    const d = startOfUtcDay(Date.now());
    if (d !== day) {
      day = d;
      fn();
    }
  }, 30_000);
  return () => clearInterval(t);
}
const daySnapshot = () => startOfUtcDay(Date.now());

/** Whether two results of one query read the same wherever the wall looks. */
const sameResult = (a: UseQueryResult<unknown>, b: UseQueryResult<unknown>) =>
  a.data === b.data &&
  a.error === b.error &&
  a.status === b.status &&
  a.fetchStatus === b.fetchStatus &&
  a.dataUpdatedAt === b.dataUpdatedAt &&
  a.errorUpdatedAt === b.errorUpdatedAt;

/**
 * The results last seen while every one reads the same: React Query hands out new result objects
 * on every render, and the wall's route renders once a minute and on every answer, so what is
 * built from them (the tiles' data, the alerts) is rebuilt only when an answer changed something.
 */
function useSteadyResults<T extends UseQueryResult<unknown>>(results: readonly T[]): readonly T[] {
  const [kept, setKept] = useState(results);
  const same = kept.length === results.length && kept.every((r, i) => sameResult(r, results[i]!));
  // Kept as state and adjusted while rendering, as React's docs do for a value derived from a change.
  if (!same) setKept(results);
  return same ? kept : results;
}

const channelKey = (c: { network: string; station: string; channel: string }) =>
  `${c.network}.${c.station}.${c.channel}`;

export function useWallData(
  volcanoes: readonly Volcano[],
  refreshSeconds: number,
  range: RelativeTime,
  baselineMs = DEFAULT_ATTENTION_RULE.baselineHours * 3_600_000,
) {
  const refetchInterval = refreshSeconds * 1000;
  const today = useSyncExternalStore(subscribeDay, daySnapshot, daySnapshot);

  const sites = useQuery({
    ...seismicQueries.sites(),
    refetchInterval: refetchOnRetry(SITES_REFRESH_MS),
    refetchIntervalInBackground: true,
  });
  const listed = useMemo(() => (sites.data ? new Set(sites.data.channels.map(channelKey)) : null), [sites.data]);

  const channelDefs = useMemo(
    () =>
      volcanoes.flatMap((v) =>
        watchedChannels(v).flatMap(({ id, station }) => {
          const ref = parseChannelId(id);
          return ref ? [{ vnum: v.vnum, id, ref, station, shown: v.verticalChannels.includes(id) }] : [];
        }),
      ),
    [volcanoes],
  );
  const cameraDefs = useMemo(
    () =>
      volcanoes.flatMap((v) =>
        v.cameraSites.flatMap((s) => s.imageTypes.map((imageType) => ({ vnum: v.vnum, site: s.site, imageType }))),
      ),
    [volcanoes],
  );

  const rsamSpecs = useMemo(
    () => channelDefs.map((c) => ({ channel: c.ref, enabled: listed === null || listed.has(channelKey(c.ref)) })),
    [channelDefs, listed],
  );
  // From the day holding now - range at the day's first instant, so every moment of today is
  // covered: yesterday..today for 24 h or less (the request the budget above counts), more days
  // for longer ranges, still one request per channel.
  // At least the attention rule's baseline back, so a short range still judges each channel
  // against its own day (attention.ts); one request per channel all the same.
  const rangeMs = Math.max(relativeMs(range), baselineMs);
  const days = useMemo(() => [{ fromDay: startOfUtcDay(today - rangeMs), toDay: today }], [today, rangeMs]);
  // One chunk per channel, so results[i] is channel i's. At midnight UTC the key moves to the next
  // days; the old series stays shown meanwhile.
  const rsam = useSteadyResults(
    useRsamSeries(rsamSpecs, { chunks: days, refetchInterval, keepPrevious: true }).results,
  );

  const images = useSteadyResults(
    useQueries({
      queries: cameraDefs.map((c) => ({
        // freq absent = all; with one site the service returns the site's local time (spec 01 §4.5).
        ...imageryQueries.page({ site: c.site, imageType: c.imageType, limit: 1, order: 'desc' }),
        refetchInterval: refetchOnRetry(refetchInterval),
        refetchIntervalInBackground: true,
      })),
    }),
  );

  // Sorted by local time, the first answer of a fall-back hour can be the first pass's last frame.
  const deepWanted = useMemo(
    () =>
      cameraDefs.map((_, i) => {
        const t = images[i]?.data?.results[0]?.time;
        return t?.kind === 'site-local' && !!t.ambiguous;
      }),
    [cameraDefs, images],
  );
  // The resolver is a chunk of its own, loaded the first time it is needed (twice a year per zone).
  const [resolver, setResolver] = useState<{ newest: NewestOf } | null>(null);
  const needed = deepWanted.some(Boolean);
  useEffect(() => {
    if (!needed || resolver) return;
    let live = true;
    // Not loaded (offline): the times stay marked undecided, as answered.
    import('./newest-by-evidence').then(
      (m) => live && setResolver({ newest: m.newestImage }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [needed, resolver]);
  const newest = resolver?.newest ?? firstAnswered;
  const deep = useSteadyResults(
    useQueries({
      queries: cameraDefs.map((c, i) => ({
        ...imageryQueries.page({ site: c.site, imageType: c.imageType, limit: DEEP_LIMIT, order: 'desc' }),
        enabled: deepWanted[i],
        refetchInterval: refetchOnRetry(Math.max(refetchInterval, 60_000)),
        refetchIntervalInBackground: true,
      })),
    }),
  );

  const perVolcano: VolcanoData[] = useMemo(
    () =>
      volcanoes.map((volcano) => ({
        volcano,
        channels: channelDefs.flatMap((c, i) => {
          if (c.vnum !== volcano.vnum) return [];
          const isListed = listed === null || listed.has(channelKey(c.ref));
          return [
            {
              id: c.id,
              ref: c.ref,
              station: c.station,
              shown: c.shown,
              listed: isListed,
              result: isListed ? (rsam[i] ?? null) : null,
            },
          ];
        }),
        cameras: cameraDefs.flatMap((c, i) => {
          const result = images[i];
          const more = deepWanted[i] ? (deep[i] ?? null) : null;
          return c.vnum === volcano.vnum && result
            ? [{ site: c.site, imageType: c.imageType, result, deep: more, newest }]
            : [];
        }),
      })),
    [volcanoes, channelDefs, cameraDefs, listed, rsam, images, deep, deepWanted, newest],
  );

  return { perVolcano, sites };
}
