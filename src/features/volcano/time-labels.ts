/** On-screen times: always with their zone; the view's `tz` decides which comes first. */
import { formatUtcLabel, type UtcMs } from '../../domain/time';
import { formatLocalLabel } from '../../domain/zoned-time';
import type { DisplayZone } from './volcano-params';

export function bothLabels(t: UtcMs, zone: string, tz: DisplayZone): { primary: string; secondary: string } {
  const utc = formatUtcLabel(t);
  const local = `${formatLocalLabel(t, zone)} (${zone})`;
  return tz === 'utc' ? { primary: utc, secondary: local } : { primary: formatLocalLabel(t, zone), secondary: utc };
}

export function primaryLabel(t: UtcMs, zone: string, tz: DisplayZone, withSeconds = true): string {
  return tz === 'utc' ? formatUtcLabel(t, withSeconds) : formatLocalLabel(t, zone, withSeconds);
}
