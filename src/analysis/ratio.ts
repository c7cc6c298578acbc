/**
 * Amplitude ratio of two stations on aligned windows: a source moving towards one station shows
 * as a trend in the ratio that a common rise in both does not. Only windows present in both
 * series give a value; a gap in either, or a zero divisor, is a gap in the ratio.
 */
import { derived, type DerivedSeries, type Series } from './series';

export function ratioSeries(a: Series, b: Series): DerivedSeries {
  const times: number[] = [];
  const values: number[] = [];
  let j = 0;
  for (let i = 0; i < a.times.length; i++) {
    const t = a.times[i]!;
    while (j < b.times.length && b.times[j]! < t) j++;
    if (j >= b.times.length) break;
    if (b.times[j] !== t) continue;
    const num = a.values[i]!;
    const den = b.values[j]!;
    if (!Number.isFinite(num) || !Number.isFinite(den) || den === 0) continue;
    times.push(t);
    values.push(num / den);
  }
  return derived(times, values, Math.max(a.windowSec, b.windowSec));
}
