/**
 * The chart's preparation of a decoded RSAM chunk for drawing, run by the parse worker beside the
 * decoding (src/workers/parse-worker-jobs.ts hands it to the API layer's jobs as a hook), so a
 * year's columns are never walked for it on the main thread: the columns the chart draws (NaN in
 * outages) and where each run of rows has its extremes. The API layer carries the result unread
 * (`RsamSeries.prepared`); `drawColumnsOf` reads it back here.
 */
import { gapColumns, type GapColumns } from './gap-columns';
import { bucketsOf } from './row-buckets';

/** The drawing columns of a chunk, with the buffers that go back by transfer. */
export function prepareRsamDrawing(r: { times: Float64Array; values: Float64Array; windowSec: number }): {
  prepared: GapColumns;
  transfer: Transferable[];
} {
  const gapped = gapColumns(r);
  const buckets = bucketsOf(gapped.y);
  return {
    prepared: { ...gapped, buckets },
    transfer: [gapped.x.buffer, gapped.y.buffer, buckets.lo.buffer, buckets.hi.buffer],
  };
}

/** What `prepareRsamDrawing` made, as the chunk carries it; undefined when it carries none. */
export function drawColumnsOf(prepared: unknown): GapColumns | undefined {
  const g = prepared as Partial<GapColumns> | null | undefined;
  return g && g.x instanceof Float64Array && g.y instanceof Float64Array ? (g as GapColumns) : undefined;
}
