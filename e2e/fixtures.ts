import { test as base, expect, type Locator, type Page } from '@playwright/test';
import type { DatesShape, TimeReadings, TokenAuthMode } from '../mocks/state';

/** Body of POST /demo-api/__mock/control (mocks/handlers/control.ts). */
export type MockControl =
  | { action: 'reset' }
  | { action: 'clearFaults' }
  | { action: 'now'; now: string }
  /** `retryAfterHeader`: main-host 429s carry Retry-After (default false: spec 01 promises only the body). */
  | { action: 'rateLimits'; enabled: boolean; scale?: number; retryAfterHeader?: boolean }
  /** How the platform token endpoint takes the client: form fields, HTTP Basic, or either (default). */
  | { action: 'tokenAuth'; mode: TokenAuthMode }
  /** Body shape of /api/imagery/dates and /dates/range (default 'sites-list'; DATES_SHAPES in mocks/state.ts). */
  | { action: 'datesShape'; shape: DatesShape }
  | {
      action: 'fault';
      fault: {
        match: string;
        query?: Record<string, string>;
        kind: 'status' | 'rate-limit' | 'malformed' | 'schema' | 'slow' | 'network' | 'redirect' | 'endless';
        status?: number;
        delayMs?: number;
        times?: number;
        /**
         * For 'rate-limit': true adds Retry-After (seconds to the next minute) on the main or legacy
         * host (the platform's 429 always has it); a string is sent as the header's value, any host.
         */
        retryAfter?: boolean | string;
        /** For 'redirect': the Location answered (status 307 unless `status` says another). */
        location?: string;
        /** The error body's text (detail, a 429's error string, a legacy or platform message). */
        text?: string;
      };
    }
  /** Every v2 record's image_url on this base instead of the mock's own (null: back to it). */
  | { action: 'imageBase'; base: string | null }
  /** The zones of ids and v1 timestamps, and one site's local order (mocks/state.ts `TimeReadings`). */
  | ({ action: 'timeReadings' } & Partial<TimeReadings>)
  /**
   * An RSAM scene relative to the mock's clock (mocks/state.ts `RsamScenes`): unrest (× factor for
   * the last minutes), a silent station (no window for the last minutes), a lone spike (one window
   * × factor, minutesAgo before now); 'none' ends them all.
   */
  | {
      action: 'rsamScene';
      scene: 'unrest' | 'silent' | 'spike' | 'none';
      network?: string;
      station?: string;
      factor?: number;
      minutes?: number;
      minutesAgo?: number;
    };

/** Talks to the in-browser mock service (demo mode) through its control endpoint. */
export async function mockControl(page: Page, body: MockControl): Promise<void> {
  const ok = await page.evaluate(async (b) => {
    const res = await fetch('/demo-api/__mock/control', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(b),
    });
    return res.ok;
  }, body);
  expect(ok, `mock control ${body.action}`).toBe(true);
}

interface Fixtures {
  /** Console errors and uncaught exceptions seen on the page; most tests assert it stays empty. */
  consoleErrors: string[];
}

export const test = base.extend<Fixtures>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() !== 'error') return;
      const text = m.text();
      // Failed requests a test provoked on purpose are logged by the browser itself.
      if (/Failed to load resource/.test(text)) return;
      errors.push(text);
    });
    await use(errors);
  },
});

/** Waits until the demo mock worker controls the page and the app shell rendered. */
export async function openApp(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('link', { name: /Volcano Dashboard/ }).or(page.getByTestId('wall'))).toBeVisible();
}

export { expect };

/**
 * Asserts that none of a view's English words is left in `text` (a Spanish view's innerText),
 * naming the word that is: names, codes and units are kept out of the lists.
 */
export function expectNoEnglish(text: string, words: readonly string[]): void {
  for (const english of words) expect(text, english).not.toContain(english);
}

/**
 * 2026-11-20T12:00:00Z: an instant where every station of the demo has data and no tremor episode
 * in the day before it. The demo's mock plays outages and episodes at random (mocks/data/rsam.ts)
 * on the page's clock, so a test that needs a calm wall or home page sets the page's clock here:
 * at any other hour a station may be silent or a volcano elevated, and their words rightly take
 * room on a tile (a CI run at 06:20 UTC on 2026-11-29 met Cleveland's CLSF silent).
 */
export const CALM_NOW = Date.parse('2026-11-20T12:00:00Z');

/** Starts the page's clock (and so the demo's mock) at CALM_NOW; it runs on from there. */
export async function atCalmInstant(page: Page): Promise<void> {
  await page.clock.setSystemTime(CALM_NOW);
}

/**
 * Client-side navigation. The demo mock lives in the page, so a full `page.goto` starts it afresh and
 * forgets injected faults; navigating inside the single-page app keeps them.
 */
export async function spaNavigate(page: Page, url: string): Promise<void> {
  await page.evaluate((u) => {
    window.history.pushState({}, '', u);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, url);
}

/**
 * Drags across a uPlot plot area (`.u-over` inside `chart`) between two fractions of its width,
 * as a user zooms. Returns the plot area's box for pointing at it again.
 */
export async function dragChart(chart: Locator, a: number, b: number) {
  const page = chart.page();
  const over = chart.locator('.u-over');
  await over.scrollIntoViewIfNeeded();
  const box = (await over.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * a, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * ((a + b) / 2), y, { steps: 4 });
  await page.mouse.move(box.x + box.width * b, y, { steps: 4 });
  await page.mouse.up();
  return box;
}

/** The page's path and query, e.g. `/seismic?from=…`, for reopening the same view. */
export function currentPath(page: Page): string {
  const u = new URL(page.url());
  return u.pathname + u.search;
}
