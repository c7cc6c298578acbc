import { describe, expect, it } from 'vitest';
import { ratioSeries } from './ratio';
import { cumulativeSeries } from './cumulative';
import { fitForecast, inverseRateSeries } from './inverse-rate';
import { studentTQuantile } from './student-t';
import { binStart, countEvents } from './event-counts';
import { evaluateAlert, formatAlertRules, parseAlertRules } from './alerts';

const arr = (a: ArrayLike<number>) => Array.from(a);
const iso = (s: number) => new Date(s * 1000).toISOString();
const at = (isoString: string) => Date.parse(isoString) / 1000;

describe('ratio', () => {
  it('divides aligned windows; a gap in either series or a zero divisor is a gap', () => {
    const a = { times: [0, 60, 120, 180], values: [10, 20, 30, 40], windowSec: 60 };
    const b = { times: [0, 120, 180, 240], values: [5, 10, 0, 1], windowSec: 60 };
    const r = ratioSeries(a, b);
    expect(arr(r.times)).toEqual([0, 120]);
    expect(arr(r.values)).toEqual([2, 3]);
  });
});

describe('cumulative', () => {
  it('sums counts × window seconds; a missing window adds nothing', () => {
    const c = cumulativeSeries({ times: [0, 60, 180], values: [1, 2, 3], windowSec: 60 });
    expect(arr(c.times)).toEqual([0, 60, 180]);
    expect(arr(c.values)).toEqual([60, 180, 360]);
  });
});

describe('student t quantile', () => {
  it('matches the table', () => {
    expect(studentTQuantile(0.975, 1)).toBeCloseTo(12.7062, 3);
    expect(studentTQuantile(0.975, 3)).toBeCloseTo(3.18245, 4);
    expect(studentTQuantile(0.975, 10)).toBeCloseTo(2.22814, 4);
    expect(studentTQuantile(0.5, 7)).toBeCloseTo(0, 6);
  });
});

describe('inverse-rate forecast', () => {
  it('an exact line crosses zero where it should, with a collapsed interval', () => {
    const times = Array.from({ length: 11 }, (_, i) => 1000 + i * 60);
    const inv = { times, values: times.map((t) => 10 - 0.01 * (t - 1000)), windowSec: 60 };
    const f = fitForecast(inv, 1000, 2000);
    expect(f.kind).toBe('forecast');
    if (f.kind !== 'forecast') return;
    expect(f.time).toBeCloseTo(2000, 6);
    expect(f.lower).toBeCloseTo(2000, 3);
    expect(f.upper).toBeCloseTo(2000, 3);
  });

  it('a noisy line gives the hand-computed crossing and Fieller 95 % interval', () => {
    // x̄ = 2, ȳ = 6.1, Sxx = 10, Sxy = −20 → slope −2, crossing at 1000 + 2 + 6.1/2 = 1005.05;
    // SSE = 0.2, s² = 0.2/3, t(0.975, 3) = 3.18245 → interval [1004.6587, 1005.5460].
    const f = fitForecast(
      { times: [1000, 1001, 1002, 1003, 1004], values: [10, 8, 6.5, 4, 2], windowSec: 1 },
      1000,
      1004,
    );
    expect(f.kind).toBe('forecast');
    if (f.kind !== 'forecast') return;
    expect(f.slope).toBeCloseTo(-2, 10);
    expect(f.time).toBeCloseTo(1005.05, 6);
    expect(f.lower).toBeCloseTo(1004.6587, 3);
    expect(f.upper).toBeCloseTo(1005.546, 3);
  });

  it('only points inside the fit span count', () => {
    const times = [0, 1, 2, 3, 4, 5, 6, 7];
    const values = [100, 100, 10, 8, 6.5, 4, 2, 100];
    const f = fitForecast({ times, values, windowSec: 1 }, 2, 6);
    // The same five points as above, shifted by 2 s: the crossing shifts with them.
    expect(f.kind === 'forecast' && f.time).toBeCloseTo(7.05, 6);
  });

  it('says why no forecast follows', () => {
    expect(fitForecast({ times: [0, 1, 2, 3], values: [4, 3, 2, 1], windowSec: 1 }, 0, 3)).toMatchObject({
      kind: 'none',
      reason: 'too-few-points',
    });
    expect(fitForecast({ times: [0, 1, 2, 3, 4], values: [1, 2, 3, 4, 5], windowSec: 1 }, 0, 4)).toMatchObject({
      kind: 'none',
      reason: 'not-descending',
    });
  });

  it('a weak slope has an unbounded interval instead of a made-up one', () => {
    const f = fitForecast({ times: [0, 1, 2, 3, 4], values: [5, 9, 1, 8, 2], windowSec: 1 }, 0, 4);
    expect(f.kind).toBe('forecast');
    if (f.kind === 'forecast') expect([f.lower, f.upper]).toEqual([null, null]);
  });

  it('inverts RSAM, leaving out windows at or below zero', () => {
    const inv = inverseRateSeries({ times: [0, 60, 120], values: [4, 0, 0.5], windowSec: 60 });
    expect(arr(inv.times)).toEqual([0, 120]);
    expect(arr(inv.values)).toEqual([0.25, 2]);
  });
});

describe('event counts', () => {
  it('day bins start at local midnight (Costa Rica, UTC−6); a value equal to the threshold is not above it', () => {
    const s = {
      times: [at('2025-03-03T05:59:00Z'), at('2025-03-03T06:00:00Z'), at('2025-03-03T07:00:00Z')],
      values: [10, 10, 5],
      windowSec: 60,
    };
    const bins = countEvents(s, { kind: 'counts', value: 5 }, 'day', 'America/Costa_Rica');
    expect(bins.map((b) => [iso(b.start), b.count, b.cumulative])).toEqual([
      ['2025-03-02T06:00:00.000Z', 1, 1],
      ['2025-03-03T06:00:00.000Z', 1, 2],
    ]);
  });

  it('a spring-forward day is 23 hours long (Canary Islands, 2025-03-30)', () => {
    const s = { times: [at('2025-03-30T22:59:00Z'), at('2025-03-30T23:00:00Z')], values: [9, 9], windowSec: 60 };
    const bins = countEvents(s, { kind: 'counts', value: 1 }, 'day', 'Atlantic/Canary');
    expect(bins.map((b) => [iso(b.start), b.count])).toEqual([
      ['2025-03-30T00:00:00.000Z', 1],
      ['2025-03-30T23:00:00.000Z', 1],
    ]);
  });

  it('hour bins include empty hours and count against N × the running median', () => {
    const s = {
      times: [at('2025-03-03T10:00:00Z'), at('2025-03-03T10:59:00Z'), at('2025-03-03T12:30:00Z')],
      values: [30, 10, 50],
      windowSec: 60,
    };
    const bins = countEvents(s, { kind: 'median', factor: 3 }, 'hour', 'UTC', [10, 10, 10]);
    expect(bins.map((b) => [iso(b.start), b.count, b.cumulative])).toEqual([
      ['2025-03-03T10:00:00.000Z', 0, 0],
      ['2025-03-03T11:00:00.000Z', 0, 0],
      ['2025-03-03T12:00:00.000Z', 1, 1],
    ]);
  });

  it('the fall-back hour in Santiago is its own bin (2025-04-06 00:00 → 23:00)', () => {
    // 03:00Z = 00:00 −03 (summer); at 03:00Z clocks fall back to 23:00 −04 on the 5th.
    expect(iso(binStart(at('2025-04-06T02:30:00Z'), 'hour', 'America/Santiago'))).toBe('2025-04-06T02:00:00.000Z');
    expect(iso(binStart(at('2025-04-06T03:30:00Z'), 'hour', 'America/Santiago'))).toBe('2025-04-06T03:00:00.000Z');
    expect(iso(binStart(at('2025-04-06T12:00:00Z'), 'day', 'America/Santiago'))).toBe('2025-04-06T04:00:00.000Z');
  });

  it('a day whose midnight is skipped starts at the jump (Santiago, 2025-09-07 00:00 → 01:00)', () => {
    // 04:00Z is 00:00 −04, which is read as 01:00 −03: the 7th begins there, not an hour before
    // (23:00 on the 6th), and the 6th keeps its last hour.
    expect(iso(binStart(at('2025-09-07T12:00:00Z'), 'day', 'America/Santiago'))).toBe('2025-09-07T04:00:00.000Z');
    expect(iso(binStart(at('2025-09-07T03:30:00Z'), 'day', 'America/Santiago'))).toBe('2025-09-06T04:00:00.000Z');
  });
});

describe('wall alerts', () => {
  it('parses counts and median thresholds and rejects the rest', () => {
    const p = parseAlertRules('AV.CLCL..BHZ:5000,OV.VPCC..HHZ:4x,nonsense,AV.CLCL..BHZ:10,XX.Y..Z:-3');
    expect(p.rules).toEqual([
      {
        channel: { network: 'AV', station: 'CLCL', location: '', channel: 'BHZ' },
        threshold: { kind: 'counts', value: 5000 },
      },
      {
        channel: { network: 'OV', station: 'VPCC', location: '', channel: 'HHZ' },
        threshold: { kind: 'median', factor: 4 },
      },
    ]);
    expect(p.rejected).toEqual(['nonsense', 'AV.CLCL..BHZ:10', 'XX.Y..Z:-3']);
    expect(formatAlertRules(p.rules)).toBe('AV.CLCL..BHZ:5000,OV.VPCC..HHZ:4x');
  });

  const s = { times: [0, 60, 120, 180, 300, 360], values: [10, 90, 95, 99, 120, 130], windowSec: 60 };

  it('alerts since the start of the unbroken run above the limit', () => {
    // 180 → 300 is a gap, so the run that ends at 360 starts at 300.
    expect(evaluateAlert(s, { kind: 'counts', value: 80 }, 400, 3600)).toEqual({
      kind: 'alert',
      value: 130,
      limit: 80,
      since: 300,
      at: 360,
    });
  });

  it('is quiet below the limit, unknown on stale or missing data', () => {
    expect(evaluateAlert(s, { kind: 'counts', value: 200 }, 400, 3600).kind).toBe('quiet');
    expect(evaluateAlert(s, { kind: 'counts', value: 80 }, 360 + 3601, 3600)).toEqual({
      kind: 'unknown',
      reason: 'stale',
      at: 360,
    });
    expect(evaluateAlert({ times: [], values: [], windowSec: 60 }, { kind: 'counts', value: 1 }, 0, 60).kind).toBe(
      'unknown',
    );
    expect(evaluateAlert(s, { kind: 'median', factor: 3 }, 400, 3600).kind).toBe('unknown');
  });

  it('uses N × the running median', () => {
    const base = [10, 10, 10, 10, 10, 50];
    expect(evaluateAlert(s, { kind: 'median', factor: 3 }, 400, 3600, base)).toMatchObject({
      kind: 'quiet',
      limit: 150,
    });
  });
});
