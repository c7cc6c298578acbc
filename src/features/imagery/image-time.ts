import type { ImageTimestamp } from '../../api/imagery';
import { formatInZone } from '../../domain/zoned-time';

// A grid page formats up to 200 labels in one render (budget: 100 ms from data to screen), so
// the Intl formatter per zone is built once instead of per call.
const abbrFormatters = new Map<string, Intl.DateTimeFormat>();
const abbrCache = new Map<string, string>();
/** Zone changes fall on quarter hours, so one lookup per zone and quarter hour is exact. */
const QUARTER_HOUR = 900_000;
function zoneAbbr(t: number, zone: string): string {
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

/** `yyyy-MM-dd HH:mm:ss UTC` without date-fns (same output as formatUtcLabel). */
function utcLabel(t: number): string {
  const iso = new Date(t).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

/**
 * A record's time in the zone the API gave it (spec 01 §2.4): the site's wall time labelled with
 * the zone's abbreviation, or UTC labelled UTC. The two kinds are never converted silently.
 */
export function imageTimeLabel(t: ImageTimestamp): string {
  if (t.kind === 'utc') return utcLabel(t.utcMs);
  const wall = t.local.replace('T', ' ');
  // Without a known zone the wall time is all there is: no abbreviation, no converted instant.
  if (t.zoneUnknown) return `${wall} site time (zone unknown)`;
  return `${wall} ${zoneAbbr(t.utcMs, t.zone)}${t.ambiguous ? ' (ambiguous: clocks went back, read as the first pass)' : ''}`;
}

/** The other zone, for metadata: UTC for a local time, nothing more for UTC. */
export function imageTimeAlternate(t: ImageTimestamp): string | null {
  if (t.kind === 'utc' || t.zoneUnknown) return null;
  return utcLabel(t.utcMs);
}

/** Which zone the page's times are in, said once above the grid. */
export function zoneCaption(t: ImageTimestamp | undefined): string {
  if (!t) return '';
  if (t.kind === 'utc') return 'Times are UTC.';
  if (t.zoneUnknown)
    return 'Times are the camera site’s local time as the service gives them; the site’s zone is unknown.';
  return `Times are the camera site’s local time (${zoneAbbr(t.utcMs, t.zone)}, ${t.zone}), as the service returns them for one site at freq=all.`;
}
