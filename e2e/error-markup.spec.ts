/**
 * The service's error bodies are text, whatever they hold: markup in a `detail` (spec 01 §2.7), a
 * 429's `error` string (spec 01 §7), a legacy or platform `message` is shown as written and never
 * becomes part of the page.
 */
import type { Page } from '@playwright/test';
import { test, expect, openApp, mockControl, spaNavigate } from './fixtures';

const MARKUP = `<img src=x onerror="localStorage.setItem('pwned','1')">`;

/** Nothing of the markup ran or became an element, and it is on screen as written. */
async function shownAsText(page: Page, where = page.locator('#root')) {
  await expect(where.getByText(MARKUP, { exact: false }).first()).toBeVisible();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem('pwned'))).toBeNull();
}

async function failWithMarkup(page: Page, match: string, status: number, query?: Record<string, string>) {
  await mockControl(page, {
    action: 'fault',
    fault: { match, kind: 'status', status, text: MARKUP, ...(query ? { query } : {}) },
  });
}

test('markup in error bodies shows as text on /seismic, /imagery, /legacy and /activity', async ({
  page,
  consoleErrors,
}) => {
  // The demo mock lives in the page: faults are set once it runs, then the views are opened inside the app.
  await openApp(page, '/');

  await failWithMarkup(page, '/api/seismic/rsam', 400);
  await spaNavigate(page, '/seismic?channels=AV.CLCL..BHZ&from=2025-01-11&to=2025-01-11');
  await expect(page.getByRole('heading', { level: 1, name: 'Seismic RSAM' })).toBeVisible();
  await shownAsText(page);

  await mockControl(page, { action: 'clearFaults' });
  await failWithMarkup(page, '/api/imagery/q', 400);
  await spaNavigate(
    page,
    '/imagery?imageType=visible&site=RKPI&freq=hourly&datefrom=20250112000000&dateto=20250112235959',
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Imagery' })).toBeVisible();
  await shownAsText(page);

  await mockControl(page, { action: 'clearFaults' });
  await failWithMarkup(page, '/api/imagery/infrared/query', 400);
  await spaNavigate(page, '/legacy');
  const form = page.getByRole('form', { name: 'Legacy query' });
  await form.getByLabel('Image type').selectOption('infrared');
  await form.getByLabel('Site').selectOption('CLNE');
  await form.getByLabel('From (search_from)').fill('2025-03-01T00:00');
  await form.getByLabel('To (search_to)').fill('2025-03-01T06:00');
  await form.getByLabel('Limit').fill('50');
  await form.getByRole('button', { name: 'Search' }).click();
  await shownAsText(page);

  await mockControl(page, { action: 'clearFaults' });
  await failWithMarkup(page, '/event-types', 400);
  await spaNavigate(page, '/activity');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shownAsText(page);

  expect(consoleErrors).toEqual([]);
});

test('a 429 whose error string holds markup shows it as text', async ({ page, consoleErrors }) => {
  await openApp(page, '/imagery?imageType=visible&site=RKPI&freq=hourly&datefrom=20250112000000&dateto=20250112235959');
  const card = page.getByTestId('image-card').first();
  await card.getByRole('checkbox').click();
  // A ZIP request is never retried by itself (src/api/http.ts): its 429 reaches the screen at once.
  await mockControl(page, {
    action: 'fault',
    fault: { match: '/api/imagery/q', query: { download: 'selected' }, kind: 'rate-limit', text: MARKUP },
  });
  await page.getByRole('button', { name: 'Download selected…' }).click();
  const dialog = page.getByTestId('download-dialog');
  await dialog.getByRole('button', { name: 'Download 1 selected' }).click();
  await expect(dialog.getByRole('alert')).toContainText('limiting requests (429)');
  await shownAsText(page, dialog);
  expect(consoleErrors).toEqual([]);
});
