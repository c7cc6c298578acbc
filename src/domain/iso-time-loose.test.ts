import { describe, expect, it } from 'vitest';
import { parseIsoUtcFast } from './time';
import { parseDocumentedUtc, parseIsoUtc } from './iso-time-loose';

describe('ISO UTC timestamps', () => {
  it('parses the API UTC timestamps like Date.parse, and rejects others', () => {
    for (const s of ['2025-01-01T00:00:00Z', '2024-02-29T13:45:59Z', '2025-12-31T23:59:00.000Z']) {
      expect(parseIsoUtcFast(s)).toBe(Date.parse(s));
    }
    expect(parseIsoUtcFast('2025-01-01T00:00:00')).toBeNaN();
    expect(parseIsoUtcFast('2025-01-01 00:00:00Z')).toBeNaN();
    expect(parseIsoUtcFast('garbage')).toBeNaN();
    // Out of range: Date.UTC would roll these over into another time.
    for (const s of ['2025-13-45T99:99:99Z', '2025-02-29T00:00:00Z', '2025-01-01T24:00:00Z', '2025-01-01T00:60:00Z'])
      expect(parseIsoUtcFast(s)).toBeNaN();
    expect(parseIsoUtcFast('2025-01-01T00-00-00Z')).toBeNaN();
  });

  it('reads the other spellings of a UTC timestamp a service may send', () => {
    const t = Date.UTC(2025, 0, 1, 10, 30);
    for (const s of [
      '2025-01-01T10:30:00Z',
      '2025-01-01T10:30:00+00:00',
      '2025-01-01T10:30:00z',
      '2025-01-01 10:30:00Z',
      '2025-01-01T10:30Z',
      '2025-01-01T07:30:00-03:00',
      '2025-01-01T12:30:00+0200',
    ])
      expect(parseIsoUtc(s), s).toBe(t);
    expect(parseIsoUtc('2025-01-01T10:30:00.250+00:00')).toBe(t + 250);
    for (const s of ['2025-01-01T10:30:00', '2025-13-01T10:30:00+00:00', '2025-01-01T10:30:00+25:00', 'soon'])
      expect(parseIsoUtc(s), s).toBeNaN();
  });
});

describe('parseDocumentedUtc', () => {
  it('reads a UTC field as UTC with or without its Z, and honours an explicit offset', () => {
    // A bare time must not take the zone of the machine running the browser: run as in Santiago.
    const tz = process.env.TZ;
    process.env.TZ = 'America/Santiago';
    try {
      expect(new Date(2025, 0, 1).getTimezoneOffset()).toBe(180);
      expect(parseDocumentedUtc('2025-01-01T10:00:00')).toBe(Date.UTC(2025, 0, 1, 10));
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
    expect(parseDocumentedUtc('2025-01-01T10:00:00.250')).toBe(Date.UTC(2025, 0, 1, 10, 0, 0, 250));
    expect(parseDocumentedUtc('2025-01-01T10:00:00Z')).toBe(Date.UTC(2025, 0, 1, 10));
    expect(parseDocumentedUtc('2025-01-01T10:00:00-03:00')).toBe(Date.UTC(2025, 0, 1, 13));
    expect(parseDocumentedUtc('soon')).toBeNaN();
  });
});

describe('fractions of a second', () => {
  it('keeps milliseconds on the fast path and refuses a malformed fraction', () => {
    expect(parseIsoUtcFast('2025-01-01T00:00:00.250Z')).toBe(Date.UTC(2025, 0, 1, 0, 0, 0, 250));
    expect(parseIsoUtcFast('2025-01-01T00:00:00.2x0Z')).toBeNaN();
    expect(parseIsoUtc('2025-01-01T00:00:00.5Z')).toBe(Date.UTC(2025, 0, 1, 0, 0, 0, 500));
  });
});
