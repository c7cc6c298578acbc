/**
 * The analyses' words on screen, in the app's language: the forecast's rules, and a worked-out
 * result's method, scope, problem and series names said anew.
 *
 * Why apart from the modules that work the analyses out: those run in the analysis worker, whose
 * bundle does not go through the message macros (vite.config.ts has no `worker.plugins`) and holds
 * no catalogue. They keep writing English, which the CSV's column keys and the unit tests read;
 * the view says the result again here, on this thread, from what the job was given. So the worker
 * must never import this module. The English here is the worker's, word for word.
 */
import { plural, t } from '@lingui/core/macro';
import { formatFixed, formatNumber } from '../domain/format-number';
import { displayLocale } from '../domain/display-locale';
import type { AnalysisResult } from './derived/analysis-data';
import type { AnalysisJobInput } from './jobs/job-types';
import { countRuleText, eventRuleText } from './event-rule';
import { DAILY_RATIO_MAX, HALVES_MAX, HALVES_MIN, MIN_FIT_POINTS, R2_MIN, RUNS_P_MIN } from './inverse-rate';
import type { SmoothKind } from './smoothing';

/** "10-minute medians", "1-hour means" (analysis-inverse.ts' blockWords). */
export function blockSaid(sec: number, kind: SmoothKind): string {
  if (sec % 86_400 === 0) {
    const n = sec / 86_400;
    return kind === 'median' ? t`${n}-day medians` : t`${n}-day means`;
  }
  if (sec % 3_600 === 0) {
    const n = sec / 3_600;
    return kind === 'median' ? t`${n}-hour medians` : t`${n}-hour means`;
  }
  const n = formatNumber(sec / 60);
  return kind === 'median' ? t`${n}-minute medians` : t`${n}-minute means`;
}

/** The rule a forecast must meet (analysis-inverse.ts' FORECAST_RULES). */
export function forecastRulesWords(): string {
  const r2 = formatFixed(R2_MIN, 2);
  const low = formatNumber(HALVES_MIN);
  const high = formatNumber(HALVES_MAX);
  const p = formatNumber(RUNS_P_MIN);
  const daily = formatNumber(DAILY_RATIO_MAX);
  return t`A time is given only when the fit span holds at least ${MIN_FIT_POINTS} values, the line falls, r² ≥ ${r2}, the span’s second half falls at ${low}–${high} × the rate of its first (no bend), the residuals pass a runs test (p ≥ ${p}), the same hours a day earlier did not fall at ${daily} × the rate or more (a daily cycle), and the line reaches zero after the span.`;
}

/** "raw 60 s windows", from the sizes of the windows in range. */
function rawSaid(sizes: readonly number[]): string {
  if (!sizes.length) return t`raw windows`;
  const each = sizes.map((s) => `${formatNumber(s)} s`);
  const locale = displayLocale();
  // English joined as the worker joins it; other languages' "and" through Intl ("60 s y 600 s").
  const windows =
    locale === 'en' ? each.join(' and ') : new Intl.ListFormat(locale, { type: 'conjunction' }).format(each);
  return t`raw ${windows} windows`;
}

/** "1h rolling mean, of each channel before dividing" and its kin, one message each. */
function smoothingSaid(code: string, kind: SmoothKind, use: 'note' | 'ratio'): string {
  if (use === 'note')
    return kind === 'median' ? t`smoothed by a ${code} rolling median` : t`smoothed by a ${code} rolling mean`;
  return kind === 'median'
    ? t`${code} rolling median, of each channel before dividing`
    : t`${code} rolling mean, of each channel before dividing`;
}

/** A series' name as the worker wrote it (the CSV's key), in words for the legend and the axis. */
export function seriesNameSaid(name: string, of: AnalysisJobInput): string {
  if (name === 'fitted line') return t`fitted line`;
  if (of.analysis !== 'counts') return name;
  const n = of.channels.length;
  const id = of.channels[0]?.id ?? '';
  const events = name.includes(' events per ');
  if (n === 1) {
    if (of.bin === 'hour') return events ? t`${id} events per hour` : t`${id} windows above per hour`;
    return events ? t`${id} events per day` : t`${id} windows above per day`;
  }
  if (of.bin === 'hour')
    return events
      ? plural(n, { one: '# channel events per hour', other: '# channels events per hour' })
      : plural(n, { one: '# channel windows above per hour', other: '# channels windows above per hour' });
  return events
    ? plural(n, { one: '# channel events per day', other: '# channels events per day' })
    : plural(n, { one: '# channel windows above per day', other: '# channels windows above per day' });
}

/** A unit as the worker wrote it (the CSV's), in words for the axis and the read-out. */
export function unitSaid(unit: string): string {
  switch (unit) {
    case 'ratio':
      return t`ratio`;
    case 'counts·s':
      return t`counts·s`;
    case '1/counts':
      return t`1/counts`;
    case 'events':
      return t`events`;
    case 'windows':
      return t`windows`;
    default:
      return unit;
  }
}

/**
 * `r` with its words in the app's language, said from what the job was given (`of`): the method,
 * the scope, the problem, the resolution, the series' names and units. Its data are the same
 * object; the worker's English stays in `r` for the CSV's column keys.
 */
export function sayAnalysis(r: AnalysisResult, of: AnalysisJobInput): AnalysisResult {
  const ids = of.channels.map((c) => c.id);
  const raw = rawSaid(r.windowSizes);
  const none = t`none, ${raw}`;
  const smooth = of.smooth;
  // The view's Smoothing as its URL writes it (`1h`): the label's first word (analysis-panel.tsx).
  const code = smooth?.label.split(' ')[0] ?? '';
  const said = {
    ...r,
    names: r.names.map((n) => seriesNameSaid(n, of)),
    unit: unitSaid(r.unit),
    y2Unit: r.y2Unit === undefined ? undefined : unitSaid(r.y2Unit),
    units: r.units.map(unitSaid),
  };
  switch (of.analysis) {
    case 'ratio':
      return {
        ...said,
        method: [
          t`Amplitude ratio: first channel ÷ second channel on aligned windows; a gap in either is a gap`,
          smooth ? smoothingSaid(code, smooth.kind, 'note') : raw,
        ],
        scope: {
          ...r.scope,
          leftWhy: t`the ratio is of the first two channels`,
          smoothing: smooth ? smoothingSaid(code, smooth.kind, 'ratio') : none,
        },
        problem: r.problem && t`The ratio needs two channels: add a second channel in the list.`,
      };
    case 'cumulative':
      return {
        ...said,
        method: [
          t`Cumulative amplitude: running sum of counts × window seconds from the start of the range; missing windows add nothing`,
        ],
        scope: {
          ...r.scope,
          smoothing: none,
          ...(smooth
            ? { smoothingWhy: t`the Smoothing setting does not apply: the running sum is of the raw windows` }
            : {}),
        },
      };
    case 'inverse': {
      const first = of.channels[0];
      const block = smooth ?? { windowSec: 600, kind: 'median' as const };
      const words = blockSaid(Math.max(block.windowSec, first?.windowSec ?? 0), block.kind);
      const id = ids[0] ?? t`first channel`;
      const windowSec = formatNumber(first?.windowSec ?? 60);
      const rules = forecastRulesWords();
      return {
        ...said,
        method: [
          t`Inverse rate 1/RSAM: Failure Forecast Method (Voight 1988; Cornelius & Voight 1995) with α = 2, for which 1/rate falls on a straight line reaching zero at the failure time`,
          t`${id} (the first channel), as ${words} of its ${windowSec} s windows, one value per block (timed at its middle)`,
          t`least-squares line over the fit span; forecast = where it reaches zero. ${rules} 95 % interval by Fieller’s method, widened for the residuals’ lag-1 autocorrelation`,
        ],
        scope: {
          ...r.scope,
          leftWhy: t`the inverse rate is of the first channel only`,
          smoothing: t`${words}, one per block (not rolling: values fitted must not share windows)`,
          ...(smooth
            ? {}
            : { smoothingWhy: t`applied although Smoothing is set to None: raw 1/RSAM is too noisy to fit` }),
        },
        problem: r.problem && t`Choose a channel.`,
        resolution: r.resolution && t`${words} of the service’s ${windowSec} s windows, one value per block`,
      };
    }
    case 'counts': {
      const zone = of.zone;
      const bins =
        zone === 'UTC'
          ? of.bin === 'hour'
            ? t`Bins are hours of UTC`
            : t`Bins are days of UTC`
          : of.bin === 'hour'
            ? t`Bins are hours of local time (${zone})`
            : t`Bins are days of local time (${zone})`;
      const channels = ids.length ? ids.join(', ') : t`no channel`;
      return {
        ...said,
        method: [eventRuleText(of.threshold), `${countRuleText(of.bin)} ${bins}`, `${channels}, ${raw}`],
        scope: {
          ...r.scope,
          smoothing: none,
          ...(smooth ? { smoothingWhy: t`the Smoothing setting does not apply: windows are judged raw` } : {}),
        },
        problem: r.problem && t`Choose a channel.`,
      };
    }
  }
}
