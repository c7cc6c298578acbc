#!/usr/bin/env node
/* global document, window, requestAnimationFrame, uPlot */
// Seismic RSAM benchmark (README "Measured"): one channel, one year (365 whole UTC days,
// ~525,600 points). The view, from navigation to the painted chart, must take at most 1.5× the
// floor measured in the same run — one fetch of the same year + JSON.parse + typed-array
// conversion + a bare uPlot draw — and no main-thread task during the load may exceed 100 ms.
//
// The built app (mock: false in a temporary config.json written into a copy of the build) talks
// to `mocks/server.ts` over real HTTP, as a deployment would. public/config.json is never touched.
// Usage: node scripts/bench-seismic.mjs
//   BENCH_DIST=<built dist>   reuse a build (copied, never modified) instead of building
//   BENCH_RUNS=3              measured runs of each (median reported)
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import {
  LAUNCH,
  answers,
  benchLine,
  copyBuildWithBases,
  ensureBuild,
  median,
  mockBases,
  serverGroup,
  waitFor,
} from './bench-lib.mjs';

const MOCK_PORT = 8890;
const WEB_PORT = Number(process.env.BENCH_SEISMIC_PORT ?? 4390);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const RATIO_BUDGET = 1.5;
const TASK_BUDGET_MS = 100;
const OUT = '.bench/seismic-dist';
const CHANNEL = { network: 'AV', station: 'CLCL', location: '', channel: 'BHZ' };
const DAY = 86_400_000;

// 1. A copy of the build whose config.json points at the stand-alone mock.
const built = ensureBuild(process.env.BENCH_DIST, '.bench/seismic-build');
copyBuildWithBases(built, OUT, mockBases(MOCK_PORT));

// 2. Servers, each in its own process group so they stop with us.
// SIGKILL: tsx waits on its child after SIGTERM and would outlive the bench.
const { start } = serverGroup('SIGKILL');
// A server left on a port would be measured instead (with its rate-limit counters): refuse.
for (const url of [`http://127.0.0.1:${MOCK_PORT}/health`, `http://127.0.0.1:${WEB_PORT}/`]) {
  if (await answers(url)) {
    console.error(`${url} already answers: stop that server first.`);
    process.exit(1);
  }
}
start(['tsx', 'mocks/server.ts', '--port', String(MOCK_PORT)]);
// The app on 127.0.0.1 too: Chromium's local-network-access checks refuse `localhost` → 127.0.0.1.
start(['vite', 'preview', '--outDir', OUT, '--host', '127.0.0.1', '--port', String(WEB_PORT), '--strictPort']);

await waitFor(`http://127.0.0.1:${MOCK_PORT}/health`);
await waitFor(`http://127.0.0.1:${WEB_PORT}/config.json`);

// 365 whole UTC days ending yesterday: complete days, so the floor and the view see the same points.
const today = Date.now() - (Date.now() % DAY);
const fromDay = today - 365 * DAY;
const toDay = today - DAY;
const iso = (t) => new Date(t).toISOString().slice(0, 10);
const compact = (t) => iso(t).replace(/-/g, '');
const yearUrl =
  `http://127.0.0.1:${MOCK_PORT}/api/seismic/rsam?network=${CHANNEL.network}&station=${CHANNEL.station}` +
  `&channel=${CHANNEL.channel}&datefrom=${compact(fromDay)}&dateto=${compact(toDay)}`;
const viewPath = `/seismic?channels=${CHANNEL.network}.${CHANNEL.station}..${CHANNEL.channel}&from=${iso(fromDay)}&to=${iso(toDay)}`;

const browser = await chromium.launch(LAUNCH);
const uplotJs = readFileSync('node_modules/uplot/dist/uPlot.iife.min.js', 'utf8');

/** The floor: one fetch + JSON.parse + typed arrays (fixed-format time parser) + bare uPlot draw. */
async function floorRun() {
  // A plain file of the app's origin (same network path as the app); bypassCSP lets the bare uPlot
  // script in, which the app's CSP rightly refuses.
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
  const page = await ctx.newPage();
  await page.goto(`http://127.0.0.1:${WEB_PORT}/config.json`);
  await page.addScriptTag({ content: uplotJs });
  const r = await page.evaluate(async (url) => {
    const t0 = performance.now();
    const text = await (await fetch(url)).text();
    const t1 = performance.now();
    const body = JSON.parse(text);
    const pts = body.series[0].points;
    const n = pts.length;
    const times = new Float64Array(n);
    const values = new Float64Array(n);
    const num = (s, a, b) => {
      let v = 0;
      for (let i = a; i < b; i++) v = v * 10 + (s.charCodeAt(i) - 48);
      return v;
    };
    for (let i = 0; i < n; i++) {
      const s = pts[i].time;
      times[i] =
        Date.UTC(num(s, 0, 4), num(s, 5, 7) - 1, num(s, 8, 10), num(s, 11, 13), num(s, 14, 16), num(s, 17, 19)) / 1000;
      values[i] = pts[i].rsam_counts;
    }
    const t2 = performance.now();
    const el = document.createElement('div');
    document.body.replaceChildren(el);
    new uPlot(
      { width: 1100, height: 380, scales: { x: { time: true } }, series: [{}, { stroke: '#E69F00' }] },
      [times, values],
      el,
    );
    await new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(res)));
    const t3 = performance.now();
    return { total: t3 - t0, fetch: t1 - t0, parse: t2 - t1, draw: t3 - t2, n };
  }, yearUrl);
  await ctx.close();
  return r;
}

/** The view: navigation → chart showing all `target` points, painted; long tasks on the way. */
async function viewRun(target) {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await ctx.newPage();
  await page.addInitScript((t) => {
    const b = { longTasks: [], done: null };
    window.__bench = b;
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) b.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
    const check = () => {
      const el = document.querySelector('[data-testid="rsam-chart"]');
      if (el && Number(el.getAttribute('data-points')) >= t) {
        // The frame after the one that drew the full data: the chart is on screen.
        requestAnimationFrame(() => (b.done = performance.now()));
        return;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }, target);
  const statuses = {};
  page.on('response', (r) => {
    if (!r.url().includes('/api/seismic/rsam?')) return;
    statuses[r.status()] = (statuses[r.status()] ?? 0) + 1;
  });
  await page.goto(`http://127.0.0.1:${WEB_PORT}${viewPath}`);
  await page.waitForFunction(() => window.__bench.done !== null, null, { timeout: 120_000, polling: 100 });
  // Let late long-task entries arrive.
  await page.waitForTimeout(300);
  const r = await page.evaluate(() => {
    const b = window.__bench;
    const during = b.longTasks.filter((t) => t.start < b.done);
    return { total: b.done, maxTask: Math.max(0, ...during.map((t) => t.duration)), longTasks: during.length };
  });
  r.requests = Object.entries(statuses)
    .map(([k, v]) => `${v}× ${k}`)
    .join(', ');
  await ctx.close();
  return r;
}

console.log(
  `▶ ${CHANNEL.network}.${CHANNEL.station}..${CHANNEL.channel}, ${iso(fromDay)} to ${iso(toDay)} (365 UTC days)`,
);
const warm = await floorRun(); // warms the mock server's JIT and the browser
console.log(`  warm-up floor: ${warm.total.toFixed(0)} ms, ${warm.n} points`);
const floors = [];
const views = [];
for (let i = 0; i < RUNS; i++) {
  const f = await floorRun();
  floors.push(f);
  console.log(
    `  floor ${i + 1}: ${f.total.toFixed(0)} ms (fetch ${f.fetch.toFixed(0)}, parse+convert ${f.parse.toFixed(0)}, draw ${f.draw.toFixed(0)}), ${f.n} points`,
  );
  const v = await viewRun(f.n);
  views.push(v);
  console.log(
    `  view  ${i + 1}: ${v.total.toFixed(0)} ms to the painted chart, longest task ${v.maxTask.toFixed(0)} ms (${v.longTasks} over 50 ms); RSAM answers ${v.requests}`,
  );
}
await browser.close();

const floor = median(floors.map((f) => f.total));
const view = median(views.map((v) => v.total));
const ratio = view / floor;
const maxTask = Math.max(...views.map((v) => v.maxTask));
console.log(
  `\nfloor ${floor.toFixed(0)} ms, view ${view.toFixed(0)} ms, ratio ${ratio.toFixed(2)} (budget ≤ ${RATIO_BUDGET})`,
);
console.log(`longest main-thread task during the load ${maxTask.toFixed(0)} ms (budget ≤ ${TASK_BUDGET_MS} ms)`);
benchLine('seismic 1 y floor (fetch+parse+draw)', floor.toFixed(0), 'ms', 'report only', true);
benchLine('seismic 1 y to painted chart', view.toFixed(0), 'ms', 'report only', true);
benchLine('seismic 1 y view / floor', ratio.toFixed(2), '×', `≤ ${RATIO_BUDGET}`, ratio <= RATIO_BUDGET);
benchLine(
  'seismic longest task during load',
  maxTask.toFixed(0),
  'ms',
  `≤ ${TASK_BUDGET_MS} ms`,
  maxTask <= TASK_BUDGET_MS,
);
const pass = ratio <= RATIO_BUDGET && maxTask <= TASK_BUDGET_MS;
console.log(pass ? '✔ within budget' : '✘ over budget');
process.exit(pass ? 0 : 1);
