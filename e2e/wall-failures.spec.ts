import type { Page } from '@playwright/test';
import { test, expect, openApp, mockControl, atCalmInstant } from './fixtures';
import { expectLastDataInView } from './wall-fixtures';

// A calm demo unless a test plays a scene: the tiles' layout is asserted with nothing to flag.
test.beforeEach(({ page }) => atCalmInstant(page));

/**
 * The wall names what failed: which endpoint, how (the status the service answered, or no answer),
 * since when, and what is still current. "Connection lost" only when nothing answers.
 */

async function openWall(page: Page) {
  await page.setViewportSize({ width: 1920, height: 1080 });
  // refresh=6 (the budget floor): a failure shows within a refresh round.
  await openApp(page, '/wall?refresh=6&theme=dark');
  await expect(
    page
      .getByRole('article', { name: 'Poás' })
      .getByText(/^[\d,]+ counts$/)
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('article', { name: 'Okmok' }).getByRole('img', { name: /image from/ })).toBeVisible();
}

const banner = (page: Page) => page.locator('.wall-banner');

test('an RSAM endpoint answering 500 is named as failing RSAM, not unreachable, and the images stay current', async ({
  page,
}) => {
  await openWall(page);
  await mockControl(page, { action: 'fault', fault: { match: '/api/seismic/rsam', kind: 'status', status: 500 } });
  await expect(banner(page)).toHaveText(
    /^RSAM failing since \d\d:\d\d UTC: the service answers 500 \(every channel\)\. Images still updating\./,
  );
  await expect(banner(page)).toHaveAttribute('role', 'alert');
  for (const name of ['Cleveland', 'Poás', 'Villarrica']) {
    const tile = page.getByRole('article', { name });
    await expect(tile).toHaveAttribute('data-status', 'failing');
    await expect(tile.locator('.wall-tile__status-label')).toHaveText('RSAM failing');
    // Read in full; shown in one short line, the banner saying it in full (the cameras keep their room).
    await expect(tile.getByRole('alert')).toHaveText(/^RSAM failing since \d\d:\d\d UTC: the service answers 500\.$/);
    await expect(tile.locator('.wall-tile__failure')).toContainText('Images current.');
    await expect(tile.locator('.wall-tile__failure-short')).toBeVisible();
    await expect(tile.locator('.wall-tile__failure-short')).toHaveText(/^RSAM: HTTP 500 since \d\d:\d\d UTC$/);
    // The images are shown (a crowded tile may keep only their captions), not marked stale; the
    // last RSAM stays with its value.
    await expect(tile.getByRole('img', { name: /image from/, includeHidden: true }).first()).toBeAttached();
    await expect(tile.locator('figcaption').first()).toContainText(/ ago$/);
    await expect(tile.locator('figcaption.wall-stale')).toHaveCount(0);
    await expect(tile.getByText(/^[\d,]+ counts$/).first()).toBeVisible();
  }
  // Cleveland's header takes two lines beside its two channels: its cameras keep their captions
  // with the ages, their frames where a thumbnail would be cut.
  await expect(page.getByRole('article', { name: 'Cleveland' }).locator('figcaption').first()).toBeVisible();
  for (const name of ['Poás', 'Villarrica'])
    await expect(
      page
        .getByRole('article', { name })
        .getByRole('img', { name: /image from/ })
        .first(),
    ).toBeVisible();
  // Camera-only volcanoes are untouched.
  await expect(page.getByRole('article', { name: 'Okmok' })).toHaveAttribute('data-status', 'ok');
  await expect(page.getByText(/Service unreachable|Connection lost/)).toHaveCount(0);
  await expect(page.locator('[data-status="unreachable"]')).toHaveCount(0);
  // The failure lines take their room from the cameras: every line and latest value still whole.
  await expectLastDataInView(page);
  await page.screenshot({ path: test.info().outputPath('wall-rsam-500.png') });
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectLastDataInView(page);
  await page.screenshot({ path: test.info().outputPath('wall-rsam-500-1440x900.png') });
});

test('every request answered 500 is data failing everywhere, not a lost connection', async ({ page }) => {
  await openWall(page);
  await mockControl(page, { action: 'fault', fault: { match: '/api/', kind: 'status', status: 500 } });
  await expect(banner(page)).toHaveText(
    /^RSAM failing since \d\d:\d\d UTC: the service answers 500 \(every channel\)\. Images failing since \d\d:\d\d UTC: the service answers 500 \(every camera\)\. Nothing is updating\./,
  );
  await expect(page.getByRole('article', { name: 'Cleveland' }).locator('.wall-tile__status-label')).toHaveText(
    'All data failing',
  );
  await expect(page.getByRole('article', { name: 'Okmok' }).locator('.wall-tile__status-label')).toHaveText(
    'Images failing',
  );
  await expect(page.getByText(/Connection lost|Service unreachable/)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('wall-all-500.png') });
});

test('no answer on every endpoint is a lost connection', async ({ page }) => {
  await openWall(page);
  await mockControl(page, { action: 'fault', fault: { match: '/api/', kind: 'network' } });
  await expect(banner(page)).toHaveText(
    /^Connection lost since \d\d:\d\d UTC: no answer from the service to any request\. Showing the last data received/,
  );
  const cleveland = page.getByRole('article', { name: 'Cleveland' });
  await expect(cleveland).toHaveAttribute('data-status', 'unreachable');
  await expect(cleveland.locator('.wall-tile__status-label')).toHaveText('Service unreachable');
  // The banner says it for every tile; each tile's line is read, naming its endpoints.
  await expect(cleveland.getByRole('alert')).toHaveText(
    /^RSAM failing since \d\d:\d\d UTC: no answer from the service\. Images failing since \d\d:\d\d UTC: no answer from the service\.$/,
  );
  await page.screenshot({ path: test.info().outputPath('wall-network.png') });
});
