import { plural, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { downloadLegacyZip, LEGACY_ZIP_MAX, type LegacyQuery } from '../../api/legacy';
import type { LegacyImage } from '../../api/decode/legacy-body';
import { PAGE_SIZE, v1TimeRule, type ResultsView } from './legacy-params';
import { useZipDownload } from '../../downloads/zip-download';
import { ZipDownloadStatus } from '../../downloads/zip-download-status';
import { InUtc, UnzonedTime } from './unzoned-time';
import type { V1Zone } from './v1-zone';
import { formatNumber } from '../../domain/format-number';
import { ServiceImage } from '../../ui/service-image';

interface Props {
  query: LegacyQuery;
  images: readonly LegacyImage[];
  /** The zone the v1 times are read in for the UTC column. */
  zone: V1Zone;
  view: ResultsView;
  page: number;
  onView: (v: ResultsView) => void;
  onPage: (p: number) => void;
  onLookUp: (imageId: string) => void;
}

const lookUpLabel = (id: string) => t`Look up ${id}`;

function thumbAlt(r: LegacyImage): string {
  const { site } = r;
  const wall = r.time.wall;
  return r.image_type === 'infrared'
    ? t`${site} infrared image at ${wall}, zone not given`
    : t`${site} visible image at ${wall}, zone not given`;
}

/** Results as a table or as thumbnails, a page at a time, so 70,000 rows never reach the DOM at once. */
export function LegacyResults({ query, images, zone, view, page, onView, onPage, onLookUp }: Props) {
  const { t } = useLingui();
  const id = useId();
  const pages = Math.max(1, Math.ceil(images.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const slice = images.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const zipAllowed = images.length > 0 && images.length <= LEGACY_ZIP_MAX;
  const zip = useZipDownload();
  const zipBusy = zip.phase === 'downloading';
  // The same streamed path as the v2 ZIPs, so a legacy ZIP can be cancelled too.
  const downloadZip = () =>
    void zip.start([
      {
        open: (signal, via) => downloadLegacyZip(query, signal, via),
        suggestedName: `${query.imageType}_images.zip`,
      },
    ]);

  const count = formatNumber(images.length);
  const max = formatNumber(LEGACY_ZIP_MAX);
  const zipReason =
    images.length === 0
      ? t`Nothing to download.`
      : images.length > LEGACY_ZIP_MAX
        ? t`ZIP download is unavailable: the v1 service makes a ZIP only for ${max} images or fewer, and this result has ${count}. Narrow the time range or lower the limit, or use the v2 imagery view.`
        : plural(images.length, {
            one: 'Downloads the # image of this result as one ZIP.',
            other: 'Downloads all # images of this result as one ZIP.',
          });
  const because = zone.because;
  const first = (current - 1) * PAGE_SIZE + 1;
  const last = Math.min(images.length, current * PAGE_SIZE);

  return (
    <section className="legacy-results" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{plural(images.length, { one: '# image', other: '# images' })}</h2>
      <p className="muted legacy-time-rule">
        {v1TimeRule()} {t`Here they are ${because}.`}
      </p>
      <div className="legacy-results__bar">
        <div role="group" aria-label={t`Show results as`} className="button-row">
          <button type="button" aria-pressed={view === 'table'} onClick={() => onView('table')}>
            {t`Table`}
          </button>
          <button type="button" aria-pressed={view === 'thumbnails'} onClick={() => onView('thumbnails')}>
            {t`Thumbnails`}
          </button>
        </div>
        <div className="legacy-results__zip">
          <button type="button" disabled={!zipAllowed || zipBusy} aria-describedby={`${id}-zip`} onClick={downloadZip}>
            {zipBusy ? t`Downloading ZIP…` : t`Download ZIP`}
          </button>
          {zipBusy && (
            <button type="button" onClick={zip.abort}>
              {t`Cancel ZIP`}
            </button>
          )}
          <p id={`${id}-zip`} className="muted">
            {zipReason}
          </p>
        </div>
      </div>
      <ZipDownloadStatus zip={zip} />
      {images.length === 0 ? (
        <p>{t`Nothing matches this query.`}</p>
      ) : view === 'table' ? (
        <div className="legacy-table-wrap">
          <table className="legacy-table">
            <caption className="visually-hidden">{t`Legacy images, page ${current} of ${pages}`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Image id`}</th>
                <th scope="col">{t`Site`}</th>
                {/* The service's field name, as the form's "Volcano (vnum)" names it. */}
                <th scope="col" translate="no">
                  vnum
                </th>
                <th scope="col">{t`Captured (zone not given)`}</th>
                <th scope="col">{t`In UTC`}</th>
                <th scope="col">{t`Format`}</th>
                <th scope="col">{t`Frame`}</th>
                <th scope="col">{t`Quality`}</th>
                <th scope="col">{t`DB id`}</th>
              </tr>
            </thead>
            <tbody>
              {slice.map((r) => (
                <tr key={r.legacyId}>
                  <td>
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => onLookUp(r.image_id)}
                      aria-label={lookUpLabel(r.image_id)}
                    >
                      {r.image_id}
                    </button>
                  </td>
                  <td>{r.site}</td>
                  <td>{r.vnum}</td>
                  <td>
                    <UnzonedTime time={r.time} marked={false} />
                  </td>
                  <td>
                    <InUtc image={r} zone={zone} />
                  </td>
                  <td translate="no">{r.file_format}</td>
                  <td>{r.frame ?? '—'}</td>
                  <td>{r.quality ?? '—'}</td>
                  <td>{r.legacyId}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ul className="legacy-thumbs">
          {slice.map((r) => (
            <li key={r.legacyId}>
              <button type="button" onClick={() => onLookUp(r.image_id)} aria-label={lookUpLabel(r.image_id)}>
                <ServiceImage src={r.image_url} alt={thumbAlt(r)} loading="lazy" width={160} height={120} />
                <span className="legacy-thumbs__caption">
                  {r.site} · <UnzonedTime time={r.time} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="button-row legacy-pages" aria-label={t`Result pages`}>
          <button type="button" disabled={current <= 1} onClick={() => onPage(current - 1)}>
            {t`Previous page`}
          </button>
          <span>{t`Page ${current} of ${pages} (rows ${first}–${last})`}</span>
          <button type="button" disabled={current >= pages} onClick={() => onPage(current + 1)}>
            {t`Next page`}
          </button>
        </nav>
      )}
    </section>
  );
}
