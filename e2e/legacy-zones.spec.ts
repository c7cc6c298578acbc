/**
 * v1 times carry no zone; the records' ids tell it. Against the mock server writing v1 timestamps in
 * site time (its default) or in UTC, and image ids in UTC (its default) or in site time, in browsers
 * in three zones: the UTC column and the first link to v2 read them right, and the link opens the
 * same images.
 */
import { test, expect, openOnServer } from './server-fixtures';

// The query asks for 10:00–11:00 in the v1 service's own terms: in site time that is 16:00–17:00 UTC.
const SITE_HOUR = ['2025-03-01 16:00:00 UTC', '2025-03-01 17:00:00 UTC'] as const;
const UTC_HOUR = ['2025-03-01 10:00:00 UTC', '2025-03-01 11:00:00 UTC'] as const;
const READINGS = [
  {
    legacyTimestamp: 'local',
    idFields: 'utc',
    because: /^read as site-local time: each timestamp differs from its id’s time fields/,
    hour: SITE_HOUR,
  },
  {
    legacyTimestamp: 'utc',
    idFields: 'utc',
    because: /^read as UTC: the records’ ids, whose time fields are UTC in v2 answers, match their timestamps$/,
    hour: UTC_HOUR,
  },
  // Another faithful service: ids in site time. Equal fields then say "the ids' zone", which a v2 answer shows.
  {
    legacyTimestamp: 'local',
    idFields: 'local',
    because:
      /^read as site-local time: the records’ ids, whose time fields are site-local in v2 answers, match their timestamps$/,
    hour: SITE_HOUR,
  },
  {
    legacyTimestamp: 'utc',
    idFields: 'local',
    because: /^read as UTC: each timestamp differs from its id’s time fields/,
    hour: UTC_HOUR,
  },
] as const;

/** The id's time fields as `yyyy-MM-dd HH:mm:ss UTC`; fields in Poás time (UTC−6 all year) are 6 h behind. */
function idLabel(id: string, idFields: 'utc' | 'local'): string {
  const m = /\.(\d{4})\.(\d{3})_(\d\d)(\d\d)(\d\d)-/.exec(id)!;
  const t = Date.UTC(+m[1]!, 0, +m[2]!, +m[3]!, +m[4]!, +m[5]!) + (idFields === 'local' ? 6 * 3_600_000 : 0);
  return `${new Date(t).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

for (const timezoneId of ['America/Santiago', 'Atlantic/Canary', 'America/Costa_Rica'])
  test.describe(`in a browser in ${timezoneId}`, () => {
    test.use({ timezoneId });

    for (const r of READINGS)
      test(`v1 timestamps in ${r.legacyTimestamp === 'utc' ? 'UTC' : 'site time'}, ids in ${r.idFields === 'utc' ? 'UTC' : 'site time'}: the UTC column and the first v2 link match the images`, async ({
        page,
        mockServer,
        consoleErrors,
      }) => {
        await mockServer.control({ action: 'timeReadings', legacyTimestamp: r.legacyTimestamp, idFields: r.idFields });
        // Poás (UTC−6 all year): read the wrong way, every instant would be 6 h off.
        await openOnServer(
          page,
          mockServer,
          '/legacy?type=infrared&site=VPMI&search_from=2025-03-01T10:00&search_to=2025-03-01T11:00&limit=50',
        );
        await expect(page.getByRole('heading', { name: /^\d+ images$/ })).toBeVisible({ timeout: 30_000 });
        await expect(page.getByTestId('v1-zone-because')).toHaveText(r.because);
        const table = page.getByRole('table');
        const headers = await table.getByRole('columnheader').allTextContents();
        const column = (name: string) =>
          table.locator(`tbody tr td:nth-child(${headers.indexOf(name) + 1})`).allTextContents();
        const ids = await column('Image id');
        const inUtc = await column('In UTC');
        expect(ids.length).toBeGreaterThan(5);
        // Each record's instant is the one its id states.
        expect(inUtc).toEqual(ids.map((id) => idLabel(id, r.idFields)));
        if (timezoneId === 'America/Costa_Rica')
          await page.screenshot({
            path: test.info().outputPath(`legacy-${r.legacyTimestamp}-ids-${r.idFields}.png`),
            fullPage: true,
          });

        await page.locator('.legacy-v2-links a').first().click();
        const grid = page.locator('[aria-label^="Images, "]');
        await expect(grid.getByTestId('image-card').first()).toBeVisible({ timeout: 30_000 });
        await expect(grid).not.toHaveAttribute('aria-busy', 'true');
        const v2Ids = await grid
          .getByTestId('image-card')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-image-id')));
        // Every v1 image is in the v2 answer, which holds nothing outside the hour.
        for (const id of ids) expect(v2Ids).toContain(id);
        const v2Times = await grid.locator('time').allTextContents();
        expect(v2Times.length).toBeGreaterThan(ids.length);
        expect(v2Times.filter((t) => t < r.hour[0] || t > r.hour[1])).toEqual([]);
        expect(consoleErrors).toEqual([]);
      });
  });
