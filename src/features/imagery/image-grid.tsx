import { useLingui } from '@lingui/react/macro';
import {
  memo,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import type { FrameFlags } from '../../api/imagery/image-flags';
import type { ImageRecord } from '../../api/imagery/imagery-shapes';
import { afterNextPaint } from './after-paint';
import { FALLBACK_LEAD, inSlots, leadSlots, type Slots } from './grid-window';
import { flagBadges, qualityUnknownBadge } from './image-flags-text';
import { imageTypeWord } from './image-type-word';
import { imageInstant } from '../../api/imagery/instant-order';
import { imageTimeLabel } from './image-time';
import { useSelectedImages, useSelectionActions, type SelectedImage } from './selection-store';
import { ServiceImage } from '../../ui/service-image';

export const THUMB_W = 240;
export const THUMB_H = 180;

const NO_RESULTS: readonly ImageRecord[] = [];
const NO_FLAGS: ReadonlyMap<string, FrameFlags> = new Map();

interface Props {
  results: readonly ImageRecord[];
  /** React Query's `dataUpdatedAt` of the page: the start of the render measurement. */
  dataUpdatedAt: number;
  onOpen: (index: number) => void;
  /** Card to focus, e.g. the image the lightbox closed on (a new object each time). */
  focusRequest?: { index: number } | null;
  /** What the service said of each frame's flags (by image id). */
  flags: ReadonlyMap<string, FrameFlags>;
}

/**
 * The result grid. Keyboard: one tab stop (roving tabindex), arrows move by card and row,
 * Home/End to the ends, Enter opens the lightbox.
 */
export function ImageGrid({ results, dataUpdatedAt, onOpen, focusRequest, flags }: Props) {
  const { t } = useLingui();
  const listRef = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState(0);
  const [seen, setSeen] = useState(results);
  // The cards a new page brings in its first commit: those on screen. The others follow in a
  // background render that yields to input; until then they hold the previous page, unchanged (so
  // React skips them), and `imagery.css` hides them.
  const [lead, setLead] = useState<Slots>({ from: 0, to: FALLBACK_LEAD });
  if (seen !== results) {
    setSeen(results);
    setActive(0);
    // Where the grid is on screen, read when the page arrives from the layout the last frame left
    // (about 16 reads; a page from the cache arrives in the click's own render, after its style
    // changes, and then this lays out once more).
    setLead(leadSlots(listRef.current, results.length, window.innerHeight));
  }
  // The page the other cards show: the new one once the frame with the cards on screen is painted,
  // then in a background render (a transition: it yields to input, and starts over if yet another
  // page comes). Begun before that paint, its first slices would hold the frame back.
  const [painted, setPainted] = useState({ results: NO_RESULTS, flags: NO_FLAGS });
  useEffect(() => {
    if (painted.results === results && painted.flags === flags) return;
    const run = () => startTransition(() => setPainted({ results, flags }));
    // A hidden tab draws no frames, so there is no paint to wait for.
    if (document.visibilityState !== 'hidden') return afterNextPaint(run);
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }, [results, flags, painted]);
  const { results: later, flags: laterFlags } = painted;
  const settling = later !== results;
  // While the grid settles, the cards on this page's image: those on screen, any the previous page
  // did not have (new either way), and the tab stop (hidden, the grid would have none).
  const fresh = (i: number) => onNewPage(lead, later.length, i) || i === active;
  const pageImages = useMemo<SelectedImage[]>(
    () => results.map((r) => ({ id: r.image_id, imageType: r.image_type })),
    [results],
  );
  // Read at event time: `onSelect` then stays one function, so a new page does not re-render the
  // cards whose data has not changed yet, and `focusCard` knows whether the grid is settling.
  const latest = useRef({ pageImages, settling, lead, laterCount: later.length });
  useLayoutEffect(() => {
    latest.current = { pageImages, settling, lead, laterCount: later.length };
  }, [pageImages, settling, lead, later.length]);
  // Read once here rather than by each card: 400 store subscriptions on a page of 200, and a card
  // still re-renders only when its own `selected` changes.
  const selection = useSelectedImages();
  const { imageToggled, rangeClicked } = useSelectionActions();
  const onSelect = useCallback(
    (index: number, shiftKey: boolean) => {
      const page = latest.current.pageImages;
      const img = page[index];
      if (!img) return;
      if (shiftKey) rangeClicked(page, img);
      else imageToggled(img);
    },
    [imageToggled, rangeClicked],
  );

  // Benchmark hooks (scripts/bench-imagery.mjs): time from the data arriving to the frame after
  // the grid committed the cards on screen, and to the one after it committed them all.
  useLayoutEffect(
    () => measureFromArrival('imagery-grid-render', results.length, dataUpdatedAt),
    [results, dataUpdatedAt],
  );
  useLayoutEffect(() => {
    if (!settling) measureFromArrival('imagery-grid-complete', later.length, dataUpdatedAt);
  }, [settling, later, dataUpdatedAt]);

  // A card off screen is hidden until the background render gives it this page's image, and a
  // hidden card cannot take focus: a card asked for meanwhile (arrow keys, End, the lightbox closing
  // on it) is focused once the grid has settled.
  const pendingFocus = useRef<number | null>(null);
  const focusCard = useCallback((i: number) => {
    const { settling, lead, laterCount } = latest.current;
    if (settling && !onNewPage(lead, laterCount, i)) {
      pendingFocus.current = i;
      return;
    }
    pendingFocus.current = null;
    listRef.current?.querySelectorAll<HTMLButtonElement>('.image-card__open')[i]?.focus();
  }, []);
  useEffect(() => {
    if (!settling && pendingFocus.current !== null) focusCard(pendingFocus.current);
  }, [settling, focusCard]);

  useEffect(() => {
    if (!focusRequest) return;
    const i = Math.min(Math.max(0, focusRequest.index), results.length - 1);
    // Syncs the roving tab stop with where the lightbox closed (an external event).
    setActive(i);
    focusCard(i);
  }, [focusRequest, results.length, focusCard]);

  const move = (i: number) => {
    const next = Math.min(Math.max(0, i), results.length - 1);
    setActive(next);
    focusCard(next);
  };
  const columns = () => {
    const items = listRef.current?.children;
    if (!items || items.length < 2) return 1;
    const top = (items[0] as HTMLElement).offsetTop;
    let c = 0;
    while (c < items.length && (items[c] as HTMLElement).offsetTop === top) c++;
    return Math.max(1, c);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    if (!(e.target instanceof HTMLElement) || !e.target.classList.contains('image-card__open')) return;
    const keys: Record<string, () => number> = {
      ArrowRight: () => active + 1,
      ArrowLeft: () => active - 1,
      ArrowDown: () => active + columns(),
      ArrowUp: () => active - columns(),
      Home: () => 0,
      End: () => results.length - 1,
    };
    const k = keys[e.key];
    if (!k) return;
    e.preventDefault();
    move(k());
  };

  const count = results.length;
  const shown = results.slice(0, Math.max(lead.to, Math.min(results.length, later.length)));
  return (
    <ul
      ref={listRef}
      className={settling ? 'image-grid image-grid--settling' : 'image-grid'}
      data-testid="image-grid"
      aria-label={t`Images, ${count} on this page; arrow keys move between them`}
      aria-busy={settling || undefined}
      onKeyDown={onKeyDown}
    >
      {shown.map((now, i) => {
        const isFresh = fresh(i);
        const r = isFresh ? now : (later[i] as ImageRecord);
        return (
          <ImageCard
            // Slot keys: a new page updates 200 existing cards in place instead of replacing
            // them, which halves the time from data to screen (budget: 100 ms, docs/benchmarks.md).
            key={i}
            record={r}
            // Only while settling: once settled, a card marked from the last turn would change
            // (and re-render) in the next turn's first commit without being on screen.
            current={settling && isFresh}
            badges={flagBadges((isFresh ? flags : laterFlags).get(r.image_id), r.image_type).join('\n')}
            index={i}
            tabbable={i === active}
            selected={Object.hasOwn(selection, r.image_id)}
            onSelect={onSelect}
            onOpen={onOpen}
            onFocusCard={setActive}
          />
        );
      })}
    </ul>
  );
}

/** Whether slot `i` shows the new page in the commit that brings it (before the grid settles). */
function onNewPage(lead: Slots, laterCount: number, i: number): boolean {
  return inSlots(lead, i) || i >= laterCount;
}

/** A performance measure from the page's data arriving (React Query's clock) to the next frame. */
function measureFromArrival(name: string, n: number, dataUpdatedAt: number): void {
  if (!n || !dataUpdatedAt) return;
  const arrivedPerf = performance.now() - (Date.now() - dataUpdatedAt);
  afterNextPaint(
    () => {
      try {
        performance.measure(`${name}:${n}`, { start: arrivedPerf, end: performance.now() });
      } catch {
        /* measure() with a start before timeOrigin: nothing to record */
      }
    },
    { precise: true },
  );
}

interface CardProps {
  record: ImageRecord;
  /** Shows this page's image while the grid settles (the other cards are hidden until then). */
  current: boolean;
  /** Newline-joined, so a card re-renders only when its own badges change. */
  badges: string;
  index: number;
  tabbable: boolean;
  selected: boolean;
  /** Toggles the card's image; with shift, the range from the last one clicked. */
  onSelect: (index: number, shiftKey: boolean) => void;
  onOpen: (index: number) => void;
  onFocusCard: (index: number) => void;
}

const ImageCard = memo(function ImageCard({
  record: r,
  current,
  badges: badgeText,
  index,
  tabbable,
  selected,
  onSelect,
  onOpen,
  onFocusCard,
}: CardProps) {
  const { t } = useLingui();
  const label = imageTimeLabel(r.time);
  const site = r.site;
  const unknownBadge = qualityUnknownBadge();
  const badges = badgeText ? badgeText.split('\n') : [];
  // Texts as one string each: every JSX interpolation is a text node of its own, and a new page
  // updates all of them on 200 cards.
  return (
    <li
      className={`image-card${current ? ' image-card--current' : ''}${selected ? ' image-card--selected' : ''}`}
      data-testid="image-card"
      data-image-id={r.image_id}
    >
      <button
        type="button"
        className="image-card__open"
        tabIndex={tabbable ? 0 : -1}
        onClick={() => onOpen(index)}
        onFocus={() => onFocusCard(index)}
        aria-label={t`Open image ${site} ${label}`}
      >
        <ServiceImage src={r.image_url} alt="" loading="lazy" decoding="async" width={THUMB_W} height={THUMB_H} />
      </button>
      <div className="image-card__meta">
        <time dateTime={new Date(imageInstant(r.time)).toISOString()}>{label}</time>
        <span className="muted">{`${r.site} · ${imageTypeWord(r.image_type)}`}</span>
        {badges.length > 0 && (
          <span className="image-card__badges">
            {badges.map((b) => (
              <span key={b} className={b === unknownBadge ? 'badge badge--unknown' : 'badge'}>
                {b}
              </span>
            ))}
          </span>
        )}
        <label className="image-card__select">
          <input
            type="checkbox"
            checked={selected}
            tabIndex={tabbable ? 0 : -1}
            onChange={() => undefined}
            onClick={(e: MouseEvent<HTMLInputElement>) => onSelect(index, e.shiftKey)}
          />
          <span>
            {t`Select`} <span className="visually-hidden">{t`image ${site} ${label}`}</span>
          </span>
        </label>
      </div>
    </li>
  );
});
