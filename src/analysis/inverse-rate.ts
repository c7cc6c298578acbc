/**
 * Inverse-rate failure forecast: the Failure Forecast Method (Voight 1988; Cornelius & Voight 1995)
 * with α = 2, for which 1/rate falls on a straight line that reaches zero at the failure time. Here
 * the rate is RSAM, thinned to non-overlapping blocks (block-series.ts). The line is fitted by
 * ordinary least squares, and a time is given only when the fit earns it: enough values over the
 * span, a falling line that explains most of the variance, no bend (the two halves of the span fall
 * alike), residuals in random order (a runs test), and no fall of the same size at the same hours
 * a day earlier (a daily cycle). The 95 % interval is Fieller's confidence set for where the line
 * reaches zero, widened for the residuals' lag-1 autocorrelation; unbounded when the slope is not
 * clearly below zero.
 */
import { fitLine, lineAt, residuals, type LineFit } from './line-fit';
import { runsTest } from './runs-test';
import { studentTQuantile } from './student-t';
import type { DerivedSeries, Series } from './series';

/** 1 / RSAM; windows at or below zero (no amplitude, or a bad value) are left out. */
export function inverseRateSeries(s: Series): DerivedSeries {
  const times: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < s.times.length; i++) {
    const v = s.values[i]!;
    if (!(v > 0) || !Number.isFinite(v)) continue;
    times.push(s.times[i]!);
    values.push(1 / v);
  }
  return { times: Float64Array.from(times), values: Float64Array.from(values), windowSec: s.windowSec };
}

/** Fewer values than this and a fitted line says nothing. */
export const MIN_FIT_POINTS = 12;
/** The least r² of a line that is forecast from. */
export const R2_MIN = 0.9;
/** The second half of the span must fall at 0.5 to 2 times the rate of the first. */
export const HALVES_MIN = 0.5;
export const HALVES_MAX = 2;
/** Residual runs this improbable (or fewer runs still) mean the points follow a curve. */
export const RUNS_P_MIN = 0.01;
/** The same hours a day earlier falling at this share of the rate or more: a daily cycle. */
export const DAILY_RATIO_MAX = 0.5;
const DAY_SEC = 86_400;

export type Check =
  | { id: 'points'; pass: boolean; n: number; need: number }
  | { id: 'falls'; pass: boolean; slope: number | null }
  | { id: 'r2'; pass: boolean; r2: number | null; min: number }
  | { id: 'halves'; pass: boolean | null; first: number | null; second: number | null; ratio: number | null }
  | { id: 'runs'; pass: boolean | null; runs: number | null; expected: number | null; p: number | null }
  | { id: 'daily'; pass: boolean | null; ratio: number | null }
  | { id: 'ahead'; pass: boolean; time: number | null };

export type CheckId = Check['id'];

interface Line {
  /** Fitted line: inverse rate = intercept + slope × (t − t0), t in unix seconds. */
  slope: number;
  intercept: number;
  t0: number;
}

export type Forecast =
  | (Line & {
      kind: 'forecast';
      /** Forecast failure time, unix seconds. */
      time: number;
      /** 95 % interval on `time`; null bounds when the interval is unbounded on that side. */
      lower: number | null;
      upper: number | null;
      points: number;
      r2: number;
      /** Lag-1 autocorrelation of the residuals the interval was widened for (0 when negative). */
      rho: number;
      checks: Check[];
    })
  | (Partial<Line> & {
      kind: 'none';
      /** The first check not met. */
      reason: CheckId;
      points: number;
      checks: Check[];
    });

function lineOf(f: LineFit): Line {
  return { slope: f.slope, intercept: lineAt(f, f.x0), t0: f.x0 };
}

/** The slopes of the span's two halves, and the second's ratio to the first (1 on a straight line). */
function halves(
  s: Series,
  from: number,
  to: number,
): { first: number | null; second: number | null; ratio: number | null } {
  const mid = (from + to) / 2;
  const first = fitLine(s.times, s.values, from, mid)?.slope ?? null;
  const second = fitLine(s.times, s.values, mid, to)?.slope ?? null;
  return { first, second, ratio: first !== null && second !== null && first < 0 ? second / first : null };
}

/** Fieller's set for the x where the line reaches zero, in unix seconds; nulls when unbounded. */
function fieller(f: LineFit, s2: number, df: number, confidence: number): [number | null, number | null] {
  const tq = studentTQuantile(1 - (1 - confidence) / 2, df);
  const q = tq * tq * s2;
  const A = f.slope * f.slope - q / f.sxx;
  if (!(A > 0)) return [null, null];
  const B = 2 * f.ybar * f.slope;
  const C = f.ybar * f.ybar - q / f.n;
  const disc = Math.sqrt(Math.max(0, B * B - 4 * A * C));
  const d1 = (-B - disc) / (2 * A);
  const d2 = (-B + disc) / (2 * A);
  return [f.x0 + f.xbar + Math.min(d1, d2), f.x0 + f.xbar + Math.max(d1, d2)];
}

/**
 * The forecast from the points of `s` (an inverse rate) inside [from, to] (unix seconds), with every
 * check made and its figures; a time only when all that could be made are met.
 */
export function fitForecast(s: Series, from: number, to: number, confidence = 0.95): Forecast {
  const f = fitLine(s.times, s.values, from, to);
  const n = f?.n ?? 0;
  const checks: Check[] = [{ id: 'points', pass: n >= MIN_FIT_POINTS, n, need: MIN_FIT_POINTS }];
  if (!f) {
    return { kind: 'none', reason: 'points', points: n, checks };
  }
  const falls = f.slope < 0;
  checks.push({ id: 'falls', pass: falls, slope: f.slope });
  checks.push({ id: 'r2', pass: f.r2 >= R2_MIN, r2: f.r2, min: R2_MIN });
  // Not judged without a falling line, or when a half is too short to fit.
  const h = halves(s, from, to);
  const judged = falls && h.first !== null && h.second !== null;
  checks.push({
    id: 'halves',
    pass: judged ? h.ratio !== null && h.ratio >= HALVES_MIN && h.ratio <= HALVES_MAX : null,
    ...h,
  });
  const res = residuals(f, s.times, s.values, from, to);
  const runs = runsTest(res);
  checks.push(
    runs
      ? { id: 'runs', pass: runs.p >= RUNS_P_MIN, ...runs }
      : { id: 'runs', pass: null, runs: null, expected: null, p: null },
  );
  const before = fitLine(s.times, s.values, from - DAY_SEC, to - DAY_SEC);
  const enoughBefore = !!before && before.n >= MIN_FIT_POINTS / 2;
  const daily = enoughBefore && falls ? before.slope / f.slope : null;
  checks.push({ id: 'daily', pass: daily === null ? null : daily < DAILY_RATIO_MAX, ratio: daily });
  const time = falls ? f.x0 + f.xbar - f.ybar / f.slope : null;
  checks.push({ id: 'ahead', pass: time !== null && time > to, time });

  const failed = checks.find((c) => c.pass === false);
  if (failed) return { kind: 'none', reason: failed.id, points: n, checks, ...lineOf(f) };

  // Residuals that follow one another inflate the variance by (1 + ρ) / (1 − ρ) for an AR(1)
  // process, and leave that many fewer independent values.
  let num = 0;
  let den = 0;
  for (let i = 0; i < res.length; i++) {
    den += res[i]! * res[i]!;
    if (i > 0) num += res[i]! * res[i - 1]!;
  }
  const rho = den > 0 ? Math.min(0.9, Math.max(0, num / den)) : 0;
  const inflate = (1 + rho) / (1 - rho);
  const df = Math.max(1, n / inflate - 2);
  const [lower, upper] = fieller(f, (f.sse / (n - 2)) * inflate, df, confidence);
  return { kind: 'forecast', time: time!, lower, upper, points: n, r2: f.r2, rho, checks, ...lineOf(f) };
}
