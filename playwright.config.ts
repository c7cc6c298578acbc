import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium.mjs';

const PORT = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.PW_REPORTER === 'json' ? [['json', { outputFile: 'test-results/e2e.json' }], ['line']] : 'list',
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    acceptDownloads: true,
    serviceWorkers: 'allow',
    launchOptions: {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /observatory\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    // Ten machines at once behind the observatory proxy, timed against each other: run after every
    // other spec, one test at a time, so no other browser shares the two cores with them.
    {
      name: 'observatory',
      testMatch: /observatory\.spec\.ts/,
      dependencies: ['chromium'],
      fullyParallel: false,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: {
    // The built app, as a CDN would serve it, on demo data: a build ships an unconfigured config.json
    // (vite.config.ts, productionConfig), so preview answers /config.json with the demo's
    // public/config.json (mock: true) instead.
    command: `npx vite preview --port ${PORT} --strictPort${process.env.E2E_DIST ? ` --outDir ${process.env.E2E_DIST}` : ''}`,
    url: `http://localhost:${PORT}/config.json`,
    // TEST-ONLY: lets the build reach the local mock server on 127.0.0.1 (server-fixtures.ts); the
    // shipped CSP has no loopback, and e2e/hosting.spec.ts checks what ships through nginx.
    env: { PREVIEW_CSP_ALLOW_LOOPBACK: '1', PREVIEW_DEMO_CONFIG: '1' },
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
