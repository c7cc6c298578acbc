/**
 * Times in a named zone, read through Intl (local-time.ts), the same zone rules the chart's axis
 * and the local-time inputs use. Not date-fns-tz's formatter: with date-fns's `format` and locale it
 * is about 8 KB gzipped on the first paint of every view that shows a site-local time, for the
 * handful of fixed patterns below.
 */
import { formatOffset, offsetMs, toWall } from './local-time';
import type { UtcMs } from './time';
import { displayLocale } from './display-locale';

/**
 * The patterns the views use (date-fns tokens, so a pattern reads as it always has). Dates are ISO
 * 8601 in every language (year-month-day, 24-hour clock: unambiguous in English and Spanish, and
 * what observatories write); a weekday's name is the display language's.
 */
export type ZonePattern =
  'yyyy-MM-dd HH:mm:ss' | 'yyyy-MM-dd HH:mm' | 'yyyy-MM-dd' | 'HH:mm:ss' | 'HH:mm' | 'EEE yyyy-MM-dd' | 'xxx';

const WEEKDAYS: Record<string, readonly string[]> = { en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] };

/** Short weekday names, Sunday first, in the display language (Spanish: `dom`, `lun`, …), through Intl. */
function weekdays(locale: string): readonly string[] {
  return (WEEKDAYS[locale] ??= Array.from({ length: 7 }, (_, i) =>
    // 2023-01-01 was a Sunday.
    new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2023, 0, 1 + i)),
  ));
}

/** Formats `t` in `zone`. Throws a RangeError for a zone Intl does not know. */
export function formatInZone(t: UtcMs, zone: string, pattern: ZonePattern): string {
  if (pattern === 'xxx') return formatOffset(offsetMs(zone, t));
  const wall = new Date(toWall(zone, t));
  const iso = wall.toISOString(); // yyyy-MM-ddTHH:mm:ss.sssZ of the wall reading
  const day = iso.slice(0, 10);
  switch (pattern) {
    case 'yyyy-MM-dd HH:mm:ss':
      return `${day} ${iso.slice(11, 19)}`;
    case 'yyyy-MM-dd HH:mm':
      return `${day} ${iso.slice(11, 16)}`;
    case 'yyyy-MM-dd':
      return day;
    case 'HH:mm:ss':
      return iso.slice(11, 19);
    case 'HH:mm':
      return iso.slice(11, 16);
    case 'EEE yyyy-MM-dd':
      return `${weekdays(displayLocale())[wall.getUTCDay()]} ${day}`;
  }
}

/** `yyyy-MM-dd HH:mm:ss <abbr>` in the site's zone, e.g. `… -03` or `… HST`. */
export function formatLocalLabel(t: UtcMs, zone: string, withSeconds = true): string {
  return `${formatInZone(t, zone, withSeconds ? 'yyyy-MM-dd HH:mm:ss' : 'yyyy-MM-dd HH:mm')} ${zoneAbbreviation(t, zone)}`;
}

// A grid page or a legend under a moving cursor asks for many labels at once, so the Intl
// formatter of a zone is built once, and each zone's abbreviation is kept per quarter hour: zone
// changes fall on quarter hours, so one lookup per zone and quarter hour is exact.
const abbrFormatters = new Map<string, Intl.DateTimeFormat>();
const abbrCache = new Map<string, string>();
const QUARTER_HOUR = 900_000;

/**
 * Short zone name at instant `t` (e.g. `HST`, `GMT-3`, `WEST`), falling back to the offset. Throws
 * a RangeError for a zone Intl does not know.
 */
export function zoneAbbreviation(t: UtcMs, zone: string): string {
  if (zone === 'UTC') return 'UTC';
  const key = `${zone}|${Math.floor(t / QUARTER_HOUR)}`;
  const hit = abbrCache.get(key);
  if (hit) return hit;
  let f = abbrFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' });
    abbrFormatters.set(zone, f);
  }
  const v = f.formatToParts(t).find((p) => p.type === 'timeZoneName')?.value ?? formatInZone(t, zone, 'xxx');
  if (abbrCache.size > 20_000) abbrCache.clear();
  abbrCache.set(key, v);
  return v;
}

/** Offset of `zone` from UTC at `t`, in minutes (east positive). */
export function zoneOffsetMinutes(t: UtcMs, zone: string): number {
  return Math.round(offsetMs(zone, t) / 60_000);
}
