import { describe, expect, it } from 'vitest';
import { frameNear, lastAtOrBefore, nearestFrameIndex, placeFrames } from './lanes';

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
    expect(nearestFrameIndex(ts, id, 0)).toBe(0);
    expect(nearestFrameIndex(ts, id, 160)).toBe(1);
    expect(nearestFrameIndex(ts, id, 310)).toBe(2);
    expect(nearestFrameIndex(ts, id, 9999)).toBe(2);
    expect(nearestFrameIndex([], id, 1)).toBe(-1);
    expect(lastAtOrBefore(ts, id, 99)).toBe(-1);
    expect(lastAtOrBefore(ts, id, 200)).toBe(1);
    expect(lastAtOrBefore(ts, id, 399)).toBe(1);
  });
});

describe('frame near a time', () => {
  const H = 3_600_000;
  const M = 60_000;
  it('takes the hourly frame of the cursor hour, and none for an hour without one', () => {
    const ts = [0.5 * H, 1.4 * H, 5.5 * H];
    expect(frameNear(ts, 'hourly', 1.9 * H)).toBe(1);
    expect(frameNear(ts, 'hourly', 3 * H)).toBe(-1);
    // A day away is not "at the cursor".
    expect(frameNear(ts, 'hourly', 30 * H)).toBe(-1);
  });

  it('reaches at most a minute and a half from a capture when every frame is shown', () => {
    const ts = [0, 2 * M, 20 * M];
    expect(frameNear(ts, 'all', 1.2 * M)).toBe(1);
    expect(frameNear(ts, 'all', 10 * M)).toBe(-1);
    expect(frameNear(ts, 'minutely', 21.4 * M)).toBe(2);
    expect(frameNear([], 'all', 0)).toBe(-1);
  });
});
