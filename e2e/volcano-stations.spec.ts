/**
 * Poás's four OV stations on its volcano view: chosen like the seismic view's channels, kept in
 * the link; the selected span drawn and named unlike the grey "every camera blind" shading.
 */
import { test, expect, openApp } from './fixtures';

const FOUR = ['OV.VPCC..HHZ', 'OV.VPNC..HHZ', 'OV.VPPC..HHZ', 'OV.VPRS..HHZ'];

test('all four OV stations charted when asked, and a link keeps them', async ({ page, browser, consoleErrors }) => {
  test.setTimeout(90_000);
  await openApp(page, '/volcano/345040');
  const chart = page.getByTestId('volcano-chart');
  await expect(chart.getByRole('group', { name: 'RSAM of OV.VPCC..HHZ and OV.VPNC..HHZ' })).toBeVisible();

  await page.getByText(/^Channels: OV\.VPCC\.\.HHZ, OV\.VPNC\.\.HHZ · 4 stations to choose from/).click();
  for (const station of ['VPCC', 'VPNC', 'VPPC', 'VPRS'])
    await expect(page.getByRole('group', { name: `Station OV.${station}` })).toBeVisible();
  // One at a time, as a user would tick them; each station's request answers.
  for (const id of FOUR.slice(2)) {
    const station = id.split('.')[1]!;
    const answered = page.waitForResponse(
      (r) => r.url().includes('/api/seismic/rsam?') && r.url().includes(`station=${station}`) && r.ok(),
    );
    await page.getByRole('checkbox', { name: id }).check();
    await answered;
  }
  await expect(page).toHaveURL(new RegExp(`[?&]channels=${FOUR.join('%2C').replace(/\./g, '\\.')}(&|$)`));
  const label = `RSAM of ${FOUR.join(' and ')}`;
  await expect(chart.getByRole('group', { name: label })).toBeVisible();
  const legend = chart.locator('.volcano-chart__legend');
  for (const id of FOUR) await expect(legend).toContainText(id);
  await expect(page.getByText('Loading RSAM…')).toHaveCount(0);
  await expect(chart.getByRole('alert')).toHaveCount(0);

  // The selected span: named in the legend with its zone, not as the blind shading.
  await expect(legend).toContainText('blue hatching between solid blue edges: the selected span, none chosen');
  const events = page.getByRole('list', { name: 'Events' });
  await events.getByRole('button', { name: /^Select event 1$/ }).click();
  await expect(legend).toContainText(
    /the selected span \(\d{4}-\d\d-\d\d \d\d:\d\d UTC to \d{4}-\d\d-\d\d \d\d:\d\d UTC\)/,
  );

  await chart.screenshot({ path: test.info().outputPath('selected-span.png') });

  // The link, opened afresh, charts the same four.
  const link = page.url();
  const other = await browser.newPage();
  await other.goto(link);
  await expect(other.getByTestId('volcano-chart').getByRole('group', { name: label })).toBeVisible();
  await other.getByText(/^Channels: /).click();
  for (const id of FOUR) await expect(other.getByRole('checkbox', { name: id })).toBeChecked();
  await other.close();
  expect(consoleErrors).toEqual([]);
});
