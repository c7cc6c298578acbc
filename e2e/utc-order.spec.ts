/**
 * The fall-back night of Cumbre Vieja CV01 (2025-10-26: 01:xx WEST, then 01:xx WET again), against
 * the mock server, which sorts one site's answer by local time, so the two passes of the repeated
 * hour interleave an hour apart. The grid, the lightbox's Next and the time-lapse's frames follow
 * the UTC instant, and the page says once that this is not the service's order.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, openOnServer } from './server-fixtures';

test.use({ mockNow: '2025-11-01T00:00:00Z', timezoneId: 'America/Costa_Rica' });

const NIGHT = '/imagery?imageType=infrared&site=CV01&datefrom=20251026000000&dateto=20251026000000&order=asc&limit=200';

/** A label's wall time and GMT offset ("2025-10-26 01:00:12 GMT+0 (…)") as the instant it names. */
function labelInstant(label: string): number {
  const m = /(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d) GMT([+-]\d+)?(?!\d| or)/.exec(label);
  if (!m) throw new Error(`no single-offset time in ${JSON.stringify(label)}`);
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) - Number(m[7] ?? 0) * 3_600_000;
}

const rising = (xs: readonly number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! < x);

async function grid(page: Page): Promise<Locator> {
  const g = page.locator('[aria-label^="Images, "]');
  await expect(g.getByTestId('image-card').first()).toBeVisible({ timeout: 30_000 });
  await expect(g).not.toHaveAttribute('aria-busy', 'true');
  return g;
}

test('the repeated hour pages in UTC order in the grid and the lightbox, and says the service’s order differs', async ({
  page,
  mockServer,
  consoleErrors,
}) => {
  // Some 80 steps through the lightbox, each waited on: minutes on a busy two-core machine.
  test.setTimeout(180_000);
  await openOnServer(page, mockServer, NIGHT);
  const g = await grid(page);
  const cards = await g.getByTestId('image-card').evaluateAll((els) =>
    els.map((el) => {
      const t = el.querySelector('time')!;
      return { label: t.textContent!, at: Date.parse(t.dateTime) };
    }),
  );
  expect(cards).toHaveLength(200);
  // Every card's instant rises, and its label names that instant (the label is what a user reads).
  expect(rising(cards.map((c) => c.at))).toBe(true);
  for (const c of cards) expect(labelInstant(c.label), c.label).toBe(c.at);
  const passes = cards.filter((c) => c.label.includes('clocks went back'));
  expect(passes.length).toBeGreaterThan(60);
  // The first pass wholly before the second: one step from first to second, never back.
  const which = passes.map((c) => /the (first|second) pass/.exec(c.label)![1]);
  expect(which.join(' ')).toMatch(/^(first )+(second ?)+$/);
  await expect(page.getByText(/^Shown in UTC order: the service lists this page by the site’s local time/)).toHaveCount(
    1,
  );

  // The lightbox from the last frame before the hour: Next walks on in UTC order across both passes.
  const before = cards.findIndex((c) => c.label.includes('clocks went back')) - 1;
  await g.getByTestId('image-card').nth(before).getByRole('button').first().click();
  const lightbox = page.getByTestId('lightbox');
  const heading = lightbox.getByRole('heading');
  const seen: number[] = [];
  for (let i = 0; i < passes.length + 2; i++) {
    await expect(lightbox).toContainText(`Image ${before + 1 + i} of 200 on page 1`);
    seen.push(labelInstant((await heading.textContent())!));
    await lightbox.getByRole('button', { name: 'Next image →' }).click();
  }
  expect(rising(seen)).toBe(true);
  expect(seen).toEqual(cards.slice(before, before + passes.length + 2).map((c) => c.at));
  expect(consoleErrors).toEqual([]);
});

test('the time-lapse plays the repeated hour in UTC order', async ({ page, mockServer, consoleErrors }) => {
  test.setTimeout(180_000);
  await openOnServer(page, mockServer, NIGHT);
  await grid(page);
  await page.getByRole('button', { name: 'Time-lapse…' }).click();
  const lapse = page.getByTestId('time-lapse');
  const position = lapse.getByRole('slider', { name: 'Position' });
  await expect(position).toHaveAttribute('aria-valuetext', /^frame 1, 2025-10-26 00:0/);
  // Frames from the start of the local day (23:00 UTC the day before) to past the repeated hour.
  const seen: { frame: number; at: number; label: string }[] = [];
  for (let f = 1; f <= 135; f++) {
    await expect(position).toHaveAttribute('aria-valuetext', new RegExp(`^frame ${f}, `));
    const label = (await lapse.getByTestId('time-lapse-time').textContent())!;
    seen.push({ frame: f, at: labelInstant(label), label });
    await position.press('ArrowRight');
  }
  expect(seen.filter((s) => s.label.includes('clocks went back')).length).toBeGreaterThan(60);
  expect(rising(seen.map((s) => s.at))).toBe(true);
  expect(consoleErrors).toEqual([]);
});

test('one site asked for an exact UTC window: only its images, in UTC order, kept in the link', async ({
  page,
  mockServer,
  consoleErrors,
}) => {
  await openOnServer(page, mockServer, NIGHT);
  await grid(page);
  await expect(page.getByLabel(/^From \(local day at CV01/)).toBeVisible();
  await page.getByRole('checkbox', { name: /Exact UTC window/ }).check();
  // The local day carried over as its UTC span; narrowed to the fall-back's three hours.
  await page.getByLabel('From (UTC)').fill('2025-10-26T00:00:00');
  await page.getByLabel('To (UTC)').fill('2025-10-26T03:00:00');
  await expect(
    page.getByText(/^From and To are UTC, to the second: the service gives CV01 only whole local days/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/[?&]window=utc(&|$)/);
  await expect(page).toHaveURL(/datefrom=20251026000000&dateto=20251026030000/);
  const g = await grid(page);
  const at = await g
    .locator('time')
    .evaluateAll((els) => els.map((el) => Date.parse((el as HTMLTimeElement).dateTime)));
  expect(at.length).toBeGreaterThan(100);
  expect(rising(at)).toBe(true);
  expect(at[0]!).toBeGreaterThanOrEqual(Date.UTC(2025, 9, 26, 0));
  expect(at.at(-1)!).toBeLessThanOrEqual(Date.UTC(2025, 9, 26, 3));
  expect(at.at(-1)! - at[0]!).toBeGreaterThan(2.5 * 3_600_000);
  await expect(page.getByRole('button', { name: 'Download all matching…' })).toBeDisabled();
  // The link opens the same window.
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /Exact UTC window/ })).toBeChecked();
  const again = await (
    await grid(page)
  )
    .locator('time')
    .evaluateAll((els) => els.map((el) => Date.parse((el as HTMLTimeElement).dateTime)));
  expect(again).toEqual(at);
  expect(consoleErrors).toEqual([]);
});
