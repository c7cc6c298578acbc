import { useId } from 'react';
import { downloadLegacyZip, LEGACY_ZIP_MAX, type LegacyQuery } from '../../api/legacy';
import type { LegacyImage } from '../../api/decode/legacy-body';
import { PAGE_SIZE, V1_TIME_RULE, type ResultsView } from './legacy-params';
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

/** Results as a table or as thumbnails, a page at a time, so 70,000 rows never reach the DOM at once. */
export function LegacyResults({ query, images, zone, view, page, onView, onPage, onLookUp }: Props) {
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

  const zipReason =
    images.length === 0
      ? 'Nothing to download.'
      : images.length > LEGACY_ZIP_MAX
        ? `ZIP download is unavailable: the v1 service makes a ZIP only for ${LEGACY_ZIP_MAX} images or fewer, and this result has ${formatNumber(images.length)}. Narrow the time range or lower the limit, or use the v2 imagery view.`
        : `Downloads all ${images.length} images of this result as one ZIP.`;

  return (
    <section className="legacy-results" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>
        {formatNumber(images.length)} {images.length === 1 ? 'image' : 'images'}
      </h2>
      <p className="muted legacy-time-rule">
        {V1_TIME_RULE} Here they are {zone.because}.
      </p>
      <div className="legacy-results__bar">
        <div role="group" aria-label="Show results as" className="button-row">
          <button type="button" aria-pressed={view === 'table'} onClick={() => onView('table')}>
            Table
          </button>
          <button type="button" aria-pressed={view === 'thumbnails'} onClick={() => onView('thumbnails')}>
            Thumbnails
          </button>
        </div>
        <div className="legacy-results__zip">
          <button type="button" disabled={!zipAllowed || zipBusy} aria-describedby={`${id}-zip`} onClick={downloadZip}>
            {zipBusy ? 'Downloading ZIP…' : 'Download ZIP'}
          </button>
          {zipBusy && (
            <button type="button" onClick={zip.abort}>
              Cancel ZIP
            </button>
          )}
          <p id={`${id}-zip`} className="muted">
            {zipReason}
          </p>
        </div>
      </div>
      <ZipDownloadStatus zip={zip} />
      {images.length === 0 ? (
        <p>Nothing matches this query.</p>
      ) : view === 'table' ? (
        <div className="legacy-table-wrap">
          <table className="legacy-table">
            <caption className="visually-hidden">
              Legacy images, page {current} of {pages}
            </caption>
            <thead>
              <tr>
                <th scope="col">Image id</th>
                <th scope="col">Site</th>
                <th scope="col">vnum</th>
                <th scope="col">Captured (zone not given)</th>
                <th scope="col">In UTC</th>
                <th scope="col">Format</th>
                <th scope="col">Frame</th>
                <th scope="col">Quality</th>
                <th scope="col">DB id</th>
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
                      aria-label={`Look up ${r.image_id}`}
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
                  <td>{r.file_format}</td>
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
              <button type="button" onClick={() => onLookUp(r.image_id)} aria-label={`Look up ${r.image_id}`}>
                <ServiceImage
                  src={r.image_url}
                  alt={`${r.site} ${r.image_type} image at ${r.time.wall}, zone not given`}
                  loading="lazy"
                  width={160}
                  height={120}
                />
                <span className="legacy-thumbs__caption">
                  {r.site} · <UnzonedTime time={r.time} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="button-row legacy-pages" aria-label="Result pages">
          <button type="button" disabled={current <= 1} onClick={() => onPage(current - 1)}>
            Previous page
          </button>
          <span>
            Page {current} of {pages} (rows {(current - 1) * PAGE_SIZE + 1}–
            {Math.min(images.length, current * PAGE_SIZE)})
          </span>
          <button type="button" disabled={current >= pages} onClick={() => onPage(current + 1)}>
            Next page
          </button>
        </nav>
      )}
    </section>
  );
}
