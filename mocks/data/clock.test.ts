// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DAY_MS, fromWall, localDayOf, localDayStartUtc } from './clock';
import { SITE_ZONES } from './reference';

const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / DAY_MS;
const iso = (t: number) => new Date(t).toISOString();

describe('mock clock: local wall times across zone changes', () => {
  it('a skipped midnight starts the day at the jump (Santiago, 2024-09-08: 00:00 -04 → 01:00 -03)', () => {
    expect(iso(localDayStartUtc('America/Santiago', day(2024, 9, 8)))).toBe('2024-09-08T04:00:00.000Z');
    expect(iso(fromWall('America/Santiago', Date.UTC(2024, 8, 8, 0, 30)))).toBe('2024-09-08T04:00:00.000Z');
    // The wall after the jump reads normally.
    expect(iso(fromWall('America/Santiago', Date.UTC(2024, 8, 8, 1, 0)))).toBe('2024-09-08T04:00:00.000Z');
  });

  it('a repeated hour gives its first pass; the day after it starts once the clock reaches midnight', () => {
    // Santiago, 2024-04-07: 00:00 -03 → 2024-04-06 23:00 -04, so 23:30 on the 6th happens twice.
    expect(iso(fromWall('America/Santiago', Date.UTC(2024, 3, 6, 23, 30)))).toBe('2024-04-07T02:30:00.000Z');
    expect(iso(localDayStartUtc('America/Santiago', day(2024, 4, 7)))).toBe('2024-04-07T04:00:00.000Z');
  });

  it('every camera zone: each local day starts at the first instant whose wall reading is that day', () => {
    for (const zone of new Set(Object.values(SITE_ZONES))) {
      for (let L = day(2024, 1, 1); L <= day(2025, 12, 31); L++) {
        const start = localDayStartUtc(zone, L);
        expect([zone, L, localDayOf(zone, start)]).toEqual([zone, L, L]);
        expect([zone, L, localDayOf(zone, start - 1000)]).toEqual([zone, L, L - 1]);
      }
    }
  });
});
