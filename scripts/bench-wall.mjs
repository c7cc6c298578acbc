#!/usr/bin/env node
/* global document */
// Wall memory benchmark: the wall runs for days, so hours of refreshing must not grow
// memory or the DOM. With Playwright's fake clock, 24 hours of refreshes are simulated: JS
// heap (after a forced GC) at 24 simulated hours must be within 1.1× the heap at 5 minutes, and
// the DOM element count must stay put.
//
// Runs the demo build (in-page mock service, whose "now" follows the page's clock, so the data
// stays fresh as the simulated time moves). Usage: node scripts/bench-wall.mjs
//   WALL_DIST=<built dist>  reuse a build instead of building into .bench/wall-dist
//   BENCH_MINUTES=1440      simulated duration
//   BENCH_REFRESH=600       the wall's refresh period in seconds. Each refresh of five volcanoes costs
//                           seconds of real time on a two-core machine, so 24 h at the wall's fastest
//                           refresh would take hours; 144 refreshes over the 24 h find a per-refresh
//                           leak as surely, and the simulated day finds any that grows with time.
import { LAUNCH, benchLine, ensureBuild, serverGroup, waitFor } from './bench-lib.mjs';
import { chromium } from '@playwright/test';

const PORT = Number(process.env.BENCH_WALL_PORT ?? 4393);
const MINUTES = Number(process.env.BENCH_MINUTES ?? 24 * 60);
const REFRESH_S = Number(process.env.BENCH_REFRESH ?? 600);
/**
 * "After 5 minutes" at the wall's fastest refresh means after a few refreshes: the query cache then
 * holds a generation being replaced as well as the current one. At the slower refresh simulated
 * here, the baseline waits for two refreshes too, else it would weigh a wall that never refreshed.
 */
const BASELINE_MIN = Math.max(5, (2 * REFRESH_S) / 60);
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

// Network activity (the service worker's answers included), to let each refresh settle. Quiet means
// no request started or ended for a while: a request that never reports its end (a long poll, an
// aborted one) must not hold every simulated minute at the cap.
let activity = 0;
let requests = 0;
page.on('request', () => {
  activity++;
  requests++;
});
page.on('requestfinished', () => activity++);
page.on('requestfailed', () => activity++);
async function settle() {
  let quiet = 0;
  let seen = activity;
  for (let i = 0; i < 400 && quiet < 4; i++) {
    await new Promise((r) => setTimeout(r, 25));
    quiet = activity === seen ? quiet + 1 : 0;
    seen = activity;
  }
}

const cdp = await page.context().newCDPSession(page);
await cdp.send('Performance.enable');
async function measure() {
  await settle();
  // Let the last answers reach their views before the heap is weighed.
  await new Promise((r) => setTimeout(r, 500));
  await settle();
  // The least of three weighings, each after a full GC: what is still held, not what was being
  // worked on at the moment (a single weighing moved by ±3 MB between neighbouring hours).
  let used = Infinity;
  for (let i = 0; i < 3; i++) {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    used = Math.min(used, (await cdp.send('Runtime.getHeapUsage')).usedSize);
    await new Promise((r) => setTimeout(r, 200));
  }
  const heap = { usedSize: used };
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
await page.goto(`${base}/wall?refresh=${REFRESH_S}`);
await page.getByTestId('wall-tile').first().waitFor();
await page
  .getByRole('img', { name: /^RSAM of / })
  .first()
  .waitFor({ timeout: 30_000 });

const fmt = (m, t) =>
  `${String(t).padStart(4)} min  heap ${m.heapMB.toFixed(2).padStart(6)} MB  elements ${m.elements}  nodes ${m.nodes}  listeners ${m.listeners}  canvases ${m.canvases}`;
const startReal = Date.now();
let last = null;
// Every timer due in a step fires once (the refresh among them). runFor would also replay each
// animation frame and one-second tick: about 12 s of real time per simulated minute here.
await page.clock.fastForward(BASELINE_MIN * 60_000);
const baseline = await measure();
console.log(fmt(baseline, BASELINE_MIN), ' ← baseline (5 min, and two refreshes in)');
let refreshes = 0;
for (let t = BASELINE_MIN; t < MINUTES; ) {
  const step = Math.min(REFRESH_S / 60, MINUTES - t);
  await page.clock.fastForward(step * 60_000);
  t += step;
  refreshes++;
  await settle();
  if (Math.floor(t / 120) !== Math.floor((t - step) / 120) || t >= MINUTES) {
    last = await measure();
    console.log(fmt(last, Math.round(t)));
  }
}
await browser.close();

const heapRatio = last.heapMB / baseline.heapMB;
const domGrowth = last.elements - baseline.elements;
console.log(
  `\n${MINUTES} simulated minutes (${refreshes} refreshes of ${REFRESH_S} s) in ${((Date.now() - startReal) / 1000).toFixed(0)} s real, ${requests} requests`,
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
  `wall heap ${MINUTES} min / ${BASELINE_MIN} min (two refreshes in)`,
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
