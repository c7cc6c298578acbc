import type { Page } from '@playwright/test';
import { test, expect, atCalmInstant } from './fixtures';
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
    await expectAllMarked(page, 'settings');

    await page.goto('/no-such-view?lang=pseudo');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAllMarked(page, 'not found');
    expect(consoleErrors).toEqual([]);
  });
});
