/**
 * One browser per engine, started once for the whole suite, behind the same small interface:
 *   Firefox: Debian's firefox-esr through puppeteer-core over WebDriver BiDi (no driver binary);
 *   WebKit:  WebKitGTK's MiniBrowser through WebKitWebDriver (selenium-webdriver), on an Xvfb display.
 * Neither downloads a browser: both run the packages Debian installs.
 */
/* global document, window -- the functions handed to evaluate and waitFor run in the page */
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { inPage } from './page-helpers.mjs';

export const FIREFOX_BIN = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER_BIN = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER_BIN = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const XVFB_BIN = process.env.XVFB_PATH ?? '/usr/bin/Xvfb';

/** What an engine needs on this machine, and the Debian package that brings each. */
export const NEEDS = {
  firefox: [[FIREFOX_BIN, 'firefox-esr']],
  webkit: [
    [WEBKIT_DRIVER_BIN, 'webkit2gtk-driver'],
    [MINIBROWSER_BIN, 'webkit2gtk-driver (MiniBrowser, from libwebkit2gtk-4.1)'],
    [XVFB_BIN, 'xvfb'],
  ],
};

export function missing(engine) {
  return NEEDS[engine].filter(([path]) => !existsSync(path)).map(([path, pkg]) => `${path} (${pkg})`);
}

const POLL_MS = 200;

class Driver {
  constructor(engine, base) {
    this.engine = engine;
    this.base = base;
    this.errors = [];
    this.marks = 0;
  }

  /** Runs `fn(H, ...args)` in the page (scripts/engines/page-helpers.mjs) and returns its answer. */
  async evaluate(fn, ...args) {
    const raw = await this._eval(inPage(fn, args));
    const r = JSON.parse(raw);
    if ('error' in r) throw new Error(`in the page: ${r.error}`);
    return r.ok;
  }

  /** Polls `fn` in the page until it answers something truthy; fails with `what` and its last answer. */
  async waitFor(what, fn, { timeout = 30_000, args = [] } = {}) {
    const end = Date.now() + timeout;
    let last;
    for (;;) {
      try {
        last = await this.evaluate(fn, ...args);
        if (last) return last;
      } catch (e) {
        // A navigation between two polls destroys the script's context: poll again.
        last = String(e.message ?? e).split('\n')[0];
      }
      if (Date.now() > end)
        throw new Error(`timed out after ${timeout / 1000} s waiting for ${what} (last: ${JSON.stringify(last)})`);
      await sleep(POLL_MS);
    }
  }

  /** Opens `path` of the app afresh (a full load), keeping the errors the page before it collected. */
  async goto(path) {
    await this.collectErrors();
    await this._goto(this.base + path);
    await this.waitFor(
      `the app shell at ${path}`,
      (H) => !!H.named('a', /Volcano Dashboard/) || !!document.querySelector('[data-testid="wall"]'),
    );
  }

  /** Waits for the element `find(H, ...args)` returns, then clicks it as a person would (a trusted event). */
  async click(what, find, ...args) {
    const key = `t${++this.marks}`;
    // The finder's source goes into the script itself: the page's CSP forbids eval.
    const probe = `(H, key, a) => { const el = (${find.toString()})(H, ...a); return el && H.visible(el) && !el.disabled ? H.mark(el, key) : null; }`;
    await this.waitFor(what, probe, { args: [key, args] });
    await this._click(`[data-engines-target="${key}"]`);
  }

  /** Types `text` key by key into the control `find` returns. */
  async type(what, find, text, ...args) {
    const key = `t${++this.marks}`;
    const probe = `(H, key, a) => { const el = (${find.toString()})(H, ...a); return el && H.visible(el) ? H.mark(el, key) : null; }`;
    await this.waitFor(what, probe, { args: [key, args] });
    await this._type(`[data-engines-target="${key}"]`, text);
  }

  /** Moves the page's errors (page-helpers.mjs PROBE_SOURCE) into `this.errors`. */
  async collectErrors() {
    try {
      const got = await this.evaluate(() => {
        const e = window.__engineErrors ?? [];
        window.__engineErrors = [];
        return e;
      });
      this.errors.push(...(got ?? []));
    } catch {
      // No page yet (about:blank before the first load).
    }
  }

  /** Every error since the last call. */
  async takeErrors() {
    await this.collectErrors();
    const e = this.errors;
    this.errors = [];
    return e;
  }
}

/** Firefox ESR over WebDriver BiDi, downloads into `downloadDir` without a dialog. */
export async function launchFirefox({ base, downloadDir }) {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: FIREFOX_BIN,
    headless: true,
    extraPrefsFirefox: {
      // A ZIP goes to `downloadDir` with no dialog, as a person's "always save" setting does.
      'browser.download.dir': downloadDir,
      'browser.download.folderList': 2,
      'browser.download.useDownloadDir': true,
      'browser.helperApps.neverAsk.saveToDisk': 'application/zip,application/octet-stream',
      'browser.download.always_ask_before_handling_new_types': false,
      'browser.download.manager.showWhenStarting': false,
      'browser.download.alwaysOpenPanel': false,
    },
  });
  const page = await browser.newPage();
  await page.setViewport({ width: 1440, height: 900 });
  const d = new Driver('firefox', base);
  // BiDi's log events also catch errors the page's own probe cannot (before it loads, in workers).
  page.on('pageerror', (e) => d.errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) d.errors.push(`console: ${m.text()}`);
  });
  d._eval = (script) => page.evaluate(script);
  d._goto = (url) => page.goto(url, { waitUntil: 'load', timeout: 60_000 }).then(() => undefined);
  d._click = (css) => page.click(css);
  d._type = (css, text) => page.type(css, text);
  d.screenshot = (path) => page.screenshot({ path, fullPage: true });
  d.close = () => browser.close();
  d.version = await browser.version();
  return d;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** An Xvfb display of its own (-displayfd picks a free number), for as long as the suite runs. */
function startXvfb() {
  return new Promise((resolve, reject) => {
    const p = spawn(XVFB_BIN, ['-displayfd', '3', '-screen', '0', '1440x900x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    p.stderr.on('data', (c) => (err += c));
    p.stdio[3].on('data', (c) => {
      out += c;
      if (out.includes('\n')) resolve({ display: `:${out.trim()}`, stop: () => p.kill() });
    });
    p.once('exit', (code) => reject(new Error(`Xvfb exited (${code}): ${err.trim().split('\n').at(-1)}`)));
  });
}

async function waitForDriver(url, proc) {
  const end = Date.now() + 20_000;
  while (Date.now() < end) {
    if (proc.exitCode !== null) throw new Error(`WebKitWebDriver exited (${proc.exitCode})`);
    try {
      if ((await fetch(`${url}/status`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error('WebKitWebDriver did not answer /status in 20 s');
}

/** WebKitGTK's MiniBrowser through WebKitWebDriver on a display of its own. */
export async function launchWebKit({ base }) {
  const { Builder, By } = await import('selenium-webdriver');
  const xvfb = await startXvfb();
  const port = await freePort();
  const driverProc = spawn(WEBKIT_DRIVER_BIN, [`--port=${port}`, '--host=127.0.0.1'], {
    stdio: 'ignore',
    env: { ...process.env, DISPLAY: xvfb.display },
  });
  const stopAll = () => {
    driverProc.kill();
    xvfb.stop();
  };
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitForDriver(url, driverProc);
    const session = await new Builder()
      .usingServer(url)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER_BIN, args: ['--automation'] },
      })
      .build();
    await session.manage().setTimeouts({ script: 60_000, pageLoad: 60_000 });
    await session.manage().window().setRect({ width: 1440, height: 900 });
    const d = new Driver('webkit', base);
    d._eval = (script) => session.executeScript(`return ${script};`);
    // Each view in a fresh tab, the one before it closed. WebKit keeps a page left by navigation in
    // its back/forward cache, frozen, and one frozen mid-way through an IndexedDB transaction holds
    // the rate ledger's store: the app now gives up on it after 10 s (src/api/rate/idb-ledger.ts
    // STUCK_TX_MS), but every view after it would start 10 s late (the Download dialog then did not
    // open within 30 s once). A closed tab ends its transactions, so each view is checked on its own.
    d._goto = async (u) => {
      const old = await session.getWindowHandle();
      await session.switchTo().newWindow('tab');
      const fresh = await session.getWindowHandle();
      await session.switchTo().window(old);
      await session.close();
      await session.switchTo().window(fresh);
      await session.get(u);
    };
    // The element's own click(): WebDriver's pointer click in MiniBrowser missed now and then (a radio
    // left unchecked, a button that opened nothing) in full runs, never alone; typing stays key by key.
    d._click = (css) => session.executeScript('document.querySelector(arguments[0]).click();', css);
    d._type = async (css, text) => (await session.findElement(By.css(css))).sendKeys(text);
    d.screenshot = async (path) => writeFileSync(path, await session.takeScreenshot(), 'base64');
    d.close = async () => {
      await session.quit().catch(() => undefined);
      stopAll();
    };
    const caps = await session.getCapabilities();
    d.version = `${caps.get('browserName')} ${caps.get('browserVersion')}`;
    return d;
  } catch (e) {
    stopAll();
    throw e;
  }
}
