/** The evidence pack: a selected span, its time-lapse of every camera, and a download of its images. */
import { select, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import type { UtcMs } from '../../../domain/time';
import type { ImageType, Volcano } from '../../../domain/volcanoes';
import type { Span } from '../frames/quality';
import { primaryLabel } from '../time-labels';
import type { Camera } from '../use-volcano-data';
import { MAX_SPAN_MS, type DisplayZone, type VolcanoRange } from '../volcano-params';
import { useLocale } from '../../../i18n/runtime';

// Opened on demand, so loaded on demand.
const TimeLapsePanel = lazy(() => import('../frames/time-lapse-panel').then((m) => ({ default: m.TimeLapsePanel })));
const SpanDownloadDialog = lazy(() =>
  import('../span-download-dialog').then((m) => ({ default: m.SpanDownloadDialog })),
);

interface Props {
  volcano: Volcano;
  cameras: readonly Camera[];
  range: VolcanoRange;
  span: Span | null;
  onSpan: (s: Span | null) => void;
  zone: string;
  tz: DisplayZone;
  /** The time-lapse's current frame time, for the cursor. */
  onTime: (t: UtcMs | null) => void;
}

function selectedSpan(from: string, to: string): string {
  return t`Selected span: ${from} → ${to}`;
}

/** The download button of one camera type: `Download infrared images…`. */
function downloadWords(type: ImageType): string {
  return select(type, {
    infrared: 'Download infrared images…',
    visible: 'Download visible images…',
    other: `Download ${type} images…`,
  });
}

export function EvidencePack({ volcano, cameras, range, span, onSpan, zone, tz, onTime }: Props) {
  const [download, setDownload] = useState<ImageType | null>(null);
  const imageTypes = [...new Set(cameras.map((c) => c.imageType))];
  // Words worked out outside the macros' hook (selectedSpan, downloadWords): drawn anew on a change of language.
  useLocale();
  return (
    <section className="card volcano__span" aria-labelledby="span-h">
      <h2 id="span-h">
        <Trans>Evidence pack</Trans>
      </h2>
      <div className="button-row">
        <button
          type="button"
          onClick={() => onSpan({ from: range.from, to: Math.min(range.to, range.from + MAX_SPAN_MS) })}
        >
          <Trans>Select the visible range</Trans>
        </button>
        {span && (
          <button type="button" onClick={() => onSpan(null)}>
            <Trans>Clear the selection</Trans>
          </button>
        )}
      </div>
      {span ? (
        <>
          <p>{selectedSpan(primaryLabel(span.from, zone, tz), primaryLabel(span.to, zone, tz))}</p>
          <div className="button-row">
            {imageTypes.map((type) => (
              <button key={type} type="button" onClick={() => setDownload(type)}>
                {downloadWords(type)}
              </button>
            ))}
          </div>
          <Suspense fallback={<p role="status">{t`Loading the time-lapse…`}</p>}>
            <TimeLapsePanel
              key={`${span.from}-${span.to}`}
              volcano={volcano}
              cameras={cameras}
              span={span}
              zone={zone}
              tz={tz}
              onTime={onTime}
            />
          </Suspense>
        </>
      ) : (
        <p className="muted">
          <Trans>
            Select an event, or the visible range, for a time-lapse of both cameras and a download of its images.
          </Trans>
        </p>
      )}
      {download && span && (
        <Suspense fallback={null}>
          <SpanDownloadDialog
            volcano={volcano}
            imageType={download}
            span={span}
            zone={zone}
            tz={tz}
            onClose={() => setDownload(null)}
          />
        </Suspense>
      )}
    </section>
  );
}
