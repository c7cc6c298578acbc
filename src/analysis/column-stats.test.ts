import { describe, expect, it } from 'vitest';
import { columnStats, median } from './column-stats';

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
