import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { RateLimitStatus } from '../ui/rate-status/rate-limit-status';
import { useTheme, useThemeActions } from '../stores/theme-store';
import { DemoBadge } from '../ui/demo-badge';
import { LanguageSwitch } from '../i18n/language-switch';
import { useLocale } from '../i18n/runtime';
import { useViewLoading } from './route-boundary';

const NAV = [
  ['/seismic', msg`Seismic`],
  ['/imagery', msg`Imagery`],
  ['/wall', msg`Wall`],
  ['/legacy', msg`Legacy v1`],
  ['/activity', msg`Activity log`],
  ['/settings', msg`Settings`],
] as const;

/**
 * The bar shown while a view's chunk loads, subscribed on its own: when the Layout subscribed, a
 * change between its render and its subscription re-rendered the whole shell and the opened view
 * at once, in a synchronous pass (a task of 50-100 ms at a chart view's start).
 */
function ViewLoadingBar() {
  const { t } = useLingui();
  return useViewLoading() ? <div className="route-loading" role="progressbar" aria-label={t`Loading view`} /> : null;
}

export function Layout() {
  const theme = useTheme();
  const { themeToggled } = useThemeActions();
  const { i18n, t } = useLingui();
  // A view is drawn anew when the language changes: words it worked out outside a hook (a
  // memo, a module's `t`) are then in the new language too. The header keeps its focus.
  const locale = useLocale();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <header className="app-header">
        <NavLink to="/" className="app-title">
          <svg aria-hidden="true" width="22" height="22" viewBox="0 0 32 32" className="app-logo">
            <path d="M2 28 L12 10 L16 14 L20 10 L30 28 Z" fill="#c2410c" />
            <path d="M12 10 L14 4 L18 4 L20 10 L16 14 Z" fill="#f97316" />
          </svg>{' '}
          <Trans>Volcano Dashboard</Trans>
        </NavLink>
        <nav aria-label={t`Main`}>
          <ul>
            {NAV.map(([to, label]) => (
              <li key={to}>
                <NavLink to={to}>{i18n._(label)}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <DemoBadge />
        <LanguageSwitch id="header-language" className="language-switch" />
        <button type="button" className="theme-toggle" onClick={themeToggled} aria-pressed={theme === 'light'}>
          {theme === 'dark' ? t`Light theme` : t`Dark theme`}
        </button>
      </header>
      <RateLimitStatus />
      <ViewLoadingBar />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<p role="status">{t`Loading…`}</p>}>
          <Outlet key={locale} />
        </Suspense>
      </main>
    </div>
  );
}
