import type { LegacyImage } from '../../api/legacy';
import { resolveLocalIso } from '../../domain/local-time';
import { formatUtcLabel } from '../../domain/time';
import { knownSiteTimeZone } from '../../domain/volcanoes';

const wallText = (time: LegacyImage['time']) => time.wall.replace('T', ' ').slice(0, 19);

/**
 * A v1 capture time exactly as the service wrote it. It gives no zone (spec 02 §2), so none is
 * shown or implied; `marked` adds that in words where no column header says it.
 */
export function UnzonedTime({ time, marked = true }: { time: LegacyImage['time']; marked?: boolean }) {
  return (
    <span className="legacy-time">
      {wallText(time)}
      {marked && <span className="legacy-time__zone"> (zone not given)</span>}
    </span>
  );
}

/**
 * The UTC instant a v1 time would be if it were the site's local time. This is an assumption
 * (V1_TIME_RULE), so the caller's label must say "if site-local"; a skipped or repeated local time
 * is said as such rather than silently picked.
 */
export function IfSiteLocal({ time, site }: { time: LegacyImage['time']; site: string }) {
  const zone = knownSiteTimeZone(site);
  const r = zone ? resolveLocalIso(time.wall, zone) : null;
  if (!zone || !r) return <span className="legacy-time legacy-time--none">— (zone of {site} unknown)</span>;
  const title = `Read as ${zone} local time; the v1 service gives no zone, so this is an assumption.`;
  if (r.kind === 'nonexistent')
    return (
      <span className="legacy-time legacy-time--none" title={title}>
        — (no such time at {site}: clocks skipped it)
      </span>
    );
  return (
    <span className="legacy-time" title={title}>
      <time dateTime={new Date(r.utcMs).toISOString()}>{formatUtcLabel(r.utcMs)}</time>
      {r.kind === 'ambiguous' && (
        <>
          {' or '}
          <time dateTime={new Date(r.later).toISOString()}>{formatUtcLabel(r.later)}</time> (clocks went back)
        </>
      )}
    </span>
  );
}
