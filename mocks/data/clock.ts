/**
 * The mock's clock arithmetic: formatting and parsing of the service's date forms (spec 01 §2.2,
 * §2.4, §4.1, §4.5) and zone offsets, fast enough for generators that emit hundreds of thousands of
 * stamps. Epoch milliseconds throughout.
 */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Start of the mock archive (first RSAM point and first image). */
export const ARCHIVE_START = Date.UTC(2024, 0, 1);

const pad2 = (n: number): string => (n < 10 ? '0' + n : String(n));
const pad3 = (n: number): string => (n < 10 ? '00' + n : n < 100 ? '0' + n : String(n));

const dayPrefixCache = new Map<number, string>();
/** `YYYY-MM-DD` of UTC day number `day` (days since epoch). */
export function dayString(day: number): string {
  let s = dayPrefixCache.get(day);
  if (s === undefined) {
    const d = new Date(day * DAY_MS);
    s = `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
    if (dayPrefixCache.size > 20000) dayPrefixCache.clear();
    dayPrefixCache.set(day, s);
  }
  return s;
}

const HMS: string[] = [];
/** `HH:MM:SS` for a second of the day, from a lazily built table. */
export function hms(secOfDay: number): string {
  if (HMS.length === 0) {
    for (let s = 0; s < 86400; s++)
      HMS.push(`${pad2(Math.floor(s / 3600))}:${pad2(Math.floor(s / 60) % 60)}:${pad2(s % 60)}`);
  }
  return HMS[secOfDay] ?? '00:00:00';
}

/** `YYYY-MM-DDTHH:MM:SS` of a wall-clock instant `t` (ms, read as UTC fields; whole seconds). */
export function isoNoZone(t: number): string {
  const day = Math.floor(t / DAY_MS);
  return `${dayString(day)}T${hms(Math.floor((t - day * DAY_MS) / 1000))}`;
}

/** `YYYY-MM-DDTHH:MM:SSZ`. */
export function isoZ(t: number): string {
  return isoNoZone(t) + 'Z';
}

/** `yyyymmdd` and `hhmmss` of a UTC instant. */
export function compactDate(t: number): string {
  return dayString(Math.floor(t / DAY_MS)).replace(/-/g, '');
}
export function compactTime(t: number): string {
  const day = Math.floor(t / DAY_MS);
  return hms(Math.floor((t - day * DAY_MS) / 1000)).replace(/:/g, '');
}

/** UTC instant of the given calendar fields, or null when they name no real instant (e.g. 31 April). */
function utcOf(y: number, mo: number, d: number, h = 0, mi = 0, sec = 0): number | null {
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || sec > 59) return null;
  const t = Date.UTC(y, mo - 1, d, h, mi, sec);
  // Date.UTC rolls 31 April over to 1 May and maps years 0–99 to 1900–1999: a real date survives.
  const back = new Date(t);
  return back.getUTCDate() === d && back.getUTCFullYear() === y ? t : null;
}

/** `YYYYMMDD` (the seismic datefrom/dateto of spec 01 §4.1) as the start of that UTC day; null when malformed. */
export function parseCompactDay(s: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  return m ? utcOf(+m[1]!, +m[2]!, +m[3]!) : null;
}

/** `yyyymmddhhmmss` in UTC (the imagery datefrom/dateto of spec 01 §4.5); null when malformed. */
export function parseImageryStamp(s: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(s);
  return m ? utcOf(+m[1]!, +m[2]!, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : null;
}

/** Day of year (1-based, 3 digits) of the UTC day of `t`. */
export function dayOfYear3(t: number): string {
  const d = new Date(t);
  const start = Date.UTC(d.getUTCFullYear(), 0, 1);
  return pad3(Math.floor((t - start) / DAY_MS) + 1);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsetCache = new Map<string, number>();

/** Offset of `zone` from UTC at `t` in ms (east positive). Cached per zone and UTC hour. */
export function zoneOffsetMs(zone: string, t: number): number {
  if (zone === 'UTC') return 0;
  const hour = Math.floor(t / HOUR_MS);
  const key = zone + '|' + hour;
  let off = offsetCache.get(key);
  if (off === undefined) {
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
    const at = hour * HOUR_MS;
    const p: Record<string, number> = {};
    for (const part of f.formatToParts(at)) if (part.type !== 'literal') p[part.type] = Number(part.value);
    const wall = Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
    off = wall - at;
    if (offsetCache.size > 200000) offsetCache.clear();
    offsetCache.set(key, off);
  }
  return off;
}

/** Wall-clock ms of `t` in `zone` (UTC fields of the result are the local fields). */
export function toWall(zone: string, t: number): number {
  return t + zoneOffsetMs(zone, t);
}

/**
 * The first instant whose local wall-clock reading in `zone` is at or after `wall` (ms, UTC fields =
 * local fields): a repeated hour gives its first pass, a skipped time the instant the clocks jumped.
 * A local day must start there: Santiago skips midnight on its September change (00:00 → 01:00),
 * so that day begins at the jump, not an hour earlier while the wall still reads the day before.
 */
export function fromWall(zone: string, wall: number): number {
  // Zone changes are months apart and offsets within ±14 h, so the offsets a day either side are
  // the only two this wall can have been read with.
  const before = zoneOffsetMs(zone, wall - DAY_MS);
  const after = zoneOffsetMs(zone, wall + DAY_MS);
  const early = wall - Math.max(before, after);
  const late = wall - Math.min(before, after);
  if (toWall(zone, early) === wall) return early;
  if (toWall(zone, late) === wall) return late;
  // Skipped: the jump lies between the two readings. Offsets are sampled per UTC hour, and every
  // camera zone changes on a whole UTC hour, so the first hour there reading past `wall` is it.
  for (let h = Math.ceil(early / HOUR_MS) * HOUR_MS; h <= late; h += HOUR_MS) if (toWall(zone, h) >= wall) return h;
  return late;
}

/** UTC instant at which local day `localDay` (days since epoch of the wall clock) begins. */
export function localDayStartUtc(zone: string, localDay: number): number {
  return fromWall(zone, localDay * DAY_MS);
}

/** Local day number (days since epoch on the wall clock) of instant `t`. */
export function localDayOf(zone: string, t: number): number {
  return Math.floor(toWall(zone, t) / DAY_MS);
}
