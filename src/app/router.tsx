import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { Layout } from './layout';
import { lazyView, RouteBoundary } from './route-boundary';

// Every view is its own lazy chunk: the first route downloads only what it shows.
const Home = lazyView(() => import('../features/home/home-route'));
const Seismic = lazyView(() => import('../features/seismic/seismic-route'));
const Imagery = lazyView(() => import('../features/imagery/imagery-route'));
const Volcano = lazyView(() => import('../features/volcano/volcano-route'));
const Legacy = lazyView(() => import('../features/legacy/legacy-route'));
const Activity = lazyView(() => import('../features/activity/activity-route'));
const Settings = lazyView(() => import('../features/settings/settings-route'));
const NotFound = lazyView(() => import('../features/not-found/not-found-route'));
const Wall = lazyView(() => import('../features/wall/wall-route'));

const VIEWS = [
  ['seismic', Seismic],
  ['imagery', Imagery],
  ['volcano/:vnum', Volcano],
  ['legacy', Legacy],
  ['activity', Activity],
  ['settings', Settings],
  ['*', NotFound],
] as const;

/** The app's routes, inside a <BrowserRouter> (tests mount them in a <MemoryRouter>). */
export function AppRoutes() {
  return (
    <RouteBoundary>
      <Routes>
        <Route path="/" element={<Layout />}>
          <Route
            index
            element={
              <RouteBoundary>
                <Home />
              </RouteBoundary>
            }
          />
          {VIEWS.map(([path, View]) => (
            <Route
              key={path}
              path={path}
              element={
                <RouteBoundary>
                  <View />
                </RouteBoundary>
              }
            />
          ))}
        </Route>
        {/* The wall display has no header: it owns the whole screen. */}
        <Route
          path="/wall"
          element={
            <RouteBoundary>
              <Suspense fallback={<p role="status">Loading the wall display…</p>}>
                <Wall />
              </Suspense>
            </RouteBoundary>
          }
        />
      </Routes>
    </RouteBoundary>
  );
}
