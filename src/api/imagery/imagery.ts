/** Imagery v2 endpoints (spec 01 §4.5–4.7) and their query option factories. */
import { queryOptions } from '@tanstack/react-query';
import { knownSiteTimeZone } from '../../domain/volcanoes';
import { resolveLocalIso } from '../../domain/local-time';
import { learnFromAnswer } from './learned-zones';
import { orderByInstant } from './instant-order';
import { fetchUtcWindow, isUtcWindow } from './utc-window';
import { formatImageryDateTime, parseIsoUtcFast } from '../../domain/time';
import { apiBase } from '../hosts';
import { getJson } from '../decode/json-body';
import { validationError } from '../decode/validate';
import { buildUrl } from '../http/url';
import {
  type DownloadEstimate,
  type ImageRecord,
  type ImageTimestamp,
  type ImageryPage,
  type ImageryQuery,
  type Order,
  estimateSchema,
  imageryResponseSchema,
} from './imagery-shapes';

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

export function imageryServiceUrl(q: ImageryQuery, extra: Record<string, string | undefined> = {}): string {
  return buildUrl(apiBase(), '/api/imagery/q', { ...imageryParams(q), ...extra });
}

/** One answer, its records' timestamps parsed (not yet read from evidence); teaches the ids' zone. */
async function fetchAnswer(q: ImageryQuery, signal?: AbortSignal): Promise<ImageryPage> {
  const url = imageryServiceUrl(q);
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

/** The page in UTC order (instant-order.ts), marked when that is not the answer's order. */
function inUtcOrder(page: ImageryPage, order: Order): ImageryPage {
  const { results, reordered } = orderByInstant(page.results, order);
  return reordered ? { ...page, results, reordered } : page;
}

/**
 * A page of images, each repeated-hour time read from the evidence, in UTC order. Where only the
 * ids' zone could decide one and it is not known yet, one small query with `Z` times
 * (answer-times.ts) is asked first; if it fails, the times stay undecided and the page is shown all
 * the same.
 */
export async function fetchImagery(q: ImageryQuery, signal?: AbortSignal): Promise<ImageryPage> {
  if (isUtcWindow(q)) return fetchUtcWindow(q, (day) => fetchImagery(day, signal));
  const page = await fetchAnswer(q, signal);
  const order = q.order ?? 'desc';
  if (!page.results.some((r) => r.time.kind === 'site-local' && r.time.ambiguous)) return inUtcOrder(page, order);
  const { idFieldsProbe, resolveAnswerTimes } = await import('./answer-times');
  const probe = idFieldsProbe(resolveAnswerTimes(page.results, order));
  if (probe)
    try {
      await fetchAnswer(probe, signal);
    } catch (e) {
      if (signal?.aborted) throw e;
    }
  return inUtcOrder({ ...page, results: resolveAnswerTimes(page.results, order) }, order);
}

/** Estimates download=true for the same filters: all matching images, so page and limit are left out. */
export async function fetchDownloadEstimate(q: ImageryQuery, signal?: AbortSignal): Promise<DownloadEstimate> {
  const { page: _p, limit: _l, ...rest } = q;
  void _p;
  void _l;
  const url = imageryServiceUrl(rest, { download: 'estimate' });
  return getJson({ endpoint: 'imagery.q', url, signal, schema: estimateSchema });
}

export const imageryQueries = {
  all: () => ['imagery'] as const,
  page: (q: ImageryQuery) =>
    queryOptions({
      queryKey: ['imagery', 'q', imageryParams(q), isUtcWindow(q) ? 'utc-window' : null] as const,
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
