import type { UtcMs } from '../domain/time';
import { formatInZone } from '../domain/zoned-time';

/** "14:02 UTC", with the date before it when that is not today's (UTC) date. */
export function utcStamp(t: UtcMs, now: UtcMs): string {
  const day = formatInZone(t, 'UTC', 'yyyy-MM-dd');
  const time = `${formatInZone(t, 'UTC', 'HH:mm')} UTC`;
  return day === formatInZone(now, 'UTC', 'yyyy-MM-dd') ? time : `${day} ${time}`;
}
