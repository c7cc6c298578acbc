/**
 * RSAM series of one channel, in time order, as one: the columns concatenated, and the drawing
 * columns too when every part has them, with the break the chart would have marked where one part
 * ends more than a window before the next begins (src/chart/draw-prep/gap-columns.ts marks it so).
 * A range of cached past days and fresh recent ones (api/seismic.ts), or a view's loaded chunks
 * (src/rsam/pieces.ts), so joined are not walked again on the main thread. The per-run extremes
 * (`buckets`, per fixed run of rows) do not survive a join: the chart reads such a series row by row.
 */
import type { DrawingColumns, RsamSeries } from './rsam-series';

function concat(parts: readonly Float64Array[]): Float64Array {
  const out = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

function joinDrawing(parts: readonly RsamSeries[], windowSec: number): DrawingColumns | undefined {
  const drawn = parts.map((p) => p.drawing);
  if (drawn.some((d) => !d)) return undefined;
  const xs: Float64Array[] = [];
  const ys: Float64Array[] = [];
  let lastTime: number | undefined;
  for (const [i, p] of parts.entries()) {
    const first = p.times[0];
    if (first === undefined) continue;
    if (lastTime !== undefined && first - lastTime > windowSec) {
      xs.push(Float64Array.of(lastTime + windowSec));
      ys.push(Float64Array.of(Number.NaN));
    }
    xs.push(drawn[i]!.x);
    ys.push(drawn[i]!.y);
    lastTime = p.times[p.times.length - 1];
  }
  return { x: concat(xs), y: concat(ys) };
}

/** `parts` (at least one, in time order) as one series; one part is returned as it is. */
export function joinRsam(parts: readonly [RsamSeries, ...RsamSeries[]]): RsamSeries {
  if (parts.length === 1) return parts[0];
  const last = parts.findLast((p) => p.times.length > 0) ?? parts[parts.length - 1]!;
  const windowSec = last.windowSec;
  const joined: RsamSeries = {
    channel: parts[parts.length - 1]!.channel,
    windowSec,
    times: concat(parts.map((p) => p.times)),
    values: concat(parts.map((p) => p.values)),
  };
  const drawing = joinDrawing(parts, windowSec);
  return drawing ? { ...joined, drawing } : joined;
}
