/**
 * Events: spans where RSAM exceeds N× its running median. The median is taken over a centred
 * window long enough (a day) that an eruption-like swarm of some hours does not lift it.
 * The rule, as the page states it (`eventRule`, in events-panel.tsx so that it loads with the
 * panel, not on first paint): every RSAM window above N× the median belongs to an event, a lone
 * window included; windows above it less than `mergeSec` apart, on any channel, are one event.
 * Nothing above the threshold is dropped for being short.
 */
import { runningMedian } from '../../analysis/running-median';
import type { UtcMs } from '../../domain/time';

export interface RsamEvent {
  /** Unix ms. */
  from: UtcMs;
  to: UtcMs;
  /** Highest value / baseline inside the span. */
  peakRatio: number;
  peakTime: UtcMs;
  channels: string[];
  /** RSAM windows above the threshold inside the event, counted per channel. */
  windows: number;
}

export interface EventOptions {
  n: number;
  /** Running median window in seconds. */
  windowSec?: number;
  /** Windows above the threshold less than this far apart (seconds, end to start) are one event. */
  mergeSec?: number;
}

export const DEFAULT_MERGE_SEC = 1_800;

interface RawSpan {
  from: number;
  to: number;
  peakRatio: number;
  peakTime: number;
  windows: number;
}

/**
 * Spans of one series above n × running median, times in unix seconds. A window stands for
 * [t, t + its length): a lone window above is a span of one window, not of nothing.
 */
function detectSpans(s: ChannelSeries, o: EventOptions): RawSpan[] {
  const { times, values } = s;
  const mergeSec = o.mergeSec ?? DEFAULT_MERGE_SEC;
  const len = s.windowSec ?? typicalStep(times);
  const base = runningMedian({ times, values, windowSec: len }, o.windowSec ?? 86_400);
  const spans: RawSpan[] = [];
  let cur: RawSpan | null = null;
  for (let i = 0; i < times.length; i++) {
    const b = base[i]!;
    if (!(b > 0)) continue;
    const ratio = values[i]! / b;
    if (!(ratio > o.n)) continue;
    const t = times[i]!;
    if (cur && t - cur.to < mergeSec) {
      cur.to = t + len;
      cur.windows++;
      if (ratio > cur.peakRatio) {
        cur.peakRatio = ratio;
        cur.peakTime = t;
      }
    } else {
      if (cur) spans.push(cur);
      cur = { from: t, to: t + len, peakRatio: ratio, peakTime: t, windows: 1 };
    }
  }
  if (cur) spans.push(cur);
  return spans;
}

/** The most common spacing of the first points: the window length when the series does not say. */
function typicalStep(times: ArrayLike<number>): number {
  const steps: number[] = [];
  for (let i = 1; i < Math.min(times.length, 64); i++) steps.push(times[i]! - times[i - 1]!);
  steps.sort((a, b) => a - b);
  return steps[steps.length >> 1] ?? 60;
}

export interface ChannelSeries {
  id: string;
  times: ArrayLike<number>;
  values: ArrayLike<number>;
  /** RSAM window length in seconds (window_sec). */
  windowSec?: number;
}

/** Events of several channels, overlapping spans merged; times returned in ms. */
export function detectEvents(series: readonly ChannelSeries[], o: EventOptions): RsamEvent[] {
  const all: Array<RawSpan & { ch: string }> = [];
  for (const s of series) for (const sp of detectSpans(s, o)) all.push({ ...sp, ch: s.id });
  all.sort((a, b) => a.from - b.from);
  const mergeSec = o.mergeSec ?? DEFAULT_MERGE_SEC;
  const out: RsamEvent[] = [];
  for (const s of all) {
    const last = out[out.length - 1];
    if (last && s.from * 1000 < last.to + mergeSec * 1000) {
      last.to = Math.max(last.to, s.to * 1000);
      last.windows += s.windows;
      if (s.peakRatio > last.peakRatio) {
        last.peakRatio = s.peakRatio;
        last.peakTime = s.peakTime * 1000;
      }
      if (!last.channels.includes(s.ch)) last.channels.push(s.ch);
    } else
      out.push({
        from: s.from * 1000,
        to: s.to * 1000,
        peakRatio: s.peakRatio,
        peakTime: s.peakTime * 1000,
        channels: [s.ch],
        windows: s.windows,
      });
  }
  return out;
}
