import { useMemo } from 'react';
import { sampledQueryAround, type FlagName } from '../../api/image-flags';
import type { ImageRecord } from '../../api/imagery';
import { useImageFlags } from '../../api/use-image-flags';
import { toImageryQuery, type ImageryFilters } from './imagery-params';

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
  return useImageFlags(groups);
}
