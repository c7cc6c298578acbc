import { describe, expect, it } from 'vitest';
import { lastAtOrBefore, nearestIndex, placeFrames } from './lanes';

const axis = { from: 0, to: 1000, width: 1000 };
const id = (t: number) => t;

describe('lanes', () => {
  it('gives thumbnails to frames that fit and ticks to the rest', () => {
    const p = placeFrames([0, 10, 60, 70, 130, 2000], id, axis, 50, 2);
    expect(p.map((x) => x.item)).toEqual([0, 10, 60, 70, 130]);
    expect(p.map((x) => x.thumb)).toEqual([true, false, true, false, true]);
  });

  it('always gives the kept frame a thumbnail', () => {
    const p = placeFrames([0, 10], id, axis, 50, 2, (t) => t === 10);
    expect(p.map((x) => x.thumb)).toEqual([true, true]);
  });

  it('finds the nearest frame and the last frame at or before a time', () => {
    const ts = [100, 200, 400];
    expect(nearestIndex(ts, id, 0)).toBe(0);
    expect(nearestIndex(ts, id, 160)).toBe(1);
    expect(nearestIndex(ts, id, 310)).toBe(2);
    expect(nearestIndex(ts, id, 9999)).toBe(2);
    expect(nearestIndex([], id, 1)).toBe(-1);
    expect(lastAtOrBefore(ts, id, 99)).toBe(-1);
    expect(lastAtOrBefore(ts, id, 200)).toBe(1);
    expect(lastAtOrBefore(ts, id, 399)).toBe(1);
  });
});
