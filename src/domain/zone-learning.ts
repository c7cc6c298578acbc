/**
 * The zone of time fields no document names, learned from records that carry a second time.
 * - An image id's fields (spec 01 §2.4 gives no zone): a v2 record whose timestamp has `Z` is the
 *   same capture twice, so its id's fields are UTC when they equal that instant and site-local when
 *   they equal the site's wall reading of it.
 * - A v1 timestamp (spec 02 §2 gives no zone): read against its record's id (legacy-stamp-zone.ts).
 * Where the site's offset is zero the two readings are one instant and a record tells nothing.
 */
import { resolveWall, toWall, type WallMs } from './local-time';

type UtcMs = number;

export type ZoneReading = 'utc' | 'local';

/** How many records read each way. */
export interface ReadingTally {
  utc: number;
  local: number;
}

export const NO_READINGS: Readonly<ReadingTally> = Object.freeze({ utc: 0, local: 0 });

/** What a tally says: one reading, both (records disagree: nothing is concluded), or nothing yet. */
export type ZoneVerdict = ZoneReading | 'conflict' | null;

export function verdictOf(t: Readonly<ReadingTally>): ZoneVerdict {
  if (t.utc > 0 && t.local > 0) return 'conflict';
  return t.utc > 0 ? 'utc' : t.local > 0 ? 'local' : null;
}

export function addReading(t: Readonly<ReadingTally>, r: ZoneReading | null): ReadingTally {
  return r === null ? t : { ...t, [r]: t[r] + 1 };
}

export function addTallies(a: Readonly<ReadingTally>, b: Readonly<ReadingTally>): ReadingTally {
  return { utc: a.utc + b.utc, local: a.local + b.local };
}

/**
 * Zone-less `fields` of a capture at instant `utcMs` at a site in `zone`: UTC when they are that
 * instant, local when they are the site's wall reading of it; null when neither, or when the two
 * readings coincide (an offset of zero).
 */
export function fieldsReading(fields: WallMs, utcMs: UtcMs, zone: string): ZoneReading | null {
  const wall = toWall(zone, utcMs);
  if (wall === utcMs) return null;
  return fields === utcMs ? 'utc' : fields === wall ? 'local' : null;
}

/**
 * What a record with a site-local timestamp says of its id's fields: only a wall time that names one
 * instant can be compared (a repeated hour's names two).
 */
export function idReadingOfWall(idFields: WallMs, wall: WallMs, zone: string): ZoneReading | null {
  const r = resolveWall(zone, wall);
  return r.kind === 'unique' ? fieldsReading(idFields, r.utcMs, zone) : null;
}
