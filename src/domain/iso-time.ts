/**
 * ISO 8601 instants from the services: the fixed-format fast path a year of RSAM needs, and the
 * other plausible spellings of UTC. Its own module, so the pages that never read such times (and the
 * landing page) do not carry it.
 */
type UtcMs = number;

/** Calendar and clock fields in range (a NaN field fails too): `Date.UTC` would roll them over. */
function fieldsValid(y: number, mo: number, d: number, h: number, mi: number, s: number): boolean {
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
 * A UTC timestamp in any ISO 8601 spelling a service may plausibly send (spec 01 §2.2 shows
 * `…Z`; `+00:00` is what Python's `isoformat()` writes, some write `z` or a space for `T`, and an
 * explicit offset is honoured). NaN when not a time or out of range.
 */
export function parseIsoUtc(s: string): UtcMs {
  const fast = parseIsoUtcFast(s);
  if (!Number.isNaN(fast)) return fast;
  const m = /^(\d{4})-(\d\d)-(\d\d)[Tt ](\d\d):(\d\d)(?::(\d\d)(\.\d+)?)?([Zz]|([+-])(\d\d):?(\d\d))$/.exec(s);
  if (!m) return Number.NaN;
  const n = m.map(Number);
  const sec = n[6] || 0;
  if (!fieldsValid(n[1]!, n[2]!, n[3]!, n[4]!, n[5]!, sec) || n[10]! > 23 || n[11]! > 59) return Number.NaN;
  const offsetMin = m[9] ? (m[9] === '-' ? -1 : 1) * (n[10]! * 60 + n[11]!) : 0;
  return Date.UTC(n[1]!, n[2]! - 1, n[3]!, n[4]!, n[5]!, sec, Math.round((n[7] || 0) * 1000)) - offsetMin * 60_000;
}

/**
 * A time the documents call UTC, written with or without its `Z`: `Date.parse` would read a bare
 * `2025-01-01T10:00:00` in the browser's own zone, and it would then be shown as UTC.
 */
export function parseDocumentedUtc(s: string): UtcMs {
  return parseIsoUtc(/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?$/.test(s) ? `${s}Z` : s);
}
