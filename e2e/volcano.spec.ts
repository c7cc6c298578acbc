import { test, expect, openApp, dragChart, currentPath } from './fixtures';
import { chartRows } from './rsam-rows';
import type { Page } from '@playwright/test';

const cursorText = (page: Page) => page.getByTestId('cursor-time').innerText();

test('hover, zoom, events and time-lapse on Poás', async ({ page, consoleErrors }) => {
  // Eight steps of loading and re-sampling: 40–80 s on a busy two-core machine, with main's build as with this one.
  test.setTimeout(90_000);
  await openApp(page, '/');
  await page.getByRole('link', { name: 'Poás' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: /Poás/ })).toBeVisible();
  const chart = page.getByTestId('volcano-chart');
  await expect(chart.locator('canvas')).toBeVisible();
  const ir = page.getByRole('list', { name: 'Infrared frames' });
  const vis = page.getByRole('list', { name: 'Visible frames' });
  await expect(ir.getByRole('button').first()).toBeVisible();
  await expect(vis.getByRole('button').first()).toBeVisible();
  await expect(page.getByTestId('sampling')).toContainText('hourly');

  // Hover: the cursor reads out, and the preview shows the highlighted (nearest) frame's time.
  const over = chart.locator('.u-over');
  const box = (await over.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2);
  await expect(page.getByTestId('cursor-time')).toContainText(/Cursor: \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
  const preview = page.getByRole('region', { name: 'Frames at the cursor' });
  const irFigure = preview.getByRole('figure', { name: 'Infrared frame at the cursor' });
  await expect(irFigure).toBeVisible();
  const shownTime = await irFigure.getByTestId('preview-time').innerText();
  await expect(ir.locator('button[aria-current="true"]')).toHaveAccessibleName(`Infrared frame ${shownTime}`);
  // Hourly sampling: the nearest frame is within an hour of the cursor. Both read together, and
  // again until they agree: a chunk arriving between two reads redraws the chart (seen once in CI).
  const utc = (t: string) => Date.parse(t.replace('Cursor: ', '').replace(' UTC', 'Z').replace(' ', 'T'));
  await expect
    .poll(async () => {
      const [cursor, frame] = [await cursorText(page), await irFigure.getByTestId('preview-time').innerText()];
      return Math.abs(utc(cursor) - utc(frame));
    })
    .toBeLessThanOrEqual(3_600_000);

  // Events: select the first, play its time-lapse and watch the cursor move.
  const events = page.getByRole('list', { name: 'Events' });
  await expect(events.getByRole('listitem').first()).toBeVisible();
  await events.getByRole('button', { name: /^Select event 1$/ }).click();
  const lapse = page.getByRole('region', { name: 'Time-lapse of the selected span' });
  await expect(lapse.getByText(/Step 1 of \d+/)).toBeVisible();
  await lapse.getByRole('button', { name: 'Play time-lapse' }).click();
  const c1 = await cursorText(page);
  await expect.poll(() => cursorText(page)).not.toBe(c1);
  const c2 = await cursorText(page);
  await expect.poll(() => cursorText(page)).not.toBe(c2);
  await lapse.getByRole('button', { name: 'Pause' }).click();

  // The estimate-then-download flow for the span opens with the estimate.
  await page.getByRole('button', { name: 'Download infrared images…' }).click();
  const dlg = page.getByTestId('span-download-dialog');
  await expect(dlg.getByTestId('span-estimate-count')).toHaveText(/\d/);
  await dlg.getByRole('button', { name: 'Close' }).click();

  // Zoom by dragging a few hours: the lanes are re-sampled more finely.
  const firstIrName = await ir.getByRole('button').first().getAttribute('aria-label');
  await dragChart(page.getByTestId('volcano-chart'), 0.5, 0.52);
  await expect(page.getByTestId('sampling')).toContainText('minutely');
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}T/);
  await expect(ir.getByRole('button').first()).not.toHaveAttribute('aria-label', firstIrName!);
  const names = await ir
    .getByRole('button')
    .evaluateAll((bs) => bs.slice(0, 3).map((b) => b.getAttribute('aria-label') ?? ''));
  const times = names.map((n) => Date.parse(n.replace('Infrared frame ', '').replace(' UTC', 'Z').replace(' ', 'T')));
  expect(times[1]! - times[0]!).toBeLessThan(3 * 60_000);
  // And again below an hour: every frame.
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(page.getByTestId('sampling')).toContainText('every frame');
  expect(consoleErrors).toEqual([]);
});

const WEEK = '/volcano/345040?from=2025-03-01&to=2025-03-07&tz=local';

/** Opens a week at Poás and picks one visible frame; returns its name and the link it made. */
async function pickFrame(page: Page): Promise<{ name: string; url: URL }> {
  await openApp(page, WEEK);
  const vis = page.getByRole('list', { name: 'Visible frames' });
  await expect(vis.getByRole('button').nth(40)).toBeVisible();
  const name = (await vis.getByRole('button').nth(40).getAttribute('aria-label'))!;
  // Frames are named in the chosen zone: site time here.
  expect(name).toMatch(/^Visible frame \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} CST$/);
  // By name, not by position: a re-render of the lane between reading and pressing cannot swap the frame.
  await vis.getByRole('button', { name }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/frame=/);
  const url = new URL(page.url());
  expect(url.searchParams.get('at')).toMatch(/Z$/);
  return { name, url };
}

// The deep-link checks are three tests, not one: four full loads of a week and two months of data
// in one test came close to its time limit on a busy machine, which made it flaky.
test('a deep link lands on the same frame and cursor', async ({ page, consoleErrors }) => {
  const { name, url } = await pickFrame(page);
  await expect(page.getByTestId('cursor-time')).not.toHaveText('Cursor: none');
  const cursor = await cursorText(page);

  await openApp(page, url.pathname + url.search);
  await expect(
    page.getByRole('list', { name: 'Visible frames' }).getByRole('button', { name, pressed: true }),
  ).toBeVisible();
  await expect(page.getByTestId('cursor-time')).toHaveText(cursor);
  const preview = page.getByRole('region', { name: 'Frames at the cursor' });
  await expect(preview.getByText(url.searchParams.get('frame')!)).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('the selected span is part of the link: a reload brings back its time-lapse', async ({ page, consoleErrors }) => {
  await openApp(page, WEEK);
  await page.getByRole('button', { name: 'Select the visible range' }).click();
  await expect(page).toHaveURL(/span=2025-03-01T00%3A00%3A00Z%2F2025-03-08T00%3A00%3A00Z/);
  const selected = await page.getByText(/^Selected span:/).innerText();
  await openApp(page, currentPath(page));
  await expect(page.getByText(/^Selected span:/)).toHaveText(selected);
  await expect(page.getByRole('region', { name: 'Time-lapse of the selected span' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("a frame the lanes' sampling skipped is still found from its id", async ({ page, consoleErrors }) => {
  const { url } = await pickFrame(page);
  const id = url.searchParams.get('frame')!;
  await openApp(page, `/volcano/345040?from=2025-02-01&to=2025-03-31&at=${url.searchParams.get('at')}&frame=${id}`);
  await expect(page.getByTestId('sampling')).toContainText('daily');
  await expect(page.getByRole('region', { name: 'Frames at the cursor' }).getByText(id)).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

/** The toolbar's "from → to", as UTC instants. */
async function shownRange(page: Page): Promise<[number, number]> {
  const text = await page.getByRole('toolbar', { name: 'Time range' }).locator('span').first().innerText();
  const [a, b] = text.split(' → ').map((s) => Date.parse(s.replace(' UTC', 'Z').replace(' ', 'T')));
  return [a!, b!];
}

test('a relative range in the shared grammar (now-6h) stays relative; a bad one is dropped with a notice', async ({
  page,
  consoleErrors,
}) => {
  await openApp(page, '/volcano/345040?from=now-6h');
  const [from, to] = await shownRange(page);
  // Minutes shown, so within a minute of six hours, ending now.
  expect(Math.abs(to - from - 6 * 3_600_000)).toBeLessThanOrEqual(60_000);
  expect(Math.abs(Date.now() - to)).toBeLessThan(5 * 60_000);
  await expect(page).toHaveURL(/from=now-6h/);
  await expect(page.getByTestId('sampling')).toContainText(/minutely|every frame/);

  await openApp(page, '/volcano/345040?from=now-6x&tz=local');
  await expect(page.getByRole('status').filter({ hasText: 'Ignored from=now-6x in the address' })).toBeVisible();
  await expect(page).toHaveURL(/\?tz=local$/);
  expect(consoleErrors).toEqual([]);
});

test('camera-only volcano and an unknown number', async ({ page, consoleErrors }) => {
  await openApp(page, '/volcano/311290');
  await expect(page.getByText('Okmok has no seismic channels')).toBeVisible();
  await expect(page.getByTestId('volcano-chart')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Visible frames' }).getByRole('button').first()).toBeVisible();
  await expect(page.getByRole('img', { name: /^Visible, OKCF: / })).toBeVisible();
  await openApp(page, '/volcano/999999');
  await expect(page.getByRole('heading', { name: 'Volcano not found' })).toBeVisible();
  await page.getByRole('link', { name: /Cumbre Vieja/ }).click();
  await expect(page.getByText('Cumbre Vieja has no seismic channels')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Infrared frames, CV01' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Infrared frames, CV02' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('the panels below the chart load after its RSAM; when their code cannot load, the chart and lanes stay and a notice says so', async ({
  page,
}) => {
  // A CDN that no longer holds the panels' file (a release replaced it) answers 404. The context's
  // route: the demo mock's service worker makes the page's fetches.
  await page
    .context()
    .route(/\/assets\/below-panels-[^/]*\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
  await openApp(page, '/volcano/345040');
  await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toBeVisible();
  await expect
    .poll(async () => Number(await page.getByTestId('rsam-chart').getAttribute('data-points')))
    .toBeGreaterThan(1000);
  await expect(page.getByRole('heading', { name: /Infrared frames/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Events' })).toHaveCount(0);
});

test('the RSAM chart has a keyboard cursor: a polite live region says the time and each channel’s counts, and the view’s cursor follows it', async ({
  page,
  consoleErrors,
}) => {
  const ids = ['OV.VPCC..HHZ', 'OV.VPNC..HHZ'];
  const from = Date.UTC(2025, 2, 3, 4) / 1000;
  const to = from + 3 * 3600;
  await openApp(page, '/volcano/345040?from=2025-03-03T04:00:00Z&to=2025-03-03T07:00:00Z&tz=utc');
  // The rows the chart holds, asked of the page's own mock: each channel's windows, and a break
  // one window after the last before an outage (no data there).
  const { times, values } = await chartRows(page, ids, '2025-03-02', '2025-03-03');
  const inView = times.filter((t) => t >= from && t <= to);
  expect(inView.length).toBeGreaterThan(100);
  const utc = (t: number, seconds: boolean) =>
    `${new Date(t * 1000)
      .toISOString()
      .slice(0, seconds ? 19 : 16)
      .replace('T', ' ')} UTC`;
  const counts = (v: number | undefined) =>
    v === undefined ? 'no data' : `${v.toLocaleString('en-US', { maximumFractionDigits: 3 })} counts`;
  const said = (t: number, note = '') =>
    `${note}${utc(t, false)}: ${ids.map((id, i) => `${id} ${counts(values[i]!.get(t))}`).join(', ')}`;

  const card = page.getByTestId('volcano-chart');
  const group = card.getByRole('group', { name: /^RSAM of OV\.VPCC\.\.HHZ and OV\.VPNC\.\.HHZ/ });
  // Its legend is its description: each line's colour, then its channel.
  await expect(group).toHaveAccessibleDescription(
    /^orange line: OV\.VPCC\.\.HHZ ?, sky-blue line: OV\.VPNC\.\.HHZ · red shading/,
  );
  // The legend is the chart's description: what the colours and shading mean, the drag, the keys.
  await expect(group).toHaveAccessibleDescription(/Focused, Shift\+← → step a cursor that reads the values/);
  await expect
    .poll(async () => Number(await card.getByTestId('rsam-chart').getAttribute('data-points')))
    .toBeGreaterThan(inView.length);
  const url = page.url();
  /** The live region says the values at `t`, and the view's cursor (frames, status) is at `t`. */
  async function expectAt(t: number, note = '') {
    await expect(card.getByText(said(t, note), { exact: true })).toHaveAttribute('aria-live', 'polite');
    await expect(page.getByLabel('Cursor time')).toHaveText(`Cursor: ${utc(t, true)}`);
  }
  await group.focus();
  await page.keyboard.press('Shift+Home');
  await expectAt(inView[0]!);
  for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowRight');
  await expectAt(inView[3]!);
  await page.keyboard.press('Shift+ArrowLeft');
  await expectAt(inView[2]!);
  // The frames follow the keyboard's cursor as they follow the pointer's: the preview shows a frame
  // near the cursor's time (the range is 3 h, so near one end is far from the other).
  const preview = page.getByRole('region', { name: 'Frames at the cursor' });
  await expect(preview.getByRole('heading', { name: 'Nearest frames to the cursor' })).toBeVisible();
  const frameTime = preview.getByRole('figure', { name: 'Infrared frame at the cursor' }).getByTestId('preview-time');
  const nearCursor = async (t: number) =>
    expect
      .poll(async () =>
        Math.abs(Date.parse((await frameTime.innerText()).replace(' UTC', 'Z').replace(' ', 'T')) / 1000 - t),
      )
      .toBeLessThanOrEqual(30 * 60);
  await nearCursor(inView[2]!);
  // At the last point in view the cursor stops; the range stays.
  await page.keyboard.press('Shift+End');
  await expectAt(inView.at(-1)!);
  await nearCursor(inView.at(-1)!);
  await page.keyboard.press('Shift+ArrowRight');
  await expectAt(inView.at(-1)!, 'Last point in view. ');
  expect(page.url()).toBe(url);
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Cursor time')).toHaveText('Cursor: none');
  expect(consoleErrors).toEqual([]);
});
