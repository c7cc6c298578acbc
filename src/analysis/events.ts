/**
 * RSAM events: the one definition the seismic view's event counts and the volcano view's events
 * list share. A window is above when its value exceeds the threshold (a level in counts, or N × the
 * trailing one-day median of its channel). Windows above, on any of the channels, less than
 * EVENT_GAP_SEC apart (end of one to start of the next, missing data between them included) are
 * one event; an event lasts at least EVENT_MIN_DURATION_SEC (the attention rule's hold), so a lone
 * window above, or a few minutes of them, is no event and its windows are not counted.
 */
import { DEFAULT_ATTENTION_RULE } from './attention/attention';
import { dayMedianOf } from './running-median';
import { limitAt, type Threshold } from './threshold';

/**
 * Windows above less than this far apart are one event: the attention rule's merge gap
 * (attention.ts, 10 minutes), so an event and a wall's episode are the same run.
 */
export const EVENT_GAP_SEC = DEFAULT_ATTENTION_RULE.mergeGapMinutes * 60;

/**
 * An event lasts at least this long (first window's start to last window's end), the attention
 * rule's hold (attention.ts, 10 minutes): a lone window above, a local earthquake's minute, is no
 * event, as it flags nothing on the wall.
 */
export const EVENT_MIN_DURATION_SEC = DEFAULT_ATTENTION_RULE.holdMinutes * 60;

export interface EventChannel {
  id: string;
  /** Window starts, unix seconds, ascending. */
  times: ArrayLike<number>;
  values: ArrayLike<number>;
  /** Seconds per window (`window_sec`): a window stands for [t, t + windowSec). */
  windowSec: number;
}

export interface RsamEvent {
  /** Start of the first window above, unix seconds. */
  start: number;
  /** End of the last window above, unix seconds. */
  end: number;
  /** Windows above inside the event, counted per channel (the same minute on two channels is 2). */
  windows: number;
  channels: string[];
  peakValue: number;
  /** Peak value ÷ its baseline, for a median threshold. */
  peakRatio: number | null;
  peakTime: number;
  /** The loaded data end less than the gap allowance after it: a later window above would join it. */
  openEnd: boolean;
}

export interface EventScan {
  events: RsamEvent[];
  /** Starts of the windows above, all channels, ascending: the windows of the counts. */
  above: Float64Array;
  /** Starts of the windows that could not be judged (a median threshold without a baseline). */
  unjudged: Float64Array;
  /** The loaded data of each channel, for the bins' extent. */
  channels: readonly EventChannel[];
  /** Start of the first loaded window and end of the last one, over all channels (unix s). */
  dataStart: number;
  dataEnd: number;
  gapSec: number;
  /** Shorter runs (merged by the gap) are not events: `above` holds only the windows of events. */
  minDurationSec: number;
}

/**
 * The trailing one-day median at each window of `c`, computed once per values array
 * (running-median.ts). The analysis worker works them out a channel at a time before it finds
 * events (src/analysis/jobs).
 */
export const dayBaselineOf = (c: EventChannel): Float64Array => dayMedianOf(c);

interface Above {
  t: number;
  end: number;
  value: number;
  ratio: number | null;
  ch: string;
}

/** Events in the loaded data of `channels`. */
export function findEvents(
  channels: readonly EventChannel[],
  threshold: Threshold,
  gapSec = EVENT_GAP_SEC,
  minDurationSec = EVENT_MIN_DURATION_SEC,
): EventScan {
  const above: Above[] = [];
  const unjudged: number[] = [];
  let dataStart = Infinity;
  let dataEnd = -Infinity;
  for (const c of channels) {
    const n = c.times.length;
    if (n === 0) continue;
    dataStart = Math.min(dataStart, c.times[0]!);
    dataEnd = Math.max(dataEnd, c.times[n - 1]! + c.windowSec);
    const base = threshold.kind === 'median' ? dayBaselineOf(c) : undefined;
    for (let i = 0; i < n; i++) {
      const v = c.values[i]!;
      if (!Number.isFinite(v)) continue;
      const limit = limitAt(threshold, base, i);
      const t = c.times[i]!;
      // A zero median (a channel writing zeros) is no baseline either.
      if (!(limit > 0)) unjudged.push(t);
      else if (v > limit)
        above.push({ t, end: t + c.windowSec, value: v, ratio: base ? v / base[i]! : null, ch: c.id });
    }
  }
  above.sort((a, b) => a.t - b.t);
  const events: RsamEvent[] = [];
  let cur: RsamEvent | null = null;
  for (const w of above) {
    if (cur && w.t - cur.end < gapSec) {
      cur.end = Math.max(cur.end, w.end);
      cur.windows++;
      if (!cur.channels.includes(w.ch)) cur.channels.push(w.ch);
      if (w.value > cur.peakValue) {
        cur.peakValue = w.value;
        cur.peakRatio = w.ratio;
        cur.peakTime = w.t;
      }
    } else {
      cur = {
        start: w.t,
        end: w.end,
        windows: 1,
        channels: [w.ch],
        peakValue: w.value,
        peakRatio: w.ratio,
        peakTime: w.t,
        openEnd: false,
      };
      events.push(cur);
    }
  }
  for (const e of events) e.openEnd = dataEnd - e.end < gapSec;
  const kept = events.filter((e) => e.end - e.start >= minDurationSec);
  // The windows counted are those of the events kept; events are ordered, so one pass finds them.
  const inEvents: number[] = [];
  let k = 0;
  for (const w of above) {
    while (k < kept.length && kept[k]!.end <= w.t) k++;
    const e = kept[k];
    if (e && w.t >= e.start && w.t < e.end) inEvents.push(w.t);
  }
  return {
    events: kept,
    above: Float64Array.from(inEvents),
    unjudged: Float64Array.from(unjudged).sort(),
    channels,
    dataStart,
    dataEnd,
    gapSec,
    minDurationSec,
  };
}

/**
 * The events of a range [from, to) (unix s), as both views count them: those that begin in it, and
 * apart from them those that began before it and go on into it.
 */
export function eventsOfRange(
  scan: EventScan,
  from: number,
  to: number,
): { inRange: RsamEvent[]; before: RsamEvent[] } {
  const inRange: RsamEvent[] = [];
  const before: RsamEvent[] = [];
  for (const e of scan.events) {
    if (e.start >= from && e.start < to) inRange.push(e);
    else if (e.start < from && e.end > from) before.push(e);
  }
  return { inRange, before };
}
