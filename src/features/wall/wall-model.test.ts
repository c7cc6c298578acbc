import { describe, expect, it } from 'vitest';
import type { RsamSeries } from '../../api/decode/rsam-series';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../domain/time';
import { isImageStale, isRsamStale, hasPointsSince, latestPoint, sliceSince, tileStatus } from './wall-model';

const NOW = Date.UTC(2025, 2, 10, 12, 0, 0);

function series(startMs: number, minutes: number, skip: (i: number) => boolean = () => false): RsamSeries {
  const t: number[] = [];
  const v: number[] = [];
  for (let i = 0; i < minutes; i++) {
    if (skip(i)) continue;
    t.push(startMs / 1000 + i * 60);
    v.push(i);
  }
  return {
    channel: { network: 'AV', station: 'CLCL', location: '', channel: 'BHZ' },
    windowSec: 60,
    times: Float64Array.from(t),
    values: Float64Array.from(v),
  };
}

describe('hasPointsSince', () => {
  it('says whether sliceSince would hold a point', () => {
    const s = series(NOW - 3 * HOUR_MS, 60);
    const cases: Array<[number, number]> = [
      [NOW - DAY_MS, NOW],
      [NOW - 2 * HOUR_MS - 30 * MINUTE_MS, NOW],
      [NOW - 2 * HOUR_MS, NOW],
      [NOW - 4 * HOUR_MS, NOW - 3 * HOUR_MS - MINUTE_MS],
      [NOW - 4 * HOUR_MS, NOW - 3 * HOUR_MS],
    ];
    for (const [from, now] of cases)
      expect(hasPointsSince(s, from, now), `${from}..${now}`).toBe(sliceSince(s, from, now).x.length > 0);
    expect(hasPointsSince(s, NOW - DAY_MS, NOW)).toBe(true);
    expect(hasPointsSince(s, NOW - 2 * HOUR_MS, NOW)).toBe(false);
    expect(hasPointsSince(series(NOW, 0), NOW - DAY_MS, NOW)).toBe(false);
  });
});

describe('sliceSince', () => {
  it('keeps only the last 24 h of yesterday..today', () => {
    const yesterday = NOW - (NOW % DAY_MS) - DAY_MS;
    const s = series(yesterday, (NOW - yesterday) / MINUTE_MS + 1);
    const d = sliceSince(s, NOW - DAY_MS, NOW);
    expect(d.x[0]).toBe((NOW - DAY_MS) / 1000);
    expect(d.x.at(-1)).toBe(NOW / 1000);
    expect(d.x).toHaveLength(24 * 60 + 1);
    expect(d.y.every((y) => !Number.isNaN(y))).toBe(true);
  });

  it('breaks the line with a NaN at an outage', () => {
    const s = series(NOW - HOUR_MS, 60, (i) => i >= 10 && i < 20);
    const d = sliceSince(s, NOW - DAY_MS, NOW);
    const gap = d.y.findIndex((y) => Number.isNaN(y));
    expect(gap).toBe(10);
    expect(d.x[gap]).toBe(d.x[gap - 1]! + 60);
    expect(d.y.filter((y) => Number.isNaN(y))).toHaveLength(1);
    // Every point kept, in order, after the break.
    expect(d.x).toHaveLength(50 + 1);
    expect([...d.x].every((t, i) => i === 0 || t > d.x[i - 1]!)).toBe(true);
  });
});

describe('latest and staleness', () => {
  const th = { imageStaleMinutes: 30, rsamStaleHours: 24 };
  it('reads the last point', () => {
    expect(latestPoint(series(NOW - 5 * MINUTE_MS, 3))).toEqual({ t: NOW - 3 * MINUTE_MS, value: 2 });
    expect(latestPoint(series(NOW, 0))).toBeNull();
  });
  it('applies the configured thresholds', () => {
    expect(isImageStale(NOW - 29 * MINUTE_MS, NOW, th)).toBe(false);
    expect(isImageStale(NOW - 31 * MINUTE_MS, NOW, th)).toBe(true);
    expect(isImageStale(NOW - 31 * MINUTE_MS, NOW, { ...th, imageStaleMinutes: 60 })).toBe(false);
    expect(isRsamStale(NOW - 23 * HOUR_MS, NOW, th)).toBe(false);
    expect(isRsamStale(NOW - 25 * HOUR_MS, NOW, th)).toBe(true);
    expect(isRsamStale(null, NOW, th)).toBe(true);
  });
  it('ranks no answer over a failing endpoint over stale over loading', () => {
    expect(tileStatus({ failure: 'unreachable', stale: true, loading: true })).toBe('unreachable');
    expect(tileStatus({ failure: 'failing', stale: true, loading: true })).toBe('failing');
    expect(tileStatus({ failure: null, stale: true, loading: true })).toBe('stale');
    expect(tileStatus({ failure: null, stale: false, loading: true })).toBe('loading');
    expect(tileStatus({ failure: null, stale: false, loading: false })).toBe('ok');
  });
});
