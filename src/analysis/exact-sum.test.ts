import { describe, expect, it } from 'vitest';
import { decimalScale, runningSums } from './exact-sum';
import { cumulativeSeries } from './cumulative';
import { smoothSeries } from './smoothing';
import { formatCsvValue } from '../chart/export';

describe('exact sums of decimal counts', () => {
  it('finds the decimals the values are written with', () => {
    expect(decimalScale([335.87, 336.5, 582])).toBe(100);
    expect(decimalScale([1, 2, Number.NaN])).toBe(1);
    expect(decimalScale([0.1 + 0.2])).toBeNull();
    // Sums that would pass 2^53 as integers are not called exact.
    expect(decimalScale([1e9 + 0.123456], 60, 1e6)).toBeNull();
  });

  it('running sums are the decimal sums, not the doubles’ drift', () => {
    const values = [335.87, 417.33, 8186.99, 1.01];
    // Added as doubles, 60 × each: 20152.2, 45192, 536411.3999999999, 536471.9999999999.
    let naive = 0;
    expect(values.map((v) => String((naive += v * 60)))[3]).toBe('536471.9999999999');
    const exact = ['20152.2', '45192', '536411.4', '536472'];
    expect(Array.from(runningSums(values, 60), String)).toEqual(exact);
    const times = [0, 60, 120, 180];
    expect(Array.from(cumulativeSeries({ times, values, windowSec: 60 }).values, String)).toEqual(exact);
  });

  it('falls back to compensated sums for values with more decimals than counts have', () => {
    const third = 1 / 3;
    expect(runningSums([third, third, third])[2]).toBe(1);
  });

  it('a rolling mean over a year is right to far more digits than the CSV writes (6 significant)', () => {
    const n = 525_600;
    const times = Float64Array.from({ length: n }, (_, i) => i * 60);
    const values = Float64Array.from({ length: n }, (_, i) => Number(`40000.${String((i % 10) + 1).padStart(2, '0')}`));
    const r = smoothSeries({ times, values, windowSec: 60 }, 600, 'mean');
    // Ten consecutive windows hold 0.01 … 0.10 above 40,000 once each: the mean is 40,000.055.
    expect(Math.abs(r.y[n - 100]! - 40_000.055)).toBeLessThan(1e-6);
    expect(formatCsvValue(r.y[n - 100]!, 6)).toBe('40000.1');
  });
});
