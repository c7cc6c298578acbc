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
type ViewModule = Promise<{
  Component: ComponentType;
  prefetch?: (client: QueryClient, search: URLSearchParams) => void;
}>;

export const VIEW_MODULES = {
  home: () => import('../features/home/home-route'),
  seismic: () => import('../features/seismic/seismic-route'),
  imagery: () => import('../features/imagery/imagery-route'),
  volcano: () => import('../features/volcano/volcano-route'),
  legacy: () => import('../features/legacy/legacy-route'),
  activity: () => import('../features/activity/activity-route'),
  settings: () => import('../features/settings/settings-route'),
  notFound: () => import('../features/not-found/not-found-route'),
  wall: () => import('../features/wall/wall-route'),
} satisfies Record<string, () => ViewModule>;

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
 * Starts loading the chunk of the view at `pathname`. A failure is left for the route's own import
 * to meet and show (the router's boundary); here it is only kept from being reported twice.
 */
export function preloadView(pathname: string): void {
  VIEW_MODULES[viewOfPath(pathname)]().catch(() => undefined);
}

/** Once the view at `location` has loaded, starts the requests its address names. */
export function prefetchView(location: { pathname: string; search: string }, client: QueryClient): void {
  const load: () => ViewModule = VIEW_MODULES[viewOfPath(location.pathname)];
  load()
    .then((m) => m.prefetch?.(client, new URLSearchParams(location.search)))
    .catch(() => undefined);
}
