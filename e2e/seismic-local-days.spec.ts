/**
 * Seismic From/To in local-time mode are the volcano's local days: the service (UTC days only) is
 * asked for every UTC day they touch, and a range across a clock change names both offsets.
 */
import { test, expect, openOnServer } from './server-fixtures';

test.use({ mockNow: '2026-04-20T12:00:00Z' });

for (const timezoneId of ['America/Santiago', 'Atlantic/Canary', 'America/Costa_Rica'])
  test.describe(`in a browser in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test('Villarrica’s local days 1–10 April 2026 ask for the UTC days they span, and the caption names both offsets', async ({
      page,
      mockServer,
      consoleErrors,
    }) => {
      const asked: string[] = [];
      page.on('request', (r) => {
        const u = new URL(r.url());
        if (u.pathname.endsWith('/api/seismic/rsam'))
          asked.push(`${u.searchParams.get('datefrom')}-${u.searchParams.get('dateto')}`);
      });
      await openOnServer(page, mockServer, '/seismic?channels=VC.RKPI..HHZ&from=2026-04-01&to=2026-04-10&tz=local');
      await expect(page.getByLabel('From (local day, America/Santiago)')).toHaveValue('2026-04-01');
      await expect(page.getByLabel('To (local day, inclusive)')).toHaveValue('2026-04-10');
      // 1 April 00:00 at −03 is 03:00 UTC; 11 April 00:00 at −04 is 04:00 UTC: UTC days 1 to 11.
      await expect(
        page.getByText(
          'Days are local days at America/Santiago (GMT-3 until 2026-04-05 00:00, then GMT-4): 2026-04-01 to 2026-04-10 is 2026-04-01 03:00 UTC to 2026-04-11 04:00 UTC, so the service is asked for the UTC days 2026-04-01 to 2026-04-11.',
        ),
      ).toBeVisible();
      await expect(
        page.getByText(
          /^Time axis: local time of Villarrica \(America\/Santiago, GMT-3 until 2026-04-05 00:00, then GMT-4\)\./,
        ),
      ).toBeVisible();
      await expect(
        page.getByText(/2026-04-01 to 2026-04-10 \(inclusive local days, America\/Santiago\): 1 of 1 chunk loaded/),
      ).toBeVisible({
        timeout: 30_000,
      });
      expect(asked).toEqual(['20260401-20260411']);
      if (timezoneId === 'America/Santiago') {
        await page.getByRole('heading', { name: 'Time range' }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: test.info().outputPath('seismic-local-days.png'), fullPage: true });
      }

      // In UTC the same days are the service's own.
      await page.getByRole('radio', { name: 'UTC' }).check();
      await expect(page.getByLabel('From (UTC day)')).toHaveValue('2026-04-01');
      await expect(page.getByText(/2026-04-01 to 2026-04-10 \(inclusive UTC days\): 1 of 1 chunk loaded/)).toBeVisible({
        timeout: 30_000,
      });
      expect(asked).toEqual(['20260401-20260411', '20260401-20260410']);
      expect(consoleErrors).toEqual([]);
    });
  });
