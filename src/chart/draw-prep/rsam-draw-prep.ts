/**
 * The chart's preparation of a decoded RSAM chunk for drawing, run by the parse worker beside the
 * decoding (src/workers/parse-worker-jobs.ts hands it to the API layer's jobs as a hook), so a
 * year's columns are never walked for it on the main thread: the columns the chart draws (NaN in
 * outages) and where each run of rows has its extremes, carried to the chart as the series'
 * `drawing` (src/api/decode/rsam-series.ts).
 */
import type { DrawingColumns } from '../../api/decode/rsam-series';
import { gapColumns } from './gap-columns';
import { bucketsOf } from './row-buckets';

/** The drawing columns of a chunk, with the buffers that go back by transfer. */
export function prepareRsamDrawing(r: { times: Float64Array; values: Float64Array; windowSec: number }): {
  drawing: DrawingColumns;
  transfer: Transferable[];
} {
  const gapped = gapColumns(r);
  const buckets = bucketsOf(gapped.y);
  return {
    drawing: { ...gapped, buckets },
    transfer: [gapped.x.buffer, gapped.y.buffer, buckets.lo.buffer, buckets.hi.buffer],
  };
}
