/**
 * The entry holds no React: it asks for config.json, the opened view's chunk and the app chunk (with
 * the libraries) all at once, so they download while one another compiles, instead of config.json
 * and the view waiting for react-dom to evaluate first (about 60 ms of a cold start here).
 */
import { msg } from '@lingui/core/macro';
import { ConfigError, loadRuntimeConfig, setRuntimeConfig, type RuntimeConfig } from './config/runtime-config';
import { setSiteTimeZoneOverrides } from './domain/volcanoes';
import { drawsRsam, prefetchView, preloadView } from './app/view-modules';
import { provideParseWorker, startParseWorkerEarly } from './api/worker/worker-start';
import { provideAnalysisWorker } from './analysis/jobs/analysis-worker-start';
import { PSEUDO_LANG, pageLocale, type Locale } from './i18n/locale-choice';
import { loadCatalogue } from './i18n/catalogue';
import './app/global.css';

async function startMock(config: RuntimeConfig): Promise<void> {
  // Dynamic import: a production build with mock=false never downloads the mock or its data.
  const { startMockWorker } = await import('../mocks/browser');
  const origin = window.location.origin;
  const abs = (u: string) => (u.startsWith('/') ? origin + u : u);
  await startMockWorker(
    {
      apiBaseUrl: abs(config.apiBaseUrl),
      legacyBaseUrl: abs(config.legacyBaseUrl),
      platformBaseUrl: abs(config.platformBaseUrl),
      imageBaseUrl: origin,
    },
    { now: config.mockNow ? Date.parse(config.mockNow) : undefined },
  );
}

// The parse worker runs the API layer's jobs with the chart's drawing preparation (src/workers/).
provideParseWorker(
  () => new Worker(new URL('./workers/parse-worker.ts', import.meta.url), { type: 'module', name: 'parse' }),
);
// The analysis worker: the seismic view's analyses and the volcano view's events (src/analysis/jobs).
provideAnalysisWorker(
  () => new Worker(new URL('./workers/analysis-worker.ts', import.meta.url), { type: 'module', name: 'analysis' }),
);

const locale = pageLocale();
const pseudo = new URLSearchParams(window.location.search).get('lang') === PSEUDO_LANG;

async function boot(): Promise<void> {
  // The language's catalogue (none for English) loads with the rest; one that cannot load leaves
  // the app in English rather than not starting it.
  const language = loadCatalogue(locale).then(
    (messages) => ({ locale, messages, pseudo }),
    () => ({ locale: 'en' as Locale, messages: {}, pseudo }),
  );
  // Awaited with the app chunk: a first render that found the view still loading would show a
  // fallback, and React then holds the view back for up to 300 ms after it.
  const viewModule = preloadView(window.location.pathname);
  if (drawsRsam(window.location.pathname)) startParseWorkerEarly();
  const appModule = import('./app/app');
  // Awaited below; until then a failed load must not be reported as unhandled.
  appModule.catch(() => undefined);
  let config: RuntimeConfig;
  try {
    config = await loadRuntimeConfig();
  } catch (e) {
    const err =
      e instanceof ConfigError
        ? e
        : new ConfigError('config.json could not be read', [String(e)], msg`config.json could not be read`);
    await (await appModule).showStartError(err, await language);
    return;
  }
  setRuntimeConfig(config);
  setSiteTimeZoneOverrides(config.siteTimeZones);
  if (config.mock) {
    try {
      await startMock(config);
    } catch (e) {
      await (
        await appModule
      ).showStartError(
        new ConfigError(
          'The demo data service could not start',
          [String(e)],
          msg`The demo data service could not start`,
          msg`Demo mode needs a browser with service workers (a secure context: https or localhost).`,
        ),
        await language,
      );
      return;
    }
  }
  const [{ renderApp, createQueryClient }, , startLanguage] = await Promise.all([appModule, viewModule, language]);
  const queryClient = createQueryClient();
  prefetchView(window.location, queryClient);
  renderApp(queryClient, startLanguage);
}

/**
 * Said when the app's code could not load, in both languages here: the catalogues and Lingui are
 * part of what did not arrive.
 */
const LOAD_FAILURE: Record<Locale, { title: string; body: (why: string) => string; reload: string }> = {
  en: {
    title: 'The dashboard cannot start',
    body: (why) => `Its code could not be loaded (${why}). Check the connection and reload.`,
    reload: 'Reload',
  },
  es: {
    title: 'El panel no puede iniciarse',
    body: (why) => `No se pudo cargar su código (${why}). Revise la conexión y recargue la página.`,
    reload: 'Recargar',
  },
};

/**
 * The app's own code could not load (a lost connection, or a release replaced under an open tab):
 * said in plain DOM, since React is part of what did not arrive.
 */
function showLoadFailure(e: unknown): void {
  const root = document.getElementById('root');
  if (!root) return;
  const words = LOAD_FAILURE[locale];
  document.documentElement.lang = locale;
  const box = document.createElement('main');
  box.className = 'config-error';
  box.setAttribute('role', 'alert');
  const h = document.createElement('h1');
  h.textContent = words.title;
  const p = document.createElement('p');
  p.textContent = words.body(e instanceof Error ? e.message : String(e));
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = words.reload;
  button.addEventListener('click', () => window.location.reload());
  box.append(h, p, button);
  root.replaceChildren(box);
}

boot().catch(showLoadFailure);
