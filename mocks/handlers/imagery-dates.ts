/**
 * GET /api/imagery/dates and /dates/range (spec 01 §4.6–4.7). Their parameters and bodies are "not
 * shown", so the body shape is a knob (mockState.datesShape): each shape is one plausible reading a
 * real service could have chosen, and the app's readers are tried against all of them.
 */
import { http, type RequestHandler } from 'msw';
import { DAY_MS } from '../../src/domain/time';
import type { ImageType } from '../../src/domain/volcanoes';
import { ARCHIVE_START, dayString } from '../data/clock';
import { camerasOf, dayCaptures } from '../data/imagery';
import { mockState, type DatesShape } from '../state';
import { errorResponse, guarded, jsonResponse } from './common';

const TYPES: readonly ImageType[] = ['infrared', 'visible'];
const CACHE = { 'Cache-Control': 'public, max-age=86400' };

interface SiteDates {
  type: ImageType;
  site: string;
  vnum: number;
  /** `YYYY-MM-DD`, UTC days with at least one capture up to `now`, newest first. */
  dates: string[];
}

function siteDates(type: ImageType, now: number): SiteDates[] {
  return camerasOf(type).map((c) => {
    const dates: string[] = [];
    for (let day = Math.floor(now / DAY_MS); day >= ARCHIVE_START / DAY_MS; day--) {
      const d = dayCaptures(c, day);
      if (d.n > 0 && d.t[0]! <= now) dates.push(dayString(day));
    }
    return { type, site: c.site, vnum: c.vnum, dates };
  });
}

const compact = (d: string): string => d.replace(/-/g, '');

/** Dates body in `shape`. Shapes keyed by image type ignore `imageType` (a static cache of all). */
export function datesBody(shape: DatesShape, imageType: ImageType, site: string | null, now: number): unknown {
  const wanted = (s: SiteDates) => site === null || site === '' || s.site === site;
  const ofType = siteDates(imageType, now).filter(wanted);
  const all = TYPES.flatMap((t) => siteDates(t, now)).filter(wanted);
  switch (shape) {
    case 'sites-list':
      return { imageType, sites: ofType.map(({ site: s, vnum, dates }) => ({ site: s, vnum, dates })) };
    case 'by-site':
      return Object.fromEntries(ofType.map((s) => [s.site, s.dates]));
    case 'by-type-site':
      return Object.fromEntries(TYPES.map((t) => [t, Object.fromEntries(all.filter((s) => s.type === t).map((s) => [s.site, s.dates]))]));
    case 'rows':
      return all.flatMap((s) => s.dates.map((date) => ({ site: s.site, image_type: s.type, date })));
    case 'by-site-compact':
      return { image_type: imageType, dates: Object.fromEntries(ofType.map((s) => [s.site, s.dates.map(compact)])) };
    case 'rows-compact':
      return { data: all.flatMap((s) => s.dates.map((d) => ({ site: s.site, vnum: s.vnum, imageType: s.type, date: compact(d) }))) };
  }
}

/** Global first and last day with images of each type, `YYYY-MM-DD`. */
function typeRange(type: ImageType, now: number): { min: string; max: string } {
  const nowDay = Math.floor(now / DAY_MS);
  const hasToday = camerasOf(type).some((c) => (dayCaptures(c, nowDay).t[0] ?? Infinity) <= now);
  return { min: dayString(ARCHIVE_START / DAY_MS), max: dayString(hasToday ? nowDay : nowDay - 1) };
}

export function rangeBody(shape: DatesShape, now: number): unknown {
  const r = TYPES.map((t) => ({ type: t, ...typeRange(t, now) }));
  const byType = <T>(f: (x: (typeof r)[number]) => T) => Object.fromEntries(r.map((x) => [x.type, f(x)]));
  switch (shape) {
    case 'sites-list':
      return byType((x) => ({ min_date: x.min, max_date: x.max }));
    case 'by-site':
      return byType((x) => ({ min: x.min, max: x.max }));
    case 'by-type-site':
      return { ranges: byType((x) => ({ start: x.min, end: x.max })) };
    case 'rows':
      return r.map((x) => ({ image_type: x.type, min_date: x.min, max_date: x.max }));
    case 'by-site-compact':
      return byType((x) => ({ min: compact(x.min), max: compact(x.max) }));
    case 'rows-compact':
      return { data: r.map((x) => ({ imageType: x.type, first: compact(x.min), last: compact(x.max) })) };
  }
}

export function imageryDatesHandlers(apiBaseUrl: string): RequestHandler[] {
  const base = `${apiBaseUrl}/api/imagery`;
  return [
    http.get(
      `${base}/dates`,
      guarded('imagery-dates', 60, ({ request }) => {
        const q = new URL(request.url).searchParams;
        const imageType = q.get('imageType') ?? 'infrared';
        if (imageType !== 'infrared' && imageType !== 'visible')
          return errorResponse(400, `Invalid imageType '${imageType}'. Must be 'infrared' or 'visible'`);
        return jsonResponse(datesBody(mockState.datesShape, imageType, q.get('site'), mockState.now), 200, CACHE);
      }),
    ),
    http.get(
      `${base}/dates/range`,
      guarded('imagery-range', 60, () => jsonResponse(rangeBody(mockState.datesShape, mockState.now), 200, CACHE)),
    ),
  ];
}
