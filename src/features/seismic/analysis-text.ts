/**
 * The words and numbers the analysis panel writes: values, the forecast read-out, the summary for
 * screen readers and what each series is made of. Pure, so the wording is unit-tested.
 */
import { columnStats } from '../../analysis/column-stats';
import { formatCsvTime } from '../../chart/export';
import { formatNumber } from '../../domain/format-number';
import { MIN_FIT_POINTS, type Forecast } from '../../analysis/inverse-rate';
import type { AnalysisResult, Scope } from './analysis-data';
import type { AnalysisState } from './analysis-params';
import type { SeismicViewState } from './seismic-params';

/** A derived value: whole numbers as counts, others to three significant digits. */
export function fmtValue(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  const a = Math.abs(v);
  if (Number.isInteger(v) || a >= 1000) return formatNumber(Math.round(v));
  return a >= 1 ? v.toFixed(2) : v.toPrecision(3);
}

/** An instant as ISO 8601 with its offset, and the zone named: what the forecast read-out says. */
export function isoIn(zone: string, s: number): string {
  return `${formatCsvTime(s, zone)} (${zone})`;
}

export function forecastText(f: Forecast | undefined, fit: AnalysisState['fit'], zone: string): string {
  if (!fit) return 'No forecast yet: drag across the chart, or use “Fit the visible range”, to choose the span to fit.';
  if (!f || f.kind === 'none') {
    if (f?.reason === 'not-descending')
      return 'No forecast: the inverse rate does not descend over the fit span, so the line never reaches zero.';
    return `No forecast: too few points in the fit span (${f?.points ?? 0}; at least ${MIN_FIT_POINTS} are needed).`;
  }
  const interval =
    f.lower !== null && f.upper !== null
      ? `95 % interval ${isoIn(zone, f.lower)} to ${isoIn(zone, f.upper)}`
      : '95 % interval unbounded: the slope is not clearly below zero at this confidence';
  return `Failure forecast: ${isoIn(zone, f.time)}; ${interval}; fitted over ${f.points} points (r² ${f.r2.toFixed(2)}).`;
}

/** The fit span in words, so the person knows what the forecast was fitted over. */
export function fitSpanText(fit: readonly [number, number], zone: string): string {
  return `Fit span: ${isoIn(zone, fit[0])} to ${isoIn(zone, fit[1])}.`;
}

export function summaryText(r: AnalysisResult, state: SeismicViewState, zone: string): string {
  if (r.problem) return 'Nothing to summarise yet.';
  if (state.analysis === 'counts' && r.bins) {
    const total = r.bins.at(-1)?.cumulative ?? 0;
    const busiest = r.bins.reduce(
      (m, b) => (b.count > m.count ? b : m),
      r.bins[0] ?? { start: 0, count: 0, cumulative: 0 },
    );
    return `${formatNumber(total)} windows above the threshold in ${r.bins.length} ${state.bin}s${
      total ? `; busiest ${state.bin} from ${isoIn(zone, busiest.start)} with ${busiest.count}` : ''
    }.`;
  }
  const [x, ...ys] = r.data;
  return r.names
    .slice(0, state.analysis === 'inverse' ? 1 : undefined)
    .map((n, i) => {
      const s = columnStats(x, ys[i] ?? []);
      return s.count
        ? `${n}: ${formatNumber(s.count)} values, min ${fmtValue(s.min)}, max ${fmtValue(s.max)}, median ${fmtValue(s.median)} ${r.unit}`
        : `${n}: no data`;
    })
    .join('. ');
}

/** Which channels the chart is of (and which chosen ones it leaves out), and its smoothing. */
export function scopeText(s: Scope): { channels: string; smoothing: string } {
  const left = s.left.length ? ` only; not included: ${s.left.join(', ')}${s.leftWhy ? ` (${s.leftWhy})` : ''}` : '';
  return {
    channels: s.used.length ? `${s.used.join(', ')}${left}.` : 'none yet.',
    smoothing: `${s.smoothing}${s.smoothingWhy ? ` (${s.smoothingWhy})` : ''}.`,
  };
}
