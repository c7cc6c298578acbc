// Shared plumbing of the benchmark scripts: the browser, waiting for servers, a build to measure.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

/** CHROMIUM_PATH, else Debian's Chromium, else Playwright's own browser (undefined). */
export function chromiumPath() {
  for (const p of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) if (p && existsSync(p)) return p;
  return undefined;
}

export const LAUNCH = {
  executablePath: chromiumPath(),
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

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
