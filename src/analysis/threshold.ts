/**
 * What "above the threshold" means for event counts, volcano events and wall alerts: a level in
 * counts (`5000`), or N × the trailing one-day median of the channel (`3x`).
 */
import { formatNumber } from '../domain/format-number';

export type Threshold = { kind: 'counts'; value: number } | { kind: 'median'; factor: number };

/** "5,000 counts" or "3 × the trailing 1-day median". */
export function describeThreshold(t: Threshold): string {
  return t.kind === 'counts' ? `${formatNumber(t.value)} counts` : `${t.factor} × the trailing 1-day median`;
}

/** The limit for window i: the level, or factor × `baseline[i]` (NaN when there is no baseline). */
export function limitAt(t: Threshold, baseline: ArrayLike<number> | undefined, i: number): number {
  return t.kind === 'counts' ? t.value : t.factor * (baseline?.[i] ?? Number.NaN);
}
