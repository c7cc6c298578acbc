/**
 * The built app against the real-HTTP mock (`mocks/server.ts`), for downloads whose bytes must cross a
 * real socket. Same shape as the shared harness planned in e2e/server-fixtures.ts (mockServer,
 * openOnServer), so the specs can move to it unchanged once it exists.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { test as base, expect, type Page } from '@playwright/test';

export interface MockServer {
  apiBaseUrl: string;
  legacyBaseUrl: string;
  platformBaseUrl: string;
  /** POST {apiBaseUrl}/__mock/control. */
  control(body: unknown): Promise<void>;
  /** POST {apiBaseUrl}/__mock/zip (mocks/handlers/zip-download.ts). */
  zip(body: { targetBytes?: number; cutAfterBytes?: number; times?: number }): Promise<void>;
  close(): Promise<void>;
}

const FIXED_NOW = '2025-03-10T12:00:00Z';

async function startMockServer(port: number): Promise<MockServer> {
  // node itself (not npx), so the process we stop is the server.
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'mocks/server.ts', '--port', String(port), '--now', FIXED_NOW],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`mock server did not start:\n${log}`)), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      log += d.toString();
      if (log.includes('Mock service ready')) {
        clearTimeout(t);
        resolve();
      }
    });
    child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    child.once('exit', (code) => reject(new Error(`mock server exited (${code}):\n${log}`)));
  });
  const api = `http://127.0.0.1:${port}`;
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${api}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.ok, `${path} ${JSON.stringify(body)}`).toBe(true);
  };
  return {
    apiBaseUrl: api,
    legacyBaseUrl: `http://127.0.0.1:${port + 1}`,
    platformBaseUrl: `http://127.0.0.1:${port + 2}`,
    control: (b) => post('/__mock/control', b),
    zip: (b) => post('/__mock/zip', b),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
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

// Ports beside the app's: E2E_PORT + 1000 .. + 1002.
const PORT = Number(process.env.E2E_PORT ?? 4173) + 1000;

export const test = base.extend<{ mockServer: MockServer }>({
  // Playwright reads the fixture's dependencies from this pattern: none.
  // eslint-disable-next-line no-empty-pattern
  mockServer: async ({}, use) => {
    const server = await startMockServer(PORT);
    await use(server);
    await server.close();
  },
});

export { expect };
