import type { Page } from '@playwright/test';
import { test, expect, openApp, mockControl } from './fixtures';

const count = (page: Page) => page.getByText(/^\d+ event types/);
async function countValue(page: Page): Promise<number> {
  return Number(/^(\d+)/.exec((await count(page).textContent()) ?? '')![1]);
}
async function moduleColumn(page: Page): Promise<string[]> {
  return page.getByRole('table').locator('tbody tr td:nth-child(4)').allTextContents();
}

test('activity: proxy token lists event types, two modules narrow them, a 429 shows the wait and then succeeds', async ({
  page,
  consoleErrors,
}) => {
  // The mock's per-token window is the page's clock: start early in a minute so the 429 comes later in it.
  const minute = Math.floor(Date.now() / 60_000) * 60_000 + 60_000;
  await page.clock.setSystemTime(new Date(minute + 2_000));
  await openApp(page, '/activity');
  // Three requests a minute per token, so the fourth is refused (the mock's real per-token limit, scaled).
  await mockControl(page, { action: 'rateLimits', enabled: true, scale: 0.1 });

  await expect(page.getByRole('radio', { name: /Token proxy of this deployment \(recommended\)/ })).toBeChecked();
  await expect(count(page)).toBeVisible();
  const all = await countValue(page);
  await expect(page.getByRole('status').filter({ hasText: 'A token is held in memory' })).toContainText(
    'scope: ACTIVITY_LOG',
  );

  await page.getByRole('checkbox', { name: 'Users' }).check();
  await expect(page).toHaveURL(/modules=Users/);
  await page.getByRole('checkbox', { name: 'Security' }).check();
  await expect(page).toHaveURL(/modules=Users&modules=Security/);
  await expect.poll(() => countValue(page)).toBeLessThan(all);
  await expect.poll(async () => [...new Set(await moduleColumn(page))].sort()).toEqual(['Security', 'Users']);

  // Sorting and text search act on the answer.
  await page.getByRole('button', { name: 'Event type' }).click();
  await expect(page.getByRole('columnheader', { name: /Event type/ })).toHaveAttribute('aria-sort', 'ascending');
  await page.getByLabel('Search the list').fill('deleted');
  await expect(page.getByText(/\d+ of \d+ event types match “deleted”/)).toBeVisible();
  await page.getByLabel('Search the list').fill('');

  // Fourth request with this token, late in the minute: 429 with Retry-After and the ot-* headers.
  await page.clock.setSystemTime(new Date(minute + 52_000));
  await page.getByRole('checkbox', { name: 'Workflow' }).check();
  const wait = page
    .getByRole('status')
    .filter({ hasText: 'The platform is limiting requests (429 Too Many Requests)' });
  await expect(wait).toBeVisible();
  await expect(wait).toContainText(/Trying again automatically in \d+ s/);
  await expect(wait).toContainText('MINUTE');
  await expect(wait.getByRole('definition').nth(0)).toHaveText('4 this minute');
  await expect(wait.getByRole('definition').nth(1)).toHaveText('3 per minute');
  await page.screenshot({ path: '/tmp/activity-429.png', fullPage: true });
  // After Retry-After the next minute's window admits it.
  await expect(wait).toBeHidden({ timeout: 20_000 });
  await expect
    .poll(async () => [...new Set(await moduleColumn(page))].sort())
    .toEqual(['Security', 'Users', 'Workflow']);

  expect(consoleErrors).toEqual([]);
});

test('activity: client id + secret typed in lists event types; a client without the scope gets the scope message', async ({
  page,
  consoleErrors,
}) => {
  await openApp(page, '/activity');
  await page.getByRole('radio', { name: /My own client id and secret/ }).check();
  await expect(page.getByText(/a web page cannot keep a secret safe/)).toBeVisible();
  await page.getByLabel('Client id', { exact: true }).fill('demo-client');
  await page.getByLabel('Client secret', { exact: true }).fill('demo-secret');
  await page.getByRole('button', { name: 'Use these credentials' }).click();
  await expect(count(page)).toBeVisible();
  await expect(page.getByLabel('Client secret', { exact: true })).toHaveValue('');
  expect(page.url()).not.toContain('secret');
  await page.screenshot({ path: '/tmp/activity-client.png', fullPage: true });

  await page.getByLabel('Client id', { exact: true }).fill('demo-noscope');
  await page.getByLabel('Client secret', { exact: true }).fill('demo-secret');
  await page.getByRole('button', { name: 'Use these credentials' }).click();
  await expect(page.getByRole('alert')).toContainText('Forbidden (403): the token lacks the ACTIVITY_LOG scope');
  await expect(page.getByRole('alert')).toContainText('Ask the platform administrator to grant ACTIVITY_LOG');
  await expect(page.getByText('This token lacks the ACTIVITY_LOG scope.')).toBeVisible();

  // Nothing of the session survives a reload.
  await openApp(page, '/activity');
  await expect(page.getByRole('radio', { name: /Token proxy of this deployment/ })).toBeChecked();
  expect(
    await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage })),
  ).not.toContain('demo-secret');

  expect(consoleErrors).toEqual([]);
});
