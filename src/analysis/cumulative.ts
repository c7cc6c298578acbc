/**
 * Cumulative amplitude: the running sum of counts × window seconds from the start of the range,
 * a proxy for the energy released over an episode. A missing window adds nothing, so the curve
 * stays flat across an outage instead of interpolating through it.
 */
import type { DerivedSeries, Series } from './series';

export function cumulativeSeries(s: Series): DerivedSeries {
  const n = s.times.length;
  const times = new Float64Array(n);
  const values = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const v = s.values[i]!;
    if (Number.isFinite(v)) sum += v * s.windowSec;
    times[i] = s.times[i]!;
    values[i] = sum;
  }
  return { times, values, windowSec: s.windowSec };
}
