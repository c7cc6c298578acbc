// Shared plumbing of the benchmark scripts: the browser, waiting for servers, a build to measure.
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';

const LAUNCH = { executablePath: chromiumPath(), args: CHROMIUM_ARGS };

/**
 * The browser's own interface, which a page's figures should not pay for: after a page closed, a new
 * one could bring up the omnibox popup's WebUI in a renderer of its own (chrome://omnibox-popup),
 * 280–640 ms of CPU beside the page's load on this 2-core host; traced second visits from the RSAM
 * cache had it each time.
 */
const BROWSER_UI_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxFullPopup',
  'WebUIOmniboxAimPopup',
  'PreloadTopChromeWebUI',
];

/**
 * Chromium for a benchmark: LAUNCH, with BROWSER_UI_FEATURES disabled. Chromium keeps only the last
 * `--disable-features`, and Playwright passes its own, so the list it launched with is read from
 * chrome://version first and extended, not replaced. Where that page cannot be read (another build
 * of Chromium), LAUNCH as it is, said on the console.
 */
export async function launchBrowser(chromium) {
  const probe = await chromium.launch(LAUNCH);
  let line = '';
  try {
    const page = await probe.newPage();
    await page.goto('chrome://version', { timeout: 5000 });
    line = (await page.locator('#command_line').textContent({ timeout: 5000 })) ?? '';
  } catch {
    // left empty: handled below
  } finally {
    await probe.close();
  }
  const theirs = [...line.matchAll(/--disable-features=(\S+)/g)].flatMap((m) => m[1].split(','));
  if (!theirs.length) {
    console.log("note: chrome://version gave no --disable-features; Chromium's own UI stays on");
    return chromium.launch(LAUNCH);
  }
  const features = [...new Set([...theirs, ...BROWSER_UI_FEATURES])];
  return chromium.launch({ ...LAUNCH, args: [...LAUNCH.args, `--disable-features=${features.join(',')}`] });
}

/** Whether something answers at `url` (below 500). */
export async function answers(url) {
  try {
    return (await fetch(url)).status < 500;
  } catch {
    return false;
  }
}

/** Polls `url` until it answers below 500. */
export async function waitFor(url, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await answers(url)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

/** The signals that end a bench early: Ctrl-C, a time limit (timeout, CI), a closed terminal. */
export const ENDING_SIGNALS = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 };

/**
 * Servers started with npx, each in a process group of its own (npx starts the server as a
 * grandchild), all ended with `signal` when this script exits, is interrupted or is told to end:
 * a server is never left holding its port for the next bench. (Without a handler SIGTERM and
 * SIGHUP end Node without its 'exit' event, and the servers' groups lived on.)
 */
export function serverGroup(signal = 'SIGTERM') {
  const procs = [];
  const stop = () => {
    for (const p of procs.splice(0)) {
      try {
        process.kill(-p.pid, signal);
      } catch {
        /* already gone */
      }
    }
  };
  process.on('exit', stop);
  for (const [name, n] of Object.entries(ENDING_SIGNALS)) process.on(name, () => process.exit(128 + n));
  const start = (args, stdio = 'ignore') => {
    // TEST-ONLY CSP for `vite preview`: the build talks to the mock server on 127.0.0.1 (vite.config.ts).
    const env = { ...process.env, PREVIEW_CSP_ALLOW_LOOPBACK: '1' };
    const p = spawn('npx', args, { stdio, detached: true, env });
    procs.push(p);
    return p;
  };
  return { start, stop };
}

/**
 * CPU time (user + system, ms) used so far by the processes of group `pgid` (a server started by
 * serverGroup); null where /proc cannot tell. Clock ticks of 10 ms (CLK_TCK 100 on Linux).
 */
export function groupCpuMs(pgid) {
  let ticks = 0;
  try {
    for (const d of readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      let stat;
      try {
        stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      } catch {
        continue; // gone meanwhile
      }
      // Fields after the command name: state, ppid, pgrp, … utime (14th of the line), stime (15th).
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(f[2]) === pgid) ticks += Number(f[11]) + Number(f[12]);
    }
  } catch {
    return null;
  }
  return ticks * 10;
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One row for the `npm run bench` table (bench.mjs parses these lines). */
export function benchLine(name, value, unit, budget, pass) {
  console.log(`BENCH ${name} | ${value} | ${unit} | ${budget} | ${pass ? 'ok' : 'FAIL'}`);
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

/**
 * Resolves once the page logs `message`. Waiting with page.waitForFunction would put Playwright's
 * injected script (a task of 10–30 ms here) and its polling on the main thread being timed; a
 * console message costs the page next to nothing.
 */
export function pageSays(page, message, timeout = 180_000) {
  const said = new Promise((resolve, reject) => {
    const on = (m) => {
      if (m.text() !== message) return;
      clearTimeout(timer);
      page.off('console', on);
      resolve();
    };
    const timer = setTimeout(() => {
      page.off('console', on);
      reject(new Error(`the page did not say "${message}" within ${timeout} ms`));
    }, timeout);
    page.on('console', on);
  });
  said.catch(() => undefined); // awaited by the caller, unless its navigation failed first
  return said;
}
