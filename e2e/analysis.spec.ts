import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect, openApp, dragChart } from './fixtures';

const DAY = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const chart = (page: Page) => page.getByTestId('rsam-chart');
const points = async (page: Page) => Number(await chart(page).getAttribute('data-points'));

test('two channels: every analysis draws, the URL brings it back, the cumulative CSV matches the raw data', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const day = isoDay(Date.now() - 3 * DAY);
  await openApp(page, `/seismic?channels=AV.CLCL..BHZ,AV.CLCO..BHZ&from=${day}&to=${day}`);
  await expect.poll(() => points(page)).toBeGreaterThan(1000);

  const analysis = page.getByRole('radiogroup', { name: 'Analysis' });
  await analysis.getByRole('radio', { name: 'Ratio' }).check();
  await expect(page).toHaveURL(/analysis=ratio/);
  await expect.poll(() => points(page)).toBeGreaterThan(500);
  await expect(page.getByText(/AV\.CLCL\.\.BHZ ÷ AV\.CLCO\.\.BHZ: [\d,]+ values, min/)).toBeVisible();
  // The value under the pointer, with its time and zone, beside the series it belongs to.
  const readout = page.getByLabel('Values under the cursor');
  await expect(readout).toContainText('AV.CLCL..BHZ ÷ AV.CLCO..BHZ');
  const over = chart(page).locator('.u-over');
  const box = (await over.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
  await expect(readout).toContainText(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
  await expect(readout).toContainText(/AV\.CLCL\.\.BHZ ÷ AV\.CLCO\.\.BHZ (\d[\d,.]*|—) ratio/);

  await analysis.getByRole('radio', { name: 'Event counts' }).check();
  await expect(page).toHaveURL(/analysis=counts/);
  // Every local hour (America/Adak, whole hours off UTC) from the first channel's first window to
  // its last is a bin, empty ones included: as many as the raw answer spans, read apart from the app
  // (the mock's day may start or end with an outage, so this is not always 24).
  const span = await page.evaluate(
    async (d) => {
      const res = await fetch(
        `/demo-api/api/seismic/rsam?network=AV&station=CLCL&channel=BHZ&datefrom=${d}&dateto=${d}`,
      );
      const pts: { time: string }[] = (await res.json()).series[0].points;
      const hour = (p: { time: string }) => Math.floor(Date.parse(p.time) / 3_600_000);
      return hour(pts.at(-1)!) - hour(pts[0]!) + 1;
    },
    day.replace(/-/g, ''),
  );
  expect(span).toBeGreaterThanOrEqual(12);
  await expect.poll(() => points(page)).toBe(span);
  await page.getByLabel(/^Threshold/).fill('abc');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert')).toContainText('Enter counts above 0');
  await page.getByLabel(/^Threshold/).fill('2x');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/threshold=2x/);

  await analysis.getByRole('radio', { name: 'Cumulative' }).check();
  await expect(page).toHaveURL(/analysis=cumulative/);
  await page.reload();
  await expect(
    page.getByRole('radiogroup', { name: 'Analysis' }).getByRole('radio', { name: 'Cumulative' }),
  ).toBeChecked();
  await expect.poll(() => points(page)).toBeGreaterThan(1000);

  // The raw day from the service, read independently of the app: the last cumulative value of the
  // first channel must be the sum of counts × window seconds.
  const raw = await page.evaluate(
    async (d) => {
      const res = await fetch(
        `/demo-api/api/seismic/rsam?network=AV&station=CLCL&channel=BHZ&datefrom=${d}&dateto=${d}`,
      );
      const body = await res.json();
      const s = body.series[0];
      return { sum: s.points.reduce((a: number, p: { rsam_counts: number }) => a + p.rsam_counts * s.window_sec, 0) };
    },
    day.replace(/-/g, ''),
  );
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const csv = await readFile(file!, 'utf8');
  expect(csv).toContain('# RSAM analysis: Cumulative');
  expect(csv).toMatch(/running sum of counts × window seconds/);
  const rows = csv
    .trim()
    .split('\n')
    .filter((l) => !l.startsWith('#'));
  expect(rows[0]).toBe('time (UTC),AV.CLCL..BHZ (counts·s),AV.CLCO..BHZ (counts·s)');
  const lastWithFirst = rows.filter((r) => r.split(',')[1] !== '').at(-1)!;
  expect(Number(lastWithFirst.split(',')[1])).toBeCloseTo(raw.sum, 3);
  expect(consoleErrors).toEqual([]);
});

test('inverse rate: a dragged fit span over the swarm’s rise gives a forecast with its zone; a flat span says why not', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The mock's swarm peaks two days before "now", on the whole hour (mocks/data/rsam.ts).
  const anchor = Math.floor((Date.now() - 2 * DAY) / 3_600_000) * 3_600;
  const view = `${anchor - 4 * 3600}-${anchor + 3600}`;
  await openApp(page, `/seismic?channels=AV.CLCL..BHZ&from=now-7d&to=now&analysis=inverse&view=${view}`);
  const status = page.getByRole('status').filter({ hasText: /forecast/i });
  await expect(status).toContainText('No forecast yet: drag across the chart');
  await expect.poll(() => points(page)).toBeGreaterThan(100);
  await expect(page.getByText('Experimental')).toBeVisible();

  // Drag over the rise: 0.5 h to 3.75 h into the 5 h view.
  await dragChart(chart(page), 0.1, 0.75);
  await expect
    .poll(() => new URL(page.url()).searchParams.get('fit'))
    .toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  await expect(status).toContainText(/Failure forecast: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(UTC\)/);
  // The zoom did not change: dragging selects the span in this analysis.
  await expect(page).toHaveURL(new RegExp(`view=${view}`));

  // The same span from the address after a reload.
  await page.reload();
  await expect(status).toContainText(/Failure forecast: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(UTC\)/);

  // A fit over the quiet days before: the inverse rate does not fall, or too little to say.
  const quiet = `${new Date((anchor - 5 * 86400) * 1000).toISOString().slice(0, 19)}Z/${new Date((anchor - 4 * 86400) * 1000).toISOString().slice(0, 19)}Z`;
  await openApp(page, `/seismic?channels=AV.CLCL..BHZ&from=now-7d&to=now&analysis=inverse&fit=${quiet}`);
  await expect(status).toContainText(
    /No forecast: the inverse rate does not descend|Failure forecast: .*95 % interval/,
  );
});

test('inverse rate from the keyboard: zoomed to the rise, “Fit the visible range” gives a forecast; the screen says what the series is', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const anchor = Math.floor((Date.now() - 2 * DAY) / 3_600_000) * 3_600;
  // The swarm's rise, as a keyboard user gets it by zooming the chart (+, −, arrow keys).
  const from = anchor - 3.5 * 3600;
  const to = anchor - 900;
  await openApp(
    page,
    `/seismic?channels=AV.CLCL..BHZ,AV.CLES..BHZ&from=now-7d&to=now&analysis=inverse&view=${from}-${to}`,
  );
  await expect.poll(() => points(page)).toBeGreaterThan(100);
  // Beside the chart: the smoothing the inverse rate had although Smoothing says None, and the
  // second channel named as left out.
  await expect(page.getByLabel('Smoothing')).toHaveValue('');
  await expect(page.getByText('AV.CLCL..BHZ only; not included: AV.CLES..BHZ')).toBeVisible();
  await expect(page.getByText(/1 hour rolling median \(applied although Smoothing is set to None/)).toBeVisible();

  const status = page.getByRole('status').filter({ hasText: /forecast/i });
  await expect(status).toContainText('No forecast yet');
  const fit = page.getByRole('button', { name: 'Fit the visible range' });
  await page.getByRole('button', { name: 'Export CSV' }).focus();
  for (let i = 0; i < 6 && !(await fit.evaluate((b) => b === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(fit).toBeFocused();
  await page.keyboard.press('Enter');
  const iso = (s: number) => new Date(s * 1000).toISOString().replace('.000Z', 'Z');
  await expect.poll(() => new URL(page.url()).searchParams.get('fit')).toBe(`${iso(from)}/${iso(to)}`);
  await expect(status).toContainText(/Failure forecast: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(UTC\)/);
  await expect(page.getByText(`Fit span: ${iso(from)} (UTC) to ${iso(to)} (UTC).`)).toBeVisible();

  // The legend names the fitted line too; then the span is cleared from the keyboard.
  await expect(page.getByLabel('Values under the cursor')).toContainText('fitted line');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Clear fit span' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('fit')).toBeNull();
  await expect(status).toContainText('No forecast yet');
  expect(consoleErrors).toEqual([]);
});

test('ratio with one channel says it needs two; a bad analysis in the URL is dropped with a notice', async ({
  page,
}) => {
  await openApp(page, '/seismic?channels=AV.CLCL..BHZ&from=now-24h&to=now&analysis=ratio');
  await expect(page.getByRole('status').filter({ hasText: 'The ratio needs two channels' })).toBeVisible();
  await openApp(page, '/seismic?channels=AV.CLCL..BHZ&from=now-24h&to=now&analysis=fft&threshold=-1');
  await expect(page.getByText(/Ignored analysis=fft/)).toBeVisible();
  await expect(page.getByText(/Ignored threshold=-1/)).toBeVisible();
  await expect(
    page.getByRole('radiogroup', { name: 'Analysis' }).getByRole('radio', { name: 'Amplitude' }),
  ).toBeChecked();
});
