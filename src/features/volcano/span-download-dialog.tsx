import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { imageryQueries, type Freq, type ImageryQuery } from '../../api/imagery/imagery';
import { downloadAll } from '../../api/imagery/imagery-download';
import type { UtcMs } from '../../domain/time';
import { IMAGE_TYPE_LABEL, type ImageType, type Volcano } from '../../domain/volcanoes';
import { Dialog } from '../../ui/dialog';
import { DownloadAllButton, DownloadEstimateStatus, LargeDownloadNotice } from '../../ui/download-estimate';
import { useZipDownload } from '../../ui/zip-download';
import { SaveLocationChoice, ZipDownloadStatus } from '../../ui/zip-download-status';
import { MB } from '../../ui/zip-progress';
import { requestWindow } from './sampling';
import { primaryLabel } from './time-labels';
import type { DisplayZone } from './volcano-params';

interface Props {
  volcano: Volcano;
  imageType: ImageType;
  span: { from: UtcMs; to: UtcMs };
  zone: string;
  tz: DisplayZone;
  onClose: () => void;
}

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

/** Estimate first, then download (spec 01 §4.5 recommended flow), for exactly the selected span. */
export function SpanDownloadDialog({ volcano, imageType, span, zone, tz, onClose }: Props) {
  const queryClient = useQueryClient();
  const sites = volcano.cameraSites.filter((s) => s.imageTypes.includes(imageType)).map((s) => s.site);
  const [freq, setFreq] = useState<Freq>('all');
  const [site, setSite] = useState(sites[0] ?? '');
  const q = spanQuery(volcano, imageType, freq, site, span);
  const estimateOpts = imageryQueries.estimate(q);
  const estimate = useQuery(estimateOpts);
  const zip = useZipDownload();
  const [pick, setPick] = useState(false);
  const { phase, abort } = zip;
  const start = () =>
    void zip.start(
      [
        {
          open: (signal, via) => downloadAll(q, signal, via),
          estimateBytes: estimate.data ? estimate.data.estimated_size_mb * MB : undefined,
          suggestedName: `volcano_images_${imageType}.zip`,
        },
      ],
      { pick },
    );
  const cancel = () => {
    abort();
    void queryClient.cancelQueries({ queryKey: estimateOpts.queryKey });
  };

  const est = estimate.data;
  const busy = phase === 'downloading' || estimate.isFetching;
  return (
    <Dialog
      open
      onClose={() => {
        cancel();
        onClose();
      }}
      title={`Download ${IMAGE_TYPE_LABEL[imageType].toLowerCase()} images of the span`}
      testId="span-download-dialog"
    >
      <p className="muted">
        {primaryLabel(span.from, zone, tz)} → {primaryLabel(span.to, zone, tz)}
      </p>
      <div className="button-row">
        <label>
          Sampling{' '}
          <select value={freq} onChange={(e) => setFreq(e.target.value as Freq)} disabled={phase === 'downloading'}>
            <option value="all">Every frame</option>
            <option value="minutely">Minutely</option>
            <option value="hourly">Hourly</option>
            <option value="daily">Daily</option>
          </select>
        </label>
        {freq !== 'all' && sites.length > 1 && (
          <label>
            Camera site{' '}
            <select value={site} onChange={(e) => setSite(e.target.value)}>
              {sites.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </label>
        )}
      </div>
      {freq !== 'all' && span.to - span.from >= 86_400_000 && (
        <p className="muted">Sampled downloads cover whole UTC days (the service's daily time window).</p>
      )}
      <DownloadEstimateStatus estimate={estimate} countTestId="span-estimate-count" />
      <LargeDownloadNotice estimate={est} onSampling={setFreq} disabled={busy} />
      <SaveLocationChoice pick={pick} onPick={setPick} single disabled={busy} />
      <ZipDownloadStatus zip={zip} />
      <div className="button-row">
        <DownloadAllButton estimate={est} busy={busy} onClick={start} />
        {busy && (
          <button type="button" onClick={cancel}>
            Cancel
          </button>
        )}
      </div>
    </Dialog>
  );
}
