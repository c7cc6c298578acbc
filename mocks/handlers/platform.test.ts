// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { TEST_BASES } from '../node';

const P = TEST_BASES.platformBaseUrl;
const ET = `${P}/api/audit/v4/audits/event-types`;

async function token(id = 'demo-client', secret = 'demo-secret'): Promise<Response> {
  return fetch(`${P}/api/access/v1/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${btoa(`${id}:${secret}`)}` },
    body: 'grant_type=client_credentials&scope=ACTIVITY_LOG',
  });
}
const bearer = async (id?: string) => ((await (await token(id)).json()) as { access_token: string }).access_token;

describe('platform activity log', () => {
  it('issues client-credentials tokens (Basic or form fields) and rejects bad clients and grants', async () => {
    const r = await token();
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'ACTIVITY_LOG' });
    const form = await fetch(`${P}/api/access/v1/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=demo-client&client_secret=demo-secret',
    });
    expect(form.status).toBe(200);
    const bad = await token('demo-client', 'wrong');
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ error: 'invalid_client' });
    const grant = await fetch(`${P}/api/access/v1/oauth/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${btoa('demo-client:demo-secret')}` },
      body: new URLSearchParams({ grant_type: 'password' }),
    });
    expect(grant.status).toBe(400);
    expect(await grant.json()).toMatchObject({ error: 'unsupported_grant_type' });
    for (const path of ['demo-token-proxy', 'token-proxy']) {
      const proxy = await fetch(`${P}/${path}`, { method: 'POST' });
      expect(await proxy.json(), path).toMatchObject({ scope: 'ACTIVITY_LOG', token_type: 'Bearer' });
    }
  });

  it('takes the client only from form fields, only from HTTP Basic, or either, as the tokenAuth knob says', async () => {
    const byForm = () =>
      fetch(`${P}/api/access/v1/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials&client_id=demo-client&client_secret=demo-secret&scope=ACTIVITY_LOG',
      });
    const mode = (m: string) =>
      fetch(`${TEST_BASES.apiBaseUrl}/__mock/control`, { method: 'POST', body: JSON.stringify({ action: 'tokenAuth', mode: m }) });

    expect((await mode('form')).status).toBe(200);
    expect((await byForm()).status).toBe(200);
    const basicRefused = await token();
    expect(basicRefused.status).toBe(401);
    const formErr = (await basicRefused.json()) as { error: string; error_description: string };
    expect(formErr.error).toBe('invalid_client');
    expect(formErr.error_description).toMatch(/client_id and client_secret in the request body/);

    expect((await mode('basic')).status).toBe(200);
    expect((await token()).status).toBe(200);
    const formRefused = await byForm();
    expect(formRefused.status).toBe(401);
    expect(formRefused.headers.get('WWW-Authenticate')).toMatch(/^Basic/);
    expect(await formRefused.json()).toEqual({ error: 'invalid_client', error_description: expect.stringMatching(/HTTP Basic/) as unknown });

    expect((await mode('either')).status).toBe(200);
    expect((await byForm()).status).toBe(200);
    expect((await token()).status).toBe(200);
    expect((await mode('header')).status).toBe(400);
  });

  it('401 without a valid bearer, 403 without the scope', async () => {
    const none = await fetch(ET);
    expect(none.status).toBe(401);
    expect(none.headers.get('WWW-Authenticate')).toBe('Bearer error="invalid_token"');
    expect(await none.json()).toMatchObject({ status: 401 });
    const bogus = await fetch(ET, { headers: { Authorization: 'Bearer nope' } });
    expect(bogus.status).toBe(401);
    const t = await bearer('demo-noscope');
    const forbidden = await fetch(ET, { headers: { Authorization: `Bearer ${t}` } });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ status: 403, message: 'Token lacks required scope ACTIVITY_LOG' });
  });

  it('lists event types and filters by repeated or comma-separated params; unknown module → 400', async () => {
    const h = { Authorization: `Bearer ${await bearer()}` };
    const all = (await (await fetch(ET, { headers: h })).json()) as Array<{ code: number; value: string; objectTypeName: string; moduleName: string }>;
    expect(all.length).toBeGreaterThanOrEqual(55);
    expect(new Set(all.map((e) => e.moduleName)).size).toBe(6);
    const two = (await (await fetch(`${ET}?modules=Users&modules=Security`, { headers: h })).json()) as typeof all;
    expect(new Set(two.map((e) => e.moduleName))).toEqual(new Set(['Users', 'Security']));
    const comma = (await (await fetch(`${ET}?modules=Users,Security&objectTypes=Role`, { headers: h })).json()) as typeof all;
    expect(comma.length).toBeGreaterThan(0);
    expect(comma.every((e) => e.objectTypeName === 'Role')).toBe(true);
    const bad = await fetch(`${ET}?modules=Nope`, { headers: h });
    expect(bad.status).toBe(400);
  });

  it('limits each token to 30 requests a minute with the ot-* headers', async () => {
    const h = { Authorization: `Bearer ${await bearer()}` };
    for (let i = 0; i < 30; i++) expect((await fetch(ET, { headers: h })).status).toBe(200);
    const r = await fetch(ET, { headers: h });
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(r.headers.get('ot-period')).toBe('MINUTE');
    expect(r.headers.get('ot-ratelimit-event-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.headers.get('ot-request-made')).toBe('31');
    expect(r.headers.get('ot-requests-allowed')).toBe('30');
    // Another token has its own budget.
    expect((await fetch(ET, { headers: { Authorization: `Bearer ${await bearer()}` } })).status).toBe(200);
  });
});
