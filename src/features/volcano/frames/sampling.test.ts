import { describe, expect, it } from 'vitest';
import { crossesUtcMidnight } from '../../../domain/daily-window';
import { chooseFreq, requestWindow, requestWindows, pagesToLoad } from './sampling';

const H = 3_600_000;
const D = 24 * H;
const T = Date.parse('2025-03-03T04:12:00Z');
const Z = (s: string) => Date.parse(s);

describe('sampling', () => {
  it('chooses coarser sampling for longer ranges', () => {
    expect(chooseFreq(60 * D)).toBe('daily');
    expect(chooseFreq(7 * D)).toBe('hourly');
    expect(chooseFreq(12 * H)).toBe('hourly');
    expect(chooseFreq(3 * H)).toBe('minutely');
    expect(chooseFreq(45 * 60_000)).toBe('all');
  });

  it('sends exact times for a sub-day window and whole days for a longer one', () => {
    expect(requestWindow('minutely', T, T + 2 * H)).toEqual({ from: T, to: T + 2 * H - 1000 });
    expect(requestWindow('hourly', T, T + 3 * D)).toEqual({
      from: Date.parse('2025-03-03T00:00:00Z'),
      to: Date.parse('2025-03-06T23:59:59Z'),
    });
    expect(requestWindow('daily', T, T + 30 * D).from).toBe(Date.parse('2025-03-03T00:00:00Z'));
    expect(requestWindow('all', T, T + H)).toEqual({ from: T, to: T + H - 1000 });
  });

  it('never sends a daily window that crosses midnight UTC: one window each side of it instead', () => {
    // 22:30 to 01:30 UTC, minutely: as one pair its window would run 22:30 → 01:30, which the
    // documents leave undefined (the imagery view says so beside its fields).
    expect(requestWindows('minutely', Z('2025-03-03T22:30:00Z'), Z('2025-03-04T01:30:00Z'))).toEqual([
      { from: Z('2025-03-03T22:30:00Z'), to: Z('2025-03-03T23:59:59Z') },
      { from: Z('2025-03-04T00:00:00Z'), to: Z('2025-03-04T01:29:59Z') },
    ]);
    // What must be one request (a ZIP) takes the whole UTC days, as the imagery view's carry does.
    expect(requestWindow('hourly', Z('2025-03-03T18:00:00Z'), Z('2025-03-04T08:00:00Z'))).toEqual({
      from: Z('2025-03-03T00:00:00Z'),
      to: Z('2025-03-04T23:59:59Z'),
    });
    for (const freq of ['minutely', 'hourly'] as const)
      for (let start = 0; start < D; start += 37 * 60_000)
        for (const len of [H + 60_000, 5 * H, 6 * H + 60_000, 13 * H, 23 * H]) {
          const from = Z('2025-03-03T00:00:00Z') + start;
          const ws = requestWindows(freq, from, from + len);
          const label = `${freq} ${new Date(from).toISOString()} +${len / H} h`;
          for (const w of ws) expect(crossesUtcMidnight(w.from, w.to), label).toBe(false);
          for (const w of [requestWindow(freq, from, from + len)])
            expect(crossesUtcMidnight(w.from, w.to), label).toBe(false);
          // Together they cover the range, and only it: each window starts where the last ended.
          expect(ws[0]!.from, label).toBe(from);
          expect(ws.at(-1)!.to, label).toBe(from + len - 1000);
          ws.slice(1).forEach((w, i) => expect(w.from - ws[i]!.to, label).toBe(1000));
        }
  });

  it('bounds the pages loaded', () => {
    expect(pagesToLoad(0)).toBe(1);
    expect(pagesToLoad(2)).toBe(2);
    expect(pagesToLoad(9)).toBe(3);
  });
});
