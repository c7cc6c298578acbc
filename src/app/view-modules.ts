/**
 * Where each view's lazy chunk comes from, in one table that the router and the boot share: the
 * boot asks for the chunk of the page being opened while config.json and the app chunk are still on
 * their way, instead of after the first render has matched the route (one round trip of the critical
 * path, about a quarter of a second to a painted chart on a cold visit here).
 */
import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/**
 * A view module: its component, and optionally `prefetch`, which starts the requests the address
 * names before the view's first render (the view then finds them in flight or answered).
 */
export interface ViewModule {
  Component: ComponentType;
  prefetch?: (client: QueryClient, search: URLSearchParams) => void;
}

/** Loads a view's chunk; `loaded` holds the module once any load of it has arrived. */
export interface ViewLoader {
  (): Promise<ViewModule>;
  loaded?: ViewModule;
}

export function viewLoader(load: () => Promise<ViewModule>): ViewLoader {
  const loader: ViewLoader = () =>
    load().then((m) => {
      loader.loaded = m;
      return m;
    });
  return loader;
}

export const VIEW_MODULES = {
  home: viewLoader(() => import('../features/home/home-route')),
  seismic: viewLoader(() => import('../features/seismic/seismic-route')),
  imagery: viewLoader(() => import('../features/imagery/imagery-route')),
  volcano: viewLoader(() => import('../features/volcano/volcano-route')),
  legacy: viewLoader(() => import('../features/legacy/legacy-route')),
  activity: viewLoader(() => import('../features/activity/activity-route')),
  settings: viewLoader(() => import('../features/settings/settings-route')),
  notFound: viewLoader(() => import('../features/not-found/not-found-route')),
  wall: viewLoader(() => import('../features/wall/wall-route')),
} satisfies Record<string, ViewLoader>;

export type ViewName = keyof typeof VIEW_MODULES;

/** The view a path opens, by its first segment, as the router's table decides it. */
export function viewOfPath(pathname: string): ViewName {
  const [, first = '', second = ''] = pathname.split('/');
  if (first === '') return 'home';
  if (first === 'volcano') return second ? 'volcano' : 'notFound';
  return Object.hasOwn(VIEW_MODULES, first) && first !== 'home' && first !== 'notFound'
    ? (first as ViewName)
    : 'notFound';
}

/** Views that draw RSAM as they open, so want the parse worker started at boot. */
const RSAM_VIEWS: ReadonlySet<ViewName> = new Set(['seismic', 'volcano', 'wall']);

export function drawsRsam(pathname: string): boolean {
  return RSAM_VIEWS.has(viewOfPath(pathname));
}

/**
 * Starts loading the chunk of the view at `pathname`; settles (never fails) once it has arrived or
 * failed. A failure is left for the route's own import to meet and show (the router's boundary).
 */
export function preloadView(pathname: string): Promise<void> {
  return VIEW_MODULES[viewOfPath(pathname)]().then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Once the view at `location` has loaded, starts the requests its address names. A view already
 * loaded does so at once: through a promise, the first render's task ran first and held the
 * requests back by its length (30–45 ms here).
 */
export function prefetchView(location: { pathname: string; search: string }, client: QueryClient): void {
  const loader = VIEW_MODULES[viewOfPath(location.pathname)];
  const start = (m: ViewModule) => m.prefetch?.(client, new URLSearchParams(location.search));
  if (loader.loaded) {
    try {
      start(loader.loaded);
    } catch {
      // As through the promise: the view itself meets (and shows) whatever went wrong.
    }
    return;
  }
  loader()
    .then(start)
    .catch(() => undefined);
}
