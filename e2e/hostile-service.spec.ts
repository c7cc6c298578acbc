/**
 * The service as a hostile host (issue 39), over real HTTP: a Retry-After of years, and a 200 body
 * that never ends. What the app may wait and read is its own decision (src/api/rate/wait-ceiling.ts,
 * src/api/http/read-body.ts); the mock only misbehaves (mocks/handlers/common.ts faults).
 */
import { test, expect, openOnServer, type MockServer } from './server-fixtures';
import { chromiumRss } from './chromium-memory';

const SEISMIC = '/seismic?from=now-24h&to=now&channels=AV.CLCL..BHZ';
const MB = 1_048_576;

async function rsamRequests(server: MockServer): Promise<number> {
  const res = await fetch(`${server.apiBaseUrl}/__mock/stats`);
  return ((await res.json()) as { requests: Record<string, number> }).requests['rsam'] ?? 0;
}

test('one 429 with Retry-After: 99999999 on /api/seismic/rsam: the chart draws within 150 s, with at most 12 requests', async ({
  page,
  mockServer,
}) => {
  test.setTimeout(240_000);
  await mockServer.control({
    action: 'fault',
    // The chunk's request only (not /api/seismic/rsam/latest, which the same path starts).
    fault: {
      match: '/api/seismic/rsam',
      query: { station: 'CLCL' },
      kind: 'rate-limit',
      retryAfter: '99999999',
      times: 1,
    },
  });
  const started = Date.now();
  await openOnServer(page, mockServer, SEISMIC);
  const status = page.getByTestId('rate-status');
  await expect(status).toContainText('/api/seismic/rsam: 1 request waiting', { timeout: 30_000 });
  await expect(status).toContainText('the service refused (429)');
  // The wait kept is the service's window, and the bar says it asked for years.
  await expect(status).toContainText('the service asked to wait 99,999,999 s, about 3.2 years');
  const secondsLeft = async () => Number(/in (\d+) s/.exec((await status.textContent()) ?? '')?.[1] ?? NaN);
  expect(await secondsLeft()).toBeLessThanOrEqual(65);
  // A reload while held: the hold the new page reads from the browser-wide ledger is the cut one.
  await page.reload();
  await expect(status).toContainText('the service asked to wait 99,999,999 s');
  expect(await secondsLeft()).toBeLessThanOrEqual(65);
  const chart = page.getByTestId('rsam-chart');
  await expect
    .poll(async () => Number(await chart.getAttribute('data-points')), { timeout: 150_000 - (Date.now() - started) })
    .toBeGreaterThan(0);
  const requests = await rsamRequests(mockServer);
  test.info().annotations.push({
    type: 'retry-after',
    description: `chart drawn ${Math.round((Date.now() - started) / 1000)} s after opening; ${requests} RSAM requests`,
  });
  expect(requests).toBeLessThanOrEqual(12);
  await expect(status).toHaveCount(0);
});

test('a 200 body on /api/seismic/rsam that never ends: memory stays flat and the page says which answer was too large', async ({
  page,
  mockServer,
}) => {
  test.setTimeout(120_000);
  await mockServer.control({
    action: 'fault',
    fault: { match: '/api/seismic/rsam', query: { station: 'CLCL' }, kind: 'endless' },
  });
  const rss0 = chromiumRss();
  let rssMax = rss0;
  let sampling = true;
  // Sampled four times a second; past the bound the page is closed at once, so a reader without a
  // ceiling fails this test without first taking the machine's memory.
  const sampler = (async () => {
    while (sampling) {
      rssMax = Math.max(rssMax, chromiumRss());
      if (rssMax - rss0 > 400 * MB) {
        sampling = false;
        await page.close();
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  try {
    await openOnServer(page, mockServer, SEISMIC);
    await expect(
      page.getByText('the answer of /api/seismic/rsam was larger than 16 MB: stopped reading').first(),
    ).toBeVisible({ timeout: 60_000 });
    // Nothing keeps reading afterwards: a few more seconds of samples.
    await page.waitForTimeout(3_000);
  } finally {
    sampling = false;
    await sampler;
  }
  const grewMb = (rssMax - rss0) / MB;
  test.info().annotations.push({
    type: 'memory',
    description: `Chromium RSS ${(rss0 / MB).toFixed(0)} → max ${(rssMax / MB).toFixed(0)} MB (+${grewMb.toFixed(0)} MB)`,
  });
  console.log(test.info().annotations.at(-1)!.description);
  expect(grewMb).toBeLessThan(400);
});
