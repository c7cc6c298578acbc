/** What each lane's frames show, learned from the service (api/image-flags.ts), and the strips. */
import { useCallback, useMemo } from 'react';
import type { Freq, ImageRecord } from '../../../api/imagery/imagery-shapes';
import { useImageFlags, type FlagGroup } from '../../../api/imagery/use-image-flags';
import type { UtcMs } from '../../../domain/time';
import type { Volcano } from '../../../domain/volcanoes';
import { frameQuality, qualitySegments, type Quality, type Segment } from './quality';
import { requestWindows } from './sampling';
import { laneQuery, type LaneData } from '../use-volcano-data';

export interface LaneQuality {
  qualityOf: (r: ImageRecord) => Quality;
  segments: Segment[][];
  /** Some flag list is still being asked for. */
  pending: boolean;
  failed: boolean;
}

export function useLaneQuality(
  v: Volcano,
  lanes: readonly LaneData[],
  freq: Freq,
  from: UtcMs,
  to: UtcMs,
): LaneQuality {
  const groups = useMemo((): FlagGroup[] => {
    // Per window the lanes were asked in (one, or one each side of midnight UTC: sampling.ts).
    const windows = requestWindows(freq, from, to);
    return lanes.flatMap((l) =>
      windows.map((w) => ({
        frames: windows.length > 1 ? l.frames.filter((r) => r.time.utcMs >= w.from && r.time.utcMs <= w.to) : l.frames,
        imageType: l.camera.imageType,
        range: windows.length > 1 ? w : { from, to },
        // freq=all lanes hold every capture: the exact lists are short and say everything.
        sampled: freq === 'all' ? null : laneQuery(v.vnum, l.camera, freq, w, 1),
      })),
    );
  }, [lanes, freq, from, to, v.vnum]);
  const flags = useImageFlags(groups);
  const qualityOf = useCallback(
    (r: ImageRecord) => frameQuality(flags.byId.get(r.image_id), r.image_type),
    [flags.byId],
  );
  const segments = useMemo(
    () =>
      lanes.map((l) =>
        qualitySegments(
          l.frames.map((r) => ({ t: r.time.utcMs, quality: qualityOf(r) })),
          freq,
          from,
          to,
        ),
      ),
    [lanes, qualityOf, freq, from, to],
  );
  return { qualityOf, segments, pending: flags.pending, failed: flags.failed };
}
