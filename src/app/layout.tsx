import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { RateLimitStatus } from '../ui/rate-status/rate-limit-status';
import { useTheme, useThemeActions } from '../stores/theme-store';
import { DemoBadge } from '../ui/demo-badge';
import { useViewLoading } from './route-boundary';

const NAV = [
  ['/seismic', 'Seismic'],
  ['/imagery', 'Imagery'],
  ['/wall', 'Wall'],
  ['/legacy', 'Legacy v1'],
  ['/activity', 'Activity log'],
  ['/settings', 'Settings'],
] as const;

/**
 * The bar shown while a view's chunk loads, subscribed on its own: when the Layout subscribed, a
 * change between its render and its subscription re-rendered the whole shell and the opened view
 * at once, in a synchronous pass (a task of 50-100 ms at a chart view's start).
 */
function ViewLoadingBar() {
  return useViewLoading() ? <div className="route-loading" role="progressbar" aria-label="Loading view" /> : null;
}

export function Layout() {
  const theme = useTheme();
  const { themeToggled } = useThemeActions();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <NavLink to="/" className="app-title">
          <svg aria-hidden="true" width="22" height="22" viewBox="0 0 32 32" className="app-logo">
            <path d="M2 28 L12 10 L16 14 L20 10 L30 28 Z" fill="#c2410c" />
            <path d="M12 10 L14 4 L18 4 L20 10 L16 14 Z" fill="#f97316" />
          </svg>{' '}
          Volcano Dashboard
        </NavLink>
        <nav aria-label="Main">
          <ul>
            {NAV.map(([to, label]) => (
              <li key={to}>
                <NavLink to={to}>{label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <DemoBadge />
        <button type="button" className="theme-toggle" onClick={themeToggled} aria-pressed={theme === 'light'}>
          {theme === 'dark' ? 'Light theme' : 'Dark theme'}
        </button>
      </header>
      <RateLimitStatus />
      <ViewLoadingBar />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<p role="status">Loading…</p>}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
