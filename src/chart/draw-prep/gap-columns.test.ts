import { describe, expect, it } from 'vitest';
import { gapColumns } from './gap-columns';

describe('gapColumns', () => {
  it('puts one NaN point a window after the last point before each outage', () => {
    const g = gapColumns({ times: [0, 60, 120, 600, 660, 1200], values: [1, 2, 3, 4, 5, 6], windowSec: 60 });
    expect([...g.x]).toEqual([0, 60, 120, 180, 600, 660, 720, 1200]);
    expect([...g.y]).toEqual([1, 2, 3, NaN, 4, 5, NaN, 6]);
  });

  it('returns new arrays even without an outage, so both can be transferred', () => {
    const times = Float64Array.from([0, 60, 120]);
    const values = Float64Array.from([1, 2, 3]);
    const g = gapColumns({ times, values, windowSec: 60 });
    expect([...g.x]).toEqual([0, 60, 120]);
    expect(g.x.buffer).not.toBe(times.buffer);
    expect(g.y.buffer).not.toBe(values.buffer);
  });

  it('leaves an empty series empty', () => {
    expect(gapColumns({ times: [], values: [], windowSec: 60 }).x).toHaveLength(0);
  });
});
