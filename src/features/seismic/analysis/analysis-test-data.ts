/** Channels of made-up RSAM for the panel's tests, as the view loads them: minute windows from T0. */
import { parseChannelId } from '../../../domain/channel-id';
import { pieceOf } from '../../../rsam/pieces';
import { T0 } from '../../../analysis/derived/derived-test-data';
import type { RsamChannel as ChannelData } from '../../../rsam/use-rsam-series';

export function channel(id: string, values: readonly number[], start = T0): ChannelData {
  const ref = parseChannelId(id)!;
  const times = Float64Array.from(values, (_, i) => start + 60 * i);
  const piece = pieceOf({ channel: ref, windowSec: 60, times, values: Float64Array.from(values) });
  return { id, channel: ref, windowSec: 60, pieces: [piece] };
}
