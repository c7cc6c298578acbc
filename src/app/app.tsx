import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import type { ConfigError } from '../config/runtime-config';
import { AppRoutes } from './router';
import { useShownTheme } from '../stores/theme-store';
import { activateLocale, activatePseudo, type Messages } from '../i18n/i18n';
import type { Locale } from '../i18n/locale-choice';

/** The language the boot chose, with its compiled messages (none for English). */
export interface StartLanguage {
  locale: Locale;
  messages: Messages;
  /** `?lang=pseudo`: every message in markers (src/i18n/locale-choice.ts). */
  pseudo?: boolean;
}

function startLanguage(language: StartLanguage): void {
  activatePseudo(language.pseudo ?? false);
  activateLocale(language.locale, language.messages);
}

export { createQueryClient } from './query-client';

/** The boot makes the client, so that it can start a view's requests before this renders. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  // Applied here only, whichever view asks for a theme of its own: effects run children first, so
  // a view that set the document's theme itself was overwritten when it mounted with the app.
  const theme = useShownTheme();
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}

let root: Root | null = null;
/** The page's one React root, made on first use (the boot message stays until then). */
function appRoot(): Root {
  return (root ??= createRoot(document.getElementById('root')!));
}

/**
 * What the boot shows instead of the app when it cannot start. Its screen is a chunk of its own,
 * loaded only then: it is not on any first paint (scripts/bundle-budget.mjs).
 */
export async function showStartError(error: ConfigError, language: StartLanguage): Promise<void> {
  startLanguage(language);
  const { ConfigErrorScreen } = await import('./config-error-screen');
  appRoot().render(<ConfigErrorScreen error={error} />);
}

/**
 * Renders the app. A transition renders in slices that give the main thread back every few
 * milliseconds, so the first render is not one long task (a cold start compiles much of React on
 * the way) and the view's first requests are not held behind it.
 */
export function renderApp(queryClient: QueryClient, language: StartLanguage): void {
  startLanguage(language);
  startTransition(() =>
    appRoot().render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
}
