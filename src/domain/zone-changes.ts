/**
 * A zone's offset changes inside a span, so a caption of a span's times can name every offset it
 * holds ("GMT-3 until 2026-04-05 00:00, then GMT-4") instead of the one at an end.
 */
import { t } from '@lingui/core/macro';
import { offsetMs } from './local-time';
import { zoneAbbreviation } from './zoned-time';

type UtcMs = number;

export interface ZoneChange {
  /** The first instant of the new offset. */
  at: UtcMs;
  /** Offsets before and after, in ms east of UTC. */
  before: number;
  after: number;
}

// Zones change offset months apart (weeks at the closest, for a Ramadan pause), so sampling every
// two days finds every change; each is then found to the second.
const STEP_MS = 2 * 86_400_000;

/** The changes of `zone`'s offset within [from, to], oldest first. */
export function zoneChanges(zone: string, from: UtcMs, to: UtcMs): ZoneChange[] {
  const out: ZoneChange[] = [];
  if (zone === 'UTC' || !(to > from)) return out;
  let lo = from;
  let loOff = offsetMs(zone, lo);
  while (lo < to) {
    const hi = Math.min(lo + STEP_MS, to);
    const hiOff = offsetMs(zone, hi);
    if (hiOff !== loOff) {
      // The first second with the new offset.
      let a = lo;
      let b = hi;
      while (b - a > 1000) {
        const mid = a + Math.floor((b - a) / 2000) * 1000;
        if (offsetMs(zone, mid) === loOff) a = mid;
        else b = mid;
      }
      out.push({ at: b, before: loOff, after: offsetMs(zone, b) });
    }
    lo = hi;
    loOff = hiOff;
  }
  return out;
}

/** `yyyy-MM-dd HH:mm` of the wall reading `wall` (fields as if UTC). */
const wallMinute = (wall: number) => new Date(wall).toISOString().slice(0, 16).replace('T', ' ');

/**
 * The zone's name(s) over [from, to]: `GMT-3`, or with changes inside, each offset and the wall
 * time it ended at: `GMT-3 until 2026-04-05 00:00, then GMT-4`.
 */
export function offsetsCaption(zone: string, from: UtcMs, to: UtcMs): string {
  const changes = zoneChanges(zone, from, to);
  let text = zoneAbbreviation(from, zone);
  for (const c of changes) {
    const until = wallMinute(c.at + c.before);
    const next = zoneAbbreviation(c.at, zone);
    // One message per change, so a language orders its own "until … then …".
    text = t`${text} until ${until}, then ${next}`;
  }
  return text;
}
