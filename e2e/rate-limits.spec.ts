import { test, expect, openOnServer } from './server-fixtures';

const SEISMIC = '/seismic?from=now-24h&to=now&channels=AV.CLCL..BHZ';

test('bare 429s for 45 s on /api/seismic/rsam: the status bar counts down and the chart still draws', async ({
  page,
  mockServer,
}) => {
  test.setTimeout(260_000);
  await mockServer.control({ action: 'fault', fault: { match: '/api/seismic/rsam', kind: 'rate-limit' } });
  const refusals: number[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/seismic/rsam') && r.status() === 429) refusals.push(Date.now());
  });
  const started = Date.now();
  await openOnServer(page, mockServer, SEISMIC);

  const status = page.getByTestId('rate-status');
  await expect(status).toContainText('/api/seismic/rsam', { timeout: 20_000 });
  await expect(status).toContainText('the service refused (429)');
  await expect(status).toContainText(/next at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC, in \d+ s/);
  const secondsLeft = async () => Number(/in (\d+) s/.exec((await status.textContent()) ?? '')?.[1] ?? NaN);
  // Read a wait with time left in it: one read in its last seconds would meet the next refusal's
  // new wait (a minute) 2.5 s later.
  await expect.poll(secondsLeft, { timeout: 70_000 }).toBeGreaterThanOrEqual(6);
  const first = await secondsLeft();
  // It counts down by itself: two seconds off within a few (the limiter publishes about once a
  // second, and a loaded machine delays its timer; a single read 2.5 s later read 1 once in CI).
  await expect.poll(async () => first - (await secondsLeft()), { timeout: 5_000 }).toBeGreaterThanOrEqual(2);

  // The service keeps refusing for 45 s, then recovers.
  await page.waitForTimeout(Math.max(0, 45_000 - (Date.now() - started)));
  await mockServer.control({ action: 'clearFaults' });
  const chart = page.getByTestId('rsam-chart');
  // Two refusals in a row fall in those 45 s when the first comes in the second half of a minute,
  // and the second waits for the next window plus one more minute (src/api/rate/window.ts, holdAfter429):
  // the next try can come up to ~2 min after the recovery (97 s once in CI, against 90 allowed).
  await expect
    .poll(async () => Number(await chart.getAttribute('data-points')), { timeout: 150_000 })
    .toBeGreaterThan(0);
  // It waited for the service's window rather than hammering it: a handful of tries, a minute apart.
  expect(refusals.length).toBeGreaterThan(0);
  expect(refusals.length).toBeLessThanOrEqual(8);
});

/**
 * Spec: two pages each reloading /imagery 55 times within about a minute. On a loaded machine one
 * reload can take 20 s, so by default the service's limits are scaled to a tenth (mock `scale`,
 * the app's budgets granted to match in config.json) and each page reloads 12 times: as with 55 at
 * full scale, twice what the budget allows. E2E_FULL_RATE=1 runs the literal 55 at full limits.
 */
const FULL = process.env.E2E_FULL_RATE === '1';
const SCALE = FULL ? 1 : 0.1;
const RELOADS = FULL ? 55 : 12;
const scaled = (n: number) => Math.max(1, Math.round(n * SCALE));
const BUDGETS = FULL
  ? {}
  : {
      rateLimits: {
        '*': {
          '/api/imagery/q': scaled(100),
          '/api/imagery/dates': scaled(60),
          '/api/imagery/dates/range': scaled(60),
          '/health': scaled(60),
          '/': scaled(100),
          '/api/seismic/sites': scaled(60),
          '/api/seismic/dates': scaled(60),
          '/api/seismic/rsam': scaled(100),
          '/api/seismic/rsam/latest': scaled(60),
        },
      },
    };

test(`two pages of one browser each reloading /imagery ${RELOADS} times draw no 429`, async ({
  page,
  context,
  mockServer,
}) => {
  test.setTimeout(FULL ? 1_800_000 : 900_000);
  await mockServer.control({ action: 'rateLimits', enabled: true, scale: SCALE });
  const statuses = new Map<number, number>();
  const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  const refused: string[] = [];
  const other = await context.newPage();
  for (const p of [page, other])
    p.on('response', (r) => {
      if (!r.url().startsWith(mockServer.apiBaseUrl)) return;
      count(r.status());
      if (r.status() === 429) refused.push(`${new Date().toISOString()} ${new URL(r.url()).pathname}`);
    });
  await openOnServer(page, mockServer, '/imagery', BUDGETS);
  await openOnServer(other, mockServer, '/imagery', BUDGETS);
  const started = Date.now();
  const reload = async (p: typeof page) => {
    for (let i = 0; i < RELOADS; i++) {
      await p.reload();
      await expect(p.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
    }
  };
  await Promise.all([reload(page), reload(other)]);
  const elapsed = Date.now() - started;
  // What the last loads queued goes out too, still without a refusal.
  await expect(page.getByTestId('rate-status')).toHaveCount(0, { timeout: 90_000 });
  test.info().annotations.push({
    type: 'reloads',
    description: `${2 * RELOADS} reloads in ${Math.round(elapsed / 1000)} s; answers ${JSON.stringify([...statuses])}; refused ${refused.join(', ') || 'none'}`,
  });
  expect(statuses.get(429) ?? 0).toBe(0);
  expect(statuses.get(200) ?? 0).toBeGreaterThan(RELOADS);
});
