/**
 * The running median behind every "N × median" threshold (event counts, wall alerts): centred,
 * one day wide, so an episode of some hours does not lift its own baseline. Evaluated on the
 * shared smoothing grid and looked up per point.
 */
import { smoothSeries } from '../chart/chart-options';
import type { Series } from './series';

export const MEDIAN_WINDOW_SEC = 86_400;

export function runningMedianAt(s: Series, windowSec = MEDIAN_WINDOW_SEC): Float64Array {
  const r = smoothSeries(s, windowSec, 'median');
  const out = new Float64Array(s.times.length);
  const step = r.x.length > 1 ? r.x[1]! - r.x[0]! : 1;
  for (let i = 0; i < s.times.length; i++) {
    const k = Math.min(r.x.length - 1, Math.max(0, Math.round((s.times[i]! - (r.x[0] ?? 0)) / step)));
    out[i] = r.y[k] ?? Number.NaN;
  }
  return out;
}
