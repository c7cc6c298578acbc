import type { ImageTimestamp } from '../../api/imagery/imagery';
import { formatUtcLabel } from '../../domain/time';
import { zoneAbbreviation } from '../../domain/zoned-time';

/**
 * A record's time in the zone the API gave it (spec 01 §2.4): the site's wall time labelled with
 * the zone's abbreviation, or UTC labelled UTC. The two kinds are never converted silently.
 */
export function imageTimeLabel(t: ImageTimestamp): string {
  if (t.kind === 'utc') return formatUtcLabel(t.utcMs);
  const wall = t.local.replace('T', ' ');
  // Without a known zone the wall time is all there is: no abbreviation, no converted instant.
  if (t.zoneUnknown) return `${wall} site time (zone unknown)`;
  if (t.nonexistent) return `${wall} site time (a time ${t.zone} skips by this browser’s zone rules: UTC uncertain)`;
  return `${wall} ${zoneAbbreviation(t.utcMs, t.zone)}${t.ambiguous ? ' (ambiguous: clocks went back, read as the first pass)' : ''}`;
}

/** The other zone, for metadata: UTC for a local time, nothing more for UTC. */
export function imageTimeAlternate(t: ImageTimestamp): string | null {
  if (t.kind === 'utc' || t.zoneUnknown || t.nonexistent) return null;
  return formatUtcLabel(t.utcMs);
}

/** Which zone the page's times are in, said once above the grid. */
export function zoneCaption(t: ImageTimestamp | undefined): string {
  if (!t) return '';
  if (t.kind === 'utc') return 'Times are UTC.';
  if (t.zoneUnknown)
    return 'Times are the camera site’s local time as the service gives them; the site’s zone is unknown.';
  return `Times are the camera site’s local time (${zoneAbbreviation(t.utcMs, t.zone)}, ${t.zone}), as the service returns them for one site at freq=all.`;
}
