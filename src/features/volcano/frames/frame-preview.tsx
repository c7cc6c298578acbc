import type { ImageRecord } from '../../../api/imagery/imagery-shapes';
import { IMAGE_TYPE_LABEL, siteTimeZone, type ImageType } from '../../../domain/volcanoes';
import { QUALITY_LABEL, type Quality } from './quality';
import { bothLabels } from '../time-labels';
import type { DisplayZone } from '../volcano-params';
import { ServiceImage } from '../../../ui/service-image';

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

/** Each lane's frame at the cursor, large, with its capture time in UTC and in the site's zone. */
export function FramePreview({ entries, tz, title, qualityOf }: Props) {
  return (
    <section className="preview card" aria-label="Frames at the cursor">
      <h2 className="preview__title">{title}</h2>
      {entries.length === 0 ? (
        <p className="muted">Hover the chart or pick a frame in a lane to see it here.</p>
      ) : (
        <div className="preview__grid">
          {entries.map(({ key, site, imageType, record: r }) => {
            const type = IMAGE_TYPE_LABEL[imageType];
            if (!r)
              return (
                <figure key={key} className="preview__figure" aria-label={`${type} frame at the cursor`}>
                  <div className="preview__none">No frame near this time</div>
                  <figcaption>
                    <strong>
                      {type} · {site}
                    </strong>
                    <span className="muted">no frame near this time in this lane’s sampling</span>
                  </figcaption>
                </figure>
              );
            const l = bothLabels(r.time.utcMs, siteTimeZone(r.site), tz);
            return (
              <figure key={key} className="preview__figure" aria-label={`${type} frame at the cursor`}>
                <ServiceImage src={r.image_url} alt={`${type} image from ${r.site} at ${l.primary}`} />
                <figcaption>
                  <strong>
                    {type} · {r.site}
                  </strong>
                  <span data-testid="preview-time">{l.primary}</span>
                  <span className="muted">{l.secondary}</span>
                  <span className="muted">
                    <span data-testid="preview-quality">{QUALITY_LABEL[qualityOf(r)]}</span> · <code>{r.image_id}</code>
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
