import { test, expect, openApp } from './fixtures';

/** The `<dd>` beside a `<dt>` of the settings page's description list. */
const detail = (page: import('@playwright/test').Page, term: string) =>
  page
    .locator('dl')
    .getByRole('definition')
    .filter({ has: page.locator(`xpath=preceding-sibling::dt[1][.="${term}"]`) });

test('settings: the deployment, its health, the budgets and zones; a theme chosen there survives a reload and applies everywhere', async ({
  page,
  consoleErrors,
}) => {
  await openApp(page, '/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  // What public/config.json says, and the demo service's own answers to /health and /.
  await expect(detail(page, 'Main service')).toHaveText('/demo-api');
  await expect(detail(page, 'Legacy v1 host')).toHaveText('/demo-legacy');
  await expect(detail(page, 'Platform API')).toHaveText('/demo-platform');
  await expect(detail(page, 'Data')).toHaveText('Built-in demo data (mock: true in config.json)');
  // /health's body is not documented: the page shows its status field and the body as it came.
  const health = page.getByTestId('service-answer-health');
  await expect(health.getByRole('paragraph')).toContainText(
    /^healthy \(HTTP 200\) · application\/json · received \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/,
  );
  await expect(health.getByLabel('Health: body')).toContainText('"database": "connected"');

  // The budgets the app keeps, as the service documents them (docs/service.md 01 §8).
  for (const [endpoint, limit] of [
    ['/api/seismic/rsam', '100'],
    ['/api/seismic/sites', '60'],
    ['/api/imagery/q', '100'],
    ['/api/imagery/dates/range', '60'],
  ] as const) {
    // Endpoint, the host it is counted for, requests a minute, and where the figure comes from.
    const name = new RegExp(`^${endpoint.replace(/[/.]/g, '\\$&')} \\S+ ${limit} documented$`);
    await expect(page.getByRole('row', { name })).toBeVisible();
  }
  // Every camera site with its zone and its local time, which names the zone.
  await expect(
    page.getByRole('row', { name: /^VPMI Poás America\/Costa_Rica \d{4}-\d\d-\d\d \d\d:\d\d (CST|GMT-6)$/ }),
  ).toBeVisible();
  await expect(page.getByRole('row', { name: /^RKPI Villarrica America\/Santiago / })).toBeVisible();

  // Theme: dark by default; Light applies at once, survives a reload and holds on other views.
  const dark = page.getByRole('radio', { name: 'Dark (wall displays, control rooms)' });
  const light = page.getByRole('radio', { name: 'Light' });
  await expect(dark).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await light.check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(light).toBeChecked();
  await expect(dark).not.toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

  await openApp(page, '/seismic');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('button', { name: 'Dark theme' })).toBeVisible();

  // And back: the header's toggle and the settings page are one setting.
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await openApp(page, '/settings');
  await expect(dark).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(consoleErrors).toEqual([]);
});
