import type { Page } from '@playwright/test';
import { test, expect, mockControl, openApp } from './fixtures';

// A week of one camera at freq=all, 200 a page: the grid commits its first cards with the data and
// the rest in a background render (src/features/imagery/image-grid.tsx).
const WEEK =
  '/imagery?imageType=visible&site=RKPI&vnum=357120&datefrom=20250101000000&dateto=20250107235959&limit=200&order=asc';

/** Opens the week and waits for its first page to be whole: 200 cards, the grid settled. */
async function openSettledWeek(page: Page) {
  await openApp(page, WEEK);
  await expect(page.getByTestId('image-card')).toHaveCount(200);
  await expect(page.getByTestId('image-grid')).not.toHaveAttribute('aria-busy');
}

/** Slows the CPU 6×, so a background render spans several frames; returns the way back. */
async function slowCpu(page: Page): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  return async () => void (await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }));
}

/** The next page's query answers 1.5 s late, once. */
const slowNextPage = (page: Page) =>
  mockControl(page, { action: 'fault', fault: { match: '/api/imagery/q', kind: 'slow', delayMs: 1500, times: 1 } });

test('a 200-image page turn ends with all 200 cards on the new page, in order, none left from the old', async ({
  page,
  consoleErrors,
}) => {
  await openSettledWeek(page);
  const grid = page.getByTestId('image-grid');
  const cards = page.getByTestId('image-card');
  const ids = () => cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-image-id')));
  const times = () => grid.locator('time').evaluateAll((els) => els.map((el) => el.getAttribute('datetime') ?? ''));
  const first = await ids();
  const firstTimes = await times();

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/Images 201–400 of/)).toBeVisible();
  await expect(grid).not.toHaveAttribute('aria-busy');
  const second = await ids();
  const secondTimes = await times();
  expect(second).toHaveLength(200);
  expect(second.filter((id) => first.includes(id))).toEqual([]);
  // Ascending order runs on across the boundary and within the page, to the 200th card.
  expect(secondTimes[0]! > firstTimes[199]!).toBe(true);
  expect([...secondTimes].sort()).toEqual(secondTimes);
  // The last card is shown, not left hidden by the settling rule.
  await cards.nth(199).scrollIntoViewIfNeeded();
  await expect(cards.nth(199)).toBeVisible();
  await expect(cards.nth(199).getByRole('checkbox')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('while the rest of a page is still rendering, no card shows the previous page’s image', async ({ page }) => {
  await openSettledWeek(page);
  const grid = page.getByTestId('image-grid');
  // Every frame from page 2's arrival: how many it was still settling, and any card on screen (not
  // hidden by the settling rule) still holding an image of page 1.
  await page.evaluate(() => {
    const w = window as unknown as { __watch: { frames: number; settling: number; stale: string[]; stop: boolean } };
    const old = new Set(
      [...document.querySelectorAll('[data-testid="image-card"]')].map((el) => el.getAttribute('data-image-id')),
    );
    w.__watch = { frames: 0, settling: 0, stale: [], stop: false };
    const check = () => {
      const g = document.querySelector('[data-testid="image-grid"]');
      const cards = [...document.querySelectorAll('[data-testid="image-card"]')];
      // Until page 2 arrives, page 1 stays on screen on purpose (dimmed, while the next one loads).
      const arrived = cards.length > 0 && !old.has(cards[0]!.getAttribute('data-image-id'));
      if (arrived) {
        w.__watch.frames++;
        if (g?.getAttribute('aria-busy') === 'true') w.__watch.settling++;
        for (const el of cards) {
          const id = el.getAttribute('data-image-id');
          if (old.has(id) && el.checkVisibility({ visibilityProperty: true })) w.__watch.stale.push(id ?? '');
        }
      }
      if (!w.__watch.stop) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  const restoreCpu = await slowCpu(page);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText(/Images 201–400 of/)).toBeVisible();
  await expect(grid).not.toHaveAttribute('aria-busy');
  await restoreCpu();
  const watch = await page.evaluate(() => {
    const w = window as unknown as { __watch: { frames: number; settling: number; stale: string[]; stop: boolean } };
    w.__watch.stop = true;
    return w.__watch;
  });
  expect(watch.settling, 'frames drawn while the rest of the page rendered').toBeGreaterThan(0);
  expect(watch.stale).toEqual([]);
});

test('card 100, focused off screen while the next page loads, keeps the focus through the turn and shows the new page', async ({
  page,
}) => {
  await openSettledWeek(page);
  const cards = page.getByTestId('image-card');
  const before = await cards.nth(100).getAttribute('data-image-id');
  await slowNextPage(page);
  await page.getByRole('button', { name: 'Next page' }).click();
  // While page 2 loads, the user moves into the grid's far end, off screen (the focus does not
  // scroll there); a slow machine, so the rest of the page renders over several frames.
  await cards
    .nth(100)
    .getByRole('button')
    .evaluate((el) => (el as HTMLElement).focus({ preventScroll: true }));
  const restoreCpu = await slowCpu(page);
  await expect(page.getByText(/Images 201–400 of/)).toBeVisible();
  await expect(page.getByTestId('image-grid')).not.toHaveAttribute('aria-busy');
  await restoreCpu();
  const focused = page.locator(':focus');
  await expect(focused).toHaveClass(/image-card__open/);
  await expect(cards.nth(100).getByRole('button')).toBeFocused();
  expect(await cards.nth(100).getAttribute('data-image-id')).not.toBe(before);
});

test('End pressed while the rest of a page renders lands on the last card once it shows the new page', async ({
  page,
}) => {
  await openSettledWeek(page);
  const cards = page.getByTestId('image-card');
  await slowNextPage(page);
  await page.getByRole('button', { name: 'Next page' }).click();
  await cards.first().getByRole('button').focus();
  const restoreCpu = await slowCpu(page);
  await expect(page.getByText(/Images 201–400 of/)).toBeVisible();
  await page.keyboard.press('End');
  await expect(page.getByTestId('image-grid')).not.toHaveAttribute('aria-busy');
  await restoreCpu();
  await expect(cards.nth(199).getByRole('button')).toBeFocused();
  await expect(cards.nth(199).getByRole('button')).toHaveAttribute('tabindex', '0');
});
