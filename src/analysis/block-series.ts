/**
 * A series thinned to non-overlapping blocks (10 minutes, an hour): one median or mean per block.
 * What the inverse-rate forecast fits. A rolling median read every 2 minutes (what it fitted before)
 * gives values that share almost all their windows, so a least-squares fit of them counts the same
 * noise thirty times over and its interval is far too narrow; blocks share none.
 */
import { exactMean } from './exact-sum';
import { quickselect } from './quickselect';
import type { DerivedSeries, Series } from './series';
import type { SmoothKind } from './smoothing';

/** A block with fewer windows than this share of those it can hold is left out (a gap). */
export const MIN_BLOCK_SHARE = 0.5;

/**
 * One value per block of `blockSec` (blocks start at whole multiples of it, so channels share them),
 * timed at the block's middle; `windowSec` of the result is the block length.
 */
export function blockSeries(s: Series, blockSec: number, kind: SmoothKind): DerivedSeries {
  const n = s.times.length;
  const times: number[] = [];
  const values: number[] = [];
  const need = Math.max(1, Math.ceil((MIN_BLOCK_SHARE * blockSec) / s.windowSec));
  const scratch = new Float64Array(Math.ceil(blockSec / s.windowSec) + 1);
  let i = 0;
  while (i < n) {
    const start = Math.floor(s.times[i]! / blockSec) * blockSec;
    let m = 0;
    const from = i;
    for (; i < n && s.times[i]! < start + blockSec; i++) {
      const v = s.values[i]!;
      if (v === v && m < scratch.length) scratch[m++] = v;
    }
    if (m < need) continue;
    times.push(start + blockSec / 2);
    values.push(kind === 'median' ? quickselect(scratch, m, m >> 1) : exactMean(s.values, from, i));
  }
  return { times: Float64Array.from(times), values: Float64Array.from(values), windowSec: blockSec };
}
