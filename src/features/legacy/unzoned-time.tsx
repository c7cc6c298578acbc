import type { LegacyImage } from '../../api/legacy';

/** A v1 capture time exactly as the service wrote it, marked as zone-less (spec 02 §2). */
export function UnzonedTime({ time }: { time: LegacyImage['time'] }) {
  return (
    <span className="legacy-time" title="The v1 service gives this time without a zone; shown as written.">
      {time.wall.replace('T', ' ')} <abbr title="no time zone given by the v1 service">(no zone)</abbr>
    </span>
  );
}
