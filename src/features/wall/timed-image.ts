/**
 * A camera's newest image as the wall shows it. Usually the first answer's first record; while that
 * falls in a repeated local hour, the evidence resolver (newest-by-evidence.ts, loaded only then) orders
 * the camera's answers by instant.
 */
import type { ImageRecord } from '../../api/imagery/imagery-shapes';
import type { EvidencedTime } from '../../domain/local-time-evidence';
import type { UtcMs } from '../../domain/time';

export interface TimedImage {
  record: ImageRecord;
  time: EvidencedTime;
}

export type NewestOf = (records: readonly ImageRecord[], now: UtcMs) => TimedImage | null;

/** The first record as answered; a time in a repeated hour stays undecided (both readings). */
export const firstAnswered: NewestOf = (records) => {
  const record = records[0];
  if (!record) return null;
  const t = record.time;
  return {
    record,
    time:
      t.kind === 'site-local' && t.ambiguous && t.later !== undefined
        ? { kind: 'ambiguous', utcMs: t.utcMs, later: t.later }
        : { kind: 'unique', utcMs: t.utcMs },
  };
};

/** The latest instant an image may have: for an undecided one, its later reading. */
export const latestPossible = (t: EvidencedTime): UtcMs => (t.kind === 'ambiguous' ? t.later : t.utcMs);
