import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http/errors';
import type { RsamSeries } from '../../api/seismic';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../domain/time';
import {
  describeFailures,
  isConnectionError,
  isImageStale,
  isRsamStale,
  hasPointsSince,
  latestPoint,
  nextLostSince,
  sliceSince,
  tileStatus,
} from './wall-model';

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
  it('ranks unreachable over stale over loading', () => {
    expect(tileStatus({ unreachable: true, stale: true, loading: true })).toBe('unreachable');
    expect(tileStatus({ unreachable: false, stale: true, loading: true })).toBe('stale');
    expect(tileStatus({ unreachable: false, stale: false, loading: true })).toBe('loading');
    expect(tileStatus({ unreachable: false, stale: false, loading: false })).toBe('ok');
  });
});

describe('connection state', () => {
  it('counts network, 5xx and 429 as a lost connection, not 4xx or bad bodies', () => {
    const e = (kind: ApiError['kind'], status?: number) => new ApiError({ kind, endpoint: '/x', detail: '', status });
    expect(isConnectionError(e('network'))).toBe(true);
    expect(isConnectionError(e('http', 503))).toBe(true);
    expect(isConnectionError(e('rate-limited', 429))).toBe(true);
    expect(isConnectionError(e('http', 404))).toBe(false);
    expect(isConnectionError(e('validation'))).toBe(false);
    expect(isConnectionError(new Error('x'))).toBe(false);
  });

  it('says the connection is lost only when every query fails, from when the last one failed', () => {
    let lost = nextLostSince(null, [{ failing: false, errorAt: 0 }]);
    expect(lost).toBeNull();
    // One failing endpoint among working ones is that tile's problem, not a lost connection.
    lost = nextLostSince(lost, [
      { failing: true, errorAt: 1000 },
      { failing: false, errorAt: 0 },
    ]);
    expect(lost).toBeNull();
    lost = nextLostSince(lost, [
      { failing: true, errorAt: 1000 },
      { failing: true, errorAt: 3000 },
    ]);
    expect(lost).toBe(3000);
    // Later failures of the same outage do not move "since" forward.
    lost = nextLostSince(lost, [
      { failing: true, errorAt: 5000 },
      { failing: true, errorAt: 6000 },
    ]);
    expect(lost).toBe(3000);
    lost = nextLostSince(lost, [
      { failing: false, errorAt: 5000 },
      { failing: true, errorAt: 6000 },
    ]);
    expect(lost).toBeNull();
    expect(nextLostSince(null, [])).toBeNull();
  });
});

describe('describeFailures', () => {
  it('names every failed request once, grouped by reason and kind, in the order met', () => {
    const lost = 'The service could not be reached';
    expect(
      describeFailures([
        { kind: 'RSAM', name: 'AV.CLCL..BHZ', reason: lost },
        { kind: 'RSAM', name: 'AV.CLES..BHZ', reason: lost },
        { kind: 'Infrared', name: 'CLNE', reason: 'The service answered 500' },
        { kind: 'Visible', name: 'CLNE', reason: lost },
      ]),
    ).toBe(
      'RSAM AV.CLCL..BHZ, AV.CLES..BHZ · Visible CLNE: The service could not be reached; ' +
        'Infrared CLNE: The service answered 500',
    );
    expect(describeFailures([{ kind: 'Visible', name: 'OKCF', reason: 'The service answered 500' }])).toBe(
      'Visible OKCF: The service answered 500',
    );
    expect(describeFailures([])).toBe('');
  });
});
