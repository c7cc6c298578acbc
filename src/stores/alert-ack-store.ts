/**
 * Which wall alerts the operator acknowledged. Kept in sessionStorage so an acknowledgement
 * survives the wall's refresh cycle and a reload of the tab, but not a new browser session.
 */
import { create } from 'zustand';

const KEY = 'volcano-dashboard.wall-alert-acks';
/** Old episodes fall out so the list does not grow for as long as a wall runs. */
const MAX_KEYS = 200;

function load(): string[] {
  try {
    const v: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

interface AckState {
  acked: readonly string[];
  actions: { alertAcknowledged: (key: string) => void };
}

const useAckStore = create<AckState>((set) => ({
  acked: load(),
  actions: {
    alertAcknowledged: (key) => set((s) => (s.acked.includes(key) ? s : { acked: [...s.acked, key].slice(-MAX_KEYS) })),
  },
}));

useAckStore.subscribe((s) => {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(s.acked));
  } catch {
    // Private mode or a full storage: acknowledgements then last as long as the page.
  }
});

export const useAcknowledgedAlerts = () => useAckStore((s) => s.acked);
export const useAlertActions = () => useAckStore((s) => s.actions);
