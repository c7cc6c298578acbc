/**
 * The legacy view's URL state, with the v1 API's parameter names (spec 02 §4.1), parsed and
 * serialised only here. The same query in the v2 view is v2-links.ts.
 */
import { LEGACY_MAX_LIMIT, SEARCH_TIME_RE, type LegacyQuery } from '../../api/legacy';
import { findCameraSite, findVolcano, IMAGE_TYPES, type ImageType } from '../../domain/volcanoes';
import { localIsoToUtc } from '../../domain/time';
import { urlNotices } from '../../ui/use-url-state';

export type ResultsView = 'table' | 'thumbnails';
export const PAGE_SIZE = 100;

export interface LegacyParams {
  imageType: ImageType;
  site?: string;
  vnum?: number;
  search_from?: string;
  search_to?: string;
  limit?: number;
  view: ResultsView;
  page: number;
  /** Image id being looked up. */
  id?: string;
}

export const DEFAULT_PARAMS: LegacyParams = { imageType: 'infrared', view: 'table', page: 1 };

export interface ParsedLegacyParams {
  params: LegacyParams;
  notices: string[];
}

export function parseLegacyParams(sp: URLSearchParams): ParsedLegacyParams {
  const p: LegacyParams = { ...DEFAULT_PARAMS };
  const { notices, drop } = urlNotices();

  const type = sp.get('type');
  if (type !== null) {
    if ((IMAGE_TYPES as readonly string[]).includes(type)) p.imageType = type as ImageType;
    else drop('type', type, 'must be infrared or visible');
  }
  const vnum = sp.get('vnum');
  if (vnum !== null) {
    const n = /^\d+$/.test(vnum) ? Number(vnum) : NaN;
    if (findVolcano(n)) p.vnum = n;
    else drop('vnum', vnum, 'not a volcano number from the reference table');
  }
  const site = sp.get('site');
  if (site !== null) {
    const s = findCameraSite(site);
    if (!s) drop('site', site, 'not a camera site from the reference table');
    else if (p.vnum !== undefined && s.vnum !== p.vnum)
      drop('site', site, `site ${site} does not belong to volcano ${p.vnum}`);
    else {
      p.site = s.site;
      p.vnum = s.vnum;
    }
  }
  for (const name of ['search_from', 'search_to'] as const) {
    const v = sp.get(name);
    if (v === null) continue;
    if (SEARCH_TIME_RE.test(v) && localIsoToUtc(v, 'UTC') !== null) p[name] = v;
    else drop(name, v, 'must be a real date and time written yyyy-mm-ddThh:mm');
  }
  const limit = sp.get('limit');
  if (limit !== null) {
    const n = /^\d+$/.test(limit) ? Number(limit) : NaN;
    if (n >= 1 && n <= LEGACY_MAX_LIMIT) p.limit = n;
    else drop('limit', limit, `must be a whole number from 1 to ${LEGACY_MAX_LIMIT}`);
  }
  const view = sp.get('view');
  if (view !== null) {
    if (view === 'table' || view === 'thumbnails') p.view = view;
    else drop('view', view, 'must be table or thumbnails');
  }
  const page = sp.get('page');
  if (page !== null) {
    const n = /^\d+$/.test(page) ? Number(page) : NaN;
    if (n >= 1 && n <= 10_000) p.page = n;
    else drop('page', page, 'must be a page number');
  }
  const id = sp.get('id');
  if (id !== null) {
    if (/^[\w.-]{1,200}$/.test(id)) p.id = id;
    else drop('id', id, 'an image id has only letters, digits, “_”, “-” and “.”');
  }
  return { params: p, notices };
}

export function serializeLegacyParams(p: LegacyParams): URLSearchParams {
  const sp = new URLSearchParams();
  sp.set('type', p.imageType);
  if (p.site) sp.set('site', p.site);
  else if (p.vnum !== undefined) sp.set('vnum', String(p.vnum));
  if (p.search_from) sp.set('search_from', p.search_from);
  if (p.search_to) sp.set('search_to', p.search_to);
  if (p.limit !== undefined) sp.set('limit', String(p.limit));
  if (p.view !== DEFAULT_PARAMS.view) sp.set('view', p.view);
  if (p.page !== 1) sp.set('page', String(p.page));
  if (p.id) sp.set('id', p.id);
  return sp;
}

/** Whether the address holds a query at all (a first visit shows only the form). */
export function hasQuery(sp: URLSearchParams): boolean {
  return ['site', 'vnum', 'search_from', 'search_to', 'limit'].some((k) => sp.has(k));
}

export function toLegacyQuery(p: LegacyParams): LegacyQuery {
  return {
    imageType: p.imageType,
    site: p.site,
    vnum: p.site ? findCameraSite(p.site)?.vnum : p.vnum,
    search_from: p.search_from,
    search_to: p.search_to,
    limit: p.limit,
  };
}

/**
 * What the legacy view says about every v1 time it shows. The zone is not documented (spec 02 §2,
 * §4.1), so times are shown as written; the site-local reading is offered only as an assumption.
 */
export const V1_TIME_RULE =
  'The v1 service gives its times without a zone (spec 02 §2), so they are shown exactly as written. The table’s “If site-local, in UTC” column is an assumption, not the service’s word: each time read as the camera site’s local time, which is what v2’s own zone-less times are (spec 01 §2.4).';
