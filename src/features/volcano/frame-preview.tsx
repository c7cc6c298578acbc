import type { ImageRecord } from '../../api/imagery';
import { IMAGE_TYPE_LABEL, siteTimeZone } from '../../domain/volcanoes';
import { frameQuality, QUALITY_LABEL } from './quality';
import { bothLabels } from './time-labels';
import type { DisplayZone } from './volcano-params';

interface Props {
  frames: readonly ImageRecord[];
  tz: DisplayZone;
  title: string;
}

/** The frames nearest the cursor, large, each with its capture time in UTC and in the site's zone. */
export function FramePreview({ frames, tz, title }: Props) {
  return (
    <section className="preview card" aria-label="Frames at the cursor">
      <h2 className="preview__title">{title}</h2>
      {frames.length === 0 ? (
        <p className="muted">Hover the chart or pick a frame in a lane to see it here.</p>
      ) : (
        <div className="preview__grid">
          {frames.map((r) => {
            const l = bothLabels(r.time.utcMs, siteTimeZone(r.site), tz);
            const q = frameQuality(r);
            return (
              <figure
                key={r.image_id}
                className="preview__figure"
                aria-label={`${IMAGE_TYPE_LABEL[r.image_type]} frame at the cursor`}
              >
                <img src={r.image_url} alt={`${IMAGE_TYPE_LABEL[r.image_type]} image from ${r.site} at ${l.primary}`} />
                <figcaption>
                  <strong>
                    {IMAGE_TYPE_LABEL[r.image_type]} · {r.site}
                  </strong>
                  <span data-testid="preview-time">{l.primary}</span>
                  <span className="muted">{l.secondary}</span>
                  <span className="muted">
                    {QUALITY_LABEL[q]} · <code>{r.image_id}</code>
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
