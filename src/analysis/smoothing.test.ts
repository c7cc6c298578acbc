import { describe, expect, it } from 'vitest';
import { smoothSeries } from './smoothing';

const f64 = (a: number[]) => Float64Array.from(a);

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
