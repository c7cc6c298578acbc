/**
 * The observatory proxy's own behaviour, over HTTP (no browser): what it keeps, what it passes on,
 * and how it spends the service's budget. The browser flows are in observatory.spec.ts.
 */
import { test, expect } from './server-fixtures';
import { mockStats, startObservatory, type Observatory } from './observatory-fixtures';

const DAY = 86_400_000;
const compact = (t: number) => new Date(t).toISOString().slice(0, 10).replace(/-/g, '');
const rsam = (from: number, to: number) =>
  `/observatory/main/api/seismic/rsam?network=AV&station=CLCL&channel=BHZ&datefrom=${compact(from)}&dateto=${compact(to)}`;

let proxy: Observatory | undefined;
test.afterEach(async () => {
  await proxy?.stop();
  proxy = undefined;
});

test('keeps what cannot change, briefly what can, and serves the service only as data', async ({ mockServer }) => {
  proxy = await startObservatory(mockServer);
  const get = (path: string) => fetch(proxy!.url + path);
  const today = Date.now() - (Date.now() % DAY);

  // A month long past: fetched once, then answered from the cache, byte for byte.
  const past = rsam(today - 60 * DAY, today - 31 * DAY);
  const first = await get(past);
  expect(first.headers.get('x-observatory-cache')).toBe('MISS');
  const body = await first.text();
  const again = await get(past);
  expect(again.headers.get('x-observatory-cache')).toBe('HIT');
  expect(await again.text()).toBe(body);
  // Yesterday and today: kept briefly too (a second later it is still the same minute's answer).
  const recent = rsam(today - DAY, today);
  expect((await get(recent)).headers.get('x-observatory-cache')).toBe('MISS');
  expect((await get(recent)).headers.get('x-observatory-cache')).toBe('HIT');
  // /health is never kept: each check asks the service.
  expect((await get('/observatory/main/health')).headers.get('x-observatory-cache')).toBe('MISS');
  expect((await get('/observatory/main/health')).headers.get('x-observatory-cache')).toBe('MISS');
  expect((await mockStats(mockServer)).requests).toMatchObject({ rsam: 2, health: 2 });

  // The service's headers stay out of this origin (its CORS here); its bodies are sandboxed data.
  expect(first.headers.get('access-control-allow-origin')).toBeNull();
  expect(first.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  expect(first.headers.get('x-content-type-options')).toBe('nosniff');
  // Only GET reaches the service.
  expect((await fetch(`${proxy.url}/observatory/main/__mock/control`, { method: 'POST', body: '{}' })).status).toBe(
    403,
  );

  // Image records name this origin's path for the files, which the cache keeps.
  const q = (await (await get('/observatory/main/api/imagery/q?imageType=visible&limit=2')).json()) as {
    results: { image_url: string }[];
  };
  expect(q.results).toHaveLength(2);
  const image = q.results[0]!.image_url;
  expect(image.startsWith(`${proxy.url}/observatory/images/archive/imagery/visible/`)).toBe(true);
  const file = await fetch(image);
  expect(file.headers.get('content-type')).toBe('image/jpeg');
  expect((await fetch(image)).headers.get('x-observatory-cache')).toBe('HIT');

  // The app's config.json points at the proxied paths and says it is behind the proxy.
  const config = (await (await get('/config.json')).json()) as Record<string, unknown>;
  expect(config).toMatchObject({
    apiBaseUrl: '/observatory/main',
    legacyBaseUrl: '/observatory/legacy',
    platformBaseUrl: '/observatory/platform',
    mock: false,
    observatoryProxy: { statusUrl: '/observatory/status' },
  });
  expect(config.mockNow).toBeUndefined();

  // The platform's token request passes through with its credentials, and is not kept.
  const token = () =>
    fetch(`${proxy!.url}/observatory/platform/api/access/v1/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=demo-client&client_secret=demo-secret&scope=ACTIVITY_LOG',
    });
  const t1 = await token();
  expect(t1.status).toBe(200);
  expect(((await t1.json()) as { access_token?: unknown }).access_token).toEqual(expect.any(String));
});

test('queues what the budget cannot take this minute, sends it at the next, and refuses past its queue with Retry-After', async ({
  mockServer,
}) => {
  test.setTimeout(150_000);
  // 3 a minute for the dates endpoint, queued at most one minute ahead: 3 now, 3 next minute, 3 refused.
  proxy = await startObservatory(mockServer, { limits: { '/api/seismic/dates': 3 }, queueMinutes: 1 });
  // Clear of a minute's boundary (and of the proxy's 2 s margin around it), so "this minute" is one.
  const s = new Date().getUTCSeconds();
  if (s < 4 || s > 45) await new Promise((r) => setTimeout(r, ((64 - s) % 60) * 1000));

  const stations = ['CLCL', 'CLCO', 'CLES', 'CLNE', 'CLSF', 'VPCC', 'VPNC', 'VPPC', 'VPRS'];
  const answers = stations.map((sta) =>
    fetch(`${proxy!.url}/observatory/main/api/seismic/dates?network=AV&station=${sta}&channel=BHZ`).then((r) => ({
      r,
      at: Date.now(),
    })),
  );
  const dates = async () => (await proxy!.status()).endpoints.find((e) => e.name === '/api/seismic/dates')!;
  await expect
    .poll(dates)
    .toMatchObject({ limit: 3, sentThisMinute: 3, waiting: 3, waitingFromYou: 3, refusedQueueFull: 3 });
  // The queue waits for the next whole minute, past the margin.
  const nextAt = (await dates()).nextAt!;
  expect(nextAt % 60_000).toBe(2_000);

  const all = await Promise.all(answers);
  const byStatus = (code: number) => all.filter((a) => a.r.status === code);
  expect(byStatus(200)).toHaveLength(6);
  expect(byStatus(429)).toHaveLength(3);
  // Three at once, three when the next minute opened (the mock's clock is this machine's).
  expect(byStatus(200).filter((a) => a.at >= nextAt)).toHaveLength(3);
  for (const { r } of byStatus(429)) {
    const retryAfter = Number(r.headers.get('retry-after'));
    // Until the minute after next (+ margin): past the one minute it queues.
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(122);
    expect(r.headers.get('x-observatory-queue')).toBe('full');
    expect(((await r.json()) as { error: string }).error).toMatch(
      /observatory proxy's queue .* is full \(3 per 1 minute\)/,
    );
  }
  // The service saw what its budget allows in each minute, and refused nothing.
  const stats = await mockStats(mockServer);
  expect(stats.requests.dates).toBe(6);
  expect(stats.refused.dates).toBeUndefined();
  expect(await dates()).toMatchObject({ waiting: 0, sentTotal: 6, refusedQueueFull: 3, refusedByService: 0 });
});

test('a 429 from the service itself holds the endpoint until its next minute, and the app is told when', async ({
  mockServer,
}) => {
  proxy = await startObservatory(mockServer);
  await mockServer.control({ action: 'fault', fault: { match: '/api/seismic/sites', kind: 'rate-limit', times: 1 } });
  const refused = await fetch(`${proxy.url}/observatory/main/api/seismic/sites`);
  expect(refused.status).toBe(429);
  // The service sent none (docs/service.md, "01 §7 Errors"); the proxy adds when its minute opens.
  const retryAfter = Number(refused.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(62);
  const sites = async () => (await proxy!.status()).endpoints.find((e) => e.name === '/api/seismic/sites')!;
  const held = await sites();
  expect(held).toMatchObject({ refusedByService: 1, refusedQueueFull: 0 });
  expect(held.heldUntil! % 60_000).toBe(2_000);
  // The next request waits for that minute instead of meeting the service's refusal again.
  const next = fetch(`${proxy.url}/observatory/main/api/seismic/sites`).catch(() => null);
  await expect.poll(sites).toMatchObject({ waiting: 1, nextAt: held.heldUntil });
  expect((await mockStats(mockServer)).requests.sites).toBe(1);
  void next;
});
