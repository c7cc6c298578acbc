/**
 * Time helpers. Inside the app every instant is a UTC epoch in milliseconds (`UtcMs`);
 * zones only appear at the edges: parsing API strings and formatting for display.
 */
import { resolveLocalIso } from './local-time';

export type UtcMs = number;

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));
const pad4 = (n: number) => String(n).padStart(4, '0');

/** `YYYYMMDD` of the UTC day containing `t` (seismic `datefrom`/`dateto`, spec 01 §4.1). */
export function formatSeismicDate(t: UtcMs): string {
  const d = new Date(t);
  return `${pad4(d.getUTCFullYear())}${pad2(d.getUTCMonth() + 1)}${pad2(d.getUTCDate())}`;
}

/** `YYYY-MM-DD` of the UTC day containing `t`. */
export function formatIsoDay(t: UtcMs): string {
  const d = new Date(t);
  return `${pad4(d.getUTCFullYear())}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}

/** `yyyymmddhhmmss` in UTC (imagery `datefrom`/`dateto`, spec 01 §4.5). */
export function formatImageryDateTime(t: UtcMs): string {
  const d = new Date(t);
  return formatSeismicDate(t) + pad2(d.getUTCHours()) + pad2(d.getUTCMinutes()) + pad2(d.getUTCSeconds());
}

function validUtc(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): UtcMs | null {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const t = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(t);
  // Rejects 2025-02-30 and the like, which Date.UTC silently rolls over.
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return t;
}

/** Parses `YYYYMMDD` or `YYYY-MM-DD` as the start of that UTC day; null when malformed. */
export function parseDay(s: string): UtcMs | null {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(s);
  if (!m) return null;
  return validUtc(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** Parses `YYYY-MM-DD` only (the form of URLs and date inputs) as the start of that UTC day. */
export function parseIsoDay(s: string): UtcMs | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(s) ? parseDay(s) : null;
}

/** Parses `yyyymmddhhmmss` (UTC); null when malformed. */
export function parseImageryDateTime(s: string): UtcMs | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(s);
  if (!m) return null;
  return validUtc(+m[1]!, +m[2]!, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
}

/** A day as the dates endpoints list it (`YYYY-MM-DD`, `YYYYMMDD` or an ISO instant), as its UTC day start. */
export function parseListedDay(s: string | null | undefined): UtcMs | null {
  if (!s) return null;
  const d = parseDay(s.slice(0, 10)) ?? parseDay(s.slice(0, 8));
  if (d !== null) return d;
  const t = Date.parse(s);
  return Number.isNaN(t) ? null : t;
}

/** The first and last of `days` (not `Math.min(...days)`: years of days are too many arguments). */
export function daySpan(days: readonly number[]): { min: number; max: number } | null {
  if (!days.length) return null;
  let min = Infinity;
  let max = -Infinity;
  for (const d of days) {
    if (d < min) min = d;
    if (d > max) max = d;
  }
  return { min, max };
}

/** Calendar and clock fields in range (a NaN field fails too): `Date.UTC` would roll them over. */
export function fieldsValid(y: number, mo: number, d: number, h: number, mi: number, s: number): boolean {
  const days = mo === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : 30 + ((mo + (mo >> 3)) & 1);
  return mo >= 1 && mo <= 12 && d >= 1 && d <= days && h >= 0 && h <= 23 && mi >= 0 && mi <= 59 && s >= 0 && s <= 59;
}

/**
 * Fixed-format parser for the API's `YYYY-MM-DDTHH:MM:SS[.mmm]Z` timestamps (others: `parseIsoUtc`). It is several times
 * faster than `Date.parse`, which matters for a year of RSAM (525,600 points). NaN when malformed
 * or out of range (`2025-13-45T99:99:99Z` is not a time).
 */
export function parseIsoUtcFast(s: string): UtcMs {
  // `-` at 4 and 7, `T` at 10, `:` at 13 and 16, `Z` last.
  const frac = s.length === 24 && s[19] === '.';
  if ((s.length !== 20 && !frac) || s.charCodeAt(s.length - 1) !== 90) return Number.NaN;
  if (s[4] !== '-' || s[7] !== '-' || s[10] !== 'T' || s[13] !== ':' || s[16] !== ':') return Number.NaN;
  const num = (a: number) => {
    const hi = s.charCodeAt(a) - 48;
    const lo = s.charCodeAt(a + 1) - 48;
    return hi >= 0 && hi <= 9 && lo >= 0 && lo <= 9 ? hi * 10 + lo : Number.NaN;
  };
  const y = num(0) * 100 + num(2);
  const [mo, d, h, mi, sec] = [num(5), num(8), num(11), num(14), num(17)] as [number, number, number, number, number];
  const third = s.charCodeAt(22) - 48;
  const ms = !frac ? 0 : third >= 0 && third <= 9 ? num(20) * 10 + third : Number.NaN;
  return fieldsValid(y, mo, d, h, mi, sec) && ms >= 0 && ms <= 999
    ? Date.UTC(y, mo - 1, d, h, mi, sec, ms)
    : Number.NaN;
}

/**
 * Parses `yyyy-mm-ddThh:mm[:ss]` given in `zone` (no suffix) to UTC; null when malformed or when
 * that wall time never existed there (spring-forward). A repeated fall-back time gives the earlier
 * instant (local-time.ts has the details, and says which times are ambiguous).
 */
export function localIsoToUtc(local: string, zone: string): UtcMs | null {
  const r = resolveLocalIso(local, zone);
  return r === null || r.kind === 'nonexistent' ? null : r.utcMs;
}

/** `yyyy-MM-dd HH:mm:ss UTC`: every on-screen timestamp names its zone. */
export function formatUtcLabel(t: UtcMs, withSeconds = true): string {
  // UTC needs no zone data: the ISO form, cut to the minute or second (kept free of date-fns-tz, which
  // the shell would otherwise load before its first paint).
  return `${new Date(t)
    .toISOString()
    .slice(0, withSeconds ? 19 : 16)
    .replace('T', ' ')} UTC`;
}

/** Start of the UTC day containing `t`. */
export function startOfUtcDay(t: UtcMs): UtcMs {
  return Math.floor(t / DAY_MS) * DAY_MS;
}

/** Human duration for ages and waits: `45 s`, `12 min`, `3 h 05 min`, `2 d 4 h`. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h ${pad2(m % 60)} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}

/** Inclusive UTC days: the starts of the first and the last day. */
export interface UtcDayRange {
  fromDay: UtcMs;
  toDay: UtcMs;
}

/**
 * Inclusive UTC days [fromDay, toDay] cut at calendar months, oldest first, so a long range is
 * several cacheable requests; `halves` also cuts each month at the 16th.
 */
export function monthChunks(fromDay: UtcMs, toDay: UtcMs, halves = false): UtcDayRange[] {
  const out: UtcDayRange[] = [];
  let start = fromDay;
  while (start <= toDay) {
    const d = new Date(start);
    const nextMonth = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    const mid = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 16);
    const boundary = halves && start < mid ? mid : nextMonth;
    const end = Math.min(toDay, boundary - DAY_MS);
    out.push({ fromDay: start, toDay: end });
    start = end + DAY_MS;
  }
  return out;
}

/**
 * The start of the newest UTC day the browser may keep RSAM of: the day before yesterday (the
 * service may still add windows to yesterday and today).
 */
export function lastCacheableDay(now: UtcMs): UtcMs {
  return now - (now % DAY_MS) - 2 * DAY_MS;
}
