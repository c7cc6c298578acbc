import { test, expect, openApp } from './fixtures';

// A week of one camera at freq=all, 200 a page: the grid commits its first cards with the data and
// the rest in a background render (src/features/imagery/image-grid.tsx).
const WEEK =
  '/imagery?imageType=visible&site=RKPI&vnum=357120&datefrom=20250101000000&dateto=20250107235959&limit=200&order=asc';

test('a 200-image page turn ends with all 200 cards on the new page, in order, none left from the old', async ({
  page,
  consoleErrors,
}) => {
  await openApp(page, WEEK);
  const grid = page.getByTestId('image-grid');
  const cards = page.getByTestId('image-card');
  await expect(cards).toHaveCount(200);
  await expect(grid).not.toHaveAttribute('aria-busy');
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
