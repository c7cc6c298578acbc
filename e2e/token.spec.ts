import type { Page } from '@playwright/test';
import { test, expect, openOnServer } from './server-fixtures';
import { startRecordingServer, type RecordingServer } from './recording-server';

/** No token proxy: the page must use a typed-in client, sent the way config.json says. */
const NO_PROXY = { platformTokenProxyUrl: undefined };

async function useClient(page: Page, id = 'demo-client', secret = 'demo-secret') {
  await page.getByLabel('Client id', { exact: true }).fill(id);
  await page.getByLabel('Client secret', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Use these credentials' }).click();
}

function tokenRequests(page: Page) {
  const seen: { auth: string | null; body: string }[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/oauth/token'))
      seen.push({ auth: r.headers()['authorization'] ?? null, body: r.postData() ?? '' });
  });
  return seen;
}

test('token by form fields (the default) against a tenant that takes only form fields', async ({
  page,
  mockServer,
}) => {
  await mockServer.control({ action: 'tokenAuth', mode: 'form' });
  const seen = tokenRequests(page);
  await openOnServer(page, mockServer, '/activity', NO_PROXY);
  await expect(page.getByRole('radio', { name: /form fields/ })).toBeChecked();
  await useClient(page);
  await expect(page.getByText(/^\d+ event types/)).toBeVisible();
  expect(seen[0]?.auth).toBeNull();
  expect(seen[0]?.body).toContain('client_id=demo-client');
  expect(seen[0]?.body).toContain('client_secret=demo-secret');
});

test('token by HTTP Basic when config.json says basic', async ({ page, mockServer }) => {
  await mockServer.control({ action: 'tokenAuth', mode: 'basic' });
  const seen = tokenRequests(page);
  await openOnServer(page, mockServer, '/activity', { ...NO_PROXY, platformTokenAuth: 'basic' });
  await expect(page.getByRole('radio', { name: /HTTP Basic/ })).toBeChecked();
  await useClient(page);
  await expect(page.getByText(/^\d+ event types/)).toBeVisible();
  expect(seen[0]?.auth).toMatch(/^Basic /);
  expect(seen[0]?.body).not.toContain('client_secret');
});

test('a 401 names the method used and suggests the other, which then works', async ({ page, mockServer }) => {
  await mockServer.control({ action: 'tokenAuth', mode: 'basic' });
  await openOnServer(page, mockServer, '/activity', NO_PROXY);
  await useClient(page);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The client id or secret was refused');
  await expect(alert).toContainText('The client was sent as form fields');
  await expect(alert).toContainText('try sending the client as HTTP Basic');
  // The other method, chosen on the page; the id typed in is still there.
  await page.getByRole('radio', { name: /HTTP Basic/ }).check();
  await expect(page.getByLabel('Client id', { exact: true })).toHaveValue('demo-client');
  await useClient(page);
  await expect(page.getByText(/^\d+ event types/)).toBeVisible();
});

test.describe('credentials go only where they were typed for', () => {
  let elsewhere: RecordingServer;
  test.beforeEach(async () => {
    elsewhere = await startRecordingServer();
  });
  test.afterEach(async () => {
    await elsewhere.close();
  });

  test('a token endpoint answering 307 to another host: the id and secret reach nowhere else', async ({
    page,
    mockServer,
  }) => {
    await mockServer.control({
      action: 'fault',
      fault: { match: '/oauth/token', kind: 'redirect', location: `${elsewhere.origin}/steal` },
    });
    const seen = tokenRequests(page);
    await openOnServer(page, mockServer, '/activity', NO_PROXY);
    await useClient(page);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The service redirected the request elsewhere');
    await expect(alert).toContainText('platform OAuth token: the service answered with a redirect');
    await expect(alert).toContainText('nothing was sent to the other address');
    // The token request went once, to the tenant; the other host heard nothing, then or later.
    expect(seen).toHaveLength(1);
    await page.waitForTimeout(1_000);
    expect(elsewhere.requests).toEqual([]);
  });

  test('event types answered with a redirect: the bearer token reaches nowhere else', async ({ page, mockServer }) => {
    await mockServer.control({
      action: 'fault',
      fault: { match: '/event-types', kind: 'redirect', status: 302, location: `${elsewhere.origin}/list` },
    });
    await openOnServer(page, mockServer, '/activity');
    await expect(page.getByRole('alert')).toContainText('The service redirected the request elsewhere');
    await page.waitForTimeout(1_000);
    expect(elsewhere.requests).toEqual([]);
  });

  test('with the token proxy, an edited tenant never receives the deployment’s token', async ({ page, mockServer }) => {
    const proxyAsked: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/token-proxy')) proxyAsked.push(r.url());
    });
    await openOnServer(page, mockServer, '/activity');
    await expect(page.getByText(/^\d+ event types/)).toBeVisible();
    expect(proxyAsked).toHaveLength(1);
    await page.getByLabel('Tenant base URL').fill(elsewhere.origin);
    await page.getByRole('button', { name: 'Apply URL' }).click();
    await expect(
      page.getByText(
        `The deployment's token proxy gets tokens for ${mockServer.platformBaseUrl} only, and the tenant was edited to ${elsewhere.origin}`,
      ),
    ).toBeVisible();
    await expect(page.getByText('only: never sent to the edited one')).toBeVisible();
    await page.waitForTimeout(1_000);
    expect(elsewhere.requests).toEqual([]);
    expect(proxyAsked, 'no new token asked for').toHaveLength(1);
    // Back to config.json's tenant, the proxy's token is used again.
    await page.getByRole('button', { name: 'Use config.json value' }).click();
    await expect(page.getByText(/^\d+ event types/)).toBeVisible();
  });

  test('a typed tenant URL follows config.json’s rule for a base', async ({ page, mockServer }) => {
    await openOnServer(page, mockServer, '/activity', NO_PROXY);
    const field = page.getByLabel('Tenant base URL');
    for (const [typed, why] of [
      ['//evil.example', /must be an http\(s\) URL or a path/],
      ['https://user:pw@tenant.example.com', /without \/\/, spaces, backslashes, user name/],
      ['/', /leaves the base empty/],
      ['/api?x=1', /query or fragment/],
    ] as const) {
      await field.fill(typed);
      await page.getByRole('button', { name: 'Apply URL' }).click();
      await expect(page.getByText(why)).toBeVisible();
      await expect(page.getByText(`In use: ${mockServer.platformBaseUrl} (from config.json)`)).toBeVisible();
    }
    await field.fill(`${elsewhere.origin}/tenant/`);
    await page.getByRole('button', { name: 'Apply URL' }).click();
    await expect(
      page.getByText(`In use: ${elsewhere.origin}/tenant (edited for this session; not saved)`),
    ).toBeVisible();
  });

  test('a changed tenant URL drops the typed secret: nothing goes to the new host until it is typed again', async ({
    page,
    mockServer,
  }) => {
    await openOnServer(page, mockServer, '/activity', NO_PROXY);
    await useClient(page);
    await expect(page.getByText(/^\d+ event types/)).toBeVisible();
    await page.getByLabel('Tenant base URL').fill(elsewhere.origin);
    await page.getByRole('button', { name: 'Apply URL' }).click();
    await expect(page.getByText('so the secret typed for the previous one was dropped')).toBeVisible();
    await expect(page.getByText(`type it again for ${elsewhere.origin}`)).toBeVisible();
    await expect(page.getByLabel('Client id', { exact: true })).toHaveValue('demo-client');
    await expect(page.getByLabel('Client secret', { exact: true })).toHaveValue('');
    await page.waitForTimeout(1_000);
    expect(elsewhere.requests).toEqual([]);
  });
});
