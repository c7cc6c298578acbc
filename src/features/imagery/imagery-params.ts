/**
 * The imagery view's URL state, with the API's own parameter names (spec 01 §4.5), so a shared
 * link reads like the request it makes.
 */
import { t } from '@lingui/core/macro';
import * as v from 'valibot';
import type { ImageryQuery } from '../../api/imagery/imagery-shapes';
import { FREQS } from '../../api/imagery/imagery-shapes';
import { findCameraSite, findVolcano, IMAGE_TYPES } from '../../domain/volcanoes';
import { formatImageryDateTime, parseImageryDateTime } from '../../domain/time';
import { oneOf, param, parsedWith, parseUrl, wholeNumber, type OneParam, type UrlSchema } from '../../ui/url-schema';

export const BOOL_FILTERS = ['is_empty', 'is_night', 'is_degraded', 'low_visibility'] as const;
export type BoolFilter = (typeof BOOL_FILTERS)[number];

/**
 * Everything the view sends to /api/imagery/q: the API's own query, with the parameters the view
 * always sends (it shows them as chosen controls) required; the others absent = the service's default.
 */
export type ImageryFilters = ImageryQuery &
  Required<Pick<ImageryQuery, 'imageType' | 'freq' | 'order' | 'page' | 'limit'>>;

export const MAX_LIMIT = 200;

const dateTime = (key: string): OneParam<number | undefined> => ({
  key,
  schema: parsedWith(parseImageryDateTime, () => t`must be a UTC date-time yyyymmddhhmmss`),
  default: undefined,
  serialize: formatImageryDateTime,
});
// The reasons are functions, said when a link is read: this table is made at module load, before a
// language is chosen.
const flag = param<boolean | undefined>(
  v.pipe(
    v.picklist(['true', 'false'], () => t`must be true or false`),
    v.transform((s) => s === 'true'),
  ),
  undefined,
);

export const imageryUrl: UrlSchema<ImageryFilters> = {
  params: {
    imageType: param(oneOf(IMAGE_TYPES), 'infrared', { always: true }),
    site: param(
      parsedWith(
        (s) => findCameraSite(s)?.site ?? null,
        () => t`not a camera site from the reference table`,
      ),
      undefined,
    ),
    vnum: param(
      parsedWith(
        (s) => (/^\d+$/.test(s) ? (findVolcano(Number(s))?.vnum ?? null) : null),
        () => t`not a volcano number from the reference table`,
      ),
      undefined,
    ),
    from: dateTime('datefrom'),
    to: dateTime('dateto'),
    freq: param(oneOf(FREQS), 'all'),
    order: param(oneOf(['asc', 'desc']), 'desc'),
    // One site at freq=all as an exact UTC range rather than whole local days (range-mode.ts).
    window: param(oneOf(['utc']), undefined),
    page: param(
      wholeNumber(1, Number.MAX_SAFE_INTEGER, () => t`must be a whole number from 1`),
      1,
    ),
    // A whole number outside 1–200 is kept and sent: the form marks it, and the service's own 422
    // appears beside the field (spec 01 §7), so a hand-edited link shows exactly what is wrong.
    limit: param(
      v.pipe(
        v.string(),
        v.regex(/^\d{1,6}$/, () => t`must be a whole number from 1 to ${MAX_LIMIT}`),
        v.transform(Number),
      ),
      100,
    ),
    is_empty: flag,
    is_night: flag,
    is_degraded: flag,
    low_visibility: flag,
  },
  check(f, { drop }) {
    const volcano = f.vnum === undefined ? undefined : findVolcano(f.vnum);
    const ir = f.imageType === 'infrared';
    if (volcano && !volcano.cameraSites.some((c) => c.imageTypes.includes(f.imageType))) {
      const vnum = volcano.vnum;
      drop(
        'vnum',
        ir
          ? t`volcano ${vnum} has no infrared camera in the reference table`
          : t`volcano ${vnum} has no visible camera in the reference table`,
      );
    }
    const site = f.site === undefined ? undefined : findCameraSite(f.site);
    const siteName = site?.site ?? '';
    const vnum = f.vnum;
    if (site && !site.imageTypes.includes(f.imageType))
      drop(
        'site',
        ir
          ? t`site ${siteName} has no infrared camera in the reference table`
          : t`site ${siteName} has no visible camera in the reference table`,
      );
    else if (site && vnum !== undefined && site.vnum !== vnum)
      drop('site', t`site ${siteName} does not belong to volcano ${vnum}`);
    else if (site) f.vnum = site.vnum;
    if (f.from !== undefined && f.to !== undefined && f.from > f.to) drop('to', t`it is before datefrom`);
  },
  // A getter: said when a link is read, in the language of that moment.
  get unknown() {
    return t`not a setting of this view`;
  },
};

export const DEFAULT_FILTERS: ImageryFilters = parseUrl(imageryUrl, new URLSearchParams()).params;

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
    window: f.window,
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
    out.is_night = t`Day/night applies to visible images only; the service refuses it with infrared. Set it to “Any” or switch to visible.`;
  if (f.is_degraded !== undefined && f.imageType === 'visible')
    out.is_degraded = t`Degraded quality applies to infrared images only; the service refuses it with visible. Set it to “Any” or switch to infrared.`;
  const freq = f.freq;
  if (freq !== 'all' && !f.site) out.freq = t`Sampling ${freq} needs one camera site: choose a site, or use “all”.`;
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
