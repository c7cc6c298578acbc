/**
 * Instants of site-local wall times read from evidence. A wall time in a fall-back hour names two
 * instants (src/domain/local-time.ts); an answer often says which one it is:
 * - nothing is captured after now, so a reading still in the future is not the one;
 * - `created_at` (UTC) is when the record was made, at or after the capture: a reading after it is
 *   not the one;
 * - an id's time fields (spec 01 §2.4 names no zone for them) decide when they read as one of the two
 *   instants in UTC and not as the wall time itself; whether an answer's ids are in UTC or in wall
 *   time is learnt from its unambiguous records, whose two readings differ.
 * The service's order (spec 01 §4.5: by local site time for one site at freq=all) interleaves the two
 * passes of a repeated hour, so it places no record in either; sorts here are stable, so the answer's
 * order stays among records whose instants are equal or undecided.
 * What the evidence cannot decide stays `ambiguous`, with both instants, for the screen to say so.
 */
import { resolveWall, type WallMs } from './local-time';

type UtcMs = number;

/** Time the service's clock may be ahead of this browser's, or a record stamped before its capture. */
const SLACK_MS = 10 * 60_000;

export interface LocalTimeEvidence {
  /** The wall reading (fields encoded as if UTC, `parseWall`). */
  wall: WallMs;
  /** The id's time fields encoded the same way, when it has them. */
  idFields?: WallMs | null | undefined;
  /** When the record was made, a UTC instant (`created_at`). */
  createdAt?: UtcMs | null | undefined;
}

export type EvidencedTime =
  | { kind: 'unique'; utcMs: UtcMs }
  /** A fall-back hour's wall time whose instant the evidence decided. */
  | { kind: 'decided'; utcMs: UtcMs; by: 'now' | 'created_at' | 'id' }
  /** Undecided: `utcMs` is the earlier instant, `later` the other. */
  | { kind: 'ambiguous'; utcMs: UtcMs; later: UtcMs }
  /** A time the zone skips by this browser's rules: `utcMs` reads it after the jump, for order only. */
  | { kind: 'nonexistent'; utcMs: UtcMs };

/** Whether the ids of an answer carry UTC fields, wall fields, or cannot be told, from its unambiguous records. */
function idConvention(items: readonly LocalTimeEvidence[], zone: string): 'utc' | 'wall' | null {
  let utc = 0;
  let wall = 0;
  for (const it of items) {
    if (it.idFields == null) continue;
    const r = resolveWall(zone, it.wall);
    if (r.kind !== 'unique' || r.utcMs === it.wall) continue;
    if (it.idFields === r.utcMs) utc++;
    else if (it.idFields === it.wall) wall++;
  }
  return utc > 0 && wall === 0 ? 'utc' : wall > 0 && utc === 0 ? 'wall' : null;
}

/** The instant of each item of one answer, in `zone`, as far as the answer and `now` tell. */
export function resolveLocalTimes(
  items: readonly LocalTimeEvidence[],
  zone: string,
  now: UtcMs = Date.now(),
): EvidencedTime[] {
  let convention: 'utc' | 'wall' | null | undefined;
  return items.map((it): EvidencedTime => {
    const r = resolveWall(zone, it.wall);
    if (r.kind === 'unique') return r;
    if (r.kind === 'nonexistent') return { kind: 'nonexistent', utcMs: r.shifted };
    const both = [r.utcMs, r.later];
    const afterNow = both.filter((t) => t <= now + SLACK_MS);
    if (afterNow.length === 1) return { kind: 'decided', utcMs: afterNow[0]!, by: 'now' };
    if (it.createdAt != null) {
      const made = both.filter((t) => t <= it.createdAt! + SLACK_MS);
      if (made.length === 1) return { kind: 'decided', utcMs: made[0]!, by: 'created_at' };
    }
    if (it.idFields != null) {
      convention ??= idConvention(items, zone);
      const named = both.filter((t) => t === it.idFields);
      // Fields equal to one instant but not to the wall time can only be UTC fields.
      if (named.length === 1 && (convention === 'utc' || (convention === null && it.idFields !== it.wall)))
        return { kind: 'decided', utcMs: named[0]!, by: 'id' };
    }
    return { kind: 'ambiguous', utcMs: r.utcMs, later: r.later };
  });
}
