import type { Page } from '@playwright/test';
import { test, expect, openOnServer } from './server-fixtures';

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
