/**
 * The forecast's words: the read-out, each check with its figures, what the data after the span
 * say, and the method's assumptions and known failures. Pure, so the wording is unit-tested.
 */
import type { Outcome } from '../../../analysis/forecast-outcome';
import type { Check, Forecast } from '../../../analysis/inverse-rate';
import { t } from '@lingui/core/macro';
import { formatFixed, formatNumber } from '../../../domain/format-number';
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

/** Three significant figures, in the display language's way ("-0,0123"). */
function sig3(v: number): string {
  const n = Number(v.toPrecision(3));
  const s = String(n);
  if (s.includes('e')) return s;
  return formatFixed(n, s.split('.')[1]?.length ?? 0);
}
/** A slope of the inverse rate, per hour. */
function perHour(slope: number): string {
  const v = sig3(slope * 3_600);
  return t`${v} 1/counts per hour`;
}
function pText(p: number): string {
  if (p < 0.001) return `p < ${formatFixed(0.001, 3)}`;
  return `p = ${formatFixed(p, 3)}`;
}
function counts(v: number): string {
  const n = formatNumber(Math.round(v));
  return t`${n} counts`;
}
const f2 = (v: number | null | undefined) => (v === null || v === undefined ? '—' : formatFixed(v, 2));

/** One check in words, with its figures and its bound. */
export function checkText(c: Check, zone: string): string {
  switch (c.id) {
    case 'points': {
      const n = formatNumber(c.n);
      const need = formatNumber(c.need);
      return t`${n} values in the fit span (at least ${need})`;
    }
    case 'falls': {
      if (c.slope === null) return t`no line: too few values`;
      const rate = perHour(c.slope);
      return c.slope < 0 ? t`the line falls (${rate})` : t`the line does not fall (${rate})`;
    }
    case 'r2': {
      if (c.r2 === null) return t`r²: no line`;
      const r2 = f2(c.r2);
      const min = f2(c.min);
      return t`r² ${r2} (at least ${min})`;
    }
    case 'halves': {
      if (c.pass === null) return t`bend: not judged, the line does not fall or a half of the span is too short`;
      if (c.ratio === null) return t`the span’s first half does not fall: no acceleration there`;
      const ratio = f2(c.ratio);
      const low = f2(0.5);
      const high = f2(2);
      return t`the span’s second half falls at ${ratio} × the rate of its first (${low} to ${high} ×; a straight line: 1 ×)`;
    }
    case 'runs': {
      if (c.runs === null || c.expected === null || c.p === null)
        return t`residual runs: not judged, the residuals are all of one sign or zero`;
      const runs = formatNumber(c.runs);
      const expected = formatFixed(c.expected, 1);
      const p = pText(c.p);
      const least = formatFixed(0.01, 3);
      return t`${runs} runs of residual signs, ${expected} expected in random order (${p}; at least ${least})`;
    }
    case 'daily': {
      if (c.ratio === null) return t`daily cycle: not checked, too little data a day earlier`;
      if (c.ratio <= 0) return t`the same hours a day earlier did not fall (no daily cycle)`;
      const ratio = f2(c.ratio);
      const below = f2(0.5);
      return t`the same hours a day earlier fell at ${ratio} × this rate (below ${below} ×)`;
    }
    case 'ahead': {
      if (c.time === null) return t`the line never reaches zero`;
      if (c.pass) return t`the line reaches zero after the span`;
      const at = minuteIn(zone, c.time);
      return t`the line reaches zero at ${at}, inside the span or before it`;
    }
  }
}

/** Why a check failed, short: the read-out's reason. */
function failText(c: Check, zone: string): string {
  switch (c.id) {
    case 'points': {
      const n = formatNumber(c.n);
      const need = formatNumber(c.need);
      return t`too few values in the fit span (${n}; at least ${need})`;
    }
    case 'falls':
      return t`the inverse rate does not fall over the fit span, so the line never reaches zero`;
    case 'r2': {
      const r2 = f2(c.r2);
      const min = f2(c.min);
      return t`r² ${r2} is below ${min}: the line explains too little of the inverse rate`;
    }
    case 'halves': {
      if (c.ratio === null) return t`the first half of the fit span does not fall: the rise is not accelerating there`;
      const ratio = f2(c.ratio);
      return c.ratio < 1
        ? t`the inverse rate bends back (its second half falls at ${ratio} × the rate of the first): a daily cycle or a rise that is slowing looks like this`
        : t`the inverse rate bends down (its second half falls at ${ratio} × the rate of the first): not the straight line α = 2 gives`;
    }
    case 'runs': {
      const runs = c.runs === null ? '—' : formatNumber(c.runs);
      const expected = c.expected === null ? '—' : formatFixed(c.expected, 1);
      return t`the residuals run in long stretches of one sign (${runs} runs, ${expected} expected): the values follow a curve, not the line`;
    }
    case 'daily': {
      const ratio = f2(c.ratio);
      return t`the same hours a day earlier fell at ${ratio} × this rate: a daily cycle, not an acceleration`;
    }
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
  if (!fit)
    return t`No forecast yet: drag across the chart, or use “Fit the visible range”, to choose the span to fit.`;
  if (!f) return t`No forecast: nothing to fit.`;
  if (f.kind === 'none') {
    const failed = f.checks
      .filter((c) => c.pass === false)
      .map((c) => failText(c, zone))
      .join('; ');
    return t`No forecast: ${failed}.`;
  }
  let interval: string;
  if (f.lower !== null && f.upper !== null) {
    const lower = minuteIn(zone, f.lower, 'down');
    const upper = minuteIn(zone, f.upper, 'up');
    interval = t`95 % interval ${lower} to ${upper}`;
  } else interval = t`95 % interval unbounded: the slope is not clearly below zero at this confidence`;
  const time = minuteIn(zone, f.time);
  const points = formatNumber(f.points);
  const r2 = f2(f.r2);
  return resolution
    ? t`Failure forecast: ${time}; ${interval}; fitted to ${points} values (${resolution}), r² ${r2}.`
    : t`Failure forecast: ${time}; ${interval}; fitted to ${points} values, r² ${r2}.`;
}

/** What the data after the fit span say about the forecast. */
export function outcomeText(o: Outcome | undefined, zone: string): string | null {
  if (!o) return null;
  switch (o.kind) {
    case 'none':
      return t`No data after the fit span yet to check the forecast against.`;
    case 'open': {
      const end = isoIn(zone, o.dataEnd);
      const last = counts(o.last);
      if (o.rising)
        return t`The data end at ${end}, before the forecast time: RSAM was still rising there (${last}). RSAM alone cannot say whether an eruption began.`;
      const peak = counts(o.peak);
      const peakAt = isoIn(zone, o.peakTime);
      return t`The data end at ${end}, before the forecast time: RSAM had stopped rising, its highest after the span ${peak} at ${peakAt}, and ${last} at the end. RSAM alone cannot say whether an eruption began.`;
    }
    case 'rose': {
      const peak = counts(o.peak);
      const peakAt = isoIn(zone, o.peakTime);
      return t`After the fit span RSAM went on rising into the forecast interval: its highest was ${peak} at ${peakAt}. RSAM alone cannot say whether an eruption began.`;
    }
    case 'stopped': {
      const peak = counts(o.peak);
      const peakAt = isoIn(zone, o.peakTime);
      const atForecast = counts(o.atForecast);
      return t`After the fit span RSAM stopped rising before the forecast interval: its highest was ${peak} at ${peakAt}, and ${atForecast} at the forecast time. The acceleration the line extrapolates did not go on to the forecast. RSAM alone cannot say whether an eruption began.`;
    }
  }
}

/** The method, what it assumes and where it is known to fail, for the panel and the CSV. */
export function methodLimits(): string[] {
  return [
    t`Voight’s (1988) Failure Forecast Method assumes a precursor’s rate Ω̇ accelerates as dΩ̇/dt = A·Ω̇^α; with α = 2 the inverse rate 1/Ω̇ falls on a straight line that reaches zero at the failure time (Cornelius & Voight 1995: the inverse-rate plot is concave upward for α < 2 and downward for α > 2). Here Ω̇ is RSAM, a seismic amplitude with a background under it, not a count of events.`,
    t`Known to fail: unrest that does not accelerate to failure; daily or tidal cycles; several processes at once; spans chosen after the event (the method’s successes are mostly retrospective).`,
    t`Bell et al. (2011) showed that least squares on the inverse rate, as here, does not match the data’s error structure and gives biased, imprecise forecasts (a generalised linear model of the rate does better); Bell et al. (2013) found that even in ideal conditions forecasts carry large uncertainty and false alarms. A research figure, not a warning.`,
  ];
}
