import { test, expect, openOnServer } from './server-fixtures';

test('against the real-HTTP mock the seismic chart draws a channel, and the requests go to that server', async ({
  page,
  mockServer,
  consoleErrors,
}) => {
  const hosts = new Set<string>();
  page.on('request', (r) => {
    if (r.url().includes('/api/')) hosts.add(new URL(r.url()).origin);
  });
  await openOnServer(page, mockServer, '/seismic?from=now-24h&to=now&channels=AV.CLCL..BHZ');
  const chart = page.getByTestId('rsam-chart');
  await expect.poll(async () => Number(await chart.getAttribute('data-points'))).toBeGreaterThan(1000);
  await expect(page.getByText(/AV\.CLCL\.\.BHZ: [\d,]+ points, min/)).toBeVisible();
  expect([...hosts]).toEqual([mockServer.apiBaseUrl]);
  // No service worker: the in-page demo mock never started.
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);
  expect(consoleErrors).toEqual([]);
});

test('a bare 429 from the server reaches the app without Retry-After, as spec 01 promises', async ({
  page,
  mockServer,
}) => {
  await mockServer.control({ action: 'fault', fault: { match: '/api/seismic/sites', kind: 'rate-limit', times: 1 } });
  const first = page.waitForResponse((r) => r.url().includes('/api/seismic/sites'));
  await openOnServer(page, mockServer, '/seismic');
  const res = await first;
  expect(res.status()).toBe(429);
  expect(await res.json()).toEqual({ error: '60 per 1 minute' });
  expect(res.headers()['retry-after']).toBeUndefined();
});
