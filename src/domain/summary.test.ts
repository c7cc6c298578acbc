import { describe, expect, it } from 'vitest';
import { summarize } from './summary';

const f64 = (a: number[]) => Float64Array.from(a);

describe('summarize', () => {
  it('reads every column, outages (NaN) skipped', () => {
    expect(summarize([f64([5, NaN, 1]), f64([]), f64([9, 3, NaN])])).toEqual({ count: 4, min: 1, max: 9, median: 4 });
  });

  it('takes the middle value of an odd count', () => {
    expect(summarize([f64([7, 1, 3, 100, 2])]).median).toBe(3);
  });

  it('says nothing is there rather than inventing a value', () => {
    const s = summarize([f64([NaN])]);
    expect(s.count).toBe(0);
    expect(s.median).toBeNaN();
  });

  it('leaves its input as it was', () => {
    const c = f64([3, 1, 2]);
    summarize([c]);
    expect([...c]).toEqual([3, 1, 2]);
  });
});
