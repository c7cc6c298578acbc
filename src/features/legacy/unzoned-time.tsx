import { t } from '@lingui/core/macro';
import type { LegacyImage } from '../../api/decode/legacy-body';
import { formatUtcLabel } from '../../domain/time';
import { knownSiteTimeZone } from '../../domain/volcanoes';
import type { ZoneReading } from '../../domain/zone-learning';
import { v1Instants, type V1Zone } from './v1-zone';

const wallText = (time: LegacyImage['time']) => time.wall.replace('T', ' ').slice(0, 19);

/**
 * A v1 capture time exactly as the service wrote it. It gives no zone (spec 02 §2), so none is
 * shown or implied; `marked` adds that in words where no column header says it.
 */
export function UnzonedTime({ time, marked = true }: { time: LegacyImage['time']; marked?: boolean }) {
  return (
    <span className="legacy-time">
      {wallText(time)}
      {marked && <span className="legacy-time__zone">{t` (zone not given)`}</span>}
    </span>
  );
}

const ifReading = (r: ZoneReading) => (r === 'utc' ? t`if UTC` : t`if site-local`);

function Instants({ ts }: { ts: readonly number[] }) {
  return (
    <>
      {ts.map((ms, i) => (
        <span key={ms}>
          {i > 0 && t` or `}
          <time dateTime={new Date(ms).toISOString()}>{formatUtcLabel(ms)}</time>
        </span>
      ))}
      {ts.length > 1 && t` (clocks went back)`}
    </>
  );
}

/**
 * A v1 time in UTC, read in the zone the records show (v1-zone.ts); while nothing decides it, both
 * readings, the likelier first, each saying which it is. A local time the site's clocks skipped is
 * said to be so; one they passed twice, unless its id tells which, shows both instants.
 */
export function InUtc({ image, zone }: { image: LegacyImage; zone: V1Zone }) {
  const tz = knownSiteTimeZone(image.site);
  const site = image.site;
  const one = (reading: ZoneReading) => {
    if (reading === 'local' && !tz) return <>{t`— (zone of ${site} unknown)`}</>;
    const ts = v1Instants(image, reading, zone.ids);
    return ts.length ? <Instants ts={ts} /> : <>{t`— (no such time at ${site}: clocks skipped it)`}</>;
  };
  if (zone.reading) return <span className="legacy-time">{one(zone.reading)}</span>;
  const other: ZoneReading = zone.first === 'utc' ? 'local' : 'utc';
  return (
    <span className="legacy-time legacy-time--undecided">
      {one(zone.first)} {ifReading(zone.first)}; {one(other)} {ifReading(other)}
    </span>
  );
}
