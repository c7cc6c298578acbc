/** React side of image-flags.ts: the lists a set of frames needs, asked through the query cache. */
import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { ImageType } from '../../domain/volcanoes';
import type { UtcMs } from '../../domain/time';
import type { ImageryQuery } from './imagery-shapes';
import {
  exactSources,
  flagsOf,
  imageFlagQueries,
  incompleteFlags,
  resolveFlags,
  sampledSources,
  SLOW_FLAGS,
  type FlagFrame,
  type FlagName,
  type FlagSource,
  type FrameFlags,
} from './image-flags';

export interface FlagGroup {
  frames: readonly FlagFrame[];
  imageType: ImageType;
  /** The range the exact lists cover; default: the frames' own span. */
  range?: { from: UtcMs; to: UtcMs };
  /** The sampled query the frames came from, when they are sampled (freq other than all). */
  sampled: ImageryQuery | null;
  /** Flags the frames' own query filtered on. */
  known?: Partial<Record<FlagName, boolean>>;
}

export interface ImageFlags {
  /** Flags of a frame by id; every flag unknown for a frame not in any group. */
  byId: ReadonlyMap<string, FrameFlags>;
  /** Some list is still being asked for. */
  pending: boolean;
  /** Some list failed: its flags stay unknown. */
  failed: boolean;
}

const sourceOptions = (s: FlagSource) => imageFlagQueries.ids(s.q, s.flag, s.value, s.maxPages);

/**
 * Exact lists first (cheap for rare flags); a flag whose exact list is too long to fetch (night
 * over a week) is then asked for again with the frames' own sampling, both ways.
 */
export function useImageFlags(groups: readonly FlagGroup[], enabled = true): ImageFlags {
  const asked = groups.map((g) => flagsOf(g.imageType).filter((f) => g.known?.[f] === undefined));
  const direct = groups.map((g, gi) => (g.sampled ? asked[gi]!.filter((f) => SLOW_FLAGS.includes(f)) : []));
  const exact = groups.map((g, gi) =>
    exactSources(
      g.frames,
      g.imageType,
      asked[gi]!.filter((f) => !direct[gi]!.includes(f)),
      g.range,
    ),
  );
  const first = useQueries({
    queries: exact.flat().map((s) => ({ ...sourceOptions(s), enabled })),
  });
  let k = 0;
  const firstEvidence = exact.map((list) => list.map((source) => ({ source, data: first[k++]?.data })));
  const second = groups.map((g, gi) =>
    g.sampled && g.frames.length
      ? [...direct[gi]!, ...incompleteFlags(firstEvidence[gi]!)].flatMap((flag) => sampledSources(g.sampled!, flag))
      : [],
  );
  const rest = useQueries({
    queries: second.flat().map((s) => ({ ...sourceOptions(s), enabled })),
  });
  const all = first.concat(rest);
  // The result arrays are new every render; these stamps say when an answer changed.
  const stamp = all.map((r) => `${r.dataUpdatedAt}:${r.status}`).join(',');
  const framesKey = groups.map((g) => g.frames.map((f) => f.image_id).join(',')).join('|');
  return useMemo((): ImageFlags => {
    let j = 0;
    const secondEvidence = second.map((list) => list.map((source) => ({ source, data: rest[j++]?.data })));
    const byId = new Map<string, FrameFlags>();
    groups.forEach((g, gi) => {
      const evidence = [...firstEvidence[gi]!, ...secondEvidence[gi]!];
      for (const [id, f] of resolveFlags(g.frames, g.imageType, evidence, g.known)) byId.set(id, f);
    });
    return {
      byId,
      pending: all.some((r) => r.isPending && r.fetchStatus !== 'idle'),
      failed: all.some((r) => r.isError),
    };
    // groups, first and rest follow from the frames and the stamps.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stamp, framesKey]);
}
