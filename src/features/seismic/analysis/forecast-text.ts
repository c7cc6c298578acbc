/**
 * The forecast's words: the read-out, each check with its figures, what the data after the span
 * say, and the method's assumptions and known failures. Pure, so the wording is unit-tested.
 */
import type { Outcome } from '../../../analysis/forecast-outcome';
import type { Check, Forecast } from '../../../analysis/inverse-rate';
import { formatNumber } from '../../../domain/format-number';
import { formatCsvTime } from '../../../chart/export';
import type { AnalysisState } from './analysis-params';

/** An instant to the nearest second, ISO 8601 with its offset, and the zone named. */
export function isoIn(zone: string, s: number): string {
  return `${formatCsvTime(Math.round(s), zone)} (${zone})`;
}

/**
 * A forecast time to the minute (seconds would claim a precision it has not): the time to the
 * nearest, an interval's lower end down and its upper end up, so rounding never narrows it.
 */
export function minuteIn(zone: string, s: number, round: 'nearest' | 'down' | 'up' = 'nearest'): string {
  const f = round === 'down' ? Math.floor : round === 'up' ? Math.ceil : Math.round;
  return `${formatCsvTime(f(s / 60) * 60, zone).replace(/:00(?=[Z+-])/, '')} (${zone})`;
}

const sig3 = (v: number) => String(Number(v.toPrecision(3)));
/** A slope of the inverse rate, per hour. */
const perHour = (slope: number) => `${sig3(slope * 3_600)} 1/counts per hour`;
const pText = (p: number) => (p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`);
const counts = (v: number) => `${formatNumber(Math.round(v))} counts`;

/** One check in words, with its figures and its bound. */
export function checkText(c: Check, zone: string): string {
  switch (c.id) {
    case 'points':
      return `${c.n} values in the fit span (at least ${c.need})`;
    case 'falls':
      return c.slope === null
        ? 'no line: too few values'
        : c.slope < 0
          ? `the line falls (${perHour(c.slope)})`
          : `the line does not fall (${perHour(c.slope)})`;
    case 'r2':
      return c.r2 === null ? 'r²: no line' : `r² ${c.r2.toFixed(2)} (at least ${c.min.toFixed(2)})`;
    case 'halves':
      if (c.pass === null) return 'bend: not judged, the line does not fall or a half of the span is too short';
      if (c.ratio === null) return 'the span’s first half does not fall: no acceleration there';
      return `the span’s second half falls at ${c.ratio.toFixed(2)} × the rate of its first (0.50 to 2.00 ×; a straight line: 1 ×)`;
    case 'runs':
      return c.runs === null || c.expected === null || c.p === null
        ? 'residual runs: not judged, the residuals are all of one sign or zero'
        : `${c.runs} runs of residual signs, ${c.expected.toFixed(1)} expected in random order (${pText(c.p)}; at least 0.010)`;
    case 'daily':
      return c.ratio === null
        ? 'daily cycle: not checked, too little data a day earlier'
        : c.ratio <= 0
          ? 'the same hours a day earlier did not fall (no daily cycle)'
          : `the same hours a day earlier fell at ${c.ratio.toFixed(2)} × this rate (below 0.50 ×)`;
    case 'ahead':
      return c.time === null
        ? 'the line never reaches zero'
        : c.pass
          ? 'the line reaches zero after the span'
          : `the line reaches zero at ${minuteIn(zone, c.time)}, inside the span or before it`;
  }
}

/** Why a check failed, short: the read-out's reason. */
function failText(c: Check, zone: string): string {
  switch (c.id) {
    case 'points':
      return `too few values in the fit span (${c.n}; at least ${c.need})`;
    case 'falls':
      return 'the inverse rate does not fall over the fit span, so the line never reaches zero';
    case 'r2':
      return `r² ${c.r2?.toFixed(2) ?? '—'} is below ${c.min.toFixed(2)}: the line explains too little of the inverse rate`;
    case 'halves':
      if (c.ratio === null) return 'the first half of the fit span does not fall: the rise is not accelerating there';
      return c.ratio < 1
        ? `the inverse rate bends back (its second half falls at ${c.ratio.toFixed(2)} × the rate of the first): a daily cycle or a rise that is slowing looks like this`
        : `the inverse rate bends down (its second half falls at ${c.ratio.toFixed(2)} × the rate of the first): not the straight line α = 2 gives`;
    case 'runs':
      return `the residuals run in long stretches of one sign (${c.runs ?? '—'} runs, ${c.expected?.toFixed(1) ?? '—'} expected): the values follow a curve, not the line`;
    case 'daily':
      return `the same hours a day earlier fell at ${c.ratio?.toFixed(2) ?? '—'} × this rate: a daily cycle, not an acceleration`;
    case 'ahead':
      return checkText(c, zone);
  }
}

export function forecastText(
  f: Forecast | undefined,
  fit: AnalysisState['fit'],
  zone: string,
  resolution = '',
): string {
  if (!fit) return 'No forecast yet: drag across the chart, or use “Fit the visible range”, to choose the span to fit.';
  if (!f) return 'No forecast: nothing to fit.';
  if (f.kind === 'none') {
    const failed = f.checks.filter((c) => c.pass === false).map((c) => failText(c, zone));
    return `No forecast: ${failed.join('; ')}.`;
  }
  const interval =
    f.lower !== null && f.upper !== null
      ? `95 % interval ${minuteIn(zone, f.lower, 'down')} to ${minuteIn(zone, f.upper, 'up')}`
      : '95 % interval unbounded: the slope is not clearly below zero at this confidence';
  return `Failure forecast: ${minuteIn(zone, f.time)}; ${interval}; fitted to ${f.points} values${resolution ? ` (${resolution})` : ''}, r² ${f.r2.toFixed(2)}.`;
}

/** What the data after the fit span say about the forecast. */
export function outcomeText(o: Outcome | undefined, zone: string): string | null {
  if (!o) return null;
  const cannot = ' RSAM alone cannot say whether an eruption began.';
  switch (o.kind) {
    case 'none':
      return 'No data after the fit span yet to check the forecast against.';
    case 'open':
      return (
        `The data end at ${isoIn(zone, o.dataEnd)}, before the forecast time: ` +
        (o.rising
          ? `RSAM was still rising there (${counts(o.last)}).`
          : `RSAM had stopped rising, its highest after the span ${counts(o.peak)} at ${isoIn(zone, o.peakTime)}, and ${counts(o.last)} at the end.`) +
        cannot
      );
    case 'rose':
      return `After the fit span RSAM went on rising into the forecast interval: its highest was ${counts(o.peak)} at ${isoIn(zone, o.peakTime)}.${cannot}`;
    case 'stopped':
      return (
        `After the fit span RSAM stopped rising before the forecast interval: its highest was ${counts(o.peak)} at ${isoIn(zone, o.peakTime)}, ` +
        `and ${counts(o.atForecast)} at the forecast time. The acceleration the line extrapolates did not go on to the forecast.${cannot}`
      );
  }
}

/** The method, what it assumes and where it is known to fail, for the panel and the CSV. */
export const METHOD_LIMITS = [
  'Voight’s (1988) Failure Forecast Method assumes a precursor’s rate Ω̇ accelerates as dΩ̇/dt = A·Ω̇^α; with α = 2 the inverse rate 1/Ω̇ falls on a straight line that reaches zero at the failure time (Cornelius & Voight 1995: the inverse-rate plot is concave upward for α < 2 and downward for α > 2). Here Ω̇ is RSAM, a seismic amplitude with a background under it, not a count of events.',
  'Known to fail: unrest that does not accelerate to failure; daily or tidal cycles; several processes at once; spans chosen after the event (the method’s successes are mostly retrospective).',
  'Bell et al. (2011) showed that least squares on the inverse rate, as here, does not match the data’s error structure and gives biased, imprecise forecasts (a generalised linear model of the rate does better); Bell et al. (2013) found that even in ideal conditions forecasts carry large uncertainty and false alarms. A research figure, not a warning.',
] as const;
