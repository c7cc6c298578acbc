import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test, expect, openApp } from './fixtures';

const DIST = resolve(process.env.E2E_DIST ?? 'dist');

test('every route renders inside the shell with no console errors', async ({ page, consoleErrors }) => {
  for (const [path, heading] of [
    ['/', /Monitored volcanoes/],
    ['/settings', /Settings/],
    ['/no-such-page', /Page not found/],
  ] as const) {
    await openApp(page, path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  expect(consoleErrors).toEqual([]);
});

test('the theme toggle switches between dark and light', async ({ page }) => {
  await openApp(page, '/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: 'Light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('an invalid config.json names the bad field', async ({ page }) => {
  await page.route('**/config.json', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ apiBaseUrl: 42, mock: true }) }),
  );
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'The dashboard cannot start' })).toBeVisible();
  await expect(page.getByText(/apiBaseUrl/)).toBeVisible();
});

test('when the app chunk cannot load, the boot says so instead of loading forever', async ({ page }) => {
  await page.route(/\/assets\/app-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
  await page.goto('/seismic');
  await expect(page.getByRole('alert')).toContainText('The dashboard cannot start');
  await expect(page.getByRole('alert')).toContainText(/could not be loaded .*reload/i);
  await expect(page.getByText('Loading the volcano dashboard…')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
});

test('the build ships a config.json that is no demo: hosted as built, it says it is pointed at nothing', async ({
  page,
}) => {
  // What `npm run build` wrote, not what the preview serves the other tests (playwright.config.ts).
  const shipped = readFileSync(join(DIST, 'config.json'), 'utf8');
  const config = JSON.parse(shipped) as Record<string, unknown>;
  expect(config.mock).toBe(false);
  expect(shipped).not.toMatch(/demo-/);
  expect(existsSync(join(DIST, 'config.example.json')), 'an example production config beside it').toBe(true);

  const demoRequests: string[] = [];
  page.on('request', (r) => {
    if (/\/demo-|mockServiceWorker/.test(r.url())) demoRequests.push(r.url());
  });
  await page.route('**/config.json', (route) => route.fulfill({ contentType: 'application/json', body: shipped }));
  await page.goto('/seismic');
  const screen = page.getByRole('alert');
  await expect(page.getByRole('heading', { level: 1, name: 'This build is pointed at nothing' })).toBeVisible();
  await expect(screen).toContainText(/config\.json \(http:\/\/localhost:\d+\/config\.json\) names no data service/);
  for (const key of ['apiBaseUrl', 'legacyBaseUrl', 'platformBaseUrl'])
    await expect(screen.getByRole('listitem').filter({ hasText: key })).toBeVisible();
  await expect(screen).toContainText('config.example.json beside it');
  await expect(page.getByRole('navigation')).toHaveCount(0);
  expect(demoRequests, 'no demo data asked for').toEqual([]);
});
