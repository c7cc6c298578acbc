/**
 * A camera's newest image. The wall asks one site at freq=all, newest first, so the service answers
 * in the site's local time and sorts by it (spec 01 §4.5): in a fall-back hour the first answer can
 * be a frame of the first pass, an hour old, while the second pass goes on. The answers are ordered
 * here by instant, each read from the answer's evidence (src/domain/local-time-evidence.ts).
 * Loaded by the wall only while some camera's newest answer is in a repeated hour (use-wall-data.ts).
 */
import type { ImageRecord } from '../../api/imagery/imagery-shapes';
import { parseImageId } from '../../domain/image-id';
import { parseWall } from '../../domain/local-time';
import { resolveLocalTimes, type EvidencedTime } from '../../domain/local-time-evidence';
import { parseIsoUtcFast, type UtcMs } from '../../domain/time';
import { latestPossible, type NewestOf, type TimedImage } from './timed-image';

const asIs = (r: ImageRecord): EvidencedTime => ({ kind: 'unique', utcMs: r.time.utcMs });

/** Every record with its instant, newest first (an undecided one by its later reading). */
export function byInstant(records: readonly ImageRecord[], now: UtcMs): TimedImage[] {
  const local = records.filter((r) => r.time.kind === 'site-local' && !r.time.zoneUnknown);
  const zone = local[0]?.time.kind === 'site-local' ? local[0].time.zone : null;
  const times = zone
    ? resolveLocalTimes(
        local.map((r) => ({
          wall: r.time.kind === 'site-local' ? (parseWall(r.time.local) ?? r.time.utcMs) : r.time.utcMs,
          idFields: parseImageId(r.image_id)?.utcMs,
          // Documented as UTC with `Z` (spec 01 §2.4); any other form is no evidence (NaN).
          createdAt: r.created_at ? parseIsoUtcFast(r.created_at) : null,
        })),
        zone,
        now,
      )
    : [];
  const timed = records.map((record) => {
    const i = local.indexOf(record);
    return { record, time: i >= 0 && times[i] ? times[i] : asIs(record) };
  });
  // Stable: records of equal or undecided instants keep the service's order.
  return timed.sort((a, b) => latestPossible(b.time) - latestPossible(a.time));
}

/** The newest of the records of one camera's answers (duplicates across answers count once). */
export const newestImage: NewestOf = (records, now) => {
  const seen = new Set<string>();
  const unique = records.filter((r) => !seen.has(r.image_id) && !!seen.add(r.image_id));
  return byInstant(unique, now)[0] ?? null;
};
