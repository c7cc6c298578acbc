import { plural, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { imageryQueries } from '../../api/imagery/imagery';
import { findVolcano, type ImageType } from '../../domain/volcanoes';
import { Dialog } from '../../ui/dialog';
import {
  CameraEstimates,
  DownloadAllButton,
  DownloadEstimateStatus,
  LargeDownloadNotice,
} from '../../downloads/download-estimate';
import type { PlanSource } from '../../downloads/zip-plan';
import { useZipDialog, type EstimatedQuery } from '../../downloads/use-zip-dialog';
import { ZipDialogFooter } from '../../downloads/zip-dialog-footer';
import { ZipSplitNotice } from '../../downloads/zip-split-notice';
import { toImageryQuery, type ImageryFilters } from './imagery-params';
import { carryRange } from './range-mode';
import { useSelectedImages, useSelectionActions } from './selection-store';
import { useEndpointWait, type EndpointWait } from '../../ui/rate-status/use-endpoint-wait';
import { formatNumber } from '../../domain/format-number';

export type DownloadMode = 'all' | 'selected';

/** The wait for the search endpoint's rate budget, in one sentence. */
function waitText({ used, limit, waitMs }: EndpointWait): string {
  if (!waitMs) return t`Waiting for the rate budget of /api/imagery/q (${used}/${limit} requests this minute).`;
  const s = Math.ceil(waitMs / 1000);
  return t`Waiting for the rate budget of /api/imagery/q (${used}/${limit} requests this minute): about ${s} s.`;
}

interface Props {
  mode: DownloadMode;
  filters: ImageryFilters;
  /** Applies a suggestion (freq=hourly/daily) to the view's filters, which re-estimates. */
  onApplyFilters: (f: ImageryFilters) => void;
  onClose: () => void;
}

/**
 * Estimate first, then download (spec 01 §4.5, "recommended client flow"): the ZIP of all
 * matching images is requested only after the user has seen the estimate and confirmed. More images
 * than the service puts in one ZIP become several ZIPs by span of time, said before the start.
 */
export function DownloadDialog({ mode, filters, onApplyFilters, onClose }: Props) {
  const { t } = useLingui();
  const selected = useSelectedImages();
  const { selectionCleared } = useSelectionActions();
  const wait = useEndpointWait('imagery.q');

  // Without page/limit: with them the service estimates (and zips) only that batch (spec 01 §4.5
  // mode 3), while this dialog offers every matching image, which downloadAll requests.
  const allQuery = { ...toImageryQuery(filters), page: undefined, limit: undefined };

  // A volcano without one site: sampling needs a site, so a sampled download is one ZIP per camera.
  const cameras =
    mode === 'all' && filters.vnum !== undefined && !filters.site && filters.freq === 'all'
      ? (findVolcano(filters.vnum)?.cameraSites ?? []).filter((c) => c.imageTypes.includes(filters.imageType))
      : [];
  const [perCamera, setPerCamera] = useState<'hourly' | 'daily' | null>(null);
  const sampled = perCamera && cameras.length ? perCamera : null;
  const estimated: EstimatedQuery[] = sampled
    ? cameras.map((c) => ({
        key: c.site,
        label: c.site,
        // Through carryRange, as the view's own switch to sampling: the stretch becomes whole UTC
        // days for hourly's daily window, or the site's local days for daily.
        query: {
          ...toImageryQuery(carryRange(filters, { ...filters, site: c.site, freq: sampled, page: 1 })),
          page: undefined,
          limit: undefined,
        },
      }))
    : mode === 'all'
      ? [{ key: 'all', query: allQuery }]
      : [];

  // download=selected takes one imageType per request, and ids only as many as fit a safe URL and
  // the cap: a mixed or long selection becomes several ZIPs, said before the download starts.
  const selectedSources = useMemo((): PlanSource[] => {
    const byType = new Map<ImageType, string[]>();
    for (const s of Object.values(selected)) byType.set(s.imageType, [...(byType.get(s.imageType) ?? []), s.id]);
    return [...byType].map(([imageType, ids]) => ({ kind: 'ids', key: imageType, imageType, ids }));
  }, [selected]);
  const run = useZipDialog({
    estimated,
    ids: mode === 'selected' ? selectedSources : [],
    of: JSON.stringify([mode, imageryQueries.estimate(allQuery).queryKey, sampled]),
  });
  const { estimates, total: est, plan, cap, learned, files, planned, start, busy, cancel } = run;
  const types = selectedSources.length;
  const phase = run.zip.phase;

  const selectedCount = Object.keys(selected).length;
  const waiting = wait && wait.queued > 0;

  // Through carryRange: hourly reads From/To as a daily UTC window, daily as local days, and the
  // suggestion must keep the stretch the estimate was for.
  const applyFreq = (freq: 'hourly' | 'daily') => onApplyFilters(carryRange(filters, { ...filters, freq, page: 1 }));

  // The words of the dialog, each one message (Spanish orders them its own way).
  const freq = filters.freq;
  const site = filters.site;
  const vnum = filters.vnum;
  const ir = filters.imageType === 'infrared';
  const scope = site
    ? ir
      ? t`Every image matching the filters, not only this page — infrared at ${site}, sampling ${freq}.`
      : t`Every image matching the filters, not only this page — visible at ${site}, sampling ${freq}.`
    : vnum !== undefined
      ? ir
        ? t`Every image matching the filters, not only this page — infrared of volcano ${vnum}, sampling ${freq}.`
        : t`Every image matching the filters, not only this page — visible of volcano ${vnum}, sampling ${freq}.`
      : ir
        ? t`Every image matching the filters, not only this page — infrared, all sites, sampling ${freq}.`
        : t`Every image matching the filters, not only this page — visible, all sites, sampling ${freq}.`;
  const cameraSites = cameras.map((c) => c.site).join(', ');
  const selectedText = formatNumber(selectedCount);
  const fileCount = files;
  const most = plan.files.length ? formatNumber(Math.max(...plan.files.map((f) => f.images))) : '0';
  const capText = formatNumber(cap);

  return (
    <Dialog
      open
      onClose={() => {
        cancel();
        onClose();
      }}
      title={mode === 'all' ? t`Download all matching images` : t`Download selected images`}
      testId="download-dialog"
      className="download-dialog"
    >
      {mode === 'all' ? (
        <section aria-label={t`Estimate`}>
          <p className="muted">{scope}</p>
          {sampled ? (
            <>
              <p>
                {sampled === 'hourly'
                  ? t`Sampled hourly, one ZIP per camera of volcano ${vnum} (sampling needs one site); the range as whole UTC days.`
                  : t`Sampled daily, one ZIP per camera of volcano ${vnum} (sampling needs one site); the range as whole local days at each camera.`}{' '}
                <button type="button" onClick={() => setPerCamera(null)} disabled={busy}>
                  {t`Every image instead`}
                </button>
              </p>
              <CameraEstimates sites={estimated.map((c) => c.key)} estimates={estimates} />
            </>
          ) : (
            <DownloadEstimateStatus
              estimate={estimates[0]!}
              countTestId="estimate-count"
              className="kv download-dialog__estimate"
            />
          )}
          {cameras.length > 0 && !sampled && (
            <p>
              {t`Or sampled, one ZIP per camera (${cameraSites}):`}{' '}
              <button type="button" onClick={() => setPerCamera('hourly')} disabled={busy}>
                {t`Hourly, one ZIP per camera`}
              </button>{' '}
              <button type="button" onClick={() => setPerCamera('daily')} disabled={busy}>
                {t`Daily, one ZIP per camera`}
              </button>
            </p>
          )}
          {!sampled && (
            <LargeDownloadNotice estimate={est} onSampling={applyFreq} disabled={!filters.site || busy}>
              {!filters.site && (
                <p className="field-error">
                  {cameras.length > 0
                    ? t`Hourly and daily sampling of the view need one camera site: choose a site in the filters, or download one ZIP per camera as offered above.`
                    : t`Hourly and daily sampling of the view need one camera site: choose a site in the filters first.`}
                </p>
              )}
            </LargeDownloadNotice>
          )}
        </section>
      ) : (
        <p>
          {plural(selectedCount, {
            one: `${selectedText} selected image, across pages and filters.`,
            other: `${selectedText} selected images, across pages and filters.`,
          })}
          {files > 1 && !run.offer.rest && (
            <>
              {' '}
              {t`They download as`}{' '}
              <strong data-testid="zip-split">{t`${fileCount} ZIP files of up to ${most} images each`}</strong>{' '}
              {types > 1
                ? t`(one image type per ZIP, at most ${capText} images per ZIP, and as many ids as fit in one request).`
                : t`(at most ${capText} images per ZIP, and as many ids as fit in one request).`}
            </>
          )}
        </p>
      )}
      {phase === 'ready' && mode === 'all' && <ZipSplitNotice plan={plan} cap={cap} capLearned={learned} />}

      {waiting && (
        <p role="status" className="notice">
          {waitText(wait)}
        </p>
      )}
      <ZipDialogFooter
        run={run}
        doneClassName="download-dialog__done"
        actionsClassName="download-dialog__actions"
        primary={
          mode === 'all' ? (
            <DownloadAllButton estimate={est} busy={busy || !planned} files={files} onClick={start} />
          ) : (
            <button type="button" className="primary" disabled={selectedCount === 0 || busy} onClick={start}>
              {t`Download ${selectedCount} selected`}
            </button>
          )
        }
      >
        {(busy || plan.status === 'planning') && (
          <button type="button" onClick={cancel}>
            {t`Cancel`}
          </button>
        )}
        {mode === 'selected' && phase === 'done' && (
          <button type="button" onClick={selectionCleared}>
            {t`Clear the selection`}
          </button>
        )}
      </ZipDialogFooter>
    </Dialog>
  );
}
