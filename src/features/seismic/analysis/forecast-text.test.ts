import { describe, expect, it } from 'vitest';
import type { Check, Forecast } from '../../../analysis/inverse-rate';
import { checkText, forecastText, methodLimits, minuteIn, outcomeText } from './forecast-text';

const T = Date.UTC(2025, 10, 26, 9, 0) / 1000;
const checks: Check[] = [
  { id: 'points', pass: true, n: 27, need: 12 },
  { id: 'falls', pass: true, slope: -1.2e-7 },
  { id: 'r2', pass: false, r2: 0.15, min: 0.9 },
  { id: 'halves', pass: false, first: -2e-7, second: -0.6e-7, ratio: 0.3 },
  { id: 'runs', pass: true, runs: 10, expected: 14.5, p: 0.0004 },
  { id: 'daily', pass: null, ratio: null },
  { id: 'ahead', pass: true, time: T + 1200 },
];

describe('forecast words', () => {
  it('no time: every check not met, with its figures and bound', () => {
    const f: Forecast = { kind: 'none', reason: 'r2', points: 27, checks };
    expect(forecastText(f, [T - 5 * 3600, T - 1800], 'UTC')).toBe(
      'No forecast: r² 0.15 is below 0.90: the line explains too little of the inverse rate; the inverse rate bends back (its second half falls at 0.30 × the rate of the first): a daily cycle or a rise that is slowing looks like this.',
    );
    expect(checks.map((c) => checkText(c, 'UTC'))).toEqual([
      '27 values in the fit span (at least 12)',
      'the line falls (-0.000432 1/counts per hour)',
      'r² 0.15 (at least 0.90)',
      'the span’s second half falls at 0.30 × the rate of its first (0.50 to 2.00 ×; a straight line: 1 ×)',
      '10 runs of residual signs, 14.5 expected in random order (p < 0.001; at least 0.010)',
      'daily cycle: not checked, too little data a day earlier',
      'the line reaches zero after the span',
    ]);
  });

  it('a time to the minute, its interval rounded outwards, in the zone asked for', () => {
    expect(minuteIn('UTC', T + 29)).toBe('2025-11-26T09:00Z (UTC)');
    expect(minuteIn('UTC', T + 1, 'down')).toBe('2025-11-26T09:00Z (UTC)');
    expect(minuteIn('UTC', T + 1, 'up')).toBe('2025-11-26T09:01Z (UTC)');
    expect(minuteIn('America/Costa_Rica', T)).toBe('2025-11-26T03:00-06:00 (America/Costa_Rica)');
    const f: Forecast = {
      kind: 'forecast',
      time: T + 1200,
      lower: T - 610,
      upper: T + 3661,
      points: 27,
      r2: 0.953,
      rho: 0.2,
      checks,
      slope: -1,
      intercept: 1,
      t0: T,
    };
    expect(forecastText(f, [T - 5 * 3600, T - 1800], 'UTC', '10-minute medians')).toBe(
      'Failure forecast: 2025-11-26T09:20Z (UTC); 95 % interval 2025-11-26T08:49Z (UTC) to 2025-11-26T10:02Z (UTC); fitted to 27 values (10-minute medians), r² 0.95.',
    );
  });

  it('what the data after the span say, never that an eruption happened', () => {
    expect(outcomeText({ kind: 'rose', peak: 9701.4, peakTime: T + 2100 }, 'UTC')).toBe(
      'After the fit span RSAM went on rising into the forecast interval: its highest was 9,701 counts at 2025-11-26T09:35:00Z (UTC). RSAM alone cannot say whether an eruption began.',
    );
    expect(outcomeText({ kind: 'stopped', peak: 500, peakTime: T, atForecast: 120 }, 'UTC')).toMatch(
      /^After the fit span RSAM stopped rising before the forecast interval: its highest was 500 counts at .*, and 120 counts at the forecast time\. The acceleration the line extrapolates did not go on/,
    );
    expect(outcomeText({ kind: 'none' }, 'UTC')).toBe('No data after the fit span yet to check the forecast against.');
    expect(outcomeText(undefined, 'UTC')).toBeNull();
  });

  it('names the method’s assumptions, its known failures and what the cited papers found', () => {
    const text = methodLimits().join(' ');
    expect(text).toMatch(/Voight’s \(1988\).*α = 2.*straight line/);
    expect(text).toMatch(
      /Cornelius & Voight 1995: the inverse-rate plot is concave upward for α < 2 and downward for α > 2/,
    );
    expect(text).toMatch(
      /Known to fail: unrest that does not accelerate to failure; daily or tidal cycles; several processes at once; spans chosen after the event/,
    );
    expect(text).toMatch(/Bell et al\. \(2011\) .*biased, imprecise forecasts .*Bell et al\. \(2013\)/);
  });
});
