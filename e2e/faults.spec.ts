import type { Locator, Page } from '@playwright/test';
import { test, expect, openApp, mockControl, spaNavigate, currentPath } from './fixtures';

/**
 * Fault tolerance: with the mock made to misbehave, a route never goes blank or throws;
 * it explains what happened, retries as the API layer specifies, and keeps what the user set up.
 */
interface RouteCase {
  name: string;
  /** The n-th view of the same kind: each step uses one not yet cached, since React Query keeps what it has. */
  url: (n: number) => string;
  /** Path fragment of the endpoint the view's main data comes from. */
  endpoint: string;
  /** Something visible only when the data arrived. */
  ready: (page: Page) => ReturnType<Page['getByTestId']>;
  /** The view's own heading: the route rendered, not an error page. */
  heading: string;
  /** What the view says while its data is on the way. */
  loading: (page: Page) => Locator;
  /** Asserts that the controls still hold what the URL of step `n` set. */
  kept: (page: Page, n: number) => Promise<void>;
  /**
   * Query parameters only step `n`'s own requests carry, so a one-time fault is not spent on a
   * request still queued from the step before (imagery's flag queries wait on the 60/min budget).
   */
  only?: (n: number) => Record<string, string>;
}

const CASES: RouteCase[] = [
  {
    name: 'imagery',
    url: (n) =>
      `/imagery?imageType=visible&site=RKPI&freq=hourly&datefrom=202501${10 + n}000000&dateto=202501${10 + n}235959&limit=20`,
    endpoint: '/api/imagery/q',
    only: (n) => ({ datefrom: `202501${10 + n}000000` }),
    ready: (page) => page.getByTestId('image-card').first(),
    heading: 'Imagery',
    loading: (page) => page.getByRole('status').filter({ hasText: 'Loading images…' }),
    kept: async (page, n) => {
      const form = page.getByRole('form', { name: 'Image filters' });
      await expect(form.getByLabel('Camera site')).toHaveValue('RKPI');
      await expect(form.getByRole('radio', { name: /hourly/ })).toBeChecked();
      await expect(form.getByLabel('From (UTC)')).toHaveValue(new RegExp(`^2025-01-${10 + n}T00:00`));
    },
  },
  {
    name: 'seismic',
    url: (n) => `/seismic?channels=AV.CLCL..BHZ&from=2025-01-${10 + n}&to=2025-01-${10 + n}&scale=log`,
    endpoint: '/api/seismic/rsam',
    // The home page, passed through between steps, asks RSAM too (each volcano's attention): a
    // one-time fault must be spent by this step's own day, not by one of those.
    only: (n) => ({ datefrom: `202501${10 + n}`, station: 'CLCL' }),
    ready: (page) => page.locator('[data-testid="rsam-chart"]:not([data-points="0"])'),
    heading: 'Seismic RSAM',
    loading: (page) => page.getByText(/^Loading RSAM: \d+ of \d+ chunks?/),
    kept: async (page) => {
      await expect(page.getByRole('list', { name: 'Selected channels' })).toContainText('AV.CLCL..BHZ');
    },
  },
];

/**
 * Leaves the view for home, then opens step `n`'s URL. Home must be on screen in between: from two
 * navigations in one moment React may commit only the second, and the view, never unmounted, then
 * shows the step before's images dimmed as it loads (keepPreviousData) instead of saying it is loading.
 */
async function reopen(page: Page, c: RouteCase, n: number) {
  await spaNavigate(page, '/');
  await expect(page.getByRole('heading', { level: 1, name: c.heading })).toHaveCount(0);
  await spaNavigate(page, c.url(n));
}

/** The view is still there, under the app's navigation, with what the user set. */
async function expectViewKept(page: Page, c: RouteCase, n: number) {
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: c.heading })).toBeVisible();
  await c.kept(page, n);
}

for (const c of CASES) {
  test(`${c.name}: malformed, wrong-shape, failing, slow and unreachable answers`, async ({ page, consoleErrors }) => {
    test.setTimeout(150_000);
    await openApp(page, '/');
    // Faults are injected into the in-page mock, so every step navigates inside the app.

    // Malformed JSON is not retried: explained at once, and the view's URL state is kept.
    await mockControl(page, { action: 'fault', fault: { match: c.endpoint, kind: 'malformed' } });
    await reopen(page, c, 1);
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: /unreadable answer/ })
        .first(),
    ).toBeVisible({ timeout: 30_000 });
    await expectViewKept(page, c, 1);
    expect(currentPath(page)).toBe(c.url(1));

    // A body of the wrong shape names the field.
    await mockControl(page, { action: 'clearFaults' });
    await mockControl(page, { action: 'fault', fault: { match: c.endpoint, kind: 'schema' } });
    await reopen(page, c, 2);
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: /unexpected format/ })
        .first(),
    ).toBeVisible({ timeout: 30_000 });
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: /field "/ })
        .first(),
    ).toBeVisible();

    // Two 500s are retried with backoff and the data arrives with no error shown.
    await mockControl(page, { action: 'clearFaults' });
    await mockControl(page, { action: 'fault', fault: { match: c.endpoint, kind: 'status', status: 500, times: 2 } });
    await reopen(page, c, 3);
    await expect(c.ready(page)).toBeVisible({ timeout: 45_000 });

    // A slow answer (10 s) shows that it is loading, then the data.
    await mockControl(page, {
      action: 'fault',
      fault: { match: c.endpoint, kind: 'slow', delayMs: 10_000, times: 1, query: c.only?.(4) },
    });
    await reopen(page, c, 4);
    await expect(c.loading(page)).toBeVisible();
    await expectViewKept(page, c, 4);
    await expect(c.ready(page)).toBeVisible({ timeout: 40_000 });
    await expect(c.loading(page)).toHaveCount(0);

    // Unreachable: retried, then explained with a retry that works once the service is back.
    await mockControl(page, { action: 'fault', fault: { match: c.endpoint, kind: 'network' } });
    await reopen(page, c, 5);
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: /could not be reached/ })
        .first(),
    ).toBeVisible({ timeout: 60_000 });
    await expectViewKept(page, c, 5);
    await mockControl(page, { action: 'clearFaults' });
    await page.getByRole('button', { name: /Retry/ }).first().click();
    await expect(c.ready(page)).toBeVisible({ timeout: 30_000 });

    expect(consoleErrors.filter((e) => !/Failed to fetch|NetworkError|net::/.test(e))).toEqual([]);
  });
}
