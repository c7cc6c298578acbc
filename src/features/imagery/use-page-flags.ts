import { useEffect, useMemo, useState } from 'react';
import { sampledQueryAround, type FlagName } from '../../api/imagery/image-flags';
import type { ImageRecord } from '../../api/imagery/imagery-shapes';
import { useImageFlags } from '../../api/imagery/use-image-flags';
import { afterNextPaint } from './after-paint';
import { toImageryQuery, type ImageryFilters } from './imagery-params';

/**
 * Whether the frame after `value` last changed has been drawn. The flag lists wait for it: asked
 * for with the page, their requests (rate limiter, fetch) ran in the task that renders its 200
 * cards, ~6 ms of the 50 ms from data to screen (measured; docs/benchmarks.md).
 */
function usePainted<T>(value: T): boolean {
  const [painted, setPainted] = useState<{ value: T } | null>(null);
  useEffect(() => afterNextPaint(() => setPainted({ value })), [value]);
  return painted?.value === value;
}

/** Flags of one result page's frames; the page's own flag filters are known without asking. */
export function usePageFlags(filters: ImageryFilters, results: readonly ImageRecord[] | undefined) {
  const groups = useMemo(() => {
    if (!results?.length) return [];
    const known: Partial<Record<FlagName, boolean>> = {
      is_empty: filters.is_empty,
      is_night: filters.is_night,
      is_degraded: filters.is_degraded,
      low_visibility: filters.low_visibility,
    };
    return [
      {
        frames: results,
        imageType: filters.imageType,
        sampled: sampledQueryAround(toImageryQuery(filters), results),
        known,
      },
    ];
  }, [filters, results]);
  return useImageFlags(groups, usePainted(results));
}
