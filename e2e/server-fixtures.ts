/**
 * e2e against the real-HTTP mock (mocks/server-app.ts) instead of the in-page demo worker: the app
 * is the built bundle with `mock: false`, talking over CORS to three hosts on 127.0.0.1, the way it
 * talks to the real service. Each test gets its own server (fresh state, its own ports).
 *
 *   import { test, expect, openOnServer } from './server-fixtures';
 *   test('…', async ({ page, mockServer }) => {
 *     await mockServer.control({ action: 'rateLimits', enabled: true, scale: 0.1 });
 *     await openOnServer(page, mockServer, '/seismic');
 *   });
 */
import type { Page } from '@playwright/test';
import { startMockServer, type MockServerHandle } from '../mocks/server-app';
import { test as base, expect, openApp, type MockControl } from './fixtures';
import { serverConfig } from './server-config';

export interface MockServer extends Omit<MockServerHandle, 'control'> {
  /** POST {apiBaseUrl}/__mock/control; throws unless the mock accepts the body. */
  control(body: MockControl): Promise<void>;
}

interface ServerFixtures {
  /** A mock service started for this test (live clock unless `mockNow` is set) and closed after it. */
  mockServer: MockServer;
  /** ISO instant for the mock's clock; absent = the real clock (like the demo). */
  mockNow: string | undefined;
}

export const test = base.extend<ServerFixtures>({
  mockNow: [undefined, { option: true }],
  mockServer: async ({ mockNow }, use) => {
    const server = await startMockServer(mockNow ? { now: mockNow } : {});
    try {
      await use({ ...server, control: (body) => server.control(body as unknown as Record<string, unknown>) });
    } finally {
      await server.close();
    }
  },
});

/**
 * Serves the app a config.json for `server` (an override of `undefined` removes that key), then
 * opens `path` and waits for the app shell. The route stays for reloads and later navigations.
 */
export async function openOnServer(
  page: Page,
  server: Pick<MockServer, 'apiBaseUrl' | 'legacyBaseUrl' | 'platformBaseUrl'>,
  path: string,
  configOverrides: Record<string, unknown> = {},
): Promise<void> {
  const config = serverConfig(server, configOverrides);
  await page.route('**/config.json', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify(config) }),
  );
  await openApp(page, path);
}

export { expect };
