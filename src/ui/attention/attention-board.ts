/**
 * The attention of each volcano as the page's parts judged it (the home page judges a volcano in
 * its card's chunk): read by the page's summary, its ordering marks, its alert log and its signals.
 */
import { create } from 'zustand';
import type { VolcanoAttention } from '../../analysis/attention/attention-words';

interface Board {
  byVnum: Readonly<Record<number, VolcanoAttention>>;
  set: (v: VolcanoAttention) => void;
}

export const useAttentionBoardStore = create<Board>((set) => ({
  byVnum: {},
  set: (v) => set((s) => (s.byVnum[v.vnum] === v ? s : { byVnum: { ...s.byVnum, [v.vnum]: v } })),
}));

export const useAttentionBoard = () => useAttentionBoardStore((s) => s.byVnum);
export const useReportAttention = () => useAttentionBoardStore((s) => s.set);
