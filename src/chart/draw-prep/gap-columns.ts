/**
 * Where an RSAM line breaks: consecutive windows further apart than one window are an outage, and
 * the chart must not bridge it (spec 01 §2.2). The parse worker computes these columns beside the
 * decoding, off the main thread (rsam-draw-prep.ts); a chunk decoded here gets them from src/rsam/pieces.ts.
 */
import type { DrawingColumns } from '../../api/decode/rsam-series';

/** Always new arrays (never the inputs), so both can be transferred from a worker. */
export function gapColumns(s: { times: ArrayLike<number>; values: ArrayLike<number>; windowSec: number }): DrawingColumns {
  // Locals, not property reads in the loops: the loops run cold on a year of points.
  const t = s.times;
  const v = s.values;
  const w = s.windowSec;
  const n = t.length;
  let gaps = 0;
  for (let i = 1; i < n; i++) if (t[i]! - t[i - 1]! > w) gaps++;
  const x = new Float64Array(n + gaps);
  const y = new Float64Array(n + gaps);
  let j = 0;
  for (let i = 0; i < n; i++) {
    if (i > 0 && t[i]! - t[i - 1]! > w) {
      x[j] = t[i - 1]! + w;
      y[j++] = Number.NaN;
    }
    x[j] = t[i]!;
    y[j++] = v[i]!;
  }
  return { x, y };
}
