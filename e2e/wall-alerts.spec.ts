import type { Locator, Page } from '@playwright/test';
import { test, expect, openApp, mockControl, atCalmInstant } from './fixtures';

// A calm demo unless a test plays a scene: the tiles' layout is asserted with nothing to flag.
test.beforeEach(({ page }) => atCalmInstant(page));

test('a threshold below the current value alerts on its tile, names channel, value and since when; acknowledging clears it and it stays cleared after a refresh', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  // A clock set where the demo's data runs unbroken: its stations have outages at random
  // (mocks/data/rsam.ts), and one inside the loaded day and a half starts the run after it (on
  // 2026-11-27 from 08:53 UTC, after a 15 min gap). AV.CLCL..BHZ has none from 2026-11-19 00:00 UTC
  // to this instant. The demo's mock runs in the page, on the same clock.
  const now = Date.parse('2026-11-20T12:00:00Z');
  await page.clock.setSystemTime(now);
  await page.setViewportSize({ width: 1920, height: 1080 });
  // 1 count is below any RSAM; 1,000,000 counts is above any; CLES stays quiet.
  await openApp(page, '/wall?volcanoes=311240&alert=AV.CLCL..BHZ:1,AV.CLES..BHZ:1000000&refresh=10');
  const tile = page.getByRole('article', { name: 'Cleveland' });
  const alert = tile.getByRole('alert');
  await expect(alert).toHaveCount(1);
  await expect(alert).toContainText('RSAM alert: AV.CLCL..BHZ above 1 counts');
  // Above 1 count all along: the run reaches back to the first loaded window, the start of the UTC
  // day holding now - 24 h, so its start is a lower bound, in UTC and in Cleveland's local time
  // (the day before there, so with its date).
  const start = new Date(now - 86_400_000).toISOString().slice(0, 10);
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
  // The live region says the rule and since when, once: never the level, which changes every refresh.
  await expect(alert).toHaveText(
    new RegExp(
      `^RSAM alert: AV\\.CLCL\\.\\.BHZ above 1 counts throughout the loaded data, since at least ${start} 00:00 UTC ` +
        `\\(${adak} (HST|HDT|HAST|HADT|GMT-10|GMT-9) local\\)$`,
    ),
  );
  await expect(tile).toHaveClass(/wall-tile--alert/);
  await expect(tile.getByText(/Alert rule AV\.CLES\.\.BHZ above 1,000,000 counts: below/)).toBeVisible();

  await tile.getByRole('button', { name: 'Acknowledge' }).press('Enter');
  await expect(tile.getByRole('alert')).toHaveCount(0);
  // Quiet, but in view: the channel is still above its threshold; the whole alert is read after it.
  await expect(
    tile.getByText(
      /^Acknowledged \d\d:\d\d UTC · still above 1 counts: AV\.CLCL\.\.BHZ above 1 counts .*; now [\d,]+ counts$/,
    ),
  ).toBeVisible();
  await expect(tile).not.toHaveClass(/wall-tile--alert/);
  // Two refresh cycles later (and after a reload) the acknowledged episode stays quiet. A cycle is
  // a burst of RSAM requests (one per channel) 10 s after the last: counted as they start, and the
  // last one's answer awaited, rather than sleeping for two periods.
  const cycles: number[] = [];
  let answered = 0;
  page.on('request', (r) => {
    if (!r.url().includes('/api/seismic/rsam')) return;
    const t = Date.now();
    if (t - (cycles.at(-1) ?? 0) > 2_000) cycles.push(t);
  });
  page.on('requestfinished', (r) => {
    if (r.url().includes('/api/seismic/rsam') && cycles.length >= 2) answered++;
  });
  await expect.poll(() => cycles.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  await expect.poll(() => answered, { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(tile.getByText(/^Acknowledged \d\d:\d\d UTC · still above 1 counts/)).toBeVisible();
  await expect(tile.getByRole('alert')).toHaveCount(0);
  await page.reload();
  await expect(
    page.getByRole('article', { name: 'Cleveland' }).getByText(/^Acknowledged \d\d:\d\d UTC · still above 1 counts/),
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

/**
 * At 1440×900, Cleveland with two alerts and Poás with one: every alert and its button inside its
 * tile and under nothing, and every line, alerting or quiet, in view inside its tile at least
 * `minLine` px tall and under nothing (the line that alerts is what the room needs to see).
 */
async function alertsAndLinesFit(page: Page, minLine: number) {
  const cleveland = page.getByRole('article', { name: 'Cleveland' });
  const poas = page.getByRole('article', { name: 'Poás' });
  const alerts = (tile: Locator) => tile.getByRole('alert').filter({ hasText: /above 1 counts/ });
  await expect(alerts(cleveland)).toHaveCount(2);
  await expect(alerts(poas)).toHaveCount(1);
  const box = (await cleveland.boundingBox())!;
  const inside = async (what: string, b: { x: number; y: number; width: number; height: number } | null) => {
    expect(b, what).not.toBeNull();
    expect(b!.y, `${what} top`).toBeGreaterThanOrEqual(box.y);
    expect(b!.y + b!.height, `${what} bottom`).toBeLessThanOrEqual(box.y + box.height);
    expect(b!.x + b!.width, `${what} right`).toBeLessThanOrEqual(box.x + box.width);
  };
  const buttons = cleveland.getByRole('button', { name: 'Acknowledge' });
  await expect(buttons).toHaveCount(2);
  for (const [i, id] of ['AV.CLCL..BHZ', 'AV.CLES..BHZ'].entries()) {
    const alert = alerts(cleveland).filter({ hasText: id });
    await expect(alert).toBeAttached();
    await inside(`alert ${id}`, await alert.locator('..').boundingBox());
    await inside(`button ${i}`, await buttons.nth(i).boundingBox());
    // Nothing lies over the button: a click there reaches it.
    await expect(buttons.nth(i)).toBeInViewport({ ratio: 1 });
  }
  for (const [tile, id] of [
    [cleveland, 'AV.CLCL..BHZ'],
    [cleveland, 'AV.CLES..BHZ'],
    [poas, 'OV.VPCC..HHZ'],
    [poas, 'OV.VPNC..HHZ'],
  ] as const) {
    const name = new RegExp(`^RSAM of ${id.replace(/\./g, '\\.')}`);
    const line = tile.getByRole('img', { name });
    await expect(line).toBeVisible();
    const q = (await line.boundingBox())!;
    const t = (await tile.boundingBox())!;
    expect(q.y + q.height, `${id} line bottom`).toBeLessThanOrEqual(t.y + t.height);
    expect(q.height, `${id} line height`).toBeGreaterThanOrEqual(minLine);
    const top = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[role="img"]')?.getAttribute('aria-label') ?? null,
      [q.x + q.width / 2, q.y + q.height / 2],
    );
    expect(top, `what lies over the middle of ${id}'s line`).toMatch(name);
  }
  await expect(poas.getByText(/^OV\.VPNC\.\.HHZ$/)).toBeVisible();
}

test("at 1440×900 two alerts on one tile each sit under their own channel's line, words and button inside the tile; every line stays in view, under nothing", async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page, '/wall?alert=AV.CLCL..BHZ:1,AV.CLES..BHZ:1,OV.VPCC..HHZ:1');
  await alertsAndLinesFit(page, 30);
  const cleveland = page.getByRole('article', { name: 'Cleveland' });
  const buttons = cleveland.getByRole('button', { name: 'Acknowledge' });

  // Acknowledging one leaves the other, with its button.
  await buttons.first().click();
  await expect(cleveland.getByRole('alert')).toHaveCount(1);
  await expect(cleveland.getByRole('alert')).toContainText('AV.CLES..BHZ');
  await expect(cleveland.getByRole('button', { name: 'Acknowledge' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('in an outage at 1440×900 (the banner takes its height) the alerts, their buttons and every line still fit their tiles', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page, '/wall?alert=AV.CLCL..BHZ:1,AV.CLES..BHZ:1,OV.VPCC..HHZ:1&refresh=6');
  await alertsAndLinesFit(page, 30);
  await mockControl(page, { action: 'fault', fault: { match: '/api/', kind: 'network' } });
  await expect(page.getByRole('alert').filter({ hasText: /^Connection lost since/ })).toBeVisible({ timeout: 20_000 });
  // A lower floor for the lines of a crowded tile in an outage, still a readable trace.
  await alertsAndLinesFit(page, 18);
});

test("an alert keeps its channel's sparkline as tall as without it, its words under the line; acknowledged, the channel still says it is above", async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  const line = () =>
    page.getByRole('article', { name: 'Cleveland' }).getByRole('img', { name: /^RSAM of AV\.CLCL\.\.BHZ/ });
  /** The sparkline's box and its plot area's (uPlot's .u-over: the height its ticks are spaced in). */
  const boxes = async () => {
    await expect(line()).toBeVisible();
    const spark = (await line().boundingBox())!;
    const plot = (await line().locator('.u-over').boundingBox())!;
    return { spark, plot };
  };
  await openApp(page, '/wall?theme=dark');
  await expect(
    page
      .getByRole('article', { name: 'Cleveland' })
      .getByText(/^[\d,]+ counts$/)
      .first(),
  ).toBeVisible();
  const quiet = await boxes();
  expect(quiet.spark.height).toBeGreaterThanOrEqual(40);

  await openApp(page, '/wall?theme=dark&alert=AV.CLCL..BHZ:1');
  const tile = page.getByRole('article', { name: 'Cleveland' });
  const alert = tile.getByRole('alert').filter({ hasText: 'RSAM alert' });
  await expect(alert).toContainText('AV.CLCL..BHZ above 1 counts');
  const loud = await boxes();
  expect(Math.abs(loud.spark.height - quiet.spark.height), 'sparkline height with an alert').toBeLessThanOrEqual(1);
  expect(Math.abs(loud.plot.height - quiet.plot.height), 'plot height with an alert').toBeLessThanOrEqual(1);
  // The alert's words and button lie under the line, not over it.
  const words = (await alert.locator('..').boundingBox())!;
  expect(words.y, 'alert top').toBeGreaterThanOrEqual(loud.spark.y + loud.spark.height - 0.5);
  await page.screenshot({ path: test.info().outputPath('wall-alert.png') });

  await tile.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(alert).toHaveCount(0);
  const note = tile.getByText(/^Acknowledged \d\d:\d\d UTC · still above 1 counts/);
  await expect(note).toBeVisible();
  const acked = await boxes();
  expect(Math.abs(acked.spark.height - quiet.spark.height), 'sparkline height once acknowledged').toBeLessThanOrEqual(
    1,
  );
  const noteBox = (await note.boundingBox())!;
  expect(noteBox.y, 'note top').toBeGreaterThanOrEqual(acked.spark.y + acked.spark.height - 0.5);
  await page.screenshot({ path: test.info().outputPath('wall-acknowledged.png') });
  expect(consoleErrors).toEqual([]);
});
