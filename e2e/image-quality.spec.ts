/**
 * Image quality as the service tells it: records carry no flags (spec 01 §2.4), so every label
 * here was learned from flag-filtered queries. And the imagery time-lapse, oldest to newest.
 */
import { test, expect, openApp } from './fixtures';
import type { Page } from '@playwright/test';

interface Rec {
  image_id: string;
  timestamp: string;
}

/** Asks the in-browser mock service directly, as the app would (through its worker). */
async function query(page: Page, params: Record<string, string>) {
  return page.evaluate(async (p) => {
    const res = await fetch(`/demo-api/api/imagery/q?${new URLSearchParams(p)}`);
    return (await res.json()) as { results: Rec[]; pagination: { total_count: number } };
  }, params);
}

const compact = (ms: number) => new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14);
const shares = (label: string) =>
  Object.fromEntries([...label.matchAll(/([a-z ]+) (\d+) %/g)].map((m) => [m[1]!.trim(), Number(m[2])]));

test('a week of Poás: the visible strip says how much was night; infrared never says night', async ({
  page,
  consoleErrors,
}) => {
  // About a dozen flag lists, answered by the in-browser mock one after another: slow on a busy machine.
  test.setTimeout(180_000);
  await openApp(page, '/volcano/345040');
  const visible = page.getByRole('img', { name: /^Visible, VPMI: / });
  const infrared = page.getByRole('img', { name: /^Infrared, VPMI: / });
  // Costa Rica has no daylight saving: 19:00–06:00 is 11 of 24 hours, about 46 % of a week.
  await expect(visible).toHaveAccessibleName(/night (4[0-9]|5[0-2]) %/, { timeout: 120_000 });
  const v = shares((await visible.getAttribute('aria-label'))!);
  expect(Object.values(v).reduce((a, b) => a + b, 0)).toBe(100);
  expect(v.good ?? 0).toBeLessThan(60);
  await expect(infrared).toHaveAccessibleName(/good \d+ %/, { timeout: 60_000 });
  await expect(infrared).not.toHaveAccessibleName(/night/);
  // The same words are on screen for sighted readers (read together: the label may still be filling in).
  const shown = visible.locator('xpath=following-sibling::p[1]');
  await expect.poll(async () => (await shown.innerText()) === (await visible.getAttribute('aria-label'))).toBe(true);
  expect(consoleErrors).toEqual([]);
});

test('an empty frame is never labelled good, in the grid or in its lightbox', async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await openApp(page, '/imagery');
  const day = { imageType: 'infrared', vnum: '311240', datefrom: '20250301000000', dateto: '20250301235959' };
  const empty = (await query(page, { ...day, is_empty: 'true', limit: '1', order: 'asc' })).results[0]!;
  expect(empty, 'the mock has an empty frame that day').toBeTruthy();
  const t = Date.parse(empty.timestamp);
  // A few minutes around it, every capture, no flag filter: the grid learns the flag by itself.
  await page.goto(
    `/imagery?imageType=infrared&vnum=311240&datefrom=${compact(t - 5 * 60_000)}&dateto=${compact(t + 5 * 60_000)}&order=asc`,
  );
  const card = page.locator(`[data-testid="image-card"][data-image-id="${empty.image_id}"]`);
  await expect(card).toBeVisible();
  await expect(card.locator('.badge')).toHaveText(['Empty']);
  await card.getByRole('button', { name: /^Open image/ }).click();
  const lightbox = page.getByTestId('lightbox');
  await expect(lightbox.getByTestId('lightbox-quality')).toHaveText('Empty');
  await expect(lightbox.getByRole('list', { name: 'Flags' })).toContainText('Empty: yes');
  await expect(lightbox).not.toContainText(/Good|Flags\s*none/);
  expect(consoleErrors).toEqual([]);
});

test('the time-lapse plays oldest to newest across result pages, its time always shown', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  // Eight hours of Cleveland infrared, every capture: over 200 images, newest first in the grid.
  const range = 'imageType=infrared&vnum=311240&datefrom=20250302000000&dateto=20250302075959';
  await openApp(page, `/imagery?${range}&limit=50`);
  const oldest = (await query(page, { ...Object.fromEntries(new URLSearchParams(range)), order: 'asc', limit: '1' }))
    .results[0]!;
  const total = (await query(page, { ...Object.fromEntries(new URLSearchParams(range)), limit: '1' })).pagination
    .total_count;
  expect(total).toBeGreaterThan(220);

  await page.getByRole('button', { name: 'Time-lapse…' }).click();
  const lapse = page.getByTestId('time-lapse');
  const time = lapse.getByTestId('time-lapse-time');
  const at = async () => Date.parse((await time.innerText()).replace(' UTC', 'Z').replace(' ', 'T'));
  // Starts at the oldest image of the whole result, not at the grid's page or order.
  await expect(time).toHaveText(oldest.timestamp.replace('T', ' ').replace('Z', ' UTC'));

  // The frame fits the player; the player fits the window.
  const stage = (await lapse.locator('.time-lapse__stage').boundingBox())!;
  const img = lapse.getByRole('img');
  const box = (await img.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(stage.width + 1);
  expect(box.height).toBeLessThanOrEqual(stage.height + 1);
  expect(await img.evaluate((e) => getComputedStyle(e).objectFit)).toBe('contain');
  const dialog = (await lapse.boundingBox())!;
  expect(dialog.y + dialog.height).toBeLessThanOrEqual(page.viewportSize()!.height);

  // Jump near the end of the first page of 200 and play across into the second.
  const slider = lapse.getByRole('slider', { name: 'Position' });
  await slider.evaluate((el: HTMLInputElement) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, '195');
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await expect(lapse).toContainText(`frame 196 of ${total.toLocaleString('en')}`);
  const seen = [await at()];
  await lapse.getByLabel('Frames per second').fill('10');
  await lapse.getByRole('button', { name: 'Play' }).click();
  await expect
    .poll(
      async () => {
        const t = await at();
        if (t !== seen[seen.length - 1]) seen.push(t);
        return Number(/frame (\d+) of/.exec(await lapse.innerText())?.[1]);
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(206);
  await lapse.getByRole('button', { name: 'Pause' }).click();
  seen.push(await at());
  expect(seen.length).toBeGreaterThan(3);
  for (let i = 1; i < seen.length; i++) expect(seen[i]!, `step ${i}`).toBeGreaterThanOrEqual(seen[i - 1]!);
  expect(seen[seen.length - 1]!).toBeGreaterThan(seen[0]!);
  await expect(time).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
  expect(consoleErrors).toEqual([]);
});
