import { test, expect, openApp } from './fixtures';

test('a threshold below the current value alerts on its tile, names channel, value and since when; acknowledging clears it and it stays cleared after a refresh', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  // 1 count is below any RSAM; 1,000,000 counts is above any; CLES stays quiet.
  await openApp(page, '/wall?volcanoes=311240&alert=AV.CLCL..BHZ:1,AV.CLES..BHZ:1000000&refresh=10');
  const tile = page.getByRole('article', { name: 'Cleveland' });
  const alert = tile.getByRole('alert');
  await expect(alert).toHaveCount(1);
  await expect(alert).toContainText('RSAM alert: AV.CLCL..BHZ at');
  // Above 1 count all along: the run reaches back to the first loaded window, the start of the UTC
  // day holding now - 24 h, so its start is a lower bound, in UTC and in Cleveland's local time
  // (the day before there, so with its date).
  const start = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  // 00:00 UTC at Adak: 14:00 the day before in winter (UTC−10), 15:00 in summer (UTC−9).
  const adak = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Adak',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(Date.parse(`${start}T00:00:00Z`))
    .replace(',', '');
  await expect(alert).toContainText(
    new RegExp(
      `at [\\d,]+ counts, above 1 counts throughout the loaded data, since at least ${start} 00:00 UTC ` +
        `\\(${adak} (HST|HDT|HAST|HADT|GMT-10|GMT-9) local\\)`,
    ),
  );
  await expect(tile).toHaveClass(/wall-tile--alert/);
  await expect(tile.getByText(/Alert rule AV\.CLES\.\.BHZ above 1,000,000 counts: below/)).toBeVisible();

  await alert.getByRole('button', { name: 'Acknowledge' }).press('Enter');
  await expect(tile.getByRole('alert')).toHaveCount(0);
  await expect(tile.getByText(/^Acknowledged: AV\.CLCL\.\.BHZ at/)).toBeVisible();
  await expect(tile).not.toHaveClass(/wall-tile--alert/);
  // Two refresh cycles later (and after a reload) the acknowledged episode stays quiet.
  await page.waitForTimeout(21_000);
  await expect(tile.getByRole('alert')).toHaveCount(0);
  await page.reload();
  await expect(
    page.getByRole('article', { name: 'Cleveland' }).getByText(/^Acknowledged: AV\.CLCL\.\.BHZ/),
  ).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('bad alert rules are named and dropped; the wall keeps running', async ({ page }) => {
  await openApp(page, '/wall?alert=AV.CLCL..BHZ:abc,AV.CLCL..BHE:5');
  // The notice, not the rate-wait bar (also a status) that a busy start may show beside it.
  const notice = page.getByRole('status').filter({ hasText: 'Some URL settings were ignored' });
  await expect(notice).toContainText('alert: "AV.CLCL..BHZ:abc" is not CHANNEL:COUNTS');
  await expect(notice).toContainText('alert: AV.CLCL..BHE is not a channel on this wall');
  await expect(page.getByTestId('wall-tile')).toHaveCount(5);
  await expect(page.getByRole('alert').filter({ hasText: 'RSAM alert' })).toHaveCount(0);
});
