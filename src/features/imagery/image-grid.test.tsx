import { readFileSync } from 'node:fs';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImageRecord } from '../../api/imagery/imagery-shapes';
import { imageRecord } from '../../test/imagery-fixtures';
import { useTestConfig } from '../../test/test-config';
import { ImageGrid } from './image-grid';
import { resetSelectionForTests, useSelectedImages } from './selection-store';

const record = imageRecord;

const PAGE = Array.from({ length: 6 }, (_, i) => record(i));
const OTHER_PAGE = Array.from({ length: 6 }, (_, i) => record(100 + i));

let selectedIds: string[] = [];
function SelectionProbe() {
  selectedIds = Object.keys(useSelectedImages()).sort();
  return null;
}

function renderGrid(results: readonly ImageRecord[]) {
  const ui = (r: readonly ImageRecord[]) => (
    <>
      <ImageGrid results={r} dataUpdatedAt={0} onOpen={() => undefined} flags={new Map()} />
      <SelectionProbe />
    </>
  );
  const view = render(ui(results));
  return { ...view, show: (r: readonly ImageRecord[]) => view.rerender(ui(r)) };
}

const box = (time: string) => screen.getByRole('checkbox', { name: `Select image RKPI ${time}` });
const label = (i: number) => new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString().slice(0, 19).replace('T', ' ') + ' UTC';

beforeEach(() => {
  // The thumbnails' addresses are checked against the deployment's image hosts.
  useTestConfig();
  resetSelectionForTests();
  selectedIds = [];
});

describe('ImageGrid selection', () => {
  it('a card’s box selects that card’s image, and says so on the card', async () => {
    renderGrid(PAGE);
    await userEvent.click(box(label(2)));
    expect(selectedIds).toEqual(['img-2']);
    expect(box(label(2))).toBeChecked();
    expect(box(label(1))).not.toBeChecked();
    const card = box(label(2)).closest('li');
    expect(card).toHaveClass('image-card--selected');
    await userEvent.click(box(label(2)));
    expect(selectedIds).toEqual([]);
    expect(box(label(2))).not.toBeChecked();
  });

  it('shift-click selects the range from the last image clicked, in page order', async () => {
    renderGrid(PAGE);
    const user = userEvent.setup();
    await user.click(box(label(1)));
    await user.keyboard('{Shift>}');
    await user.click(box(label(4)));
    await user.keyboard('{/Shift}');
    expect(selectedIds).toEqual(['img-1', 'img-2', 'img-3', 'img-4']);
    for (const i of [1, 2, 3, 4]) expect(box(label(i))).toBeChecked();
    expect(box(label(5))).not.toBeChecked();
  });

  it('a new page in the same cards shows its own images’ selection, and keeps the old page’s', async () => {
    const { show } = renderGrid(PAGE);
    await userEvent.click(box(label(0)));
    show(OTHER_PAGE);
    // The cards are reused (slot keys): none of the new page's boxes may inherit the old tick.
    for (let i = 100; i < 106; i++) expect(box(label(i))).not.toBeChecked();
    await userEvent.click(box(label(103)));
    expect(selectedIds).toEqual(['img-0', 'img-103']);
    show(PAGE);
    expect(box(label(0))).toBeChecked();
    expect(box(label(3))).not.toBeChecked();
  });
});

describe('ImageGrid, a page larger than its first cards', () => {
  const big = (from: number) => Array.from({ length: 120 }, (_, i) => record(from + i));

  it('ends with every card showing the new page, and none of the previous one', async () => {
    const { show } = renderGrid(big(0));
    show(big(1000));
    const grid = screen.getByTestId('image-grid');
    await vi.waitFor(() => expect(grid).not.toHaveAttribute('aria-busy'));
    const ids = [...grid.querySelectorAll('[data-image-id]')].map((li) => li.getAttribute('data-image-id'));
    expect(ids).toEqual(big(1000).map((r) => r.image_id));
    expect(grid).not.toHaveClass('image-grid--settling');
  });

  it('a shorter page drops the cards past its end at once', async () => {
    const { show } = renderGrid(big(0));
    await vi.waitFor(() => expect(screen.getAllByTestId('image-card')).toHaveLength(120));
    show(
      big(0)
        .slice(0, 70)
        .map((_, i) => record(2000 + i)),
    );
    expect(screen.getByTestId('image-grid').querySelectorAll('[data-image-id]')).toHaveLength(70);
  });

  it('the stylesheet hides the cards not yet on the new page while the grid settles', () => {
    // Read from disk: Vitest hands a component's CSS import over empty.
    const css = readFileSync('src/features/imagery/imagery.css', 'utf8');
    expect(css).toMatch(
      /\.image-grid--settling > \.image-card:not\(\.image-card--current\):not\(:focus-within\) \{\s*visibility: hidden;/,
    );
  });
});
