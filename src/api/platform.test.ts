import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../mocks/node';
import { TEST_CONFIG, useTestConfig } from '../test/test-config';
import { ApiError, describeError } from './http/errors';
import { rateLimiter } from './rate/browser-limiter';
import {
  basicAuthHeader,
  fetchEventTypes,
  rateLimitDelayMs,
  rateLimitInfo,
  retryOnRateLimit,
  type PlatformAuth,
  type PlatformToken,
  tokenAuthMethodOf,
  type TokenSource,
} from './platform';
import { caught } from '../test/caught';

const P = 'http://platform.test';
const NONE = { modules: [], objectTypes: [] };

function memoryAuth(
  source: TokenSource,
  initial: PlatformToken | null = null,
): PlatformAuth & { token: () => PlatformToken | null } {
  let t = initial;
  return { baseUrl: P, source, cache: { get: () => t, set: (x) => void (t = x) }, token: () => t };
}
const client = (clientId = 'demo-client', clientSecret = 'demo-secret'): TokenSource => ({
  mode: 'client',
  clientId,
  clientSecret,
});
const proxy: TokenSource = { mode: 'proxy', proxyUrl: TEST_CONFIG.platformTokenProxyUrl!, tenantBaseUrl: P };

function countRequests(pathPart: string): () => number {
  let n = 0;
  server.events.on('request:start', ({ request }) => {
    if (request.url.includes(pathPart)) n++;
  });
  return () => n;
}

beforeEach(() => {
  useTestConfig();
  server.events.removeAllListeners();
});

/** What the client sent to the token endpoint: its Authorization, Content-Type and body. */
function captureTokenRequest() {
  const out: { seen: { auth: string | null; type: string | null; body: string } | null } = { seen: null };
  server.events.on('request:start', ({ request }) => {
    if (!request.url.endsWith('/oauth/token')) return;
    void request
      .clone()
      .text()
      .then((body) => {
        out.seen = { auth: request.headers.get('Authorization'), type: request.headers.get('Content-Type'), body };
      });
  });
  return out;
}

describe('platform token and event types', () => {
  it('does the client-credentials grant with the client in form fields by default and sends the token as Bearer', async () => {
    const tokenReq = captureTokenRequest();
    const auth = memoryAuth(client());
    const list = await fetchEventTypes(NONE, auth);
    expect(list.length).toBeGreaterThan(40);
    expect(tokenReq.seen).toEqual({
      auth: null,
      type: 'application/x-www-form-urlencoded',
      body: 'grant_type=client_credentials&scope=ACTIVITY_LOG&client_id=demo-client&client_secret=demo-secret',
    });
    expect(auth.token()?.scope).toBe('ACTIVITY_LOG');
    expect(auth.token()!.expiresAt! - Date.now()).toBeGreaterThan(3500_000);
  });

  it('sends the client by HTTP Basic when chosen, and nothing secret in the body', async () => {
    const tokenReq = captureTokenRequest();
    const auth = memoryAuth({ ...client(), clientAuth: 'basic' } as TokenSource);
    const list = await fetchEventTypes(NONE, auth);
    expect(list.length).toBeGreaterThan(40);
    expect(tokenReq.seen).toEqual({
      auth: `Basic ${btoa('demo-client:demo-secret')}`,
      type: 'application/x-www-form-urlencoded',
      body: 'grant_type=client_credentials&scope=ACTIVITY_LOG',
    });
  });

  it('tags a refused token request with the method it used; description before code', async () => {
    server.use(
      http.post(`${P}/api/access/v1/oauth/token`, () =>
        HttpResponse.json(
          { error: 'invalid_client', error_description: 'Client authentication failed' },
          { status: 401 },
        ),
      ),
    );
    const e = await caught(fetchEventTypes(NONE, memoryAuth(client())));
    expect(e.detail).toBe('Client authentication failed (invalid_client)');
    expect(tokenAuthMethodOf(e)).toBe('form');
    const b = await caught(fetchEventTypes(NONE, memoryAuth({ ...client(), clientAuth: 'basic' } as TokenSource)));
    expect(tokenAuthMethodOf(b)).toBe('basic');
  });

  it('form-encodes id and secret before Basic (RFC 6749 §2.3.1)', () => {
    expect(basicAuthHeader('a b', 'x:y')).toBe(`Basic ${btoa('a+b:x%3Ay')}`);
  });

  it('reuses the token until it expires', async () => {
    const tokens = countRequests('/token-proxy');
    const auth = memoryAuth(proxy);
    await fetchEventTypes(NONE, auth);
    await fetchEventTypes({ modules: ['Users'], objectTypes: [] }, auth);
    expect(tokens()).toBe(1);
    auth.cache.set({ ...auth.token()!, expiresAt: Date.now() + 1000 }); // inside the expiry margin
    await fetchEventTypes(NONE, auth);
    expect(tokens()).toBe(2);
  });

  it('after a 401 requests a token once more and retries', async () => {
    const tokens = countRequests('/oauth/token');
    const auth = memoryAuth(client(), { accessToken: 'revoked', expiresAt: null, scope: 'ACTIVITY_LOG' });
    const list = await fetchEventTypes(NONE, auth);
    expect(list.length).toBeGreaterThan(0);
    expect(tokens()).toBe(1);
    expect(auth.token()?.accessToken).not.toBe('revoked');
  });

  it('lists opened together share one token request, and two 401s share one refresh', async () => {
    const tokens = countRequests('/oauth/token');
    const auth = memoryAuth(client());
    const lists = await Promise.all([
      fetchEventTypes(NONE, auth),
      fetchEventTypes({ modules: ['Users'], objectTypes: [] }, auth),
    ]);
    expect(lists.every((l) => l.length > 0)).toBe(true);
    expect(tokens()).toBe(1);
    const stale = memoryAuth(client(), { accessToken: 'revoked', expiresAt: null, scope: 'ACTIVITY_LOG' });
    await Promise.all([fetchEventTypes(NONE, stale), fetchEventTypes({ modules: ['Users'], objectTypes: [] }, stale)]);
    expect(tokens()).toBe(2);
    expect(stale.token()?.accessToken).not.toBe('revoked');
  });

  it('a 401 with a just-issued token is not retried in a loop', async () => {
    server.use(
      http.get(`${P}/api/audit/v4/audits/event-types`, () => HttpResponse.json({ message: 'no' }, { status: 401 })),
    );
    const tokens = countRequests('/oauth/token');
    const e = await caught(
      fetchEventTypes(NONE, memoryAuth(client(), { accessToken: 'old', expiresAt: null, scope: null })),
    );
    expect(e.status).toBe(401);
    expect(tokens()).toBe(1);
  });

  it('sends modules as repeated parameters and narrows the list', async () => {
    const urls: string[] = [];
    server.events.on(
      'request:start',
      ({ request }) => void (request.url.includes('event-types') && urls.push(request.url)),
    );
    const auth = memoryAuth(proxy);
    const all = await fetchEventTypes(NONE, auth);
    const two = await fetchEventTypes({ modules: ['Users', 'Security'], objectTypes: [] }, auth);
    expect(urls[1]).toMatch(/\?modules=Users&modules=Security$/);
    expect(two.length).toBeLessThan(all.length);
    expect(new Set(two.map((e) => e.moduleName))).toEqual(new Set(['Users', 'Security']));
  });

  it('wrong secret → 401 from the token endpoint; token without the scope → 403', async () => {
    const bad = await caught(fetchEventTypes(NONE, memoryAuth(client('demo-client', 'wrong'))));
    expect(bad.status).toBe(401);
    expect(bad.endpoint).toBe('platform OAuth token');
    const noscope = await caught(fetchEventTypes(NONE, memoryAuth(client('demo-noscope'))));
    expect(noscope.status).toBe(403);
    expect(noscope.endpoint).toBe('/api/audit/v4/audits/event-types');
  });

  it('429 is not retried by the API layer; its headers are read for the view', async () => {
    server.use(
      http.get(`${P}/api/audit/v4/audits/event-types`, () =>
        HttpResponse.json(
          { status: 429 },
          {
            status: 429,
            headers: {
              'Retry-After': '7',
              'ot-period': 'MINUTE',
              'ot-request-made': '31',
              'ot-requests-allowed': '30',
              'ot-ratelimit-event-id': 'abc',
            },
          },
        ),
      ),
    );
    const calls = countRequests('event-types');
    const e = await caught(fetchEventTypes(NONE, memoryAuth(proxy)));
    expect(calls()).toBe(1);
    const info = rateLimitInfo(e);
    expect(info).toEqual({
      retryAfterSeconds: 7,
      statedSeconds: 7,
      askedSeconds: undefined,
      period: 'MINUTE',
      requestsMade: 31,
      requestsAllowed: 30,
      eventId: 'abc',
    });
    expect(retryOnRateLimit(0, e)).toBe(true);
    expect(retryOnRateLimit(3, e)).toBe(false);
    expect(rateLimitDelayMs(0, e)).toBe(7250);
    expect(retryOnRateLimit(0, new ApiError({ kind: 'http', endpoint: 'x', status: 403, detail: '' }))).toBe(false);
  });

  it('a 429 without Retry-After: the wait kept is the limiter\'s, and what the platform stated stays "none"', async () => {
    rateLimiter.reset();
    server.use(
      http.get(`${P}/api/audit/v4/audits/event-types`, () =>
        HttpResponse.json({ status: 429 }, { status: 429, headers: { 'ot-period': 'MINUTE' } }),
      ),
    );
    const info = rateLimitInfo(await caught(fetchEventTypes(NONE, memoryAuth(proxy))))!;
    expect(info.statedSeconds).toBeUndefined();
    expect(info.retryAfterSeconds).toBeGreaterThan(0);
    expect(info.retryAfterSeconds).toBeLessThanOrEqual(65);
    rateLimiter.reset();
  });

  it('cuts a Retry-After beyond the period ot-period names to that period, and keeps what was asked', async () => {
    rateLimiter.reset();
    const refuse = (period: string) =>
      server.use(
        http.get(`${P}/api/audit/v4/audits/event-types`, () =>
          HttpResponse.json(
            { status: 429 },
            { status: 429, headers: { 'Retry-After': '99999999', 'ot-period': period } },
          ),
        ),
      );
    refuse('MINUTE');
    const minute = rateLimitInfo(await caught(fetchEventTypes(NONE, memoryAuth(proxy))))!;
    expect(minute.retryAfterSeconds).toBeGreaterThanOrEqual(64);
    expect(minute.retryAfterSeconds).toBeLessThanOrEqual(65);
    expect(minute.askedSeconds).toBe(99_999_999);
    rateLimiter.reset();
    refuse('HOUR');
    const hour = await caught(fetchEventTypes(NONE, memoryAuth(proxy)));
    expect(rateLimitInfo(hour)!.retryAfterSeconds).toBeLessThanOrEqual(3_605);
    expect(rateLimitInfo(hour)!.retryAfterSeconds).toBeGreaterThan(3_000);
    expect(rateLimitDelayMs(0, hour)).toBeLessThanOrEqual(3_605_250);
    rateLimiter.reset();
  });
});

describe('the browser keeps nothing of a credentialed request', () => {
  it('token requests (form, Basic, proxy) and bearer requests are made with cache: no-store', async () => {
    const seen: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.startsWith(P) || request.url.includes('token-proxy'))
        seen.push(`${new URL(request.url).pathname} ${request.cache}`);
    });
    try {
      for (const source of [client(), { ...client(), clientAuth: 'basic' } as TokenSource, proxy])
        await fetchEventTypes(NONE, memoryAuth(source));
    } finally {
      server.events.removeAllListeners('request:start');
    }
    expect(seen.length).toBe(6);
    for (const line of seen) expect(line).toMatch(/ no-store$/);
  });
});

describe('the deployment’s token', () => {
  it('is never asked for nor sent for another tenant than its own', async () => {
    const seen: string[] = [];
    server.events.on('request:start', ({ request }) => void seen.push(request.url));
    try {
      const other = { ...memoryAuth(proxy), baseUrl: 'http://elsewhere.test' };
      await expect(fetchEventTypes(NONE, other)).rejects.toThrow(
        `The deployment's token is for ${P} only, not http://elsewhere.test`,
      );
    } finally {
      server.events.removeAllListeners('request:start');
    }
    expect(seen).toEqual([]);
  });
});

describe('credentials never follow a redirect', () => {
  /** Requests that reached another host, whatever their method. */
  function elsewhere() {
    const seen: string[] = [];
    server.use(
      http.all('http://elsewhere.test/*', async ({ request }) => {
        seen.push(`${request.method} ${request.headers.get('Authorization') ?? ''} ${await request.text()}`);
        return HttpResponse.json({ access_token: 'stolen', token_type: 'Bearer' });
      }),
    );
    return seen;
  }

  it('a token endpoint answering 307 to another host: refused, and the other host receives nothing', async () => {
    const seen = elsewhere();
    const redirect = () =>
      new HttpResponse(null, { status: 307, headers: { Location: 'http://elsewhere.test/steal' } });
    server.use(
      http.post(`${P}/api/access/v1/oauth/token`, redirect),
      http.post(TEST_CONFIG.platformTokenProxyUrl!, redirect),
    );
    for (const source of [client(), { ...client(), clientAuth: 'basic' } as TokenSource, proxy]) {
      const e = await caught(fetchEventTypes(NONE, memoryAuth(source)));
      expect(e).toMatchObject({ kind: 'http', redirected: true, endpoint: 'platform OAuth token' });
      expect(e.detail).toContain('redirect');
      expect(describeError(e).title).toBe('The service redirected the request elsewhere');
    }
    expect(seen).toEqual([]);
  });

  it('an event-types answer redirecting elsewhere: the bearer token goes nowhere else', async () => {
    const seen = elsewhere();
    server.use(
      http.get(
        `${P}/api/audit/v4/audits/event-types`,
        () => new HttpResponse(null, { status: 302, headers: { Location: 'http://elsewhere.test/list' } }),
      ),
    );
    const e = await caught(fetchEventTypes(NONE, memoryAuth(proxy)));
    expect(e).toMatchObject({ redirected: true, endpoint: '/api/audit/v4/audits/event-types' });
    expect(seen).toEqual([]);
  });
});
