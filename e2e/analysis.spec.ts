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
  // The scope, rule and read-out above it push the chart below the fold: the pointer reaches only
  // what is on screen.
  await over.scrollIntoViewIfNeeded();
  const box = (await over.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
  await expect(readout).toContainText(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
  await expect(readout).toContainText(/AV\.CLCL\.\.BHZ ÷ AV\.CLCO\.\.BHZ (\d[\d,.]*|—) ratio/);

  await analysis.getByRole('radio', { name: 'Event counts' }).check();
  await expect(page).toHaveURL(/analysis=counts/);
  // Every UTC hour from the first window of either channel to the last is a bin, empty ones
  // included: as many as the raw answers span, read apart from the app (the mock's day may start or
  // end with an outage, so this is not always 24).
  const span = await page.evaluate(
    async (d) => {
      const hours = await Promise.all(
        ['CLCL', 'CLCO'].map(async (station) => {
          const res = await fetch(
            `/demo-api/api/seismic/rsam?network=AV&station=${station}&channel=BHZ&datefrom=${d}&dateto=${d}`,
          );
          const pts: { time: string }[] = (await res.json()).series[0].points;
          const hour = (p: { time: string }) => Math.floor(Date.parse(p.time) / 3_600_000);
          return [hour(pts[0]!), hour(pts.at(-1)!)];
        }),
      );
      return Math.max(...hours.map((h) => h[1]!)) - Math.min(...hours.map((h) => h[0]!)) + 1;
    },
    day.replace(/-/g, ''),
  );
  expect(span).toBeGreaterThanOrEqual(12);
  await expect.poll(() => points(page)).toBe(span);
  await expect(page.getByRole('table', { name: 'Events per hour' }).getByRole('row')).toHaveCount(span + 1);
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
  // first channel must be the sum of counts × window seconds, exactly, as the decimals add up
  // (summed here in hundredths as BigInt, from the JSON text itself).
  const raw = await page.evaluate(
    async (d) => {
      const res = await fetch(
        `/demo-api/api/seismic/rsam?network=AV&station=CLCL&channel=BHZ&datefrom=${d}&dateto=${d}`,
      );
      const text = await res.text();
      const windowSec = BigInt(/"window_sec":(\d+)/.exec(text)![1]!);
      let hundredths = 0n;
      for (const m of text.matchAll(/"rsam_counts":(-?\d+)(?:\.(\d{1,2}))?[,}]/g))
        hundredths += BigInt(m[1]!) * 100n + (m[1]!.startsWith('-') ? -1n : 1n) * BigInt((m[2] ?? '').padEnd(2, '0'));
      const total = hundredths * windowSec;
      const whole = total / 100n;
      const frac = (total % 100n).toString().padStart(2, '0').replace(/0+$/, '');
      return { points: (text.match(/"rsam_counts"/g) ?? []).length, sum: frac ? `${whole}.${frac}` : `${whole}` };
    },
    day.replace(/-/g, ''),
  );
  expect(raw.points).toBeGreaterThan(1000);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const csv = await readFile(file!, 'utf8');
  expect(csv).toContain('# RSAM analysis: Cumulative');
  expect(csv).toMatch(/running sum of counts × window seconds/);
  expect(csv).toContain('# values exact: counts, and sums exact to the decimals the service gave');
  const rows = csv
    .trim()
    .split('\n')
    .filter((l) => !l.startsWith('#'));
  expect(rows[0]).toBe('time (UTC),AV.CLCL..BHZ (counts·s),AV.CLCO..BHZ (counts·s)');
  const lastWithFirst = rows.filter((r) => r.split(',')[1] !== '').at(-1)!;
  // The cell's text, not a number near it: no 8186.999999999999.
  expect(lastWithFirst.split(',')[1]).toBe(raw.sum);
  expect(consoleErrors).toEqual([]);
});

/**
 * The forecast tests run on a fixed clock (the demo's mock runs in the page, on the same clock), so
 * its swarm, whose rise accelerates as failure does with α = 2 up to its peak on the whole hour two
 * days before now (mocks/data/rsam.ts), and the tremor and outages around it are the same each run.
 */
const NOW = Date.parse('2025-11-28T09:13:00Z');
const PEAK = Math.floor((NOW - 2 * DAY) / 3_600_000) * 3_600;
const iso = (s: number) => new Date(s * 1000).toISOString().replace('.000Z', 'Z');

test.describe('inverse rate, UTC charts from a browser in Costa Rica', () => {
  test.use({ timezoneId: 'America/Costa_Rica' });
  test.beforeEach(async ({ page }) => {
    await page.clock.setSystemTime(NOW);
  });

  test('a dragged fit span over the swarm’s rise gives a time with its zone and checks; the data after it are read', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    const view = `${PEAK - 6 * 3600}-${PEAK + 2 * 3600}`;
    await openApp(page, `/seismic?channels=AV.CLCL..BHZ&from=now-7d&to=now&analysis=inverse&view=${view}`);
    const status = page.getByRole('status').filter({ hasText: /forecast/i });
    await expect(status).toContainText('No forecast yet: drag across the chart');
    await expect.poll(() => points(page)).toBeGreaterThan(100);
    await expect(page.getByText('Experimental')).toBeVisible();
    await expect(page.getByText(/Values fitted: 10-minute medians of the service’s 60 s windows/)).toBeVisible();

    // Drag over the rise: from 5 h 12 min to 24 min before the peak, in the 8 h view.
    await dragChart(chart(page), 0.1, 0.7);
    await expect
      .poll(() => new URL(page.url()).searchParams.get('fit'))
      .toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    await expect(status).toContainText(
      /^Failure forecast: 2025-11-26T\d\d:\d\dZ \(UTC\); 95 % interval .* fitted to \d+ values \(10-minute medians/,
    );
    // The time is near the peak the mock put at 09:00 UTC.
    const time = Date.parse(/forecast: (\S+Z)/.exec((await status.textContent())!)![1]!.replace('Z', ':00Z')) / 1000;
    expect(Math.abs(time - PEAK)).toBeLessThan(45 * 60);
    const checks = page.getByRole('list', { name: 'Forecast checks' });
    await expect(checks.getByRole('listitem')).toHaveCount(7);
    await expect(checks).toContainText(/r² 0\.9\d \(at least 0\.90\)/);
    await expect(checks).toContainText('the same hours a day earlier did not fall');
    await expect(page.getByText(/^After the fit span RSAM went on rising into the forecast interval/)).toBeVisible();
    // The zoom did not change: dragging selects the span in this analysis.
    await expect(page).toHaveURL(new RegExp(`view=${view}`));

    // The same span from the address after a reload.
    const text = await status.textContent();
    await page.reload();
    await expect(status).toHaveText(text!);
    expect(consoleErrors).toEqual([]);
  });

  test('no time, and why: a quiet day (r² below the stated threshold) and a daily wind cycle', async ({ page }) => {
    test.setTimeout(120_000);
    const status = page.getByRole('status').filter({ hasText: /forecast/i });
    const quiet = `${iso(PEAK - 5 * 86_400)}/${iso(PEAK - 4 * 86_400)}`;
    await openApp(page, `/seismic?channels=AV.CLCL..BHZ&from=now-7d&to=now&analysis=inverse&fit=${quiet}`);
    await expect(status).toContainText(/^No forecast: .*r² 0\.\d\d is below 0\.90: the line explains too little/);
    await expect(status).not.toContainText(/\d{4}-\d\d-\d\dT/);
    const checks = page.getByRole('list', { name: 'Forecast checks' });
    await expect(checks.getByRole('listitem').filter({ hasText: /^✗ not met: r² / })).toHaveCount(1);
    await expect(page.getByText(/^When a time is given\. .*r² ≥ 0\.90/)).toBeVisible();

    // Villarrica's afternoon wind: a smooth fall of 1/RSAM from 07:30 to 09:30 local, as steep the day before.
    const day = Math.floor(PEAK / 86_400) * 86_400;
    const wind = `${iso(day + 11.5 * 3600)}/${iso(day + 13.5 * 3600)}`;
    await openApp(page, `/seismic?channels=VC.RKPI..HHE&from=now-7d&to=now&analysis=inverse&fit=${wind}`);
    await expect(status).toContainText(
      /^No forecast: the same hours a day earlier fell at \d\.\d\d × this rate: a daily cycle, not an acceleration\.$/,
    );
    await expect(page.getByText(/What the method assumes, and where it fails\. .*daily or tidal cycles/)).toBeVisible();
  });
});

test.describe('inverse rate on Poás in its local time, from a browser in Santiago', () => {
  test.use({ timezoneId: 'America/Santiago' });
  test.beforeEach(async ({ page }) => {
    await page.clock.setSystemTime(NOW);
  });

  test('from the keyboard on Poás in its local time: zoomed to the rise, “Fit the visible range” gives a time in that zone', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    // The swarm's rise, as a keyboard user gets it by zooming the chart (+, −, arrow keys).
    const from = PEAK - 3.5 * 3600;
    const to = PEAK - 900;
    await openApp(
      page,
      `/seismic?channels=OV.VPCC..HHZ,OV.VPNC..HHZ&from=now-7d&to=now&tz=local&analysis=inverse&view=${from}-${to}`,
    );
    await expect.poll(() => points(page)).toBeGreaterThan(100);
    // Beside the chart: the values the inverse rate is made of although Smoothing says Default, and
    // the second channel named as left out.
    await expect(page.getByLabel('Smoothing')).toHaveValue('');
    await expect(page.getByText('OV.VPCC..HHZ only; not included: OV.VPNC..HHZ')).toBeVisible();
    await expect(
      page.getByText(/10-minute medians, one per block .*\(applied although Smoothing is set to None/),
    ).toBeVisible();

    const status = page.getByRole('status').filter({ hasText: /forecast/i });
    await expect(status).toContainText('No forecast yet');
    const fit = page.getByRole('button', { name: 'Fit the visible range' });
    await page.getByRole('button', { name: 'Export CSV' }).focus();
    for (let i = 0; i < 6 && !(await fit.evaluate((b) => b === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(fit).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('fit')).toBe(`${iso(from)}/${iso(to)}`);
    // Costa Rica is UTC−6 all year: the peak at 09:00 UTC is 03:00 there.
    await expect(status).toContainText(/^Failure forecast: 2025-11-26T0[23]:\d\d-06:00 \(America\/Costa_Rica\)/);
    await expect(
      page.getByText(
        'Fit span: 2025-11-25T23:30:00-06:00 (America/Costa_Rica) to 2025-11-26T02:45:00-06:00 (America/Costa_Rica).',
      ),
    ).toBeVisible();

    // The legend names the fitted line too; then the span is cleared from the keyboard.
    await expect(page.getByLabel('Values under the cursor')).toContainText('fitted line');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Clear fit span' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('fit')).toBeNull();
    await expect(status).toContainText('No forecast yet');
    expect(consoleErrors).toEqual([]);
  });
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
