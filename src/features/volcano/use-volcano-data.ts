/** Server data of the volcano view, all through the query factories of src/api. */
import { t } from '@lingui/core/macro';
import { useMemo } from 'react';
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { imageryQueries } from '../../api/imagery/imagery';
import { type Freq, type ImageryQuery as ImageQuery, type ImageRecord } from '../../api/imagery/imagery-shapes';
import type { RsamSeries } from '../../api/decode/rsam-series';
import { parseChannelId } from '../../domain/channel-id';
import { DAY_MS, monthChunks, startOfUtcDay, type UtcMs } from '../../domain/time';
import { joinSeries } from '../../rsam/pieces';
import { useRsamSeries } from '../../rsam/use-rsam-series';
import type { ImageType, Volcano } from '../../domain/volcanoes';
import { parseImageId } from '../../domain/image-id';
import { knownSiteTimeZone } from '../../domain/volcanoes';
import { resolveWall } from '../../domain/local-time';
import { pagesToLoad, requestWindows, type RequestWindow } from './frames/sampling';

export interface ChannelData {
  id: string;
  series: RsamSeries | null;
  /** The loaded chunks `series` is joined from: the analysis worker keeps a channel by them. */
  parts: readonly RsamSeries[];
}

/**
 * RSAM of the volcano's vertical channels over the visible range plus a day before it (so the
 * running median of the event detection has background to start from), one request per channel
 * and calendar month, through the shared loader.
 */
export function useRsam(channelIds: readonly string[], from: UtcMs, to: UtcMs) {
  const idKey = channelIds.join(',');
  const specs = useMemo(
    () =>
      channelIds.flatMap((id) => {
        const channel = parseChannelId(id);
        return channel ? [{ channel }] : [];
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [idKey],
  );
  const fromDay = startOfUtcDay(from - DAY_MS);
  const toDay = startOfUtcDay(to);
  const chunks = useMemo(() => monthChunks(fromDay, toDay), [fromDay, toDay]);
  const load = useRsamSeries(specs, { chunks, keepPrevious: true });
  const data = useMemo(
    (): ChannelData[] =>
      load.channels.map((c) => ({ id: c.id, series: joinSeries(c.pieces), parts: c.pieces.map((p) => p.series) })),
    [load.channels],
  );
  return { channels: data, isPending: load.isPending, error: load.error, retry: load.retryFailed };
}

export interface Camera {
  key: string;
  site: string;
  imageType: ImageType;
}

export function camerasOf(v: Volcano): Camera[] {
  // Infrared first: it sees at night, so its lane is the one most often useful.
  const out: Camera[] = [];
  for (const type of ['infrared', 'visible'] as const)
    for (const s of v.cameraSites)
      if (s.imageTypes.includes(type)) out.push({ key: `${s.site}/${type}`, site: s.site, imageType: type });
  return out;
}

export interface LaneData {
  camera: Camera;
  frames: ImageRecord[];
  /** More frames matched than were loaded. */
  truncated: boolean;
  isFetching: boolean;
  isPending: boolean;
  error: unknown;
  retry: () => void;
}

/**
 * The request for one camera (or one image type, for `all`) and one of the range's windows
 * (sampling.ts requestWindows). freq=all with one site would return whole local days in site time
 * (spec 01 §4.5), so `all` asks by volcano without a site and gets the exact UTC range; the records
 * are then split by site.
 */
export function laneQuery(
  vnum: number,
  cam: Camera | { imageType: ImageType; site?: undefined },
  freq: Freq,
  w: RequestWindow,
  page: number,
): ImageQuery {
  return {
    imageType: cam.imageType,
    ...(freq === 'all' ? { vnum } : { site: cam.site }),
    from: w.from,
    to: w.to,
    freq,
    order: 'asc',
    limit: 200,
    page,
  };
}

export function useLaneFrames(
  v: Volcano,
  cameras: readonly Camera[],
  freq: Freq,
  from: UtcMs,
  to: UtcMs,
  enabled = true,
): LaneData[] {
  // One group per camera (per image type for `all`) and window of the range.
  const windows = requestWindows(freq, from, to);
  const groups = (
    freq === 'all'
      ? [...new Set(cameras.map((c) => c.imageType))].map((imageType) => ({
          key: imageType,
          cams: cameras.filter((c) => c.imageType === imageType),
          q: { imageType },
        }))
      : cameras.map((c) => ({ key: c.key, cams: [c], q: c }))
  ).flatMap((g) => windows.map((w, wi) => ({ ...g, key: `${g.key}@${wi}`, w })));
  const first = useQueries({
    queries: groups.map((g) => ({
      ...imageryQueries.page(laneQuery(v.vnum, g.q, freq, g.w, 1)),
      placeholderData: keepPreviousData,
      enabled,
    })),
  });
  const more = groups.flatMap((_g, gi) => {
    const d = first[gi]?.data;
    // Placeholder data belongs to the previous range: wait for this range's first page.
    if (!d || first[gi]?.isPlaceholderData) return [];
    const n = pagesToLoad(d.pagination.total_pages);
    return Array.from({ length: n - 1 }, (_, i) => ({ gi, page: i + 2 }));
  });
  const rest = useQueries({
    queries: more.map((m) => ({
      ...imageryQueries.page(laneQuery(v.vnum, groups[m.gi]!.q, freq, groups[m.gi]!.w, m.page)),
      enabled,
    })),
  });
  // The result arrays are new every render (a chart hover renders on every mouse move); these
  // stamps say when a query's data or status changed, so the lanes keep their identity otherwise.
  const stamp = first
    .concat(rest)
    .map((r) => `${r.dataUpdatedAt}:${r.errorUpdatedAt}:${r.status}:${r.fetchStatus}`)
    .join(',');
  const moreKey = more.map((m) => `${m.gi}:${m.page}`).join(',');
  return useMemo(
    () =>
      cameras.map((cam): LaneData => {
        const gis = groups.flatMap((g, gi) => (g.cams.includes(cam) ? [gi] : []));
        const q1s = gis.map((gi) => first[gi]);
        const mine = more.flatMap((m, i) => (gis.includes(m.gi) ? [rest[i]] : []));
        const pages = [...q1s, ...mine].map((r) => r?.data);
        const frames: ImageRecord[] = [];
        const seen = new Set<string>();
        for (const p of pages)
          for (const r of p?.results ?? []) {
            if (r.site !== cam.site || seen.has(r.image_id)) continue;
            if (r.time.utcMs < from || r.time.utcMs > to) continue;
            seen.add(r.image_id);
            frames.push(r);
          }
        frames.sort((a, b) => a.time.utcMs - b.time.utcMs);
        const restQs = mine.filter((x) => !!x);
        return {
          camera: cam,
          frames,
          truncated: q1s.some((q) => {
            const total = q?.data?.pagination.total_pages ?? 0;
            return total > pagesToLoad(total);
          }),
          isFetching: q1s.some((q) => q?.isFetching) || restQs.some((r) => r.isFetching),
          isPending: q1s.some((q) => q?.isPending),
          error: q1s.find((q) => q?.error)?.error ?? restQs.find((r) => r.isError)?.error ?? null,
          retry: () => {
            q1s.forEach((q) => void q?.refetch());
            restQs.forEach((r) => r.isError && void r.refetch());
          },
        };
      }),
    // groups, first, more and rest follow from these inputs and the stamps.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [stamp, moreKey, cameras, freq, from, to, v.vnum],
  );
}

/**
 * The record of an image id from a deep link. The time inside an id has no stated zone (spec 01
 * §2.4), so the id is read both ways, as UTC and as the site's local wall time (both passes of a
 * repeated hour), and each candidate second is asked of the service by volcano number (an exact UTC
 * range); the record whose image_id matches is the frame, whatever reading was right.
 */
export function useFrameLookup(v: Volcano, frameId: string | undefined) {
  const info = frameId ? parseImageId(frameId) : null;
  const valid = !!info && info.vnum === v.vnum;
  const types = [...new Set(v.cameraSites.filter((s) => s.site === info?.site).flatMap((s) => s.imageTypes))];
  const candidates = info ? frameCandidates(info.utcMs, knownSiteTimeZone(info.site)) : [];
  const results = useQueries({
    queries: types.flatMap((imageType) =>
      candidates.map((t) => ({
        ...imageryQueries.page({
          imageType,
          vnum: v.vnum,
          from: t - 1000,
          to: t + 1000,
          freq: 'all' as const,
          order: 'asc' as const,
          limit: 20,
        }),
        enabled: valid,
        staleTime: Infinity,
      })),
    ),
  });
  const record = results.flatMap((r) => r.data?.results ?? []).find((r) => r.image_id === frameId) ?? null;
  const done = results.length > 0 && results.every((r) => !r.isPending);
  const name = v.name;
  return {
    record,
    /** Shown when the id cannot be found. */
    problem: !frameId
      ? null
      : !valid || types.length === 0
        ? t`The frame ${frameId} in the address is not an image of ${name}.`
        : done && !record
          ? results.some((r) => r.isError)
            ? t`The frame ${frameId} could not be loaded.`
            : t`No image ${frameId} was found.`
          : null,
  };
}

/** The instants an id's time may name: as UTC, and as the site's wall time when its zone is known. */
export function frameCandidates(idTime: number, zone: string | null): number[] {
  const out = [idTime];
  const r = zone ? resolveWall(zone, idTime) : null;
  if (r?.kind === 'unique') out.push(r.utcMs);
  if (r?.kind === 'ambiguous') out.push(r.utcMs, r.later);
  return [...new Set(out)];
}
