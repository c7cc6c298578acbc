/** Channels of made-up RSAM for the analysis tests: minute windows from 2025-03-01 00:00 UTC. */
import { parseChannelId } from '../../../domain/channel-id';
import { pieceOf } from '../../../rsam/pieces';
import type { ChannelSeries } from './analysis-data';
import type { ChannelData } from '../use-rsam-chunks';

export const T0 = Date.UTC(2025, 2, 1) / 1000;

export function series(id: string, values: readonly number[]): ChannelSeries {
  return {
    id,
    windowSec: 60,
    times: Float64Array.from(values, (_, i) => T0 + 60 * i),
    values: Float64Array.from(values),
  };
}

export function channel(id: string, values: readonly number[], start = T0): ChannelData {
  const ref = parseChannelId(id)!;
  const times = Float64Array.from(values, (_, i) => start + 60 * i);
  const piece = pieceOf({ channel: ref, windowSec: 60, times, values: Float64Array.from(values) });
  return { id, channel: ref, windowSec: 60, pieces: [piece] };
}

/** An accelerating rate whose inverse falls on a line reaching zero at minute 300. */
export const accelerating = (n: number) => Array.from({ length: n }, (_, i) => 100 / (1 - i / 300));
