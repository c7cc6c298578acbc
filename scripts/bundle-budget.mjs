#!/usr/bin/env node
// First-paint JavaScript of every route, gzipped, against its budget, from the Vite build manifest.
// Counted for a route: the entry and its static imports, the app module (imported at boot) and
// its static imports, the route's lazy chunk, and every chunk the route imports dynamically unless
// it is listed below as loaded by a user action; for a chart route, the parse worker too (the chart
// waits for the RSAM it decodes). /legacy paints its form first and starts the worker only when a
// query's answer arrives, so its worker is not counted. The worker's own lazy chunk (the valibot
// schemas, body-schemas.ts) loads only when a body fails its quick checks (a broken answer), so it is
// not counted either. Bundle sizes are deterministic: `npm test` runs
// this after the build and counts each route as a test.
// Usage: node scripts/bundle-budget.mjs [dist]   (exit 1 when a route is over its budget)
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const KB = 1024;
/**
 * `budgetKb` is the goal (issue 15: `/` 110 KB, every deep link 150 KB). Several routes are over it
 * today, so `limitKb` is what `npm test` enforces until they get there: today's size plus a little,
 * a ratchet that stops growth. Lower a limit when a route shrinks; never raise one without saying why.
 * Raised by 1 KB on the chart routes: faults are now shown at once and retried at the endpoint's next
 * probe (src/api/http/query-retry.ts, error panels' countdown), which every chart route loads.
 * `/seismic` raised by 1 KB more: its chart draws from per-chunk blocks (src/chart/blocks.ts), which
 * took a year of three channels from 1.34× to 0.99× the floor and zoom redraws out of long tasks.
 * `/seismic` and `/volcano/:vnum` raised by 1 KB more: the boot now asks for the opened view's chunk
 * beside config.json and starts the seismic view's RSAM before its first render (src/app/view-modules.ts),
 * which took the first RSAM request ~130 ms earlier; the app chunk split in two on the way (+0.4–0.6 KB).
 * The chart reads zones through Intl (src/domain/local-time.ts) and the seismic view loads the zone
 * formatter (date-fns-tz) only for site-local time: `/seismic` lowered from 170 to 163 (161.7, and
 * 162.0 once blocks.ts became a chunk it shares with the wall). `/wall` raised
 * by 1 KB for it: the library now sits in chunks of its own, and two more chunk boundaries on its
 * path cost +0.5 KB (no code was added). `/wall` raised by 1 KB more: its sparklines draw from typed
 * columns through the seismic chart's blocks (src/chart/blocks.ts, +1.5 KB) instead of arrays with
 * nulls, which boxed every number and moved the wall's heap with the outages in its window.
 * `/wall` raised by 1 KB more: the entry says so in plain DOM when the app's chunk cannot load
 * (src/main.tsx), +0.2 KB on every route, which took `/wall` 0.1 KB over its limit.
 * Lowered together: site-local labels through Intl instead of date-fns-tz (src/domain/zoned-time.ts,
 * -8 KB on every view that opens in local time), valibot instead of zod/mini (-5.7 KB on every deep
 * link), the ZIP reader out of the volcano view and the wall (-0.9 KB), and the app shell with its
 * shared layer as one chunk (vite.config.ts, -1.5 to -3.0 KB), and the seismic view's folded
 * calendar loaded when unfolded (-0.9 KB): `/seismic` 163 → 153 (152.6),
 * `/volcano/:vnum` 173 → 156 (155.1), `/wall` 170 → 153 (152.1).
 * Lowered: react-router's production files instead of the development build its package exports
 * (vite.config.ts, -0.4 to -0.5 KB on every route): `/volcano/:vnum` 156 → 155 (154.7), `/wall`
 * 153 → 152 (151.7); `/seismic` stays at 153 (152.3).
 * Lowered: react-router's DevTools names dropped and its forwardRef/createContext calls marked pure in
 * production, so what the app never imports shakes out (vite.config.ts, -1.3 KB on every route); the
 * chart's CSV/PNG export loaded on its button (src/chart/export.ts); zoned-time in the app chunk; the
 * RSAM loader in the chart chunk; useMutation out of the shared library chunk (+0.5 KB on the three
 * views that use it). `/seismic` 153 → 150 (149.5) and `/wall` 152 → 150 (149.0) meet the goal;
 * `/volcano/:vnum` 155 → 153 (152.0). The RSAM cache read and kept in the parse worker (+1.1 KB on
 * its chunk, -1.1 KB of main-thread chunk) and the imagery date readers out of the chunk the volcano
 * view and the wall share with the imagery view (src/api/imagery/imagery-dates.ts): `/volcano/:vnum` 153 → 152
 * (151.0), `/wall` 148.0. Then the legend's summary worked out in the parse worker (+0.6 KB) and
 * numbers formatted without Intl (+0.2 KB), paid for by dropping the modulepreload polyfill (-0.3 KB)
 * and one export import instead of two: `/seismic` 150.0, `/volcano/:vnum` 151.1, `/wall` 148.1.
 * The entry starts the parse worker on the chart views (src/api/worker/worker-start.ts, +0.2 KB on
 * every route), paid for on them by legacy answers' conversion leaving the worker's first load
 * (src/api/decode/legacy-body.ts, -0.3 KB); the volcano view's panels below the chart and lanes load once
 * its RSAM is in (src/features/volcano/below-panels.ts, -1.4 KB): `/volcano/:vnum` 149.7 meets the
 * goal, so its limit is the goal; `/seismic` 149.9, `/wall` 148.0. Then the seismic chart panel and
 * the volcano RSAM chart became static imports (uPlot is in the chart chunk those views load anyway, so
 * the lazy split cost a round trip and chunk boundaries), paying for the plot build queue and sliced
 * cuts (src/chart/build-queue.ts, blocks.ts) and the imagery flags' wait for a drawn page:
 * `/seismic` 149.0, `/volcano/:vnum` 149.5, `/wall` 148.4, `/imagery` 128.6.
 * Then the opened view rendered in the app's first commit (lazyView renders a loaded module, the boot
 * waits for the view's chunk), a view's own theme in the theme store, the plots' task-wide cut budget
 * and the wall's shared time axis: `/seismic` 149.2, `/volcano/:vnum` 149.8, `/wall` 148.7,
 * `/imagery` 128.7.
 * Then the time-series chart's keyboard cursor: its code is a chunk the chart loads on focus
 * (src/chart/keyboard-cursor.ts, listed below); the key check, the live region, the chart's longer
 * key help and a Drawable's `valuesAt` are first-paint: `/seismic` 149.5, `/wall` 149.4.
 * Limits raised by 1 KB on the three chart routes (goal unchanged) for the API layer in folders by
 * concern (issue 40): one transport under `send` (src/api/http/transport.ts), which the parse worker
 * also makes its own requests with, the chart's drawing preparation run by the worker as a hook
 * (src/workers/), and one validator per big body, its quick check made from the shape the schema is
 * built from (src/api/decode/field-kinds.ts): +0.48 KB, 0.19 of it that check in the worker's first
 * load, paid back in part by the parse pool (-0.23 KB). `/seismic` 149.9 → 150.4, `/volcano/:vnum`
 * 149.8 → 150.3, `/wall` 149.95 → 150.4; `/legacy` 126.0 → 124.6.
 * Raised for the service treated as hostile (issue 39), code that runs before a view can trust what
 * it shows: config.json's checks in the entry (bases that would let `//host` paths leave the host,
 * `imageHosts`, the demo token proxy; +0.47 KB on every route, in two short messages), the one check
 * every service image goes through and its placeholder (src/domain/image-url.ts, src/ui/service-image.tsx;
 * +0.87 KB on the views that show images), the wall's deeper query and undecided-time display for a
 * fall-back hour (+0.5 KB; its evidence resolver is a chunk loaded only then, listed below) and the
 * volcano lanes' windows on each side of midnight UTC (+0.2 KB). `/seismic` 149.9 → 150.4 (limit 151),
 * `/volcano/:vnum` 149.8 → 151.6 (limit 152), `/wall` 150.0 → 151.8 (limit 152); goals unchanged.
 * Raised by 1 KB on the three chart routes, which had 0.05–0.2 KB left under the goal: behind the
 * observatory proxy (docs/deploy.md) config.json's `observatoryProxy`, requests to the proxy without
 * a browser budget, and the status bar's switch to its proxy line (a lazy chunk loaded only there),
 * +0.3 KB on every route: `/seismic` 150.2, `/volcano/:vnum` 150.1, `/wall` 150.3.
 */
export const ROUTES = [
  { path: '/', module: 'src/features/home/home-route.tsx', budgetKb: 110 },
  { path: '/seismic', module: 'src/features/seismic/seismic-route.tsx', budgetKb: 150, limitKb: 151, chart: true },
  { path: '/imagery', module: 'src/features/imagery/imagery-route.tsx', budgetKb: 150 },
  {
    path: '/volcano/:vnum',
    module: 'src/features/volcano/volcano-route.tsx',
    budgetKb: 150,
    limitKb: 152,
    chart: true,
  },
  { path: '/wall', module: 'src/features/wall/wall-route.tsx', budgetKb: 150, limitKb: 152, chart: true },
  { path: '/legacy', module: 'src/features/legacy/legacy-route.tsx', budgetKb: 150 },
  { path: '/activity', module: 'src/features/activity/activity-route.tsx', budgetKb: 150 },
  { path: '/settings', module: 'src/features/settings/settings-route.tsx', budgetKb: 150 },
];

/**
 * Dynamic imports a route does NOT load before its first meaningful paint, each with its reason.
 * Anything lazy and not listed here is counted, so a new lazy chunk cannot escape the budget.
 */
export const ON_DEMAND = {
  'src/features/volcano/below-panels.ts':
    'below the chart and the lanes: the volcano view asks for it once its RSAM has arrived',
  'src/features/volcano/frames/time-lapse-panel.tsx': 'shown after the user selects an event or span',
  'src/features/volcano/span-download-dialog.tsx': 'opened by a Download button',
  'src/features/imagery/download-dialog.tsx': 'opened by the Download all matching… or Download selected… button',
  'src/features/seismic/analysis/analysis-panel.tsx': 'only when an analysis other than amplitude is chosen',
  'src/features/seismic/day-calendar.tsx': 'folded by default; loads when the person unfolds it',
  'src/chart/export.ts': 'the chart panel loads it on a click of Export CSV or Export PNG',
  'src/chart/keyboard-cursor.ts': 'the time-series chart loads it when it gets keyboard focus (Shift+arrow cursor)',
  'src/ui/downloads/save-file.ts': 'the chart panel loads it with the export code (views that save files import it statically)',
  'mocks/browser.ts': 'demo data only (config mock: true); never in a deployment',
  'src/api/decode/body-schemas.ts': 'the in-thread decoder, only where the parse worker cannot start',
  'src/api/worker/in-thread.ts': "the parse worker's jobs done in this thread, only where the worker cannot start",
  'src/api/cache/rsam-cache.ts': 'the parse worker reads and keeps RSAM; this thread only where it cannot start',
  'src/analysis/jobs/job-requests.ts':
    'the analysis jobs ask with it once there is something to work out: the volcano view once its RSAM is in',
  'src/analysis/jobs/worker-loop.ts':
    "the analysis worker's jobs done in this thread, only where the analysis worker cannot start",
  'src/api/imagery/answer-times.ts':
    'the imagery layer loads it only with an answer that holds a repeated local hour (a daylight-saving fall-back)',
  'src/features/wall/newest-image.ts':
    "the wall loads it only while a camera's newest image falls in a repeated local hour (a daylight-saving fall-back)",
  'src/features/home/volcano-glance.tsx':
    "each volcano's latest data on the home page: loaded after the page's sentence and list of volcanoes have painted",
  'src/features/wall/status-lines.tsx':
    "the wall's words for what failed and for acknowledged alerts: loaded a few seconds after its first paint, shown only when a request fails or an alert was acknowledged",
};

/** Lazy chunks of views: the entry preloads only the opened one. Every other lazy chunk the entry
 * imports (the app module, wherever a chunk group put it) loads at boot on every route. */
const VIEW_MODULES = [...ROUTES.map((r) => r.module), 'src/features/not-found/not-found-route.tsx'];
const PARSE_POOL = 'src/api/worker/pool.ts';

export function routeFigures(dist) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const sizes = new Map();
  const gz = (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(dist, file))).length);
    return sizes.get(file);
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const staticClosure = (key, seen) => {
    if (!manifest[key] || seen.has(key)) return seen;
    seen.add(key);
    for (const i of manifest[key].imports ?? []) staticClosure(i, seen);
    return seen;
  };
  // A module that is also imported statically somewhere lands in a shared chunk, keyed by its file
  // (`_body-schemas-….js`) with the module's name as `name`, not by its source path.
  const onDemandNames = new Set(Object.keys(ON_DEMAND).map((m) => basename(m).replace(/\.[^.]+$/, '')));
  const isOnDemand = (d) => d in ON_DEMAND || (!manifest[d]?.src && onDemandNames.has(manifest[d]?.name));
  /** Static imports, and dynamic imports other than ON_DEMAND ones, from `key` on. */
  const firstPaintClosure = (key, seen) => {
    if (!manifest[key] || seen.has(key)) return seen;
    seen.add(key);
    for (const i of manifest[key].imports ?? []) firstPaintClosure(i, seen);
    for (const d of manifest[key].dynamicImports ?? []) if (!isOnDemand(d)) firstPaintClosure(d, seen);
    return seen;
  };
  // The worker is not in the manifest: it is the asset whose name the parse pool's chunk holds.
  const poolFile = manifest[PARSE_POOL]?.file;
  const workerFile = readdirSync(join(dist, 'assets')).find((f) => f.startsWith('parse-worker') && f.endsWith('.js'));
  const poolChunk = Object.values(manifest).find(
    (c) => workerFile && c.file.endsWith('.js') && readFileSync(join(dist, c.file), 'utf8').includes(workerFile),
  );
  let base = staticClosure(entryKey, new Set());
  for (const d of manifest[entryKey].dynamicImports ?? [])
    if (!VIEW_MODULES.includes(d) && !isOnDemand(d)) base = staticClosure(d, base);
  return ROUTES.map((r) => {
    if (!manifest[r.module]) return { ...r, kb: NaN, ok: false, files: [], missing: true };
    const keys = firstPaintClosure(r.module, new Set(base));
    const files = [...new Set([...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')))];
    const usesPool = poolFile ? files.includes(poolFile) : poolChunk && files.includes(poolChunk.file);
    if (r.chart && workerFile && usesPool) files.push(`assets/${workerFile}`);
    const kb = files.reduce((s, f) => s + gz(f), 0) / KB;
    return { ...r, kb, ok: kb <= (r.limitKb ?? r.budgetKb), goalMet: kb <= r.budgetKb, files };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = process.argv[2] ?? 'dist';
  if (!existsSync(join(dist, '.vite/manifest.json'))) {
    console.error(`${dist}/.vite/manifest.json is missing: build first (vite.config.ts sets build.manifest).`);
    process.exit(1);
  }
  const rows = routeFigures(dist);
  for (const r of rows)
    console.log(
      `${r.ok ? 'ok  ' : 'FAIL'} first-paint JS of ${r.path.padEnd(14)} ${r.missing ? 'route module missing' : `${r.kb.toFixed(1)} KB gzip`} (limit ≤ ${r.limitKb ?? r.budgetKb} KB; goal ≤ ${r.budgetKb} KB${r.goalMet ? ' met' : ' not met yet'}; ${r.files.length} chunks)`,
    );
  if (process.env.BUNDLE_VERBOSE) for (const r of rows) console.log(r.path, r.files.join(' '));
  process.exit(rows.every((r) => r.ok) ? 0 : 1);
}
