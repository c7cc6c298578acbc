/** The running median behind "N × median" thresholds (event counts, volcano events, wall alerts). */
import { smoothSeries } from './smoothing';
import type { Series } from './series';

/**
 * The centred running median of a series at each of its own points, read off `smoothSeries`' grid
 * (a median every ~1/30 of the window: over a day of minute data, per-point medians would cost
 * 1,440 × n and look the same). NaN where the window holds no point.
 */
export function runningMedian(s: Series, windowSec: number): Float64Array {
  const n = s.times.length;
  const out = new Float64Array(n);
  const grid = smoothSeries(s, windowSec, 'median');
  const m = grid.x.length;
  if (m === 0) return out.fill(Number.NaN);
  const first = grid.x[0]!;
  const step = m > 1 ? grid.x[1]! - first : 1;
  for (let i = 0; i < n; i++) {
    const j = Math.min(m - 1, Math.max(0, Math.round((s.times[i]! - first) / step)));
    out[i] = grid.y[j] ?? Number.NaN;
  }
  return out;
}
