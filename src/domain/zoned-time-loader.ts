/**
 * The zone formatter (zoned-time.ts, date-fns-tz: about 8 KB gzipped and a few milliseconds of
 * evaluation) on demand, for views whose default is UTC: the seismic view loads it only when it is
 * asked for site-local time, so a UTC first visit neither downloads nor evaluates it.
 */
export type ZonedTime = typeof import('./zoned-time');

let loaded: ZonedTime | null = null;
let pending: Promise<ZonedTime> | null = null;
const listeners = new Set<() => void>();

/** Starts loading (once) and resolves to the module. A failed load may be tried again. */
export function loadZonedTime(): Promise<ZonedTime> {
  pending ??= import('./zoned-time').then(
    (m) => {
      loaded = m;
      for (const l of listeners) l();
      return m;
    },
    (e: unknown) => {
      pending = null;
      throw e;
    },
  );
  return pending;
}

/** The module once loaded, else null. */
export function zonedTimeIfLoaded(): ZonedTime | null {
  return loaded;
}

/**
 * The module, for code that only runs once a site-local zone is in force, which the view sets
 * after the module has loaded (see useZonedTime).
 */
export function zonedTime(): ZonedTime {
  if (!loaded) throw new Error('zoned-time used before it loaded: gate the local zone on useZonedTime()');
  return loaded;
}

/** Calls `onLoad` when the module has loaded; returns the unsubscribe. */
export function onZonedTimeLoaded(onLoad: () => void): () => void {
  listeners.add(onLoad);
  return () => listeners.delete(onLoad);
}
