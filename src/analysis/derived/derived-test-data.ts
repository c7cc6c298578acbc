/** Made-up RSAM for the analysis tests: minute windows from 2025-03-01 00:00 UTC. */
import type { ChannelSeries } from './analysis-data';

export const T0 = Date.UTC(2025, 2, 1) / 1000;

export function series(id: string, values: readonly number[]): ChannelSeries {
  return {
    id,
    windowSec: 60,
    times: Float64Array.from(values, (_, i) => T0 + 60 * i),
    values: Float64Array.from(values),
  };
}

/** An accelerating rate whose inverse falls on a line reaching zero at minute 300. */
export const accelerating = (n: number) => Array.from({ length: n }, (_, i) => 100 / (1 - i / 300));
