import { describe, expect, it } from 'vitest';
import { crossesUtcMidnight, dailyWindow, wholeUtcDays, windowsWithinUtcDays } from './daily-window';

const Z = (s: string) => Date.parse(s);

describe('daily windows of minutely and hourly sampling', () => {
  it('reads the window from the two times of day and tells when it would cross midnight UTC', () => {
    expect(dailyWindow(Z('2025-03-01T06:00:00Z'), Z('2025-03-03T18:30:00Z'))).toEqual({ start: 21_600, end: 66_600 });
    expect(crossesUtcMidnight(Z('2025-03-01T06:00:00Z'), Z('2025-03-03T18:30:00Z'))).toBe(false);
    expect(crossesUtcMidnight(Z('2025-03-01T22:00:00Z'), Z('2025-03-02T02:00:00Z'))).toBe(true);
    expect(crossesUtcMidnight(Z('2025-03-01T22:00:00Z'), Z('2025-03-01T22:00:00Z'))).toBe(false);
  });

  it('covers a stretch with whole UTC days, or with one window inside each UTC day', () => {
    const from = Z('2025-03-01T22:10:00Z');
    const to = Z('2025-03-02T01:49:59Z');
    expect(wholeUtcDays(from, to)).toEqual({ from: Z('2025-03-01T00:00:00Z'), to: Z('2025-03-02T23:59:59Z') });
    expect(windowsWithinUtcDays(from, to)).toEqual([
      { from, to: Z('2025-03-01T23:59:59Z') },
      { from: Z('2025-03-02T00:00:00Z'), to },
    ]);
    expect(windowsWithinUtcDays(from, Z('2025-03-04T01:00:00Z'))).toEqual([
      { from, to: Z('2025-03-01T23:59:59Z') },
      { from: Z('2025-03-02T00:00:00Z'), to: Z('2025-03-03T23:59:59Z') },
      { from: Z('2025-03-04T00:00:00Z'), to: Z('2025-03-04T01:00:00Z') },
    ]);
    for (const w of windowsWithinUtcDays(from, to)) expect(crossesUtcMidnight(w.from, w.to)).toBe(false);
    expect(windowsWithinUtcDays(Z('2025-03-01T02:00:00Z'), Z('2025-03-01T05:00:00Z'))).toHaveLength(1);
  });
});
