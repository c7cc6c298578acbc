/** Made-up RSAM for the analysis tests: minute windows from 2025-03-01 00:00 UTC. */
import type { AnalysisInput, ChannelSeries } from './analysis-data';

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

/** Four hours of three channels: CLCL accelerating, CLES and CLCO flat. */
export const ACCELERATING = series('AV.CLCL..BHZ', accelerating(240));
export const FLAT_50 = series('AV.CLES..BHZ', Array(240).fill(50));
export const FLAT_20 = series('AV.CLCO..BHZ', Array(240).fill(20));

/** An analysis of the first two over their four hours, UTC, raw windows; `patch` changes any part. */
export function analysisInput(patch: Partial<AnalysisInput> = {}): AnalysisInput {
  return {
    analysis: 'inverse',
    channels: [ACCELERATING, FLAT_50],
    bounds: [T0, T0 + 240 * 60],
    smooth: null,
    fit: null,
    threshold: { kind: 'counts', value: 1000 },
    bin: 'hour',
    zone: 'UTC',
    ...patch,
  };
}
