import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { useLocale } from '../i18n/runtime';
import { Layout } from './layout';
import { lazyView, RouteBoundary } from './route-boundary';
import { VIEW_MODULES } from './view-modules';

// Every view is its own lazy chunk: the first route downloads only what it shows.
const Home = lazyView(VIEW_MODULES.home);
const Seismic = lazyView(VIEW_MODULES.seismic);
const Imagery = lazyView(VIEW_MODULES.imagery);
const Volcano = lazyView(VIEW_MODULES.volcano);
const Legacy = lazyView(VIEW_MODULES.legacy);
const Activity = lazyView(VIEW_MODULES.activity);
const Settings = lazyView(VIEW_MODULES.settings);
const NotFound = lazyView(VIEW_MODULES.notFound);
const Wall = lazyView(VIEW_MODULES.wall);

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
  // The wall has no header, and so no language menu; a change (from another tab's memory, or a
  // test) draws it anew, as the layout does its views.
  const { t } = useLingui();
  const locale = useLocale();
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
            <RouteBoundary key={locale}>
              <Suspense fallback={<p role="status">{t`Loading the wall display…`}</p>}>
                <Wall />
              </Suspense>
            </RouteBoundary>
          }
        />
      </Routes>
    </RouteBoundary>
  );
}
