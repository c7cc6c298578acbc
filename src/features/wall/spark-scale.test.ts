import { describe, expect, it } from 'vitest';
import { logRange, logTicks } from './spark-scale';

describe('sparkline log axis', () => {
  it('spans whole decades around a background of ~100 and an episode of ~8,000', () => {
    expect(logRange(62, 8_300)).toEqual([10, 10_000]);
    expect(logTicks(10, 10_000, 5)).toEqual([10, 100, 1_000, 10_000]);
  });

  it('gives a flat day at least one decade, with 2× and 5× ticks when there is room', () => {
    expect(logRange(100, 100)).toEqual([100, 1_000]);
    expect(logTicks(100, 1_000, 6)).toEqual([100, 200, 500, 1_000]);
    expect(logTicks(100, 1_000, 3)).toEqual([100, 1_000]);
  });

  it('thins the decades when they do not fit, and falls back without positive data', () => {
    expect(logTicks(1, 1e8, 3)).toEqual([1, 1_000, 1e6]);
    expect(logRange(null, null)).toEqual([1, 10]);
    expect(logRange(0, 5)).toEqual([1, 10]);
  });
});
