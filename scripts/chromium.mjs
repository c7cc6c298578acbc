// The browser for e2e tests and benchmarks, in one place (playwright.config.ts and bench-lib.mjs).
import { existsSync } from 'node:fs';

/** CHROMIUM_PATH, else Debian's Chromium, else undefined (Playwright's own browser). */
export function chromiumPath() {
  for (const p of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'])
    if (p && existsSync(p)) return p;
  return undefined;
}

/** Headless on a closed network: without the background-networking flags Chromium keeps dialling out. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
