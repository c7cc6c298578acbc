import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { imageryQueries } from '../../api/imagery/imagery';
import { formatUtcLabel } from '../../domain/time';
import { parseDocumentedUtc } from '../../domain/iso-time-loose';
import { findVolcano } from '../../domain/volcanoes';
import { Dialog } from '../../ui/dialog';
import { ErrorPanel } from '../../ui/error-panel';
import { imageTimeAlternate, imageTimeLabel } from './image-time';
import { flagLines, qualityWord } from './image-flags-text';
import { usePageFlags } from './use-page-flags';
import { imageTypeWord } from './image-type-word';
import { toImageryQuery, type ImageryFilters } from './imagery-params';
import { formatNumber } from '../../domain/format-number';
import { loadableImageUrl, ServiceImage } from '../../ui/service-image';

export interface LightboxPosition {
  page: number;
  index: number;
}

interface Props {
  filters: ImageryFilters;
  position: LightboxPosition;
  onMove: (p: LightboxPosition) => void;
  onClose: () => void;
}

/** One image at full size with its metadata; previous/next continue onto the adjacent pages. */
export function Lightbox({ filters, position, onMove, onClose }: Props) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const page = useQuery(imageryQueries.page(toImageryQuery(filters, position.page)));
  const [crossing, setCrossing] = useState<'next' | 'prev' | null>(null);
  const [crossError, setCrossError] = useState<{ error: unknown; delta: 1 | -1 } | null>(null);

  const results = page.data?.results ?? [];
  const p = page.data?.pagination;
  const rec = results[position.index];
  const flags = usePageFlags(filters, page.data?.results);
  const recFlags = rec ? flags.byId.get(rec.image_id) : undefined;

  // The next full image starts loading while this one is looked at (static file, no API budget).
  const next = results[position.index + 1]?.image_url;
  const nextUrl = next ? loadableImageUrl(next) : null;
  useEffect(() => {
    if (!nextUrl) return;
    const img = new Image();
    img.decoding = 'async';
    img.src = nextUrl;
  }, [nextUrl]);

  const step = async (delta: 1 | -1) => {
    if (!p || crossing) return;
    const i = position.index + delta;
    if (i >= 0 && i < results.length) return onMove({ page: position.page, index: i });
    const target = delta > 0 ? p.next_page : p.prev_page;
    if (target === null) return;
    setCrossing(delta > 0 ? 'next' : 'prev');
    setCrossError(null);
    try {
      // The same queryOptions as the grid: the grid then shows this page from the cache.
      const adj = await queryClient.fetchQuery(imageryQueries.page(toImageryQuery(filters, target)));
      if (adj.results.length) onMove({ page: target, index: delta > 0 ? 0 : adj.results.length - 1 });
    } catch (e) {
      setCrossError({ error: e, delta });
    } finally {
      setCrossing(null);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      void step(1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      void step(-1);
    }
  };

  const absolute = p ? (position.page - 1) * p.limit + position.index + 1 : null;
  const hasPrev = !!p && (position.index > 0 || p.has_prev);
  const hasNext = !!p && (position.index < results.length - 1 || p.has_next);
  const time = rec ? imageTimeLabel(rec.time) : '';
  const site = rec?.site ?? '';
  const type = rec ? imageTypeWord(rec.image_type) : '';
  const title = rec ? `${site} ${type} · ${time}` : t`Image`;
  const where = (() => {
    if (crossing === 'next') return t`Loading the next page…`;
    if (crossing === 'prev') return t`Loading the previous page…`;
    if (!p || absolute === null) return t`Loading…`;
    const n = position.index + 1;
    const count = results.length;
    const pageNo = position.page;
    const at = formatNumber(absolute);
    const total = formatNumber(p.total_count);
    return t`Image ${n} of ${count} on page ${pageNo} (${at} of ${total})`;
  })();

  return (
    <Dialog open onClose={onClose} title={title} className="lightbox" testId="lightbox" onKeyDown={onKeyDown}>
      {page.isError && (
        <ErrorPanel error={page.error} onRetry={() => void page.refetch()} context={t`Loading this page`} />
      )}
      {crossError && (
        <ErrorPanel
          error={crossError.error}
          onRetry={() => void step(crossError.delta)}
          context={crossError.delta > 0 ? t`Loading the next page` : t`Loading the previous page`}
        />
      )}
      <div className="lightbox__nav button-row">
        <button type="button" onClick={() => void step(-1)} disabled={!hasPrev || !!crossing}>
          {t`← Previous image`}
        </button>
        <button type="button" onClick={() => void step(1)} disabled={!hasNext || !!crossing}>
          {t`Next image →`}
        </button>
        <span className="muted" aria-live="polite">
          {where}
        </span>
        <span className="muted">{t`Arrow keys: previous/next · Esc: close`}</span>
      </div>
      {rec && (
        <div className="lightbox__content">
          <ServiceImage
            className="lightbox__image"
            src={rec.image_url}
            alt={
              rec.image_type === 'infrared'
                ? t`infrared camera image from ${site}, ${time}`
                : t`visible camera image from ${site}, ${time}`
            }
            decoding="async"
          />
          <dl className="kv lightbox__meta">
            <dt>{t`Time`}</dt>
            <dd>{time}</dd>
            {imageTimeAlternate(rec.time) && (
              <>
                <dt>{t`Time (UTC)`}</dt>
                <dd>{imageTimeAlternate(rec.time)}</dd>
              </>
            )}
            <dt>{t`Site`}</dt>
            <dd>{rec.site}</dd>
            <dt>{t`Volcano`}</dt>
            <dd>
              {findVolcano(rec.vnum)?.name ?? t`unknown`} ({rec.vnum})
            </dd>
            <dt>{t`Type`}</dt>
            <dd>{imageTypeWord(rec.image_type)}</dd>
            <dt>{t`Image id`}</dt>
            <dd>
              <code>{rec.image_id}</code>
            </dd>
            <dt>{t`Quality`}</dt>
            <dd data-testid="lightbox-quality">
              {qualityWord(recFlags, rec.image_type)}
              {flags.pending ? t` (asking the service…)` : flags.failed ? t` (a flag query failed)` : ''}
            </dd>
            <dt>{t`Flags`}</dt>
            <dd>
              <ul className="lightbox__flags" aria-label={t`Flags`}>
                {flagLines(recFlags, rec.image_type).map((l) => (
                  <li key={l}>{l}</li>
                ))}
              </ul>
            </dd>
            {rec.frame !== undefined && rec.frame !== null && (
              <>
                <dt>{t`Frame`}</dt>
                <dd>{rec.frame}</dd>
              </>
            )}
            {rec.file_format && (
              <>
                <dt>{t`Format`}</dt>
                <dd translate="no">{rec.file_format}</dd>
              </>
            )}
            {rec.created_at && (
              <>
                <dt>{t`Created`}</dt>
                {/* A time the app cannot read is shown as the service sent it. */}
                {Number.isNaN(parseDocumentedUtc(rec.created_at)) ? (
                  <dd translate="no">{rec.created_at}</dd>
                ) : (
                  <dd>{formatUtcLabel(parseDocumentedUtc(rec.created_at))}</dd>
                )}
              </>
            )}
            <dt>{t`File`}</dt>
            <dd>
              {loadableImageUrl(rec.image_url) ? (
                <a href={loadableImageUrl(rec.image_url)!} target="_blank" rel="noreferrer">
                  {t`Open the original file`}
                </a>
              ) : (
                <Trans>
                  Not opened: the file is on an unlisted host (<code>{rec.image_url}</code>)
                </Trans>
              )}
            </dd>
          </dl>
        </div>
      )}
    </Dialog>
  );
}
