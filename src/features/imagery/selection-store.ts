/**
 * Images picked for download=selected. Client UI state only (docs/architecture.md): it survives paging and
 * filter changes, so a selection can be built across pages and queries until it is cleared.
 */
import { create } from 'zustand';
import type { ImageType } from '../../domain/volcanoes';

export interface SelectedImage {
  id: string;
  imageType: ImageType;
}

interface SelectionState {
  selected: Record<string, SelectedImage>;
  /** Last image clicked without shift: the start of a shift-click range. */
  anchor: string | null;
  actions: {
    imageToggled: (img: SelectedImage) => void;
    /** Shift-click: every image from the anchor to `img` (in page order) takes `img`'s new state. */
    rangeClicked: (pageImages: readonly SelectedImage[], img: SelectedImage) => void;
    pageSelected: (pageImages: readonly SelectedImage[], selected: boolean) => void;
    selectionCleared: () => void;
  };
}

const useSelectionStore = create<SelectionState>((set) => ({
  selected: {},
  anchor: null,
  actions: {
    imageToggled: (img) =>
      set((s) => {
        const next = { ...s.selected };
        if (next[img.id]) delete next[img.id];
        else next[img.id] = img;
        return { selected: next, anchor: img.id };
      }),
    rangeClicked: (pageImages, img) =>
      set((s) => {
        const to = pageImages.findIndex((p) => p.id === img.id);
        const from = s.anchor === null ? -1 : pageImages.findIndex((p) => p.id === s.anchor);
        const next = { ...s.selected };
        const select = !next[img.id];
        // An anchor on another page (or none) makes the shift-click a plain toggle.
        const [a, b] = from < 0 || to < 0 ? [to, to] : from <= to ? [from, to] : [to, from];
        for (let i = a; i <= b; i++) {
          const p = pageImages[i];
          if (!p) continue;
          if (select) next[p.id] = p;
          else delete next[p.id];
        }
        return { selected: next, anchor: img.id };
      }),
    pageSelected: (pageImages, selected) =>
      set((s) => {
        const next = { ...s.selected };
        for (const p of pageImages) {
          if (selected) next[p.id] = p;
          else delete next[p.id];
        }
        return { selected: next };
      }),
    selectionCleared: () => set({ selected: {}, anchor: null }),
  },
}));

export const useSelectedImages = () => useSelectionStore((s) => s.selected);
export const useSelectionCount = () => useSelectionStore((s) => Object.keys(s.selected).length);
export const useSelectionActions = () => useSelectionStore((s) => s.actions);

/** Test helper: start from an empty selection. */
export function resetSelectionForTests(): void {
  useSelectionStore.setState({ selected: {}, anchor: null });
}
