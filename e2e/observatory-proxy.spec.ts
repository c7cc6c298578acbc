/**
 * The observatory proxy's own behaviour, over HTTP (no browser): what it keeps, what it passes on,
 * and how it spends the service's budget. The browser flows are in observatory.spec.ts.
 */
import { test, expect } from './server-fixtures';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { getFrom, mockStats, startObservatory, type Observatory } from './observatory-fixtures';

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
  // Only GET reaches the service, and only its documented endpoints.
  expect((await fetch(`${proxy.url}/observatory/main/api/seismic/sites`, { method: 'POST', body: '{}' })).status).toBe(
    405,
  );
  const control = await fetch(`${proxy.url}/observatory/main/__mock/control`);
  expect(control.status).toBe(404);
  expect(((await control.json()) as { error: string }).error).toMatch(/not an endpoint of the service/);

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

  // Its standard output is a socket (a pipe of Node's spawn), and the access log is there.
  await expect.poll(() => proxy!.stdout()).toMatch(/^127\.0\.0\.1 \[[^\]]+\] "GET \/config\.json" 200 \d+ cache=- /m);
  expect(proxy.stdout()).toMatch(/"GET \/observatory\/main\/api\/seismic\/rsam" 200 \d+ cache=HIT /);
  // The inner server's socket is nginx's user's alone.
  const sock = statSync(join(proxy.state, 'sock', 'shaper.sock'));
  expect(sock.isSocket()).toBe(true);
  expect((sock.mode & 0o777).toString(8)).toBe('600');
  expect((statSync(join(proxy.state, 'sock')).mode & 0o777).toString(8)).toBe('700');
  // Plain HTTP: no HSTS (that is the TLS terminator's).
  expect((await get('/')).headers.get('strict-transport-security')).toBeNull();
});

test('queues what the budget cannot take this minute, each address within its share, sends it at the next, and refuses past its queue with Retry-After', async ({
  mockServer,
}) => {
  test.setTimeout(150_000);
  // 3 a minute for the dates endpoint, queued at most one minute ahead: 3 now, 3 places next minute,
  // of which one address may hold half (1).
  proxy = await startObservatory(mockServer, { limits: { '/api/seismic/dates': 3 }, queueMinutes: 1 });
  // Clear of a minute's boundary (and of the proxy's 2 s margin around it), so "this minute" is one.
  const s = new Date().getUTCSeconds();
  if (s < 4 || s > 40) await new Promise((r) => setTimeout(r, ((64 - s) % 60) * 1000));
  const dates = async () => (await proxy!.status()).endpoints.find((e) => e.name === '/api/seismic/dates')!;

  const answers: { from: string; status: number; headers: Record<string, unknown>; body: string; at: number }[] = [];
  let n = 0;
  const ask = (from: string, count: number) => {
    for (let i = 0; i < count; i++, n++) {
      const sta = ['CLCL', 'CLCO', 'CLES', 'CLNE', 'CLSF', 'VPCC'][n % 6];
      const cha = ['BHZ', 'BHN'][Math.floor(n / 6)];
      const { answer } = getFrom(
        `${proxy!.url}/observatory/main/api/seismic/dates?network=AV&station=${sta}&channel=${cha}`,
        from,
      );
      void answer.then((a) => a && answers.push({ from, ...a, at: Date.now() }));
    }
  };
  // This machine asks six: three go now, one waits (its share), two are refused.
  ask('127.0.0.1', 6);
  await expect
    .poll(dates)
    .toMatchObject({ limit: 3, sentThisMinute: 3, waiting: 1, waitingFromYou: 1, refusedOverShare: 2 });
  // Two more machines ask two each: one of each waits, and the next minute's places are taken.
  ask('127.0.0.2', 2);
  await expect.poll(dates).toMatchObject({ waiting: 2, refusedOverShare: 3 });
  // A third's first takes the last place; its second, and a fourth machine's, find the queue full.
  ask('127.0.0.3', 2);
  await expect.poll(dates).toMatchObject({ waiting: 3, waitingFromYou: 1, refusedOverShare: 3, refusedQueueFull: 1 });
  ask('127.0.0.4', 1);
  await expect.poll(dates).toMatchObject({ waiting: 3, refusedQueueFull: 2 });
  // The queue waits for the next whole minute, past the margin.
  const nextAt = (await dates()).nextAt!;
  expect(nextAt % 60_000).toBe(2_000);

  await expect.poll(() => answers.length, { timeout: 90_000 }).toBe(11);
  const byStatus = (code: number) => answers.filter((a) => a.status === code);
  expect(byStatus(200)).toHaveLength(6);
  expect(byStatus(429)).toHaveLength(5);
  // Three at once, three when the next minute opened (the mock's clock is this machine's), one of
  // each machine's.
  expect(
    byStatus(200)
      .filter((a) => a.at >= nextAt)
      .map((a) => a.from)
      .sort(),
  ).toEqual(['127.0.0.1', '127.0.0.2', '127.0.0.3']);
  for (const r of byStatus(429)) {
    const retryAfter = Number(r.headers['retry-after']);
    // At most the 65 s the app honours.
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(65);
    expect(r.headers['x-observatory-queue']).toBe('full');
  }
  const full = answers.find((a) => a.from === '127.0.0.4')!;
  // Until the minute after next (+ margin), past the one minute it queues: cut to 65 s.
  expect(Number(full.headers['retry-after'])).toBeGreaterThan(60);
  expect((JSON.parse(full.body) as { error: string }).error).toMatch(
    /observatory proxy's queue .* is full \(3 per 1 minute\)/,
  );
  // The service saw what its budget allows in each minute, and refused nothing.
  const stats = await mockStats(mockServer);
  expect(stats.requests.dates).toBe(6);
  expect(stats.refused.dates).toBeUndefined();
  expect(await dates()).toMatchObject({ waiting: 0, sentTotal: 6, refusedQueueFull: 2, refusedByService: 0 });
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

test('each route carries what it is for: the image route refuses an API path, and junk, reordered or repeated parameters neither reach the service again nor split the cache', async ({
  mockServer,
}) => {
  proxy = await startObservatory(mockServer);
  const get = (path: string) => fetch(proxy!.url + path);

  // The image route asked for an API endpoint: refused here, never forwarded, never kept.
  const around = await get('/observatory/images/api/seismic/sites');
  expect(around.status).toBe(404);
  expect(((await around.json()) as { error: string }).error).toMatch(/not an image file: \/api\/seismic\/sites/);
  expect((await get('/observatory/legacy/api/seismic/sites')).status).toBe(404);
  expect((await get('/observatory/images/archive/imagery/visible/..%2F..%2Fapi/seismic/sites')).status).toBe(404);
  expect((await mockStats(mockServer)).requests.sites).toBeUndefined();

  // One image file asked thirty ways: one request to the service, one answer kept.
  const q = (await (await get('/observatory/main/api/imagery/q?imageType=visible&limit=1')).json()) as {
    results: { image_url: string }[];
  };
  const image = q.results[0]!.image_url;
  const kept = proxy.cachedAnswers();
  for (let n = 0; n < 30; n++) {
    const r = await fetch(`${image}?junk=${n}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/jpeg');
  }
  expect((await mockStats(mockServer)).requests['image-file']).toBe(1);
  await expect.poll(() => proxy!.cachedAnswers()).toBe(kept + 1);

  // One RSAM question in any order, with junk beside it: one request, one answer kept.
  const today = Date.now() - (Date.now() % DAY);
  const from = compact(today - 60 * DAY);
  const to = compact(today - 31 * DAY);
  const variants = [
    `network=AV&station=CLCL&channel=BHZ&datefrom=${from}&dateto=${to}`,
    `dateto=${to}&datefrom=${from}&channel=BHZ&station=CLCL&network=AV`,
    `junk=1&network=AV&station=CLCL&channel=BHZ&datefrom=${from}&dateto=${to}&cachebuster=2`,
  ];
  const bodies = new Set<string>();
  for (const v of variants) {
    const r = await get(`/observatory/main/api/seismic/rsam?${v}`);
    expect(r.status).toBe(200);
    bodies.add(await r.text());
  }
  expect(bodies.size).toBe(1);
  expect((await mockStats(mockServer)).requests.rsam).toBe(1);
  await expect.poll(() => proxy!.cachedAnswers()).toBe(kept + 2);

  // A question that cannot be read as one: refused, not sent, not kept.
  const twice = await get(`/observatory/main/api/seismic/rsam?${variants[0]}&dateto=${compact(today)}`);
  expect(twice.status).toBe(400);
  expect(((await twice.json()) as { error: string }).error).toMatch(/"dateto" is given more than once/);
  const many = Array.from({ length: 60 }, (_, i) => `p${i}=x`).join('&');
  const long = await get(`/observatory/main/api/seismic/rsam?${many}&${variants[0]}`);
  expect(long.status).toBe(400);
  expect(((await long.json()) as { error: string }).error).toMatch(/more than 50 query parameters/);
  expect((await mockStats(mockServer)).requests.rsam).toBe(1);
  expect(proxy.cachedAnswers()).toBe(kept + 2);
});

test("a broken answer is never kept: not JSON, not the endpoint's shape, or endless, it is cut and the next request asks again", async ({
  mockServer,
}) => {
  proxy = await startObservatory(mockServer);
  const today = Date.now() - (Date.now() % DAY);
  // A month long past: a good answer would be kept for 30 days.
  const past = rsam(today - 60 * DAY, today - 31 * DAY);
  const attempt = async () => {
    const r = await fetch(proxy!.url + past);
    // The body arrives cut (the proxy drops it before its end): reading it fails, as the app's would.
    return r.text().then(
      (t) => ({ status: r.status, complete: true, text: t }),
      () => ({ status: r.status, complete: false, text: '' }),
    );
  };

  for (const kind of ['malformed', 'schema', 'endless'] as const) {
    await mockServer.control({ action: 'fault', fault: { match: '/api/seismic/rsam', kind, times: 1 } });
    const bad = await attempt();
    expect(bad.complete, kind).toBe(false);
  }
  expect(proxy.cachedAnswers()).toBe(0);
  // Each broken answer went to the service once, and the next request asks again: the good answer is
  // kept, and then served from the cache.
  const good = await attempt();
  expect(good).toMatchObject({ status: 200, complete: true });
  expect(JSON.parse(good.text)).toHaveProperty('series');
  expect((await mockStats(mockServer)).requests.rsam).toBe(4);
  expect((await fetch(proxy.url + past)).headers.get('x-observatory-cache')).toBe('HIT');
  expect((await mockStats(mockServer)).requests.rsam).toBe(4);
  expect(proxy.cachedAnswers()).toBe(1);
  expect((await proxy.status()).cache.answersCut).toBe(3);
});

test('fair shares: a flood from another machine that abandons its requests neither starves this one nor reaches the service', async ({
  mockServer,
}) => {
  test.setTimeout(150_000);
  // 4 a minute for the dates endpoint, queued one minute ahead: a share of 2 waiting places an address.
  proxy = await startObservatory(mockServer, { limits: { '/api/seismic/dates': 4 }, queueMinutes: 1 });
  const s = new Date().getUTCSeconds();
  if (s < 4 || s > 40) await new Promise((r) => setTimeout(r, ((64 - s) % 60) * 1000));
  const dates = async () => (await proxy!.status()).endpoints.find((e) => e.name === '/api/seismic/dates')!;

  // 127.0.0.2 asks twelve different questions at once.
  const stations = ['CLCL', 'CLCO', 'CLES', 'CLNE', 'CLSF', 'VPCC'];
  const flood = stations.flatMap((sta) =>
    ['BHZ', 'BHN'].map((cha) =>
      getFrom(`${proxy!.url}/observatory/main/api/seismic/dates?network=AV&station=${sta}&channel=${cha}`, '127.0.0.2'),
    ),
  );
  const answered: { status: number; headers: Record<string, unknown>; body: string }[] = [];
  for (const f of flood) void f.answer.then((a) => a && answered.push(a));
  // Four go now, two wait (its share), six are refused with a wait the app honours.
  await expect.poll(dates).toMatchObject({ sentThisMinute: 4, waiting: 2, refusedOverShare: 6 });
  await expect
    .poll(() => answered.map((a) => a.status).sort())
    .toEqual([200, 200, 200, 200, 429, 429, 429, 429, 429, 429]);
  for (const r of answered.filter((a) => a.status === 429)) {
    expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(65);
    expect((JSON.parse(r.body) as { error: string }).error).toMatch(/holds at most 2 requests from one address/);
  }

  // This machine's request is not refused: it takes its own place in the next minute.
  const mine = fetch(
    `${proxy.url}/observatory/main/api/seismic/dates?network=AV&station=VPNC&channel=HHZ`.replace(
      'network=AV',
      'network=OV',
    ),
  );
  await expect.poll(dates).toMatchObject({ waiting: 3, waitingFromYou: 1 });

  // The flood gives up: its waiting requests are dropped, and never sent.
  for (const f of flood) f.abandon();
  await expect.poll(dates, { timeout: 10_000 }).toMatchObject({ waiting: 1, droppedClientGone: 2 });
  const answer = await mine;
  expect(answer.status).toBe(200);
  expect(((await answer.json()) as { dates: string[] }).dates.length).toBeGreaterThan(0);
  // The service saw four from the flood and this one: the two abandoned never reached it.
  const stats = await mockStats(mockServer);
  expect(stats.requests.dates).toBe(5);
  expect(stats.refused.dates).toBeUndefined();
  expect(await dates()).toMatchObject({ waiting: 0, sentTotal: 5 });
});

test('the token service: the proxy holds the platform client, and the app asks it for a token', async ({
  mockServer,
}) => {
  // A client file others may read: refused, with the reason, before nginx starts.
  await expect(
    startObservatory(mockServer, {
      platformClient: { client_id: 'demo-client', client_secret: 'demo-secret', mode: 0o644 },
    }),
  ).rejects.toThrow(/readable by others \(mode 644\): chmod 600 it/);

  proxy = await startObservatory(mockServer, {
    platformClient: { client_id: 'demo-client', client_secret: 'demo-secret' },
  });
  const config = (await (await fetch(`${proxy.url}/config.json`)).json()) as Record<string, unknown>;
  expect(config.platformTokenProxyUrl).toBe('/observatory/token');

  // As the app asks (src/api/platform.ts): POST, no body, no credentials of the client.
  const ask = (headers: Record<string, string> = {}) =>
    fetch(`${proxy!.url}/observatory/token`, { method: 'POST', headers: { Accept: 'application/json', ...headers } });
  const first = await ask({ 'Sec-Fetch-Site': 'same-origin' });
  expect(first.status).toBe(200);
  expect(first.headers.get('cache-control')).toBe('no-store');
  const token = (await first.json()) as { access_token: string; token_type: string; expires_in: number; scope: string };
  expect(token).toMatchObject({ token_type: 'Bearer', scope: 'ACTIVITY_LOG' });
  expect(token.expires_in).toBeGreaterThan(60);
  expect(JSON.stringify(token)).not.toContain('demo-secret');
  // Shared until shortly before it expires.
  expect(((await (await ask()).json()) as { access_token: string }).access_token).toBe(token.access_token);
  // The token opens the activity log through the proxy.
  const events = await fetch(`${proxy.url}/observatory/platform/api/audit/v4/audits/event-types`, {
    headers: { Authorization: `Bearer ${token.access_token}`, Accept: 'application/json' },
  });
  expect(events.status).toBe(200);
  expect(((await events.json()) as unknown[]).length).toBeGreaterThan(0);
  // A page of another site may not spend it; nor is anything but POST answered.
  const elsewhere = await ask({ 'Sec-Fetch-Site': 'cross-site' });
  expect(elsewhere.status).toBe(403);
  expect(((await elsewhere.json()) as { error: string }).error).toBe('access_denied');
  expect((await fetch(`${proxy.url}/observatory/token`)).status).toBe(405);
  // The platform route carries its two endpoints only.
  expect((await fetch(`${proxy.url}/observatory/platform/api/elsewhere`)).status).toBe(404);
});

test("behind a terminator: the browser's own address counts, and image addresses never echo a request's Host", async ({
  mockServer,
}) => {
  // The terminator is this machine (127.0.0.1); a browser's address comes in its X-Forwarded-For.
  proxy = await startObservatory(mockServer, { realIpFrom: ['127.0.0.1'] });
  const q = getFrom(`${proxy.url}/observatory/main/api/imagery/q?imageType=visible&limit=1`, '127.0.0.1', {
    'X-Forwarded-For': '10.20.30.40',
    Host: 'attacker.example',
  });
  const answer = (await q.answer)!;
  expect(answer.status).toBe(200);
  const image = (JSON.parse(answer.body) as { results: { image_url: string }[] }).results[0]!.image_url;
  expect(image.startsWith(`${proxy.url}/observatory/images/archive/imagery/visible/`)).toBe(true);
  expect(answer.body).not.toContain('attacker.example');
  await expect
    .poll(() => proxy!.stdout())
    .toMatch(/^10\.20\.30\.40 \[[^\]]+\] "GET \/observatory\/main\/api\/imagery\/q" 200 /m);
  // Without a terminator in front, an X-Forwarded-For is a client's claim, and ignored.
  await proxy.stop();
  proxy = await startObservatory(mockServer);
  await getFrom(`${proxy.url}/observatory/status`, '127.0.0.1', { 'X-Forwarded-For': '10.20.30.40' }).answer;
  await expect.poll(() => proxy!.stdout()).toMatch(/^127\.0\.0\.1 \[[^\]]+\] "GET \/observatory\/status" 200 /m);
  expect(proxy.stdout()).not.toContain('10.20.30.40');
});

test('the activity log behind the proxy: the proxy holds the client, and nobody types its secret', async ({
  page,
  mockServer,
}) => {
  proxy = await startObservatory(mockServer, {
    platformClient: { client_id: 'demo-client', client_secret: 'demo-secret' },
  });
  const tokenRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/oauth/token') || r.url().endsWith('/observatory/token'))
      tokenRequests.push(`${r.method()} ${r.url()} ${r.postData() ?? ''}`);
  });
  await page.goto(`${proxy.url}/activity`);
  await expect(page.getByRole('radio', { name: /Token proxy of this deployment \(recommended\)/ })).toBeChecked();
  await expect(page.getByText(/^\d+ event types/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: 'A token is held in memory' })).toContainText(
    'scope: ACTIVITY_LOG',
  );
  // The page asked the proxy's token service, with nothing of the client in its request.
  expect(tokenRequests).toEqual([`POST ${proxy.url}/observatory/token `]);
});
