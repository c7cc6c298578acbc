import {
  daySpan,
  formatImageryDateTime,
  formatSeismicDate,
  formatUtcLabel,
  localIsoToUtc,
  parseDay,
  parseIsoDay,
  parseImageryDateTime,
  parseListedDay,
  formatDuration,
} from './time';
import { formatLocalLabel, zoneOffsetMinutes } from './zoned-time';

describe('API date formats', () => {
  it('formats seismic days and imagery date-times in UTC', () => {
    const t = Date.UTC(2025, 0, 5, 23, 59, 7);
    expect(formatSeismicDate(t)).toBe('20250105');
    expect(formatImageryDateTime(t)).toBe('20250105235907');
  });

  it('round-trips imagery date-times and rejects impossible ones', () => {
    expect(parseImageryDateTime('20250228120000')).toBe(Date.UTC(2025, 1, 28, 12));
    expect(parseImageryDateTime('20250230120000')).toBeNull();
    expect(parseImageryDateTime('2025022812000')).toBeNull();
    expect(parseImageryDateTime('20250101246000')).toBeNull();
  });

  it('parses days in both forms and rejects rolled-over dates', () => {
    expect(parseDay('2025-03-01')).toBe(Date.UTC(2025, 2, 1));
    expect(parseDay('20250301')).toBe(Date.UTC(2025, 2, 1));
    expect(parseDay('2025-02-29')).toBeNull();
    expect(parseDay('2024-02-29')).toBe(Date.UTC(2024, 1, 29));
    expect(parseDay('<script>')).toBeNull();
  });

  it('parses dashed days only where a URL or a date input is read', () => {
    expect(parseIsoDay('2025-03-01')).toBe(Date.UTC(2025, 2, 1));
    expect(parseIsoDay('20250301')).toBeNull();
    expect(parseIsoDay('2025-02-29')).toBeNull();
  });
});

describe('site-local time across daylight-saving changes', () => {
  it('Santiago: clocks go back on 2025-04-06 (UTC-3 → UTC-4)', () => {
    expect(zoneOffsetMinutes(Date.UTC(2025, 3, 5, 12), 'America/Santiago')).toBe(-180);
    expect(zoneOffsetMinutes(Date.UTC(2025, 3, 7, 12), 'America/Santiago')).toBe(-240);
    expect(localIsoToUtc('2025-04-05T10:00', 'America/Santiago')).toBe(Date.UTC(2025, 3, 5, 13));
    expect(localIsoToUtc('2025-04-07T10:00', 'America/Santiago')).toBe(Date.UTC(2025, 3, 7, 14));
  });

  it('Canaries: clocks go forward on 2025-03-30 (WET → WEST)', () => {
    expect(localIsoToUtc('2025-03-29T10:00:00', 'Atlantic/Canary')).toBe(Date.UTC(2025, 2, 29, 10));
    expect(localIsoToUtc('2025-03-31T10:00:00', 'Atlantic/Canary')).toBe(Date.UTC(2025, 2, 31, 9));
    expect(formatLocalLabel(Date.UTC(2025, 2, 31, 9), 'Atlantic/Canary')).toMatch(/^2025-03-31 10:00:00 /);
  });

  it('Costa Rica keeps UTC-6 all year', () => {
    expect(zoneOffsetMinutes(Date.UTC(2025, 0, 15), 'America/Costa_Rica')).toBe(-360);
    expect(zoneOffsetMinutes(Date.UTC(2025, 6, 15), 'America/Costa_Rica')).toBe(-360);
  });

  it('Adak observes US daylight time (HST → HDT)', () => {
    expect(zoneOffsetMinutes(Date.UTC(2025, 0, 15), 'America/Adak')).toBe(-600);
    expect(zoneOffsetMinutes(Date.UTC(2025, 6, 15), 'America/Adak')).toBe(-540);
  });

  it('rejects malformed local times', () => {
    expect(localIsoToUtc('2025-13-01T10:00', 'UTC')).toBeNull();
    expect(localIsoToUtc('yesterday', 'UTC')).toBeNull();
  });
});

describe('labels name their zone', () => {
  it('UTC labels end in UTC', () => {
    expect(formatUtcLabel(Date.UTC(2025, 0, 1, 4, 5, 6))).toBe('2025-01-01 04:05:06 UTC');
  });
  it('durations read naturally', () => {
    expect(formatDuration(45_000)).toBe('45 s');
    expect(formatDuration(12 * 60_000)).toBe('12 min');
    expect(formatDuration(3 * 3_600_000 + 5 * 60_000)).toBe('3 h 05 min');
    expect(formatDuration(52 * 3_600_000)).toBe('2 d 4 h');
  });
});

describe('daySpan', () => {
  it('finds the first and last day of an archive too long to spread into Math.min', () => {
    const days = Array.from({ length: 300_000 }, (_, i) => ((i * 7919) % 300_000) * 86_400_000);
    expect(daySpan(days)).toEqual({ min: 0, max: 299_999 * 86_400_000 });
  });

  it('says nothing for an empty list', () => {
    expect(daySpan([])).toBeNull();
  });
});

describe('parseListedDay', () => {
  it('reads the three day formats the dates endpoints may use as the same UTC day', () => {
    const day = Date.UTC(2025, 0, 5);
    expect([parseListedDay('2025-01-05'), parseListedDay('20250105'), parseListedDay('2025-01-05T00:00:00Z')]).toEqual([
      day,
      day,
      day,
    ]);
    expect(parseListedDay('not a day')).toBeNull();
  });
});
