/**
 * The zone of a v1 timestamp (spec 02 §2 gives none), learned from its record: the record's image id
 * is the v2 id of the same image, whose fields' zone v2 answers show (zone-learning.ts). Once that
 * zone is known, the timestamp's follows from comparing the two; where they differ by the site's
 * offset, the comparison alone tells both. Where the site's offset is zero a record tells nothing.
 */
import { resolveWall, toWall, type WallMs } from './local-time';
import {
  addReading,
  NO_READINGS,
  verdictOf,
  type ReadingTally,
  type ZoneReading,
  type ZoneVerdict,
} from './zone-learning';

/** How a v1 record's timestamp reads against its id. */
export type LegacyRecordReading =
  /** `ids` says which zone the id's fields were taken in to decide it (learned, or implied by an offset). */
  | { reading: ZoneReading; ids: ZoneReading; implied: boolean }
  /** The timestamp is the id's fields: the same zone, which the ids' zone would tell. */
  | { reading: 'as-id' };

/**
 * What one v1 record says of its timestamp's zone, given the zone of the ids' fields when learned
 * (`ids`). Null when it tells nothing (offset zero, or fields that match no reading).
 */
export function legacyRecordReading(
  idFields: WallMs,
  stamp: WallMs,
  zone: string,
  ids: ZoneReading | null,
): LegacyRecordReading | null {
  const local = resolveWall(zone, idFields);
  const idAsLocal =
    local.kind === 'unique' ? [local.utcMs] : local.kind === 'ambiguous' ? [local.utcMs, local.later] : [];
  // Every [ids' zone, timestamp's zone] that makes the two the same capture.
  const fits: Array<readonly [ZoneReading, ZoneReading]> = [];
  if (stamp === idFields) fits.push(['utc', 'utc'], ['local', 'local']);
  if (stamp === toWall(zone, idFields)) fits.push(['utc', 'local']);
  if (idAsLocal.includes(stamp)) fits.push(['local', 'utc']);
  const kept = ids === null ? fits : fits.filter((f) => f[0] === ids);
  const stampZones = new Set(kept.map((f) => f[1]));
  if (stampZones.size === 1) {
    const [idsZone, reading] = kept[0]!;
    return { reading, ids: idsZone, implied: ids === null };
  }
  // Equal fields alone: the same zone as the ids, whichever it is (with any other fit, nothing is told).
  return ids === null && kept.length === 2 && stamp === idFields ? { reading: 'as-id' } : null;
}

/** What a v1 answer says of its timestamps' zone, and on what evidence. */
export interface LegacyZoneEvidence {
  /** The timestamps' zone, or null when the answer does not decide it. */
  reading: ZoneReading | null;
  /**
   * - `ids`: the timestamps equal, or are the site-local reading of, their ids' fields, whose zone v2
   *   answers showed (`ids`);
   * - `offset`: they differ from their ids' fields by the site's offset, which fits one way only;
   * - `as-id`: they equal their ids' fields, whose zone is not known: undecided;
   * - `conflict`: records read both ways: undecided;
   * - `none`: no record could be compared (no ids of the known shape, or an offset of zero).
   */
  basis: 'ids' | 'offset' | 'as-id' | 'conflict' | 'none';
  /** The ids' zone the reading rests on (learned, or implied by the offset). */
  ids: ZoneReading | null;
  tally: ReadingTally;
}

export interface LegacyEvidenceItem {
  idFields: WallMs | null;
  stamp: WallMs;
  /** The site's zone; null when unknown (nothing can be compared). */
  zone: string | null;
}

/** Reads a v1 answer's timestamps' zone from its records' ids; `ids` is the ids' zone where learned. */
export function legacyTimestampZone(items: readonly LegacyEvidenceItem[], ids: ZoneVerdict): LegacyZoneEvidence {
  const known = ids === 'utc' || ids === 'local' ? ids : null;
  let tally: ReadingTally = { ...NO_READINGS };
  let asId = 0;
  let implied = 0;
  const impliedIds = new Set<ZoneReading>();
  for (const it of items) {
    if (it.idFields === null || it.zone === null) continue;
    const r = legacyRecordReading(it.idFields, it.stamp, it.zone, known);
    if (!r) continue;
    if (r.reading === 'as-id') {
      asId++;
      continue;
    }
    tally = addReading(tally, r.reading);
    if (r.implied) {
      implied++;
      impliedIds.add(r.ids);
    }
  }
  const v = verdictOf(tally);
  if (v === 'conflict' || impliedIds.size > 1 || (implied > 0 && asId > 0))
    return { reading: null, basis: 'conflict', ids: known, tally };
  if (v !== null)
    return known
      ? { reading: v, basis: 'ids', ids: known, tally }
      : { reading: v, basis: 'offset', ids: [...impliedIds][0] ?? null, tally };
  return { reading: null, basis: asId > 0 ? 'as-id' : 'none', ids: known, tally };
}
