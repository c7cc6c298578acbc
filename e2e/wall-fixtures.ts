import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * The last data stays in view: every channel's value, line (with the time axis under the lowest)
 * and latest time lie inside its tile, and a camera frame is either shown at a usable height or
 * not at all (its caption still says the image's time), never a sliver.
 */
export async function expectLastDataInView(page: Page): Promise<void> {
  const problems = await page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="wall-tile"]')].flatMap((tile) => {
      const t = tile.getBoundingClientRect();
      const name = tile.getAttribute('aria-label');
      const cut = [...tile.querySelectorAll('.wall-channel__head, .wall-spark, .wall-channel__latest')]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.top < t.top || r.bottom > t.bottom + 0.5;
        })
        .map((el) => `${name}: cut ${el.className} ${el.textContent}`);
      const slivers = [...tile.querySelectorAll('.wall-camera__frame')]
        .map((f) => f.getBoundingClientRect().height)
        .filter((h) => h > 0 && h < 48)
        .map((h) => `${name}: a camera frame ${Math.round(h)} px tall`);
      return [...cut, ...slivers];
    }),
  );
  expect(problems).toEqual([]);
}
