/**
 * What the operator's config.json may and may not do, as a user sees it: a base that would let
 * `//host` paths leave the host stops the dashboard with a message naming it; budgets above the
 * documented ones are named as the operator's; demo mode says its data is made up; and an image on
 * a host the configuration does not trust is never requested.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Page } from '@playwright/test';
import { test, expect, openApp, mockControl, spaNavigate } from './fixtures';

const SHIPPED = JSON.parse(readFileSync(new URL('../public/config.json', import.meta.url), 'utf8')) as Record<
  string,
  unknown
>;

async function serveConfig(page: Page, patch: Record<string, unknown>) {
  const body = JSON.stringify({ ...SHIPPED, ...patch });
  await page.route('**/config.json', (route) => route.fulfill({ contentType: 'application/json', body }));
}

test('a legacy base of "/" stops the dashboard and says why', async ({ page }) => {
  await serveConfig(page, { legacyBaseUrl: '/' });
  await page.goto('/legacy');
  await expect(page.getByRole('heading', { name: 'The dashboard cannot start' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(
    'legacyBaseUrl: "/" leaves the base empty, so a path starting with // would load from another host',
  );
  await page.screenshot({ path: test.info().outputPath('config-error-bare-root.png') });
});

test('budgets above the documented ones are named as the operator’s, beside the documented figure', async ({
  page,
  consoleErrors,
}) => {
  await serveConfig(page, { rateLimits: { '*': { '/api/seismic/rsam': 100000, '/health': 30 } } });
  await openApp(page, '/settings');
  const row = page.getByRole('row', { name: /^\/api\/seismic\/rsam / });
  await expect(row).toHaveAccessibleName(/ 100,000 granted by the operator; documented: 100$/);
  await expect(page.getByRole('row', { name: /^\/health / })).toHaveAccessibleName(
    / 30 lowered by the operator; documented: 60$/,
  );
  await expect(page.getByRole('note').filter({ hasText: 'grants budgets above the documented ones' })).toContainText(
    '/api/seismic/rsam on every host: 100,000 a minute (documented: 100)',
  );
  await page.getByRole('heading', { name: 'Rate budgets applied by this app' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('settings-budgets.png') });
  expect(consoleErrors).toEqual([]);
});

test('demo mode says in the header that the data is made up', async ({ page }) => {
  await openApp(page, '/seismic');
  await expect(page.getByRole('banner').getByRole('note')).toHaveText('Demo data: made up, not from the service');
  await page.screenshot({
    path: test.info().outputPath('demo-badge.png'),
    clip: { x: 0, y: 0, width: 1440, height: 120 },
  });
  await openApp(page, '/wall');
  await expect(page.getByTestId('wall').getByRole('note')).toHaveText('Made-up demo data');
});

test('an image on a host the configuration does not list is never requested, and says whose it was', async ({
  page,
  consoleErrors,
}) => {
  let requests = 0;
  const other = createServer((_req, res) => {
    requests++;
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
  const host = `127.0.0.1:${(other.address() as { port: number }).port}`;
  try {
    await openApp(page, '/');
    // The records now name another host for their files (the e2e preview's CSP even allows loopback).
    await mockControl(page, { action: 'imageBase', base: `http://${host}` });
    await spaNavigate(
      page,
      '/imagery?imageType=visible&site=RKPI&freq=hourly&datefrom=20250112000000&dateto=20250112235959',
    );
    const card = page.getByTestId('image-card').first();
    await expect(card.getByRole('img')).toHaveAccessibleName(
      new RegExp(`not loaded, image from an unlisted host: ${host.replace(/\./g, '\\.')} \\(`),
    );
    await expect(card).toContainText(`Image from an unlisted host: ${host}`);
    await page.screenshot({ path: test.info().outputPath('refused-image-grid.png') });
    await card.getByRole('button', { name: /^Open image/ }).click();
    const lightbox = page.getByRole('dialog');
    await expect(lightbox).toContainText(`Image from an unlisted host: ${host}`);
    await expect(lightbox.getByRole('link', { name: 'Open the original file' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('refused-image-lightbox.png') });
    expect(requests).toBe(0);
    expect(await page.locator('img[src*="127.0.0.1"]').count()).toBe(0);
  } finally {
    await new Promise<void>((r) => other.close(() => r()));
  }
  expect(consoleErrors).toEqual([]);
});
