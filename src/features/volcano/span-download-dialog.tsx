import { select, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { type Freq, type ImageryQuery } from '../../api/imagery/imagery-shapes';
import type { UtcMs } from '../../domain/time';
import type { ImageType, Volcano } from '../../domain/volcanoes';
import { Dialog } from '../../ui/dialog';
import {
  CameraEstimates,
  DownloadAllButton,
  DownloadEstimateStatus,
  LargeDownloadNotice,
} from '../../downloads/download-estimate';
import { useZipDialog, type EstimatedQuery } from '../../downloads/use-zip-dialog';
import { ZipDialogFooter } from '../../downloads/zip-dialog-footer';
import { ZipSplitNotice } from '../../downloads/zip-split-notice';
import { requestWindow } from './frames/sampling';
import { primaryLabel } from './time-labels';
import type { DisplayZone } from './volcano-params';
import { useLocale } from '../../i18n/runtime';

interface Props {
  volcano: Volcano;
  imageType: ImageType;
  span: { from: UtcMs; to: UtcMs };
  zone: string;
  tz: DisplayZone;
  onClose: () => void;
}

/** The camera choice meaning every camera of the type, one ZIP each. */
const ALL_CAMERAS = '*';

/**
 * Every frame of one camera type is asked by volcano without a site, so the exact UTC span applies
 * (with one site, freq=all would widen to whole local days, spec 01 §4.5). Hourly or daily sampling
 * needs a site; their windows follow the same rules as the lanes.
 */
export function spanQuery(
  v: Volcano,
  imageType: ImageType,
  freq: Freq,
  site: string,
  span: { from: UtcMs; to: UtcMs },
): ImageryQuery {
  const w = requestWindow(freq, span.from, span.to);
  return freq === 'all'
    ? { imageType, vnum: v.vnum, from: w.from, to: w.to, freq }
    : { imageType, site, from: w.from, to: w.to, freq };
}

/**
 * Estimate first, then download (spec 01 §4.5 recommended flow), for exactly the selected span.
 * Sampling needs a site, so a sampled download of several cameras is one ZIP per camera, queued one
 * after another; a ZIP over the service's cap is split by span of time. Both are said before the start.
 */
export function SpanDownloadDialog({ volcano, imageType, span, zone, tz, onClose }: Props) {
  const sites = volcano.cameraSites.filter((s) => s.imageTypes.includes(imageType)).map((s) => s.site);
  const [freq, setFreq] = useState<Freq>('all');
  const [site, setSite] = useState(sites.length > 1 ? ALL_CAMERAS : (sites[0] ?? ''));
  const perCamera = freq !== 'all' && site === ALL_CAMERAS;
  const estimated = (perCamera ? sites : [site]).map((s): EstimatedQuery => ({
    key: perCamera ? s : 'span',
    label: perCamera ? s : undefined,
    query: spanQuery(volcano, imageType, freq, s, span),
  }));
  const run = useZipDialog({ estimated, of: `${freq}|${site}` });
  const { estimates, total, plan, cap, learned, files, planned, start, busy, cancel } = run;
  const phase = run.zip.phase;
  useLocale();
  const cameraCount = sites.length;
  return (
    <Dialog
      open
      onClose={() => {
        cancel();
        onClose();
      }}
      title={select(imageType, {
        infrared: 'Download infrared images of the span',
        visible: 'Download visible images of the span',
        other: `Download ${imageType} images of the span`,
      })}
      testId="span-download-dialog"
      className="zip-dialog"
    >
      <p className="muted">
        {primaryLabel(span.from, zone, tz)} → {primaryLabel(span.to, zone, tz)}
      </p>
      <div className="button-row">
        <label>
          <Trans>Sampling</Trans>{' '}
          <select value={freq} onChange={(e) => setFreq(e.target.value as Freq)} disabled={busy}>
            <option value="all">{t`Every frame`}</option>
            <option value="minutely">{t`Minutely`}</option>
            <option value="hourly">{t`Hourly`}</option>
            <option value="daily">{t`Daily`}</option>
          </select>
        </label>
        {freq !== 'all' && sites.length > 1 && (
          <label>
            <Trans>Camera site</Trans>{' '}
            <select value={site} onChange={(e) => setSite(e.target.value)} disabled={busy}>
              <option value={ALL_CAMERAS}>{t`All ${cameraCount} cameras, one ZIP each`}</option>
              {sites.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </label>
        )}
      </div>
      {freq !== 'all' && span.to - span.from >= 86_400_000 && (
        <p className="muted">
          <Trans>Sampled downloads cover whole UTC days (the service's daily time window).</Trans>
        </p>
      )}
      {perCamera ? (
        <CameraEstimates sites={estimated.map((q) => q.key)} estimates={estimates} />
      ) : (
        <DownloadEstimateStatus estimate={estimates[0]!} countTestId="span-estimate-count" />
      )}
      <LargeDownloadNotice estimate={total} onSampling={setFreq} disabled={busy} />
      {phase === 'ready' && <ZipSplitNotice plan={plan} cap={cap} capLearned={learned} />}
      <ZipDialogFooter
        run={run}
        primary={<DownloadAllButton estimate={total} busy={busy || !planned} files={files} onClick={start} />}
      >
        {busy && (
          <button type="button" onClick={cancel}>
            <Trans>Cancel</Trans>
          </button>
        )}
      </ZipDialogFooter>
    </Dialog>
  );
}
