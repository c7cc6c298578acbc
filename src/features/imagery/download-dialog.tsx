import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { imageryQueries } from '../../api/imagery/imagery';
import { downloadAll, downloadSelected, splitSelection } from '../../api/imagery/imagery-download';
import type { ImageType } from '../../domain/volcanoes';
import { Dialog } from '../../ui/dialog';
import { DownloadAllButton, DownloadEstimateStatus, LargeDownloadNotice } from '../../ui/download-estimate';
import { useZipDownload, type ZipPart } from '../../ui/zip-download';
import { SaveLocationChoice, ZipDownloadStatus } from '../../ui/zip-download-status';
import { describeSplit, MB } from '../../ui/zip-progress';
import { toImageryQuery, type ImageryFilters } from './imagery-params';
import { carryRange } from './range-mode';
import { useSelectedImages, useSelectionActions } from './selection-store';
import { useEndpointWait } from '../../ui/use-endpoint-wait';
import { formatNumber } from '../../domain/format-number';

export type DownloadMode = 'all' | 'selected';

interface Props {
  mode: DownloadMode;
  filters: ImageryFilters;
  /** Applies a suggestion (freq=hourly/daily) to the view's filters, which re-estimates. */
  onApplyFilters: (f: ImageryFilters) => void;
  onClose: () => void;
}

/**
 * Estimate first, then download (spec 01 §4.5, "recommended client flow"): the ZIP of all
 * matching images is requested only after the user has seen the estimate and confirmed.
 */
export function DownloadDialog({ mode, filters, onApplyFilters, onClose }: Props) {
  const queryClient = useQueryClient();
  const selected = useSelectedImages();
  const { selectionCleared } = useSelectionActions();
  const wait = useEndpointWait('imagery.q');

  // Without page/limit: with them the service estimates (and zips) only that batch (spec 01 §4.5
  // mode 3), while this dialog offers every matching image, which downloadAll requests.
  const allQuery = { ...toImageryQuery(filters), page: undefined, limit: undefined };
  const estimateOpts = imageryQueries.estimate(allQuery);
  const estimate = useQuery({ ...estimateOpts, enabled: mode === 'all' });

  const zip = useZipDownload();
  const [pick, setPick] = useState(false);
  // download=selected takes one imageType per request, and ids only as many as fit a safe URL: a
  // mixed or long selection becomes several ZIPs, said before the download starts.
  const groups = useMemo(() => {
    const byType = new Map<ImageType, string[]>();
    for (const s of Object.values(selected)) byType.set(s.imageType, [...(byType.get(s.imageType) ?? []), s.id]);
    return [...byType].flatMap(([type, ids]) => splitSelection(type, ids).map((g) => ({ type, ids: g })));
  }, [selected]);
  const parts = (): ZipPart[] =>
    mode === 'all'
      ? [
          {
            open: (signal, via) => downloadAll(allQuery, signal, via),
            estimateBytes: estimate.data ? estimate.data.estimated_size_mb * MB : undefined,
            suggestedName: `volcano_images_${filters.imageType}.zip`,
          },
        ]
      : groups.map((g) => ({
          open: (signal, via) => downloadSelected(g.type, g.ids, signal, via),
          suggestedName: `volcano_images_${g.type}_selected.zip`,
        }));
  const split = describeSplit(groups.map((g) => g.ids));
  const types = new Set(groups.map((g) => g.type)).size;
  const start = () => void zip.start(parts(), { pick });
  const abort = zip.abort;
  const phase = zip.phase;
  const cancel = () => {
    abort();
    void queryClient.cancelQueries({ queryKey: estimateOpts.queryKey });
  };

  const est = estimate.data;
  const selectedCount = Object.keys(selected).length;
  const waiting = wait && wait.queued > 0;
  const busy = phase === 'downloading' || (mode === 'all' && estimate.isFetching);

  // Through carryRange: hourly reads From/To as a daily UTC window, daily as local days, and the
  // suggestion must keep the stretch the estimate was for.
  const applyFreq = (freq: 'hourly' | 'daily') => onApplyFilters(carryRange(filters, { ...filters, freq, page: 1 }));

  return (
    <Dialog
      open
      onClose={() => {
        cancel();
        onClose();
      }}
      title={mode === 'all' ? 'Download all matching images' : 'Download selected images'}
      testId="download-dialog"
      className="download-dialog"
    >
      {mode === 'all' ? (
        <section aria-label="Estimate">
          <p className="muted">
            Every image matching the filters, not only this page — {filters.imageType}
            {filters.site
              ? ` at ${filters.site}`
              : filters.vnum !== undefined
                ? ` of volcano ${filters.vnum}`
                : ', all sites'}
            , sampling {filters.freq}.
          </p>
          <DownloadEstimateStatus
            estimate={estimate}
            countTestId="estimate-count"
            className="kv download-dialog__estimate"
          />
          <LargeDownloadNotice estimate={est} onSampling={applyFreq} disabled={!filters.site || busy}>
            {!filters.site && (
              <p className="field-error">
                Hourly and daily sampling need one camera site: choose a site in the filters first.
              </p>
            )}
          </LargeDownloadNotice>
        </section>
      ) : (
        <p>
          {formatNumber(selectedCount)} selected image{selectedCount === 1 ? '' : 's'}, across pages and filters.
          {split && (
            <>
              {' '}
              They download as <strong data-testid="zip-split">{split}</strong>
              {types > 1 ? ' (one image type per ZIP, and' : ' ('} as many ids as fit in one request).
            </>
          )}
        </p>
      )}

      {waiting && (
        <p role="status" className="notice">
          Waiting for the rate budget of /api/imagery/q ({wait.used}/{wait.limit} requests this minute)
          {wait.waitMs ? `: about ${Math.ceil(wait.waitMs / 1000)} s` : ''}.
        </p>
      )}
      <SaveLocationChoice pick={pick} onPick={setPick} single={mode === 'all' || groups.length === 1} disabled={busy} />
      <ZipDownloadStatus zip={zip} doneClassName="download-dialog__done" />

      <div className="button-row download-dialog__actions">
        {mode === 'all' ? (
          <DownloadAllButton estimate={est} busy={busy} onClick={start} />
        ) : (
          <button type="button" className="primary" disabled={selectedCount === 0 || busy} onClick={start}>
            Download {selectedCount} selected
          </button>
        )}
        {busy && (
          <button type="button" onClick={cancel}>
            Cancel
          </button>
        )}
        {mode === 'selected' && phase === 'done' && (
          <button type="button" onClick={selectionCleared}>
            Clear the selection
          </button>
        )}
      </div>
    </Dialog>
  );
}
