/** Times on the wall: each names its zone, and no line break can separate a time from its zone. */
import { msg } from '@lingui/core/macro';
import { i18n } from '../../i18n/i18n';
import { formatDuration, type UtcMs } from '../../domain/time';
import { formatInZone, zoneAbbreviation } from '../../domain/zoned-time';
import { useNow } from './use-now';

/**
 * `HH:mm` with the zone named, after the date when it is not today in that zone. A no-break space
 * holds "10:47 UTC" together, so a narrow place breaks after the date or not at all.
 */
export function Stamp({ t, zone }: { t: UtcMs; zone: string }) {
  const now = useNow();
  const sameDay = formatInZone(t, zone, 'yyyy-MM-dd') === formatInZone(now, zone, 'yyyy-MM-dd');
  const time = `${formatInZone(t, zone, 'HH:mm')}\u00a0${zone === 'UTC' ? 'UTC' : zoneAbbreviation(t, zone)}`;
  return (
    <time className="wall-stamp" dateTime={new Date(t).toISOString()}>
      {sameDay ? time : `${formatInZone(t, zone, 'yyyy-MM-dd')} ${time}`}
    </time>
  );
}

export function Age({ t }: { t: UtcMs }) {
  const now = useNow();
  const age = formatDuration(now - t);
  return <span className="wall-age">{i18n._(msg`${age} ago`)}</span>;
}

/**
 * A wall time of a repeated hour whose pass no evidence decided (newest-by-evidence.ts): both readings,
 * their ages, and the mark saying so, instead of a guess.
 */
export function AmbiguousStamp({ earlier, later, zone }: { earlier: UtcMs; later: UtcMs; zone: string }) {
  const now = useNow();
  const laterAge = formatDuration(now - later);
  const earlierAge = formatDuration(now - earlier);
  return (
    <>
      <Stamp t={earlier} zone={zone} /> {i18n._(msg`or`)}
      {'\u00a0'}
      {zoneAbbreviation(later, zone)} <span className="wall-age">{i18n._(msg`${laterAge} or ${earlierAge} ago`)}</span>{' '}
      <strong className="wall-ambiguous">{i18n._(msg`ambiguous local time`)}</strong>
    </>
  );
}
