/**
 * Times in a named zone, through date-fns-tz. Kept apart from time.ts so that modules needing only
 * UTC (the app shell among them) do not load the zone formatter before their first paint.
 */
import { formatInTimeZone } from 'date-fns-tz';
import type { UtcMs } from './time';

/** Formats `t` in `zone` with a date-fns pattern. */
export function formatInZone(t: UtcMs, zone: string, pattern: string): string {
  return formatInTimeZone(t, zone, pattern);
}

/** `yyyy-MM-dd HH:mm:ss <abbr>` in the site's zone, e.g. `… -03` or `… HST`. */
export function formatLocalLabel(t: UtcMs, zone: string, withSeconds = true): string {
  const p = withSeconds ? 'yyyy-MM-dd HH:mm:ss' : 'yyyy-MM-dd HH:mm';
  return `${formatInTimeZone(t, zone, p)} ${zoneAbbreviation(t, zone)}`;
}

/** Short zone name at instant `t` (e.g. `HST`, `GMT-3`, `WEST`), falling back to the offset. */
export function zoneAbbreviation(t: UtcMs, zone: string): string {
  if (zone === 'UTC') return 'UTC';
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(t);
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? formatInTimeZone(t, zone, 'xxx');
  } catch {
    return formatInTimeZone(t, zone, 'xxx');
  }
}

/** Offset of `zone` from UTC at `t`, in minutes (east positive). */
export function zoneOffsetMinutes(t: UtcMs, zone: string): number {
  const s = formatInTimeZone(t, zone, 'xxx'); // e.g. -03:00
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(s);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}
