/**
 * The inverse-rate analysis: 1/RSAM of the first channel in non-overlapping blocks, the line over
 * the fit span and the forecast with its checks, and what the data after the span say about it.
 */
import type { AlignedData } from '../../chart/series-data';
import { insertGaps } from '../../chart/series-data';
import { blockSeries } from '../block-series';
import { forecastOutcome, type Outcome } from '../forecast-outcome';
import {
  DAILY_RATIO_MAX,
  fitForecast,
  HALVES_MAX,
  HALVES_MIN,
  inverseRateSeries,
  MIN_FIT_POINTS,
  R2_MIN,
  RUNS_P_MIN,
  type Forecast,
} from '../inverse-rate';
import type { SmoothKind } from '../smoothing';
import type { Series } from '../series';

/** One channel's loaded RSAM (as analysis-data.ts' ChannelSeries). */
type ChannelSeries = Series & { id: string };

/** The blocks the inverse rate is made of when the view has no Smoothing: 10-minute medians. */
export const DEFAULT_BLOCK = { windowSec: 600, kind: 'median' as const };

/** "10-minute medians", "1-hour means". */
export function blockWords(sec: number, kind: SmoothKind): string {
  const [n, unit] =
    sec % 86_400 === 0 ? [sec / 86_400, 'day'] : sec % 3_600 === 0 ? [sec / 3_600, 'hour'] : [sec / 60, 'minute'];
  return `${n}-${unit} ${kind}s`;
}

/** The rule a forecast must meet, in words a colleague can check against the code. */
export const FORECAST_RULES =
  `A time is given only when the fit span holds at least ${MIN_FIT_POINTS} values, the line falls, ` +
  `r² ≥ ${R2_MIN.toFixed(2)}, the span’s second half falls at ${HALVES_MIN}–${HALVES_MAX} × the rate of its first ` +
  `(no bend), the residuals pass a runs test (p ≥ ${RUNS_P_MIN}), the same hours a day earlier did not fall at ` +
  `${DAILY_RATIO_MAX} × the rate or more (a daily cycle), and the line reaches zero after the span.`;

export interface InverseResult {
  data: AlignedData;
  names: string[];
  points: number;
  forecast?: Forecast;
  outcome?: Outcome;
  /** What the fitted values are, in words: "10-minute medians of the service's 60 s windows". */
  resolution: string;
}

export function inverseRate(
  c: ChannelSeries,
  block: { windowSec: number; kind: SmoothKind },
  fit: readonly [number, number] | null,
): InverseResult {
  const blockSec = Math.max(block.windowSec, c.windowSec);
  const blocks = blockSeries(c, blockSec, block.kind);
  const inv = inverseRateSeries(blocks);
  const g = insertGaps(inv);
  const names = [`1/RSAM ${c.id}`];
  const resolution = `${blockWords(blockSec, block.kind)} of the service’s ${c.windowSec} s windows, one value per block`;
  const forecast = fit ? fitForecast(inv, fit[0], fit[1]) : undefined;
  const base = { names, points: inv.times.length, forecast, resolution };
  if (
    !fit ||
    !forecast ||
    forecast.slope === undefined ||
    forecast.intercept === undefined ||
    forecast.t0 === undefined
  )
    return { ...base, data: [g.x, g.y] };
  const outcome =
    forecast.kind === 'forecast'
      ? forecastOutcome(blocks, fit[1], forecast.time, forecast.lower, forecast.upper)
      : undefined;
  // The fitted line from the span start to the crossing (or the span end when no time is given).
  const end = forecast.kind === 'forecast' ? forecast.time : fit[1];
  const { slope, intercept, t0 } = forecast;
  const line = (t: number) => intercept + slope * (t - t0);
  const xs = Array.from(new Set([...g.x, fit[0], end])).sort((p, q) => p - q);
  const at = new Map<number, number | null>();
  g.x.forEach((x, i) => at.set(x, g.y[i] ?? null));
  const data: AlignedData = [
    Float64Array.from(xs),
    xs.map((x) => at.get(x) ?? null),
    xs.map((x) => (x >= fit[0] && x <= end ? Math.max(0, line(x)) : null)),
  ];
  return { ...base, data, names: [...names, 'fitted line'], outcome };
}
