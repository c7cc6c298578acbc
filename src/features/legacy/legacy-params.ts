/**
 * The legacy view's URL state, with the v1 API's parameter names (spec 02 §4.1). The same query in
 * the v2 view is v2-links.ts.
 */
import { t } from '@lingui/core/macro';
import * as v from 'valibot';
import { LEGACY_MAX_LIMIT, SEARCH_TIME_RE, type LegacyQuery } from '../../api/legacy';
import { findCameraSite, findVolcano, IMAGE_TYPES, type ImageType } from '../../domain/volcanoes';
import { localIsoToUtc } from '../../domain/time';
import { oneOf, param, parsedWith, wholeNumber, type OneParam, type UrlSchema } from '../../ui/url-schema';

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

const searchTime = param<string | undefined>(
  parsedWith(
    (s) => (SEARCH_TIME_RE.test(s) && localIsoToUtc(s, 'UTC') !== null ? s : null),
    () => t`must be a real date and time written yyyy-mm-ddThh:mm`,
  ),
  undefined,
);

export const legacyUrl: UrlSchema<LegacyParams> = {
  params: {
    imageType: param(oneOf(IMAGE_TYPES), 'infrared', { key: 'type', always: true }),
    site: param(
      parsedWith(
        (s) => findCameraSite(s)?.site ?? null,
        () => t`not a camera site from the reference table`,
      ),
      undefined,
    ),
    // Asked by site, the volcano is the site's: written only without one.
    vnum: {
      schema: parsedWith(
        (s) => (/^\d+$/.test(s) ? (findVolcano(Number(s))?.vnum ?? null) : null),
        () => t`not a volcano number from the reference table`,
      ),
      default: undefined,
      serialize: (n, p) => (p.site ? undefined : String(n)),
    } satisfies OneParam<number | undefined, LegacyParams>,
    search_from: searchTime,
    search_to: searchTime,
    limit: param<number | undefined>(
      wholeNumber(1, LEGACY_MAX_LIMIT, () => t`must be a whole number from 1 to ${LEGACY_MAX_LIMIT}`),
      undefined,
    ),
    view: param(oneOf(['table', 'thumbnails']), 'table'),
    page: param(
      wholeNumber(1, 10_000, () => t`must be a page number`),
      1,
    ),
    id: param<string | undefined>(
      v.pipe(
        v.string(),
        v.regex(/^[\w.-]{1,200}$/, () => t`an image id has only letters, digits, “_”, “-” and “.”`),
      ),
      undefined,
    ),
  },
  check(p, { drop }) {
    const site = p.site === undefined ? undefined : findCameraSite(p.site);
    const siteName = site?.site ?? '';
    const vnum = p.vnum;
    if (site && vnum !== undefined && site.vnum !== vnum)
      drop('site', t`site ${siteName} does not belong to volcano ${vnum}`);
    else if (site) p.vnum = site.vnum;
  },
};

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
 * §4.1), so times are shown as written; the UTC column reads them as the records show (v1-zone.ts).
 */
export const v1TimeRule = (): string =>
  t`The v1 service gives its times without a zone (spec 02 §2), so they are shown exactly as written. The “In UTC” column reads them in the zone their records’ ids show; where nothing shows it, it gives both readings, the likelier first.`;
