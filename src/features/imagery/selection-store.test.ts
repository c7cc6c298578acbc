import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetSelectionForTests, useSelectedImages, useSelectionActions, useSelectionCount } from './selection-store';

const page1 = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, imageType: 'visible' as const }));
const page2 = ['f', 'g'].map((id) => ({ id, imageType: 'visible' as const }));

function setup() {
  return renderHook(() => ({ sel: useSelectedImages(), count: useSelectionCount(), actions: useSelectionActions() }));
}

describe('selection store', () => {
  beforeEach(resetSelectionForTests);

  it('toggles, selects a shift-click range from the anchor, and keeps other pages', () => {
    const { result } = setup();
    act(() => result.current.actions.imageToggled(page2[0]!));
    act(() => result.current.actions.imageToggled(page1[1]!));
    act(() => result.current.actions.rangeClicked(page1, page1[3]!));
    expect(Object.keys(result.current.sel).sort()).toEqual(['b', 'c', 'd', 'f']);
    // Shift-click on a selected image unselects the range back to the new anchor.
    act(() => result.current.actions.rangeClicked(page1, page1[2]!));
    expect(Object.keys(result.current.sel).sort()).toEqual(['b', 'f']);
  });

  it('treats a shift-click with the anchor on another page as a toggle', () => {
    const { result } = setup();
    act(() => result.current.actions.imageToggled(page2[1]!));
    act(() => result.current.actions.rangeClicked(page1, page1[4]!));
    expect(Object.keys(result.current.sel).sort()).toEqual(['e', 'g']);
  });

  it('selects and unselects a whole page, and clears', () => {
    const { result } = setup();
    act(() => result.current.actions.pageSelected(page1, true));
    act(() => result.current.actions.pageSelected(page2, true));
    expect(result.current.count).toBe(7);
    act(() => result.current.actions.pageSelected(page1, false));
    expect(Object.keys(result.current.sel)).toEqual(['f', 'g']);
    act(() => result.current.actions.selectionCleared());
    expect(result.current.count).toBe(0);
  });
});
