/**
 * Instants of site-local wall times read from evidence. A wall time in a fall-back hour names two
 * instants (src/domain/local-time.ts); an answer often says which one it is:
 * - nothing is captured after now, so a reading still in the future is not the one;
 * - `created_at` (UTC) is when the record was made, at or after the capture: a reading after it is
 *   not the one;
 * - an id's time fields (spec 01 §2.4 names no zone for them) decide when they read as one of the two
 *   instants in UTC and not as the wall time itself; whether the ids are in UTC or in wall time is
 *   learnt from the answer's unambiguous records, whose two readings differ, and from what other
 *   answers of the host taught (zone-learning.ts, passed in as `idFields`);
 * - the answer's order: sorted by instant (as a service may sort even where it says "local time"),
 *   the wall times of a repeated hour run twice, and the step back between the passes places every
 *   record of the run before it in the first pass and of the run after it in the second. Sorted by
 *   wall time (spec 01 §4.5: by local site time for one site at freq=all), the passes interleave and
 *   the order places no record; sorts here are stable, so the answer's order stays among records
 *   whose instants are equal or undecided.
 * An answer whose records contradict each other decides nothing by that evidence.
 * What the evidence cannot decide stays `ambiguous`, with both instants, for the screen to say so.
 */
import { resolveWall, type LocalResolution, type WallMs } from './local-time';
import { addReading, idReadingOfWall, NO_READINGS, verdictOf, type ZoneVerdict } from './zone-learning';

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

export type EvidenceKind = 'now' | 'created_at' | 'id' | 'order';

export type EvidencedTime =
  | { kind: 'unique'; utcMs: UtcMs }
  /** A fall-back hour's wall time whose instant the evidence decided. */
  | { kind: 'decided'; utcMs: UtcMs; by: EvidenceKind }
  /**
   * Undecided: `utcMs` is the earlier instant, `later` the other. `likelyLater`: made within minutes
   * of the second pass, so over an hour after the first; likelier, not certain (a record may be
   * stored late).
   */
  | { kind: 'ambiguous'; utcMs: UtcMs; later: UtcMs; likelyLater?: true }
  /** A time the zone skips by this browser's rules: `utcMs` reads it after the jump, for order only. */
  | { kind: 'nonexistent'; utcMs: UtcMs };

export interface ResolveOptions {
  /**
   * The zone of the ids' fields as learned from other answers of the same host and site
   * (zone-learning.ts); this answer's own records count too.
   */
  idFields?: ZoneVerdict | undefined;
  /** How the answer is sorted (its items are given in the answer's order); absent: unknown. */
  order?: 'asc' | 'desc' | null | undefined;
}

/** Whether the ids of an answer carry UTC or wall fields, from its unambiguous records and what was learned before. */
function idConvention(items: readonly LocalTimeEvidence[], zone: string, learned: ZoneVerdict): ZoneVerdict {
  let tally = { ...NO_READINGS };
  if (learned === 'utc' || learned === 'local') tally = addReading(tally, learned);
  for (const it of items)
    if (it.idFields != null) tally = addReading(tally, idReadingOfWall(it.idFields, it.wall, zone));
  return learned === 'conflict' ? 'conflict' : verdictOf(tally);
}

/**
 * The pass of each record of a repeated hour, by the answer's order: 0 for the first, 1 for the
 * second; empty unless the answer steps back in wall time inside a repeated hour and nowhere else.
 */
function passesByOrder(
  items: readonly LocalTimeEvidence[],
  resolved: readonly LocalResolution[],
  order: 'asc' | 'desc',
): Map<number, 0 | 1> {
  const seq = items.map((_, i) => i);
  if (order === 'desc') seq.reverse();
  const passes = new Map<number, 0 | 1>();
  const sameHour = (a: number, b: number) => {
    const ra = resolved[a]!;
    const rb = resolved[b]!;
    // Earlier readings closer than the change itself: the same repeated hour.
    return ra.kind === 'ambiguous' && rb.kind === 'ambiguous' && Math.abs(ra.utcMs - rb.utcMs) < ra.later - ra.utcMs;
  };
  for (let k = 1; k < seq.length; k++) {
    const prev = seq[k - 1]!;
    const cur = seq[k]!;
    if (items[cur]!.wall >= items[prev]!.wall) continue;
    const r = resolved[cur]!;
    // A step back anywhere else, or by more than the change, is no order by instant.
    if (!sameHour(prev, cur) || r.kind !== 'ambiguous' || items[prev]!.wall - items[cur]!.wall > r.later - r.utcMs)
      return new Map();
    for (let j = k - 1; j >= 0 && sameHour(seq[j]!, cur); j--) passes.set(seq[j]!, 0);
    for (let j = k; j < seq.length && sameHour(seq[j]!, cur); j++) passes.set(seq[j]!, 1);
  }
  return passes;
}

/** The instant of each item of one answer, in `zone`, as far as the answer, `now` and what was learned tell. */
export function resolveLocalTimes(
  items: readonly LocalTimeEvidence[],
  zone: string,
  now: UtcMs = Date.now(),
  opts: ResolveOptions = {},
): EvidencedTime[] {
  const resolved = items.map((it) => resolveWall(zone, it.wall));
  let convention: ZoneVerdict | undefined;
  let byOrder: Map<number, 0 | 1> | undefined;
  return items.map((it, i): EvidencedTime => {
    const r = resolved[i]!;
    if (r.kind === 'unique') return r;
    if (r.kind === 'nonexistent') return { kind: 'nonexistent', utcMs: r.shifted };
    const both = [r.utcMs, r.later];
    const afterNow = both.filter((t) => t <= now + SLACK_MS);
    if (afterNow.length === 1) return { kind: 'decided', utcMs: afterNow[0]!, by: 'now' };
    if (it.createdAt != null && !Number.isNaN(it.createdAt)) {
      const made = both.filter((t) => t <= it.createdAt! + SLACK_MS);
      if (made.length === 1) return { kind: 'decided', utcMs: made[0]!, by: 'created_at' };
    }
    if (it.idFields != null) {
      convention ??= idConvention(items, zone, opts.idFields ?? null);
      const named = both.filter((t) => t === it.idFields);
      // Fields equal to one instant but not to the wall time can only be UTC fields.
      if (named.length === 1 && (convention === 'utc' || (convention === null && it.idFields !== it.wall)))
        return { kind: 'decided', utcMs: named[0]!, by: 'id' };
    }
    if (opts.order) {
      byOrder ??= passesByOrder(items, resolved, opts.order);
      const pass = byOrder.get(i);
      if (pass !== undefined) return { kind: 'decided', utcMs: both[pass]!, by: 'order' };
    }
    const lag = it.createdAt != null ? it.createdAt - r.later : Number.NaN;
    return Math.abs(lag) <= SLACK_MS
      ? { kind: 'ambiguous', utcMs: r.utcMs, later: r.later, likelyLater: true }
      : { kind: 'ambiguous', utcMs: r.utcMs, later: r.later };
  });
}
