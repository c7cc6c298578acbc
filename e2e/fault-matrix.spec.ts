import type { Locator, Page } from '@playwright/test';
import type { MockControl } from './fixtures';
import { currentPath } from './fixtures';
import { test, expect, openOnServer, type MockServer } from './server-fixtures';

/**
 * Every route against a real-HTTP mock that fails in each way a real service can: never a blank
 * page (a heading plus an alert or a wait that says what happens), the URL — everything the user
 * chose — kept, and the view recovers once the fault ends. Faults match every path of every host.
 */
type Fault = Extract<MockControl, { action: 'fault' }>['fault'];

const yesterdayIso = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const yesterday = yesterdayIso.replace(/-/g, '');

interface RouteCase {
  name: string;
  url: string;
  /** Visible only when the route's data arrived. */
  ready: (page: Page) => Locator;
  /** Shows any body as it came (settings: /health and / are "not shown" in spec 01), so a malformed or odd body is content, not an error. */
  showsBodiesAsIs?: boolean;
}

// The views' error titles, and the wall's banner, which names the failing feed and since when
// ("RSAM failing since 14:02 UTC: the service answers 500") or that nothing answers.
const ERROR_TITLE =
  /could not be reached|answered \d{3}|unreadable answer|unexpected format|limiting requests|failed|refused|could not|failing since \d{2}:\d{2} UTC|connection lost/i;

const ROUTES: RouteCase[] = [
  {
    name: 'seismic',
    url: '/seismic?channels=AV.CLCL..BHZ&from=now-24h&to=now',
    ready: (p) => p.locator('[data-testid="rsam-chart"]:not([data-points="0"])'),
  },
  {
    name: 'imagery',
    url: `/imagery?imageType=visible&site=RKPI&freq=hourly&datefrom=${yesterday}000000&dateto=${yesterday}235959&limit=20`,
    ready: (p) => p.getByTestId('image-card').first(),
  },
  { name: 'volcano', url: '/volcano/311240', ready: (p) => p.getByRole('heading', { level: 1 }) },
  // Refreshing every 10 s rather than the default minute, so its recovery is seen within the test.
  { name: 'wall', url: '/wall?refresh=10', ready: (p) => p.locator('main').first() },
  {
    // With a query, so the page asks the v1 service something (the bare page sends nothing).
    name: 'legacy',
    url: `/legacy?type=infrared&site=CLNE&search_from=${yesterdayIso}T00:00&search_to=${yesterdayIso}T23:59&limit=20`,
    ready: (p) => p.getByRole('heading', { level: 2, name: /^[\d,]+ images?$/ }),
  },
  { name: 'activity', url: '/activity', ready: (p) => p.getByText(/^\d+ event types/) },
  { name: 'settings', url: '/settings', ready: (p) => p.getByLabel('Health: body'), showsBodiesAsIs: true },
];

const FAULTS: { name: string; fault: Omit<Fault, 'match'>; settles: 'alert' | 'wait' | 'slow' }[] = [
  { name: '500', fault: { kind: 'status', status: 500 }, settles: 'alert' },
  { name: 'malformed JSON', fault: { kind: 'malformed' }, settles: 'alert' },
  { name: 'wrong shape', fault: { kind: 'schema' }, settles: 'alert' },
  { name: 'offline', fault: { kind: 'network' }, settles: 'alert' },
  { name: '10 s slow', fault: { kind: 'slow', delayMs: 10_000 }, settles: 'slow' },
  { name: '429 with Retry-After', fault: { kind: 'rate-limit', retryAfter: true }, settles: 'wait' },
  // Last: without Retry-After the browser waits for the next minute's window, as it should.
  { name: 'bare 429', fault: { kind: 'rate-limit' }, settles: 'wait' },
];

async function expectExplained(page: Page, url: string) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect((await page.locator('#root').innerText()).trim().length).toBeGreaterThan(20);
  expect(currentPath(page)).toBe(url);
}

async function faultOnce(page: Page, server: MockServer, r: RouteCase, url: string, f: (typeof FAULTS)[number]) {
  await server.control({ action: 'clearFaults' });
  await server.control({ action: 'fault', fault: { match: '/', ...f.fault } });
  const bases = [server.apiBaseUrl, server.legacyBaseUrl, server.platformBaseUrl];
  // A request to the service: under the slow fault, the view is judged while it is in flight.
  const asked = page.waitForRequest((r) => bases.some((b) => r.url().startsWith(b)), { timeout: 30_000 });
  // Awaited by the slow fault's branch only: a view that asks nothing under another may let it time out.
  asked.catch(() => undefined);
  await page.goto(url);
  await expectExplained(page, url);
  if (r.showsBodiesAsIs && (f.fault.kind === 'malformed' || f.fault.kind === 'schema')) {
    await expect(r.ready(page)).toBeVisible({ timeout: 45_000 });
  } else if (f.settles === 'alert') {
    // Retried with a growing backoff first (5xx, offline), then explained.
    await expect(page.getByRole('alert').filter({ hasText: ERROR_TITLE }).first()).toBeVisible({ timeout: 45_000 });
  } else if (f.settles === 'wait') {
    // Either the wait is shown (status bar), or the view's own 429 message: an error, or (on
    // /activity, which waits out the platform's Retry-After itself) a status naming the limit.
    await expect(
      page
        .getByTestId('rate-status')
        .or(page.getByRole('alert').filter({ hasText: ERROR_TITLE }))
        .or(page.getByRole('status').filter({ hasText: /limiting requests \(429/ }))
        .first(),
    ).toBeVisible({ timeout: 30_000 });
  } else {
    await asked;
  }
  await expectExplained(page, url);
}

for (const r of ROUTES) {
  test(`fault matrix on /${r.name}: never blank, URL kept, recovers`, async ({ page, mockServer }) => {
    test.setTimeout(420_000);
    await openOnServer(page, mockServer, r.url);
    await expect(r.ready(page)).toBeVisible({ timeout: 30_000 });
    // The view as the user set it up (the app may have normalised the address).
    const chosen = currentPath(page);
    for (const f of FAULTS) {
      await test.step(f.name, () => faultOnce(page, mockServer, r, chosen, f));
    }
    // Fault over: the view comes back by itself or with its Retry button, and the URL is as chosen.
    await mockServer.control({ action: 'clearFaults' });
    const retry = page.getByRole('button', { name: /^(Retry|Try again)/ }).first();
    // The view may recover by itself between seeing the button and clicking it: then there is
    // nothing to click, and the checks below still hold.
    if (await retry.isVisible()) await retry.click({ timeout: 5_000 }).catch(() => undefined);
    await expect(r.ready(page)).toBeVisible({ timeout: 120_000 });
    // The last fault is a 429 without Retry-After: a view that was refused waits for the service's
    // next minute window (up to 65 s) before it asks again, so recovery may take that long.
    await expect(page.getByRole('alert').filter({ hasText: ERROR_TITLE })).toHaveCount(0, { timeout: 90_000 });
    expect(currentPath(page)).toBe(chosen);
  });
}
