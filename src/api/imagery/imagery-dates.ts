/**
 * Tolerant readers for GET /api/imagery/dates and /api/imagery/dates/range, whose bodies spec 01
 * §4.6–4.7 does not show. Instead of one guessed shape, they look for what the filter form needs
 * (the days per site and image type; the first and last day per image type) wherever a reasonable
 * service would put it: keyed by site, nested by image type, arrays of rows, wrapped in
 * `data`/`results`/`dates`, days as `YYYY-MM-DD`, `YYYYMMDD` or a full timestamp. A body where
 * nothing is found is unreadable: the caller shows "availability unknown" and blocks nothing.
 */
import { queryOptions } from '@tanstack/react-query';
import { CAMERA_SITES, IMAGE_TYPES, type ImageType } from '../../domain/volcanoes';
import { apiBase } from '../hosts';
import type { EndpointKey } from '../endpoints';
import { ENDPOINT_LABELS } from '../endpoints';
import { fetchJson } from '../decode/json-body';
import { validationError } from '../decode/validate';
import { buildUrl } from '../http/url';

export interface SiteDates {
  site: string;
  vnum: number | null;
  /** `YYYY-MM-DD` UTC days, ascending, unique. */
  dates: string[];
}

export interface ImageryDates {
  imageType: string;
  sites: SiteDates[];
}

export interface TypeRange {
  min_date: string | null;
  max_date: string | null;
}

export type ImageryDatesRange = Record<string, TypeRange>;

export class UnreadableDatesError extends Error {
  constructor(what: string) {
    super(`no ${what} found in any shape this app can read`);
    this.name = 'UnreadableDatesError';
  }
}

const SITE_FIELDS = ['site', 'site_code', 'siteCode', 'camera', 'station'];
const TYPE_FIELDS = ['image_type', 'imageType', 'type'];
const DATE_FIELDS = ['date', 'day', 'image_date', 'imageDate'];
const MIN_FIELDS = ['min_date', 'minDate', 'min', 'first', 'first_date', 'start', 'from', 'earliest'];
const MAX_FIELDS = ['max_date', 'maxDate', 'max', 'last', 'last_date', 'end', 'to', 'latest'];

/** A UTC day as `YYYY-MM-DD`, from `YYYY-MM-DD…`, `YYYYMMDD…` or `YYYY/MM/DD`; null otherwise. */
export function normaliseDay(v: unknown): string | null {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  const s = String(v).trim();
  const m = /^(\d{4})-?(\d{2})-?(\d{2})(?:$|[T\s_]|\d{6}$|\d{4}$)/.exec(s) ?? /^(\d{4})\/(\d{2})\/(\d{2})/.exec(s);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

const isType = (k: string): k is ImageType => (IMAGE_TYPES as readonly string[]).includes(k.toLowerCase());
const KNOWN_SITES = new Set(CAMERA_SITES.map((s) => s.site));
/** Site codes are upper-case (RKPI, VPMI); wrapper keys (`data`, `sites`) are lower-case. */
const isSiteKey = (k: string) => KNOWN_SITES.has(k.toUpperCase()) || /^[A-Z][A-Z0-9]{2,7}$/.test(k);
const pick = (o: Record<string, unknown>, names: string[]): unknown => {
  for (const n of names) if (o[n] !== undefined && o[n] !== null) return o[n];
  return undefined;
};
const asString = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

interface Ctx {
  site?: string | undefined;
  type?: string | undefined;
}

function walkDates(
  node: unknown,
  ctx: Ctx,
  add: (site: string | undefined, type: string | undefined, day: string) => void,
) {
  if (Array.isArray(node)) {
    for (const item of node) walkDates(item, ctx, add);
    return;
  }
  if (node === null || typeof node !== 'object') {
    const day = normaliseDay(node);
    if (day) add(ctx.site, ctx.type, day);
    return;
  }
  const o = node as Record<string, unknown>;
  const site = asString(pick(o, SITE_FIELDS));
  const type = asString(pick(o, TYPE_FIELDS));
  const here: Ctx = {
    site: site?.toUpperCase() ?? ctx.site,
    type: type && isType(type) ? type.toLowerCase() : ctx.type,
  };
  const day = normaliseDay(pick(o, DATE_FIELDS));
  if (day) add(here.site, here.type, day);
  for (const [k, v] of Object.entries(o)) {
    if ([...SITE_FIELDS, ...TYPE_FIELDS, ...DATE_FIELDS].includes(k)) continue;
    if (isType(k)) walkDates(v, { ...here, type: k.toLowerCase() }, add);
    else if (isSiteKey(k)) walkDates(v, { ...here, site: k.toUpperCase() }, add);
    else if (v !== null && typeof v === 'object') walkDates(v, here, add);
  }
}

/** `[]`, `{}` or `{dates: []}`: an answer saying "nothing", as opposed to one we cannot read. */
function isEmptyContainer(body: unknown): boolean {
  if (Array.isArray(body)) return body.every(isEmptyContainer);
  if (body && typeof body === 'object') return Object.values(body).every(isEmptyContainer);
  return false;
}

/** Days per site of `imageType` from any reasonable body; `site` names days given without a site. */
export function readImageryDates(body: unknown, imageType: string, site?: string): ImageryDates {
  const bySite = new Map<string, Set<string>>();
  let found = 0;
  walkDates(body, {}, (s, t, day) => {
    found++;
    if (t && t !== imageType.toLowerCase()) return;
    const who = s ?? site?.toUpperCase();
    if (!who) return;
    let set = bySite.get(who);
    if (!set) bySite.set(who, (set = new Set()));
    set.add(day);
  });
  if (!found && !isEmptyContainer(body)) throw new UnreadableDatesError('dates');
  const sites = [...bySite].map(([s, days]) => ({
    site: s,
    vnum: CAMERA_SITES.find((c) => c.site === s)?.vnum ?? null,
    dates: [...days].sort(),
  }));
  return { imageType, sites };
}

function walkRanges(node: unknown, ctx: Ctx, add: (type: string, min: string | null, max: string | null) => void) {
  if (Array.isArray(node)) {
    // A list of days under a type: its first and last are the range.
    const days = node.map(normaliseDay).filter((d): d is string => !!d);
    if (days.length && ctx.type)
      add(
        ctx.type,
        days.reduce((a, b) => (a < b ? a : b)),
        days.reduce((a, b) => (a > b ? a : b)),
      );
    else for (const item of node) walkRanges(item, ctx, add);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  const type = asString(pick(o, TYPE_FIELDS));
  const here: Ctx = { type: type && isType(type) ? type.toLowerCase() : ctx.type };
  const min = normaliseDay(pick(o, MIN_FIELDS));
  const max = normaliseDay(pick(o, MAX_FIELDS));
  if (here.type && (min || max)) add(here.type, min, max);
  for (const [k, v] of Object.entries(o)) {
    if ([...TYPE_FIELDS, ...MIN_FIELDS, ...MAX_FIELDS].includes(k)) continue;
    if (isType(k)) walkRanges(v, { type: k.toLowerCase() }, add);
    else if (v !== null && typeof v === 'object') walkRanges(v, here, add);
  }
}

/** First and last day per image type from any reasonable body. */
export function readImageryDatesRange(body: unknown): ImageryDatesRange {
  const out: ImageryDatesRange = {};
  let found = 0;
  walkRanges(body, {}, (type, min, max) => {
    found++;
    const r = (out[type] ??= { min_date: null, max_date: null });
    if (min && (!r.min_date || min < r.min_date)) r.min_date = min;
    if (max && (!r.max_date || max > r.max_date)) r.max_date = max;
  });
  if (!found && !isEmptyContainer(body)) throw new UnreadableDatesError('date ranges');
  return out;
}

/** GET + JSON + a tolerant reader; nothing found becomes a validation error naming the endpoint. */
export async function readTolerantly<T>(
  endpoint: EndpointKey,
  url: string,
  signal: AbortSignal | undefined,
  read: (body: unknown) => T,
): Promise<T> {
  const body = await fetchJson({ endpoint, url, signal });
  try {
    return read(body);
  } catch (e) {
    if (e instanceof UnreadableDatesError)
      throw validationError(ENDPOINT_LABELS[endpoint], '(body)', e.message, url, body);
    throw e;
  }
}

export async function fetchImageryDates(imageType: ImageType, site?: string, signal?: AbortSignal) {
  const url = buildUrl(apiBase(), '/api/imagery/dates', { imageType, site });
  return readTolerantly('imagery.dates', url, signal, (b) => readImageryDates(b, imageType, site));
}

export async function fetchImageryDatesRange(signal?: AbortSignal) {
  const url = buildUrl(apiBase(), '/api/imagery/dates/range');
  return readTolerantly('imagery.datesRange', url, signal, readImageryDatesRange);
}

/** Served with `Cache-Control: public, max-age=86400` (spec 01 §4.6–4.7): cache for a day. */
const DAY = 86_400_000;

/**
 * The archive's days, for the imagery filter form. Apart from `imageryQueries` (imagery.ts) so the
 * views that only list images (volcano, wall) do not load these readers; the keys sit under
 * `imageryQueries.all()` all the same.
 */
export const imageryDateQueries = {
  dates: (imageType: ImageType, site?: string) =>
    queryOptions({
      queryKey: ['imagery', 'dates', imageType, site ?? null] as const,
      queryFn: ({ signal }) => fetchImageryDates(imageType, site, signal),
      staleTime: DAY,
      gcTime: DAY,
    }),
  datesRange: () =>
    queryOptions({
      queryKey: ['imagery', 'dates-range'] as const,
      queryFn: ({ signal }) => fetchImageryDatesRange(signal),
      staleTime: DAY,
      gcTime: DAY,
    }),
};
