/**
 * The running median behind "N × median" thresholds (event counts, volcano events, wall alerts).
 * Trailing: a window is judged against the windows before it, never after, so a count or an alert
 * does not change when later data arrives, and the last hours of a range are judged like the rest.
 */
import { quickselect } from './quickselect';
import type { Series } from './series';

/** A day: an episode of some hours does not lift its own baseline. */
export const MEDIAN_WINDOW_SEC = 86_400;
/** A median over less than this share of its span (6 hours of a day) is no baseline. */
export const MIN_BASELINE_SHARE = 0.25;

/** Seconds between the grid points the median is evaluated at: ~1/30 of the span (48 min of a day). */
export function medianStep(windowSec: number, seriesWindowSec: number): number {
  return Math.max(seriesWindowSec, Math.floor(windowSec / 30 / seriesWindowSec) * seriesWindowSec);
}

/**
 * At each point of `s`, the median of the windows in the `windowSec` before it: evaluated at grid
 * times g (whole multiples of `medianStep`, so every page and channel shares them) over (g − span, g],
 * and read by each point from the last grid time at or before it. Per-point medians of a day of
 * minute data would cost 1,440 × n and differ by less than the noise; this lags by under one step.
 * NaN where that span held fewer than MIN_BASELINE_SHARE of the windows it can hold (the start of
 * the loaded data, a long outage).
 */
export function trailingMedian(s: Series, windowSec = MEDIAN_WINDOW_SEC): Float64Array {
  const n = s.times.length;
  const out = new Float64Array(n).fill(Number.NaN);
  if (n === 0) return out;
  const step = medianStep(windowSec, s.windowSec);
  const minCount = Math.ceil((MIN_BASELINE_SHARE * windowSec) / s.windowSec);
  const scratch = new Float64Array(n);
  let a = 0; // first index inside (g − span, g]
  let b = 0; // first index after g
  let i = 0; // next point to give a value
  for (let g = Math.floor(s.times[0]! / step) * step; i < n; g += step) {
    while (b < n && s.times[b]! <= g) b++;
    while (a < b && s.times[a]! <= g - windowSec) a++;
    let m = 0;
    for (let k = a; k < b; k++) {
      const v = s.values[k]!;
      if (v === v) scratch[m++] = v;
    }
    const med = m >= minCount ? quickselect(scratch, m, m >> 1) : Number.NaN;
    // Points in [g, g + step) read this grid time.
    while (i < n && s.times[i]! < g + step) out[i++] = med;
  }
  return out;
}
