/**
 * The derived series of each analysis of the seismic view, from the loaded RSAM of the chosen
 * channels: what the chart draws, the summary describes and the CSV exports. Pure (no React), so
 * the numbers the user reads are unit-tested against hand-computed ones; here, below the view, so
 * the analysis worker runs it (src/analysis/jobs): over a year it takes from a tenth of a second
 * to seconds.
 */
import { insertGaps, alignSeries, type AlignedData } from '../../chart/series-data';
import { lowerBound } from '../../domain/sorted-search';
import { smoothSeries, type SmoothKind } from '../smoothing';
import { ratioSeries } from '../ratio';
import { cumulativeSeries } from '../cumulative';
import type { Forecast } from '../inverse-rate';
import type { Outcome } from '../forecast-outcome';
import type { Bin, EventCounts } from '../event-counts';
import { describeThreshold, type Threshold } from '../threshold';
import { EVENT_GAP_SEC, EVENT_MIN_DURATION_SEC } from '../events';
import { MEDIAN_WINDOW_SEC, MIN_BASELINE_SHARE } from '../running-median';
import type { Series } from '../series';
import { columnStats } from '../column-stats';
import type { ColumnStats } from '../../domain/summary';
import { eventCounts, withDayBefore } from './analysis-counts';
import { blockWords, DEFAULT_BLOCK, FORECAST_RULES, inverseRate } from './analysis-inverse';

export interface ChannelSeries extends Series {
  id: string;
}

/** The analyses of the seismic view other than its amplitude chart. */
export type DerivedAnalysis = 'ratio' | 'cumulative' | 'inverse' | 'counts';

export interface AnalysisInput {
  analysis: DerivedAnalysis;
  channels: readonly ChannelSeries[];
  /** Loaded data before the range (the day before it), per channel: event counts read it. */
  history?: readonly ChannelSeries[];
  /** Shown range, unix seconds. */
  bounds: readonly [number, number];
  /** The view's smoothing, when one is chosen. */
  smooth: { windowSec: number; kind: SmoothKind; label: string } | null;
  fit: readonly [number, number] | null;
  threshold: Threshold;
  bin: Bin;
  zone: string;
  /** From this time on (unix s) the service may still add windows: counts there are provisional. */
  finalFrom?: number;
}

export interface AnalysisResult {
  data: AlignedData;
  names: string[];
  /** Unit of the y values (for the axis and the CSV header). */
  unit: string;
  /** Label of the second axis, when the last column is drawn there. */
  y2Unit?: string;
  /** Unit of each column, for the read-out and the CSV. */
  units: string[];
  /** Significant digits of each column in the CSV; null: written as it is (exact). */
  digits: (number | null)[];
  /** The method and its parameters, one sentence each: the CSV header and the summary. */
  method: string[];
  /** Points in the derived series (the chart's `data-points`). */
  points: number;
  /** Count, extremes and median of each drawn series (`data` columns after x): the summary's figures. */
  stats: ColumnStats[];
  forecast?: Forecast;
  /** What the data after the fit span say about the forecast. */
  outcome?: Outcome;
  /** What the fitted values are (inverse rate). */
  resolution?: string;
  counts?: EventCounts;
  /** Why nothing can be drawn, in words for the user. */
  problem?: string;
  /** The sizes of the service's windows in range (s): the words said again on screen read them (analysis-words.ts). */
  windowSizes: number[];
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
  const sizes = windowSizes(chans);
  return sizes.length ? `raw ${sizes.map((s) => `${s} s`).join(' and ')} windows` : 'raw windows';
}

/*
 * The event rule in English, as the CSV and the tests read it. The worker that runs this module gets
 * no message macros (src/analysis/analysis-words.ts says why); the screen says the rule through
 * ../event-rule.ts, word for word this English, in the app's language.
 */
function spanEnglish(sec: number): string {
  const [n, unit] = sec % 3_600 === 0 ? [sec / 3_600, 'hour'] : [Math.round(sec / 60), 'minute'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

function eventRuleEnglish(t: Threshold): string {
  const rule =
    `An event is RSAM above ${describeThreshold(t)} on any of the channels: windows above less than ` +
    `${spanEnglish(EVENT_GAP_SEC)} apart (end to start, missing data between them included) are one event, ` +
    `and it lasts at least ${spanEnglish(EVENT_MIN_DURATION_SEC)} (first window’s start to last one’s end): ` +
    'a shorter run, such as a lone window from a local earthquake, is no event and its windows are not counted.';
  if (t.kind === 'counts') return rule;
  return (
    `${rule} The median is of each channel’s ${spanEnglish(MEDIAN_WINDOW_SEC)} up to the window, never of ` +
    `later data; a window with less than ${spanEnglish(MIN_BASELINE_SHARE * MEDIAN_WINDOW_SEC)} of data in ` +
    'that span is not judged.'
  );
}

function countRuleEnglish(bin: 'hour' | 'day'): string {
  return `Each event is counted in the ${bin} in which it begins; its windows above are counted in the ${bin}s they fall in, one per channel.`;
}

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
  const r = derive(input, chans);
  // The summary's figures, here rather than at each render: a year's median sorts its values.
  const [x, ...ys] = r.data;
  return { ...r, stats: r.problem ? [] : ys.map((y) => columnStats(x, y)), windowSizes: windowSizes(chans) };
}

function windowSizes(chans: readonly ChannelSeries[]): number[] {
  return [...new Set(chans.filter((c) => c.times.length > 0).map((c) => c.windowSec))];
}

function derive(input: AnalysisInput, chans: readonly ChannelSeries[]): Omit<AnalysisResult, 'stats' | 'windowSizes'> {
  const raw = rawWords(chans);
  const RAW = `none, ${raw}`;
  const smoothNote = input.smooth ? `smoothed by a ${input.smooth.label}` : raw;
  const ids = chans.map((c) => c.id);
  const empty = (problem: string, method: string[], scope: Scope): Omit<AnalysisResult, 'stats' | 'windowSizes'> => ({
    data: [new Float64Array(0), []],
    names: [],
    unit: '',
    units: [],
    digits: [],
    method,
    points: 0,
    problem,
    scope,
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
      return {
        data: [g.x, g.y],
        names: [`${a.id} ÷ ${b.id}`],
        unit: 'ratio',
        units: ['ratio'],
        digits: [6],
        method,
        points: r.times.length,
        scope,
      };
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
        names: ids,
        unit: 'counts·s',
        units: ids.map(() => 'counts·s'),
        // Exact sums of the service's decimals (src/analysis/exact-sum.ts): written as they are.
        digits: ids.map(() => null),
        method,
        points: parts.reduce((n, p) => n + p.s.times.length, 0),
        scope: {
          used: ids,
          left: [],
          smoothing: RAW,
          ...(input.smooth
            ? { smoothingWhy: 'the Smoothing setting does not apply: the running sum is of the raw windows' }
            : {}),
        },
      };
    }
    case 'inverse': {
      const block = input.smooth ?? DEFAULT_BLOCK;
      const c = chans[0];
      const blockSec = Math.max(block.windowSec, c?.windowSec ?? 0);
      const words = blockWords(blockSec, block.kind);
      const method = [
        'Inverse rate 1/RSAM: Failure Forecast Method (Voight 1988; Cornelius & Voight 1995) with α = 2, for which 1/rate falls on a straight line reaching zero at the failure time',
        `${ids[0] ?? 'first channel'} (the first channel), as ${words} of its ${c?.windowSec ?? 60} s windows, one value per block (timed at its middle)`,
        `least-squares line over the fit span; forecast = where it reaches zero. ${FORECAST_RULES} 95 % interval by Fieller’s method, widened for the residuals’ lag-1 autocorrelation`,
      ];
      const scope: Scope = {
        used: ids.slice(0, 1),
        left: ids.slice(1),
        leftWhy: 'the inverse rate is of the first channel only',
        smoothing: `${words}, one per block (not rolling: values fitted must not share windows)`,
        ...(input.smooth
          ? {}
          : { smoothingWhy: 'applied although Smoothing is set to None: raw 1/RSAM is too noisy to fit' }),
      };
      if (!c) return empty('Choose a channel.', method, scope);
      const r = inverseRate(c, block, input.fit);
      return {
        ...r,
        unit: '1/counts',
        units: r.names.map(() => '1/counts'),
        digits: r.names.map(() => 6),
        method,
        scope,
      };
    }
    case 'counts': {
      const zoneWords = input.zone === 'UTC' ? 'UTC' : `local time (${input.zone})`;
      const method = [
        eventRuleEnglish(input.threshold),
        `${countRuleEnglish(input.bin)} Bins are ${input.bin}s of ${zoneWords}`,
        `${ids.length ? ids.join(', ') : 'no channel'}, ${raw}`,
      ];
      const scope: Scope = {
        used: ids,
        left: [],
        smoothing: RAW,
        ...(input.smooth ? { smoothingWhy: 'the Smoothing setting does not apply: windows are judged raw' } : {}),
      };
      if (chans.length < 1) return empty('Choose a channel.', method, scope);
      // Every loaded window, before the range too: the trailing median of its first hours, and
      // the events that began before it, come from there.
      const all = input.channels.map((c) =>
        withDayBefore(
          c,
          input.history?.find((h) => h.id === c.id),
        ),
      );
      const r = eventCounts(all, input.bounds, input.threshold, input.bin, input.zone, input.finalFrom ?? -Infinity);
      return {
        ...r,
        unit: 'events',
        y2Unit: 'windows',
        units: ['events', 'windows'],
        digits: [null, null],
        method,
        points: r.counts.bins.length,
        scope,
      };
    }
  }
}
