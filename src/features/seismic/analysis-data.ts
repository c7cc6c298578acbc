/**
 * The derived series of each analysis, from the loaded RSAM of the chosen channels: what the
 * chart draws, the summary describes and the CSV exports. Pure (no React), so the numbers the
 * user reads are unit-tested against hand-computed ones.
 */
import { insertGaps, alignSeries, type AlignedData } from '../../chart/series-data';
import { lowerBound } from '../../domain/sorted-search';
import { smoothSeries, type SmoothKind } from '../../analysis/smoothing';
import { ratioSeries } from '../../analysis/ratio';
import { cumulativeSeries } from '../../analysis/cumulative';
import { fitForecast, inverseRateSeries, type Forecast } from '../../analysis/inverse-rate';
import {
  countEvents,
  describeThreshold,
  MEDIAN_WINDOW_SEC,
  type Bin,
  type CountBin,
  type Threshold,
} from '../../analysis/event-counts';
import type { Series } from '../../analysis/series';
import { runningMedian } from '../../analysis/running-median';
import type { Analysis } from './analysis-params';

export interface ChannelSeries extends Series {
  id: string;
}

export interface AnalysisInput {
  analysis: Exclude<Analysis, 'amplitude'>;
  channels: readonly ChannelSeries[];
  /** Shown range, unix seconds. */
  bounds: readonly [number, number];
  /** The view's smoothing, when one is chosen. */
  smooth: { windowSec: number; kind: SmoothKind; label: string } | null;
  fit: readonly [number, number] | null;
  threshold: Threshold;
  bin: Bin;
  zone: string;
}

export interface AnalysisResult {
  data: AlignedData;
  names: string[];
  /** Unit of the y values (for the axis and the CSV header). */
  unit: string;
  /** Label of the second axis, when the last column is drawn there. */
  y2Unit?: string;
  /** The method and its parameters, one sentence each: the CSV header and the summary. */
  method: string[];
  /** Points in the derived series (the chart's `data-points`). */
  points: number;
  forecast?: Forecast;
  bins?: CountBin[];
  /** Why nothing can be drawn, in words for the user. */
  problem?: string;
  /** What the series is made of, as the chart is drawn: shown beside it. */
  scope: Scope;
}

export interface Scope {
  /** Channels the series is computed from. */
  used: string[];
  /** Channels chosen but left out of this analysis, and why. */
  left: string[];
  leftWhy?: string;
  /** The smoothing the series had, in words. */
  smoothing: string;
  /** Why that differs from the view's Smoothing setting, when it does. */
  smoothingWhy?: string;
}

/** The windows the service gave (`window_sec`, typically but not always 60 s), in words. */
function rawWords(chans: readonly ChannelSeries[]): string {
  const sizes = [...new Set(chans.filter((c) => c.times.length > 0).map((c) => c.windowSec))];
  return sizes.length ? `raw ${sizes.map((s) => `${s} s`).join(' and ')} windows` : 'raw windows';
}

/** Smoothing the inverse rate gets when the view has none: raw 1/RSAM is too noisy to fit. */
const DEFAULT_INVERSE_SMOOTH = { windowSec: 3_600, kind: 'median' as const, label: '1 hour rolling median' };

function cut(s: ChannelSeries, [a, b]: readonly [number, number]): ChannelSeries {
  const i = lowerBound(s.times, a);
  const j = lowerBound(s.times, b + 1e-9);
  const sub = (c: ArrayLike<number>) => (c instanceof Float64Array ? c.subarray(i, j) : Array.from(c).slice(i, j));
  return { id: s.id, times: sub(s.times), values: sub(s.values), windowSec: s.windowSec };
}

function smoothed(s: Series, sm: { windowSec: number; kind: SmoothKind }): Series {
  const r = smoothSeries(s, sm.windowSec, sm.kind);
  const times: number[] = [];
  const values: number[] = [];
  r.y.forEach((v, i) => {
    if (v !== null) {
      times.push(r.x[i]!);
      values.push(v);
    }
  });
  const step = r.x.length > 1 ? r.x[1]! - r.x[0]! : s.windowSec;
  return { times, values, windowSec: step };
}

export function computeAnalysis(input: AnalysisInput): AnalysisResult {
  const chans = input.channels.map((c) => cut(c, input.bounds));
  const raw = rawWords(chans);
  const RAW = `none, ${raw}`;
  const smoothNote = input.smooth ? `smoothed by a ${input.smooth.label}` : raw;
  const ids = chans.map((c) => c.id);
  const empty = (problem: string, method: string[], scope: Scope): AnalysisResult => ({
    data: [new Float64Array(0), []],
    names: [],
    unit: '',
    method,
    points: 0,
    problem,
    scope,
  });
  // The analyses that read raw windows whatever the Smoothing setting says.
  const rawScope = (n: number, leftWhy: string, smoothingWhy: string): Scope => ({
    used: ids.slice(0, n),
    left: ids.slice(n),
    leftWhy,
    smoothing: RAW,
    ...(input.smooth ? { smoothingWhy } : {}),
  });

  switch (input.analysis) {
    case 'ratio': {
      const method = [
        'Amplitude ratio: first channel ÷ second channel on aligned windows; a gap in either is a gap',
        smoothNote,
      ];
      const scope: Scope = {
        used: ids.slice(0, 2),
        left: ids.slice(2),
        leftWhy: 'the ratio is of the first two channels',
        smoothing: input.smooth ? `${input.smooth.label}, of each channel before dividing` : RAW,
      };
      if (chans.length < 2)
        return empty('The ratio needs two channels: add a second channel in the list.', method, scope);
      const [a, b] = chans as [ChannelSeries, ChannelSeries];
      const sa = input.smooth ? smoothed(a, input.smooth) : a;
      const sb = input.smooth ? smoothed(b, input.smooth) : b;
      const r = ratioSeries(sa, sb);
      const g = insertGaps(r);
      return { data: [g.x, g.y], names: [`${a.id} ÷ ${b.id}`], unit: 'ratio', method, points: r.times.length, scope };
    }
    case 'cumulative': {
      const method = [
        'Cumulative amplitude: running sum of counts × window seconds from the start of the range; missing windows add nothing',
      ];
      const parts = chans.map((c) => {
        const cum = cumulativeSeries(c);
        return { s: cum, g: insertGaps(cum) };
      });
      return {
        data: alignSeries(parts.map((p) => p.g)),
        names: chans.map((c) => c.id),
        unit: 'counts·s',
        method,
        points: parts.reduce((n, p) => n + p.s.times.length, 0),
        scope: rawScope(ids.length, '', 'the Smoothing setting does not apply: the running sum is of the raw windows'),
      };
    }
    case 'inverse': {
      const sm = input.smooth ?? DEFAULT_INVERSE_SMOOTH;
      const method = [
        'Inverse rate 1/RSAM (Failure Forecast Method, Voight 1988; assumes α = 2, so 1/rate falls on a straight line)',
        `${ids[0] ?? 'first channel'} (the first channel), smoothed by a ${sm.label}`,
        'least-squares line over the fit span; forecast = where the line reaches zero; 95 % interval by Fieller’s method',
      ];
      const scope: Scope = {
        used: ids.slice(0, 1),
        left: ids.slice(1),
        leftWhy: 'the inverse rate is of the first channel only',
        smoothing: sm.label,
        ...(input.smooth
          ? {}
          : { smoothingWhy: 'applied although Smoothing is set to None: raw 1/RSAM is too noisy to fit' }),
      };
      if (chans.length < 1) return empty('Choose a channel.', method, scope);
      const c = chans[0]!;
      const inv = inverseRateSeries(smoothed(c, sm));
      const g = insertGaps(inv);
      const forecast = input.fit ? fitForecast(inv, input.fit[0], input.fit[1]) : undefined;
      const names = [`1/RSAM ${c.id}`];
      if (!forecast || forecast.slope === undefined || forecast.intercept === undefined || forecast.t0 === undefined)
        return { data: [g.x, g.y], names, unit: '1/counts', method, points: inv.times.length, forecast, scope };
      // The fitted line from the span start to the crossing (or the span end when it does not descend).
      const end = forecast.kind === 'forecast' ? forecast.time : input.fit![1];
      const line = (t: number) => forecast.intercept! + forecast.slope! * (t - forecast.t0!);
      const xs = Array.from(new Set([...g.x, input.fit![0], end])).sort((p, q) => p - q);
      const at = new Map<number, number | null>();
      g.x.forEach((x, i) => at.set(x, g.y[i] ?? null));
      const data: AlignedData = [
        Float64Array.from(xs),
        xs.map((x) => at.get(x) ?? null),
        xs.map((x) => (x >= input.fit![0] && x <= end ? Math.max(0, line(x)) : null)),
      ];
      return {
        data,
        names: [...names, 'fitted line'],
        unit: '1/counts',
        method,
        points: inv.times.length,
        forecast,
        scope,
      };
    }
    case 'counts': {
      const method = [
        `Event counts: windows above ${describeThreshold(input.threshold)}, counted per ${input.bin} of local time (${input.zone}), with the running total`,
        `${ids[0] ?? 'first channel'} (the first channel), ${rawWords(chans.slice(0, 1))}`,
      ];
      const scope = rawScope(
        1,
        'event counts are of the first channel only',
        'the Smoothing setting does not apply: windows are counted raw',
      );
      if (chans.length < 1) return empty('Choose a channel.', method, scope);
      const c = chans[0]!;
      const baseline = input.threshold.kind === 'median' ? runningMedian(c, MEDIAN_WINDOW_SEC) : undefined;
      const bins = countEvents(c, input.threshold, input.bin, input.zone, baseline);
      const data: AlignedData = [
        Float64Array.from(bins.map((b) => b.start)),
        bins.map((b) => b.count),
        bins.map((b) => b.cumulative),
      ];
      return {
        data,
        names: [`${c.id} windows per ${input.bin}`, `${c.id} cumulative`],
        unit: 'windows',
        y2Unit: 'cumulative windows',
        method,
        points: bins.length,
        bins,
        scope,
      };
    }
  }
}
