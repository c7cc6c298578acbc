import type { Page } from '@playwright/test';
import { test, expect, atCalmInstant, mockControl, spaNavigate } from './fixtures';
import { VOLCANOES, CAMERA_SITES } from '../src/domain/volcanoes';

/**
 * Every view in the pseudo-language (`?lang=pseudo`): each message the app says is wrapped in ⟦…⟧,
 * so any word on screen outside the markers was written past the catalogue, a hard-coded string the
 * catalogue check (scripts/i18n-check.ts) cannot see. What may stand outside: numbers, dates and
 * times, codes, zone names, units, the volcanoes' and countries' names, and what an element marks
 * `translate="no"` (words as the service sent them).
 */

/** Names the app shows as they are (reference data), any language. */
const NAMES = new Set(
  [
    ...VOLCANOES.flatMap((v) => [v.name, v.country ?? '']),
    ...CAMERA_SITES.map((c) => c.site),
    'English',
    'Español',
    'Volcano Dashboard',
  ]
    .flatMap((n) => n.split(/\s+/))
    .filter(Boolean),
);

/** A token that is not a word of a language: a number, a time, a code, a zone, a unit. */
const NOT_A_WORD = [
  /^[\p{P}\p{S}]*$/u, // punctuation and symbols alone
  /^[+\-−]?[\d.,:/×%]+(s|ms|min|h|d|m|[kKMG]B|px|×|x)?$/, // numbers, dates, times, sizes, ratios
  /^\d{4}-\d\d-\d\d(T[\d:.]+Z?)?$/,
  /^[A-Z0-9][A-Z0-9._:-]*$/, // codes: AV.CLCL..BHZ, UTC, RSAM, CLNE, HST
  /^[A-Z][A-Za-z_]+\/[A-Za-z_/-]+$/, // zone names: America/Costa_Rica
  /^(UTC|GMT)[+\-−]?\d*(:\d\d)?$/,
  /^(s|ms|min|h|KB|MB|GB|px|Hz|km)$/, // units
  /^1\/[A-Z]+$/, // a code's reciprocal as a quantity: 1/RSAM, the inverse rate's series (as in both languages)
  /^[a-z]+=[^\s]*$/, // an address's own key=value, named as in the link
  // An endpoint's path, as the rate status names the lane that waits (/api/imagery/q): a code, the
  // same in every language. Path characters only, so no sentence can pass as one.
  /^\/[a-z0-9._-]+(\/[a-z0-9._-]+)+$/,
  // A short weekday before its date (the wall's clock): Intl names it in the language shown
  // (src/domain/zoned-time.ts), as it does a number; the pseudo-language's is English.
  /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat)$/,
];

/** The page's visible words and labels outside the pseudo-language's markers, but names and codes. */
async function leftovers(page: Page): Promise<string[]> {
  const runs = await page.evaluate(() => {
    const OPEN = '⟦';
    const CLOSE = '⟧';
    /** The parts of `text` outside every ⟦…⟧ (nested ones included), each a run of its own. */
    const outside = (text: string): string[] => {
      const out: string[] = [];
      let depth = 0;
      let run = '';
      for (const ch of text) {
        if (ch === OPEN) {
          if (depth === 0 && run.trim()) out.push(run);
          run = '';
          depth++;
        } else if (ch === CLOSE) depth = Math.max(0, depth - 1);
        else if (depth === 0) run += ch;
      }
      if (run.trim()) out.push(run);
      return out;
    };
    const visible = (el: Element | null) =>
      !!el && el.checkVisibility({ opacityProperty: false, visibilityProperty: true, contentVisibilityAuto: true });
    const skipped = (el: Element | null) => !el || !!el.closest('[translate="no"], script, style, noscript, svg text');
    const found: { where: string; text: string }[] = [];
    // Text in document order, joined, so a message split by its elements (<Trans>) keeps its markers.
    let text = '';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (skipped(el) || !visible(el)) continue;
      text += ` ${n.nodeValue ?? ''}`;
    }
    for (const run of outside(text)) found.push({ where: 'text', text: run });
    const ATTRS = ['aria-label', 'title', 'placeholder', 'alt', 'aria-description', 'aria-valuetext'];
    for (const el of document.querySelectorAll(ATTRS.map((a) => `[${a}]`).join(','))) {
      if (skipped(el) || !(visible(el) || el.tagName === 'DIALOG')) continue;
      for (const a of ATTRS) {
        const v = el.getAttribute(a);
        if (v) for (const run of outside(v)) found.push({ where: `${el.tagName.toLowerCase()}[${a}]`, text: run });
      }
    }
    for (const run of outside(document.title)) found.push({ where: 'title', text: run });
    return found;
  });
  const isWord = (token: string) => {
    const bare = token.replace(/^[(«"'“[]+|[)»"'”\].,;:!?…]+$/g, '');
    return bare !== '' && !(NAMES.has(bare) || NOT_A_WORD.some((re) => re.test(bare)));
  };
  // Stray words as phrases (strays close together, with what stands between them), each once: a
  // failure reads as a list of phrases to wrap in a message.
  const out = new Set<string>();
  for (const { where, text } of runs) {
    const tokens = text.split(/\s+/).filter(Boolean);
    let first = -1;
    let last = -1;
    const flush = () => first >= 0 && out.add(`${where}: ${tokens.slice(first, last + 1).join(' ')}`);
    tokens.forEach((token, i) => {
      if (!isWord(token)) return;
      if (first < 0 || i - last > 2) {
        flush();
        first = i;
      }
      last = i;
    });
    flush();
  }
  return [...out];
}

async function expectAllMarked(page: Page, view: string) {
  expect(await leftovers(page), `${view}: words outside a message`).toEqual([]);
}

/** Focuses the chart `name`d, shows its keyboard cursor's read-out (time and values), and checks. */
async function expectCursorMarked(page: Page, name: RegExp, view: string) {
  await page.getByRole('group', { name }).first().focus();
  await page.keyboard.press('Shift+Home');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(page.getByLabel('⟦Values under the cursor⟧').locator('.rsam-legend__time')).toHaveText(
    /\d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)? UTC/,
  );
  await expectAllMarked(page, view);
}

/** Waits until at least one image of the page has loaded (thumbnails, frames, wall cameras). */
async function imagesLoaded(page: Page) {
  await expect
    .poll(() =>
      page
        .locator('main img, [data-testid="wall"] img')
        .evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length),
    )
    .toBeGreaterThan(0);
}

test.describe('the pseudo-language: no word on screen outside a message', () => {
  test.beforeEach(async ({ page }) => {
    await atCalmInstant(page);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  test('home, seismic with its figure dialog, keyboard cursor and analyses, volcano, wall', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(120_000); // four views, and four analyses worked out in the worker
    await page.goto('/?lang=pseudo');
    await expect(page.getByRole('heading', { level: 1, name: '⟦Monitored volcanoes⟧' })).toBeVisible();
    await expect(page.getByText(/⟦\d+(,\d{3})* counts at/).first()).toBeVisible();
    await expectAllMarked(page, 'home');

    await page.goto('/seismic?channels=AV.CLCL..BHZ,AV.CLCO..BHZ&from=2025-03-01&to=2025-03-02&lang=pseudo');
    await expect(page.getByText(/2 of 2 chunks loaded/)).toBeVisible();
    await expectAllMarked(page, 'seismic');
    await page.getByRole('button', { name: /Export figure/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAllMarked(page, 'seismic, figure dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expectCursorMarked(page, /^⟦⟦RSAM chart of /, 'seismic, keyboard cursor');

    // Analyses: worked out in the worker (which writes English), said again on the page.
    const analysis = page.getByRole('radiogroup', { name: '⟦Analysis⟧' });
    await analysis.getByRole('radio', { name: '⟦Ratio⟧' }).check();
    await expect(page.getByText(/÷ AV\.CLCO\.\.BHZ: [\d,]+ values, min/)).toBeVisible({ timeout: 30_000 });
    await expectAllMarked(page, 'seismic, ratio');
    await expectCursorMarked(page, /^⟦⟦⟦Ratio⟧ chart of /, 'seismic, ratio, keyboard cursor');
    await analysis.getByRole('radio', { name: '⟦Event counts⟧' }).check();
    await expect(page.getByRole('table', { name: /Events per hour/ })).toBeVisible({ timeout: 30_000 });
    await expectAllMarked(page, 'seismic, event counts');
    await expectCursorMarked(page, /^⟦⟦⟦Event counts⟧ chart of /, 'seismic, event counts, keyboard cursor');
    await page.getByLabel(/^⟦Threshold/).fill('abc');
    await page.getByRole('button', { name: '⟦Apply⟧' }).click();
    await expect(page.getByRole('alert')).toContainText('Enter counts above 0');
    await expectAllMarked(page, 'seismic, event counts, a bad threshold');
    await analysis.getByRole('radio', { name: /^⟦Inverse rate/ }).check();
    await expect(page.getByText(/^⟦Inverse rate 1\/RSAM: Failure Forecast Method/)).toBeVisible({ timeout: 30_000 });
    await expectAllMarked(page, 'seismic, inverse rate');

    await page.goto('/volcano/345040?from=2025-03-01&to=2025-03-02&lang=pseudo');
    await expect(page.getByTestId('volcano-chart')).toBeVisible();
    await expect(page.getByText(/Loading RSAM/)).toHaveCount(0);
    await imagesLoaded(page);
    await expectAllMarked(page, 'volcano');

    await page.goto('/wall?lang=pseudo');
    await expect(page.getByTestId('wall')).toBeVisible();
    await imagesLoaded(page);
    await expectAllMarked(page, 'wall');
    expect(consoleErrors).toEqual([]);
  });

  test('imagery with its dialogs, legacy with results, activity with event types, settings, not found', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/imagery?lang=pseudo');
    await expect(page.getByText(/Images 1–\d+ of/)).toBeVisible();
    await imagesLoaded(page);
    await expectAllMarked(page, 'imagery');
    await page
      .getByRole('button', { name: /^⟦Open image / })
      .first()
      .click();
    const lightbox = page.getByTestId('lightbox');
    await expect(lightbox.locator('img')).toHaveJSProperty('complete', true);
    await expectAllMarked(page, 'imagery, lightbox');
    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();
    // A selection, and the dialog that downloads it.
    await page.locator('main [data-image-id]').first().getByRole('checkbox').click();
    await expect(page.getByText('⟦1 selected⟧')).toBeVisible();
    await page.getByRole('button', { name: /Download selected/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAllMarked(page, 'imagery, download selected dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /Download all matching/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAllMarked(page, 'imagery, download dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /Time-lapse/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAllMarked(page, 'imagery, time-lapse');
    await page.keyboard.press('Escape');

    await page.goto('/legacy?lang=pseudo');
    const form = page.getByRole('form', { name: /Legacy query/ });
    // The view drawn, not the page's loading words before the app starts.
    await expect(form).toBeVisible();
    await expectAllMarked(page, 'legacy, empty');
    await form.getByLabel(/Image type/).selectOption('infrared');
    await form.getByLabel(/Site/).selectOption('CLNE');
    // No range and no limit: the query is not sent, and why is said.
    await form.getByRole('button', { name: /Search/ }).click();
    await expect(page.getByRole('alert')).toContainText('⟦Query not sent⟧');
    await expectAllMarked(page, 'legacy, query not sent');
    await form.getByLabel(/From/).fill('2025-03-01T00:00');
    await form.getByLabel(/To/).fill('2025-03-03T00:00');
    await form.getByLabel(/Limit/).fill('50');
    await form.getByRole('button', { name: /Search/ }).click();
    await expect(page.getByRole('heading', { name: /50 images/ })).toBeVisible();
    await expectAllMarked(page, 'legacy, results');
    await page.getByRole('button', { name: /Thumbnails/ }).click();
    await imagesLoaded(page);
    await expectAllMarked(page, 'legacy, results as thumbnails');
    await page.getByRole('button', { name: /Table/ }).click();
    await page
      .getByRole('button', { name: /^⟦Look up \S+⟧$/ })
      .first()
      .click();
    await expect(
      page
        .getByRole('region', { name: /Look up an image by id/ })
        .getByRole('term')
        .first(),
    ).toBeVisible();
    await expectAllMarked(page, 'legacy, look-up by id');

    await page.goto('/activity?lang=pseudo');
    await expect(page.getByRole('table')).toBeVisible();
    await expectAllMarked(page, 'activity');

    await page.goto('/settings?lang=pseudo');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The service's answers shown as sent, their words marked so.
    await expect(page.getByTestId('service-answer-health').locator('pre')).toBeVisible();
    await expect(page.getByTestId('service-answer-root').locator('pre')).toBeVisible();
    await expectAllMarked(page, 'settings');

    await page.goto('/no-such-view?lang=pseudo');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAllMarked(page, 'not found');
    expect(consoleErrors).toEqual([]);
  });

  test('volcano with its cursor frames, time-lapse and span download; the wall with a rule, unrest and outages; the shell’s waits, failures and notices', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // Poás on the day of its swarm (e2e/i18n-volcano.spec.ts): events, frames and an evidence pack.
    await page.clock.setSystemTime(Date.parse('2025-11-28T09:13:00Z'));
    await page.goto('/volcano/345040?from=2025-11-26T06:00:00Z&to=2025-11-27T06:00:00Z&n=3&lang=pseudo');
    const chart = page.getByTestId('volcano-chart');
    await expect(chart.locator('canvas')).toBeVisible();
    const events = page.getByRole('list', { name: '⟦Events⟧' });
    await expect(events.getByRole('listitem').first()).toBeVisible({ timeout: 60_000 });
    await imagesLoaded(page);
    await expectAllMarked(page, 'volcano, events');
    const box = (await chart.locator('.u-over').boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2);
    await expect(
      page.getByRole('region', { name: '⟦Frames at the cursor⟧' }).getByRole('figure').first(),
    ).toBeVisible();
    await expectAllMarked(page, 'volcano, frames at the cursor');
    await page.mouse.move(0, 0);
    await events.getByRole('button', { name: '⟦Select event 1⟧' }).click();
    const lapse = page.getByRole('region', { name: '⟦Time-lapse of the selected span⟧' });
    await expect(lapse.getByText(/⟦Step 1 of \d+/)).toBeVisible();
    await expectAllMarked(page, 'volcano, evidence pack with its time-lapse');
    await page.getByRole('button', { name: /Download infrared images/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: /Download/ }).first()).toBeVisible();
    await expectAllMarked(page, 'volcano, span download dialog');

    // The wall with a session's rule, then a station in unrest and one silent, then RSAM failing,
    // then nothing answering (the outage banner).
    await atCalmInstant(page);
    await page.goto('/wall?alert=AV.CLCL..BHZ:1,AV.CLES..BHZ:1000000&refresh=6&lang=pseudo');
    await expect(page.getByTestId('wall')).toBeVisible();
    await imagesLoaded(page);
    await expect(page.getByRole('status', { name: '⟦Attention⟧' })).not.toHaveText('');
    await expectAllMarked(page, 'wall, alert rule');
    await mockControl(page, {
      action: 'rsamScene',
      scene: 'unrest',
      network: 'OV',
      station: 'VPCC',
      factor: 8,
      minutes: 30,
    });
    await mockControl(page, { action: 'rsamScene', scene: 'silent', network: 'AV', station: 'CLES', minutes: 30 });
    await expect(page.getByRole('article', { name: 'Poás' })).toHaveClass(/wall-tile--attention/, { timeout: 30_000 });
    await expectAllMarked(page, 'wall, unrest');
    await mockControl(page, { action: 'fault', fault: { match: '/api/seismic/rsam', kind: 'status', status: 500 } });
    await expect(page.locator('.wall-banner')).toContainText(/RSAM failing since/, { timeout: 30_000 });
    await expectAllMarked(page, 'wall, RSAM failing');
    await mockControl(page, { action: 'clearFaults' });
    await mockControl(page, { action: 'fault', fault: { match: '/api/', kind: 'network' } });
    await expect(page.locator('.wall-banner')).toContainText(/Connection lost since/, { timeout: 60_000 });
    await expectAllMarked(page, 'wall, connection lost');

    // The shell: the rate status bar (bare 429s), a view's failure panel, notices of ignored
    // address parameters; a wall and a volcano that do not exist.
    await mockControl(page, { action: 'clearFaults' });
    await mockControl(page, { action: 'fault', fault: { match: '/api/seismic/rsam', kind: 'rate-limit' } });
    await mockControl(page, { action: 'fault', fault: { match: '/api/imagery', kind: 'status', status: 404 } });
    await spaNavigate(page, '/volcano/345040?from=now-6x&tz=local&lang=pseudo');
    await expect(page.getByTestId('rate-status').first()).toBeVisible({ timeout: 30_000 });
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: /⟦The service answered 404⟧/ })
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /Ignored from=now-6x/ })).toBeVisible();
    await expectAllMarked(page, 'volcano, rate limited, failing, with a notice');
    await page.goto('/wall?volcanoes=999,345040&refresh=x&alert=AV.CLCL..BHZ:abc&lang=pseudo');
    await expect(page.getByRole('status').filter({ hasText: 'Some URL settings were ignored' })).toBeVisible();
    await expectAllMarked(page, 'wall, with notices');
    await spaNavigate(page, '/volcano/999999?lang=pseudo');
    await expect(page.getByRole('heading', { name: '⟦Volcano not found⟧' })).toBeVisible();
    await expectAllMarked(page, 'volcano not found');

    // The activity view with the form for one's own client (its warning and client-auth methods).
    await page.goto('/activity?lang=pseudo');
    await expect(page.getByRole('table')).toBeVisible();
    await page.getByRole('radio', { name: /My own client id and secret/ }).check();
    await expect(page.getByRole('form', { name: '⟦Client credentials⟧' })).toBeVisible();
    await expectAllMarked(page, 'activity, own client');
  });
});
