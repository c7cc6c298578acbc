import { describe, expect, it } from 'vitest';
import { FALLBACK_LEAD, leadSlots, slotsOnScreen } from './grid-window';

/** A list of `n` items laid out `cols` to a row, rows `pitch` px apart from `top` (viewport px). */
function gridList(n: number, cols: number, top: number, pitch = 270, height = 256) {
  const list = document.createElement('ul');
  const reads: number[] = [];
  for (let i = 0; i < n; i++) {
    const li = document.createElement('li');
    const y = top + Math.floor(i / cols) * pitch;
    li.getBoundingClientRect = () => {
      reads.push(i);
      return { top: y, bottom: y + height, height, left: 0, right: 0, width: 0, x: 0, y } as DOMRect;
    };
    list.append(li);
  }
  return { list, reads };
}

describe('slotsOnScreen', () => {
  it('finds the rows a 900 px viewport shows of a grid starting 600 px down', () => {
    // Row 0 at 600–856, row 1 at 870–1126 (its top on screen), row 2 at 1140: below.
    const { list } = gridList(200, 6, 600);
    expect(slotsOnScreen(list, 900, 0)).toEqual({ from: 0, to: 12 });
  });

  it('scrolled into the middle of the grid, starts at the first row still on screen', () => {
    // Row k spans top + 270k to top + 270k + 256; with top = -3000, row 11 ends at 226 (on screen).
    const { list } = gridList(200, 6, -3000);
    expect(slotsOnScreen(list, 900, 0)).toEqual({ from: 66, to: 90 });
  });

  it('widens the viewport by the margin on both sides', () => {
    const { list } = gridList(200, 6, -3000);
    // -300..1200: row 10 (-300..-44) and rows through 15 (1050).
    expect(slotsOnScreen(list, 900, 300)).toEqual({ from: 60, to: 96 });
  });

  it('reads a few items, not all of them', () => {
    const { list, reads } = gridList(200, 6, -3000);
    slotsOnScreen(list, 900, 0);
    expect(new Set(reads).size).toBeLessThanOrEqual(20);
  });

  it('a list without layout gives nothing to go by', () => {
    const list = document.createElement('ul');
    list.append(document.createElement('li'));
    expect(slotsOnScreen(list, 900, 0)).toBeNull();
    expect(slotsOnScreen(document.createElement('ul'), 900, 0)).toBeNull();
  });
});

describe('leadSlots', () => {
  it('without layout, the first FALLBACK_LEAD cards (or the page, if shorter)', () => {
    expect(leadSlots(null, 200, 900)).toEqual({ from: 0, to: FALLBACK_LEAD });
    expect(leadSlots(null, 20, 900)).toEqual({ from: 0, to: 20 });
  });

  it('the cards on screen and a quarter of a screen below', () => {
    // 900 px + 225: rows at 600, 870 and 1140 (> 1125: out).
    expect(leadSlots(gridList(200, 6, 600).list, 200, 900)).toEqual({ from: 0, to: 12 });
    expect(leadSlots(gridList(200, 6, 400).list, 200, 900)).toEqual({ from: 0, to: 18 });
  });

  it('when the screen reaches past the last card, the rows a longer page adds there too', () => {
    // A last page of 8 cards on screen, then a page of 200; or of 60, ending on screen.
    expect(leadSlots(gridList(8, 6, 100).list, 200, 900)).toEqual({ from: 0, to: 8 + FALLBACK_LEAD });
    expect(leadSlots(gridList(60, 6, -2000).list, 200, 900)).toEqual({ from: 36, to: 60 + FALLBACK_LEAD });
  });

  it('a shorter page than the cards on screen: as many cards, at its end', () => {
    // 200 cards scrolled to the bottom (rows 28–33 within a quarter screen), then a page of 70.
    expect(leadSlots(gridList(200, 6, -7900).list, 200, 900)).toEqual({ from: 168, to: 200 });
    expect(leadSlots(gridList(200, 6, -7900).list, 70, 900)).toEqual({ from: 38, to: 70 });
  });

  it('never past the new page’s end', () => {
    // Rows from 10 (-300..-44, within a quarter screen above) on.
    expect(leadSlots(gridList(200, 6, -3000).list, 70, 900)).toEqual({ from: 60, to: 70 });
    // A grid wholly above the screen: at least the new page's last card.
    expect(leadSlots(gridList(200, 6, -30000).list, 70, 900)).toEqual({ from: 69, to: 70 });
  });
});
