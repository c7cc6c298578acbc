import type { LegacyImage } from '../../api/legacy';
import { resolveLocalIso } from '../../domain/local-time';
import { formatUtcLabel } from '../../domain/time';
import { zoneAbbreviation } from '../../domain/zoned-time';
import { knownSiteTimeZone } from '../../domain/volcanoes';

/**
 * A v1 capture time as the service wrote it, read as the site's local time (V1_TIME_RULE in
 * legacy-params.ts): the zone's abbreviation follows, and the UTC instant is in the title.
 */
export function UnzonedTime({ time, site }: { time: LegacyImage['time']; site: string }) {
  const wall = time.wall.replace('T', ' ').slice(0, 19);
  const zone = knownSiteTimeZone(site);
  const r = zone ? resolveLocalIso(time.wall, zone) : null;
  if (!zone || !r)
    return (
      <span className="legacy-time" title="The v1 service gives no zone, and this site's zone is unknown.">
        {wall} site time (zone unknown)
      </span>
    );
  if (r.kind === 'nonexistent')
    return (
      <span className="legacy-time" title={`Clocks at ${site} skipped this hour (${zone}).`}>
        {wall} (not a real {zone} time: clocks skipped it)
      </span>
    );
  return (
    <span className="legacy-time" title={`${formatUtcLabel(r.utcMs)} · ${zone}, read from a zone-less v1 time`}>
      {wall} {zoneAbbreviation(r.utcMs, zone)}
      {r.kind === 'ambiguous' && ' (ambiguous: clocks went back, read as the first pass)'}
    </span>
  );
}
