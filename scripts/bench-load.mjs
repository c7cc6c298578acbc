#!/usr/bin/env node
/* global document */
// First render and largest contentful paint of /seismic in headless Chromium, with the production
// build (mock: false) pointed at `npm run mock:server`, as a deployment would be.
import { chromium } from '@playwright/test';
import { benchLine, copyBuildWithBases, launchBrowser, median, mockBases, serverGroup, waitFor } from './bench-lib.mjs';

const DIST = process.env.BENCH_DIST ?? '.bench/dist';
const LOAD_DIST = '.bench/load-dist';
const MOCK_PORT = 8897;
const WEB_PORT = 4397;

const { start, stop } = serverGroup();

copyBuildWithBases(DIST, LOAD_DIST, mockBases(MOCK_PORT));

start(['tsx', 'mocks/server.ts', '--port', String(MOCK_PORT)]);
// Served on 127.0.0.1 like the mock: Chromium refuses requests from a `localhost` page to another
// loopback address (Private Network Access).
start(['vite', 'preview', '--outDir', LOAD_DIST, '--host', '127.0.0.1', '--port', String(WEB_PORT), '--strictPort']);
await waitFor(`http://127.0.0.1:${MOCK_PORT}/health`);
await waitFor(`http://127.0.0.1:${WEB_PORT}/config.json`);

const browser = await launchBrowser(chromium);
const runs = [];
for (let i = 0; i < 3; i++) {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${WEB_PORT}/seismic?channels=AV.CLCL..BHZ&from=now-7d&to=now`);
  await page.getByTestId('rsam-chart').waitFor({ timeout: 30_000 });
  await page.waitForFunction(
    () => Number(document.querySelector('[data-testid="rsam-chart"]')?.getAttribute('data-points') ?? 0) > 0,
    null,
    { timeout: 30_000 },
  );
  const m = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
        let lcp = NaN;
        new PerformanceObserver((l) => {
          const e = l.getEntries();
          lcp = e[e.length - 1].startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve({ fcp, lcp, chart: performance.now() }), 300);
      }),
  );
  runs.push(m);
  await page.close();
}
await browser.close();
stop();
const fcp = median(runs.map((r) => r.fcp));
const lcp = median(runs.map((r) => r.lcp));
const chart = median(runs.map((r) => r.chart));
const line = (name, v, budget) => benchLine(name, v.toFixed(0), 'ms', `≤ ${budget} ms`, v <= budget);
line('/seismic first contentful paint (median of 3)', fcp, 1500);
line('/seismic largest contentful paint (median of 3)', lcp, 2500);
line('/seismic 7 d chart drawn (median of 3)', chart, 4000);
process.exit(0);
