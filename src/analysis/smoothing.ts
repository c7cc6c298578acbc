/**
 * Rolling mean or median of a series for display (the seismic view's Smoothing setting), on a
 * grid shared by every channel smoothed alike.
 */
import { quickselect } from './quickselect';
import type { Series } from './series';

export type SmoothKind = 'mean' | 'median';

/**
 * Centred rolling mean or median over `windowSec` seconds, evaluated on a grid aligned to whole
 * multiples of the step, so channels smoothed alike share x values. The step is about 1/30 of the
 * window (a 1 d median every 48 min looks the same and costs 30 samples per window, not 1,440).
 * A window holding no point gives `null`, so outages longer than the window stay breaks. A median
 * is a value of the data; a mean carries the doubles' rounding (within ~1e-7 of the decimal mean over a
 * year of windows), which the CSV's 6 significant digits leave out: exact sums (exact-sum.ts) cost
 * the seismic view's first paint 0.2 KB for digits no one reads.
 */
export function smoothSeries(
  s: Series,
  windowSec: number,
  kind: SmoothKind,
): { x: Float64Array; y: Array<number | null> } {
  const n = s.times.length;
  if (n === 0) return { x: new Float64Array(0), y: [] };
  const step = Math.max(s.windowSec, Math.floor(windowSec / 30 / s.windowSec) * s.windowSec);
  const half = windowSec / 2;
  const first = Math.ceil(s.times[0]! / step) * step;
  const last = s.times[n - 1]!;
  const m = Math.max(0, Math.floor((last - first) / step) + 1);
  const x = new Float64Array(m);
  const y = new Array<number | null>(m);
  const scratch = kind === 'median' ? new Float64Array(n) : null;
  // Prefix sums serve the mean only.
  const prefix = scratch ? null : new Float64Array(n + 1);
  if (prefix) for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i]! + s.values[i]!;
  let a = 0;
  let b = 0;
  for (let j = 0; j < m; j++) {
    const t = first + j * step;
    x[j] = t;
    while (a < n && s.times[a]! < t - half) a++;
    if (b < a) b = a;
    while (b < n && s.times[b]! < t + half) b++;
    const count = b - a;
    if (count === 0) {
      y[j] = null;
      continue;
    }
    if (scratch) {
      for (let i = a; i < b; i++) scratch[i - a] = s.values[i]!;
      y[j] = quickselect(scratch, count, count >> 1);
    } else if (prefix) y[j] = (prefix[b]! - prefix[a]!) / count;
  }
  return { x, y };
}
