/**
 * Frames on the shared time axis: which get a thumbnail (those that fit without overlapping)
 * and which are drawn as ticks, and which frame is nearest to a cursor.
 */
import type { Freq } from '../../../api/imagery/imagery-shapes';
import type { UtcMs } from '../../../domain/time';
import { frameSlot } from './quality';

export interface Placed<T> {
  item: T;
  /** Pixels from the plot's left edge. */
  x: number;
  thumb: boolean;
}

export interface Axis {
  from: UtcMs;
  to: UtcMs;
  width: number;
}

export function timeToX(t: UtcMs, a: Axis): number {
  return ((t - a.from) / (a.to - a.from)) * a.width;
}

/**
 * Greedy left to right: a frame gets a thumbnail when it starts at least `thumbWidth + gap` after
 * the previous thumbnail and fits inside the lane; `keep` (the selected frame) always gets one.
 * Input must be sorted by time; frames outside the axis are left out.
 */
export function placeFrames<T>(
  items: readonly T[],
  timeOf: (item: T) => UtcMs,
  axis: Axis,
  thumbWidth: number,
  gap = 2,
  keep?: (item: T) => boolean,
): Placed<T>[] {
  const out: Placed<T>[] = [];
  let nextFree = -Infinity;
  const half = thumbWidth / 2;
  for (const item of items) {
    const t = timeOf(item);
    if (t < axis.from || t > axis.to) continue;
    const x = timeToX(t, axis);
    const fits = x - half >= nextFree && x - half >= -half && x + half <= axis.width + half;
    const thumb = fits || (keep?.(item) ?? false);
    if (thumb) nextFree = x + half + gap;
    out.push({ item, x, thumb });
  }
  return out;
}

/** Index of the item nearest to `t` in a time-sorted list, or -1 when empty. */
export function nearestFrameIndex<T>(items: readonly T[], timeOf: (item: T) => UtcMs, t: UtcMs): number {
  if (items.length === 0) return -1;
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (timeOf(items[mid]!) < t) lo = mid + 1;
    else hi = mid;
  }
  if (lo === 0) return 0;
  if (lo === items.length) return items.length - 1;
  return t - timeOf(items[lo - 1]!) <= timeOf(items[lo]!) - t ? lo - 1 : lo;
}

/** Index of the last item at or before `t`, or -1. */
export function lastAtOrBefore<T>(items: readonly T[], timeOf: (item: T) => UtcMs, t: UtcMs): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (timeOf(items[mid]!) <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * Index of the frame that stands for time `t` in its lane: the nearest one, if `t` falls in the
 * sampling slot it stands for (frameSlot); else -1, "no frame near this time".
 */
export function frameNear(times: readonly UtcMs[], freq: Freq, t: UtcMs): number {
  const i = nearestFrameIndex(times, (x) => x, t);
  if (i < 0) return -1;
  const [a, b] = frameSlot(times, i, freq);
  return t >= a && t <= b ? i : -1;
}
