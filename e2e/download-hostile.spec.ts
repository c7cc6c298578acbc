/**
 * A service that answers a download with a page instead of a ZIP (issue 39): nothing of it may run
 * in the app's origin, and nothing is saved. The mock's hostile page writes a marker to localStorage
 * and requests a URL the mock counts (mocks/handlers/zip-download.ts), so "ran" is observable.
 */
import type { Download, Page } from '@playwright/test';
import { test, expect, openOnServer, zipKnobs, zipState, type MockServer } from './download-server';

const ONE_DAY_HOURLY =
  '/imagery?imageType=visible&site=RKPI&vnum=357120&datefrom=20250101000000&dateto=20250101235959&freq=hourly&limit=20';

/** Every download the page starts, for asserting that none was. */
function downloadsOf(page: Page): Download[] {
  const seen: Download[] = [];
  page.on('download', (d) => seen.push(d));
  return seen;
}

async function nothingRan(page: Page, server: MockServer) {
  // The script would run as soon as the frame rendered; give a frame every chance to have loaded.
  await page.waitForTimeout(1500);
  expect(await page.evaluate(() => localStorage.getItem('hostile-download'))).toBeNull();
  expect((await zipState(server)).hostileRan).toBe(0);
}

test('download=true answered with a page starting "PK": it fails in the dialog, runs nothing, saves nothing', async ({
  page,
  mockServer,
}) => {
  await zipKnobs(mockServer, { hostile: 'pk-html' });
  await openOnServer(page, mockServer, ONE_DAY_HOURLY);
  const downloads = downloadsOf(page);
  await page.getByRole('button', { name: 'Download all matching…' }).click();
  const dialog = page.getByTestId('download-dialog');
  await dialog.getByRole('button', { name: /^Download \d+ images$/ }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('The download failed: The service did not send a ZIP file');
  await expect(alert).toContainText('text/html');
  await nothingRan(page, mockServer);
  expect(downloads).toHaveLength(0);
});

test('download=selected answered with a page of unknown length (the big-file path): fails, runs nothing, saves nothing', async ({
  page,
  mockServer,
}) => {
  await zipKnobs(mockServer, { hostile: 'pk-html', unsized: true });
  await openOnServer(page, mockServer, ONE_DAY_HOURLY);
  const downloads = downloadsOf(page);
  const cards = page.getByTestId('image-card');
  await expect(cards).toHaveCount(20);
  await cards.nth(0).getByRole('checkbox').click();
  await cards.nth(2).getByRole('checkbox').click();
  await page.getByRole('button', { name: 'Download selected…' }).click();
  const dialog = page.getByTestId('download-dialog');
  await dialog.getByRole('button', { name: 'Download 2 selected' }).click();
  await expect(dialog.getByRole('alert')).toContainText('The download failed: The service did not send a ZIP file');
  await nothingRan(page, mockServer);
  expect(downloads).toHaveLength(0);
});

test('a page behind a real ZIP signature passes the check but is saved as an inert file: nothing runs', async ({
  page,
  mockServer,
}) => {
  await zipKnobs(mockServer, { hostile: 'zip-html', unsized: true });
  await openOnServer(page, mockServer, ONE_DAY_HOURLY);
  await page.getByRole('button', { name: 'Download all matching…' }).click();
  const dialog = page.getByTestId('download-dialog');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: /^Download \d+ images$/ }).click(),
  ]);
  // Saved under the app's own name and type: the browser never rendered it.
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  await download.path();
  await nothingRan(page, mockServer);
});
