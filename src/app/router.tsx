import { createBrowserRouter } from 'react-router';
import { Layout } from './layout';
import { RouteError } from './route-error';

/** Every view is its own lazy chunk: the first route downloads only what it shows. */
export function createAppRouter() {
  const child = (path: string | undefined, load: () => Promise<{ Component: React.ComponentType }>) => ({
    path,
    lazy: load,
    errorElement: <RouteError />,
  });
  return createBrowserRouter([
    {
      path: '/',
      element: <Layout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <p role="status">Loading…</p>,
      children: [
        { index: true, lazy: () => import('../features/home/home-route'), errorElement: <RouteError /> },
        child('seismic', () => import('../features/seismic/seismic-route')),
        child('imagery', () => import('../features/imagery/imagery-route')),
        child('volcano/:vnum', () => import('../features/volcano/volcano-route')),
        child('legacy', () => import('../features/legacy/legacy-route')),
        child('activity', () => import('../features/activity/activity-route')),
        child('settings', () => import('../features/settings/settings-route')),
        child('*', () => import('../features/not-found/not-found-route')),
      ],
    },
    // The wall display has no header: it owns the whole screen.
    {
      path: '/wall',
      lazy: () => import('../features/wall/wall-route'),
      errorElement: <RouteError />,
      hydrateFallbackElement: <p role="status">Loading the wall display…</p>,
    },
  ]);
}
