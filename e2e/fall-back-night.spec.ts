/**
 * A camera's fall-back night in the imagery grid, against the mock server, in browsers in three
 * zones (the browser's own zone must not matter): every image of the repeated hour at its instant.
 * With the ids in UTC (the mock's default) that is the instant the id states; with ids in site time,
 * an answer sorted by instant tells the passes by its step back.
 */
import type { Page } from '@playwright/test';
import { test, expect, openOnServer, type MockServer } from './server-fixtures';

const NIGHTS = [
  // The Canaries: 02:00 WEST back to 01:00 WET on 2025-10-26; 01:xx local was 00:xx, then 01:xx UTC.
  { site: 'CV01', imageType: 'infrared', day: '20251026', hour: /^2025-10-26 01:/, order: 'asc' },
  // Santiago: 00:00 −03 back to 23:00 −04 on 2025-04-05; 23:xx local was 02:xx, then 03:xx UTC.
  { site: 'RKPI', imageType: 'visible', day: '20250405', hour: /^2025-04-05 23:/, order: 'desc' },
] as const;

/** The id's time fields as an ISO instant (read as UTC). */
function idInstant(id: string): string {
  const m = /\.(\d{4})\.(\d{3})_(\d\d)(\d\d)(\d\d)-/.exec(id)!;
  return new Date(Date.UTC(+m[1]!, 0, +m[2]!, +m[3]!, +m[4]!, +m[5]!)).toISOString();
}

/** Every card of the page as [id, label, the instant its <time> names]. */
async function cards(page: Page) {
  const grid = page.locator('[aria-label^="Images, "]');
  await expect(grid.getByTestId('image-card').first()).toBeVisible({ timeout: 30_000 });
  // The cards past the first screen follow in a later render.
  await expect(grid).not.toHaveAttribute('aria-busy', 'true');
  return grid.getByTestId('image-card').evaluateAll((els) =>
    els.map((el) => {
      const t = el.querySelector('time')!;
      return { id: el.getAttribute('data-image-id')!, label: t.textContent!, at: new Date(t.dateTime).toISOString() };
    }),
  );
}

async function openNight(page: Page, server: MockServer, n: (typeof NIGHTS)[number]) {
  await openOnServer(
    page,
    server,
    `/imagery?imageType=${n.imageType}&site=${n.site}&datefrom=${n.day}000000&dateto=${n.day}000000&order=${n.order}&limit=200`,
  );
  const all = await cards(page);
  return all.filter((c) => n.hour.test(c.label));
}

test.use({ mockNow: '2025-11-01T00:00:00Z' });

for (const timezoneId of ['America/Santiago', 'Atlantic/Canary', 'America/Costa_Rica'])
  test.describe(`in a browser in ${timezoneId}`, () => {
    test.use({ timezoneId });

    for (const n of NIGHTS)
      test(`${n.site}: every image of the repeated hour at the UTC time its id states`, async ({
        page,
        mockServer,
        consoleErrors,
      }) => {
        const hour = await openNight(page, mockServer, n);
        // Both passes, about 40 frames each.
        expect(hour.length).toBeGreaterThan(60);
        for (const c of hour) {
          expect(c.at, `${c.id}: ${c.label}`).toBe(idInstant(c.id));
          expect(c.label).toMatch(
            /\(clocks went back: the (first pass, by its creation time|second pass, by its id)\)$/,
          );
        }
        expect(new Set(hour.map((c) => /the (\w+) pass/.exec(c.label)![1]))).toEqual(new Set(['first', 'second']));
        await expect(page.getByText(/\(ambiguous: /)).toHaveCount(0);
        // The caption names both offsets of the night.
        await expect(
          page.getByText(/^Times are the camera site’s local time \(GMT.\d until .*, then GMT.\d, /),
        ).toBeVisible();
        if (timezoneId === 'America/Costa_Rica') {
          await page.locator('[aria-label^="Images, "] time', { hasText: n.hour }).first().scrollIntoViewIfNeeded();
          // The thumbnails on screen, loaded (lazily, once scrolled to).
          await page.waitForFunction(() =>
            [...document.querySelectorAll<HTMLImageElement>('[data-testid="image-card"] img')]
              .filter((i) => {
                const r = i.getBoundingClientRect();
                return r.bottom > 0 && r.top < innerHeight;
              })
              .every((i) => i.complete && i.naturalWidth > 0),
          );
          await page.screenshot({ path: test.info().outputPath(`fall-back-${n.site}.png`) });
        }
        expect(consoleErrors).toEqual([]);
      });

    test('CV01 with ids in site time: an answer sorted by instant tells the passes; sorted by wall time it cannot', async ({
      page,
      mockServer,
      consoleErrors,
    }) => {
      await mockServer.control({ action: 'timeReadings', idFields: 'local', localOrder: 'instant' });
      const hour = await openNight(page, mockServer, NIGHTS[0]);
      expect(hour.length).toBeGreaterThan(60);
      for (const c of hour)
        expect(c.label).toMatch(
          /\(clocks went back: the (first pass, by its creation time|second pass, by the answer’s order)\)$/,
        );
      // In the answer's order (oldest first), the instants only rise: the second pass after the first.
      const at = hour.map((c) => c.at);
      expect([...at].sort()).toEqual(at);
      // Sorted by wall time the passes interleave: the second pass is only the likelier.
      await mockServer.control({ action: 'timeReadings', localOrder: 'wall' });
      const interleaved = await openNight(page, mockServer, NIGHTS[0]);
      const undecided = interleaved.filter((c) => c.label.includes('ambiguous'));
      expect(undecided.length).toBeGreaterThan(20);
      for (const c of undecided)
        expect(c.label).toMatch(
          /^2025-10-26 01:\d\d:\d\d GMT\+0 or GMT\+1 \(ambiguous: clocks went back; likely the second pass, made minutes after it\)$/,
        );
      expect(consoleErrors).toEqual([]);
    });
  });
