/**
 * Splits one download=true query into spans of time whose ZIPs each hold at most `cap` images, and
 * together every image once (docs/service.md, "01 §4.5": the ZIP cap).
 *
 * Where a span may be cut depends on what datefrom/dateto mean for the query (spec 01 §4.5 freq
 * rules): to the second for an exact UTC range (freq=all without one site); only between whole days
 * where the time of day is ignored or forms a daily window (freq=all with one site and daily: local
 * days at the site; minutely and hourly: UTC days, each piece keeping the window's times of day).
 *
 * Each cut costs two cheap requests, both within the endpoint's rate budget: the (cap+1)-th image of
 * what is left, oldest first (page=cap+1, limit=1), whose unit (second or day) starts the next span,
 * and the estimate of what is left from there. A span's count is the difference of two estimates,
 * so the spans' counts add up to the total.
 */
import { t } from '@lingui/core/macro';
import { formatNumber } from '../domain/format-number';
import type { DownloadEstimate, ImageRecord, ImageryQuery } from '../api/imagery/imagery-shapes';
import { localDayOf } from '../domain/local-time';
import { DAY_MS, startOfUtcDay, type UtcMs } from '../domain/time';
import { knownSiteTimeZone } from '../domain/volcanoes';

/** How finely a query's range can be cut. */
export type SplitUnit = 'second' | 'utc-day' | 'local-day';

export function splitUnit(q: Pick<ImageryQuery, 'freq' | 'site'>): SplitUnit {
  const oneSite = q.site !== undefined && q.site !== '' && !q.site.includes(',');
  const freq = q.freq ?? 'all';
  if (freq === 'daily' || (freq === 'all' && oneSite)) return 'local-day';
  if (freq === 'minutely' || freq === 'hourly') return 'utc-day';
  return 'second';
}

export interface TimeSpan {
  query: ImageryQuery;
  images: number;
  sizeMb: number;
}

export interface SplitDeps {
  estimate: (q: ImageryQuery, signal: AbortSignal) => Promise<DownloadEstimate>;
  /** The image at 0-based `index` of `q`, oldest first; undefined when there are not that many. */
  imageAt: (q: ImageryQuery, index: number, signal: AbortSignal) => Promise<ImageRecord | undefined>;
}

export class SplitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SplitError';
  }
}

/** Spans beyond this many are not worth planning: the notice suggests sampling instead. */
export const MAX_SPANS = 400;

const SECOND = 1000;
const timeOfDay = (t: UtcMs) => t - startOfUtcDay(t);
const LAST_SECOND = DAY_MS - SECOND;

/** The start of the unit (second or day, as datefrom/dateto carry it) holding `rec`. */
function unitOf(rec: ImageRecord, unit: SplitUnit, site: string | undefined): UtcMs {
  const t = rec.time;
  if (unit === 'second') return Math.floor(t.utcMs / SECOND) * SECOND;
  if (unit === 'utc-day') return startOfUtcDay(t.utcMs);
  // A site-local stamp carries its day; a UTC stamp (daily) is placed in the site's day.
  if (t.kind === 'site-local') return Date.parse(`${t.local.slice(0, 10)}T00:00:00Z`);
  const zone = knownSiteTimeZone(rec.site || site || '');
  return zone ? localDayOf(zone, t.utcMs) : startOfUtcDay(t.utcMs);
}

/** `q` from the start of `cut` on (the unit's first second, or the day with the window's start). */
function startingAt(q: ImageryQuery, cut: UtcMs, unit: SplitUnit): ImageryQuery {
  return { ...q, from: unit === 'second' ? cut : cut + (q.from === undefined ? 0 : timeOfDay(q.from)) };
}

/** `q` up to the unit before `cut` (its last second, or the day before with the window's end). */
function endingBefore(q: ImageryQuery, cut: UtcMs, unit: SplitUnit): ImageryQuery {
  if (unit === 'second') return { ...q, to: cut - SECOND };
  return { ...q, to: cut - DAY_MS + (q.to === undefined ? LAST_SECOND : timeOfDay(q.to)) };
}

const unitStartOf = (t: UtcMs | undefined, unit: SplitUnit) =>
  t === undefined ? -Infinity : unit === 'second' ? t : startOfUtcDay(t);

/** Why a span cannot be cut finer: one unit of time holds more images than a ZIP takes. */
function unitTooFull(unit: SplitUnit, cap: number): string {
  const n = formatNumber(cap);
  if (unit === 'second') return t`one second holds more than ${n} images, and a second cannot be split for this query`;
  if (unit === 'utc-day')
    return t`one UTC day holds more than ${n} images, and a UTC day cannot be split for this query`;
  return t`one local day holds more than ${n} images, and a local day cannot be split for this query`;
}

/**
 * The spans of `q` (whose estimate is `total`), oldest first, each of at most `cap` images. Throws a
 * SplitError when a single unit holds more than `cap` images, or the service's answers disagree.
 */
export async function splitByTime(
  q: ImageryQuery,
  total: Pick<DownloadEstimate, 'total_images' | 'estimated_size_mb'>,
  cap: number,
  deps: SplitDeps,
  signal: AbortSignal,
): Promise<TimeSpan[]> {
  const unit = splitUnit(q);
  if (unit === 'utc-day' && (q.from === undefined || q.to === undefined))
    throw new SplitError(t`a sampled download can be split by days only with both From and To set`);
  const spans: TimeSpan[] = [];
  let rest: ImageryQuery = { ...q, page: undefined, limit: undefined };
  let left = { images: total.total_images, sizeMb: total.estimated_size_mb };
  while (left.images > cap) {
    if (spans.length >= MAX_SPANS) throw new SplitError(t`it would take more than ${MAX_SPANS} ZIP files`);
    const first = await deps.imageAt({ ...rest, order: 'asc' }, cap, signal);
    if (!first) {
      const estimated = formatNumber(left.images);
      const listed = formatNumber(cap);
      throw new SplitError(t`the service estimated ${estimated} images but listed ${listed} or fewer; try again`);
    }
    let cut = unitOf(first, unit, q.site);
    // A daily image's local day is a guess where the zone is unknown: one step back at most.
    for (let tries = 0; ; tries++) {
      if (cut <= unitStartOf(rest.from, unit)) throw new SplitError(unitTooFull(unit, cap));
      const next = startingAt(rest, cut, unit);
      const est = await deps.estimate(next, signal);
      const images = left.images - est.total_images;
      if (images > 0 && images <= cap) {
        spans.push({
          query: endingBefore(rest, cut, unit),
          images,
          sizeMb: Math.max(0, left.sizeMb - est.estimated_size_mb),
        });
        rest = next;
        left = { images: est.total_images, sizeMb: est.estimated_size_mb };
        break;
      }
      if (images <= 0 || tries >= 1)
        throw new SplitError(t`the service’s estimates changed while the spans were worked out; try again`);
      cut -= unit === 'second' ? SECOND : DAY_MS;
    }
  }
  spans.push({ query: rest, images: left.images, sizeMb: left.sizeMb });
  return spans;
}
