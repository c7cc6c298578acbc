import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { imageryQueries } from '../../api/imagery/imagery';
import { type ImageRecord } from '../../api/imagery/imagery-shapes';
import { Dialog } from '../../ui/dialog';
import { ErrorPanel } from '../../ui/error-panel';
import { FormField } from '../../ui/form-field';
import { imageTimeLabel } from './image-time';
import { toImageryQuery, type ImageryFilters } from './imagery-params';
import { formatNumber } from '../../domain/format-number';
import { loadableImageUrl, ServiceImage } from '../../ui/service-image';

/** How far ahead images are fetched, in seconds of playback (at least a few frames). */
const LOOKAHEAD_S = 2;
const MIN_LOOKAHEAD = 5;

interface Props {
  filters: ImageryFilters;
  totalCount: number;
  onClose: () => void;
}

/** Pages of the time-lapse's own query: the service's largest (spec 01 §8), so the fewest requests. */
const PAGE_SIZE = 200;

/** Page `n` (from 1) holds images; a page past the last would cost a request of the rate budget for nothing. */
export const pageExists = (n: number, limit: number, total: number): boolean => n >= 1 && (n - 1) * limit < total;

/**
 * Plays the whole result set oldest to newest, whatever order and page the grid shows: its own
 * query is the grid's filters with order=asc (the same images, §4.5) in pages of 200, from page 1.
 * Upcoming pages are prefetched through the query cache (and so the rate budget); upcoming images
 * are plain static files loaded with `new Image()`. A frame is shown only once its image is loaded,
 * so slow files pause the play instead of flashing; until then the last frame stays, with its time.
 */
export function TimeLapse({ filters: gridFilters, totalCount, onClose }: Props) {
  const { t } = useLingui();
  const id = useId();
  const queryClient = useQueryClient();
  const filters = useMemo(
    (): ImageryFilters => ({ ...gridFilters, order: 'asc', limit: PAGE_SIZE, page: 1 }),
    [gridFilters],
  );
  const [frame, setFrame] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [fps, setFps] = useState(5);
  const [fpsText, setFpsText] = useState('5');
  const [buffering, setBuffering] = useState(false);
  const loaded = useRef(new Map<string, HTMLImageElement>());
  const limit = filters.limit;
  const pageOf = (f: number) => Math.floor(f / limit) + 1;

  const page = useQuery(imageryQueries.page(toImageryQuery(filters, pageOf(frame))));
  const nextPageNo = pageOf(frame) + 1;
  const nextPage = useQuery({
    ...imageryQueries.page(toImageryQuery(filters, nextPageNo)),
    enabled: pageExists(nextPageNo, limit, totalCount),
  });

  const recordAt = (f: number): ImageRecord | undefined => {
    const pg = pageOf(f) === pageOf(frame) ? page.data : pageOf(f) === nextPageNo ? nextPage.data : undefined;
    return pg?.results[f % limit];
  };
  const current = recordAt(frame);
  // What is on screen: the current frame once known, else the last one shown (never a blank time).
  const [shown, setShown] = useState<ImageRecord | undefined>(undefined);
  if (current && current !== shown) setShown(current);
  const onScreen = current ?? shown;
  const lookahead = Math.max(MIN_LOOKAHEAD, fps * LOOKAHEAD_S);

  // Prefetch the following page early enough to cover the look-ahead; through the rate budget.
  const framesLeftOnPage = pageOf(frame) * limit - frame;
  const needNextSoon = framesLeftOnPage <= lookahead * 3;
  useEffect(() => {
    const after = nextPageNo + 1;
    if (!needNextSoon || !pageExists(after, limit, totalCount)) return;
    void queryClient.prefetchQuery(imageryQueries.page(toImageryQuery(filters, after)));
  }, [needNextSoon, nextPageNo, totalCount, limit, filters, queryClient]);

  // Warm the image cache for the coming frames.
  const upcoming: string[] = [];
  for (let f = frame; f < Math.min(totalCount, frame + lookahead + 1); f++) {
    const r = recordAt(f);
    // An address the deployment does not trust is never fetched; its frame shows a placeholder.
    const url = r ? loadableImageUrl(r.image_url) : null;
    if (url) upcoming.push(url);
  }
  const upcomingKey = upcoming.join('\n');
  useEffect(() => {
    for (const url of upcomingKey ? upcomingKey.split('\n') : []) {
      if (loaded.current.has(url)) continue;
      const img = new Image();
      img.decoding = 'async';
      img.src = url;
      loaded.current.set(url, img);
    }
    // Bound memory: forget images well behind the play head.
    if (loaded.current.size > 400) {
      const keep = new Set(upcomingKey.split('\n'));
      for (const k of loaded.current.keys()) if (!keep.has(k)) loaded.current.delete(k);
    }
  }, [upcomingKey]);

  const nextRec = recordAt(frame + 1);
  useEffect(() => {
    if (!playing) return;
    const t = setInterval(() => {
      if (frame + 1 >= totalCount) {
        setPlaying(false);
        return;
      }
      const nextUrl = nextRec ? loadableImageUrl(nextRec.image_url) : null;
      const img = nextUrl ? loaded.current.get(nextUrl) : undefined;
      // A refused frame has nothing to wait for: its placeholder is ready at once.
      const ready = (!!nextRec && !nextUrl) || (!!img && (img.complete || img.naturalWidth > 0));
      setBuffering(!ready);
      if (ready) setFrame((f) => f + 1);
    }, 1000 / fps);
    return () => clearInterval(t);
  }, [playing, fps, frame, totalCount, nextRec]);

  const label = onScreen ? imageTimeLabel(onScreen.time) : t`loading…`;
  const total = formatNumber(totalCount);
  const n = frame + 1;
  const nText = formatNumber(n);
  const site = onScreen?.site ?? '';
  return (
    <Dialog open onClose={onClose} title={t`Time-lapse`} className="time-lapse" testId="time-lapse">
      <p className="muted">
        {t`Plays all ${total} images of the current result, oldest to newest; best with hourly or daily sampling.`}
      </p>
      <div className="time-lapse__stage">
        {onScreen ? (
          <ServiceImage src={onScreen.image_url} alt={t`Frame ${n}: ${site} ${label}`} className="time-lapse__image" />
        ) : page.isError ? (
          <ErrorPanel error={page.error} onRetry={() => void page.refetch()} context={t`Loading frames`} />
        ) : (
          <p role="status">{t`Loading frames…`}</p>
        )}
      </div>
      {onScreen && page.isError && (
        <ErrorPanel error={page.error} onRetry={() => void page.refetch()} context={t`Loading frames`} />
      )}
      <p className="time-lapse__time" aria-live="off">
        <strong data-testid="time-lapse-time">{label}</strong>{' '}
        <span className="muted">
          {t`frame ${nText} of ${total}`}
          {playing && buffering ? t` · waiting for images…` : ''}
          {!current && shown ? t` · loading this frame…` : ''}
        </span>
      </p>
      <div className="time-lapse__controls button-row">
        <button type="button" className="primary" onClick={() => setPlaying((p) => !p)} disabled={totalCount === 0}>
          {playing ? t`Pause` : t`Play`}
        </button>
        <label htmlFor={`${id}-pos`} className="time-lapse__scrub">
          {t`Position`}
          <input
            id={`${id}-pos`}
            type="range"
            min={0}
            max={Math.max(0, totalCount - 1)}
            value={frame}
            aria-valuetext={t`frame ${n}, ${label}`}
            onChange={(e) => setFrame(Number(e.target.value))}
          />
        </label>
        <FormField
          label={t`Frames per second`}
          className="time-lapse__fps"
          error={String(fps) !== fpsText && t`1 to 30 frames per second; playing at ${fps}.`}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              min={1}
              max={30}
              value={fpsText}
              onChange={(e) => {
                setFpsText(e.target.value);
                const n = Number(e.target.value);
                if (Number.isInteger(n) && n >= 1 && n <= 30) setFps(n);
              }}
            />
          )}
        </FormField>
      </div>
    </Dialog>
  );
}
