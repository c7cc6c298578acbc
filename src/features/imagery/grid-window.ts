/** A run of a list's slots: `from` included, `to` not. */
export interface Slots {
  from: number;
  to: number;
}

/**
 * Cards a new page brings in its first frame when the grid has no layout to read (its first page,
 * a test without layout): more than a 2560×1440 screen shows above the fold.
 */
export const FALLBACK_LEAD = 48;

export const inSlots = (s: Slots, i: number) => i >= s.from && i < s.to;

/**
 * The slots of `list` whose items are on screen, the viewport widened by `margin` px above and below.
 * Items are laid out in their DOM order, top to bottom (a grid fills row by row), so two binary
 * searches find them in about 16 reads of the layout the last frame left. Null when the list has no
 * layout (hidden, or a test's DOM).
 */
export function slotsOnScreen(list: Element, viewHeight: number, margin: number): Slots | null {
  const items = list.children;
  const n = items.length;
  if (n === 0) return null;
  const rect = (i: number) => (items[i] as Element).getBoundingClientRect();
  if (rect(0).height === 0) return null;
  const top = -margin;
  const bottom = viewHeight + margin;
  const firstIndex = (from: number, past: (r: DOMRect) => boolean) => {
    let lo = from;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (past(rect(mid))) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  const from = firstIndex(0, (r) => r.bottom > top);
  return { from, to: firstIndex(from, (r) => r.top >= bottom) };
}

/**
 * The cards a page of `count` results brings in its first frame: those on screen (and a quarter of
 * a screen around it, for a scroll begun at once). The rest follow in a background render.
 */
export function leadSlots(list: Element | null, count: number, viewHeight: number): Slots {
  const seen = list ? slotsOnScreen(list, viewHeight, viewHeight / 4) : null;
  if (!list || !seen) return { from: 0, to: Math.min(count, FALLBACK_LEAD) };
  // A shorter page ends above the screen: the browser scrolls back to its end, where as many cards
  // as were on screen show.
  if (seen.from >= count) return { from: Math.max(0, count - Math.max(1, seen.to - seen.from)), to: count };
  // The screen reaches past the last card: the rows a longer page adds there are on screen too.
  const to = seen.to >= list.children.length ? seen.to + FALLBACK_LEAD : seen.to;
  return { from: seen.from, to: Math.min(to, count) };
}
