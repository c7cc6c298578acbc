import { describe, expect, it } from 'vitest';
import { dayMedianOf, trailingMedian } from './running-median';

const DAY = 86_400;
/** Minute windows from t = 0 for `days` days, valued by `f(t)`. */
function minutes(days: number, f: (t: number) => number) {
  const n = days * 1440;
  const times = Float64Array.from({ length: n }, (_, i) => i * 60);
  return { times, values: Float64Array.from(times, f), windowSec: 60 };
}

describe('trailing median', () => {
  it('is the median of the 24 hours up to each window, exactly', () => {
    // A day at 100, then a day at 1,000: for the first 12 hours after the step the day behind
    // still holds more 100s (a centred median would read 1,000 from 12 hours before the step on).
    const s = minutes(2, (t) => (t < DAY ? 100 : 1_000));
    const m = trailingMedian(s);
    expect(m[DAY / 60 - 1]).toBe(100);
    // At DAY + 12 h − 60 s the span (DAY − 12 h − 60, DAY + 12 h − 60] holds 720 windows at 1,000
    // and 720 at 100: the upper median is 1,000; one window earlier it is still 100.
    expect(m[(DAY + 12 * 3600) / 60 - 2]).toBe(100);
    expect(m[(DAY + 12 * 3600) / 60 - 1]).toBe(1_000);
  });

  it('matches a median taken by sorting, with gaps and missing values', () => {
    const times: number[] = [];
    const values: number[] = [];
    for (let i = 0; i < 4000; i++) {
      if (i % 97 < 7) continue; // outages
      times.push(i * 60);
      values.push(i % 31 === 0 ? Number.NaN : ((i * 7919) % 1009) / 10);
    }
    const m = trailingMedian({ times, values, windowSec: 60 }, 6 * 3600);
    for (const i of [500, 1200, 2999, times.length - 1]) {
      const inSpan = values
        .filter((v, j) => times[j]! > times[i]! - 6 * 3600 && j <= i && v === v)
        .sort((a, b) => a - b);
      expect(m[i]).toBe(inSpan[inSpan.length >> 1]);
    }
  });

  it('never reads later data: appending windows changes nothing before them', () => {
    const s = minutes(2, (t) => 100 + (t % 7_000) / 100);
    const longer = minutes(3, (t) => (t < 2 * DAY ? 100 + (t % 7_000) / 100 : 1e6));
    const a = trailingMedian(s);
    const b = trailingMedian(longer).subarray(0, a.length);
    expect(Array.from(b)).toEqual(Array.from(a));
  });

  it('is no baseline (NaN) until six hours of windows are behind it, nor after a long outage', () => {
    const m = trailingMedian(minutes(1, () => 100));
    // The 360th window is the first with six hours (360 windows) up to it.
    expect(m[358]).toBeNaN();
    expect(m[359]).toBe(100);
    const gap = { times: [0, 60, 3 * DAY], values: [1, 2, 3], windowSec: 60 };
    expect(Array.from(trailingMedian(gap))).toEqual([NaN, NaN, NaN]);
  });
});

describe('dayMedianOf', () => {
  it('is the one-day trailing median, worked out once per values array', () => {
    const s = minutes(2, (t) => (t % 7_200 < 600 ? 5_000 : 100 + (t % 977)));
    const m = dayMedianOf(s);
    expect(Array.from(m)).toEqual(Array.from(trailingMedian(s)));
    // The same loaded data judged again (the wall's next render, another factor) reuses it.
    expect(dayMedianOf({ ...s })).toBe(m);
    // New data (a refresh) is a new values array: worked out afresh, never the old median.
    const next = { ...s, values: Float64Array.from(s.values, (v) => v * 2) };
    const m2 = dayMedianOf(next);
    expect(m2).not.toBe(m);
    expect(m2[m2.length - 1]).toBe(2 * m[m.length - 1]!);
  });
});
