/**
 * The home page's words for a volcano's latest data: an image's capture time in the zone the
 * service gave it, with its age, and what is unknown said as unknown.
 */
import { t } from '@lingui/core/macro';
import type { ImageTimestamp } from '../../api/imagery/imagery-shapes';
import { formatDuration, type UtcMs } from '../../domain/time';
import { formatInZone, zoneAbbreviation } from '../../domain/zoned-time';
import { utcStamp } from '../../ui/utc-stamp';

function age(ms: number): string {
  const d = formatDuration(ms);
  return t`${d} ago`;
}

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
export function imageTimeText(time: ImageTimestamp, now: UtcMs): string {
  if (time.kind === 'utc') return `${utcStamp(time.utcMs, now)} · ${age(now - time.utcMs)}`;
  const wall = time.local.slice(0, 16).replace('T', ' ');
  if (time.zoneUnknown) return t`${wall} site time, zone unknown: age unknown`;
  const { zone } = time;
  if (time.nonexistent) return t`${wall} site time, a time ${zone} skips by this browser's rules: age unknown`;
  if (time.ambiguous && time.later !== undefined) {
    const first = zoned(time.utcMs, zone, now);
    const second = zoneAbbreviation(time.later, zone);
    const laterAge = formatDuration(now - time.later);
    const earlierAge = age(now - time.utcMs);
    return t`${first} or ${second} (ambiguous local time) · ${laterAge} or ${earlierAge}`;
  }
  return `${zoned(time.utcMs, zone, now)} · ${age(now - time.utcMs)}`;
}

/** "11:59 UTC · 1 min ago": RSAM times are UTC, as the service gives them. */
export function rsamTimeText(t: UtcMs, now: UtcMs): string {
  return `${utcStamp(t, now)} · ${age(now - t)}`;
}
