import { describe, expect, it } from 'vitest';
import { fitForecast, inverseRateSeries, R2_MIN, type Check, type Forecast } from './inverse-rate';
import { forecastOutcome } from './forecast-outcome';
import { runsTest } from './runs-test';

const arr = (a: ArrayLike<number>) => Array.from(a);
const check = (f: Forecast, id: Check['id']) => f.checks.find((c) => c.id === id)!;
const failed = (f: Forecast) => f.checks.filter((c) => c.pass === false).map((c) => c.id);

/** y = 12 − x at x = 0 … 11 (one point a second from t = 1000), plus ±a in the pattern given. */
function line(pattern: readonly number[], a = 0.1) {
  const times = Array.from({ length: 12 }, (_, x) => 1000 + x);
  return { times, values: times.map((_, x) => 12 - x + a * pattern[x % pattern.length]!), windowSec: 1 };
}
// Σe = 0 and Σx·e = 0 over 0 … 11: the least-squares line is exactly 12 − x.
const BALANCED = [1, -1, -1, 1];

describe('inverse-rate forecast: a time when the fit earns it', () => {
  it('gives the hand-computed crossing and Fieller 95 % interval', () => {
    // x̄ = 5.5, ȳ = 6.5, Sxx = 143, slope −1 → zero at x = 12. SSE = 12 × 0.01, s² = 0.012,
    // t(0.975, 10) = 2.228139; residuals' lag-1 autocorrelation −1/12 (no widening) →
    // A = 1 − t²s²/Sxx, B = −13, C = 42.25 − t²s²/12 → x in [11.852432, 12.152986].
    const f = fitForecast(line(BALANCED), 1000, 1011);
    expect(f.kind).toBe('forecast');
    if (f.kind !== 'forecast') return;
    expect(f.slope).toBeCloseTo(-1, 10);
    expect(f.time).toBeCloseTo(1012, 6);
    expect(f.lower).toBeCloseTo(1011.852432, 5);
    expect(f.upper).toBeCloseTo(1012.152986, 5);
    expect(f.rho).toBe(0);
    expect(failed(f)).toEqual([]);
    expect(check(f, 'daily')).toMatchObject({ pass: null, ratio: null });
  });

  it('widens the interval when the residuals follow one another', () => {
    const apart = fitForecast(line(BALANCED, 0.2), 1000, 1011);
    const together = fitForecast(line([1, 1, 1, -1, -1, -1], 0.2), 1000, 1011);
    expect(apart.kind === 'forecast' && together.kind === 'forecast').toBe(true);
    if (apart.kind !== 'forecast' || together.kind !== 'forecast') return;
    expect(together.rho).toBeGreaterThan(0.3);
    expect(together.upper! - together.lower!).toBeGreaterThan(1.5 * (apart.upper! - apart.lower!));
  });

  it('finds the failure time of an accelerating rate (α = 2) through noise', () => {
    // Rate ∝ 1/(t_f − t) with t_f at 6 h, ±8 % noise, fitted over 1 h … 5 h 30 min of 10-minute values.
    const tf = 6 * 3600;
    const times = Array.from({ length: 34 }, (_, i) => 3600 + 300 + i * 600);
    const noise = (i: number) => 1 + 0.08 * Math.sin(i * 2.3) * Math.cos(i * 1.7);
    const rate = times.map((t, i) => (100 * 3600 * noise(i)) / (tf - t));
    const f = fitForecast(inverseRateSeries({ times, values: rate, windowSec: 600 }), 3600, 5.5 * 3600);
    expect(failed(f)).toEqual([]);
    expect(f.kind).toBe('forecast');
    if (f.kind !== 'forecast') return;
    expect(Math.abs(f.time - tf)).toBeLessThan(600);
    expect(f.lower! < tf && tf < f.upper!).toBe(true);
  });

  it('inverts RSAM, leaving out windows at or below zero', () => {
    const inv = inverseRateSeries({ times: [0, 60, 120], values: [4, 0, 0.5], windowSec: 60 });
    expect(arr(inv.times)).toEqual([0, 120]);
    expect(arr(inv.values)).toEqual([0.25, 2]);
  });
});

describe('inverse-rate forecast: no time, and why', () => {
  it('too few values, or a rise', () => {
    const few = line(BALANCED);
    expect(fitForecast(few, 1000, 1010)).toMatchObject({ kind: 'none', reason: 'points', points: 11 });
    const rising = { ...few, values: few.values.map((v) => 13 - v) };
    const f = fitForecast(rising, 1000, 1011);
    expect(f).toMatchObject({ kind: 'none', reason: 'falls' });
    expect(failed(f)).toContain('ahead');
  });

  it(`r² below ${R2_MIN}: no time, whatever the line says`, () => {
    // A gentle fall under large scatter: r² about 0.15.
    const f = fitForecast(line([3, -4, 5, -2, -5, 4, 1, -3], 1), 1000, 1011);
    const r2 = check(f, 'r2');
    expect(r2.pass).toBe(false);
    expect(r2).toMatchObject({ min: 0.9 });
    expect(f.kind).toBe('none');
    expect('time' in f).toBe(false);
  });

  it('a daily rise that bends back (the same shape as wind or cultural noise)', () => {
    // 1/RSAM of a daytime bump 1 + 3 sin(π(h − 7)/12), from 07:00 to 13:00 every 10 minutes.
    const times = Array.from({ length: 37 }, (_, i) => 7 * 3600 + i * 600);
    const values = times.map((t) => 1 / (1 + 3 * Math.sin((Math.PI * (t / 3600 - 7)) / 12)));
    const f = fitForecast({ times, values, windowSec: 600 }, times[0]!, times.at(-1)!);
    expect(f.kind).toBe('none');
    const halves = check(f, 'halves');
    expect(halves.pass).toBe(false);
    expect(halves.id === 'halves' && halves.ratio! < 0.5).toBe(true);
    expect(check(f, 'runs').pass).toBe(false);
  });

  it('a daily cycle: the same hours a day earlier fell alike', () => {
    // Five days of a daily cycle of the inverse rate; the fit is over 01:00–05:00 of the fourth,
    // where the cycle falls nearly straight.
    const times = Array.from({ length: 5 * 144 }, (_, i) => i * 600);
    const wobble = (i: number) => 0.004 * Math.sin(i * 2.3);
    const values = times.map((t, i) => 1 + 0.5 * Math.cos((2 * Math.PI * t) / 86_400) + wobble(i));
    const day = 3 * 86_400;
    const f = fitForecast({ times, values, windowSec: 600 }, day + 3600, day + 5 * 3600);
    const daily = check(f, 'daily');
    expect(daily.pass).toBe(false);
    expect(daily.id === 'daily' && daily.ratio).toBeCloseTo(1, 1);
    expect(f.kind).toBe('none');
  });

  it('a line that reaches zero inside the span', () => {
    const f = fitForecast(
      { times: line(BALANCED).times, values: line(BALANCED, 0.01).values.map((v) => v - 1.5), windowSec: 1 },
      1000,
      1011,
    );
    expect(failed(f)).toEqual(['ahead']);
  });
});

describe('runs test', () => {
  it('counts runs and their chance in random order', () => {
    expect(runsTest([1, -1, 1, -1, 1, -1, 1, -1, 1, -1])).toMatchObject({ runs: 10, expected: 6 });
    const curve = runsTest([1, 1, 1, 1, 1, -1, -1, -1, -1, -1, -1, 1, 1, 1, 1, 1]);
    expect(curve!.runs).toBe(3);
    expect(curve!.p).toBeLessThan(0.01);
    expect(runsTest([1, 2, 3])).toBeNull();
  });
});

describe('after the fit span', () => {
  // 10-minute values of RSAM timed at block middles.
  const s = (values: number[]) => ({ times: values.map((_, i) => 300 + i * 600), values, windowSec: 600 });

  it('says RSAM went on rising into the interval, or stopped before it', () => {
    const rising = s([100, 120, 150, 200, 300, 500, 900, 400]);
    // Fit to the first four values (to 1,800 + 300), forecast at 3,600 in [3,000, 4,200].
    expect(forecastOutcome(rising, 2_100, 3_600, 3_000, 4_200)).toMatchObject({
      kind: 'rose',
      peak: 900,
      peakTime: 3_900,
    });
    const stopped = s([100, 120, 150, 200, 220, 180, 120, 100]);
    // Forecast at 4,200 in [3,600, 4,800]: the peak at 2,700 is a block and more before it.
    expect(forecastOutcome(stopped, 2_100, 4_200, 3_600, 4_800)).toEqual({
      kind: 'stopped',
      peak: 220,
      peakTime: 2_700,
      atForecast: 120,
    });
    // Half a block before the interval still counts as in it: values stand for their blocks.
    expect(forecastOutcome(stopped, 2_100, 3_600, 3_000, 4_200).kind).toBe('rose');
  });

  it('says the data end before the forecast time, and whether RSAM was still rising', () => {
    expect(forecastOutcome(s([100, 120, 150, 200, 260]), 2_100, 9_000, 8_000, 10_000)).toMatchObject({
      kind: 'open',
      rising: true,
      dataEnd: 3_000,
    });
    expect(forecastOutcome(s([100, 120, 150, 200]), 2_100, 9_000, 8_000, 10_000)).toEqual({ kind: 'none' });
  });
});
