/**
 * The legacy view's URL state, with the v1 API's parameter names (spec 02 §4.1), parsed and
 * serialised only here. Plus the mapping of a v1 query onto the v2 imagery view (spec 01 §9).
 */
import { LEGACY_MAX_LIMIT, SEARCH_TIME_RE, type LegacyQuery } from '../../api/legacy';
import { findCameraSite, findVolcano, IMAGE_TYPES, knownSiteTimeZone, type ImageType } from '../../domain/volcanoes';
import { DAY_MS, formatImageryDateTime, localIsoToUtc } from '../../domain/time';
import { parseWall, wallRangeToUtc } from '../../domain/local-time';
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

/** The zone v1 times are read in: the site's, or the volcano's when only vnum is given; null if unknown. */
export function legacyZone(site: string | undefined, vnum: number | undefined): string | null {
  if (site) return knownSiteTimeZone(site);
  const v = vnum === undefined ? undefined : findVolcano(vnum);
  return v?.cameraSites[0] ? knownSiteTimeZone(v.cameraSites[0].site) : null;
}

/** What the legacy view says about every v1 time it shows. */
export const V1_TIME_RULE =
  'v1 times are shown as the camera site’s local time, as the service writes them (no zone given by the service). The archive stores camera-clock time: v2 gives the same zone-less form for one site (spec 01 §2.4).';

/**
 * The same query in the v2 imagery view, asking for the same instants (spec 01 §9). The v1 times
 * are site-local walls; v2 takes an exact UTC range only without a single `site` (with one site at
 * freq=all it returns whole local days and ignores the time of day, spec 01 §4.5). So the link names
 * the volcano instead of the site when that camera is the volcano's only one of this type, and
 * converts the wall range to UTC; `zoneNote` says what was done.
 */
export function toImageryHref(p: LegacyParams): { href: string; zoneNote: string } {
  const sp = new URLSearchParams();
  sp.set('imageType', p.imageType);
  const vnum = p.site ? findCameraSite(p.site)?.vnum : p.vnum;
  const siblings =
    vnum === undefined ? [] : (findVolcano(vnum)?.cameraSites ?? []).filter((s) => s.imageTypes.includes(p.imageType));
  const keepSite = !!p.site && siblings.length > 1;
  if (keepSite && p.site) sp.set('site', p.site);
  if (vnum !== undefined) sp.set('vnum', String(vnum));
  const zone = legacyZone(p.site, vnum);
  const from = p.search_from ? parseWall(p.search_from) : null;
  const to = p.search_to ? parseWall(p.search_to) : null;
  const where = p.site ?? (vnum !== undefined ? findVolcano(vnum)?.name : undefined) ?? 'the site';
  if (zone === null) {
    return {
      href: `/imagery?${sp.toString()}`,
      zoneNote: `The zone of ${where} is unknown, so the v2 link carries no time range.`,
    };
  }
  // An open end stays open; the same wall stands in for it so the conversion has two ends.
  const span = wallRangeToUtc(zone, from ?? to ?? 0, to ?? from ?? 0);
  if (keepSite) {
    // v2 with this one site returns whole local days: name the days, and say the range widens.
    if (from !== null) sp.set('datefrom', formatImageryDateTime(Math.floor(from / DAY_MS) * DAY_MS));
    if (to !== null) sp.set('dateto', formatImageryDateTime(Math.floor(to / DAY_MS) * DAY_MS + DAY_MS - 1000));
    return {
      href: `/imagery?${sp.toString()}`,
      zoneNote: `v2 returns whole local days for one site of several, so the link asks for the local days of this range at ${p.site} (${zone}); times of day outside the v1 range are included.`,
    };
  }
  if (from !== null) sp.set('datefrom', formatImageryDateTime(span.start));
  if (to !== null) sp.set('dateto', formatImageryDateTime(span.end));
  const siteNote = p.site
    ? ` ${p.site} is the only ${p.imageType} camera of volcano ${vnum}, so v2 is asked by volcano number, which takes an exact UTC range.`
    : '';
  return {
    href: `/imagery?${sp.toString()}`,
    zoneNote: `The v1 times are read as ${where} local time (${zone}) and asked of v2 as the same instants in UTC.${siteNote}`,
  };
}
