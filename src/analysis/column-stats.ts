/** Summaries of a chart column: the median of a column, and the statistics of its visible part. */
import { lowerBound, upperBound } from '../domain/sorted-search';
import { summarize, type ColumnStats } from '../domain/summary';


/** Median of a numeric column (nulls and NaN skipped); NaN when empty. */
export function median(values: ArrayLike<number | null>): number {
  return summarize([values]).median;
}

/** Statistics of the non-null values of `y` whose x lies in [xMin, xMax]. */
export function columnStats(
  x: ArrayLike<number>,
  y: ArrayLike<number | null>,
  xMin = -Infinity,
  xMax = Infinity,
): ColumnStats {
  return summarize([Array.prototype.slice.call(y, lowerBound(x, xMin), upperBound(x, xMax)) as (number | null)[]]);
}
