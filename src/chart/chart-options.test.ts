import { describe, expect, it } from 'vitest';
import { columnStats, median, OKABE_ITO, smoothSeries, timeAxisValues, tzDate } from './chart-options';

const f64 = (a: number[]) => Float64Array.from(a);

describe('median and stats', () => {
  it('computes the median of odd and even counts, skipping nulls', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, null, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
  it('limits stats to the visible x range', () => {
    const s = columnStats(f64([0, 1, 2, 3]), [10, null, 30, 40], 1, 2);
    expect(s).toEqual({ count: 1, min: 30, max: 30, median: 30 });
  });
});

describe('smoothSeries', () => {
  const times = f64(Array.from({ length: 120 }, (_, i) => i * 60));
  const values = f64(Array.from({ length: 120 }, (_, i) => (i % 2 ? 100 : 0)));

  it('rolling mean over 10 min flattens an alternating signal', () => {
    const r = smoothSeries({ times, values, windowSec: 60 }, 600, 'mean');
    expect(r.x.length).toBeGreaterThan(100);
    const mid = r.y.slice(10, 100) as number[];
    for (const v of mid) expect(v).toBeCloseTo(50, 0);
  });
  it('rolling median resists a spike', () => {
    const v = f64(Array.from({ length: 120 }, () => 10));
    v[60] = 1e6;
    const r = smoothSeries({ times, values: v, windowSec: 60 }, 600, 'median');
    expect(Math.max(...(r.y as number[]))).toBe(10);
  });
  it('keeps outages longer than the window as null', () => {
    const t = f64([0, 60, 120, 7200, 7260]);
    const r = smoothSeries({ times: t, values: f64([1, 1, 1, 1, 1]), windowSec: 60 }, 600, 'mean');
    expect(r.y).toContain(null);
    expect(r.y[0]).toBe(1);
  });
  it('puts channels on a shared grid (multiples of the step)', () => {
    const a = smoothSeries(
      { times: f64([30 * 60, 31 * 60, 32 * 60]), values: f64([1, 2, 3]), windowSec: 60 },
      3600,
      'mean',
    );
    for (const x of a.x) expect(x % 120).toBe(0);
  });
});

describe('time zones', () => {
  it('tzDate shows the wall clock of the zone across a DST change (Santiago, 2025-04-06)', () => {
    const f = tzDate('America/Santiago');
    // 02:59 UTC is 23:59 -03 on 5 April; an hour later Chile is at -04, 23:59 again.
    const before = f(Date.UTC(2025, 3, 6, 2, 59) / 1000);
    const after = f(Date.UTC(2025, 3, 6, 3, 59) / 1000);
    expect([before.getDate(), before.getHours(), before.getMinutes()]).toEqual([5, 23, 59]);
    expect([after.getDate(), after.getHours(), after.getMinutes()]).toEqual([5, 23, 59]);
  });
  it('tzDate for UTC keeps UTC fields', () => {
    const d = tzDate('UTC')(Date.UTC(2025, 0, 1, 5, 6) / 1000);
    expect([d.getHours(), d.getMinutes()]).toEqual([5, 6]);
  });
});

it('palette is Okabe–Ito', () => {
  expect(OKABE_ITO[0]).toBe('#E69F00');
});

describe('time axis labels', () => {
  const labels = (zone: string, splits: number[], incr: number) =>
    timeAxisValues(zone)({} as never, splits, 0, 0, incr) as string[];

  it('read the zone’s wall clock even inside the browser’s own spring-forward gap', () => {
    const tz = process.env.TZ;
    // 02:00–03:00 on 30 March 2025 does not exist in Berlin: a Date built from those fields moves.
    process.env.TZ = 'Europe/Berlin';
    try {
      const t = (h: number, m: number) => Date.UTC(2025, 2, 30, h, m) / 1000;
      expect(labels('UTC', [t(1, 30), t(2, 30), t(3, 30)], 3600)).toEqual(['01:30\n2025-03-30', '02:30', '03:30']);
      // Costa Rica (UTC−6) the same instants.
      expect(labels('America/Costa_Rica', [t(1, 30), t(2, 30)], 3600)).toEqual(['19:30\n2025-03-29', '20:30']);
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
  });

  it('keep to one line where asked (the wall’s sparklines), by days for a week', () => {
    const t = (d: number, h: number) => Date.UTC(2025, 11, d, h) / 1000;
    const one = (splits: number[], incr: number) => timeAxisValues('UTC', true)({} as never, splits, 0, 0, incr);
    // A new day's first tick says the day: 18:00, then 2026-01-01 as 01-01, then 06:00.
    expect(one([t(31, 18), t(32, 0), t(32, 6)], 6 * 3600)).toEqual(['18:00', '01-01', '06:00']);
    expect(one([t(30, 0), t(31, 0)], 86_400)).toEqual(['12-30', '12-31']);
  });

  it('add the date when it rolls over, and the year on a new year', () => {
    const t = (d: number, h: number) => Date.UTC(2025, 11, d, h) / 1000;
    expect(labels('UTC', [t(31, 12), t(31, 18), t(32, 0), t(32, 6)], 6 * 3600)).toEqual([
      '12:00\n2025-12-31',
      '18:00',
      '00:00\n2026-01-01',
      '06:00',
    ]);
    expect(labels('UTC', [Date.UTC(2025, 0, 1) / 1000, Date.UTC(2025, 0, 2) / 1000], 86_400)).toEqual([
      '01-01\n2025',
      '01-02',
    ]);
  });
});
