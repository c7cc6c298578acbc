/**
 * The spellings of a UTC instant the fast path (time.ts) does not take: its own module, so the
 * chart routes' first paint and the parse worker carry it only in the chunk that reads a body the
 * fast path refused (src/api/decode/body-schemas.ts), and the imagery lightbox.
 */
import { fieldsValid, parseIsoUtcFast, type UtcMs } from './time';

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
