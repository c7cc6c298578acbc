/** One camera of a wall tile: the newest image, and under it its type, capture time and age. */
import { useState } from 'react';
import { describeError } from '../../api/http/errors';
import { useLingui } from '@lingui/react/macro';
import { ServiceImage } from '../../ui/service-image';
import { useNow } from './use-now';
import type { UtcMs } from '../../domain/time';
import { latestPossible, type TimedImage } from './timed-image';
import { AmbiguousStamp, Age, Stamp } from './wall-time';
import type { CameraSlot } from './use-wall-data';
import { isImageStale, type StaleThresholds } from './wall-model';

/** The camera's newest image, from its newest answer and, in a repeated hour, its deeper one. */
export function latestImage(c: CameraSlot, now: UtcMs): TimedImage | null {
  const first = c.result.data?.results ?? [];
  return c.newest(c.deep?.data ? [...c.deep.data.results, ...first] : first, now);
}

export function CameraView({
  camera,
  multiSite,
  thresholds,
}: {
  camera: CameraSlot;
  multiSite: boolean;
  thresholds: StaleThresholds;
}) {
  const { t } = useLingui();
  const now = useNow();
  const latest = latestImage(camera, now);
  const img = latest?.record ?? null;
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const site = multiSite ? ` · ${camera.site}` : '';
  const type = camera.imageType === 'infrared' ? t`Infrared` : t`Visible`;
  // "IR" is the same code in every language; the visible camera's short name is a word.
  const shortType =
    camera.imageType === 'infrared'
      ? 'IR'
      : t({ message: 'Vis', comment: 'Short for a visible camera, where its full name does not fit' });
  const title = `${type}${site}`;
  // The zone the service used: site-local for freq=all with one site, else UTC (spec 01 §2.4).
  const zone = img ? (img.time.kind === 'site-local' ? img.time.zone : 'UTC') : 'UTC';
  // Undecided between the two passes of a repeated hour: stale only if its later reading is.
  const stale = latest !== null && isImageStale(latestPossible(latest.time), now, thresholds);
  return (
    <figure className="wall-camera">
      <div className="wall-camera__frame">
        {img && failedSrc !== img.image_url ? (
          <ServiceImage
            src={img.image_url}
            alt={t`${title} image from ${camera.site}`}
            decoding="async"
            onError={() => setFailedSrc(img.image_url)}
          />
        ) : (
          <p className="wall-camera__empty">
            {img
              ? t`Image file did not load`
              : camera.result.isError
                ? t`Failed: ${describeError(camera.result.error).title}`
                : camera.result.isPending && camera.result.fetchStatus !== 'idle'
                  ? t`Loading…`
                  : t`No image`}
          </p>
        )}
      </div>
      {/* Title, time and age wrap as wholes: a narrow frame puts them on more lines, never cuts one. */}
      <figcaption className={stale ? 'wall-stale' : undefined}>
        <span className="wall-camera__title">
          {/* A narrow frame says "IR": "Infrared" and the time did not fit one line there. */}
          <span className="wall-camera__type">{type}</span>
          <span className="wall-camera__type-short" aria-hidden="true">
            {shortType}
          </span>
          {site}
        </span>{' '}
        {latest?.time.kind === 'ambiguous' ? (
          <AmbiguousStamp earlier={latest.time.utcMs} later={latest.time.later} zone={zone} />
        ) : latest ? (
          <>
            <Stamp t={latest.time.utcMs} zone={zone} /> <Age t={latest.time.utcMs} />
          </>
        ) : null}
      </figcaption>
    </figure>
  );
}
