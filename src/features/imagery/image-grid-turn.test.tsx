import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImageRecord } from '../../api/imagery/imagery-shapes';
import { imageRecord } from '../../test/imagery-fixtures';
import { useTestConfig } from '../../test/test-config';
import { FALLBACK_LEAD } from './grid-window';
import { ImageGrid } from './image-grid';
import { resetSelectionForTests } from './selection-store';

// A page turn, commit by commit: the frames are ours to give (after-paint), and every card render
// is counted (each renders its time label once).
const paints = vi.hoisted(() => ({ queue: [] as (() => void)[] }));
vi.mock('./after-paint', () => ({
  afterNextPaint: (cb: () => void) => {
    paints.queue.push(cb);
    return () => {
      const k = paints.queue.indexOf(cb);
      if (k >= 0) paints.queue.splice(k, 1);
    };
  },
}));
const cardRenders = vi.hoisted(() => ({ n: 0 }));
vi.mock('./image-time', async (importOriginal) => {
  const m = await importOriginal<typeof import('./image-time')>();
  return {
    ...m,
    imageTimeLabel: (...args: Parameters<typeof m.imageTimeLabel>) => {
      cardRenders.n++;
      return m.imageTimeLabel(...args);
    },
  };
});
/** The frame is drawn: what waited for it runs (the background render among them). */
const paint = () =>
  act(() => {
    for (const cb of paints.queue.splice(0)) cb();
  });

const record = imageRecord;
const page = (from: number, n = 120) => Array.from({ length: n }, (_, i) => record(from + i));
const ids = (rs: readonly ImageRecord[]) => rs.map((r) => r.image_id);

/** Each commit of the page around the grid: the ids on its cards, and which ones are current. */
let commits: { ids: (string | null)[]; current: boolean[] }[] = [];
function CommitProbe() {
  useLayoutEffect(() => {
    const cards = [...document.querySelectorAll('[data-testid="image-card"]')];
    commits.push({
      ids: cards.map((c) => c.getAttribute('data-image-id')),
      current: cards.map((c) => c.classList.contains('image-card--current')),
    });
  });
  return null;
}
const onOpen = () => undefined;
const noFlags = new Map();
const grid = (r: readonly ImageRecord[]) => (
  <>
    <ImageGrid results={r} dataUpdatedAt={0} onOpen={onOpen} flags={noFlags} />
    <CommitProbe />
  </>
);
const shownIds = () => screen.getAllByTestId('image-card').map((c) => c.getAttribute('data-image-id'));

/** A layout: 6 cards a row, rows 270 px apart, the grid's top `top` px from the viewport's. */
function layOut(top: number) {
  vi.spyOn(HTMLLIElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLLIElement) {
    const i = [...(this.parentElement?.children ?? [])].indexOf(this);
    const y = top + Math.floor(i / 6) * 270;
    return { top: y, bottom: y + 256, height: 256, left: 0, right: 0, width: 200, x: 0, y } as DOMRect;
  });
}

/** The grid on `first`, settled. */
function settledOn(first: readonly ImageRecord[]) {
  const view = render(grid(first));
  paint();
  expect(shownIds()).toEqual(ids(first));
  return view;
}

beforeEach(() => {
  // The thumbnails' addresses are checked against the deployment's image hosts.
  useTestConfig();
  resetSelectionForTests();
  commits = [];
  paints.queue = [];
  vi.stubGlobal('innerHeight', 900);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('ImageGrid, a page turn', () => {
  it('scrolled to the middle: the cards on screen and the tab stop first, the others after the paint', () => {
    const view = settledOn(page(0));
    // Rows 10–15 are within -225..1125 px of a 900 px screen when the grid starts 3000 px above it.
    layOut(-3000);
    const onScreen = (i: number) => i >= 60 && i < 96;
    const fresh = (i: number) => onScreen(i) || i === 0;
    let before = page(0);
    for (const turn of [1000, 2000]) {
      commits = [];
      cardRenders.n = 0;
      view.rerender(grid(page(turn)));
      const first = commits[0]!;
      expect(first.ids).toEqual(before.map((r, i) => (fresh(i) ? `img-${turn + i}` : r.image_id)));
      expect(first.current).toEqual(first.ids.map((_, i) => fresh(i)));
      // Only those cards rendered: the others' props did not change.
      expect(cardRenders.n).toBe(37);
      expect(screen.getByTestId('image-grid')).toHaveAttribute('aria-busy', 'true');
      paint();
      expect(shownIds()).toEqual(ids(page(turn)));
      expect(screen.getByTestId('image-grid')).not.toHaveAttribute('aria-busy');
      expect(document.querySelectorAll('.image-card--current')).toHaveLength(0);
      before = page(turn);
    }
  });

  it('the other cards wait for the frame to be drawn, however long that takes', async () => {
    const view = settledOn(page(0));
    layOut(0);
    // A minute of timers passes (the clock's, not the test's): no timer stands in for the frame.
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'setImmediate'] });
    try {
      view.rerender(grid(page(1000)));
      act(() => vi.advanceTimersByTime(60_000));
    } finally {
      vi.useRealTimers();
    }
    expect(paints.queue.length).toBeGreaterThan(0);
    expect(shownIds()[119]).toBe('img-119');
    paint();
    expect(shownIds()[119]).toBe('img-1119');
  });

  it('without a layout to read, the first FALLBACK_LEAD cards', () => {
    const view = settledOn(page(0));
    commits = [];
    view.rerender(grid(page(1000)));
    expect(commits[0]!.current.filter(Boolean)).toHaveLength(FALLBACK_LEAD);
    expect(commits[0]!.ids.slice(0, FALLBACK_LEAD + 1)).toEqual([
      ...ids(page(1000)).slice(0, FALLBACK_LEAD),
      `img-${FALLBACK_LEAD}`,
    ]);
  });

  it('End pressed while the grid settles focuses the last card once it shows the new page', async () => {
    const view = settledOn(page(0));
    layOut(0);
    view.rerender(grid(page(1000)));
    const buttons = () => screen.getAllByRole('button');
    buttons()[0]!.focus();
    await userEvent.keyboard('{End}');
    // Card 119 still holds the previous page, hidden: the focus waits.
    expect(buttons()[119]).not.toHaveFocus();
    paint();
    expect(buttons()[119]).toHaveFocus();
    expect(buttons()[119]).toHaveAccessibleName(/Open image RKPI 2025-01-01 18:39:00/);
  });

  it('a page of 8, then two of 200 before the grid settles: the cards past 8 are new either way', () => {
    const view = settledOn(page(0, 8));
    layOut(100);
    view.rerender(grid(page(1000, 200)));
    // Its first 56 cards are in (8 on screen and 48 for the rows a longer page adds), when the user
    // scrolls down past them and the next page comes.
    expect(commits.at(-1)!.ids).toHaveLength(56);
    layOut(-3000);
    commits = [];
    view.rerender(grid(page(2000, 200)));
    // On screen: from card 56 on. Cards 8–55 were never on the page of 8; card 0 is the tab stop.
    expect(commits[0]!.ids).toEqual(
      Array.from({ length: 104 }, (_, i) => (i > 0 && i < 8 ? `img-${i}` : `img-${2000 + i}`)),
    );
    paint();
    expect(shownIds()).toEqual(ids(page(2000, 200)));
  });
});
