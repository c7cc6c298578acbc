// @vitest-environment node
import { http, passthrough } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server as unitMsw } from './node';
import { startMockServer, type MockServerHandle } from './server-app';
import { CLIENT_IP_HEADER } from './handlers/common';

let mock: MockServerHandle;

beforeAll(async () => {
  mock = await startMockServer({ now: '2025-03-10T12:00:00Z' });
});
afterAll(() => mock.close());
// The unit tests' MSW would answer (or refuse) these requests in-process: let them reach the socket.
beforeEach(() => unitMsw.use(http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough())));

describe('startMockServer', () => {
  it('serves the three hosts on distinct loopback ports, images from the main host', async () => {
    const ports = [mock.apiBaseUrl, mock.legacyBaseUrl, mock.platformBaseUrl].map((u) => new URL(u).port);
    expect(new Set(ports).size).toBe(3);
    const q = (await (await fetch(`${mock.apiBaseUrl}/api/imagery/q?limit=1`)).json()) as { results: Array<{ image_url: string }> };
    expect(q.results[0]!.image_url.startsWith(`${mock.apiBaseUrl}/archive/imagery/infrared/`)).toBe(true);
    const img = await fetch(q.results[0]!.image_url);
    expect(img.headers.get('Content-Type')).toBe('image/jpeg');
    expect((await fetch(`${mock.legacyBaseUrl}/api/imagery/visible/query?site=OKCF&vnum=311290&limit=1`)).status).toBe(200);
  });

  it('answers CORS preflights and exposes only the headers the documents promise', async () => {
    const pre = await fetch(`${mock.platformBaseUrl}/api/access/v1/oauth/token`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:4173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('Access-Control-Allow-Headers')).toMatch(/Authorization/);

    const plain = await fetch(`${mock.apiBaseUrl}/api/seismic/sites`);
    expect(plain.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(plain.headers.get('Access-Control-Expose-Headers')).toBeNull();

    await mock.control({ action: 'rateLimits', enabled: true, scale: 0.01, retryAfterHeader: true });
    await fetch(`${mock.apiBaseUrl}/health`);
    const limited = await fetch(`${mock.apiBaseUrl}/health`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Access-Control-Expose-Headers')).toBe('Retry-After');

    await mock.control({ action: 'fault', fault: { match: '/event-types', kind: 'rate-limit', times: 1 } });
    const p = await fetch(`${mock.platformBaseUrl}/api/audit/v4/audits/event-types`);
    expect(p.headers.get('Access-Control-Expose-Headers')).toBe(
      'Retry-After, ot-period, ot-ratelimit-event-id, ot-request-made, ot-requests-allowed',
    );

    const zip = await fetch(`${mock.apiBaseUrl}/api/imagery/q?download=true&limit=1`);
    expect(zip.headers.get('Access-Control-Expose-Headers')).toBe('Content-Disposition');
  });

  it('counts the budget by the socket address, not by a header a client sends', async () => {
    await mock.control({ action: 'reset' });
    await mock.control({ action: 'rateLimits', enabled: true, scale: 0.02 });
    const as = (ip: string) => fetch(`${mock.apiBaseUrl}/api/seismic/sites`, { headers: { [CLIENT_IP_HEADER]: ip } });
    expect((await as('10.0.0.1')).status).toBe(200);
    const r = await as('10.0.0.2');
    expect(r.status).toBe(429);
    expect(await r.json()).toEqual({ error: '1 per 1 minute' });
  });

  it('rejects a control body it does not understand', async () => {
    await expect(mock.control({ action: 'teleport' })).rejects.toThrow(/HTTP 400/);
  });
});
