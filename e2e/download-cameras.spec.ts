/**
 * A sampled download of every camera of one volcano in one step (issue 41): sampling needs a site,
 * so it is one ZIP per camera, queued one after another, said before it starts; each ZIP has its own
 * progress and error, and a failure of one loses none of the others.
 */
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import type { Download } from '@playwright/test';
import { test, expect, openOnServer } from './download-server';

const SPAN = '/volcano/383010?from=2025-03-01&to=2025-03-07&span=2025-03-03T00:00:00Z/2025-03-04T00:00:00Z';

test('hourly frames of both Cumbre Vieja cameras: one ZIP per camera, a failed one retried alone', async ({
  page,
  mockServer,
}, testInfo) => {
  test.setTimeout(120_000);
  await openOnServer(page, mockServer, SPAN);
  await page.getByRole('button', { name: 'Download infrared images…' }).click();
  const dlg = page.getByTestId('span-download-dialog');
  await dlg.getByLabel('Sampling').selectOption('hourly');
  await expect(dlg.getByLabel('Camera site')).toHaveValue('*');
  await expect(dlg.getByRole('row', { name: /^CV01/ })).toContainText('24');
  await expect(dlg.getByRole('row', { name: /^CV02/ })).toContainText('24');
  const notice = dlg.getByTestId('zip-split-notice');
  await expect(notice).toContainText('This will be 2 ZIP files, one per camera, downloaded one after another:');
  await expect(notice.getByRole('listitem')).toHaveText([
    'ZIP 1: CV01 — 24 images, about 6.0 MB',
    'ZIP 2: CV02 — 24 images, about 6.0 MB',
  ]);
  await dlg.screenshot({ path: testInfo.outputPath('cameras-before.png') });

  // The first camera's ZIP fails once; the second is downloaded all the same.
  await mockServer.control({
    action: 'fault',
    fault: {
      match: '/api/imagery/q',
      query: { download: 'true', site: 'CV01' },
      kind: 'status',
      status: 503,
      times: 1,
    },
  });
  const downloads: Download[] = [];
  // The ZIPs only: each is followed by its list of images (a .csv) once saved.
  page.on('download', (d) => d.suggestedFilename().endsWith('.zip') && downloads.push(d));
  await dlg.getByRole('button', { name: 'Download 48 images as 2 ZIP files' }).click();
  const parts = dlg.getByTestId('zip-part');
  await expect(parts.nth(0)).toHaveText('ZIP 1 of 2 — CV01: failed: The service failed while preparing the ZIP (503)');
  await expect(parts.nth(1)).toHaveText(
    /^ZIP 2 of 2 — CV02: saved as cumbre-vieja_CV02_infrared_2025-03-03T\S+_2-of-2\.zip \([\d.]+ MB\) with its list of images, cumbre-vieja_CV02_infrared_2025-03-03T\S+_2-of-2_manifest\.csv$/,
  );
  const alert = dlg.getByRole('alert');
  await expect(alert).toContainText('ZIP 1 of 2 failed: The service failed while preparing the ZIP (503)');
  await expect(alert).toContainText(
    '1 of 2 ZIP files were saved and stay saved; retrying downloads the one not saved.',
  );
  await dlg.screenshot({ path: testInfo.outputPath('cameras-failure.png') });
  expect(downloads).toHaveLength(1);

  await alert.getByRole('button', { name: 'Retry ZIP 1' }).click();
  await expect(dlg.getByText('All 2 ZIP files are complete.', { exact: false })).toBeVisible();
  await expect(parts.nth(0)).toHaveText(/^ZIP 1 of 2 — CV01: saved as cumbre-vieja_CV01_infrared_.*_1-of-2\.zip/);
  expect(downloads).toHaveLength(2);
  // One camera per ZIP, every hour of the day.
  const sitesIn = async (d: Download) =>
    Object.keys(unzipSync(new Uint8Array(readFileSync(await d.path())))).map((n) => n.split('/')[3]);
  expect(await sitesIn(downloads[0]!)).toEqual(Array(24).fill('CV02'));
  expect(await sitesIn(downloads[1]!)).toEqual(Array(24).fill('CV01'));
});
