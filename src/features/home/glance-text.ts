/**
 * The home page's words for a volcano's latest data: an image's capture time in the zone the
 * service gave it, with its age, and what is unknown said as unknown.
 */
import type { ImageTimestamp } from '../../api/imagery/imagery-shapes';
import { formatDuration, type UtcMs } from '../../domain/time';
import { formatInZone, zoneAbbreviation } from '../../domain/zoned-time';
import { utcStamp } from '../../ui/utc-stamp';

const age = (ms: number) => `${formatDuration(ms)} ago`;

/** `HH:mm ZONE`, after the date when that is not today in that zone. */
function zoned(t: UtcMs, zone: string, now: UtcMs): string {
  const day = formatInZone(t, zone, 'yyyy-MM-dd');
  const time = `${formatInZone(t, zone, 'HH:mm')} ${zoneAbbreviation(t, zone)}`;
  return day === formatInZone(now, zone, 'yyyy-MM-dd') ? time : `${day} ${time}`;
}

/**
 * "01:59 HAST · 12 min ago" for a site-local time, "11:59 UTC · 12 min ago" for UTC; a time in a
 * repeated hour gives both readings, and a site whose zone is unknown gives its wall time alone,
 * with no age (the instant is not known).
 */
export function imageTimeText(t: ImageTimestamp, now: UtcMs): string {
  if (t.kind === 'utc') return `${utcStamp(t.utcMs, now)} · ${age(now - t.utcMs)}`;
  const wall = t.local.slice(0, 16).replace('T', ' ');
  if (t.zoneUnknown) return `${wall} site time, zone unknown: age unknown`;
  if (t.nonexistent) return `${wall} site time, a time ${t.zone} skips by this browser's rules: age unknown`;
  if (t.ambiguous && t.later !== undefined)
    return `${zoned(t.utcMs, t.zone, now)} or ${zoneAbbreviation(t.later, t.zone)} (ambiguous local time) · ${formatDuration(now - t.later)} or ${age(now - t.utcMs)}`;
  return `${zoned(t.utcMs, t.zone, now)} · ${age(now - t.utcMs)}`;
}

/** "11:59 UTC · 1 min ago": RSAM times are UTC, as the service gives them. */
export function rsamTimeText(t: UtcMs, now: UtcMs): string {
  return `${utcStamp(t, now)} · ${age(now - t)}`;
}
