/**
 * An observatory behind one address: ten machines (browser contexts) reach the mock service, its
 * rate limits on, only through the observatory proxy (deploy/observatory/run). The acceptance of
 * issue 42: ten different channels' years open at once all draw within 240 s and the service answers
 * no 429; ten more machines opening the same views then cost the service at most 10 % of the first
 * wave's RSAM requests, again without a 429, and finish in at most half the first wave's time.
 */
import type { Browser, Page } from '@playwright/test';
import { test, expect, type MockServer } from './server-fixtures';
import { mockStats, startObservatory, total, type Observatory } from './observatory-fixtures';

// No trace: its screencast of ten loading pages took a core of this 2-core machine, and the second
// wave's time is compared with the first's (47.9 s against 63.5 with it; see the test).
test.use({ trace: 'off' });

const DAY = 86_400_000;
const CHANNELS = [
  'AV.CLCL..BHZ',
  'AV.CLCO..BHZ',
  'AV.CLES..BHZ',
  'AV.CLNE..BHZ',
  'AV.CLSF..BHZ',
  'OV.VPCC..HHZ',
  'OV.VPNC..HHZ',
  'OV.VPPC..HHZ',
  'OV.VPRS..HHZ',
  'VC.RKPI..HHZ',
];
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

/** A year ending today: 13 month chunks, the last split into past days and today with yesterday. */
function yearView(channel: string): string {
  const today = Date.now() - (Date.now() % DAY);
  return `/seismic?channels=${channel}&from=${iso(today - 364 * DAY)}&to=${iso(today)}`;
}

/**
 * Makes the page log `observatory:drawn` once every chunk loaded and each plot drew from all of its
 * points (src/chart/plot.tsx), checked inside the page four times a second: ten busy pages polled
 * from here would each run Playwright's script on their main thread for every look.
 */
function reportDrawn(): void {
  const check = () => {
    const el = document.querySelector('[data-testid="rsam-chart"]');
    const progress = document.querySelector('.seismic-progress')?.textContent ?? '';
    const plots = el ? [...el.querySelectorAll<HTMLElement>('[data-points]')] : [];
    if (
      /(\d+) of \1 chunks? loaded/.test(progress) &&
      Number(el?.getAttribute('data-points') ?? 0) > 0 &&
      plots.every((p) => p.dataset.drawnFrom === p.getAttribute('data-points'))
    ) {
      console.debug('observatory:drawn');
      return;
    }
    window.setTimeout(check, 250);
  };
  window.setTimeout(check, 250);
}

/** Resolves with the instant `page` logs that its year is drawn. */
function drawn(page: Page, timeout: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${page.url()}: not drawn within ${timeout} ms`)), timeout);
    page.on('console', (m) => {
      if (m.text() !== 'observatory:drawn') return;
      clearTimeout(timer);
      resolve(Date.now());
    });
  });
}

interface Wave {
  ms: number;
  rsamUpstream: number;
  refused: number;
  /** 429s any page saw (from the proxy or, through it, the service). */
  pageRefusals: number;
  pages: Page[];
}

/** Ten machines open the ten views at once; resolves when the last chart is drawn. */
async function wave(
  browser: Browser,
  proxy: Observatory,
  mock: MockServer,
  onQueued?: (pages: Page[]) => Promise<void>,
): Promise<Wave> {
  const before = await mockStats(mock);
  const contexts = await Promise.all(
    CHANNELS.map(() => browser.newContext({ viewport: { width: 1100, height: 800 } })),
  );
  const pages = await Promise.all(contexts.map((c) => c.newPage()));
  let pageRefusals = 0;
  for (const p of pages) p.on('response', (r) => void (r.status() === 429 && pageRefusals++));
  await Promise.all(pages.map((p) => p.addInitScript(reportDrawn)));
  const start = Date.now();
  const done = Promise.all(pages.map((p) => drawn(p, 240_000)));
  await Promise.all(pages.map((p, i) => p.goto(proxy.url + yearView(CHANNELS[i]!))));
  if (onQueued) await onQueued(pages);
  const ms = Math.max(...(await done)) - start;
  const after = await mockStats(mock);
  return {
    ms,
    rsamUpstream: (after.requests.rsam ?? 0) - (before.requests.rsam ?? 0),
    refused: total(after.refused) - total(before.refused),
    pageRefusals,
    pages,
  };
}

const closeAll = (pages: Page[]) => Promise.all(pages.map((p) => p.context().close()));

let proxy: Observatory | undefined;
test.afterEach(async () => {
  await proxy?.stop();
  proxy = undefined;
});

test('ten machines behind the proxy open ten years at once: no 429, and the same views again cost the service almost nothing', async ({
  browser,
  mockServer,
}) => {
  test.setTimeout(600_000);
  await mockServer.control({ action: 'rateLimits', enabled: true });
  proxy = await startObservatory(mockServer);

  // The service counts whole wall-clock minutes. Opened early in one, the first wave's 140 RSAM
  // requests fill it (100) and the rest must wait for the next: the case the proxy's queue is for,
  // and a first wave that is not short by luck when the second is compared with it.
  const s = new Date().getUTCSeconds();
  if (s < 2 || s > 8) await new Promise((r) => setTimeout(r, ((62 - s) % 60) * 1000));

  const first = await wave(browser, proxy, mockServer, async (pages) => {
    // While the rest wait for the next minute, the status bar of a machine whose requests wait says
    // so (not an error). Which machines' chunks are among the 40 that wait is the order they reached
    // the proxy in: wait for the proxy's queue to hold them and for a page that shows it, then read
    // that page's line, all of it (the queue empties when the minute opens).
    await expect
      .poll(async () => (await proxy!.status()).endpoints.find((e) => e.name === '/api/seismic/rsam')!.waiting, {
        timeout: 60_000,
      })
      .toBeGreaterThan(0);
    const showing = async () => {
      for (const [i, p] of pages.entries()) if (await p.getByTestId('proxy-queue-status').isVisible()) return i;
      return -1;
    };
    await expect.poll(showing, { timeout: 30_000 }).toBeGreaterThanOrEqual(0);
    const page = pages[await showing()] ?? pages[0]!;
    const status = page.getByTestId('proxy-queue-status');
    await expect(status).toHaveText(
      /^Waiting in the observatory proxy’s queue for the service’s next minute: \/api\/seismic\/rsam: \d+ requests? from this computer waiting, within the observatory’s shared budget of 100 a minute; next at \d{4}-\d\d-\d\d \d\d:\d\d:0[2-3] UTC, in \d+ s\./,
    );
    await page.screenshot({ path: test.info().outputPath('status-bar-proxy-queue.png') });
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
  console.log(
    `first wave: ${(first.ms / 1000).toFixed(1)} s, ${first.rsamUpstream} RSAM requests upstream, ${first.refused} refused`,
  );
  expect(first.ms).toBeLessThanOrEqual(240_000);
  expect(first.refused).toBe(0);
  expect(first.pageRefusals).toBe(0);
  // Every chunk of every year went upstream once (13 month chunks, the last one's today and
  // yesterday asked apart).
  expect(first.rsamUpstream).toBeGreaterThanOrEqual(130);
  await closeAll(first.pages);

  const second = await wave(browser, proxy, mockServer);
  console.log(
    `second wave: ${(second.ms / 1000).toFixed(1)} s, ${second.rsamUpstream} RSAM requests upstream, ${second.refused} refused`,
  );
  expect(second.refused).toBe(0);
  expect(second.pageRefusals).toBe(0);
  expect(second.rsamUpstream).toBeLessThanOrEqual(first.rsamUpstream * 0.1);
  expect(second.ms).toBeLessThanOrEqual(first.ms / 2);

  // The settings page says the app is behind the proxy, and what its cache saved.
  const settings = second.pages[0]!;
  await settings.goto(`${proxy.url}/settings`);
  await expect(settings.getByRole('heading', { name: 'Observatory proxy' })).toBeVisible();
  await expect(settings.getByText('This app is behind the observatory proxy', { exact: false })).toBeVisible();
  await expect(settings.getByTestId('proxy-cache-hits')).toContainText(/^\d+ of \d+ answers \(\d+ %\)/);
  const rsamRow = settings
    .getByRole('table', { name: 'Shared rate budget of the observatory proxy' })
    .getByRole('row', { name: /\/api\/seismic\/rsam/ });
  await expect(rsamRow.getByRole('cell').nth(4)).toHaveText(String(first.rsamUpstream + second.rsamUpstream));
  await settings.screenshot({ path: test.info().outputPath('settings-behind-proxy.png'), fullPage: true });
  await closeAll(second.pages);
});

test('a wall and a desk tab behind the proxy keep refreshing through it', async ({ browser, mockServer }) => {
  // Across a minute or two: what the proxy keeps briefly (today's RSAM, the latest images) renews.
  test.setTimeout(300_000);
  await mockServer.control({ action: 'rateLimits', enabled: true });
  proxy = await startObservatory(mockServer);
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  const elsewhere: string[] = [];
  let refusals = 0;
  const origin = proxy.url;
  context.on(
    'request',
    (r) => void (!r.url().startsWith(origin) && !r.url().startsWith('data:') && elsewhere.push(r.url())),
  );
  context.on('response', (r) => void (r.status() === 429 && refusals++));

  const wall = await context.newPage();
  await wall.goto(`${proxy.url}/wall?refresh=15`);
  const cleveland = wall.getByRole('article', { name: 'Cleveland' });
  const latest = cleveland.locator('time', { hasText: /\d\d:\d\d\sUTC$/ }).first();
  await expect(latest).toBeVisible({ timeout: 60_000 });
  // An image through the proxy: Okmok's (cameras only). The mock server runs on the real clock, so
  // at some hours a Cleveland station is silent and its state's words rightly take its frames' room.
  await expect(
    wall.getByRole('article', { name: 'Okmok' }).getByRole('img', { name: /image from/ }).first(),
  ).toBeVisible();
  const firstLatest = await latest.textContent();

  const desk = await context.newPage();
  const deskChart = desk.getByTestId('rsam-chart');
  const deskPoints = async () => Number(await deskChart.getAttribute('data-points'));
  // Yesterday and today so far: one more point with every minute (a relative "last 24 h" keeps
  // its count).
  await desk.goto(`${proxy.url}/seismic?channels=AV.CLCL..BHZ&from=${iso(Date.now() - DAY)}&to=${iso(Date.now())}`);
  await expect.poll(deskPoints, { timeout: 60_000 }).toBeGreaterThan(0);
  const firstPoints = await deskPoints();

  // The desk reloads now and then while the wall refreshes by itself, until both show a newer minute.
  await expect
    .poll(
      async () => {
        await desk.reload();
        await expect.poll(deskPoints, { timeout: 60_000 }).toBeGreaterThan(0);
        return (await deskPoints()) > firstPoints && (await latest.textContent()) !== firstLatest;
      },
      { timeout: 150_000, intervals: [20_000] },
    )
    .toBe(true);
  await expect(wall.getByRole('alert')).toHaveCount(0);
  await expect(desk.getByRole('alert')).toHaveCount(0);
  // Everything went through the proxy, and neither it nor the service refused anything.
  expect(elsewhere).toEqual([]);
  expect(refusals).toBe(0);
  expect(total((await mockStats(mockServer)).refused)).toBe(0);
  const status = await proxy.status();
  expect(status.cache.answers.hit).toBeGreaterThan(0);
  await context.close();
});
