/**
 * A service that puts at most N images in one ZIP (the documents state no cap): a bigger download
 * becomes several ZIPs by span of time, said before it starts, or offered after a 413. The saved
 * ZIPs together hold every image of the range, none twice.
 */
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import type { Download, Page } from '@playwright/test';
import { test, expect, openOnServer, zipKnobs, type MockServer } from './download-server';

/** Every image id the mock lists for the imagery query `params`, oldest first. */
async function mockIds(server: MockServer, params: Record<string, string>): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const q = new URLSearchParams({ ...params, order: 'asc', limit: '200', page: String(page) });
    const res = await fetch(`${server.apiBaseUrl}/api/imagery/q?${q}`);
    expect(res.ok).toBe(true);
    const body = (await res.json()) as { results: { image_id: string }[]; pagination: { has_next: boolean } };
    ids.push(...body.results.map((r) => r.image_id));
    if (!body.pagination.has_next) return ids;
  }
}

/** Collects the page's ZIP downloads as they start (each saved one is followed by its .csv list of images). */
function downloadsOf(page: Page): Download[] {
  const seen: Download[] = [];
  page.on('download', (d) => d.suggestedFilename().endsWith('.zip') && seen.push(d));
  return seen;
}

/** The image ids inside each saved ZIP. */
async function idsInZips(downloads: Download[]): Promise<string[][]> {
  return Promise.all(
    downloads.map(async (d) =>
      Object.keys(unzipSync(new Uint8Array(readFileSync(await d.path())))).map((n) =>
        n.replace(/^.*\//, '').replace(/\.jpg$/, ''),
      ),
    ),
  );
}

const ALL_SITES = {
  imageType: 'visible',
  vnum: '357120',
  datefrom: '20250101120000',
  dateto: '20250101155959',
  freq: 'all',
};

test('over the configured cap: the dialog says the spans before it starts, and the ZIPs hold every image once', async ({
  page,
  mockServer,
}, testInfo) => {
  test.setTimeout(120_000);
  // The service's own cap, and the deployment configured to match it.
  await zipKnobs(mockServer, { maxImages: 40 });
  await openOnServer(page, mockServer, `/imagery?${new URLSearchParams({ ...ALL_SITES, limit: '20' })}`, {
    downloadMaxImages: 40,
  });
  const expected = await mockIds(mockServer, ALL_SITES);
  expect(expected.length).toBeGreaterThan(80);
  const files = Math.ceil(expected.length / 40);

  await page.getByRole('button', { name: 'Download all matching…' }).click();
  const dialog = page.getByTestId('download-dialog');
  const notice = dialog.getByTestId('zip-split-notice');
  await expect(notice).toContainText(
    `${expected.length} images is more than the service will put in one ZIP (cap 40); this will be ${files} ZIP files, each a span of time:`,
  );
  await expect(notice.getByRole('listitem')).toHaveCount(files);
  await expect(notice.getByRole('listitem').first()).toHaveText(
    /^ZIP 1: 2025-01-01 12:00:00 to \d\d:\d\d:\d\d UTC — 40 images, about 10\.0 MB$/,
  );
  await dialog.screenshot({ path: testInfo.outputPath('split-notice.png') });

  const downloads = downloadsOf(page);
  await dialog.getByRole('button', { name: `Download ${expected.length} images as ${files} ZIP files` }).click();
  await expect(dialog.getByText(`All ${files} ZIP files are complete.`, { exact: false })).toBeVisible({
    timeout: 60_000,
  });
  expect(downloads.map((d) => d.suggestedFilename())).toEqual(
    Array.from({ length: files }, (_, i) =>
      expect.stringMatching(new RegExp(`^villarrica_all-sites_visible_\\S+_${i + 1}-of-${files}\\.zip$`)),
    ),
  );
  const inZips = await idsInZips(downloads);
  for (const ids of inZips) expect(ids.length).toBeLessThanOrEqual(40);
  expect(inZips.flat().sort()).toEqual([...expected].sort());
});

test('a 413 after confirming offers the split instead of a dead end: the cap its body names, every image once', async ({
  page,
  mockServer,
}, testInfo) => {
  test.setTimeout(120_000);
  await zipKnobs(mockServer, { maxImages: 30 });
  const hourly = {
    imageType: 'visible',
    site: 'RKPI',
    vnum: '357120',
    datefrom: '20250101000000',
    dateto: '20250103235959',
    freq: 'hourly',
  };
  await openOnServer(page, mockServer, `/imagery?${new URLSearchParams({ ...hourly, limit: '20' })}`);
  const expected = await mockIds(mockServer, hourly);
  expect(expected).toHaveLength(72);

  await page.getByRole('button', { name: 'Download all matching…' }).click();
  const dialog = page.getByTestId('download-dialog');
  const downloads = downloadsOf(page);
  // Configured for 2,000: one ZIP, until the service refuses it.
  await dialog.getByRole('button', { name: 'Download 72 images', exact: true }).click();
  await expect(dialog.getByRole('alert').first()).toContainText(
    'The download failed: The service refused: the download is too large (413)',
  );
  const notice = dialog.getByTestId('zip-split-notice');
  await expect(notice).toContainText(
    'The service’s answer names a cap of 30 images a ZIP. 72 images is more than the service will put in one ZIP (cap 30, learned from its refusal); this will be 3 ZIP files, each a span of time:',
  );
  await expect(notice.getByRole('listitem')).toHaveText([
    'ZIP 1: UTC day 2025-01-01 — 24 images, about 6.0 MB',
    'ZIP 2: UTC day 2025-01-02 — 24 images, about 6.0 MB',
    'ZIP 3: UTC day 2025-01-03 — 24 images, about 6.0 MB',
  ]);
  await dialog.screenshot({ path: testInfo.outputPath('after-413.png') });
  expect(downloads).toHaveLength(0);

  await dialog.getByRole('button', { name: 'Download as 3 ZIP files' }).click();
  await expect(dialog.getByText('All 3 ZIP files are complete.', { exact: false })).toBeVisible({ timeout: 60_000 });
  const inZips = await idsInZips(downloads);
  expect(inZips.map((z) => z.length)).toEqual([24, 24, 24]);
  expect(inZips.flat().sort()).toEqual([...expected].sort());

  // Remembered for the session: the next download of this range is split before it starts.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Download all matching…' }).click();
  await expect(page.getByTestId('zip-split-notice')).toContainText('(cap 30, learned from its refusal)');
});

test('download=selected refused with 413: the ids are offered again in smaller ZIPs, every image once', async ({
  page,
  mockServer,
}) => {
  await zipKnobs(mockServer, { maxImages: 2 });
  await openOnServer(
    page,
    mockServer,
    '/imagery?imageType=visible&site=RKPI&vnum=357120&datefrom=20250101000000&dateto=20250101235959&freq=hourly&limit=20',
  );
  const cards = page.getByTestId('image-card');
  await expect(cards).toHaveCount(20);
  const ids: string[] = [];
  for (const i of [0, 3, 7]) {
    ids.push((await cards.nth(i).getAttribute('data-image-id'))!);
    await cards.nth(i).getByRole('checkbox').click();
  }
  await page.getByRole('button', { name: 'Download selected…' }).click();
  const dialog = page.getByTestId('download-dialog');
  const downloads = downloadsOf(page);
  await dialog.getByRole('button', { name: 'Download 3 selected' }).click();
  const notice = dialog.getByTestId('zip-split-notice');
  await expect(notice).toContainText(
    'The service’s answer names a cap of 2 images a ZIP. This will be 2 ZIP files of up to 2 images each:',
  );
  await dialog.getByRole('button', { name: 'Download as 2 ZIP files' }).click();
  await expect(dialog.getByText('All 2 ZIP files are complete.', { exact: false })).toBeVisible();
  expect((await idsInZips(downloads)).flat().sort()).toEqual([...ids].sort());
});
