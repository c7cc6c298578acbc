import { describe, expect, it } from 'vitest';
import { chartPoints } from './chart-data';
import { alignSeries, concatColumns, insertGaps } from './series-data';

const f64 = (a: number[]) => Float64Array.from(a);

describe('insertGaps', () => {
  it('breaks the line after a gap longer than one window, never inside contiguous data', () => {
    const r = insertGaps({ times: f64([0, 60, 120, 300, 360]), values: f64([1, 2, 3, 4, 5]), windowSec: 60 });
    expect(Array.from(r.x)).toEqual([0, 60, 120, 180, 300, 360]);
    expect(r.y).toEqual([1, 2, 3, null, 4, 5]);
  });
  it('treats one missing window as a gap (points two windows apart)', () => {
    const r = insertGaps({ times: f64([0, 120]), values: f64([1, 2]), windowSec: 60 });
    expect(r.y).toEqual([1, null, 2]);
  });
});

describe('alignSeries', () => {
  it('merges x values and fills missing windows with null', () => {
    const d = alignSeries([
      { x: f64([0, 60, 120]), y: [1, 2, 3] },
      { x: f64([60, 180]), y: [10, 20] },
    ]);
    expect(Array.from(d[0])).toEqual([0, 60, 120, 180]);
    expect(d[1]).toEqual([1, 2, 3, null]);
    expect(d[2]).toEqual([null, 10, null, 20]);
    expect(chartPoints(d)).toBe(5);
  });

  it('fills with undefined when asked, for rows uPlot joins over, and keeps the last of a repeated x', () => {
    const d = alignSeries(
      [
        { x: f64([0, 60, 60, 120]), y: [1, 2, 3, 4] },
        { x: f64([30, 120, 150]), y: [10, null, 30] },
        { x: f64([]), y: [] },
      ],
      'join',
    );
    expect(Array.from(d[0])).toEqual([0, 30, 60, 120, 150]);
    expect(d[1]).toEqual([1, undefined, 3, 4, undefined]);
    expect(d[2]).toEqual([undefined, 10, undefined, null, 30]);
    expect(d[3]).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });
});

describe('concatColumns', () => {
  it('joins consecutive chunks in order and passes a single chunk through', () => {
    const a = { times: f64([0, 60]), values: f64([1, 2]) };
    const b = { times: f64([120]), values: f64([3]) };
    const r = concatColumns([a, b]);
    expect(Array.from(r.times)).toEqual([0, 60, 120]);
    expect(Array.from(r.values)).toEqual([1, 2, 3]);
    expect(concatColumns([a]).times).toBe(a.times);
  });
});
