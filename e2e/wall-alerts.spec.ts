import type { Locator, Page } from '@playwright/test';
import { test, expect, openApp, mockControl, atCalmInstant } from './fixtures';

/**
 * The wall's `alert=` rules are a session's changes to the observatory's attention rule: a channel's
 * elevated level in counts (`:1`) or × its median (`:4x`). They alert through attention's one system:
 * its words in the tile's header, its one Acknowledge button, its log. At the calm instant nothing
 * else is flagged, so what a rule raises is all there is.
 */
test.beforeEach(({ page }) => atCalmInstant(page));

const state = (tile: Locator) => tile.getByTestId('volcano-state');
const station = (tile: Locator, name: string) => tile.getByRole('listitem', { name: new RegExp(`^${name} `) });

test("a level in counts below the data raises its channel in the tile's own attention words; one Acknowledge ends the frame, and stays acknowledged after a refresh and a reload", async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  // 1 count is below any RSAM; 1,000,000 counts is above any; CLES stays normal.
  await openApp(page, '/wall?volcanoes=311240&alert=AV.CLCL..BHZ:1,AV.CLES..BHZ:1000000&refresh=10');
  const tile = page.getByRole('article', { name: 'Cleveland' });
  // Above 1 count throughout: the run reaches back to the first loaded window, the start of the
  // UTC day holding now - 24 h, so that is a lower bound, not its start; it has held far longer
  // than the 10 min hold.
  await expect(state(tile)).toContainText(
    /^Elevated AV\.CLCL\.\.BHZ: RSAM [\d,]+ counts, limit 1 since at least 2026-11-19 00:00 UTC/,
  );
  await expect(station(tile, 'CLCL')).toHaveAccessibleName(/^CLCL elevated: RSAM [\d,]+ counts \(limit 1 counts;/);
  await expect(station(tile, 'CLES')).toHaveAccessibleName(/^CLES normal: RSAM [\d,]+ counts \(limit 1,000,000 counts;/);
  await expect(page.getByRole('status', { name: 'Attention' })).toHaveText('Cleveland elevated');
  await expect(tile).toHaveClass(/wall-tile--raised/);
  // One alert system: one button, attention's, naming what it acknowledges.
  const ack = tile.getByRole('button', { name: /^Acknowledge/ });
  await expect(ack).toHaveCount(1);
  await expect(ack).toHaveAccessibleName('Acknowledge Cleveland: CLCL elevated');

  await ack.press('Enter');
  await expect(tile).not.toHaveClass(/wall-tile--raised/);
  await expect(ack).toHaveCount(0);
  // The state is still said while it lasts: acknowledging quiets it, it does not hide it.
  await expect(state(tile)).toContainText('Elevated AV.CLCL..BHZ');
  // The next refresh (10 s) judges it again, and a reload reads the log back: still acknowledged.
  const refreshed = page.waitForResponse((r) => r.url().includes('/api/seismic/rsam'), { timeout: 30_000 });
  await refreshed;
  await expect(tile).not.toHaveClass(/wall-tile--raised/);
  await page.reload();
  const again = page.getByRole('article', { name: 'Cleveland' });
  await expect(state(again)).toContainText('Elevated AV.CLCL..BHZ');
  await expect(again.getByRole('button', { name: /^Acknowledge/ })).toHaveCount(0);
  await expect(again).not.toHaveClass(/wall-tile--raised/);
  expect(consoleErrors).toEqual([]);
});

test('bad alert rules are named and dropped; the wall keeps running and flags nothing', async ({ page }) => {
  await openApp(page, '/wall?alert=AV.CLCL..BHZ:abc,AV.CLCL..BHE:5');
  // The notice, not the rate-wait bar (also a status) that a busy start may show beside it.
  const notice = page.getByRole('status').filter({ hasText: 'Some URL settings were ignored' });
  await expect(notice).toContainText('alert: "AV.CLCL..BHZ:abc" is not CHANNEL:COUNTS');
  await expect(notice).toContainText('alert: AV.CLCL..BHE is not a channel on this wall');
  await expect(page.getByTestId('wall-tile')).toHaveCount(5);
  await expect(page.getByRole('status', { name: 'Attention' })).toHaveText('All calm: RSAM normal at every station');
  await expect(state(page.getByRole('article', { name: 'Cleveland' }))).toContainText(/^Normal/);
});

/**
 * At 1440×900, Cleveland with two raised channels and Poás with one: the state's words and its one
 * button inside the tile and under nothing, and every line in view inside its tile at least
 * `minLine` px tall and under nothing (the line that is raised is what the room needs to see).
 */
async function statesAndLinesFit(page: Page, minLine: number) {
  const cleveland = page.getByRole('article', { name: 'Cleveland' });
  const poas = page.getByRole('article', { name: 'Poás' });
  await expect(state(cleveland)).toContainText(/^Elevated AV\.CL(CL|ES)\.\.BHZ: RSAM [\d,]+ counts, limit 1/);
  await expect(state(poas)).toContainText(/^Elevated OV\.VPCC\.\.HHZ: RSAM [\d,]+ counts, limit 1/);
  for (const name of ['CLCL', 'CLES']) await expect(station(cleveland, name)).toHaveAccessibleName(/ elevated: /);
  await expect(station(poas, 'VPNC')).toHaveAccessibleName(/ normal: /);
  for (const tile of [cleveland, poas]) {
    const box = (await tile.boundingBox())!;
    for (const [what, el] of [
      ['state', state(tile).getByRole('paragraph').first()],
      ['button', tile.getByRole('button', { name: /^Acknowledge/ })],
    ] as const) {
      const b = await el.boundingBox();
      expect(b, what).not.toBeNull();
      expect(b!.y, `${what} top`).toBeGreaterThanOrEqual(box.y);
      expect(b!.y + b!.height, `${what} bottom`).toBeLessThanOrEqual(box.y + box.height);
      expect(b!.x + b!.width, `${what} right`).toBeLessThanOrEqual(box.x + box.width);
    }
    // Nothing lies over the button: a click there reaches it.
    await expect(tile.getByRole('button', { name: /^Acknowledge/ })).toBeInViewport({ ratio: 1 });
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

test('at 1440×900 two raised channels on one tile: the state, its one button and every line fit the tile, under nothing', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page, '/wall?alert=AV.CLCL..BHZ:1,AV.CLES..BHZ:1,OV.VPCC..HHZ:1');
  await statesAndLinesFit(page, 30);
  await page.screenshot({ path: test.info().outputPath('wall-1440-raised.png') });

  // Acknowledging Cleveland leaves Poás's, with its button.
  const cleveland = page.getByRole('article', { name: 'Cleveland' });
  await cleveland.getByRole('button', { name: /^Acknowledge Cleveland/ }).click();
  await expect(cleveland).not.toHaveClass(/wall-tile--raised/);
  await expect(page.getByRole('article', { name: 'Poás' })).toHaveClass(/wall-tile--raised/);
  await expect(page.getByRole('button', { name: /^Acknowledge Poás: VPCC elevated$/ })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('in an outage at 1440×900 (the banner takes its height) the states, their buttons and every line still fit their tiles', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page, '/wall?alert=AV.CLCL..BHZ:1,AV.CLES..BHZ:1,OV.VPCC..HHZ:1&refresh=6');
  await statesAndLinesFit(page, 30);
  await mockControl(page, { action: 'fault', fault: { match: '/api/', kind: 'network' } });
  await expect(page.getByRole('alert').filter({ hasText: /^Connection lost since/ })).toBeVisible({ timeout: 20_000 });
  // A lower floor for the lines of a crowded tile in an outage, still a readable trace.
  await statesAndLinesFit(page, 18);
});

test("a raised channel keeps its sparkline as tall as without the rule: the state's words take their room from the cameras", async ({
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
  await expect(state(tile)).toContainText('Elevated AV.CLCL..BHZ');
  const raised = await boxes();
  expect(Math.abs(raised.spark.height - quiet.spark.height), 'sparkline height when raised').toBeLessThanOrEqual(1);
  expect(Math.abs(raised.plot.height - quiet.plot.height), 'plot height when raised').toBeLessThanOrEqual(1);
  await page.screenshot({ path: test.info().outputPath('wall-raised.png') });

  await tile.getByRole('button', { name: /^Acknowledge/ }).click();
  await expect(tile).not.toHaveClass(/wall-tile--raised/);
  const acked = await boxes();
  expect(Math.abs(acked.spark.height - quiet.spark.height), 'sparkline height once acknowledged').toBeLessThanOrEqual(
    1,
  );
  expect(consoleErrors).toEqual([]);
});
