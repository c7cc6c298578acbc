import { useSyncExternalStore } from 'react';

/**
 * One shared one-second ticker for every clock and age on the wall, so a screen of tiles runs one
 * timer instead of dozens, and it stops when nothing listens (no leak over days of running).
 */
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  if (timer === null) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 1000);
  }
  return () => {
    listeners.delete(fn);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

const snapshot = () => now;

/** The current time in epoch ms, updated every second. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

const minuteSnapshot = () => Math.floor(now / 60_000) * 60_000;

/** The start of the current minute in epoch ms: re-renders once a minute, not every second. */
export function useNowMinute(): number {
  return useSyncExternalStore(subscribe, minuteSnapshot, minuteSnapshot);
}
