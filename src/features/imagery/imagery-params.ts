/**
 * The imagery view's URL state, with the API's own parameter names (spec 01 §4.5), so a shared
 * link reads like the request it makes. Parsed and serialised only here.
 */
import type { Freq, ImageryQuery } from '../../api/imagery/imagery';
import { FREQS } from '../../api/imagery/imagery';
import { findCameraSite, findVolcano, IMAGE_TYPES, type ImageType } from '../../domain/volcanoes';
import { formatImageryDateTime, parseImageryDateTime } from '../../domain/time';
import { urlNotices } from '../../ui/use-url-state';

export const BOOL_FILTERS = ['is_empty', 'is_night', 'is_degraded', 'low_visibility'] as const;
export type BoolFilter = (typeof BOOL_FILTERS)[number];

/**
 * Everything the view sends to /api/imagery/q: the API's own query, with the parameters the view
 * always sends (it shows them as chosen controls) required; the others absent = the service's default.
 */
export type ImageryFilters = ImageryQuery &
  Required<Pick<ImageryQuery, 'imageType' | 'freq' | 'order' | 'page' | 'limit'>>;

export const DEFAULT_FILTERS: ImageryFilters = {
  imageType: 'infrared',
  freq: 'all',
  order: 'desc',
  page: 1,
  limit: 100,
};

export const MAX_LIMIT = 200;

export interface ParsedParams {
  filters: ImageryFilters;
  /** One sentence per dropped value, shown to the user. */
  notices: string[];
}

const intIn = (s: string, min: number, max: number): number | null => {
  if (!/^\d+$/.test(s)) return null;
  const n = Number(s);
  return n >= min && n <= max ? n : null;
};

/** Every parameter this view reads; anything else in a hand-written link is named, not silently lost. */
const KNOWN = new Set<string>([
  'imageType',
  'vnum',
  'site',
  'datefrom',
  'dateto',
  'freq',
  'order',
  'page',
  'limit',
  ...BOOL_FILTERS,
]);

export function parseImageryParams(sp: URLSearchParams): ParsedParams {
  const f: ImageryFilters = { ...DEFAULT_FILTERS };
  const { notices, drop } = urlNotices();
  for (const key of new Set(sp.keys())) if (!KNOWN.has(key)) drop(key, sp.get(key) ?? '', 'not a setting of this view');

  const imageType = sp.get('imageType');
  if (imageType !== null) {
    if ((IMAGE_TYPES as readonly string[]).includes(imageType)) f.imageType = imageType as ImageType;
    else drop('imageType', imageType, 'must be infrared or visible');
  }
  const vnum = sp.get('vnum');
  if (vnum !== null) {
    const n = /^\d+$/.test(vnum) ? Number(vnum) : NaN;
    const v = findVolcano(n);
    if (!v) drop('vnum', vnum, 'not a volcano number from the reference table');
    else if (!v.cameraSites.some((c) => c.imageTypes.includes(f.imageType)))
      drop('vnum', vnum, `volcano ${n} has no ${f.imageType} camera in the reference table`);
    else f.vnum = n;
  }
  const site = sp.get('site');
  if (site !== null) {
    const s = findCameraSite(site);
    if (!s) drop('site', site, 'not a camera site from the reference table');
    else if (!s.imageTypes.includes(f.imageType))
      drop('site', site, `site ${s.site} has no ${f.imageType} camera in the reference table`);
    else if (f.vnum !== undefined && s.vnum !== f.vnum)
      drop('site', site, `site ${site} does not belong to volcano ${f.vnum}`);
    else {
      f.site = s.site;
      f.vnum = s.vnum;
    }
  }
  for (const [name, key] of [
    ['datefrom', 'from'],
    ['dateto', 'to'],
  ] as const) {
    const v = sp.get(name);
    if (v === null) continue;
    const t = parseImageryDateTime(v);
    if (t === null) drop(name, v, 'must be a UTC date-time yyyymmddhhmmss');
    else f[key] = t;
  }
  if (f.from !== undefined && f.to !== undefined && f.from > f.to) {
    drop('dateto', formatImageryDateTime(f.to), 'it is before datefrom');
    delete f.to;
  }
  for (const name of BOOL_FILTERS) {
    const v = sp.get(name);
    if (v === null) continue;
    if (v === 'true' || v === 'false') f[name] = v === 'true';
    else drop(name, v, 'must be true or false');
  }
  const freq = sp.get('freq');
  if (freq !== null) {
    if ((FREQS as readonly string[]).includes(freq)) f.freq = freq as Freq;
    else drop('freq', freq, 'must be all, minutely, hourly or daily');
  }
  const order = sp.get('order');
  if (order !== null) {
    if (order === 'asc' || order === 'desc') f.order = order;
    else drop('order', order, 'must be asc or desc');
  }
  const page = sp.get('page');
  if (page !== null) {
    const n = intIn(page, 1, Number.MAX_SAFE_INTEGER);
    if (n === null) drop('page', page, 'must be a whole number from 1');
    else f.page = n;
  }
  const limit = sp.get('limit');
  if (limit !== null) {
    // A whole number outside 1–200 is kept and sent: the form marks it, and the service's own 422
    // appears beside the field (spec 01 §7), so a hand-edited link shows exactly what is wrong.
    const n = /^\d{1,6}$/.test(limit) ? Number(limit) : null;
    if (n === null) drop('limit', limit, `must be a whole number from 1 to ${MAX_LIMIT}`);
    else f.limit = n;
  }
  return { filters: f, notices };
}

/** Inverse of parse; defaults are left out so links stay short. */
export function serializeImageryParams(f: ImageryFilters): URLSearchParams {
  const sp = new URLSearchParams();
  sp.set('imageType', f.imageType);
  if (f.site) sp.set('site', f.site);
  if (f.vnum !== undefined) sp.set('vnum', String(f.vnum));
  if (f.from !== undefined) sp.set('datefrom', formatImageryDateTime(f.from));
  if (f.to !== undefined) sp.set('dateto', formatImageryDateTime(f.to));
  if (f.freq !== DEFAULT_FILTERS.freq) sp.set('freq', f.freq);
  if (f.order !== DEFAULT_FILTERS.order) sp.set('order', f.order);
  if (f.page !== 1) sp.set('page', String(f.page));
  if (f.limit !== DEFAULT_FILTERS.limit) sp.set('limit', String(f.limit));
  for (const name of BOOL_FILTERS) if (f[name] !== undefined) sp.set(name, String(f[name]));
  return sp;
}

export function toImageryQuery(f: ImageryFilters, page = f.page): ImageryQuery {
  return {
    imageType: f.imageType,
    site: f.site,
    vnum: f.vnum,
    from: f.from,
    to: f.to,
    is_empty: f.is_empty,
    is_night: f.is_night,
    is_degraded: f.is_degraded,
    low_visibility: f.low_visibility,
    freq: f.freq,
    order: f.order,
    page,
    limit: f.limit,
  };
}

/**
 * Combinations the service refuses with 400 (spec 01 §7), keyed by the parameter the message
 * belongs beside. The form blocks submission while any is present.
 */
export function filterConflicts(
  f: Pick<ImageryFilters, 'imageType' | 'is_night' | 'is_degraded' | 'freq' | 'site'>,
): Partial<Record<'is_night' | 'is_degraded' | 'freq', string>> {
  const out: Partial<Record<'is_night' | 'is_degraded' | 'freq', string>> = {};
  if (f.is_night !== undefined && f.imageType === 'infrared')
    out.is_night =
      'Day/night applies to visible images only; the service refuses it with infrared. Set it to “Any” or switch to visible.';
  if (f.is_degraded !== undefined && f.imageType === 'visible')
    out.is_degraded =
      'Degraded quality applies to infrared images only; the service refuses it with visible. Set it to “Any” or switch to infrared.';
  if (f.freq !== 'all' && !f.site) out.freq = `Sampling ${f.freq} needs one camera site: choose a site, or use “all”.`;
  return out;
}

/** Maps a 400's detail text to the parameter it is about, when it names one. */
export function fieldForDetail(detail: string): string | null {
  const names = [
    'is_night',
    'is_degraded',
    'imageType',
    'datefrom',
    'dateto',
    'limit',
    'page',
    'freq',
    'site',
    'vnum',
    'order',
  ];
  for (const n of names) if (new RegExp(`\\b${n}\\b`, 'i').test(detail)) return n;
  return null;
}
