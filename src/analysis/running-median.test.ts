import { describe, expect, it } from 'vitest';
import { MEDIAN_WINDOW_SEC, medianStep, trailingMedian } from './running-median';

const DAY = 86_400;
/** Minute windows from t = 0 for `days` days, valued by `f(t)`. */
function minutes(days: number, f: (t: number) => number) {
  const n = days * 1440;
  const times = Float64Array.from({ length: n }, (_, i) => i * 60);
  return { times, values: Float64Array.from(times, f), windowSec: 60 };
}

describe('trailing median', () => {
  it('is the median of the day before, read on a 48-minute grid', () => {
    expect(medianStep(MEDIAN_WINDOW_SEC, 60)).toBe(2_880);
    // A day at 100, then a day at 1,000: the first half-day after the step still reads 100 (a
    // centred median would have read 1,000 from 12 hours before the step on).
    const s = minutes(2, (t) => (t < DAY ? 100 : 1_000));
    const m = trailingMedian(s);
    expect(m[DAY / 60 - 1]).toBe(100);
    expect(m[(DAY + 11 * 3600) / 60]).toBe(100);
    // Over half of the day before is at 1,000 from 12 h after the step (on the next grid time).
    expect(m[(DAY + 13 * 3600) / 60]).toBe(1_000);
  });

  it('never reads later data: appending windows changes nothing before them', () => {
    const s = minutes(2, (t) => 100 + (t % 7_000) / 100);
    const longer = minutes(3, (t) => (t < 2 * DAY ? 100 + (t % 7_000) / 100 : 1e6));
    const a = trailingMedian(s);
    const b = trailingMedian(longer).subarray(0, a.length);
    expect(Array.from(b)).toEqual(Array.from(a));
  });

  it('is no baseline (NaN) until six hours of windows are behind it, nor after a long outage', () => {
    const s = minutes(1, () => 100);
    const m = trailingMedian(s);
    // Grid time 5 h 36 min holds 337 windows (< 360); 6 h 24 min holds 385.
    expect(m[(6 * 3600 - 60) / 60]).toBeNaN();
    expect(m[(6 * 3600 + 24 * 60) / 60]).toBe(100);
    const gap = { times: [0, 60, 3 * DAY], values: [1, 2, 3], windowSec: 60 };
    expect(Array.from(trailingMedian(gap))).toEqual([NaN, NaN, NaN]);
  });
});
