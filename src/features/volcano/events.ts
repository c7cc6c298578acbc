/**
 * Events: spans where RSAM exceeds N× its running median. The median is taken over a centred
 * window long enough (a day) that an eruption-like swarm of some hours does not lift it.
 */
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

/**
 * Running median on a coarse grid (step = window / 24), looked up per point. Exact per-point
 * medians over a day of minute data would cost 1,440 × n; a median every hour looks the same.
 */
export function runningMedian(times: ArrayLike<number>, values: ArrayLike<number>, windowSec: number): Float64Array {
  const n = times.length;
  const out = new Float64Array(n);
  if (n === 0) return out;
  const step = Math.max(1, windowSec / 24);
  const half = windowSec / 2;
  const t0 = times[0]!;
  const cells = Math.floor((times[n - 1]! - t0) / step) + 1;
  const grid = new Float64Array(cells);
  let a = 0;
  let b = 0;
  const scratch: number[] = [];
  for (let c = 0; c < cells; c++) {
    const t = t0 + c * step;
    while (a < n && times[a]! < t - half) a++;
    if (b < a) b = a;
    while (b < n && times[b]! <= t + half) b++;
    scratch.length = 0;
    for (let i = a; i < b; i++) scratch.push(values[i]!);
    scratch.sort((x, y) => x - y);
    grid[c] = scratch.length ? scratch[scratch.length >> 1]! : Number.NaN;
  }
  for (let i = 0; i < n; i++) out[i] = grid[Math.min(cells - 1, Math.round((times[i]! - t0) / step))]!;
  return out;
}

interface RawSpan {
  from: number;
  to: number;
  peakRatio: number;
  peakTime: number;
}

/** Spans of one series (times in unix seconds) above n × running median. */
function detectSpans(times: ArrayLike<number>, values: ArrayLike<number>, o: EventOptions): RawSpan[] {
  const windowSec = o.windowSec ?? 86_400;
  const mergeSec = o.mergeSec ?? 1_800;
  const minDur = o.minDurationSec ?? 300;
  const base = runningMedian(times, values, windowSec);
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
}

/** Events of several channels, overlapping spans merged; times returned in ms. */
export function detectEvents(series: readonly ChannelSeries[], o: EventOptions): RsamEvent[] {
  const all: Array<RawSpan & { ch: string }> = [];
  for (const s of series) for (const sp of detectSpans(s.times, s.values, o)) all.push({ ...sp, ch: s.id });
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
