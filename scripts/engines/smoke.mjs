/**
 * What a person sees on every route, in one engine: each test opens a view of the built app against
 * the real-HTTP mock (rate limits on) and asserts the data a person would read there, then that the
 * page logged no error. The in-page checks are plain DOM (scripts/engines/page-helpers.mjs), by the
 * names on screen.
 */
/* global document, window -- the functions handed to evaluate and waitFor run in the page */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { findChannel, forEachRsamPoint } from '../../mocks/data/rsam.ts';

const DAY = 86_400_000;
const isoDay = (t) => new Date(t).toISOString().slice(0, 10);
const compact = (t) => isoDay(t).replace(/-/g, '');

/** Points the mock serves for `id` over whole UTC days `from`..`to` (its own generator). */
function expectedPoints(ids, from, to) {
  let n = 0;
  for (const id of ids) {
    const [net, sta, , cha] = id.split('.');
    forEachRsamPoint(findChannel(net, sta, cha), from, to + DAY - 1, Date.now(), () => n++);
  }
  return n;
}

function assert(ok, message) {
  if (!ok) throw new Error(message);
}

/** A ZIP in `dir` whose name ends .zip and that the browser finished (no .part beside it). */
function finishedZip(dir) {
  const names = readdirSync(dir);
  if (names.some((n) => n.endsWith('.part'))) return null;
  const zip = names.find((n) => n.endsWith('.zip'));
  return zip ? `${dir}/${zip}` : null;
}

export function smokeTests({ mock, downloadDir }) {
  const today = Date.now() - (Date.now() % DAY);
  const yesterday = today - DAY;
  const imageryView = `/imagery?imageType=visible&site=RKPI&vnum=357120&datefrom=${compact(yesterday)}000000&dateto=${compact(yesterday)}235959&freq=hourly&limit=20`;
  const stats = async () => (await (await fetch(`${mock.apiBaseUrl}/__mock/stats`)).json()).requests;

  return [
    {
      name: 'home: each volcano its latest RSAM and image age',
      async run(d) {
        await d.goto('/');
        for (const [volcano, channel] of [
          ['Cleveland', 'AV.CLCL..BHZ'],
          ['Poás', 'OV.VPCC..HHZ'],
          ['Villarrica', 'VC.RKPI..HHZ'],
        ]) {
          await d.waitFor(
            `${volcano}'s latest RSAM and image`,
            (H, volcano, channel) => {
              const list = H.named('[aria-label]', `${volcano}: latest data`);
              if (!list) return null;
              const items = H.all('li', list).map((li) => H.norm(li.textContent));
              const rsam = items.find((t) => t.startsWith(`${channel}: `));
              const image = items.find((t) => /^(Visible|Infrared) \w+: newest image .* ago$/.test(t));
              return rsam && /: [\d,]+ counts at .*UTC · .* ago$/.test(rsam) && image ? [rsam, image] : null;
            },
            { args: [volcano, channel] },
          );
        }
      },
    },
    {
      name: 'seismic: two days of three channels, every point in the chart and its ink on the canvas',
      async run(d) {
        const ids = ['AV.CLCL..BHZ', 'OV.VPCC..HHZ', 'VC.RKPI..HHZ'];
        const to = today - 3 * DAY;
        const from = to - DAY;
        const want = expectedPoints(ids, from, to);
        await d.goto(`/seismic?channels=${ids.join(',')}&from=${isoDay(from)}&to=${isoDay(to)}`);
        const s = await d.waitFor(
          `${want} points drawn`,
          (H, want) => {
            const s = H.rsamChart();
            return s && s.points === want && s.ink > 500 ? s : null;
          },
          { args: [want], timeout: 60_000 },
        );
        const legend = await d.evaluate((H) =>
          H.norm(document.querySelector('[aria-label="Values under the cursor"]')?.textContent),
        );
        for (const id of ids) assert(legend?.includes(id), `the legend names ${id}: ${legend}`);
        return `${s.points} points, ${s.ink} coloured pixels`;
      },
    },
    {
      name: 'seismic: a year of one channel through the parse worker, kept in IndexedDB; a second visit asks the service for none of its days',
      timeout: 240_000,
      async run(d) {
        const id = 'AV.CLCL..BHZ';
        // 365 completed UTC days ending before yesterday: every one may be kept.
        const to = today - 3 * DAY;
        const from = to - 364 * DAY;
        const want = expectedPoints([id], from, to);
        const view = `/seismic?channels=${id}&from=${isoDay(from)}&to=${isoDay(to)}`;
        const before = (await stats()).rsam ?? 0;
        await d.goto(view);
        await d.waitFor(
          `a year's ${want} points`,
          (H, want) => {
            const s = H.rsamChart();
            return s && s.points === want && s.ink > 500;
          },
          { args: [want], timeout: 180_000 },
        );
        const asked = ((await stats()).rsam ?? 0) - before;
        assert(asked > 0, 'the first visit asked the service');
        // Settings reads the store: the year is kept before the second visit.
        await d.click('the Settings link', (H) => H.named('a', 'Settings'));
        const size = await d.waitFor('the RSAM cache size in Settings', () => {
          const t = document.querySelector('[data-testid="rsam-cache-size"]')?.textContent ?? '';
          return /^\d+\.\d MB in [1-9]\d* chunks$/.test(t) ? t : null;
        });
        const again = (await stats()).rsam ?? 0;
        await d.goto(view);
        await d.waitFor(
          `the same ${want} points from the browser's store`,
          (H, want) => {
            const s = H.rsamChart();
            return s && s.points === want && s.ink > 500;
          },
          { args: [want], timeout: 60_000 },
        );
        const refetched = ((await stats()).rsam ?? 0) - again;
        assert(refetched === 0, `the second visit asked the service ${refetched} time(s) for completed days`);
        return `${want} points; ${asked} RSAM requests, then none; cache ${size}`;
      },
    },
    {
      name: 'imagery: a page of 20 cards with their thumbnails loaded',
      async run(d) {
        await d.goto(imageryView);
        const r = await d.waitFor(
          '20 cards, thumbnails loaded',
          (H) => {
            const cards = H.all('[data-testid="image-card"]');
            if (cards.length !== 20) return null;
            const imgs = H.images(document.querySelector('[data-testid="image-grid"]'));
            if (imgs.broken.length) return { broken: imgs.broken };
            // Thumbnails below the fold may wait for a scroll (lazy loading): those on screen must show.
            const onScreen = H.all('[data-testid="image-card"] img').filter(
              (i) => i.getBoundingClientRect().top < window.innerHeight,
            );
            const times = H.all('[data-testid="image-card"] time').map((t) => H.norm(t.textContent));
            return onScreen.length > 0 &&
              onScreen.every((i) => i.complete && i.naturalWidth > 0) &&
              times.every((t) => / UTC$/.test(t))
              ? { loaded: imgs.loaded, onScreen: onScreen.length }
              : null;
          },
          { timeout: 45_000 },
        );
        assert(!r.broken, `thumbnails failed to load: ${r.broken?.join(', ')}`);
        return `${r.loaded} thumbnails loaded`;
      },
    },
    {
      // WebKit: the dialog's words only (MiniBrowser under WebDriver has no downloads folder to read).
      name: 'imagery: the download dialog says the ZIP goes to the downloads folder; in Firefox it lands there complete',
      timeout: 90_000,
      async run(d) {
        await d.goto(imageryView);
        const picker = await d.evaluate(() => typeof window.showSaveFilePicker === 'function');
        assert(!picker, 'Firefox has no showSaveFilePicker: this test is for the fallback');
        await d.click('Download all matching…', (H) => H.named('button', 'Download all matching…'));
        const count = Number(
          await d.waitFor('the estimate', () => {
            const t =
              document.querySelector('[data-testid="download-dialog"] [data-testid="estimate-count"]')?.textContent ??
              '';
            return /^\d+$/.test(t) ? t : null;
          }),
        );
        assert(count > 0, 'images to download');
        const note = await d.waitFor('where the ZIP goes, said in the dialog', (H) =>
          H.all('[data-testid="download-dialog"] [role="note"]')
            .map((n) => H.norm(n.textContent))
            .find((t) => /^This browser saves the ZIP to its downloads folder without asking where/.test(t)),
        );
        if (d.engine !== 'firefox') return note;
        await d.click(
          `Download ${count} images`,
          (H, n) => H.named('[data-testid="download-dialog"] button', `Download ${n} images`),
          count,
        );
        const said = await d.waitFor(
          'the dialog to say the ZIP is saved',
          (H) => {
            const dialog = document.querySelector('[data-testid="download-dialog"]');
            const t = H.norm(dialog?.textContent);
            if (/The download failed[^.]*\./.test(t)) return { failed: /The download failed[^.]*\./.exec(t)[0] };
            return /Saved \S+\.zip \([^)]+\)(?: with its list of images, \S+\.csv)? to your downloads/.exec(t)?.[0] ?? null;
          },
          { timeout: 60_000 },
        );
        assert(!said.failed, said.failed);
        const end = Date.now() + 30_000;
        let file = finishedZip(downloadDir);
        while (!file && Date.now() < end) {
          await new Promise((r) => setTimeout(r, 200));
          file = finishedZip(downloadDir);
        }
        assert(file, `no finished .zip in ${downloadDir}: ${readdirSync(downloadDir).join(', ')}`);
        // Complete: fflate reads the central directory at the end and inflates every entry.
        const entries = Object.entries(unzipSync(new Uint8Array(readFileSync(file)))).filter(([n]) => !n.endsWith('/'));
        assert(entries.length === count, `${entries.length} images in the ZIP, ${count} estimated`);
        // Which of the app's fallbacks saved it: the download worker when the browser lets it register.
        const via = await d.evaluate(async () =>
          (await navigator.serviceWorker?.getRegistrations())?.some((r) => /\/download-sw\/$/.test(r.scope))
            ? 'the download worker'
            : 'an in-memory blob',
        );
        for (const [n, bytes] of entries) assert(bytes[0] === 0xff && bytes[1] === 0xd8, `${n} is a JPEG`);
        // Its list of images lands beside it: a header and one row per image.
        const csv = readdirSync(downloadDir).find((n) => n.endsWith('_manifest.csv'));
        assert(csv, `no manifest.csv beside the ZIP in ${downloadDir}: ${readdirSync(downloadDir).join(', ')}`);
        const rows = readFileSync(`${downloadDir}/${csv}`, 'utf8').trim().split(/\r?\n/).length - 1;
        assert(rows === count, `${rows} rows in ${csv}, ${count} images`);
        return `${said}; ${entries.length} JPEGs, ${statSync(file).size} bytes, through ${via}`;
      },
    },
    {
      name: 'volcano: Poás with its chart and frames of both cameras',
      async run(d) {
        await d.goto('/volcano/345040');
        const r = await d.waitFor(
          'the chart and both frame strips',
          (H) => {
            const h1 = H.norm(document.querySelector('h1')?.textContent);
            const ir = H.named('[aria-label]', 'Infrared frames');
            const vis = H.named('[aria-label]', 'Visible frames');
            const chart = document.querySelector('[data-testid="volcano-chart"] canvas');
            const frames = [ir, vis].map((l) => (l ? H.all('button', l).length : 0));
            const imgs = [ir, vis].map((l) => (l ? H.images(l) : { loaded: 0, broken: [] }));
            return /Poás/.test(h1) &&
              frames.every((n) => n > 0) &&
              imgs.every((i) => i.loaded > 0) &&
              H.ink(chart) > 200
              ? { frames, loaded: imgs.map((i) => i.loaded), broken: imgs.flatMap((i) => i.broken) }
              : null;
          },
          { timeout: 60_000 },
        );
        assert(r.broken.length === 0, `frames failed to load: ${r.broken.join(', ')}`);
        return `frames ${r.frames.join(' + ')}, loaded ${r.loaded.join(' + ')}`;
      },
    },
    {
      name: 'wall: five tiles, every camera image loaded, every seismic tile its sparkline and value',
      async run(d) {
        await d.goto('/wall');
        const r = await d.waitFor(
          'five tiles with data',
          (H) => {
            const tiles = H.all('[data-testid="wall-tile"]');
            if (tiles.length !== 5) return null;
            const per = tiles.map((t) => ({
              name: H.name(t.querySelector('h2, h3') ?? t),
              imgs: H.images(t, 'img[alt*=" image from "]'),
              sparks: H.all('[data-testid="wall-sparkline"]', t).map((s) => H.ink(s.querySelector('canvas'))),
              value: H.all('*', t).some((e) => /^[\d,]+ counts$/.test(H.norm(e.textContent))),
              camerasOnly: /Cameras only/.test(t.textContent),
            }));
            const ok = per.every(
              (p) =>
                p.imgs.count > 0 &&
                p.imgs.loaded === p.imgs.count &&
                (p.camerasOnly || (p.sparks.length > 0 && p.sparks.every((ink) => ink > 50) && p.value)),
            );
            return ok ? per.map((p) => `${p.name}: ${p.imgs.loaded} images, ${p.sparks.length} sparklines`) : null;
          },
          { timeout: 60_000 },
        );
        const seismic = r.filter((x) => !/ 0 sparklines$/.test(x)).length;
        assert(seismic >= 3, `three tiles with sparklines: ${r.join('; ')}`);
        return r.join('; ');
      },
    },
    {
      name: 'activity: a client id and secret typed in list the platform event types',
      async run(d) {
        await d.goto('/activity');
        await d.click('the own-credentials choice', (H) => H.labelled(/My own client id and secret/));
        await d.type('Client id', (H) => H.labelled('Client id'), 'demo-client');
        await d.type('Client secret', (H) => H.labelled('Client secret'), 'demo-secret');
        await d.click('Use these credentials', (H) => H.named('button', 'Use these credentials'));
        const r = await d.waitFor('the event types', (H) => {
          const count = H.all('p, span, div, output').find((e) => /^\d+ event types/.test(H.norm(e.textContent)));
          const rows = H.all('table tbody tr').length;
          const secret = H.labelled('Client secret')?.value;
          return count && rows > 0 ? { count: H.norm(count.textContent), rows, secret } : null;
        });
        assert(r.secret === '', 'the secret field is emptied once used');
        const url = await d.evaluate((H) => H.location());
        assert(!url.includes('secret'), 'the secret stays out of the address');
        return `${r.count} (${r.rows} rows)`;
      },
    },
    {
      name: 'legacy: a v1 query by site and range lists its images with times in UTC',
      async run(d) {
        await d.goto(
          '/legacy?type=infrared&site=CLNE&search_from=2025-03-01T00%3A00&search_to=2025-03-01T12%3A00&limit=50',
        );
        const r = await d.waitFor(
          'the results',
          (H) => {
            const h = H.all('h2, h3')
              .map((e) => H.norm(e.textContent))
              .find((t) => /^\d+ images?$/.test(t));
            const rows = H.all('table tbody tr');
            if (!h || rows.length === 0) return null;
            const cells = H.all('td', rows[0]).map((c) => H.norm(c.textContent));
            return {
              h,
              rows: rows.length,
              utc: cells.find((c) => /^2025-03-0[12] \d\d:\d\d:\d\d UTC$/.test(c)) ?? null,
            };
          },
          { timeout: 45_000 },
        );
        assert(r.utc, 'the first row has its time in UTC');
        return `${r.h}, ${r.rows} rows`;
      },
    },
  ];
}
