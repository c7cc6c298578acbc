import { useMemo } from 'react';
import type { Freq, ImageRecord } from '../../../api/imagery/imagery-shapes';
import type { UtcMs } from '../../../domain/time';
import type { PreviewEntry } from './frame-preview';
import { frameNear } from './lanes';
import type { LaneData } from '../use-volcano-data';

/**
 * Each lane's frame for the cursor: the one standing for that time in the lane's sampling, or
 * none ("no frame near this time"); a picked frame (`pinned`) stands for its own lane.
 */
export function useCursorFrames(
  lanes: readonly LaneData[],
  freq: Freq,
  cursorT: UtcMs | null,
  pinned: ImageRecord | null,
): PreviewEntry[] {
  return useMemo((): PreviewEntry[] => {
    if (cursorT === null) return [];
    return lanes.map((l) => {
      const c = l.camera;
      const entry = { key: c.key, site: c.site, imageType: c.imageType };
      if (pinned && c.site === pinned.site && c.imageType === pinned.image_type) return { ...entry, record: pinned };
      const i = frameNear(
        l.frames.map((r) => r.time.utcMs),
        freq,
        cursorT,
      );
      return { ...entry, record: i >= 0 ? l.frames[i]! : null };
    });
  }, [lanes, freq, cursorT, pinned]);
}

/** The loaded lanes plus the deep-linked frame, which the sampling may have skipped. */
export function useLanesWithPicked(lanes: LaneData[], picked: ImageRecord | null): LaneData[] {
  return useMemo(() => {
    if (!picked) return lanes;
    return lanes.map((l) => {
      if (
        l.camera.site !== picked.site ||
        l.camera.imageType !== picked.image_type ||
        l.frames.some((r) => r.image_id === picked.image_id)
      )
        return l;
      return { ...l, frames: [...l.frames, picked].sort((a, b) => a.time.utcMs - b.time.utcMs) };
    });
  }, [lanes, picked]);
}

/** Ids of the frames shown in the preview, marked in their lanes. */
export function useShownIds(entries: readonly PreviewEntry[]): ReadonlySet<string> {
  return useMemo(() => new Set(entries.flatMap((e) => (e.record ? [e.record.image_id] : []))), [entries]);
}
