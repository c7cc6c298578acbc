/** Seismic RSAM endpoints (spec 01 §4.1–4.4) and their query option factories. */
import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { channelSchema, int } from './decode/schema-parts';
import { formatChannelId, type ChannelRef } from '../domain/channel-id';
import { DAY_MS, formatSeismicDate, lastCacheableDay, parseDay, type UtcMs } from '../domain/time';
import { apiBase } from './hosts';
import { getRuntimeConfig } from '../config/runtime-config';
import { failureError } from './decode/decode-failure';
import { getJson } from './decode/json-body';
import { throwIfAborted } from './http/errors';
import { send } from './http/send';
import { buildUrl } from './http/url';
import { readKeptChunk, warmParsePool } from './worker/pool';
import { rsamFetchedByWorkerElseHere, rsamFetchedHere } from './worker/rsam-transport';
import type { CacheTarget } from './cache/rsam-cache';
import { joinRsam } from './decode/rsam-join';
import type { RsamSeries } from './decode/rsam-series';
import { mayHoldChunk, noteChunkKept } from './cache/rsam-cache-hint';

const isoDay = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a YYYY-MM-DD date'));

export const sitesResponseSchema = v.object({ channels: v.array(channelSchema), total: int });
export const datesResponseSchema = v.object({
  dates: v.array(isoDay),
  network: v.string(),
  station: v.string(),
  channel: v.string(),
});
export const latestResponseSchema = v.object({
  channels: v.array(v.object({ ...channelSchema.entries, latest_date: isoDay })),
  total: int,
});

export type SeismicChannel = v.InferOutput<typeof channelSchema>;
export type LatestChannel = v.InferOutput<typeof latestResponseSchema>['channels'][number];

export async function fetchSeismicSites(signal?: AbortSignal) {
  const url = buildUrl(apiBase(), '/api/seismic/sites');
  return getJson({ endpoint: 'seismic.sites', url, signal, schema: sitesResponseSchema });
}

export async function fetchSeismicLatest(signal?: AbortSignal) {
  const url = buildUrl(apiBase(), '/api/seismic/rsam/latest');
  return getJson({ endpoint: 'seismic.latest', url, signal, schema: latestResponseSchema });
}

/** UTC days with data, newest first, as epoch ms of each day's start. */
export async function fetchSeismicDates(ch: ChannelRef, signal?: AbortSignal): Promise<UtcMs[]> {
  const url = buildUrl(apiBase(), '/api/seismic/dates', {
    network: ch.network,
    station: ch.station,
    channel: ch.channel,
  });
  const body = await getJson({ endpoint: 'seismic.dates', url, signal, schema: datesResponseSchema });
  return body.dates.map((d) => parseDay(d)!);
}

export interface RsamParams {
  channel: ChannelRef;
  /** Inclusive UTC days (spec 01 §4.1), as any instant inside each day. */
  from: UtcMs;
  to: UtcMs;
}

const RSAM_LABEL = '/api/seismic/rsam';

/**
 * One request for [from, to], made by a parse worker where one runs, else here with the body sent
 * to the worker as bytes; either way it comes back as columns. With `keep`, the worker may also
 * keep the decoded chunk in the browser's cache.
 */
async function fetchRsamFresh(p: RsamParams, signal?: AbortSignal, keep?: CacheTarget): Promise<RsamSeries> {
  const url = buildUrl(apiBase(), '/api/seismic/rsam', {
    network: p.channel.network,
    station: p.channel.station,
    channel: p.channel.channel,
    datefrom: formatSeismicDate(p.from),
    dateto: formatSeismicDate(p.to),
  });
  // Not by a worker with demo data: the in-page mock (a service worker answering this page) never
  // sees a worker's requests, and it makes its answers in this thread anyway.
  const transport = getRuntimeConfig().mock ? rsamFetchedHere(keep) : rsamFetchedByWorkerElseHere(keep);
  // Low: a year's 12-39 chunk requests leave at once and fill the browser's six connections to the
  // service; the channel list and latest days (small) then take the next free one ahead of the
  // chunks still queued, not a place behind all of them (~1.5 s later in a year's load).
  const { body, status } = await send({ endpoint: 'seismic.rsam', url, signal, init: { priority: 'low' }, transport });
  throwIfAborted(signal, RSAM_LABEL, url);
  if (!body.ok) throw failureError(body.failure, 'seismic.rsam', RSAM_LABEL, url, status);
  return body.value;
}

/**
 * The service's address is part of the key: demo data, or another deployment's, kept by this
 * browser at the same origin must never be drawn as this service's.
 */
const rsamCacheKey = (p: RsamParams) =>
  `${apiBase()}|${formatChannelId(p.channel)}|${formatSeismicDate(p.from)}|${formatSeismicDate(p.to)}`;

/**
 * Completed past days: from the browser's cache when kept there, else fetched once and kept. The
 * parse worker reads and writes the cache, so neither the disk's answer nor its copy of a year of
 * columns costs the main thread anything.
 */
async function fetchRsamPast(p: RsamParams, signal?: AbortSignal): Promise<RsamSeries> {
  const key = rsamCacheKey(p);
  const channel = `${apiBase()}|${formatChannelId(p.channel)}`;
  if (mayHoldChunk(channel, key)) {
    const hit = await readKeptChunk(key);
    if (hit) return hit;
  }
  return fetchRsamFresh(p, signal, noteChunkKept(channel, key) ? { key, lastDay: p.to - (p.to % DAY_MS) } : undefined);
}

/**
 * Readies what the first RSAM chunk needs (the browser's cache open, a parse worker started) while
 * the view is still rendering: both would otherwise start only when that chunk is asked for.
 */
export function warmRsamLoad(): void {
  // The worker opens the cache as it starts.
  warmParsePool();
}

/**
 * RSAM of one channel over inclusive UTC days. Days before yesterday come from the browser's cache
 * when it has them (no request, no rate budget); today and yesterday are always asked again, as a
 * request of their own when the range spans both kinds.
 */
export async function fetchRsamDays(p: RsamParams, signal?: AbortSignal): Promise<RsamSeries> {
  const cutoff = lastCacheableDay(Date.now());
  const fromDay = p.from - (p.from % DAY_MS);
  const toDay = p.to - (p.to % DAY_MS);
  // No IndexedDB here (an old browser, some private modes): one request, as without a cache.
  if (typeof indexedDB === 'undefined' || fromDay > cutoff) return fetchRsamFresh(p, signal);
  if (toDay <= cutoff) return fetchRsamPast(p, signal);
  const [past, recent] = await Promise.all([
    fetchRsamPast({ ...p, to: cutoff }, signal),
    fetchRsamFresh({ ...p, from: cutoff + DAY_MS }, signal),
  ]);
  return joinRsam([past, recent]);
}

export const seismicQueries = {
  all: () => ['seismic'] as const,
  sites: () =>
    queryOptions({
      queryKey: ['seismic', 'sites'] as const,
      queryFn: ({ signal }) => fetchSeismicSites(signal),
      staleTime: 10 * 60_000,
    }),
  latest: () =>
    queryOptions({
      queryKey: ['seismic', 'latest'] as const,
      queryFn: ({ signal }) => fetchSeismicLatest(signal),
      staleTime: 60_000,
    }),
  dates: (ch: ChannelRef) =>
    queryOptions({
      queryKey: ['seismic', 'dates', formatChannelId(ch)] as const,
      queryFn: ({ signal }) => fetchSeismicDates(ch, signal),
      staleTime: 10 * 60_000,
    }),
  rsam: (p: RsamParams) =>
    // The key holds every parameter in its canonical wire form (channel id, UTC days).
    // eslint-disable-next-line @tanstack/query/exhaustive-deps
    queryOptions({
      queryKey: [
        'seismic',
        'rsam',
        formatChannelId(p.channel),
        formatSeismicDate(p.from),
        formatSeismicDate(p.to),
      ] as const,
      queryFn: ({ signal }) => fetchRsamDays(p, signal),
      staleTime: 60_000,
    }),
};
