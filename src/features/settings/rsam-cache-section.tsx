import { useLingui } from '@lingui/react/macro';
import { formatFixed } from '../../domain/format-number';
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RSAM_CACHE_MAX_BYTES, rsamCacheStore } from '../../api/cache/rsam-cache';

const MB = 2 ** 20;
const usageKey = ['settings', 'rsam-cache-usage'] as const;

export function formatCacheSize(bytes: number): string {
  return `${formatFixed(bytes / MB, bytes < 10 * MB ? 1 : 0)} MB`;
}

/** The browser's store of past RSAM days: how much it holds, and a way to empty it. */
export function RsamCacheSection() {
  const { t } = useLingui();
  const store = rsamCacheStore();
  const qc = useQueryClient();
  const [cleared, setCleared] = useState(false);
  const usage = useQuery({
    queryKey: usageKey,
    queryFn: () => store?.usage() ?? Promise.resolve({ bytes: 0, chunks: 0 }),
    staleTime: 0,
  });
  const clear = useMutation({
    mutationFn: async () => {
      await store?.clear();
    },
    onSuccess: async () => {
      setCleared(true);
      await qc.invalidateQueries({ queryKey: usageKey });
    },
  });
  return (
    <>
      <h2>{t`Stored seismic data`}</h2>
      <p className="muted">
        {t`RSAM of completed UTC days before yesterday, once the service has data up to a stretch’s last day, is kept by this browser for each service address (up to ${formatCacheSize(RSAM_CACHE_MAX_BYTES)}, least recently used dropped first) and drawn again without asking the service. Today and yesterday are always fetched, and so is a stretch with no data or data that stops early, since a station that lags may still fill it. Clear the store to fetch everything again.`}
      </p>
      {store ? (
        <>
          <p aria-live="polite">
            {t`In use:`}{' '}
            <strong data-testid="rsam-cache-size">
              {usage.data ? t`${formatCacheSize(usage.data.bytes)} in ${usage.data.chunks} chunks` : t`measuring…`}
            </strong>
            {cleared && !clear.isPending ? ' · ' + t`cleared` : ''}
          </p>
          <button type="button" onClick={() => clear.mutate()} disabled={clear.isPending}>
            {clear.isPending ? t`Clearing…` : t`Clear cache`}
          </button>
          {clear.isError && <p role="alert">{t`The cache could not be cleared: ${String(clear.error)}`}</p>}
        </>
      ) : (
        <p>{t`This browser offers no IndexedDB storage here (a private window?), so nothing is kept.`}</p>
      )}
    </>
  );
}
