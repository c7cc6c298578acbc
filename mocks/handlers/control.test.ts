// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_BASES } from '../node';
import { DEFAULT_MOCK_NOW, mockState } from '../state';
import { CLIENT_IP_HEADER } from './common';

const A = TEST_BASES.apiBaseUrl;
const RSAM = `${A}/api/seismic/rsam?network=AV&station=CLCL&channel=BHZ&datefrom=20250310&dateto=20250310`;
const control = (body: unknown) => fetch(`${A}/__mock/control`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

afterEach(() => {
  vi.useRealTimers();
});

describe('rate limits', () => {
  it('answers a bare 429 naming the limit after 100 rsam calls, until the window resets at the whole minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2030, 0, 1, 0, 0, 15));
    for (let i = 0; i < 100; i++) expect((await fetch(RSAM)).status).toBe(200);
    const r = await fetch(RSAM);
    expect(r.status).toBe(429);
    // Spec 01 §7: only the body, `error` stating the limit; no Retry-After is promised.
    expect(await r.json()).toEqual({ error: '100 per 1 minute' });
    expect(r.headers.get('Retry-After')).toBeNull();
    // Other endpoints have their own budgets.
    expect((await fetch(`${A}/api/seismic/sites`)).status).toBe(200);
    // A fixed window: still limited at :59.9, open again at the next whole minute (not 60 s later).
    vi.setSystemTime(Date.UTC(2030, 0, 1, 0, 0, 59, 900));
    expect((await fetch(RSAM)).status).toBe(429);
    vi.setSystemTime(Date.UTC(2030, 0, 1, 0, 1, 0));
    expect((await fetch(RSAM)).status).toBe(200);
  });

  it('keeps one budget per client IP', async () => {
    await control({ action: 'rateLimits', enabled: true, scale: 0.05 });
    const from = (ip: string) => fetch(RSAM, { headers: { [CLIENT_IP_HEADER]: ip } });
    for (let i = 0; i < 5; i++) expect((await from('10.0.0.1')).status).toBe(200);
    expect((await from('10.0.0.1')).status).toBe(429);
    expect((await from('10.0.0.2')).status).toBe(200);
  });

  it('uses 60 per minute for the discovery endpoints and can be scaled or disabled', async () => {
    await control({ action: 'rateLimits', enabled: true, scale: 0.1 });
    for (let i = 0; i < 6; i++) expect((await fetch(`${A}/health`)).status).toBe(200);
    const r = await fetch(`${A}/health`);
    expect(r.status).toBe(429);
    expect(await r.json()).toEqual({ error: '6 per 1 minute' });
    await control({ action: 'rateLimits', enabled: false });
    expect((await fetch(`${A}/health`)).status).toBe(200);
  });

  it('adds Retry-After (seconds to the next whole minute) only when the retryAfterHeader knob is on', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2030, 0, 1, 0, 0, 15));
    await control({ action: 'rateLimits', enabled: true, scale: 0.01, retryAfterHeader: true });
    expect((await fetch(RSAM)).status).toBe(200);
    const r = await fetch(RSAM);
    expect(r.status).toBe(429);
    expect(r.headers.get('Retry-After')).toBe('45');
    expect(await r.json()).toEqual({ error: '1 per 1 minute' });
    await control({ action: 'rateLimits', enabled: true, retryAfterHeader: false });
    expect((await fetch(RSAM)).headers.get('Retry-After')).toBeNull();
    expect((await control({ action: 'rateLimits' })).status).toBe(400);
  });
});

describe('stats', () => {
  it('counts the requests each endpoint was asked and the 429s it answered', async () => {
    await control({ action: 'rateLimits', enabled: true, scale: 0.02 }); // 2 rsam a minute
    for (let i = 0; i < 3; i++) await fetch(RSAM);
    await fetch(`${A}/api/seismic/sites`);
    const stats = await (await fetch(`${A}/__mock/stats`)).json();
    expect(stats).toEqual({ requests: { rsam: 3, sites: 1 }, refused: { rsam: 1 } });
    await control({ action: 'reset' });
    expect(await (await fetch(`${A}/__mock/stats`)).json()).toEqual({ requests: {}, refused: {} });
  });
});

describe('control endpoint and faults', () => {
  it('injects status, malformed, schema, network and rate-limit faults, with times and query match', async () => {
    expect(await (await control({ action: 'fault', fault: { match: '/api/seismic/rsam', kind: 'status', status: 503, times: 1 } })).json()).toEqual({ ok: true });
    expect((await fetch(RSAM)).status).toBe(503);
    expect((await fetch(RSAM)).status).toBe(200);

    await control({ action: 'fault', fault: { match: '/api/seismic/rsam', query: { station: 'CLES' }, kind: 'schema' } });
    expect((await fetch(RSAM)).status).toBe(200);
    const schema = (await (await fetch(RSAM.replace('CLCL', 'CLES'))).json()) as { series: Array<{ points: Array<{ rsam_counts: unknown }> }> };
    expect(schema.series[0]!.points[0]!.rsam_counts).toBe('high');
    await control({ action: 'clearFaults' });

    await control({ action: 'fault', fault: { match: '/api/imagery/q', kind: 'malformed', times: 1 } });
    const mal = await fetch(`${A}/api/imagery/q`);
    expect(mal.status).toBe(200);
    await expect(mal.json()).rejects.toThrow();

    await control({ action: 'fault', fault: { match: '/archive/imagery', kind: 'network', times: 1 } });
    await expect(fetch('https://images.test/archive/imagery/x.jpg')).rejects.toThrow();

    await control({ action: 'fault', fault: { match: '/event-types', kind: 'rate-limit', times: 1 } });
    const rl = await fetch(`${TEST_BASES.platformBaseUrl}/api/audit/v4/audits/event-types`);
    expect(rl.status).toBe(429);
    expect(rl.headers.get('Retry-After')).not.toBeNull();
    expect(rl.headers.get('ot-requests-allowed')).toBe('30');
    expect(rl.headers.get('ot-period')).toBe('MINUTE');
  });

  it('gives a bare main-host 429 for a rate-limit fault, with Retry-After only when asked', async () => {
    await control({ action: 'fault', fault: { match: '/api/seismic/rsam', kind: 'rate-limit', times: 1 } });
    const bare = await fetch(RSAM);
    expect(bare.status).toBe(429);
    expect(await bare.json()).toEqual({ error: '100 per 1 minute' });
    expect(bare.headers.get('Retry-After')).toBeNull();
    await control({ action: 'fault', fault: { match: '/api/imagery/dates', kind: 'rate-limit', retryAfter: true, times: 1 } });
    const withHeader = await fetch(`${A}/api/imagery/dates`);
    expect(await withHeader.json()).toEqual({ error: '60 per 1 minute' });
    expect(Number(withHeader.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    expect(Number(withHeader.headers.get('Retry-After'))).toBeLessThanOrEqual(60);
  });

  it('sets and resets the clock', async () => {
    await control({ action: 'now', now: '2025-01-01T00:30:00Z' });
    expect(mockState.now).toBe(Date.UTC(2025, 0, 1, 0, 30));
    const dates = (await (await fetch(`${A}/api/seismic/dates?network=AV&station=CLCL&channel=BHZ`)).json()) as { dates: string[] };
    expect(dates.dates[0]).toBe('2025-01-01');
    await control({ action: 'reset' });
    expect(mockState.now).toBe(DEFAULT_MOCK_NOW);
  });

  it('applies a slow fault', async () => {
    await control({ action: 'fault', fault: { match: '/health', kind: 'slow', delayMs: 150, times: 1 } });
    const t0 = performance.now();
    expect((await fetch(`${A}/health`)).status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
  });
});

describe('hostile answers on demand', () => {
  const MARKUP = `<img src=x onerror="localStorage.setItem('pwned','1')">`;
  const fault = (match: string, kind: string, extra: Record<string, unknown> = {}) =>
    control({ action: 'fault', fault: { match, kind, times: 1, text: MARKUP, ...extra } });

  it('puts a fault’s text where each host puts its error message', async () => {
    await fault('/api/seismic/sites', 'status', { status: 503 });
    expect(await (await fetch(`${A}/api/seismic/sites`)).json()).toEqual({ error: true, status_code: 503, detail: MARKUP });
    await fault('/api/seismic/sites', 'rate-limit');
    const limited = await fetch(`${A}/api/seismic/sites`);
    expect([limited.status, await limited.json()]).toEqual([429, { error: MARKUP }]);
    await fault('/api/imagery/visible/query', 'status', { status: 500 });
    const legacy = await fetch(`${TEST_BASES.legacyBaseUrl}/api/imagery/visible/query?site=RKPI`);
    expect([legacy.status, await legacy.json()]).toEqual([500, { error: 500, message: MARKUP }]);
    await fault('/event-types', 'status', { status: 400 });
    const platform = await fetch(`${TEST_BASES.platformBaseUrl}/api/audit/v4/audits/event-types`);
    expect([platform.status, await platform.json()]).toEqual([400, { status: 400, message: MARKUP }]);
  });

  it('points the records’ image_url at another base until reset', async () => {
    const q = `${A}/api/imagery/q?imageType=visible&site=RKPI&limit=1`;
    await control({ action: 'imageBase', base: 'http://127.0.0.1:9/' });
    const [r] = ((await (await fetch(q)).json()) as { results: Array<{ image_url: string }> }).results;
    expect(r!.image_url).toMatch(/^http:\/\/127\.0\.0\.1:9\/archive\/imagery\/visible\/357120\//);
    expect((await control({ action: 'imageBase', base: 7 })).status).toBe(400);
    await control({ action: 'reset' });
    expect(mockState.imageBaseOverride).toBeNull();
  });

  it('sends the Retry-After a fault gives as it is, on any host', async () => {
    await control({ action: 'fault', fault: { match: '/api/seismic/rsam', kind: 'rate-limit', retryAfter: '99999999', times: 1 } });
    const main = await fetch(RSAM);
    expect([main.status, main.headers.get('Retry-After')]).toEqual([429, '99999999']);
    const date = 'Sat, 01 Jan 2033 00:00:00 GMT';
    await control({ action: 'fault', fault: { match: '/event-types', kind: 'rate-limit', retryAfter: date, times: 1 } });
    const platform = await fetch(`${TEST_BASES.platformBaseUrl}/api/audit/v4/audits/event-types`);
    expect([platform.status, platform.headers.get('Retry-After'), platform.headers.get('ot-period')]).toEqual([429, date, 'MINUTE']);
  });

  it('redirects to the Location a fault names, 307 unless told otherwise; refuses one without', async () => {
    await control({ action: 'fault', fault: { match: '/oauth/token', kind: 'redirect', location: 'http://elsewhere.test/steal', times: 1 } });
    const r = await fetch(`${TEST_BASES.platformBaseUrl}/api/access/v1/oauth/token`, { method: 'POST', redirect: 'manual' });
    expect([r.status, r.headers.get('Location')]).toEqual([307, 'http://elsewhere.test/steal']);
    expect((await control({ action: 'fault', fault: { match: '/oauth/token', kind: 'redirect' } })).status).toBe(400);
  });

  it('answers a 200 JSON that never ends, made as it is read', async () => {
    await control({ action: 'fault', fault: { match: '/api/seismic/rsam', kind: 'endless', times: 1 } });
    const r = await fetch(RSAM);
    expect([r.status, r.headers.get('Content-Type'), r.headers.get('Content-Length')]).toEqual([200, 'application/json', null]);
    const reader = r.body!.getReader();
    let bytes = 0;
    while (bytes < 4 * 1024 * 1024) bytes += (await reader.read()).value!.byteLength;
    // Not awaited: the interceptor's copy of the body is never read, so its cancel never settles.
    void reader.cancel();
    expect(bytes).toBeGreaterThanOrEqual(4 * 1024 * 1024);
  });
});
