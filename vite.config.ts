/// <reference types="vitest/config" />
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { linguiCatalogues, linguiSourceMessages } from './scripts/lingui-build.ts';
import {
  cspWithLoopbackForTests,
  headersFor,
  parseHeadersFile,
  PREVIEW_LOOPBACK_ENV,
} from './scripts/shipped-headers.ts';

const SHIPPED_HEADERS = parseHeadersFile(readFileSync(new URL('./public/_headers', import.meta.url), 'utf8'));

/**
 * `vite preview` (and so the e2e suite and the benchmarks) serves the build under public/_headers,
 * every block, as a static host that reads it does: the shipped CSP everywhere, immutable hashed
 * assets, revalidated config.json. Set before preview's file server, which keeps a header already
 * set over its own `Cache-Control: no-cache`.
 */
function previewShippedHeaders(): Plugin {
  // TEST-ONLY: the e2e config and the benchmarks set this to run the build against the local mock
  // server on 127.0.0.1; the shipped policy has no loopback (scripts/shipped-headers.ts).
  const loopback = process.env[PREVIEW_LOOPBACK_ENV] === '1';
  return {
    name: 'preview-shipped-headers',
    configurePreviewServer(server) {
      if (loopback)
        server.config.logger.warn(`${PREVIEW_LOOPBACK_ENV}=1: test-only CSP, loopback allowed (never shipped)`);
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '/').split('?')[0]!;
        for (const [name, value] of Object.entries(headersFor(SHIPPED_HEADERS, path)))
          res.setHeader(name, loopback && name === 'Content-Security-Policy' ? cspWithLoopbackForTests(value) : value);
        next();
      });
    },
  };
}

/**
 * public/config.json is the demo's (`npm start`, made-up data). A build is what gets deployed, so it
 * ships deploy/config.unconfigured.json as its config.json instead, which the app answers with a
 * full-screen "pointed at nothing" (src/app/config-error-screen.tsx), and deploy/config.example.json
 * beside it. `vite build --mode demo` (`npm run build:demo`) keeps the demo's.
 */
function productionConfig(): Plugin {
  let outDir = 'dist';
  let demo = false;
  return {
    name: 'production-config',
    apply: 'build',
    configResolved(c) {
      outDir = c.build.outDir.startsWith('/') ? c.build.outDir : join(c.root, c.build.outDir);
      demo = c.mode === 'demo';
    },
    writeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (demo) return;
        copyFileSync(new URL('./deploy/config.unconfigured.json', import.meta.url), join(outDir, 'config.json'));
        copyFileSync(new URL('./deploy/config.example.json', import.meta.url), join(outDir, 'config.example.json'));
      },
    },
  };
}

/**
 * TEST-ONLY: the e2e suite runs the production build on demo data. Set, `vite preview` answers
 * /config.json with public/config.json (the demo's) instead of the build's unconfigured one; tests
 * that need the shipped file read it from the build (e2e/shell.spec.ts).
 */
const PREVIEW_DEMO_CONFIG_ENV = 'PREVIEW_DEMO_CONFIG';

function previewDemoConfig(): Plugin {
  return {
    name: 'preview-demo-config',
    configurePreviewServer(server) {
      if (process.env[PREVIEW_DEMO_CONFIG_ENV] !== '1') return;
      server.config.logger.warn(`${PREVIEW_DEMO_CONFIG_ENV}=1: /config.json is the demo's (never shipped)`);
      server.middlewares.use((req, res, next) => {
        if ((req.url ?? '/').split('?')[0] !== '/config.json') return next();
        res.setHeader('Content-Type', 'application/json');
        res.end(readFileSync(new URL('./public/config.json', import.meta.url)));
      });
    },
  };
}

/**
 * react-router's production files name their contexts and components for React DevTools with
 * top-level `X.displayName = …` writes, and create them with unannotated `forwardRef`/`createContext`
 * calls. Either keeps every one alive in the bundle, used or not (Form, ScrollRestoration, the
 * fetcher and prefetch machinery behind them). A production build drops the names and marks those
 * calls pure, so tree-shaking keeps only what the app imports.
 */
function reactRouterTreeShaking(): Plugin {
  return {
    name: 'react-router-tree-shaking',
    apply: 'build',
    transform: {
      filter: { id: /node_modules[\\/]react-router[\\/]dist[\\/]production[\\/].*\.mjs$/ },
      handler(code) {
        const out = code
          .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm, '')
          .replace(/(=\s*)(React\d*\.(?:forwardRef|createContext)\()/g, '$1/* @__PURE__ */ $2');
        return out === code ? null : { code: out, map: null };
      },
    },
  };
}

/**
 * uPlot makes an Intl.NumberFormat and an Intl.DateTimeFormat (for the local zone's name) as its
 * module evaluates. A page's first of each loads ICU's number or date data (20–80 ms of main thread
 * on the build machine, inside the chart chunk's evaluation: a long task). The app formats numbers
 * without Intl (src/domain/format-number.ts), gives its axes their values and its own `tzDate`:
 * made on first use, neither is made before the page needs Intl for itself.
 */
const UPLOT_PATCHES: ReadonlyArray<readonly [eager: string, lazy: string]> = [
  [
    "const numFormatter = new Intl.NumberFormat(domEnv ? nav.language : 'en-US');\nconst fmtNum = val => numFormatter.format(val);",
    "let numFormatter;\nconst fmtNum = val => (numFormatter ??= new Intl.NumberFormat(domEnv ? nav.language : 'en-US')).format(val);",
  ],
  [
    'const localTz = new Intl.DateTimeFormat().resolvedOptions().timeZone;',
    'let localTzName;\nconst localTz = () => (localTzName ??= new Intl.DateTimeFormat().resolvedOptions().timeZone);',
  ],
  ['\telse if (tz == localTz)\n', '\telse if (tz == localTz())\n'],
  // uPlot attaches every path builder and helper to the class, so none can be tree-shaken. The app
  // draws lines and bars only (src/chart/plot.tsx) and aligns its own columns (src/chart/series-data.ts):
  // the stepped and spline builders and `uPlot.join` go (-1.5 KB gzipped on each chart route).
  // `uPlot.paths.spline`, `.stepped` and `uPlot.join` are then undefined in a production build.
  ['{\n\tuPlot.join = join;\n}\n', ''],
  ['\t(paths.stepped = stepped);\n', ''],
  ['\t(paths.spline  = monotoneCubic);\n', ''],
  // Every chart of the app turns uPlot's legend off and draws its own (src/features/seismic/rsam-legend.tsx,
  // the volcano and wall readouts): uPlot's legend table, its rows and their live values go.
  // `legend: { show: true }` then draws nothing in a production build.
  ['\tconst showLegend = legend.show;\n', '\tconst showLegend = false;\n'],
  ['\t\tif (legend.show && legend.live && shouldSetLegend) {\n', '\t\tif (showLegend && shouldSetLegend) {\n'],
];

function uplotLazyIntl(): Plugin {
  return {
    name: 'uplot-lazy-intl-and-unused',
    apply: 'build',
    transform: {
      filter: { id: /node_modules[\\/]uplot[\\/]dist[\\/]uPlot\.esm\.js$/ },
      handler(code) {
        let out = code;
        for (const [eager, lazy] of UPLOT_PATCHES) {
          if (!out.includes(eager)) {
            this.warn(`uPlot's source no longer reads as uplotLazyIntl expects (${eager.slice(0, 40)}…): check it`);
            return null;
          }
          out = out.replace(eager, lazy);
        }
        return { code: out, map: null };
      },
    },
  };
}

/**
 * The entry asks for the app chunk (React, the router, the shared layer) only once it has arrived
 * and run, a round trip after the page's HTML. Every view needs that chunk and what it imports, so
 * the HTML names them for the browser to fetch and compile alongside the entry.
 */
function preloadAppChunk(): Plugin {
  let base = '/';
  return {
    name: 'preload-app-chunk',
    apply: 'build',
    configResolved(c) {
      base = c.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return;
        const app = Object.values(bundle).find(
          (c) => c.type === 'chunk' && c.moduleIds.some((id) => /src[\\/]app[\\/]app\.tsx$/.test(id)),
        );
        if (!app || app.type !== 'chunk') {
          this.error('preload-app-chunk: no chunk holds src/app/app.tsx');
        }
        const entry = ctx.chunk?.fileName;
        return [...app.imports.filter((f) => f !== entry), app.fileName].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: base + file },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * Lingui's macros (t, msg, plural, Trans, useLingui) become messages through Babel, with
 * @rolldown/plugin-babel as Lingui documents for Vite 8; only files that import a macro go through
 * it. Each keeps its English message, compiled, and no id (scripts/lingui-build.ts): English loads
 * no catalogue. `linguiCatalogues()` compiles an imported .po catalogue at build time.
 */
const linguiMacros = {
  preset: {
    plugins: [['@lingui/babel-plugin-lingui-macro', { stripMessageField: false }], linguiSourceMessages],
  },
  rolldown: { filter: { code: /from ['"]@lingui\/(?:core|react)\/macro['"]/ } },
};

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    linguiCatalogues(),
    babel({ presets: [linguiMacros] }),
    reactRouterTreeShaking(),
    uplotLazyIntl(),
    preloadAppChunk(),
    productionConfig(),
    previewShippedHeaders(),
    previewDemoConfig(),
  ],
  // react-router's package exports only its development build, warnings and invariants included
  // (remix-run/react-router#12532, #14753); a production build takes the production files it ships.
  resolve:
    command === 'build'
      ? {
          alias: [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
              ),
            },
          ],
        }
      : {},
  server: { port: 5173, strictPort: false },
  // Headers: previewShippedHeaders, which also covers the HTML preview answers a view's path with.
  preview: { port: 4173, strictPort: true },
  // The parse worker is a module worker (src/api/worker/pool.ts) and shares chunks with the app.
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: false,
    // scripts/bundle-budget.mjs reads it to count each route's first-paint JavaScript.
    manifest: true,
    // Every browser this build targets preloads modules itself except Safari before 17, which then
    // fetches them when imported (slower, never broken): the polyfill would cost every route's entry.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The libraries every view runs on, as one chunk: split along the views that first used
            // each piece they cost more than they saved (measured: -1.3 to -2.8 KB gzipped on every
            // deep link, +2.8 on /), and the chunk stays cached across releases that change only our code.
            // Except useMutation and its observer: only the ZIP downloads and the settings' cache
            // button use them (-0.4 KB on the chart views, +0.5 on the three that use them).
            {
              name: 'vendor',
              priority: 3,
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zustand)[\\/](?!.*[\\/](useMutation|mutationObserver)\.js$)/,
            },
            // The app shell and the layer every view shares (HTTP, rate limits, errors, schemas, time),
            // as one chunk: left to automatic splitting they came as eight small chunks shared between
            // the app and the preloaded view, each compressed alone (-1.5 to -3.0 KB on every deep
            // link, +3.1 on /). Not what the entry imports (config, view table, global CSS), so the
            // entry still holds no React; modules not listed fall back to automatic splitting.
            // The messages' runtime is here too (every view speaks through it);
            // the language choice and the catalogue loader are the entry's (src/main.tsx).
            {
              name: 'app',
              priority: 2,
              includeDependenciesRecursively: false,
              test: /src[\\/]app[\\/](?!view-modules|global\.css|config-error-screen)|src[\\/]stores[\\/]theme-store|src[\\/]ui[\\/]demo-badge|src[\\/]api[\\/](http[\\/](?!zip-stream)|rate[\\/]|endpoints\.|hosts\.|decode[\\/](schema-words|schema-parts|validate|json-body)\.)|src[\\/]domain[\\/](time|local-time|zoned-time|format-number)\.ts|src[\\/]ui[\\/](rate-status[\\/](rate-limit-status|limiter-status|use-endpoint-wait)|error-panel|url-notices|use-url-state|url-schema)|node_modules[\\/]valibot[\\/]|src[\\/]i18n[\\/](i18n|runtime|language-switch|switch-locale|catalogue-key)\.|src[\\/]domain[\\/]display-locale\./,
            },
            // uPlot, the chart code and the RSAM loader the three chart views all draw with, and only
            // they (a module listed here that another view imports would pull this chunk into it:
            // scripts/bundle-budget.mjs would say so). One chunk instead of two: -0.3 KB on each.
            {
              name: 'chart',
              includeDependenciesRecursively: false,
              test: /node_modules[\\/]uplot[\\/]|src[\\/]rsam[\\/](use-rsam-series|pieces)|src[\\/]chart[\\/]series-data|src[\\/]api[\\/](seismic\.|cache[\\/]rsam-cache-hint\.|worker[\\/]rsam-transport\.)|src[\\/]domain[\\/](relative-time|summary)|src[\\/]chart[\\/]draw-prep[\\/](gap-columns|rsam-draw-prep)\.|src[\\/]chart[\\/](plot|prime-axes|build-queue|draw-apart|decimate|chart-data|chart-theme|chart-options|time-splits)\.|src[\\/]ui[\\/]hooks[\\/]use-element-size/,
            },
          ],
        },
      },
    },
  },
  test: {
    globals: true,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'mocks/**/*.test.ts', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    testTimeout: 20_000,
  },
}));
