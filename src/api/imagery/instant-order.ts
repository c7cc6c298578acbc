/**
 * Images in the order of their instants. For one site at freq=all the service sorts by the site's
 * local time (spec 01 §4.5), which in a fall-back night interleaves the two passes of the repeated
 * hour an hour apart; the grid, the lightbox and the time-lapse read a page in the order kept here.
 */
import type { UtcMs } from '../../domain/time';
import type { ImageRecord, ImageTimestamp, Order } from './imagery-shapes';

/** The instant a time is shown at: an undecided repeated-hour time at its likelier reading. */
export function imageInstant(t: ImageTimestamp): UtcMs {
  if (t.kind === 'site-local' && t.ambiguous && !t.resolvedBy && t.likelyLater) return t.later ?? t.utcMs;
  return t.utcMs;
}

/**
 * The records sorted by instant in `order` (stable: equal instants keep the answer's order), and
 * whether that moved any record from where the answer had it.
 */
export function orderByInstant(
  records: readonly ImageRecord[],
  order: Order,
): { results: ImageRecord[]; reordered: boolean } {
  const sign = order === 'asc' ? 1 : -1;
  const keyed = records.map((r, i) => ({ r, i, at: imageInstant(r.time) }));
  keyed.sort((a, b) => sign * (a.at - b.at) || a.i - b.i);
  return { results: keyed.map((k) => k.r), reordered: keyed.some((k, j) => k.i !== j) };
}
