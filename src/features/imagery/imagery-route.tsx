import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { imageryQueries } from '../../api/imagery/imagery';
import { isUtcWindow } from '../../api/imagery/utc-window';
import { isApiError } from '../../api/http/errors';
import { ErrorPanel } from '../../ui/error-panel';
import type { DownloadMode } from './download-dialog';
import { FilterForm } from './filter-form';
import { ImageGrid } from './image-grid';
import { zoneCaption } from './image-time';
import { fieldForDetail, imageryUrl, toImageryQuery } from './imagery-params';
import { Lightbox, type LightboxPosition } from './lightbox';
import { isPastEnd, PaginationNav } from './pagination-nav';
import { formatNumber } from '../../domain/format-number';
import { useSelectionActions, useSelectionCount } from './selection-store';
import { TimeLapse } from './time-lapse';
import { usePageFlags } from './use-page-flags';
import './imagery.css';
import { UrlNotices } from '../../ui/url-notices';
import { useUrlState } from '../../ui/use-url-state';

// Opened on demand, so loaded on demand: the ZIP download code is not on the view's first paint.
const DownloadDialog = lazy(() => import('./download-dialog').then((m) => ({ default: m.DownloadDialog })));

/** 400/422 answers as messages keyed by the API parameter they are about. */
function serverFieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error) || error.kind !== 'http' || (error.status !== 400 && error.status !== 422)) return {};
  if (Object.keys(error.fieldErrors).length) return error.fieldErrors;
  const field = fieldForDetail(error.detail);
  return field ? { [field]: error.detail } : {};
}

export function Component() {
  const { t } = useLingui();
  const { params: filters, notices, dismissNotices, apply } = useUrlState(imageryUrl);
  const goPage = useCallback((page: number) => apply({ ...filters, page }), [apply, filters]);

  const page = useQuery({ ...imageryQueries.page(toImageryQuery(filters)), placeholderData: keepPreviousData });
  const serverErrors = useMemo(() => serverFieldErrors(page.error), [page.error]);
  const unplacedServerError = page.isError && !Object.keys(serverErrors).some((k) => k !== 'page' && k !== '(request)');

  const [lightbox, setLightbox] = useState<LightboxPosition | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ index: number } | null>(null);
  const [timeLapse, setTimeLapse] = useState(false);
  const [download, setDownload] = useState<DownloadMode | null>(null);
  const selectionCount = useSelectionCount();
  const { pageSelected, selectionCleared } = useSelectionActions();

  // Stable across page changes (the address's page is read through a ref), so the cards on screen
  // are not all re-rendered by the click that asks for the next page: each card is memoised.
  const addressPage = useRef(filters.page);
  useEffect(() => {
    addressPage.current = filters.page;
  }, [filters.page]);
  const openImage = useCallback((index: number) => setLightbox({ page: addressPage.current, index }), []);
  const moveLightbox = (p: LightboxPosition) => {
    // The grid follows the lightbox across pages, so closing it lands on the same image. Compared
    // with the lightbox's own page: the URL may not have re-rendered yet after a quick second move.
    if (lightbox && p.page !== lightbox.page) apply({ ...filters, page: p.page }, { replace: true });
    setLightbox(p);
  };

  const windowed = isUtcWindow(toImageryQuery(filters));
  const data = page.data;
  const results = data?.results ?? [];
  const stale = page.isPlaceholderData;
  const flags = usePageFlags(filters, stale ? undefined : data?.results);
  // While the next page loads, the page still on screen keeps what is known of its frames instead
  // of every card turning "Quality unknown" for that moment.
  const [shownFlags, setShownFlags] = useState(flags.byId);
  if (!stale && shownFlags !== flags.byId) setShownFlags(flags.byId);
  const pageImages = results.map((r) => ({ id: r.image_id, imageType: r.image_type }));

  return (
    <section className="page imagery">
      <h1>{t`Imagery`}</h1>
      <UrlNotices notices={notices} onDismiss={dismissNotices} />
      <FilterForm filters={filters} serverErrors={serverErrors} onApply={apply} />

      <div className="imagery-toolbar button-row" role="toolbar" aria-label={t`Result actions`}>
        <button
          type="button"
          onClick={() => setDownload('all')}
          disabled={windowed}
          aria-describedby={windowed ? 'imagery-window-download' : undefined}
        >
          {t`Download all matching…`}
        </button>
        {windowed && (
          <span id="imagery-window-download" className="muted">
            {t`The service zips only whole local days: select the window’s images to download them.`}
          </span>
        )}
        <button type="button" onClick={() => pageSelected(pageImages, true)} disabled={!results.length}>
          {t`Select this page`}
        </button>
        <button type="button" onClick={() => pageSelected(pageImages, false)} disabled={!results.length}>
          {t`Unselect this page`}
        </button>
        <span aria-live="polite" className="imagery-toolbar__count">
          {t`${selectionCount} selected`}
        </span>
        <button type="button" onClick={() => setDownload('selected')} disabled={!selectionCount}>
          {t`Download selected…`}
        </button>
        <button type="button" onClick={selectionCleared} disabled={!selectionCount}>
          {t`Clear selection`}
        </button>
        <button type="button" onClick={() => setTimeLapse(true)} disabled={!data?.pagination.total_count}>
          {t`Time-lapse…`}
        </button>
      </div>

      {page.isError && unplacedServerError && (
        <ErrorPanel error={page.error} onRetry={() => void page.refetch()} context={t`Loading images`} />
      )}
      {page.isError && !unplacedServerError && (
        <p className="field-error" role="alert">
          {t`The service refused these filters; see the message beside the field above.`}
        </p>
      )}
      {page.isPending && !page.isError && <p role="status">{t`Loading images…`}</p>}

      {data && (
        <div className={stale ? 'imagery-results is-stale' : 'imagery-results'} aria-busy={stale || undefined}>
          <p className="muted imagery-zone">{zoneCaption(results.map((r) => r.time))}</p>
          {data.reordered && (
            <p className="muted imagery-order">
              {t`Shown in UTC order: the service lists this page by the site’s local time, which repeats an hour when clocks go back.`}
            </p>
          )}
          <PaginationNav pagination={data.pagination} onPage={goPage} label={t`Result pages`} />
          {results.length === 0 && isPastEnd(data.pagination) ? (
            <PastEnd total={data.pagination.total_count} pages={data.pagination.total_pages} onPage={goPage} />
          ) : results.length === 0 ? (
            <p className="card">{t`No images match these filters. Widen the date range or clear a flag filter.`}</p>
          ) : (
            <ImageGrid
              results={results}
              dataUpdatedAt={page.dataUpdatedAt}
              onOpen={openImage}
              focusRequest={focusRequest}
              flags={stale ? shownFlags : flags.byId}
            />
          )}
        </div>
      )}

      {lightbox && (
        <Lightbox
          filters={filters}
          position={lightbox}
          onMove={moveLightbox}
          onClose={() => {
            setFocusRequest({ index: lightbox.index });
            setLightbox(null);
          }}
        />
      )}
      {timeLapse && data && (
        <TimeLapse filters={filters} totalCount={data.pagination.total_count} onClose={() => setTimeLapse(false)} />
      )}
      {download && (
        <Suspense fallback={<p role="status">{t`Loading the download…`}</p>}>
          <DownloadDialog mode={download} filters={filters} onApplyFilters={apply} onClose={() => setDownload(null)} />
        </Suspense>
      )}
    </section>
  );
}

/** A page past the last: how many images and pages there are, and the way back to the last page. */
function PastEnd({ total, pages, onPage }: { total: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useLingui();
  const count = formatNumber(total);
  return (
    <p className="card">
      {t`This page is past the end: the ${count} matching images ${plural(pages, { one: 'fill # page.', other: 'fill # pages.' })}`}{' '}
      <button type="button" onClick={() => onPage(pages)}>
        {t`Go to page ${pages}`}
      </button>
    </p>
  );
}
