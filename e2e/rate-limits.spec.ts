import { test, expect, openOnServer } from './server-fixtures';

const SEISMIC = '/seismic?from=now-24h&to=now&channels=AV.CLCL..BHZ';

test('bare 429s for 45 s on /api/seismic/rsam: the status bar counts down and the chart still draws', async ({
  page,
  mockServer,
}) => {
  test.setTimeout(180_000);
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
  const first = await secondsLeft();
  await page.waitForTimeout(2_500);
  const later = await secondsLeft();
  expect(first - later).toBeGreaterThanOrEqual(2);

  // The service keeps refusing for 45 s, then recovers.
  await page.waitForTimeout(Math.max(0, 45_000 - (Date.now() - started)));
  await mockServer.control({ action: 'clearFaults' });
  const chart = page.getByTestId('rsam-chart');
  await expect
    .poll(async () => Number(await chart.getAttribute('data-points')), { timeout: 90_000 })
    .toBeGreaterThan(0);
  // It waited for the service's window rather than hammering it: a handful of tries, a minute apart.
  expect(refusals.length).toBeGreaterThan(0);
  expect(refusals.length).toBeLessThanOrEqual(8);
});

test('two pages of one browser each reloading /imagery 55 times within about a minute draw no 429', async ({
  page,
  context,
  mockServer,
}) => {
  test.setTimeout(300_000);
  await mockServer.control({ action: 'rateLimits', enabled: true });
  const statuses = new Map<number, number>();
  const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  const other = await context.newPage();
  for (const p of [page, other])
    p.on('response', (r) => {
      if (r.url().startsWith(mockServer.apiBaseUrl)) count(r.status());
    });
  await openOnServer(page, mockServer, '/imagery');
  await openOnServer(other, mockServer, '/imagery');
  const started = Date.now();
  const reload = async (p: typeof page) => {
    for (let i = 0; i < 55; i++) {
      await p.reload();
      await expect(p.getByRole('heading', { level: 1 })).toBeVisible();
    }
  };
  await Promise.all([reload(page), reload(other)]);
  const elapsed = Date.now() - started;
  // Let whatever the last loads queued go out too.
  await page.waitForTimeout(5_000);
  test.info().annotations.push({ type: 'reloads', description: `110 reloads in ${Math.round(elapsed / 1000)} s` });
  expect(statuses.get(429) ?? 0).toBe(0);
  expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
});
