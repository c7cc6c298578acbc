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

test('a bare 429 (spec 01 promises only its body): the app waits for the next minute window, says until when, then lists the channels', async ({
  page,
  mockServer,
}) => {
  test.setTimeout(120_000);
  await mockServer.control({ action: 'fault', fault: { match: '/api/seismic/sites', kind: 'rate-limit', times: 1 } });
  const sent: number[] = [];
  const answered: number[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/seismic/sites')) sent.push(Date.now());
  });
  page.on('response', (r) => {
    if (r.url().includes('/api/seismic/sites')) answered.push(r.status());
  });
  await openOnServer(page, mockServer, '/seismic');

  const status = page.getByTestId('rate-status');
  await expect(status).toContainText('/api/seismic/sites');
  await expect(status).toContainText('the service refused (429) until its window resets');
  const shown = /next at (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) UTC/.exec((await status.textContent()) ?? '')?.[1];
  expect(shown, 'the status bar names the next try in UTC').toBeDefined();
  const nextTry = Date.parse(`${shown!.replace(' ', 'T')}Z`);
  // Without Retry-After the window must have reset: the next whole minute after the refused request,
  // plus 2 s, plus up to 3 s of jitter (docs/service.md, rate limits). A request sent within a second
  // of a minute's end may have been counted in either minute by the browser's clock.
  const minutes = [sent[0]! - 1_000, sent[0]!].map((t) => Math.floor(t / 60_000) * 60_000 + 60_000);
  expect(
    minutes.some((m) => nextTry >= m + 2_000 - 1_000 && nextTry <= m + 5_000 + 1_000),
    `next try ${shown} UTC against the request at ${new Date(sent[0]!).toISOString()}`,
  ).toBe(true);

  // It tries once more at that time, and the list of channels comes.
  await expect(page.getByRole('checkbox', { name: /AV\.CLCL\.\.BHZ/ })).toBeVisible({ timeout: 75_000 });
  expect(answered).toEqual([429, 200]);
  expect(sent[1]!).toBeGreaterThanOrEqual(nextTry - 1_000);
  await expect(status).toHaveCount(0);
});
