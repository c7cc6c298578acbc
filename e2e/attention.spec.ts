import type { Locator, Page } from '@playwright/test';
import { test, expect, openApp, mockControl, CALM_NOW } from './fixtures';

/**
 * Attention by default: the shipped config.json, no rule in any URL. The demo's mock runs in the
 * page on the page's clock, set where every station of the demo is calm (its own tremor episodes
 * and outages fall elsewhere), so what the scenes play is all there is to flag.
 */
const NOW = CALM_NOW;

/** Goes to `path` inside the app: the mock's scenes live in the page, so no reload. */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    history.pushState({}, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Poás in unrest at VPNC (6 × its RSAM for the last 40 minutes) and VPCC silent for 43 minutes. */
async function unrestAtPoas(page: Page): Promise<void> {
  await mockControl(page, {
    action: 'rsamScene',
    scene: 'unrest',
    network: 'OV',
    station: 'VPNC',
    factor: 6,
    minutes: 40,
  });
  await mockControl(page, { action: 'rsamScene', scene: 'silent', network: 'OV', station: 'VPCC', minutes: 43 });
}

/**
 * Counts what the page asks of the browser's notifications and sound: notifications allowed,
 * every `new Notification` and every tone's oscillator recorded on window.__asked.
 */
async function stubSignals(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const asked = { notifications: [] as string[], oscillators: 0, permissionRequests: 0 };
    (window as unknown as { __asked: typeof asked }).__asked = asked;
    class FakeNotification {
      static permission = 'granted';
      static requestPermission() {
        asked.permissionRequests++;
        return Promise.resolve('granted');
      }
      constructor(title: string) {
        asked.notifications.push(title);
      }
    }
    const param = () => ({ value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {} });
    const node = () => ({ connect: (n: unknown) => n, start() {}, stop() {}, frequency: param(), gain: param() });
    class FakeAudioContext {
      state = 'suspended';
      currentTime = 0;
      destination = {};
      resume() {
        this.state = 'running';
        return Promise.resolve();
      }
      createOscillator() {
        asked.oscillators++;
        return node();
      }
      createGain() {
        return node();
      }
    }
    Object.assign(window, { Notification: FakeNotification, AudioContext: FakeAudioContext });
  });
}

const asked = (page: Page) =>
  page.evaluate(() => (window as unknown as { __asked: { notifications: string[]; oscillators: number } }).__asked);

const badge = (scope: Locator) => scope.getByTestId('volcano-state').locator('.attention__badge');

test.beforeEach(async ({ page }) => {
  await page.clock.setSystemTime(NOW);
});

test('the wall names Poás elevated and VPCC silent, and calls the calm volcanoes calm', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openApp(page, '/settings');
  await unrestAtPoas(page);
  await go(page, '/wall');
  await expect(page.getByRole('status', { name: 'Attention' })).toHaveText('Poás elevated · 1 station silent');
  const poas = page.getByRole('article', { name: 'Poás' });
  // The level (a median of ten windows) crossed 3 × five windows into the unrest, at 11:24 or 11:25 UTC.
  await expect(poas.getByTestId('volcano-state').locator('.attention__line')).toContainText(
    /^Elevated OV\.VPNC\.\.HHZ: RSAM \d\.\d × its 24-hour median since 11:2[45] UTC/,
  );
  const strip = poas.getByRole('list', { name: 'Poás stations' });
  await expect(strip.getByRole('listitem').filter({ hasText: 'VPCC' })).toHaveText(
    /^VPCC silent since 11:17 UTC \(4[34] min\)$/,
  );
  await expect(strip.getByRole('listitem').filter({ hasText: 'VPPC' })).toHaveText(/^VPPC\s?normal [01]\.\d ×$/);
  // In the volcano's own state a station shows its name and dot (the badge says the word, the
  // headline its level); its words are read.
  const vpnc = strip.getByRole('listitem').filter({ hasText: 'VPNC' });
  await expect(vpnc).toHaveText('VPNC');
  await expect(vpnc).toHaveAccessibleName(/^VPNC elevated: RSAM \d\.\d × its 24-hour median \([\d,]+ counts\) since 11:2[45] UTC$/);
  for (const name of ['Cleveland', 'Villarrica']) {
    const tile = page.getByRole('article', { name });
    await expect(badge(tile)).toHaveText('Normal');
    // The ratio is read by a screen reader on the wall (shown on the home page).
    await expect(tile.getByTestId('volcano-state')).toContainText(/Normal\s?RSAM [01]\.\d × its 24-hour median/);
  }
  for (const name of ['Okmok', 'Cumbre Vieja']) {
    const tile = page.getByRole('article', { name });
    await expect(badge(tile)).toHaveText('Cameras only');
    await expect(tile.getByText('no seismic station: its state comes from images only')).toBeVisible();
  }
  await page.screenshot({ path: test.info().outputPath('wall-unrest.png') });
  expect(consoleErrors).toEqual([]);
});

test('the home page names Poás elevated and VPCC silent, marks Poás, and calls the calm volcanoes calm', async ({
  page,
  consoleErrors,
}) => {
  await openApp(page, '/settings');
  await unrestAtPoas(page);
  await go(page, '/');
  await expect(page.getByRole('status', { name: 'Attention' })).toHaveText('Poás elevated · 1 station silent');
  const card = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(badge(card('Poás'))).toHaveText('Elevated');
  await expect(card('Poás')).toHaveClass(/card--attention-elevated/);
  const strip = card('Poás').getByRole('list', { name: 'Poás stations' });
  await expect(strip.getByRole('listitem')).toHaveCount(4);
  await expect(strip.getByRole('listitem').filter({ hasText: 'VPCC' })).toHaveText(
    /^VPCC silent since 11:17 UTC \(4[34] min\)$/,
  );
  await expect(strip.getByRole('listitem').filter({ hasText: 'VPNC' })).toHaveText(
    /^VPNC elevated: RSAM \d\.\d × its 24-hour median \([\d,]+ counts\) since 11:2[45] UTC$/,
  );
  for (const name of ['Cleveland', 'Villarrica']) {
    await expect(badge(card(name))).toHaveText('Normal');
    await expect(card(name)).not.toHaveClass(/card--attention-(elevated|high|silent)/);
  }
  await expect(badge(card('Okmok'))).toHaveText('Cameras only');
  await page.screenshot({ path: test.info().outputPath('home-unrest.png'), fullPage: true });
  expect(consoleErrors).toEqual([]);
});

test('a lone 18 × spike flags nothing', async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openApp(page, '/settings');
  // The newest window of VPNC, 18 × its RSAM: a local earthquake, not unrest.
  await mockControl(page, {
    action: 'rsamScene',
    scene: 'spike',
    network: 'OV',
    station: 'VPNC',
    factor: 18,
    minutesAgo: 1,
  });
  await go(page, '/wall');
  const poas = page.getByRole('article', { name: 'Poás' });
  // The spike is in the data the wall shows: the channel's latest value is thousands of counts.
  await expect(poas.getByText(/^OV\.VPNC\.\.HHZ\s*\d{1,2},\d{3} counts/)).toBeVisible();
  await expect(page.getByRole('status', { name: 'Attention' })).toHaveText('All calm: RSAM normal at every station');
  await expect(badge(poas)).toHaveText('Normal');
  await go(page, '/');
  await expect(page.getByRole('status', { name: 'Attention' })).toHaveText('All calm: RSAM normal at every station');
  expect(consoleErrors).toEqual([]);
});

test('a rise sounds and notifies once, stays quiet after its acknowledgement, and the alert log keeps it', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  await stubSignals(page);
  await page.setViewportSize({ width: 1920, height: 1080 });
  // refresh=10: a refresh cycle is ten seconds (no rule in the URL: the shipped settings judge).
  await openApp(page, '/wall?refresh=10');
  await expect(page.getByRole('status', { name: 'Attention' })).toHaveText('All calm: RSAM normal at every station');
  // The header's buttons show while someone is at the mouse (the wall hides them when idle).
  await page.mouse.move(400, 300);
  await page.getByRole('button', { name: 'Sound for rises' }).click();
  await expect(page.getByText('Sound on for rises')).toBeAttached();
  expect(await asked(page)).toMatchObject({ notifications: [], oscillators: 0 });

  await unrestAtPoas(page);
  await expect(page.getByRole('status', { name: 'Attention' })).toHaveText('Poás elevated · 1 station silent');
  // Two rises (VPNC elevated, VPCC silent): a notification and a tone (two oscillators) each.
  await expect
    .poll(async () => (await asked(page)).notifications.sort())
    .toEqual(['Poás: VPCC silent', 'Poás: VPNC elevated']);
  expect((await asked(page)).oscillators).toBe(4);
  const poas = page.getByRole('article', { name: 'Poás' });
  await expect(poas).toHaveClass(/wall-tile--raised/);

  // At the mouse first, as a person is: the header's buttons come back and the tiles settle.
  await page.mouse.move(960, 540);
  await expect(page.getByText('Sound on for rises')).toBeVisible();
  await poas
    .getByRole('button', { name: /^Acknowledge Poás: (VPCC silent, VPNC elevated|VPNC elevated, VPCC silent)$/ })
    .click();
  await expect(poas).not.toHaveClass(/wall-tile--raised/);
  await expect(poas.getByRole('button', { name: /^Acknowledge/ })).toHaveCount(0);
  // Two refresh cycles later the state still stands, named, and nothing sounded or notified again.
  const before = Date.now();
  await expect.poll(() => Date.now() - before, { timeout: 30_000, intervals: [1_000] }).toBeGreaterThan(21_000);
  await expect(page.getByRole('status', { name: 'Attention' })).toHaveText('Poás elevated · 1 station silent');
  expect(await asked(page)).toMatchObject({ oscillators: 4 });
  expect((await asked(page)).notifications).toHaveLength(2);

  await go(page, '/');
  const log = page.getByRole('region', { name: 'Alert log' });
  const rows = log.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Poás');
  const texts = (await rows.allInnerTexts()).slice(1).join('\n');
  expect(texts).toMatch(
    /2026-11-20 12:0\d UTC\tPoás\tVPNC OV\.VPNC\.\.HHZ\televated\televated: RSAM .* since 11:2[45] UTC\nRule: elevated at 3 × its 24-hour median .*\t2026-11-20 12:0\d UTC/,
  );
  expect(texts).toMatch(
    /2026-11-20 12:0\d UTC\tPoás\tVPCC OV\.VPCC\.\.HHZ\tsilent\tsilent since 11:17 UTC \(4\d min\)\nRule: [^\t]+\t2026-11-20 12:0\d UTC/,
  );
  // Exported as CSV, acknowledgement and rule on each row.
  const download = page.waitForEvent('download');
  await log.getByRole('button', { name: 'Export the log as CSV' }).click();
  const file = await (await download).path();
  const csv = (await import('node:fs')).readFileSync(file, 'utf8').trim().split('\r\n');
  expect(csv[0]).toBe('rose_utc,since_utc,volcano,station,channel,state,acknowledged_utc,what,rule');
  expect(csv).toHaveLength(3);
  for (const row of csv.slice(1))
    expect(row).toMatch(
      /^2026-11-20T12:0\d:\d\dZ,2026-11-20T11:\d\d:00Z,Poás,VP[CN]C,OV\.VP[CN]C\.\.HHZ,(elevated|silent),2026-11-20T12:0\d:\d\dZ,/,
    );
  expect(consoleErrors).toEqual([]);
});
