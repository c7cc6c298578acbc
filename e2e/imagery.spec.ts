import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import type { Download, Page } from '@playwright/test';
import { test, expect, openApp } from './fixtures';

/** Entry names of a downloaded ZIP (spec 01 §4.5: `<root>/<image_type>/<vnum>/<site>/<image_id>.jpg`). */
async function zipEntries(download: Download): Promise<string[]> {
  const path = await download.path();
  const files = unzipSync(new Uint8Array(readFileSync(path)));
  return Object.keys(files).filter((n) => !n.endsWith('/'));
}

const grid = (page: Page) => page.getByTestId('image-grid');
const cards = (page: Page) => page.getByTestId('image-card');

test('hourly on one site → page 2 → lightbox arrows across the page boundary', async ({ page, consoleErrors }) => {
  await openApp(page, '/imagery');
  await expect(page.getByRole('heading', { level: 1, name: 'Imagery' })).toBeVisible();

  await page.getByLabel('Image type').selectOption('visible');
  await page.getByLabel('Camera site').selectOption('RKPI');
  // Hourly takes an exact UTC window (one site at freq=all would take local days instead).
  await page.getByRole('radio', { name: 'hourly' }).check();
  await page.getByLabel('From (UTC)').fill('2025-01-01T00:00:00');
  await page.getByLabel('To (UTC)').fill('2025-01-07T23:59:59');
  // The site-local equivalent is shown beside the UTC input.
  await expect(page.getByText(/= 2024-12-31 21:00:00 GMT-3 at RKPI/)).toBeVisible();
  await expect(page.getByText(/about 98 % fewer images/)).toBeVisible();
  await page.getByLabel('Page size').fill('20');
  await page.getByRole('button', { name: 'Apply filters' }).click();

  await expect(page).toHaveURL(/freq=hourly/);
  await expect(page).toHaveURL(/site=RKPI/);
  await expect(page).toHaveURL(/datefrom=20250101000000/);
  await expect(cards(page)).toHaveCount(20);
  // Sampled results carry UTC times, and say so.
  await expect(cards(page).first().locator('time')).toHaveText(/ UTC$/);

  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(grid(page)).toBeVisible();

  // Keyboard: the first card is the tab stop, arrows move along the grid.
  const opens = grid(page).getByRole('button', { name: /^Open image/ });
  await opens.first().focus();
  await page.keyboard.press('End');
  await expect(opens.last()).toBeFocused();
  const lastTime = (await cards(page).last().locator('time').textContent()) ?? '';
  await page.keyboard.press('Enter');

  const lightbox = page.getByRole('dialog');
  await expect(lightbox).toBeVisible();
  await expect(lightbox.getByRole('heading')).toContainText(lastTime);
  await expect(lightbox).toContainText('Image 20 of 20 on page 2');
  await expect(lightbox.getByRole('link', { name: 'Open the original file' })).toHaveAttribute('href', /^https?:\/\//);

  await page.keyboard.press('ArrowRight');
  await expect(lightbox).toContainText('Image 1 of 20 on page 3');
  await expect(page).toHaveURL(/page=3/);
  await page.keyboard.press('ArrowLeft');
  await expect(lightbox).toContainText('Image 20 of 20 on page 2');
  await expect(lightbox.getByRole('heading')).toContainText(lastTime);
  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();
  await expect(page).toHaveURL(/page=2/);
  expect(consoleErrors).toEqual([]);
});

test('estimate → large_dataset → hourly suggestion → ZIP; then 3 selected images on two pages → ZIP of those 3', async ({
  page,
}) => {
  // freq=all on one site over a week: above the mock's large_dataset threshold.
  await openApp(
    page,
    '/imagery?imageType=visible&site=RKPI&vnum=357120&datefrom=20250101000000&dateto=20250107235959&limit=20&order=asc',
  );
  await expect(cards(page)).toHaveCount(20);
  // One site at freq=all: the service answers in site-local time, labelled with its zone.
  await expect(cards(page).first().locator('time')).toHaveText(/ GMT-3$/);

  await page.getByRole('button', { name: 'Download all matching…' }).click();
  const dialog = page.getByTestId('download-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/large_dataset/)).toBeVisible();
  const before = Number((await dialog.getByTestId('estimate-count').textContent())?.replace(/,/g, ''));
  expect(before).toBeGreaterThan(5000);
  await dialog.getByRole('button', { name: 'Use hourly sampling' }).click();
  await expect(page).toHaveURL(/freq=hourly/);
  await expect(dialog.getByText(/large_dataset/)).toBeHidden();
  await expect(dialog.getByTestId('estimate-count')).not.toHaveText(String(before.toLocaleString('en')));
  const count = Number((await dialog.getByTestId('estimate-count').textContent())?.replace(/,/g, ''));
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThan(before / 10);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: `Download ${count.toLocaleString('en')} images` }).click(),
  ]);
  const entries = await zipEntries(download);
  expect(entries).toHaveLength(count);
  for (const e of entries) expect(e).toMatch(/^[^/]+\/visible\/357120\/RKPI\/[^/]+\.jpg$/);
  await expect(dialog.getByText(/Saved .*\.zip/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // Selection across pages: two on page 1 (shift-click makes a range of 2), one on page 2.
  const ids: string[] = [];
  const check = async (i: number, shift = false) => {
    const card = cards(page).nth(i);
    ids.push((await card.getAttribute('data-image-id'))!);
    await card.getByRole('checkbox').click(shift ? { modifiers: ['Shift'] } : undefined);
  };
  await check(0);
  await check(1, true);
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(cards(page).first()).not.toHaveAttribute('data-image-id', ids[0]!);
  await check(4);
  await expect(page.getByText('3 selected')).toBeVisible();
  // The selection survives going back a page.
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(cards(page).first().getByRole('checkbox')).toBeChecked();

  await page.getByRole('button', { name: 'Download selected…' }).click();
  await expect(dialog).toBeVisible();
  const [sel] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download 3 selected' }).click(),
  ]);
  const selEntries = await zipEntries(sel);
  expect(
    selEntries
      .map((e) =>
        e
          .split('/')
          .pop()!
          .replace(/\.jpg$/, ''),
      )
      .sort(),
  ).toEqual([...ids].sort());
  for (const e of selEntries) expect(e).toMatch(/^[^/]+\/visible\/357120\/RKPI\/[^/]+\.jpg$/);
});

test('night with infrared cannot be submitted; a 422 from the service is shown beside its field; bad URL values are dropped with a notice', async ({
  page,
}) => {
  // limit=500 is a link the form would never make (it allows 1–200): the service answers 422.
  await openApp(page, '/imagery?imageType=visible&order=sideways&limit=500');
  await expect(page.getByRole('status').filter({ hasText: 'Ignored order=sideways' })).toBeVisible();
  await expect(page).not.toHaveURL(/order=sideways/);
  const size = page.getByLabel('Page size');
  const serverMsg = page.getByRole('alert').filter({ hasText: /^Service: Input should be less than or equal to 200/ });
  await expect(serverMsg).toBeVisible();
  // Beside its field: the field points at the message.
  const id = await serverMsg.getAttribute('id');
  expect(id).toBeTruthy();
  expect((await size.getAttribute('aria-describedby')) ?? '').toContain(id!);
  await size.fill('50');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(cards(page)).toHaveCount(50);
  await expect(serverMsg).toBeHidden();

  await page.getByLabel('Day / night (visible only)').selectOption('true');
  await page.getByLabel('Image type').selectOption('infrared');
  const apply = page.getByRole('button', { name: 'Apply filters' });
  await expect(apply).toBeDisabled();
  await expect(page.getByText(/Cannot apply: Day\/night applies to visible images only/)).toBeVisible();
  await page.getByLabel('Day / night (visible only)').selectOption('');
  await expect(apply).toBeEnabled();

  // The same combination arriving by link reaches the service; its 400 lands beside the field it names.
  await page.goto('/imagery?imageType=infrared&is_night=true');
  await expect(
    page.getByRole('alert').filter({ hasText: /^Service: is_night filter is only available for visible images/ }),
  ).toBeVisible();
});
