/**
 * Which alerts the operator acknowledged, and when. Kept in sessionStorage so an acknowledgement
 * survives the wall's refresh cycle and a reload of the tab, but not a new browser session.
 */
import { create } from 'zustand';

const KEY = 'volcano-dashboard.wall-alert-acks';
/** Old episodes fall out so the list does not grow for as long as a wall runs. */
const MAX_KEYS = 200;

/** Alert key → when it was acknowledged (epoch ms; 0 where not known), oldest first. */
export type Acks = Readonly<Record<string, number>>;

/** Stored as `[key, epoch ms]` pairs; a bare key (an older build's entry) is kept without its time. */
function load(): Acks {
  try {
    const v: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    return Object.fromEntries(
      (Array.isArray(v) ? v : []).flatMap((e: unknown) =>
        typeof e === 'string'
          ? [[e, 0]]
          : Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'number'
            ? [[e[0], e[1]]]
            : [],
      ),
    );
  } catch {
    return {};
  }
}

interface AckState {
  acks: Acks;
  actions: { alertAcknowledged: (key: string, at?: number) => void };
}

const useAckStore = create<AckState>((set) => ({
  acks: load(),
  actions: {
    alertAcknowledged: (key, at = Date.now()) =>
      set((s) =>
        key in s.acks ? s : { acks: Object.fromEntries([...Object.entries(s.acks), [key, at]].slice(-MAX_KEYS)) },
      ),
  },
}));

useAckStore.subscribe((s) => {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(Object.entries(s.acks).map(([k, at]) => (at ? [k, at] : k))));
  } catch {
    // Private mode or a full storage: acknowledgements then last as long as the page.
  }
});

export const useAcknowledgedAlerts = () => useAckStore((s) => s.acks);
export const useAlertActions = () => useAckStore((s) => s.actions);
