import type { Page } from '@playwright/test';
import { test, expect, openApp } from './fixtures';

/**
 * The URL is the view's state (docs/architecture.md): Back and Forward must bring back the controls
 * and the results of each step, not only the address.
 */
const cards = (page: Page) => page.getByTestId('image-card');
const openButtons = (page: Page) => page.getByTestId('image-grid').getByRole('button', { name: /^Open image/ });
const DAY = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const chart = (page: Page) => page.getByTestId('rsam-chart');
const points = async (page: Page) => Number(await chart(page).getAttribute('data-points'));

test('imagery: Back and Forward walk site and page changes, form and results alike', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const site = page.getByLabel('Camera site');
  const pageButton = (n: number) => page.getByRole('button', { name: `Page ${n}`, exact: true });

  await openApp(
    page,
    '/imagery?imageType=visible&site=RKPI&freq=hourly&datefrom=20250101000000&dateto=20250107235959&limit=20',
  );
  await expect(cards(page)).toHaveCount(20);
  await expect(openButtons(page).first()).toHaveAccessibleName(/^Open image RKPI /);

  // Step 2: another volcano's camera, through the form.
  await page.getByLabel('Volcano').selectOption({ label: 'Poás (345040)' });
  await site.selectOption('VPMI');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/site=VPMI/);
  await expect(openButtons(page).first()).toHaveAccessibleName(/^Open image VPMI /);
  // Step 3: its second page.
  const firstOfPage1 = await openButtons(page).first().getAttribute('aria-label');
  await pageButton(2).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pageButton(2)).toHaveAttribute('aria-current', 'page');
  await expect(openButtons(page).first()).not.toHaveAccessibleName(firstOfPage1!);

  await page.goBack();
  await expect(page).not.toHaveURL(/page=2/);
  await expect(pageButton(1)).toHaveAttribute('aria-current', 'page');
  await expect(openButtons(page).first()).toHaveAccessibleName(firstOfPage1!);
  await expect(site).toHaveValue('VPMI');

  await page.goBack();
  await expect(page).toHaveURL(/site=RKPI/);
  await expect(site).toHaveValue('RKPI');
  await expect(openButtons(page).first()).toHaveAccessibleName(/^Open image RKPI /);

  await page.goForward();
  await expect(page).toHaveURL(/site=VPMI/);
  await expect(site).toHaveValue('VPMI');
  await expect(openButtons(page).first()).toHaveAccessibleName(firstOfPage1!);

  await page.goForward();
  await expect(pageButton(2)).toHaveAttribute('aria-current', 'page');
  await expect(openButtons(page).first()).not.toHaveAccessibleName(firstOfPage1!);
  expect(consoleErrors).toEqual([]);
});

test('seismic: Back and Forward walk range and scale changes, form and chart alike', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const today = Date.now() - (Date.now() % DAY);
  const oneDay = isoDay(today - 3 * DAY);
  const from = page.getByLabel('From (UTC day)');
  const to = page.getByLabel('To (UTC day, inclusive)');
  const log = page.getByRole('radio', { name: 'Logarithmic' });
  const linear = page.getByRole('radio', { name: 'Linear' });

  await openApp(page, `/seismic?channels=AV.CLCL..BHZ&from=${oneDay}&to=${oneDay}`);
  await expect.poll(() => points(page)).toBeGreaterThan(1000);
  expect(await points(page)).toBeLessThanOrEqual(1441);

  // Step 2: three days, through the form.
  await from.fill(isoDay(today - 5 * DAY));
  await page.getByRole('button', { name: 'Show these days' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${isoDay(today - 5 * DAY)}&to=${oneDay}`));
  await expect.poll(() => points(page)).toBeGreaterThan(2 * 1441);
  // Step 3: log scale.
  await log.check();
  await expect(page).toHaveURL(/scale=log/);

  await page.goBack();
  await expect(page).not.toHaveURL(/scale=log/);
  await expect(linear).toBeChecked();
  await expect(from).toHaveValue(isoDay(today - 5 * DAY));

  await page.goBack();
  await expect(from).toHaveValue(oneDay);
  await expect(to).toHaveValue(oneDay);
  await expect.poll(() => points(page)).toBeLessThanOrEqual(1441);

  await page.goForward();
  await expect(from).toHaveValue(isoDay(today - 5 * DAY));
  await expect.poll(() => points(page)).toBeGreaterThan(2 * 1441);
  await expect(linear).toBeChecked();

  await page.goForward();
  await expect(log).toBeChecked();
  await expect(page).toHaveURL(/scale=log/);
  expect(consoleErrors).toEqual([]);
});
