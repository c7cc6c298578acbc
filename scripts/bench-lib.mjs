// Shared plumbing of the benchmark scripts: the browser, waiting for servers, a build to measure.
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

export { chromiumPath } from './chromium.mjs';

export const LAUNCH = { executablePath: chromiumPath(), args: CHROMIUM_ARGS };

/** Polls `url` until it answers below 500. */
export async function waitFor(url, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

/** The build `npm run bench` made (BENCH_DIST or `preferred`), else a fresh one in `fallback`. */
export function ensureBuild(preferred, fallback) {
  if (preferred && existsSync(join(preferred, 'index.html'))) return preferred;
  console.log('▶ building…');
  const b = spawnSync('npx', ['vite', 'build', '--outDir', fallback, '--logLevel', 'warn'], { stdio: 'inherit' });
  if (b.status !== 0) process.exit(1);
  return fallback;
}

/** The stand-alone mock's three bases (`npm run mock:server --port`), on 127.0.0.1. */
export function mockBases(port) {
  return {
    apiBaseUrl: `http://127.0.0.1:${port}`,
    legacyBaseUrl: `http://127.0.0.1:${port + 1}`,
    platformBaseUrl: `http://127.0.0.1:${port + 2}`,
  };
}

/** A fresh copy of the build `dist` in `out`, configured as a deployment (mock: false) on `bases`. */
export function copyBuildWithBases(dist, out, bases) {
  rmSync(out, { recursive: true, force: true });
  cpSync(dist, out, { recursive: true });
  const file = join(out, 'config.json');
  const cfg = JSON.parse(readFileSync(file, 'utf8'));
  Object.assign(cfg, { mock: false, ...bases });
  delete cfg.platformTokenProxyUrl;
  delete cfg.mockNow;
  writeFileSync(file, JSON.stringify(cfg));
}
