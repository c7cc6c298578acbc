/** Imagery v2 endpoints (spec 01 §4.5–4.7) and their query option factories. */
import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { int } from '../decode/schema-parts';
import { knownSiteTimeZone, type ImageType } from '../../domain/volcanoes';
import { resolveLocalIso } from '../../domain/local-time';
import type { EvidenceKind } from '../../domain/local-time-evidence';
import { learnFromAnswer } from './learned-zones';
import { formatImageryDateTime, parseIsoUtcFast, type UtcMs } from '../../domain/time';
import { apiBase } from '../hosts';
import { getJson } from '../decode/json-body';
import { validationError } from '../decode/validate';
import { buildUrl } from '../http/url';

export type Freq = 'all' | 'minutely' | 'hourly' | 'daily';
export type Order = 'asc' | 'desc';
export const FREQS: readonly Freq[] = ['all', 'minutely', 'hourly', 'daily'];

/** Parameters of GET /api/imagery/q (spec 01 §4.5); absent = the service's default. */
export interface ImageryQuery {
  imageType?: ImageType;
  limit?: number;
  page?: number;
  /** One site, or several (sent comma-separated). */
  site?: string;
  vnum?: number;
  from?: UtcMs;
  to?: UtcMs;
  is_empty?: boolean;
  is_night?: boolean;
  is_degraded?: boolean;
  low_visibility?: boolean;
  freq?: Freq;
  order?: Order;
}

/**
 * Capture time, kept as one of two types so they cannot be mixed (spec 01 §2.4): site-local
 * wall time without `Z` (freq=all with one site) or a UTC instant with `Z` (every other query).
 */
export type ImageTimestamp =
  | { kind: 'utc'; utcMs: UtcMs; raw: string }
  | {
      kind: 'site-local';
      local: string;
      zone: string;
      utcMs: UtcMs;
      raw: string;
      /** The site is not in the reference table or config: `zone`/`utcMs` are a UTC guess, never shown as local. */
      zoneUnknown?: true;
      /**
       * The wall time falls in a fall-back hour, so it names two instants: the first pass's and
       * `later`. `utcMs` is the one the answer's evidence chose (`resolvedBy`), else the earlier.
       */
      ambiguous?: true;
      /** With `ambiguous`: the second pass's instant. */
      later?: UtcMs;
      /** With `ambiguous`: what decided `utcMs` (answer-times.ts); absent while undecided. */
      resolvedBy?: EvidenceKind;
      /** Undecided, but made within minutes of the second pass: that one is the likelier. */
      likelyLater?: true;
      /**
       * The zone's rules, as this browser has them, skip this wall time (a spring-forward gap): the
       * service's rules differ from the browser's. `utcMs` reads it as after the jump, for order only.
       */
      nonexistent?: true;
    };

export const imageRecordSchema = v.object({
  image_id: v.pipe(v.string(), v.minLength(1)),
  image_url: v.pipe(
    v.string(),
    v.check((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL'),
  ),
  vnum: int,
  site: v.string(),
  timestamp: v.string(),
  image_type: v.picklist(['infrared', 'visible']),
  frame: v.optional(v.nullable(int)),
  file_format: v.optional(v.nullable(v.string())),
  created_at: v.optional(v.nullable(v.string())),
  updated_at: v.optional(v.nullable(v.string())),
  // No flag fields (spec 01 §2.4): a frame's flags are learned with filtered queries (image-flags.ts).
});

export const paginationSchema = v.object({
  page: int,
  limit: int,
  total_count: int,
  total_pages: int,
  has_prev: v.boolean(),
  has_next: v.boolean(),
  prev_page: v.nullable(int),
  next_page: v.nullable(int),
  count: int,
});

export const imageryResponseSchema = v.object({
  results: v.array(imageRecordSchema),
  pagination: paginationSchema,
  query: v.record(v.string(), v.unknown()),
});

export const estimateSchema = v.object({
  total_images: int,
  estimated_size_mb: v.number(),
  estimated_time_seconds: v.number(),
  warning: v.nullable(v.string()),
  suggestion: v.nullable(v.string()),
});

export type ImageRecordRaw = v.InferOutput<typeof imageRecordSchema>;
export type Pagination = v.InferOutput<typeof paginationSchema>;
export type DownloadEstimate = v.InferOutput<typeof estimateSchema>;

export interface ImageRecord extends Omit<ImageRecordRaw, 'timestamp'> {
  time: ImageTimestamp;
}

export interface ImageryPage {
  results: ImageRecord[];
  pagination: Pagination;
  query: Record<string, unknown>;
}

/** Interprets a record's timestamp: `Z` (or an offset) = UTC; no suffix = the site's local time. */
export function parseImageTimestamp(raw: string, site: string): ImageTimestamp | null {
  if (/[zZ]$/.test(raw)) {
    const t = parseIsoUtcFast(raw.replace(/z$/, 'Z'));
    const utcMs = Number.isNaN(t) ? Date.parse(raw) : t;
    return Number.isNaN(utcMs) ? null : { kind: 'utc', utcMs, raw };
  }
  if (/[+-]\d{2}:?\d{2}$/.test(raw)) {
    const utcMs = Date.parse(raw);
    return Number.isNaN(utcMs) ? null : { kind: 'utc', utcMs, raw };
  }
  const known = knownSiteTimeZone(site);
  const zone = known ?? 'UTC';
  const r = resolveLocalIso(raw, zone);
  if (r === null) return null;
  // A wall time the zone skips by the browser's rules can still come from the service (its zone data
  // may differ, as when Chile moved a change in 2022): kept, placed after the jump, and said so.
  return {
    kind: 'site-local',
    local: raw.slice(0, 19),
    zone,
    utcMs: r.kind === 'nonexistent' ? r.shifted : r.utcMs,
    raw,
    ...(known === null ? { zoneUnknown: true as const } : {}),
    ...(r.kind === 'ambiguous' ? { ambiguous: true as const, later: r.later } : {}),
    ...(r.kind === 'nonexistent' ? { nonexistent: true as const } : {}),
  };
}

export function imageryParams(q: ImageryQuery): Record<string, string | number | boolean | undefined> {
  return {
    imageType: q.imageType,
    limit: q.limit,
    page: q.page,
    site: q.site,
    vnum: q.vnum,
    datefrom: q.from === undefined ? undefined : formatImageryDateTime(q.from),
    dateto: q.to === undefined ? undefined : formatImageryDateTime(q.to),
    is_empty: q.is_empty,
    is_night: q.is_night,
    is_degraded: q.is_degraded,
    low_visibility: q.low_visibility,
    freq: q.freq,
    order: q.order,
  };
}

export function imageryUrl(q: ImageryQuery, extra: Record<string, string | undefined> = {}): string {
  return buildUrl(apiBase(), '/api/imagery/q', { ...imageryParams(q), ...extra });
}

/** One answer, its records' timestamps parsed (not yet read from evidence); teaches the ids' zone. */
async function fetchAnswer(q: ImageryQuery, signal?: AbortSignal): Promise<ImageryPage> {
  const url = imageryUrl(q);
  const body = await getJson({ endpoint: 'imagery.q', url, signal, schema: imageryResponseSchema });
  const results = body.results.map((r, i): ImageRecord => {
    const time = parseImageTimestamp(r.timestamp, r.site);
    if (!time)
      throw validationError(
        '/api/imagery/q',
        `results[${i}].timestamp`,
        `is not an ISO 8601 time (${JSON.stringify(r.timestamp).slice(0, 40)})`,
        url,
      );
    const { timestamp: _ignored, ...rest } = r;
    void _ignored;
    return { ...rest, time };
  });
  learnFromAnswer(results);
  return { results, pagination: body.pagination, query: body.query };
}

/**
 * A page of images, each repeated-hour time read from the evidence. Where only the ids' zone could
 * decide one and it is not known yet, one small query with `Z` times (answer-times.ts) is asked
 * first; if it fails, the times stay undecided and the page is shown all the same.
 */
export async function fetchImagery(q: ImageryQuery, signal?: AbortSignal): Promise<ImageryPage> {
  const page = await fetchAnswer(q, signal);
  if (!page.results.some((r) => r.time.kind === 'site-local' && r.time.ambiguous)) return page;
  const { idFieldsProbe, resolveAnswerTimes } = await import('./answer-times');
  const order = q.order ?? 'desc';
  const probe = idFieldsProbe(resolveAnswerTimes(page.results, order));
  if (probe)
    try {
      await fetchAnswer(probe, signal);
    } catch (e) {
      if (signal?.aborted) throw e;
    }
  return { ...page, results: resolveAnswerTimes(page.results, order) };
}

/** Estimates download=true for the same filters: all matching images, so page and limit are left out. */
export async function fetchDownloadEstimate(q: ImageryQuery, signal?: AbortSignal): Promise<DownloadEstimate> {
  const { page: _p, limit: _l, ...rest } = q;
  void _p;
  void _l;
  const url = imageryUrl(rest, { download: 'estimate' });
  return getJson({ endpoint: 'imagery.q', url, signal, schema: estimateSchema });
}

export const imageryQueries = {
  all: () => ['imagery'] as const,
  page: (q: ImageryQuery) =>
    queryOptions({
      queryKey: ['imagery', 'q', imageryParams(q)] as const,
      queryFn: ({ signal }) => fetchImagery(q, signal),
      staleTime: 60_000,
    }),
  estimate: (q: ImageryQuery) =>
    queryOptions({
      queryKey: ['imagery', 'estimate', imageryParams({ ...q, page: undefined, limit: undefined })] as const,
      queryFn: ({ signal }) => fetchDownloadEstimate(q, signal),
      staleTime: 60_000,
    }),
};
