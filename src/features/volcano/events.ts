/**
 * Events: spans where RSAM exceeds N× its running median. The median is taken over a centred
 * window long enough (a day) that an eruption-like swarm of some hours does not lift it.
 */
import { runningMedian } from '../../chart/chart-options';
import type { UtcMs } from '../../domain/time';

export interface RsamEvent {
  /** Unix ms. */
  from: UtcMs;
  to: UtcMs;
  /** Highest value / baseline inside the span. */
  peakRatio: number;
  peakTime: UtcMs;
  channels: string[];
}

export interface EventOptions {
  n: number;
  /** Running median window in seconds. */
  windowSec?: number;
  /** Spans closer than this (seconds) are one event. */
  mergeSec?: number;
  /** Spans shorter than this (seconds) are noise. */
  minDurationSec?: number;
}

interface RawSpan {
  from: number;
  to: number;
  peakRatio: number;
  peakTime: number;
}

/** Spans of one series (times in unix seconds) above n × running median. */
function detectSpans(s: ChannelSeries, o: EventOptions): RawSpan[] {
  const { times, values } = s;
  const windowSec = o.windowSec ?? 86_400;
  const mergeSec = o.mergeSec ?? 1_800;
  const minDur = o.minDurationSec ?? 300;
  const base = runningMedian({ times, values, windowSec: s.windowSec ?? 60 }, windowSec);
  const spans: RawSpan[] = [];
  let cur: RawSpan | null = null;
  for (let i = 0; i < times.length; i++) {
    const b = base[i]!;
    if (!(b > 0)) continue;
    const ratio = values[i]! / b;
    if (ratio <= o.n) continue;
    const t = times[i]!;
    if (cur && t - cur.to <= mergeSec) {
      cur.to = t;
      if (ratio > cur.peakRatio) {
        cur.peakRatio = ratio;
        cur.peakTime = t;
      }
    } else {
      if (cur) spans.push(cur);
      cur = { from: t, to: t, peakRatio: ratio, peakTime: t };
    }
  }
  if (cur) spans.push(cur);
  return spans.filter((s) => s.to - s.from >= minDur);
}

export interface ChannelSeries {
  id: string;
  times: ArrayLike<number>;
  values: ArrayLike<number>;
  /** Seconds per sample (60 when absent). */
  windowSec?: number;
}

/** Events of several channels, overlapping spans merged; times returned in ms. */
export function detectEvents(series: readonly ChannelSeries[], o: EventOptions): RsamEvent[] {
  const all: Array<RawSpan & { ch: string }> = [];
  for (const s of series) for (const sp of detectSpans(s, o)) all.push({ ...sp, ch: s.id });
  all.sort((a, b) => a.from - b.from);
  const mergeSec = o.mergeSec ?? 1_800;
  const out: RsamEvent[] = [];
  for (const s of all) {
    const last = out[out.length - 1];
    if (last && s.from * 1000 <= last.to + mergeSec * 1000) {
      last.to = Math.max(last.to, s.to * 1000);
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
      });
  }
  return out;
}
