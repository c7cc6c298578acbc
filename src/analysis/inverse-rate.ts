/**
 * Inverse-rate failure forecast (materials Failure Forecast Method: Voight 1988; Cornelius &
 * Voight 1995). With the exponent α = 2 the inverse of an accelerating rate (here RSAM) falls on a
 * straight line whose zero crossing is the forecast failure time. The fit is ordinary least
 * squares over a span the user picks; the 95 % interval on the crossing is Fieller's confidence
 * set for the x where the fitted mean reaches zero, which is honest about a weak slope: when the
 * slope is not clearly below zero the set is unbounded, and we say so instead of printing a range.
 */
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

/** Fewer points than this and a fitted line says nothing. */
export const MIN_FIT_POINTS = 5;

export type Forecast =
  | {
      kind: 'forecast';
      /** Forecast failure time, unix seconds. */
      time: number;
      /** 95 % interval on `time`; null bounds when the interval is unbounded on that side. */
      lower: number | null;
      upper: number | null;
      /** Fitted line: inverse rate = intercept + slope × (t − t0), t in unix seconds. */
      slope: number;
      intercept: number;
      t0: number;
      points: number;
      r2: number;
    }
  | {
      kind: 'none';
      reason: 'too-few-points' | 'not-descending';
      points: number;
      slope?: number;
      intercept?: number;
      t0?: number;
    };

/** Least-squares line over the points of `s` inside [from, to] (unix seconds), and its zero crossing. */
export function fitForecast(s: Series, from: number, to: number, confidence = 0.95): Forecast {
  let n = 0;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < s.times.length; i++) {
    const t = s.times[i]!;
    const v = s.values[i]!;
    if (t < from || t > to || !Number.isFinite(v)) continue;
    n++;
    sx += t - from;
    sy += v;
  }
  if (n < MIN_FIT_POINTS) return { kind: 'none', reason: 'too-few-points', points: n };
  // Centred sums (x measured from the span start) keep unix-second squares from losing precision.
  const xbar = sx / n;
  const ybar = sy / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < s.times.length; i++) {
    const t = s.times[i]!;
    const v = s.values[i]!;
    if (t < from || t > to || !Number.isFinite(v)) continue;
    const dx = t - from - xbar;
    const dy = v - ybar;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
  }
  if (sxx === 0) return { kind: 'none', reason: 'too-few-points', points: n };
  const slope = sxy / sxx;
  const intercept = ybar - slope * xbar;
  if (!(slope < 0)) return { kind: 'none', reason: 'not-descending', points: n, slope, intercept, t0: from };
  const sse = Math.max(0, syy - slope * sxy);
  const r2 = syy > 0 ? 1 - sse / syy : 1;
  const df = n - 2;
  const s2 = sse / df;
  const time = from + xbar - ybar / slope;
  // Fieller: the d = x − x̄ where |ȳ + b·d| ≤ t·s·√(1/n + d²/Sxx).
  const tq = studentTQuantile(1 - (1 - confidence) / 2, df);
  const q = tq * tq * s2;
  const A = slope * slope - q / sxx;
  const B = 2 * ybar * slope;
  const C = ybar * ybar - q / n;
  let lower: number | null = null;
  let upper: number | null = null;
  if (A > 0) {
    const disc = Math.sqrt(Math.max(0, B * B - 4 * A * C));
    const d1 = (-B - disc) / (2 * A);
    const d2 = (-B + disc) / (2 * A);
    lower = from + xbar + Math.min(d1, d2);
    upper = from + xbar + Math.max(d1, d2);
  }
  return { kind: 'forecast', time, lower, upper, slope, intercept, t0: from, points: n, r2 };
}
