/**
 * The wall through a daylight-saving fall-back: during the repeated hour the one-site answer, sorted
 * by local time, leads with a frame of the first pass; the wall shows the newest by instant and does
 * not call the tile stale.
 */
import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures';

const SHIPPED = JSON.parse(readFileSync(new URL('../public/config.json', import.meta.url), 'utf8')) as Record<
  string,
  unknown
>;

const CASES = [
  // Santiago went from 00:00 -03 back to 23:00 -04 on 2025-04-05: 03:30 UTC is 23:30 the second time.
  { volcano: 'Villarrica', vnum: 357120, now: '2025-04-06T03:30:00Z', time: /^23:[23]\d\u00a0GMT-4$/ },
  // The Canaries went from 02:00 WEST back to 01:00 WET on 2025-10-26: 01:30 UTC is 01:30 the second time.
  { volcano: 'Cumbre Vieja', vnum: 383010, now: '2025-10-26T01:30:00Z', time: /^01:[23]\d\u00a0(WET|GMT\+0)$/ },
];

for (const c of CASES)
  test(`${c.volcano} in the repeated hour: the newest frame, at its instant, and the tile current`, async ({
    page,
    consoleErrors,
  }) => {
    await page.clock.setSystemTime(new Date(c.now));
    const body = JSON.stringify({ ...SHIPPED, mockNow: c.now });
    await page.route('**/config.json', (route) => route.fulfill({ contentType: 'application/json', body }));
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`/wall?volcanoes=${c.vnum}`);
    const tile = page.getByRole('article', { name: c.volcano });
    const times = tile.locator('figcaption time');
    await expect(times.first()).toHaveText(c.time);
    for (const t of await times.all()) await expect(t).toHaveText(c.time);
    await expect(tile.locator('.wall-age').first()).toHaveText(/^(\d+ s|[1-4] min) ago$/);
    await expect(tile).toHaveAttribute('data-status', 'ok');
    await expect(tile.getByText('ambiguous local time')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath(`wall-fall-back-${c.vnum}.png`) });
    expect(consoleErrors).toEqual([]);
  });
