import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect, openApp, mockControl, spaNavigate, dragChart } from './fixtures';

const DAY = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const chart = (page: Page) => page.getByTestId('rsam-chart');
const points = async (page: Page) => Number(await chart(page).getAttribute('data-points'));

async function pickChannel(page: Page, filter: string, id: string) {
  await page.getByLabel('Filter channels').fill(filter);
  await page.getByRole('checkbox', { name: new RegExp(id.replace(/\./g, '\\.')) }).check();
}

test('pick two channels, change the range, zoom, log + local time, export CSV, reload to the same view', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  await openApp(page, '/seismic?from=now-24h&to=now&bogus=1');
  await expect(page.getByText(/Ignored bogus=1 in the address/)).toBeVisible();
  await expect(page).not.toHaveURL(/bogus/);
  await expect(page.getByText('No channel chosen.')).toBeVisible();

  // Type-to-filter, then keyboard: Space on a focused checkbox picks it.
  await page.getByLabel('Filter channels').fill('CLCL');
  await expect(page.getByRole('checkbox')).toHaveCount(3);
  await page.getByRole('checkbox', { name: /AV\.CLCL\.\.BHZ/ }).focus();
  await page.keyboard.press('Space');
  await pickChannel(page, 'VPCC HHZ', 'OV.VPCC..HHZ');
  await expect(page).toHaveURL(/channels=AV\.CLCL\.\.BHZ%2COV\.VPCC\.\.HHZ|channels=AV\.CLCL\.\.BHZ,OV\.VPCC\.\.HHZ/);
  // 24 h of two channels: up to 2 × 1,440 windows minus outages.
  await expect.poll(() => points(page)).toBeGreaterThan(1000);
  expect(await points(page)).toBeLessThanOrEqual(2 * 1441 + 4);
  await expect(page.getByText(/AV\.CLCL\.\.BHZ: [\d,]+ points, min/)).toBeVisible();

  // An invalid range is refused in the form and never sent.
  const today = Date.now() - (Date.now() % DAY);
  const before = page.url();
  await page.getByLabel('From (UTC day)').fill(isoDay(today - 2 * DAY));
  await page.getByLabel('To (UTC day, inclusive)').fill(isoDay(today - 4 * DAY));
  await page.getByRole('button', { name: 'Show these days' }).click();
  await expect(page.getByRole('alert')).toContainText('The start day is after the end day');
  expect(page.url()).toBe(before);
  // A valid one: three inclusive UTC days.
  await page.getByLabel('From (UTC day)').fill(isoDay(today - 4 * DAY));
  await page.getByLabel('To (UTC day, inclusive)').fill(isoDay(today - 2 * DAY));
  await page.getByRole('button', { name: 'Show these days' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${isoDay(today - 4 * DAY)}&to=${isoDay(today - 2 * DAY)}`));
  await expect.poll(() => points(page)).toBeGreaterThan(3 * 1440);

  // Drag to zoom: the zoom goes into the address.
  const over = chart(page).locator('.u-over');
  await dragChart(chart(page), 0.3, 0.5);
  await expect(page).toHaveURL(/view=\d+-\d+/);

  await page.getByRole('radio', { name: 'Logarithmic' }).check();
  await page.getByRole('radio', { name: 'Volcano local time' }).check();
  await expect(page).toHaveURL(/scale=log/);
  await expect(page).toHaveURL(/tz=local/);
  await expect(page.getByText(/Time axis: local time of Cleveland \(America\/Adak/)).toBeVisible();

  // The legend names the zone and gives the counts of both channels under the cursor (the box is read
  // again: the local-time note beside the day inputs moves the chart down).
  await chart(page).locator('.u-over').scrollIntoViewIfNeeded();
  const now = (await chart(page).locator('.u-over').boundingBox())!;
  await page.mouse.move(now.x + now.width * 0.4, now.y + now.height / 2);
  await expect(page.getByLabel('Values under the cursor')).toContainText(
    /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d (HST|HAST|GMT-10)/,
  );
  await expect(page.getByLabel('Values under the cursor')).toContainText(/OV\.VPCC\.\.HHZ \d/);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^rsam_AV\.CLCL\.\.BHZ_OV\.VPCC\.\.HHZ_.*_America-Adak\.csv$/);
  const csv = (await readFile(await download.path())).toString('utf8').trim().split('\n');
  expect(csv[0]).toMatch(/times in America\/Adak/);
  const header = csv.find((l) => l.startsWith('time'));
  expect(header).toBe('time (America/Adak),AV.CLCL..BHZ (counts),OV.VPCC..HHZ (counts)');
  const rows = csv.filter((l) => /^\d{4}-/.test(l));
  // About 20 % of three days of minutes, both channels.
  expect(rows.length).toBeGreaterThan(300);
  expect(rows.length).toBeLessThan(1500);
  for (const r of rows.slice(0, 20)) expect(r).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00-10:00,[\d.]*,[\d.]*$/);

  // Reload the address: the same view.
  const url = page.url();
  const drawn = await points(page);
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Logarithmic' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Volcano local time' })).toBeChecked();
  await expect(page.getByRole('list', { name: 'Selected channels' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Reset zoom' })).toBeVisible();
  await expect.poll(() => points(page)).toBe(drawn);
  expect(page.url()).toBe(url);

  // Double-click resets the zoom; the keyboard zooms and resets too.
  await over.dblclick();
  await expect(page).not.toHaveURL(/view=/);
  await chart(page)
    .getByRole('group', { name: /RSAM chart of/ })
    .focus();
  await page.keyboard.press('+');
  await expect(page).toHaveURL(/view=\d+-\d+/);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('0');
  await expect(page).not.toHaveURL(/view=/);

  // The report figure (figure-save.ts): a PNG 960 px wide at 1× (report-figures.spec.ts reads its caption).
  await page.getByRole('button', { name: 'Export figure…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export figure' });
  await dialog.getByLabel('Resolution (PNG)').selectOption('1');
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Save PNG' }).click(),
  ]);
  expect(png.suggestedFilename()).toMatch(/\.png$/);
  const bytes = await readFile(await png.path());
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(bytes.readUInt32BE(16)).toBe(960);
  await expect(dialog).toBeHidden();

  // Stacked panels with smoothing: one canvas per channel.
  await page.getByRole('radio', { name: 'Stacked panels' }).check();
  await page.getByLabel('Smoothing').selectOption('1h');
  await expect(page).toHaveURL(/layout=stacked/);
  await expect(page).toHaveURL(/smooth=1h/);
  await expect(chart(page).locator('canvas')).toHaveCount(2);
  // A 1 h rolling mean is evaluated every 2 min (1/30 of the window): about half the raw points.
  await expect.poll(() => points(page)).toBeLessThan(drawn * 0.6);
  await page.screenshot({ path: test.info().outputPath('seismic-stacked.png'), fullPage: true });
  expect(consoleErrors).toEqual([]);
});

test('relative ranges in the shared grammar: now-6h works, an old form is rewritten, a bad one is dropped', async ({
  page,
  consoleErrors,
}) => {
  await openApp(page, '/seismic?channels=AV.CLCL..BHZ&from=now-6h&to=now');
  // Six hours of one-minute windows: at most 361, the rest of the loaded days clipped away.
  await expect.poll(() => points(page)).toBeGreaterThan(100);
  expect(await points(page)).toBeLessThanOrEqual(365);
  await expect(page).toHaveURL(/from=now-6h&to=now/);

  // Written before the grammar was shared (leading zero, no to): read, and rewritten in place.
  await openApp(page, '/seismic?channels=AV.CLCL..BHZ&from=now-06h');
  await expect(page).toHaveURL(/channels=AV\.CLCL\.\.BHZ&from=now-6h&to=now$/);
  await expect(page.getByText(/in the address/)).toHaveCount(0);

  await openApp(page, '/seismic?channels=AV.CLCL..BHZ&from=now-6x&to=now&scale=log');
  await expect(page.getByText(/Ignored from=now-6x in the address/)).toBeVisible();
  await expect(page).toHaveURL(/channels=AV\.CLCL\.\.BHZ&from=now-7d&to=now&scale=log$/);
  expect(consoleErrors).toEqual([]);
});

test('a failed month shows an error and a retry without losing the other months', async ({ page }) => {
  test.setTimeout(240_000);
  await openApp(page, '/seismic');
  // Three whole months well inside the archive; the middle one fails its first five tries.
  const d = new Date();
  const m0 = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 4, 1);
  const m1 = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 3, 1);
  const end = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1) - DAY;
  const datefrom = isoDay(m1).replace(/-/g, '');
  await mockControl(page, {
    action: 'fault',
    fault: { match: '/api/seismic/rsam', query: { datefrom }, kind: 'status', status: 503, times: 5 },
  });
  await spaNavigate(page, `/seismic?channels=AV.CLCL..BHZ&from=${isoDay(m0)}&to=${isoDay(end)}`);

  const failed = page.getByRole('alert').filter({ hasText: `Loading RSAM AV.CLCL..BHZ ${isoDay(m1)} to ` });
  await expect(failed).toBeVisible({ timeout: 45_000 });
  // Month chunks: three, of which one failed.
  await expect(page.getByText(/2 of 3 chunks/)).toBeVisible();
  // The chart draws on the next frame after the chunks settle: wait for it rather than read at once.
  await expect.poll(() => points(page), { timeout: 15_000 }).toBeGreaterThan(40 * 1440);
  const kept = await points(page);

  await failed.getByRole('button', { name: 'Retry' }).click();
  // After its failures the endpoint backs off (up to a minute, shared by every request): the chunk
  // is tried again with the next probe, not at once, and its error stays on screen until then.
  await expect(page.getByText(/3 of 3 chunks loaded/)).toBeVisible({ timeout: 120_000 });
  await expect(failed).toHaveCount(0);
  await expect.poll(() => points(page)).toBeGreaterThan(kept + 27 * 1440);

  // Cancel keeps what has arrived; resume loads the rest.
  // Over a month's end: two chunks, the first one slow.
  const m5 = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 6, 16);
  await mockControl(page, {
    action: 'fault',
    fault: {
      match: '/api/seismic/rsam',
      query: { datefrom: isoDay(m5).replace(/-/g, '') },
      kind: 'slow',
      delayMs: 8000,
      times: 1,
    },
  });
  await spaNavigate(page, `/seismic?channels=OV.VPCC..HHZ&from=${isoDay(m5)}&to=${isoDay(m5 + 25 * DAY)}`);
  await expect(page.getByText(/Loading RSAM: 1 of 2 chunks/)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel loading' }).click();
  await expect(page.getByText(/Loading cancelled: 1 of 2 chunks/)).toBeVisible();
  await expect.poll(() => points(page), { timeout: 15_000 }).toBeGreaterThan(4 * 1440);
  await page.getByRole('button', { name: 'Resume loading' }).click();
  await expect(page.getByText(/2 of 2 chunks loaded/)).toBeVisible();
});

test('the data calendar is an arrow-key grid: pick a range by keyboard alone', async ({ page, consoleErrors }) => {
  await openApp(page, '/seismic?channels=AV.CLCL..BHZ&from=2025-01-10&to=2025-01-12');
  await page.getByText('Calendar of days with data').click();
  const grid = page.getByRole('grid', { name: /January 2025 \(UTC\)/ });
  await expect(grid).toBeVisible();
  const start = grid.getByRole('button', { name: /^2025-01-10/ });
  await expect(start).toHaveAttribute('tabindex', '0');
  await start.focus();
  await page.keyboard.press('Enter');
  // Three weeks on and over the month end: the grid turns to February and keeps the focus.
  for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'End', 'ArrowRight', 'ArrowRight', 'ArrowRight'])
    await page.keyboard.press(key);
  await expect(page.getByRole('grid', { name: /February 2025 \(UTC\)/ })).toBeVisible();
  await expect(page.locator(':focus')).toHaveAccessibleName(/^2025-02-05/);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('From (UTC day)')).toHaveValue('2025-01-10');
  await expect(page.getByLabel('To (UTC day, inclusive)')).toHaveValue('2025-02-05');
  await page.getByRole('button', { name: 'Show these days' }).click();
  await expect(page).toHaveURL(/from=2025-01-10&to=2025-02-05/);

  const results = await new AxeBuilder({ page }).include('.day-calendar').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('skip links pass the channel list and reach the chart from the keyboard', async ({ page, consoleErrors }) => {
  await openApp(page, '/seismic?channels=AV.CLCL..BHZ&from=2025-01-10&to=2025-01-12');
  await expect.poll(() => points(page), { timeout: 30_000 }).toBeGreaterThan(0);
  await page.getByRole('link', { name: 'Skip to the chart' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#seismic-chart')).toBeFocused();
  // Tab goes on into the chart's own controls, none of the channel list's boxes in between.
  await page.keyboard.press('Tab');
  expect(await page.locator(':focus').evaluate((el) => !!el.closest('#seismic-chart'))).toBe(true);
  await expect(page).not.toHaveURL(/#/);

  await page.getByRole('link', { name: 'Skip the channel list' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  // The next stop is in the range settings, not one of the channel list's checkboxes.
  const focused = page.locator(':focus');
  await expect(focused).not.toHaveRole('checkbox');
  expect(await focused.evaluate((el) => !!el.closest('#seismic-settings'))).toBe(true);
  expect(consoleErrors).toEqual([]);
});

test('an export whose code cannot load (a release replaced it) says so and leaves the chart as it was', async ({
  page,
}) => {
  // The export code is fetched on the first click; a CDN that no longer holds that file answers 404.
  // The context's route, not the page's: the demo mock's service worker makes the page's fetches.
  await page
    .context()
    .route(/\/assets\/(export|figure-save)-[^/]*\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
  await openApp(page, '/seismic?channels=AV.CLCL..BHZ&from=now-24h&to=now');
  await expect.poll(() => points(page)).toBeGreaterThan(500);
  const drawn = await points(page);
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'CSV export failed' })).toBeVisible();
  await page.getByRole('button', { name: 'Export figure…' }).click();
  await page.getByRole('button', { name: 'Save PNG' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The figure could not be saved' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await points(page)).toBe(drawn);
});
