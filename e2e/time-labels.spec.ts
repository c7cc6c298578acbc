import { test, expect, openApp } from './fixtures';

test('one site at freq=all: From/To are local days, and the UTC span shown is where the results start and end', async ({
  page,
  consoleErrors,
}) => {
  const q = 'imageType=visible&site=CLNE&vnum=311240&datefrom=20250301000000&dateto=20250301235959';
  await openApp(page, `/imagery?${q}&order=asc`);
  await expect(page.getByLabel('From (local day at CLNE, America/Adak)')).toHaveValue('2025-03-01');
  const span = page.getByText(/This covers 2025-03-01 10:00:00 UTC to 2025-03-02 09:59:59 UTC\./);
  await expect(span).toBeVisible();
  // Oldest result: the first minutes of the local day, labelled in the site's zone, at the span's start.
  const oldest = page.locator('.image-grid time, [aria-label^="Images, "] time').first();
  await expect(oldest).toHaveText(/^2025-03-01 00:0\d:\d\d HAST$/);
  const oldestUtc = Date.parse((await oldest.getAttribute('datetime'))!);
  expect(oldestUtc).toBeGreaterThanOrEqual(Date.UTC(2025, 2, 1, 10));
  expect(oldestUtc).toBeLessThan(Date.UTC(2025, 2, 1, 10, 5));
  await openApp(page, `/imagery?${q}`);
  const newest = page.locator('[aria-label^="Images, "] time').first();
  await expect(newest).toHaveText(/^2025-03-01 23:5\d:\d\d HAST$/);
  const newestUtc = Date.parse((await newest.getAttribute('datetime'))!);
  expect(newestUtc).toBeLessThanOrEqual(Date.UTC(2025, 2, 2, 9, 59, 59));
  expect(newestUtc).toBeGreaterThan(Date.UTC(2025, 2, 2, 9, 50));
  expect(consoleErrors).toEqual([]);
});

test('the legacy view’s v2 link asks for the same instants: every v1 image is in the v2 result, nothing outside', async ({
  page,
}) => {
  await openApp(
    page,
    '/legacy?type=infrared&site=CLNE&search_from=2025-03-01T06:00&search_to=2025-03-01T07:00&limit=500',
  );
  await expect(page.getByText(/gives its times without a zone/)).toBeVisible();
  await expect(page.getByRole('heading', { name: /^\d+ images?$/ })).toBeVisible({ timeout: 30_000 });
  // v1 names no zone; the mock's v1 host writes and compares site-local wall times by default
  // (docs/service.md, the mock's choices), which the records' ids show, so the site-local link
  // comes first and its instants must match.
  const table = page.getByRole('table');
  const headers = await table.getByRole('columnheader').allTextContents();
  const column = (name: string) =>
    table.locator(`tbody tr td:nth-child(${headers.indexOf(name) + 1})`).allTextContents();
  const v1Wall = await column('Captured (zone not given)');
  expect(v1Wall.length).toBeGreaterThan(0);
  expect(v1Wall.every((t) => t >= '2025-03-01 06:00:00' && t <= '2025-03-01 07:00:00')).toBe(true);
  const v1Utc = await column('In UTC');
  expect(v1Utc).toHaveLength(v1Wall.length);
  const first = page.locator('.legacy-v2-links a').first();
  await expect(first).toHaveText('Open in v2, reading the v1 times as CLNE local time (America/Adak)');
  await first.click();
  await expect(page.getByText(/^Images 1–\d+ of \d+/).first()).toBeVisible({ timeout: 30_000 });
  const v2Utc = await page.locator('[aria-label^="Images, "] time').allTextContents();
  // 06:00–07:00 HAST is 16:00–17:00 UTC: one hour, all on the first page.
  expect(v2Utc.every((t) => t >= '2025-03-01 16:00:00 UTC' && t <= '2025-03-01 17:00:00 UTC')).toBe(true);
  for (const t of v1Utc) expect(v2Utc).toContain(t);
});

test('a frame= link lands on its frame, found through the service', async ({ page }) => {
  await openApp(page, '/imagery?imageType=visible&vnum=345040&datefrom=20250303040000&dateto=20250303043000');
  await page.locator('[aria-label^="Images, "] [aria-label^="Open image"]').first().click();
  const id = (await page.getByRole('dialog').locator('code').first().textContent())!;
  expect(id).toMatch(/^345040\.VPMI\./);
  const m = /\.(\d{4})\.(\d{3})_(\d\d)(\d\d)(\d\d)-/.exec(id)!;
  const at = new Date(Date.UTC(+m[1]!, 0, +m[2]!, +m[3]!, +m[4]!, +m[5]!)).toISOString().replace('.000', '');
  await openApp(page, `/volcano/345040?from=2025-03-01&to=2025-03-07&at=${at}&frame=${id}`);
  await expect(page.locator('code', { hasText: id }).first()).toBeVisible({ timeout: 30_000 });
});
