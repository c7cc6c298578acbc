import { test, expect, openApp } from './fixtures';

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
