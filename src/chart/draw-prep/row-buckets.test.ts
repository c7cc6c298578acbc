import { describe, expect, it } from 'vitest';
import { BUCKET, bucketsOf } from './row-buckets';

describe('bucketsOf', () => {
  it('summarises each bucket by the first row of its lowest and highest value, and marks breaks', () => {
    const y = new Float64Array(2 * BUCKET + 3).fill(5);
    y[3] = 1;
    y[7] = 1; // a tie: the first is kept
    y[9] = 9;
    y[BUCKET + 4] = Number.NaN;
    y[2 * BUCKET + 1] = 7;
    const s = bucketsOf(y);
    expect(Array.from(s.lo)).toEqual([3, -1, 2 * BUCKET]);
    expect(Array.from(s.hi)).toEqual([9, BUCKET, 2 * BUCKET + 1]);
  });

  it('marks a bucket whose first row is a break as well', () => {
    expect(Array.from(bucketsOf(Float64Array.of(Number.NaN, 3, 1, 4)).lo)).toEqual([-1]);
  });
});
