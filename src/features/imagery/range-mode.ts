/**
 * What From/To mean for the query being built (spec 01 §4.5 "freq rules"):
 * - freq=all with one site, and daily: the service ignores the time of day and returns whole LOCAL
 *   days at the site, so From/To name local days; the date part of datefrom/dateto carries the day.
 * - every other case: an exact UTC range (minutely/hourly: a daily UTC window from the times of day).
 *
 * The documents do not say how a minutely/hourly window whose start is later in the day than its end
 * (it would cross midnight UTC) is read, so the app never makes one on its own: a change into those
 * samplings carries the range over as whole UTC days (the rule: src/domain/daily-window.ts).
 */
import { t } from '@lingui/core/macro';
import { DAY_MS, formatUtcLabel, type UtcMs } from '../../domain/time';
import { crossesUtcMidnight, dailyWindow as windowOf, wholeUtcDays } from '../../domain/daily-window';
import { localDayOf, localDaysSpan, localDayStart, type WallMs } from '../../domain/local-time';
import { knownSiteTimeZone } from '../../domain/volcanoes';
import type { ImageryFilters } from './imagery-params';

export type RangeMode =
  | { kind: 'utc' }
  /** `zone` is null when the site's zone is unknown: days are then the service's, span unknown. */
  | { kind: 'local-days'; site: string; zone: string | null };

type ModeInput = Pick<ImageryFilters, 'freq' | 'site' | 'window'>;

/** One site at freq=all can be asked as an exact UTC window instead (src/api/imagery/utc-window.ts). */
export const canAskUtcWindow = (f: ModeInput): boolean =>
  !!f.site && f.freq === 'all' && knownSiteTimeZone(f.site) !== null;

export function rangeMode(f: ModeInput): RangeMode {
  if (f.window === 'utc' && canAskUtcWindow(f)) return { kind: 'utc' };
  if (f.site && (f.freq === 'all' || f.freq === 'daily'))
    return { kind: 'local-days', site: f.site, zone: knownSiteTimeZone(f.site) };
  return { kind: 'utc' };
}

const LAST_SECOND = DAY_MS - 1000;
const dayOf = (t: UtcMs): WallMs => Math.floor(t / DAY_MS) * DAY_MS;

/** minutely and hourly read the times of day of From/To as a daily UTC window (spec 01 §4.5). */
export const isWindowed = (f: Pick<ImageryFilters, 'freq'>): boolean => f.freq === 'minutely' || f.freq === 'hourly';

/** The daily window of a minutely/hourly query, as seconds into the UTC day; null when open-ended. */
export function filtersDailyWindow(f: Pick<ImageryFilters, 'from' | 'to'>): { start: number; end: number } | null {
  return f.from === undefined || f.to === undefined ? null : windowOf(f.from, f.to);
}

/** `YYYY-MM-DD` named by the date part of a local-days bound. */
export function dayInput(t: UtcMs | undefined): string {
  return t === undefined ? '' : new Date(t).toISOString().slice(0, 10);
}

/** A date input's value as a local-days bound: 00:00:00 for From, 23:59:59 for To (times are ignored). */
export function dayInputToBound(v: string, bound: 'from' | 'to'): UtcMs | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return undefined;
  const d = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!);
  return bound === 'from' ? d : d + LAST_SECOND;
}

/** The UTC instants a local-days query covers, or null when open-ended or the zone is unknown. */
export function coveredUtcSpan(
  f: ModeInput & Pick<ImageryFilters, 'from' | 'to'>,
): { start: UtcMs; end: UtcMs } | null {
  const mode = rangeMode(f);
  if (mode.kind !== 'local-days' || mode.zone === null || f.from === undefined || f.to === undefined) return null;
  return localDaysSpan(mode.zone, dayOf(f.from), dayOf(f.to));
}

/** One sentence for under the fields, saying which instants the request covers. */
export function spanSentence(f: ModeInput & Pick<ImageryFilters, 'from' | 'to'>): string {
  const mode = rangeMode(f);
  if (mode.kind === 'utc' && isWindowed(f)) return windowSentence(f);
  if (mode.kind === 'utc' && f.window === 'utc' && canAskUtcWindow(f)) {
    const site = f.site ?? '';
    return t`From and To are UTC, to the second: the service gives ${site} only whole local days, and the app keeps the images between From and To.`;
  }
  if (mode.kind === 'utc') return t`From and To are UTC.`;
  const { site, zone } = mode;
  if (zone === null)
    return t`From and To are local days at ${site}, whose time zone is unknown: the UTC span cannot be shown.`;
  const span = coveredUtcSpan(f);
  if (!span) return t`From and To are whole local days at ${site} (${zone}); the service ignores times of day.`;
  // Seconds are what datefrom/dateto resolve to; the span's last millisecond reads as :59.
  const start = formatUtcLabel(span.start);
  const end = formatUtcLabel(span.end);
  return t`From and To are whole local days at ${site} (${zone}); the service ignores times of day. This covers ${start} to ${end}.`;
}

const clock = (sec: number) =>
  [Math.floor(sec / 3600), Math.floor(sec / 60) % 60, sec % 60].map((n) => String(n).padStart(2, '0')).join(':');

function windowSentence(f: Pick<ImageryFilters, 'freq' | 'from' | 'to'>): string {
  const w = filtersDailyWindow(f);
  if (!w || f.from === undefined || f.to === undefined)
    return t`From and To are UTC; their times of day form a daily window repeated on every day of the range.`;
  const first = dayInput(f.from);
  const last = dayInput(f.to);
  const start = clock(w.start);
  const end = clock(w.end);
  const crosses = crossesUtcMidnight(f.from, f.to);
  if (f.freq === 'hourly')
    return crosses
      ? t`From and To are UTC: one image an hour from ${start} to ${end} UTC on every day from ${first} to ${last}. That window crosses midnight UTC, which the service's documents do not cover: pick times within one UTC day.`
      : t`From and To are UTC: one image an hour from ${start} to ${end} UTC on every day from ${first} to ${last}.`;
  return crosses
    ? t`From and To are UTC: one image a minute from ${start} to ${end} UTC on every day from ${first} to ${last}. That window crosses midnight UTC, which the service's documents do not cover: pick times within one UTC day.`
    : t`From and To are UTC: one image a minute from ${start} to ${end} UTC on every day from ${first} to ${last}.`;
}

/**
 * Moves From/To into the meaning of the next mode so a switch keeps the same stretch of time:
 * UTC instants become the local days containing them, and local days become their UTC span.
 */
export function carryRange<T extends ModeInput & Pick<ImageryFilters, 'from' | 'to'>>(prev: T, next: T): T {
  const a = rangeMode(prev);
  const b = rangeMode(next);
  const zoneOf = (m: RangeMode) => (m.kind === 'local-days' ? (m.zone ?? 'UTC') : 'UTC');
  const intoWindow = isWindowed(next) && !isWindowed(prev);
  if (a.kind === b.kind && zoneOf(a) === zoneOf(b) && !intoWindow) return next;
  const toInstant = (t: UtcMs | undefined, bound: 'from' | 'to'): UtcMs | undefined => {
    if (t === undefined || a.kind === 'utc') return t;
    const day = dayOf(t);
    return bound === 'from' ? localDayStart(zoneOf(a), day) : localDayStart(zoneOf(a), day + DAY_MS) - 1000;
  };
  const fromInstant = (t: UtcMs | undefined, bound: 'from' | 'to'): UtcMs | undefined => {
    // A stretch becoming a daily window: the whole UTC days it touches, a window of 00:00:00–23:59:59.
    if (t !== undefined && intoWindow) return wholeUtcDays(t, t)[bound];
    if (t === undefined || b.kind === 'utc') return t;
    const day = localDayOf(zoneOf(b), t);
    return bound === 'from' ? day : day + LAST_SECOND;
  };
  return {
    ...next,
    from: fromInstant(toInstant(next.from, 'from'), 'from'),
    to: fromInstant(toInstant(next.to, 'to'), 'to'),
  };
}
