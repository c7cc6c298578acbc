#!/usr/bin/env node
/* global document */
// Wall memory benchmark: the wall runs for days, so hours of refreshing must not grow
// memory or the DOM. With Playwright's fake clock, 24 hours of 60 s refreshes are simulated: JS
// heap (after a forced GC) at 24 simulated hours must be within 1.1× the heap at 5 minutes, and
// the DOM element count must stay put.
//
// Runs the demo build (in-page mock service, whose "now" follows the page's clock, so the data
// stays fresh as the simulated time moves). Usage: node scripts/bench-wall.mjs
//   WALL_DIST=<built dist>  reuse a build instead of building into .bench/wall-dist
//   BENCH_MINUTES=1440      simulated duration
import { LAUNCH, benchLine, ensureBuild, serverGroup, waitFor } from './bench-lib.mjs';
import { chromium } from '@playwright/test';

const PORT = Number(process.env.BENCH_WALL_PORT ?? 4393);
const MINUTES = Number(process.env.BENCH_MINUTES ?? 24 * 60);
const BASELINE_MIN = 5;
const HEAP_RATIO_BUDGET = 1.1;
/** Elements may differ by a few (an image swapped for a "no image" note), never grow with time. */
const DOM_SLACK = 10;

const dist = ensureBuild(process.env.WALL_DIST ?? process.env.BENCH_DIST, '.bench/wall-dist');

serverGroup().start(['vite', 'preview', '--port', String(PORT), '--strictPort', '--outDir', dist]);

const base = `http://localhost:${PORT}`;
await waitFor(`${base}/config.json`, 20_000);

const browser = await chromium.launch(LAUNCH);
const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
const errors = [];
page.on('pageerror', (e) => errors.push(e.message));

// Requests in flight (the service worker's answers included), to let each refresh settle.
let inflight = 0;
let requests = 0;
page.on('request', () => {
  inflight++;
  requests++;
});
page.on('requestfinished', () => inflight--);
page.on('requestfailed', () => inflight--);
async function settle() {
  let quiet = 0;
  for (let i = 0; i < 400 && quiet < 3; i++) {
    await new Promise((r) => setTimeout(r, 25));
    quiet = inflight <= 0 ? quiet + 1 : 0;
  }
}

const cdp = await page.context().newCDPSession(page);
await cdp.send('Performance.enable');
async function measure() {
  await settle();
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (n) => metrics.find((m) => m.name === n)?.value ?? NaN;
  const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
  const canvases = await page.evaluate(() => document.getElementsByTagName('canvas').length);
  return {
    heapMB: heap.usedSize / 2 ** 20,
    elements,
    nodes: metric('Nodes'),
    listeners: metric('JSEventListeners'),
    canvases,
  };
}

await page.clock.install({ time: Date.now() });
await page.goto(`${base}/wall?refresh=60`);
await page.getByTestId('wall-tile').first().waitFor();
await page
  .getByRole('img', { name: /^RSAM of / })
  .first()
  .waitFor({ timeout: 30_000 });

const fmt = (m, t) =>
  `${String(t).padStart(4)} min  heap ${m.heapMB.toFixed(2).padStart(6)} MB  elements ${m.elements}  nodes ${m.nodes}  listeners ${m.listeners}  canvases ${m.canvases}`;
const startReal = Date.now();
let baseline = null;
let last = null;
for (let t = 1; t <= MINUTES; t++) {
  // One simulated minute: the clocks tick 60 times and every refetchInterval fires once.
  await page.clock.runFor(60_000);
  await settle();
  if (t === BASELINE_MIN) {
    baseline = await measure();
    console.log(fmt(baseline, t), ' ← baseline');
  } else if (t % 120 === 0 || t === MINUTES) {
    last = await measure();
    console.log(fmt(last, t));
  }
}
await browser.close();

const heapRatio = last.heapMB / baseline.heapMB;
const domGrowth = last.elements - baseline.elements;
console.log(
  `\n${MINUTES} simulated minutes in ${((Date.now() - startReal) / 1000).toFixed(0)} s real, ${requests} requests`,
);
console.log(
  `heap ${baseline.heapMB.toFixed(2)} → ${last.heapMB.toFixed(2)} MB: ratio ${heapRatio.toFixed(3)} (budget ≤ ${HEAP_RATIO_BUDGET})`,
);
console.log(
  `DOM elements ${baseline.elements} → ${last.elements} (budget: growth ≤ ${DOM_SLACK}); canvases ${baseline.canvases} → ${last.canvases}`,
);
if (errors.length) console.log(`page errors: ${errors.slice(0, 5).join(' | ')}`);

const ok =
  heapRatio <= HEAP_RATIO_BUDGET && domGrowth <= DOM_SLACK && last.canvases <= baseline.canvases && errors.length === 0;
// Lines for the `npm run bench` table.
benchLine(
  `wall heap ${MINUTES} min / 5 min`,
  heapRatio.toFixed(3),
  '×',
  `≤ ${HEAP_RATIO_BUDGET}`,
  heapRatio <= HEAP_RATIO_BUDGET,
);
benchLine(
  `wall DOM element growth over ${MINUTES} min`,
  String(domGrowth),
  '',
  `≤ ${DOM_SLACK}`,
  domGrowth <= DOM_SLACK,
);
benchLine('wall page errors', String(errors.length), '', '0', errors.length === 0);
console.log(ok ? '✔ within budget' : '✘ over budget');
process.exit(ok ? 0 : 1);
