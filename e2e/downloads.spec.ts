import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { unzipSync } from 'fflate';
import type { Download, Page } from '@playwright/test';
import { test, expect, openOnServer, zipKnobs } from './download-server';
import { test as demoTest, openApp } from './fixtures';
import { chromiumProcesses, chromiumRss } from './chromium-memory';
import { manifestRows } from './manifest-rows';

const MB = 1_048_576;

/** Entry names from a ZIP's central directory, read from the end of the file without loading it. */
function zipDirectory(path: string): { names: string[]; size: number } {
  const size = statSync(path).size;
  const fd = openSync(path, 'r');
  try {
    const end = Buffer.alloc(22);
    readSync(fd, end, 0, 22, size - 22);
    expect(end.readUInt32LE(0), 'end-of-archive record').toBe(0x06054b50);
    const count = end.readUInt16LE(10);
    const cdSize = end.readUInt32LE(12);
    const cdOffset = end.readUInt32LE(16);
    expect(cdOffset + cdSize + 22, 'the archive is complete').toBe(size);
    const cd = Buffer.alloc(cdSize);
    readSync(fd, cd, 0, cdSize, cdOffset);
    const names: string[] = [];
    for (let p = 0; names.length < count;) {
      expect(cd.readUInt32LE(p)).toBe(0x02014b50);
      const n = cd.readUInt16LE(p + 28);
      names.push(cd.toString('utf8', p + 46, p + 46 + n));
      p += 46 + n + cd.readUInt16LE(p + 30) + cd.readUInt16LE(p + 32);
    }
    const head = Buffer.alloc(4);
    readSync(fd, head, 0, 4, 0);
    expect(head.readUInt32LE(0)).toBe(0x04034b50);
    return { names, size };
  } finally {
    closeSync(fd);
  }
}

const ONE_DAY_HOURLY =
  '/imagery?imageType=visible&site=RKPI&vnum=357120&datefrom=20250101000000&dateto=20250101235959&freq=hourly&limit=20';

async function openDownloadAll(page: Page) {
  await page.getByRole('button', { name: 'Download all matching…' }).click();
  const dialog = page.getByTestId('download-dialog');
  await expect(dialog.getByTestId('estimate-count')).toHaveText(/^\d+$/);
  const count = Number(await dialog.getByTestId('estimate-count').textContent());
  return { dialog, count, button: dialog.getByRole('button', { name: `Download ${count} images` }) };
}

// The download worker moves the bytes through one reused buffer under headers of its own
// (public/download-sw/sw.js): a new buffer per chunk grew a renderer by 270 MB per GB.
test('a 1 GB ZIP goes to disk through the browser: memory stays flat, the file complete', async ({
  page,
  mockServer,
}) => {
  // A gigabyte through a browser on a shared two-core machine.
  test.setTimeout(600_000);
  await zipKnobs(mockServer, { targetBytes: 1024 * MB });
  await openOnServer(page, mockServer, ONE_DAY_HOURLY);
  const { dialog, count, button } = await openDownloadAll(page);
  expect(count).toBeGreaterThan(10);

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const heap = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'JSHeapUsedSize')!.value;
  await cdp.send('HeapProfiler.collectGarbage');
  const procs0 = chromiumProcesses();
  const rss0 = chromiumRss(procs0);
  const heap0 = await heap();
  let rssMax = rss0;
  let procsAtMax = procs0;
  let heapMax = heap0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const procs = chromiumProcesses();
      const rss = chromiumRss(procs);
      if (rss > rssMax) [rssMax, procsAtMax] = [rss, procs];
      heapMax = Math.max(heapMax, await heap().catch(() => 0));
      await new Promise((r) => setTimeout(r, 1000));
    }
  })();

  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  // Requested by the download worker, which serves it to the browser counted, with progress.
  expect(download.url()).toContain('/download-sw/');
  await expect(dialog.getByTestId('zip-progress')).toContainText(/ of 1\.0 GB — \d+ %/);
  await expect(
    dialog.getByText(
      /^Saved villarrica_RKPI_visible_\S+\.zip \(1\.0 GB\) with its list of images, \S+_manifest\.csv to your downloads\.$/,
    ),
  ).toBeVisible({ timeout: 300_000 });
  const path = await download.path();
  sampling = false;
  await sampler;

  // zipDirectory checks the archive ends where its end record says: nothing missing.
  const { names, size } = zipDirectory(path);
  expect(size).toBeGreaterThan(1000 * MB);
  expect(names).toHaveLength(count);
  for (const n of names)
    expect(n).toMatch(/^volcano_images_visible_RKPI_\d{8}_\d{6}\/visible\/357120\/RKPI\/[^/]+\.jpg$/);
  const grewMb = (rssMax - rss0) / MB;
  const heapMb = (heapMax - heap0) / MB;
  test.info().annotations.push({
    type: 'memory',
    description: `Chromium RSS ${(rss0 / MB).toFixed(0)} → max ${(rssMax / MB).toFixed(0)} MB (+${grewMb.toFixed(0)} MB: ${[
      ...procsAtMax,
    ]
      .map(([pid, p]) => `${p.type} +${((p.rss - (procs0.get(pid)?.rss ?? 0)) / MB).toFixed(0)}`)
      .join(', ')}); page JS heap +${heapMb.toFixed(1)} MB; file ${(size / MB).toFixed(0)} MB`,
  });
  console.log(test.info().annotations.at(-1)!.description);
  expect(grewMb).toBeLessThan(200);
  expect(heapMb).toBeLessThan(50);
});

for (const unsized of [false, true])
  test(`cancel mid-download${unsized ? ', size unknown' : ''}: the partial file is dropped and the dialog says so`, async ({
    page,
    mockServer,
  }) => {
    test.setTimeout(180_000);
    // The mock holds the ZIP at 20 MB, as a stalled connection would, so it is still running when
    // Cancel is pressed (a whole 250 MB once arrived before the click, on a quiet machine). Without a
    // length, only an error (not an early end) tells the browser the file is incomplete.
    await zipKnobs(mockServer, { targetBytes: 250 * MB, stallAfterBytes: 20 * MB, unsized });
    await openOnServer(page, mockServer, ONE_DAY_HOURLY);
    const { dialog, button } = await openDownloadAll(page);
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    await expect(dialog.getByTestId('zip-progress')).toContainText(
      unsized ? /^[1-9][\d.]* MB of about [\d.]+ MB \(estimate\)/ : /[1-9][\d.]* MB of 250\.0 MB/,
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog.getByText('Download cancelled; nothing of the unfinished file was kept.')).toBeVisible();
    expect(await download.failure()).not.toBeNull();
    await expect(dialog.getByText(/^Saved/)).toBeHidden();
    // Ready to start again.
    await expect(button).toBeEnabled();
  });

async function selectThree(page: Page): Promise<string[]> {
  const cards = page.getByTestId('image-card');
  await expect(cards).toHaveCount(20);
  const ids: string[] = [];
  for (const i of [0, 3, 7]) {
    ids.push((await cards.nth(i).getAttribute('data-image-id'))!);
    await cards.nth(i).getByRole('checkbox').click();
  }
  await expect(page.getByText('3 selected')).toBeVisible();
  return ids;
}

const entryIds = async (d: Download) =>
  Object.keys(unzipSync(new Uint8Array(readFileSync(await d.path()))))
    .map((n) =>
      n
        .split('/')
        .pop()!
        .replace(/\.jpg$/, ''),
    )
    .sort();

test('a 503, then a connection lost mid-way: each said in the dialog, the selection kept, retry is one click', async ({
  page,
  mockServer,
}) => {
  test.setTimeout(180_000);
  await openOnServer(page, mockServer, ONE_DAY_HOURLY);
  const ids = await selectThree(page);
  await mockServer.control({
    action: 'fault',
    fault: { match: '/api/imagery/q', query: { download: 'selected' }, kind: 'status', status: 503, times: 1 },
  });
  await page.getByRole('button', { name: 'Download selected…' }).click();
  const dialog = page.getByTestId('download-dialog');
  await dialog.getByRole('button', { name: 'Download 3 selected' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('The download failed: The service failed while preparing the ZIP (503)');
  await expect(dialog.getByText('3 selected images, across pages and filters.')).toBeVisible();

  // Next: the answer starts, then the connection drops after 10 MB of 40.
  await zipKnobs(mockServer, { targetBytes: 40 * MB, cutAfterBytes: 10 * MB, times: 1 });
  const [broken] = await Promise.all([
    page.waitForEvent('download'),
    alert.getByRole('button', { name: 'Retry' }).click(),
  ]);
  await expect(alert).toContainText('The connection was lost during the download');
  expect(await broken.failure()).not.toBeNull();
  await expect(dialog.getByText('3 selected images, across pages and filters.')).toBeVisible();

  const [ok] = await Promise.all([page.waitForEvent('download'), alert.getByRole('button', { name: 'Retry' }).click()]);
  await expect(dialog.getByText(/^Saved \S+_visible_\S+\.zip \(40\.0 MB\)/)).toBeVisible();
  expect(await entryIds(ok)).toEqual([...ids].sort());
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('3 selected')).toBeVisible();
});

demoTest('the volcano evidence pack: the span’s infrared frames as one ZIP', async ({ page, consoleErrors }) => {
  demoTest.setTimeout(180_000);
  const span = '2025-03-03T04:00:00Z/2025-03-03T06:00:00Z';
  await openApp(page, `/volcano/345040?from=2025-03-01&to=2025-03-07&span=${span}`);
  await page.getByRole('button', { name: 'Download infrared images…' }).click();
  const dlg = page.getByTestId('span-download-dialog');
  await expect(dlg.getByTestId('span-estimate-count')).toHaveText(/^\d+$/);
  const count = Number(await dlg.getByTestId('span-estimate-count').textContent());
  expect(count).toBeGreaterThan(10);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dlg.getByRole('button', { name: `Download ${count} images` }).click(),
  ]);
  const names = Object.keys(unzipSync(new Uint8Array(readFileSync(await download.path()))));
  expect(names).toHaveLength(count);
  for (const n of names) {
    // <root>/<type>/<vnum>/<site>/<id>.jpg, ids `vnum.SITE.yyyy.doy_hhmmss-nnnn`: day 062 is 3 March.
    const m =
      /^volcano_images_infrared_all_\d{8}_\d{6}\/infrared\/345040\/([A-Z0-9]+)\/345040\.\1\.2025\.062_(\d{6})-\d{4}\.jpg$/.exec(
        n,
      );
    expect(m, n).not.toBeNull();
    expect(m![2]! >= '040000' && m![2]! <= '060000', n).toBe(true);
  }
  // Named by volcano, sites, type and span; its list of images saved beside it, a row per entry.
  const name = 'poas_all-sites_infrared_2025-03-03T04-00Z_2025-03-03T06-00Z';
  expect(download.suggestedFilename()).toBe(`${name}.zip`);
  const manifest = page.waitForEvent('download');
  await expect(dlg.getByText(`Saved ${name}.zip`, { exact: false })).toContainText(
    `with its list of images, ${name}_manifest.csv`,
  );
  const list = await manifest;
  expect(list.suggestedFilename()).toBe(`${name}_manifest.csv`);
  const rows = manifestRows(readFileSync(await list.path(), 'utf8'));
  expect(rows.map((r) => r.file_name).sort()).toEqual(names.map((n) => n.replace(/^[^/]+\//, '')).sort());
  for (const r of rows) {
    expect(r.image_id, r.file_name).toBe(/([^/]+)\.jpg$/.exec(r.file_name)![1]);
    // The id's hhmmss is UTC (the demo's ids): the row's UTC time says the same, and its site time is Costa Rica's.
    const [, hh, mm, ss] = /_(\d\d)(\d\d)(\d\d)-\d{4}$/.exec(r.image_id)!;
    expect(r.utc_time).toBe(`2025-03-03T${hh}:${mm}:${ss}Z`);
    expect(r.local_zone).toBe('UTC-06:00 America/Costa_Rica');
    expect(r.local_time).toBe(`2025-03-02 ${String(Number(hh) - 6 + 24).padStart(2, '0')}:${mm}:${ss}`);
    expect(r.flags).toMatch(/^is_empty=(yes|no); is_degraded=(yes|no); low_visibility=(yes|no)$/);
  }
  expect(consoleErrors).toEqual([]);
});
