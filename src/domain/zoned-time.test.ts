import { formatInTimeZone } from 'date-fns-tz';
import { formatInZone, formatLocalLabel, zoneAbbreviation, zoneOffsetMinutes, type ZonePattern } from './zoned-time';

const PATTERNS: ZonePattern[] = [
  'yyyy-MM-dd HH:mm:ss',
  'yyyy-MM-dd HH:mm',
  'yyyy-MM-dd',
  'HH:mm:ss',
  'HH:mm',
  'EEE yyyy-MM-dd',
  'xxx',
];
// The volcanoes' zones, and zones with half-hour offsets and the date line, where a formatter that
// assumes whole hours or one side of UTC would go wrong.
const ZONES = [
  'UTC',
  'America/Santiago',
  'America/Adak',
  'Pacific/Honolulu',
  'Atlantic/Canary',
  'America/Costa_Rica',
  'Asia/Kolkata',
  'America/St_Johns',
  'Pacific/Chatham',
  'Pacific/Kiritimati',
  // Half-hour daylight saving: its changes fall at :30 UTC, inside an hour of local-time's offset cache.
  'Australia/Lord_Howe',
];

describe('formatInZone (Intl) against date-fns-tz, the library it stands in for', () => {
  it('agrees on every pattern, zone and instant, across a year of daylight-saving changes', () => {
    const mismatches: string[] = [];
    // Every 601 minutes through 2025 (prime, so it walks across minutes, hours and weekdays), and
    // every 5 minutes around Santiago's, the Canaries' and Lord Howe's changes, where an offset read
    // at the wrong instant is an hour (or half an hour) off.
    const instants: number[] = [];
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2026, 0, 1); t += 601 * 60_000) instants.push(t + 17_000);
    for (const change of [
      Date.UTC(2025, 3, 6, 3),
      Date.UTC(2025, 8, 7, 4),
      Date.UTC(2025, 2, 30, 1),
      Date.UTC(2025, 9, 26, 1),
      Date.UTC(2025, 3, 5, 15),
      Date.UTC(2025, 9, 4, 15, 30),
    ])
      for (let d = -90; d <= 90; d += 5) instants.push(change + d * 60_000 - 1000);
    // One call to the library per instant: all the patterns at once, split on '|'.
    const joined = PATTERNS.join('|');
    for (const zone of ZONES)
      for (const t of instants) {
        const theirs = formatInTimeZone(t, zone, joined).split('|');
        PATTERNS.forEach((p, i) => {
          const ours = formatInZone(t, zone, p);
          if (ours !== theirs[i]) mismatches.push(`${new Date(t).toISOString()} ${zone} ${p}: ${ours} ≠ ${theirs[i]}`);
        });
      }
    expect(instants.length).toBeGreaterThan(1000);
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it('reads the wall clock on both sides of a change (Santiago, 2025-09-07: 00:00 is skipped)', () => {
    expect(formatLocalLabel(Date.UTC(2025, 8, 7, 3, 59, 59), 'America/Santiago')).toBe('2025-09-06 23:59:59 GMT-4');
    expect(formatLocalLabel(Date.UTC(2025, 8, 7, 4), 'America/Santiago')).toBe('2025-09-07 01:00:00 GMT-3');
    expect(formatInZone(Date.UTC(2025, 8, 7, 4), 'America/Santiago', 'EEE yyyy-MM-dd')).toBe('Sun 2025-09-07');
  });

  it('gives offsets in minutes east, half hours included', () => {
    expect(zoneOffsetMinutes(Date.UTC(2025, 0, 1), 'Asia/Kolkata')).toBe(330);
    expect(zoneOffsetMinutes(Date.UTC(2025, 6, 1), 'America/St_Johns')).toBe(-150);
    expect(formatInZone(Date.UTC(2025, 6, 1), 'America/St_Johns', 'xxx')).toBe('-02:30');
    expect(zoneAbbreviation(Date.UTC(2025, 0, 15), 'Pacific/Honolulu')).toBe('HST');
  });

  it('refuses a zone it does not know rather than printing UTC as if it were local', () => {
    expect(() => formatInZone(0, 'Mars/Olympus_Mons', 'HH:mm')).toThrow(RangeError);
  });
});
