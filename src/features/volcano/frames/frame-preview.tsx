import { select, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ImageRecord } from '../../../api/imagery/imagery-shapes';
import { siteTimeZone, type ImageType } from '../../../domain/volcanoes';
import { qualityLabel, type Quality } from './quality';
import { bothLabels } from '../time-labels';
import type { DisplayZone } from '../volcano-params';
import { ServiceImage } from '../../../ui/service-image';
import { useLocale } from '../../../i18n/runtime';

export interface PreviewEntry {
  key: string;
  site: string;
  imageType: ImageType;
  /** The lane's frame for the cursor's time, or null when none stands for it. */
  record: ImageRecord | null;
}

interface Props {
  /** One per lane; empty when there is no cursor. */
  entries: readonly PreviewEntry[];
  tz: DisplayZone;
  title: string;
  qualityOf: (r: ImageRecord) => Quality;
}

/** `Infrared · CLNE`: the camera's type and site. */
export function cameraCaption(type: ImageType, site: string): string {
  return select(type, { infrared: `Infrared · ${site}`, visible: `Visible · ${site}`, other: `${type} · ${site}` });
}

function frameAtCursor(type: ImageType): string {
  return select(type, {
    infrared: 'Infrared frame at the cursor',
    visible: 'Visible frame at the cursor',
    other: `${type} frame at the cursor`,
  });
}

function imageAlt(type: ImageType, site: string, time: string): string {
  return select(type, {
    infrared: `Infrared image from ${site} at ${time}`,
    visible: `Visible image from ${site} at ${time}`,
    other: `${type} image from ${site} at ${time}`,
  });
}

/** Each lane's frame at the cursor, large, with its capture time in UTC and in the site's zone. */
export function FramePreview({ entries, tz, title, qualityOf }: Props) {
  // The captions are worked out outside the macros' hook: a change of language draws them anew.
  useLocale();
  return (
    <section className="preview card" aria-label={t`Frames at the cursor`}>
      <h2 className="preview__title">{title}</h2>
      {entries.length === 0 ? (
        <p className="muted">
          <Trans>Hover the chart or pick a frame in a lane to see it here.</Trans>
        </p>
      ) : (
        <div className="preview__grid">
          {entries.map(({ key, site, imageType, record: r }) => {
            if (!r)
              return (
                <figure key={key} className="preview__figure" aria-label={frameAtCursor(imageType)}>
                  <div className="preview__none">
                    <Trans>No frame near this time</Trans>
                  </div>
                  <figcaption>
                    <strong>{cameraCaption(imageType, site)}</strong>
                    <span className="muted">
                      <Trans>no frame near this time in this lane’s sampling</Trans>
                    </span>
                  </figcaption>
                </figure>
              );
            const l = bothLabels(r.time.utcMs, siteTimeZone(r.site), tz);
            return (
              <figure key={key} className="preview__figure" aria-label={frameAtCursor(imageType)}>
                <ServiceImage src={r.image_url} alt={imageAlt(imageType, r.site, l.primary)} />
                <figcaption>
                  <strong>{cameraCaption(imageType, r.site)}</strong>
                  <span data-testid="preview-time">{l.primary}</span>
                  <span className="muted">{l.secondary}</span>
                  <span className="muted">
                    <span data-testid="preview-quality">{qualityLabel(qualityOf(r))}</span> · <code>{r.image_id}</code>
                  </span>
                </figcaption>
              </figure>
            );
          })}
        </div>
      )}
    </section>
  );
}
