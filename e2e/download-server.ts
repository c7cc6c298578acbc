/**
 * The built app against the real-HTTP mock (mocks/server-app.ts), for downloads whose bytes must
 * cross a real socket: the shared harness (e2e/server-fixtures.ts) with the mock's clock fixed and
 * its ZIP knob (`zip`), on ephemeral ports, so parallel workers never collide.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { startMockServer as startServer } from '../mocks/server-app';

export interface MockServer {
  apiBaseUrl: string;
  legacyBaseUrl: string;
  platformBaseUrl: string;
  /** POST {apiBaseUrl}/__mock/control. */
  control(body: unknown): Promise<void>;
  /** POST {apiBaseUrl}/__mock/zip (mocks/handlers/zip-download.ts). */
  zip(body: { targetBytes?: number; cutAfterBytes?: number; stallAfterBytes?: number; times?: number }): Promise<void>;
  close(): Promise<void>;
}

const FIXED_NOW = '2025-03-10T12:00:00Z';

async function startMockServer(): Promise<MockServer> {
  const server = await startServer({ now: FIXED_NOW });
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${server.apiBaseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.ok, `${path} ${JSON.stringify(body)}`).toBe(true);
  };
  return {
    apiBaseUrl: server.apiBaseUrl,
    legacyBaseUrl: server.legacyBaseUrl,
    platformBaseUrl: server.platformBaseUrl,
    control: (b) => post('/__mock/control', b),
    zip: (b) => post('/__mock/zip', b),
    close: () => server.close(),
  };
}

/** Opens `path` with config.json pointing the built app at the mock server (mock worker off). */
export async function openOnServer(page: Page, server: MockServer, path: string): Promise<void> {
  await page.route('**/config.json', (route) =>
    route.fulfill({
      json: {
        apiBaseUrl: server.apiBaseUrl,
        legacyBaseUrl: server.legacyBaseUrl,
        platformBaseUrl: server.platformBaseUrl,
        mock: false,
        siteTimeZones: {},
      },
    }),
  );
  await page.goto(path);
  await expect(page.getByRole('link', { name: /Volcano Dashboard/ })).toBeVisible();
}

export const test = base.extend<{ mockServer: MockServer }>({
  // Playwright reads the fixture's dependencies from this pattern: none.
  // eslint-disable-next-line no-empty-pattern
  mockServer: async ({}, use) => {
    const server = await startMockServer();
    await use(server);
    await server.close();
  },
});

export { expect };
