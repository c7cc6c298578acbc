/**
 * What the data after a fit span say about its forecast: whether RSAM went on rising into the
 * forecast interval, or had stopped rising before it. RSAM alone cannot say whether an eruption
 * began; this reads only whether the acceleration the line extrapolates was still there.
 */
import type { Series } from './series';

export type Outcome =
  /** No data after the fit span. */
  | { kind: 'none' }
  /** The data end before the forecast time: `rising` when their last value is their highest. */
  | { kind: 'open'; dataEnd: number; last: number; peak: number; peakTime: number; rising: boolean }
  /** RSAM went on rising into the interval (its peak after the span is at or after its lower end). */
  | { kind: 'rose'; peak: number; peakTime: number }
  /** RSAM peaked before the interval and was down to `atForecast` by the forecast time. */
  | { kind: 'stopped'; peak: number; peakTime: number; atForecast: number };

/**
 * `s`: the RSAM values the forecast was fitted to (before inverting), `to`: the fit span's end,
 * `time`/`lower`/`upper`: the forecast and its interval (nulls when unbounded).
 */
export function forecastOutcome(
  s: Series,
  to: number,
  time: number,
  lower: number | null,
  upper: number | null,
): Outcome {
  const after: number[] = [];
  for (let i = 0; i < s.times.length; i++) if (s.times[i]! > to && Number.isFinite(s.values[i]!)) after.push(i);
  if (after.length === 0) return { kind: 'none' };
  // Up to the interval's upper end (or as far past the forecast as the forecast is past the span).
  const horizon = upper ?? time + (time - to);
  let peak = -Infinity;
  let peakTime = Number.NaN;
  let atForecast = Number.NaN;
  let lastTime = Number.NaN;
  let last = Number.NaN;
  for (const i of after) {
    const t = s.times[i]!;
    if (t > horizon) break;
    const v = s.values[i]!;
    if (v > peak) {
      peak = v;
      peakTime = t;
    }
    if (t <= time) atForecast = v;
    lastTime = t;
    last = v;
  }
  if (!Number.isFinite(peak)) return { kind: 'none' };
  const dataEnd = s.times[after[after.length - 1]!]! + s.windowSec / 2;
  if (dataEnd < time) return { kind: 'open', dataEnd, last, peak, peakTime, rising: lastTime === peakTime };
  const from = lower ?? time;
  // Within half a value's span of the interval counts as in it: the values stand for blocks.
  if (peakTime >= from - s.windowSec / 2) return { kind: 'rose', peak, peakTime };
  return { kind: 'stopped', peak, peakTime, atForecast };
}
