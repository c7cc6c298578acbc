import type { Page } from '@playwright/test';
import { test, expect, openApp } from './fixtures';

const DAY = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const points = async (page: Page) => Number(await page.getByTestId('rsam-chart').getAttribute('data-points'));

test('past days are fetched once: a second visit draws them from the browser with no request, and Settings empties the store', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  // Ten completed UTC days, all before yesterday: every one may be kept (the parse worker keeps them).
  const today = Date.now() - (Date.now() % DAY);
  const to = today - 3 * DAY;
  const from = to - 9 * DAY;
  const view = `/seismic?channels=AV.CLCL..BHZ&from=${isoDay(from)}&to=${isoDay(to)}`;
  const rsam: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/seismic/rsam?')) rsam.push(r.url());
  });

  await openApp(page, view);
  await expect.poll(() => points(page), { timeout: 60_000 }).toBeGreaterThan(5_000);
  const drawn = await points(page);
  expect(rsam.length).toBeGreaterThan(0);

  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByTestId('rsam-cache-size')).toHaveText(/^\d+\.\d MB in [1-9]\d* chunks$/);

  // A second visit: the same points, not one RSAM request.
  rsam.length = 0;
  await openApp(page, view);
  await expect.poll(() => points(page), { timeout: 60_000 }).toBe(drawn);
  // Every chunk loaded: a request for any of them would have left before it was.
  await expect(page.getByText(/(\d+) of \1 chunks? loaded\./)).toBeVisible();
  expect(rsam).toEqual([]);

  // Emptied from Settings, the next visit asks the service again.
  await openApp(page, '/settings');
  await page.getByRole('button', { name: 'Clear cache' }).click();
  await expect(page.getByTestId('rsam-cache-size')).toHaveText('0.0 MB in 0 chunks');
  await openApp(page, view);
  await expect.poll(() => points(page), { timeout: 60_000 }).toBe(drawn);
  expect(rsam.length).toBeGreaterThan(0);
  expect(consoleErrors).toEqual([]);
});
