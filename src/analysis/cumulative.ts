/**
 * Cumulative amplitude: the running sum of counts × window seconds from the start of the range,
 * a proxy for the energy released over an episode. A missing window adds nothing, so the curve
 * stays flat across an outage instead of interpolating through it.
 */
import { runningSums } from './exact-sum';
import type { DerivedSeries, Series } from './series';

/** Exact to the decimals the service gave (exact-sum.ts): the CSV writes the sums as they are. */
export function cumulativeSeries(s: Series): DerivedSeries {
  return { times: Float64Array.from(s.times), values: runningSums(s.values, s.windowSec), windowSec: s.windowSec };
}
