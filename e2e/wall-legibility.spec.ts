import type { Page } from '@playwright/test';
import { test, expect, openApp, mockControl, atCalmInstant } from './fixtures';

// A calm demo unless a test plays a scene: the tiles' layout is asserted with nothing to flag.
test.beforeEach(({ page }) => atCalmInstant(page));

/** Smallest computed font size among elements that hold visible text directly. */
async function smallestTextSize(page: Page): Promise<{ px: number; text: string }> {
  return page.evaluate(() => {
    let best = { px: Infinity, text: '' };
    const walker = document.createTreeWalker(document.querySelector('[data-testid="wall"]')!, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim() ?? '';
      const el = n.parentElement;
      if (!text || !el) continue;
      const r = el.getBoundingClientRect();
      const cs = getComputedStyle(el);
      if (r.width === 0 || r.height === 0 || cs.visibility === 'hidden' || el.closest('.visually-hidden')) continue;
      const px = parseFloat(cs.fontSize);
      if (px < best.px) best = { px, text };
    }
    return best;
  });
}

test('the wall at 1920×1080 has no text under 24 px', async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openApp(page, '/wall');
  await expect(page.getByTestId('wall-tile')).toHaveCount(5);
  await expect(
    page
      .getByRole('article', { name: 'Poás' })
      .getByText(/^[\d,]+ counts$/)
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('article', { name: 'Okmok' }).getByText(/ ago$/).first()).toBeVisible();
  // The full-screen button shows while the pointer moves: measure it too.
  await page.mouse.move(300, 300);
  const smallest = await smallestTextSize(page);
  expect(smallest.px, `smallest text: “${smallest.text}”`).toBeGreaterThanOrEqual(24);
  await page.screenshot({ path: test.info().outputPath('wall-1920x1080.png') });
  expect(consoleErrors).toEqual([]);
});

test('a tile whose data failed says so on that tile; others keep their data and no banner', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openApp(page, '/wall?refresh=6');
  const okmok = page.getByRole('article', { name: 'Okmok' });
  await expect(okmok.getByText(/ ago$/).first()).toBeVisible();
  await mockControl(page, {
    action: 'fault',
    fault: { match: '/api/imagery/q', query: { site: 'OKCF' }, kind: 'status', status: 500 },
  });
  // A 500 is said on its tile at once (the service answered: failing, not unreachable); the next
  // tries follow the endpoint's backoff.
  await expect(okmok.getByRole('alert')).toHaveText(/^Images failing since \d\d:\d\d UTC: the service answers 500\.$/, {
    timeout: 45_000,
  });
  await expect(okmok.getByRole('alert')).toBeVisible();
  await expect(okmok).toHaveAttribute('data-status', 'failing');
  const poas = page.getByRole('article', { name: 'Poás' });
  await expect(poas.getByText(/^[\d,]+ counts$/).first()).toBeVisible();
  await expect(poas.getByRole('alert')).toHaveCount(0);
  await expect(poas).not.toHaveAttribute('data-status', /failing|unreachable/);
  // One camera of eight failing is its tile's to say: no banner.
  await expect(page.locator('.wall-banner')).toHaveCount(0);
  await expect(page.getByText(/Connection lost|Service unreachable/)).toHaveCount(0);
  const smallest = await smallestTextSize(page);
  expect(smallest.px, `smallest text: “${smallest.text}”`).toBeGreaterThanOrEqual(24);
  await page.screenshot({ path: test.info().outputPath('wall-failed-tile.png') });
});

test("a two-channel tile's lines share one time axis and the tile's height, lined up", async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openApp(page, '/wall');
  const cleveland = page.getByRole('article', { name: 'Cleveland' });
  await expect(cleveland.getByRole('img', { name: /^RSAM of / })).toHaveCount(2);
  // The plot areas (uPlot's .u-over) of the two sparklines, top to bottom.
  const areas = await cleveland.evaluate((tile) =>
    [...tile.querySelectorAll('.u-over')].map((o) => {
      const r = o.getBoundingClientRect();
      return { left: r.left, right: r.right, height: r.height };
    }),
  );
  expect(areas).toHaveLength(2);
  // With a time axis under each, the lines had 16 px of the tile's height here.
  for (const a of areas) expect(a.height).toBeGreaterThanOrEqual(28);
  expect(Math.abs(areas[0]!.height - areas[1]!.height)).toBeLessThanOrEqual(2);
  // Same times at the same x: the channels line up over the one time axis.
  expect(areas[0]!.left).toBeCloseTo(areas[1]!.left, 0);
  expect(areas[0]!.right).toBeCloseTo(areas[1]!.right, 0);
});
