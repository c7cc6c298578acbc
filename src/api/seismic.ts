/** Seismic RSAM endpoints (spec 01 §4.1–4.4) and their query option factories. */
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { formatChannelId, type ChannelRef } from '../domain/channel-id';
import { formatSeismicDate, parseDay, parseIsoUtcFast, type UtcMs } from '../domain/time';
import { apiBase } from './config-bases';
import { buildUrl, getJson, readJson, send, validate, validationError } from './http';

const channelSchema = z.object({
  network: z.string(),
  station: z.string(),
  location: z.string(),
  channel: z.string(),
});
const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a YYYY-MM-DD date'));

export const sitesResponseSchema = z.object({ channels: z.array(channelSchema), total: z.int() });
export const datesResponseSchema = z.object({
  dates: z.array(isoDay),
  network: z.string(),
  station: z.string(),
  channel: z.string(),
});
export const latestResponseSchema = z.object({
  channels: z.array(z.extend(channelSchema, { latest_date: isoDay })),
  total: z.int(),
});
/** The envelope is checked by schema; the points (up to 525,600 a year) by a tight loop below. */
export const rsamEnvelopeSchema = z.object({
  series: z
    .array(
      z.extend(channelSchema, {
        window_sec: z.int().check(z.positive()),
        // Only its being an array: z.array would walk every point once more before the loop does.
        points: z.custom<unknown[]>((v) => Array.isArray(v), 'must be an array'),
      }),
    )
    .check(z.length(1, 'must hold exactly one series')),
  datefrom: z.string(),
  dateto: z.string(),
});

export type SeismicChannel = z.infer<typeof channelSchema>;
export type LatestChannel = z.infer<typeof latestResponseSchema>['channels'][number];

/** One channel's RSAM in columnar form: times in unix seconds (uPlot's x), counts. */
export interface RsamSeries {
  channel: ChannelRef;
  windowSec: number;
  times: Float64Array;
  values: Float64Array;
}

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

/** Converts the parsed body into typed arrays, checking every point as it goes. */
export function toRsamSeries(body: unknown, url?: string): RsamSeries {
  const env = validate(rsamEnvelopeSchema, body, '/api/seismic/rsam', url);
  const s = env.series[0]!;
  const n = s.points.length;
  const times = new Float64Array(n);
  const values = new Float64Array(n);
  const bad = (i: number, field: string, msg: string) =>
    validationError('/api/seismic/rsam', `series[0].points[${i}]${field ? `.${field}` : ''}`, msg, url);
  for (let i = 0; i < n; i++) {
    const p = s.points[i] as { time?: unknown; rsam_counts?: unknown } | null;
    if (!p || typeof p !== 'object') throw bad(i, '', 'must be an object');
    if (typeof p.time !== 'string') throw bad(i, 'time', 'must be a string timestamp');
    const t = parseIsoUtcFast(p.time);
    if (Number.isNaN(t))
      throw bad(i, 'time', `must be an ISO 8601 UTC timestamp, got ${JSON.stringify(p.time).slice(0, 40)}`);
    if (typeof p.rsam_counts !== 'number' || !Number.isFinite(p.rsam_counts))
      throw bad(i, 'rsam_counts', `must be a number, got ${JSON.stringify(p.rsam_counts)?.slice(0, 40)}`);
    times[i] = t / 1000;
    values[i] = p.rsam_counts;
  }
  return {
    channel: { network: s.network, station: s.station, location: s.location, channel: s.channel },
    windowSec: s.window_sec,
    times,
    values,
  };
}

export async function fetchRsam(p: RsamParams, signal?: AbortSignal): Promise<RsamSeries> {
  const url = buildUrl(apiBase(), '/api/seismic/rsam', {
    network: p.channel.network,
    station: p.channel.station,
    channel: p.channel.channel,
    datefrom: formatSeismicDate(p.from),
    dateto: formatSeismicDate(p.to),
  });
  const res = await send({ endpoint: 'seismic.rsam', url, signal });
  const body = await readJson(res, 'seismic.rsam', signal);
  const series = toRsamSeries(body, url);
  // The service keys by network/station/channel only; keep the caller's location code.
  series.channel = { ...series.channel, location: p.channel.location || series.channel.location };
  return series;
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
      queryFn: ({ signal }) => fetchRsam(p, signal),
      staleTime: 60_000,
    }),
};
