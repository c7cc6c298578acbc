import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { test, expect, openApp } from './fixtures';

/**
 * Report figures (figure-svg.ts): an analysis chart exported as SVG and PNG in the light theme. The
 * SVG's text carries the caption (channels, range with zone, source, time of export, the rule) and
 * one label per panel; its series colours hold 3:1 on white; the PNG is the chosen resolution.
 */
const DAY = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const chart = (page: Page) => page.getByTestId('rsam-chart');
const points = async (page: Page) => Number(await chart(page).getAttribute('data-points'));

/** WCAG 2.x contrast of a `#rrggbb` colour on white, worked out here from the definition. */
function contrastOnWhite(hex: string): number {
  const lin = (v: number) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  const [r, g, b] = [1, 3, 5].map((i) => lin(parseInt(hex.slice(i, i + 2), 16) / 255)) as [number, number, number];
  return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05);
}

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
const textsOf = (svg: string, cls: string) =>
  [...svg.matchAll(new RegExp(`<text[^>]*class="${cls}"[^>]*>([^<]*)</text>`, 'g'))].map((m) => decode(m[1]!));
const seriesColours = (svg: string) =>
  [...svg.matchAll(/<(?:path|g)\b[^>]*class="series"[^>]*>/g)].map(
    (m) => /(?:stroke|fill)="(#[0-9a-fA-F]{6})"/.exec(m[0])![1]!,
  );

async function exportFigure(page: Page, format: 'SVG' | 'PNG', resolution?: string): Promise<Download> {
  await page.getByRole('button', { name: 'Export figure…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export figure' });
  await dialog.getByRole('radio', { name: new RegExp(`^${format}`) }).check();
  if (resolution) await dialog.getByLabel('Resolution (PNG)').selectOption({ label: resolution });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: `Save ${format}` }).click(),
  ]);
  await expect(dialog).toBeHidden();
  return download;
}

test('an event-count figure in the light theme: caption, one label per panel, contrast, PNG at 3×', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const day = isoDay(Date.now() - 3 * DAY);
  await openApp(page, `/seismic?channels=AV.CLCL..BHZ,AV.CLCO..BHZ&from=${day}&to=${day}&analysis=counts&threshold=2x`);
  await page.getByRole('button', { name: 'Light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect.poll(() => points(page)).toBeGreaterThan(10);
  await expect(page.getByRole('button', { name: 'Export figure…' })).toBeEnabled();

  const before = Date.now();
  const svgFile = await exportFigure(page, 'SVG');
  expect(svgFile.suggestedFilename()).toMatch(/^rsam_counts_AV\.CLCL\.\.BHZ_AV\.CLCO\.\.BHZ_.*\.svg$/);
  const svg = (await readFile(await svgFile.path())).toString('utf8');
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);

  // One panel, one label, naming what it shows.
  expect(textsOf(svg, 'panel-label')).toEqual(['Events per hour on AV.CLCL..BHZ, AV.CLCO..BHZ']);
  // The title on lines of its own, not cut: its text whole.
  expect(textsOf(svg, 'figure-title').join(' ')).toBe('RSAM event counts: AV.CLCL..BHZ, AV.CLCO..BHZ');

  const caption = textsOf(svg, 'caption').join(' ');
  expect(caption).toContain('Channels: AV.CLCL..BHZ, AV.CLCO..BHZ.');
  expect(caption).toContain(`Range: ${day} 00:00:00 UTC to ${isoDay(Date.parse(day) + DAY)} 00:00:00 UTC.`);
  expect(caption).toMatch(/An event is RSAM above 2 × /);
  expect(caption).toContain('Source: demo data');
  const stamp = /exported (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) UTC\./.exec(caption);
  expect(stamp).not.toBeNull();
  const exported = Date.parse(`${stamp![1]!.replace(' ', 'T')}Z`);
  expect(exported).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
  expect(exported).toBeLessThanOrEqual(Date.now());
  expect(caption).toContain('Made with Volcano Dashboard');

  // Bars of events and a line of windows above, each in a colour with 3:1 on white.
  const colours = seriesColours(svg);
  expect(colours).toHaveLength(2);
  for (const c of colours) expect(contrastOnWhite(c), c).toBeGreaterThanOrEqual(3);

  // The PNG at 3×: the same figure, three times the SVG's size (the header's IHDR width and height).
  const [w, h] = [/width="(\d+)"/.exec(svg)![1], /height="(\d+)"/.exec(svg)![1]].map(Number) as [number, number];
  const pngFile = await exportFigure(page, 'PNG', '3× (2880 px wide)');
  expect(pngFile.suggestedFilename()).toMatch(/\.png$/);
  await pngFile.saveAs(test.info().outputPath('counts-figure.png'));
  const bytes = await readFile(await pngFile.path());
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(w).toBe(960);
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([3 * w, 3 * h]);
  expect(consoleErrors).toEqual([]);
});

test('stacked panels: each names its channel; the dialog works from the keyboard', async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  const day = isoDay(Date.now() - 3 * DAY);
  await openApp(page, `/seismic?channels=AV.CLCL..BHZ,AV.CLCO..BHZ&from=${day}&to=${day}&layout=stacked&smooth=1h`);
  await expect.poll(() => points(page)).toBeGreaterThan(500);

  // Keyboard only: open, choose SVG with the arrow key, save with Enter.
  await page.getByRole('button', { name: 'Export figure…' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Export figure' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: /^PNG/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: /^SVG/ })).toBeChecked();
  await expect(dialog.getByLabel('Resolution (PNG)')).toBeDisabled();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  await download.saveAs(test.info().outputPath('stacked-figure.svg'));
  const svg = (await readFile(await download.path())).toString('utf8');

  expect(textsOf(svg, 'panel-label')).toEqual(['AV.CLCL..BHZ', 'AV.CLCO..BHZ']);
  const caption = textsOf(svg, 'caption').join(' ');
  expect(caption).toContain('Channels: AV.CLCL..BHZ, AV.CLCO..BHZ.');
  expect(caption).toContain('rolling mean over 1h');
  expect(caption).toMatch(/Range: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC to \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\./);
  const colours = seriesColours(svg);
  expect(colours).toHaveLength(2);
  for (const c of colours) expect(contrastOnWhite(c), c).toBeGreaterThanOrEqual(3);
  // A day of 1 h rolling means every 2 min: drawn from the decimated columns, a few per pixel column.
  expect(svg.length).toBeLessThan(200_000);
  expect(consoleErrors).toEqual([]);
});

test('ratio, cumulative and inverse-rate figures name their series and carry their method', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const day = isoDay(Date.now() - 3 * DAY);
  await openApp(page, `/seismic?channels=AV.CLCL..BHZ,AV.CLCO..BHZ&from=${day}&to=${day}`);
  await expect.poll(() => points(page)).toBeGreaterThan(1000);
  const analysis = page.getByRole('radiogroup', { name: 'Analysis' });
  const cases = [
    { mode: 'Ratio', label: 'AV.CLCL..BHZ ÷ AV.CLCO..BHZ', method: 'Amplitude ratio: first channel ÷ second channel' },
    { mode: 'Cumulative', label: 'AV.CLCL..BHZ, AV.CLCO..BHZ', method: 'Cumulative amplitude: running sum' },
    { mode: /^Inverse rate/, label: /^1\/RSAM AV\.CLCL\.\.BHZ$/, method: 'Failure Forecast Method' },
  ];
  for (const c of cases) {
    await analysis.getByRole('radio', { name: c.mode }).check();
    await expect(page.getByRole('button', { name: 'Export figure…' })).toBeEnabled();
    const svg = (await readFile(await (await exportFigure(page, 'SVG')).path())).toString('utf8');
    const labels = textsOf(svg, 'panel-label');
    expect(labels).toHaveLength(1);
    expect(labels[0]).toMatch(c.label);
    const caption = textsOf(svg, 'caption').join(' ');
    expect(caption).toContain(c.method);
    expect(caption).toContain(`Range: ${day} 00:00:00 UTC to `);
    expect(caption).toMatch(/Source: demo data.*exported \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\./);
    for (const colour of seriesColours(svg)) expect(contrastOnWhite(colour), colour).toBeGreaterThanOrEqual(3);
  }
  expect(consoleErrors).toEqual([]);
});

test('the volcano view’s RSAM chart exports a figure: its volcano, one key per channel, range with zone, PNG at 2×', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const four = ['OV.VPCC..HHZ', 'OV.VPNC..HHZ', 'OV.VPPC..HHZ', 'OV.VPRS..HHZ'];
  await openApp(page, `/volcano/345040?from=2025-03-01&to=2025-03-02&tz=local&channels=${four.join(',')}`);
  const chart = page.getByTestId('volcano-chart');
  await expect(chart.getByRole('group', { name: `RSAM of ${four.join(' and ')}` })).toBeVisible();
  await expect(page.getByText('Loading RSAM…')).toHaveCount(0);
  await expect(chart.getByRole('button', { name: 'Export figure…' })).toBeEnabled();

  const before = Date.now();
  const svgFile = await exportFigure(page, 'SVG');
  expect(svgFile.suggestedFilename()).toMatch(
    /^rsam_poas_2025-03-01T00-00Z_2025-03-03T00-00Z_America-Costa_Rica\.svg$/,
  );
  const svg = (await readFile(await svgFile.path())).toString('utf8');
  await svgFile.saveAs(test.info().outputPath('volcano-figure.svg'));

  expect(textsOf(svg, 'figure-title').join(' ')).toBe(`RSAM at Poás: ${four.join(', ')}`);
  // One panel (the chart is an overlay), its key naming each channel once, in its own colour.
  expect(textsOf(svg, 'panel-label')).toEqual(['Poás, RSAM of 4 channels']);
  expect(textsOf(svg, 'series-key')).toEqual(four);
  const colours = seriesColours(svg);
  expect(colours).toHaveLength(4);
  expect(new Set(colours).size).toBe(4);
  for (const c of colours) expect(contrastOnWhite(c), c).toBeGreaterThanOrEqual(3);
  // Every channel drawn, not only keyed: a path with points in it per series.
  const paths = [...svg.matchAll(/<path d="([^"]*)"[^>]*class="series" data-series="([^"]+)"/g)];
  expect(paths.map((m) => m[2])).toEqual(four);
  for (const m of paths) expect(m[1]!.split('L').length, m[2]).toBeGreaterThan(100);

  const caption = textsOf(svg, 'caption').join(' ');
  expect(caption).toContain('Volcano: Poás.');
  expect(caption).toContain(`Channels: ${four.join(', ')}.`);
  // The view's range (whole UTC days), in the zone it is shown in: Poás's, UTC−6, named CST.
  expect(caption).toContain('Range: 2025-02-28 18:00:00 CST to 2025-03-02 18:00:00 CST.');
  expect(caption).toContain('Source: demo data');
  expect(caption).toContain('Made with Volcano Dashboard');
  const stamp = /exported (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) CST\./.exec(caption);
  expect(stamp).not.toBeNull();
  const exported = Date.parse(`${stamp![1]!.replace(' ', 'T')}-06:00`);
  expect(exported).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
  expect(exported).toBeLessThanOrEqual(Date.now());
  // The axis names the zone too.
  expect(svg).toContain('time (America/Costa_Rica, UTC-06:00)');

  const [w, h] = [/width="(\d+)"/.exec(svg)![1], /height="(\d+)"/.exec(svg)![1]].map(Number) as [number, number];
  const pngFile = await exportFigure(page, 'PNG', '2× (1920 px wide)');
  expect(pngFile.suggestedFilename()).toMatch(/^rsam_poas_.*\.png$/);
  await pngFile.saveAs(test.info().outputPath('volcano-figure.png'));
  const bytes = await readFile(await pngFile.path());
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([2 * w, 2 * h]);
  expect(consoleErrors).toEqual([]);
});

/** Okabe–Ito, the dark theme's series colours, and the light theme's (src/chart/palette.ts), as the e2e reads them. */
const DARK = ['#E69F00', '#56B4E9', '#009E73', '#F0E442'];
const LIGHT = ['#A86F00', '#2B7FB8', '#007A5A', '#7A6F00'];
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

test('a theme toggle recolours the charts without a reload: the light palette, legible on white, on the seismic and volcano charts; the wall in its theme=', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const day = isoDay(Date.now() - 3 * DAY);
  await openApp(page, `/seismic?channels=AV.CLCL..BHZ,AV.CLCO..BHZ&from=${day}&to=${day}`);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const seismicPlot = chart(page).locator('[data-strokes]');
  await expect(seismicPlot).toHaveAttribute('data-strokes', DARK.slice(0, 2).join(' '));
  const swatches = page.getByLabel('Values under the cursor').locator('.swatch');
  await expect(swatches.nth(1)).toHaveCSS('background-color', rgb(DARK[1]!));
  // No reload between: the same document, its plot rebuilt with the light theme's colours.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole('button', { name: 'Light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(seismicPlot).toHaveAttribute('data-strokes', LIGHT.slice(0, 2).join(' '));
  await expect(swatches.nth(1)).toHaveCSS('background-color', rgb(LIGHT[1]!));
  // What is drawn now holds 3:1 on white (the light theme's cards).
  for (const c of LIGHT) expect(contrastOnWhite(c), c).toBeGreaterThanOrEqual(3);

  // The volcano view, four stations (the fourth was yellow): light, then dark and back, in place.
  const four = ['OV.VPCC..HHZ', 'OV.VPNC..HHZ', 'OV.VPPC..HHZ', 'OV.VPRS..HHZ'];
  await openApp(page, `/volcano/345040?from=2025-03-01&to=2025-03-02&channels=${four.join(',')}`);
  const card = page.getByTestId('volcano-chart');
  const volcanoPlot = card.getByTestId('rsam-chart');
  const group = card.getByRole('group', { name: `RSAM of ${four.join(' and ')}` });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(volcanoPlot).toHaveAttribute('data-strokes', LIGHT.join(' '));
  await expect(group).toHaveAccessibleDescription(/, olive line: OV\.VPRS\.\.HHZ/);
  await expect(card.locator('.volcano-chart__swatch').nth(3)).toHaveCSS('background-color', rgb(LIGHT[3]!));
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await expect(volcanoPlot).toHaveAttribute('data-strokes', DARK.join(' '));
  await expect(group).toHaveAccessibleDescription(/, yellow line: OV\.VPRS\.\.HHZ/);
  await page.getByRole('button', { name: 'Light theme' }).click();
  await expect(volcanoPlot).toHaveAttribute('data-strokes', LIGHT.join(' '));
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // The wall (no header, no toggle): its theme= changes as its address does, back and forth in one
  // document (as the browser's Back does), and its lines take that theme's accent.
  await openApp(page, '/wall?volcanoes=345040&theme=dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByTestId('wall-sparkline').first()).toHaveAttribute('data-strokes', '#ff9a3c');
  await page.evaluate(() => {
    history.pushState(null, '', '/wall?volcanoes=345040&theme=light');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  const spark = page.getByTestId('wall-sparkline').first();
  await expect(spark).toHaveAttribute('data-strokes', '#b54708');
  expect(consoleErrors).toEqual([]);
});
