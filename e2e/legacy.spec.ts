import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { test, expect, openApp } from './fixtures';

test('legacy v1: refused without a range → query with a range → look-up by id → ZIP only up to 100', async ({
  page,
  consoleErrors,
}) => {
  await openApp(page, '/legacy');
  await expect(page.getByRole('heading', { level: 1, name: /Legacy imagery archive/ })).toBeVisible();
  await expect(page.getByText('This is the superseded v1 interface.')).toBeVisible();

  const form = page.getByRole('form', { name: 'Legacy query' });
  await form.getByLabel('Image type').selectOption('infrared');
  await form.getByLabel('Site').selectOption('CLNE');
  await form.getByRole('button', { name: 'Search' }).click();
  // No range and no limit: not sent, and the reason is given.
  await expect(page.getByRole('alert')).toContainText('Query not sent');
  await expect(page.getByRole('alert')).toContainText('70,000 or more for infrared, about 24 MB');

  await form.getByLabel('From (search_from)').fill('2025-03-01T00:00');
  await form.getByLabel('To (search_to)').fill('2025-03-03T00:00');
  await form.getByLabel('Limit').fill('150');
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/search_from=2025-03-01T00%3A00/);
  await expect(page.getByRole('heading', { name: '150 images' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download ZIP' })).toBeDisabled();
  await expect(page.getByText(/only for 100 images or fewer, and this result has 150/)).toBeVisible();
  // v1 gives no zone: the times are shown as written, and in UTC as the records' ids show them.
  await expect(page.getByRole('columnheader', { name: 'Captured (zone not given)' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'In UTC' })).toBeVisible();
  const firstRow = page.getByRole('row').nth(1).getByRole('cell');
  await expect(firstRow.nth(3)).toHaveText(/^2025-03-0[12] \d\d:\d\d:\d\d$/);
  await expect(firstRow.nth(4)).toHaveText(/^2025-03-0[123] \d\d:\d\d:\d\d UTC$/);
  // CLNE is Cleveland's only infrared camera: asked by vnum, so v2 takes the exact UTC range.
  await expect(
    page.getByRole('link', { name: 'Open in v2, reading the v1 times as CLNE local time (America/Adak)' }),
  ).toHaveAttribute('href', /\/imagery\?imageType=infrared&vnum=311240&datefrom=20250301100000&dateto=20250303100000$/);
  await expect(page.getByRole('link', { name: 'Open in v2, reading the v1 times as UTC' })).toHaveAttribute(
    'href',
    /\/imagery\?imageType=infrared&vnum=311240&datefrom=20250301000000&dateto=20250303000000$/,
  );

  // Thumbnails of the same result.
  await page.getByRole('button', { name: 'Thumbnails' }).click();
  const thumb = page.getByRole('img', { name: /CLNE infrared image at/ }).first();
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
  await page.screenshot({ path: '/tmp/legacy-thumbs.png' });
  await page.getByRole('button', { name: 'Table' }).click();

  // Look-up by id from the table.
  const first = page.getByRole('button', { name: /^Look up / }).first();
  const imageId = (await first.textContent())!;
  await first.click();
  await expect(page).toHaveURL(new RegExp(`id=${imageId}`));
  const meta = page.getByRole('definition').filter({ hasText: imageId });
  await expect(meta.first()).toBeVisible();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download file' }).click();
  expect((await downloadPromise).suggestedFilename()).toBe(`${imageId}.jpg`);
  await page.screenshot({ path: '/tmp/legacy-lookup.png', fullPage: true });

  // A missing infrared id: the 404 problem body, in words, claiming no more than spec 02 §7 does.
  await page.getByLabel('Image id (infrared)').fill('no-such-image');
  await page.getByRole('button', { name: 'Look up', exact: true }).click();
  await expect(
    page.getByText(/^The infrared endpoint answered 404, id or path not found: “Image no-such-image not found”\./),
  ).toBeVisible();

  // At most 100 results: the ZIP is offered and holds them.
  await form.getByLabel('Limit').fill('12');
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: '12 images' })).toBeVisible();
  const zipPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download ZIP' }).click();
  const zip = await zipPromise;
  const entries = Object.keys(unzipSync(new Uint8Array(readFileSync(await zip.path()))));
  expect(entries).toHaveLength(12);

  expect(consoleErrors).toEqual([]);
});
