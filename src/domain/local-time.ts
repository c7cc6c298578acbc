/**
 * Site-local wall-clock times and their UTC instants across daylight-saving changes.
 * A wall time without offset can name two instants (the repeated hour of a fall-back) or none
 * (the skipped hour of a spring-forward). The rules here are the app's one answer to both:
 * - ambiguous: the EARLIER instant (the first pass through the hour), marked so the screen says so;
 * - nonexistent: never produced as if it had existed; callers either refuse it or use the instant
 *   the clock jumped at (`shifted`) and say so.
 */
// Not imported from ./time: time.ts builds localIsoToUtc on this module.
type UtcMs = number;
const DAY_MS = 86_400_000;

/** Wall-clock fields encoded as if UTC: `Date.UTC(y, m, d, h, mi, s)` of the local reading. */
export type WallMs = number;

export type LocalResolution =
  | { kind: 'unique'; utcMs: UtcMs }
  /** Fall-back hour: `utcMs` is the earlier instant, `later` the other one. */
  | { kind: 'ambiguous'; utcMs: UtcMs; later: UtcMs }
  /** Spring-forward gap: no such instant; `shifted` reads the same time after the jump (00:30 → 01:30). */
  | { kind: 'nonexistent'; shifted: UtcMs };

const formatters = new Map<string, Intl.DateTimeFormat>();
const HOUR_MS = 3_600_000;
/** Per zone, per UTC hour: the offset the whole hour has, or NaN when a change falls inside it. */
const hourOffsets = new Map<string, Map<number, number>>();

/**
 * Offset of `zone` at instant `t`, in ms east of UTC, read from Intl's wall fields. (date-fns-tz's
 * getTimezoneOffset reports the new offset up to an hour before Chile's September change.)
 * A page of 200 image labels or a legend under a moving cursor asks for it hundreds of times at
 * once (8 ms a page through Intl each time, measured), so it is kept per zone and hour: a zone's
 * changes are months apart, so an hour whose first and last second read the same offset has it
 * throughout; an hour with a change in it (half-hour zones change at :30 UTC) is read each time.
 */
export function offsetMs(zone: string, t: UtcMs): number {
  if (zone === 'UTC') return 0;
  const hour = Math.floor(t / HOUR_MS);
  let hours = hourOffsets.get(zone);
  if (!hours) {
    hours = new Map();
    hourOffsets.set(zone, hours);
  }
  let off = hours.get(hour);
  if (off === undefined) {
    const first = readOffset(zone, hour * HOUR_MS);
    off = first === readOffset(zone, hour * HOUR_MS + HOUR_MS - 1000) ? first : NaN;
    if (hours.size > 50_000) hours.clear();
    hours.set(hour, off);
  }
  return Number.isNaN(off) ? readOffset(zone, t) : off;
}

function readOffset(zone: string, t: UtcMs): number {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(t)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return wall - (t - (((t % 1000) + 1000) % 1000));
}

/** An offset in ms as ISO 8601 writes it: `+05:30`, `-03:00`. */
export function formatOffset(off: number): string {
  const m = Math.round(Math.abs(off) / 60_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${off < 0 ? '-' : '+'}${two(Math.floor(m / 60))}:${two(m % 60)}`;
}

/** The local wall reading of `t` in `zone`. */
export function toWall(zone: string, t: UtcMs): WallMs {
  return t + offsetMs(zone, t);
}

/**
 * Every zone change is under a day from any wall time, and offsets stay within ±14 h, so the
 * offsets one day before and after are the only two a wall time can have been read with.
 */
export function resolveWall(zone: string, wall: WallMs): LocalResolution {
  const before = offsetMs(zone, wall - DAY_MS);
  const after = offsetMs(zone, wall + DAY_MS);
  const candidates = [...new Set([wall - before, wall - after])]
    .filter((t) => toWall(zone, t) === wall)
    .sort((a, b) => a - b);
  if (candidates.length === 2) return { kind: 'ambiguous', utcMs: candidates[0]!, later: candidates[1]! };
  if (candidates.length === 1) return { kind: 'unique', utcMs: candidates[0]! };
  // Read with the offset before the change, a gap time lands as far past the jump as it was past
  // the skipped hour's start; a skipped midnight lands on the jump itself.
  return { kind: 'nonexistent', shifted: wall - before };
}

const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/;

/** `yyyy-mm-ddThh:mm[:ss]` as wall fields; null when malformed or a rolled-over date. */
export function parseWall(local: string): WallMs | null {
  const m = LOCAL_RE.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [+m[1]!, +m[2]!, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0)];
  if (mo < 1 || mo > 12 || h > 23 || mi > 59 || s > 59) return null;
  const w = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(w);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return w;
}

/** Parses and resolves a zone-less local time; null when malformed. */
export function resolveLocalIso(local: string, zone: string): LocalResolution | null {
  const w = parseWall(local);
  return w === null ? null : resolveWall(zone, w);
}

/** Whether the wall reading of `t` in `zone` also names another instant (a fall-back hour). */
export function isAmbiguousAt(zone: string, t: UtcMs): boolean {
  return resolveWall(zone, toWall(zone, t)).kind === 'ambiguous';
}

/** The wall day (UTC fields) of instant `t` in `zone`, as the start of that day. */
export function localDayOf(zone: string, t: UtcMs): WallMs {
  return Math.floor(toWall(zone, t) / DAY_MS) * DAY_MS;
}

/**
 * First instant of local day `day` (wall midnight). Where midnight itself is skipped (Chile moves
 * its clocks at 24:00), the day starts when the clock jumps.
 */
export function localDayStart(zone: string, day: WallMs): UtcMs {
  const r = resolveWall(zone, day);
  return r.kind === 'nonexistent' ? r.shifted : r.utcMs;
}

/** UTC instants covered by local days `fromDay`..`toDay` inclusive: [start, end] with end to the ms. */
export function localDaysSpan(zone: string, fromDay: WallMs, toDay: WallMs): { start: UtcMs; end: UtcMs } {
  return { start: localDayStart(zone, fromDay), end: localDayStart(zone, toDay + DAY_MS) - 1 };
}

/** First instant whose wall reading in `zone` is at or after `wall` (the jump, for a skipped time). */
function firstAtOrAfter(zone: string, wall: WallMs): UtcMs {
  // Offsets stay within ±14 h, so the instant lies in this bracket; seconds are the finest unit used.
  let lo = wall - 15 * 3_600_000;
  let hi = wall + 15 * 3_600_000;
  while (hi - lo > 1000) {
    const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
    if (toWall(zone, mid) >= wall) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * The instants whose wall reading lies in [fromWall, toWall], inclusive, as a UTC range. A repeated
 * hour at either end is included in full (both passes); a skipped time ends the range at the jump.
 */
export function wallRangeToUtc(zone: string, fromWall: WallMs, toWallMs: WallMs): { start: UtcMs; end: UtcMs } {
  const a = resolveWall(zone, fromWall);
  const b = resolveWall(zone, toWallMs);
  const start = a.kind === 'nonexistent' ? firstAtOrAfter(zone, fromWall) : a.utcMs;
  const end =
    b.kind === 'nonexistent' ? firstAtOrAfter(zone, toWallMs) - 1000 : b.kind === 'ambiguous' ? b.later : b.utcMs;
  return { start, end };
}

/** A zone in a file name, so a file says the zone of its stamps: `UTC`, `America-Adak`. */
export function zoneFileTag(zone: string): string {
  return zone.replace(/[^A-Za-z0-9_+-]+/g, '-');
}
