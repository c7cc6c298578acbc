import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfigError, loadRuntimeConfig, setRuntimeConfig, type RuntimeConfig } from './config/runtime-config';
import { setSiteTimeZoneOverrides } from './domain/volcanoes';
import { ConfigErrorScreen } from './app/config-error-screen';
import { prefetchView, preloadView } from './app/view-modules';
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

async function boot(): Promise<void> {
  preloadView(window.location.pathname);
  const rootEl = document.getElementById('root')!;
  const root = createRoot(rootEl);
  let config: RuntimeConfig;
  try {
    config = await loadRuntimeConfig();
  } catch (e) {
    const err = e instanceof ConfigError ? e : new ConfigError('config.json could not be read', [String(e)]);
    root.render(<ConfigErrorScreen error={err} />);
    return;
  }
  setRuntimeConfig(config);
  setSiteTimeZoneOverrides(config.siteTimeZones);
  if (config.mock) {
    try {
      await startMock(config);
    } catch (e) {
      root.render(
        <ConfigErrorScreen
          error={
            new ConfigError('The demo data service could not start', [
              String(e),
              'Demo mode needs a browser with service workers (a secure context: https or localhost).',
            ])
          }
        />,
      );
      return;
    }
  }
  const { App, createQueryClient } = await import('./app/app');
  const queryClient = createQueryClient();
  prefetchView(window.location, queryClient);
  // A transition renders in slices that give the main thread back every few milliseconds, so the
  // app's first render is not one long task (a cold start compiles much of React on the way).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
}

void boot();
