import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect, atCalmInstant, expectNoEnglish } from './fixtures';

/**
 * /seismic in Spanish against the demo data: two channels of the last 24 hours drawn, the view's
 * words, the summary with its times in UTC, the keyboard cursor's read-out, an analysis worked out
 * in the worker and said on screen in Spanish (a ratio with a decimal comma), and the report
 * figure's dialog and caption. At the calm instant, so no random outage takes a chunk away.
 */
const chart = (page: Page) => page.getByTestId('rsam-chart');
const points = async (page: Page) => Number(await chart(page).getAttribute('data-points'));
const STAMP = String.raw`\d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)? UTC`;
const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

test('/seismic?lang=es: two channels drawn, Spanish words, counts and times the Spanish way, a figure in Spanish', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  await atCalmInstant(page);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto('/seismic?lang=es&channels=AV.CLCL..BHZ,OV.VPCC..HHZ&from=now-24h&to=now');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1, name: 'RSAM sísmica' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Canales', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Periodo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Últimas 24 h' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Desde (día UTC)')).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Escala de amplitud' }).getByRole('radio')).toHaveCount(2);
  await expect(page.getByRole('radio', { name: 'Logarítmica' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Hora local del volcán' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Canales elegidos' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText('2 elegidos de 6 como máximo.')).toBeVisible();

  // 24 h of two channels drawn.
  await expect.poll(() => points(page), { timeout: 30_000 }).toBeGreaterThan(1000);
  await expect(page.getByText(/^las últimas 24 horas: \d+ de \d+ bloques? cargados\.$/)).toBeVisible();

  const panel = page.getByRole('region', { name: 'Gráfico de RSAM' });
  await expect(panel.getByText(/^Eje de tiempo: UTC\. Arrastre para ampliar/)).toBeVisible();
  await expect(panel.getByText('Pase el puntero sobre el gráfico para leer los valores')).toBeVisible();
  const plot = panel.getByRole('group', { name: /^Gráfico de RSAM de AV\.CLCL\.\.BHZ, OV\.VPCC\.\.HHZ\. Las flechas/ });
  await expect(plot).toBeVisible();

  // The summary: its span in UTC, counts with Spanish grouping (a dot from 10 000 on).
  await expect(panel.getByRole('heading', { name: 'Resumen' })).toBeVisible();
  await expect(panel.getByText(new RegExp(`^De ${STAMP} a ${STAMP}, ventanas sin procesar de 60 s\\.$`))).toBeVisible();
  const count = String.raw`(\d{1,4}|\d{1,3}(\.\d{3})+|\d+,\d+)`;
  await expect(panel.getByRole('listitem').filter({ hasText: 'AV.CLCL..BHZ' }).last()).toHaveText(
    new RegExp(`^AV\\.CLCL\\.\\.BHZ: \\d\\.?\\d* puntos, mín\\. ${count}, máx\\. ${count}, mediana ${count} cuentas$`),
  );

  // The keyboard cursor: the read-out names the time with its zone, the values in counts.
  await plot.focus();
  await page.keyboard.press('Shift+Home');
  const legend = panel.getByLabel('Valores bajo el cursor');
  await expect(legend.locator('.rsam-legend__time')).toHaveText(new RegExp(`^${STAMP}$`));
  await expect(legend.getByRole('listitem').first()).toHaveText(new RegExp(`^AV\\.CLCL\\.\\.BHZ ${count} cuentas$`));

  // The report figure's dialog in Spanish, and its SVG: axis title, caption and source in Spanish.
  await panel.getByRole('button', { name: 'Exportar figura…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Exportar figura' });
  await expect(dialog.getByText(/^Una figura para un informe: fondo claro/)).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'Formato' })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'PNG (imagen)' })).toBeChecked();
  await expect(dialog.getByLabel('Resolución (PNG)')).toHaveValue('2');
  await expect(dialog.getByRole('option', { name: '2× (1920 px de ancho)' })).toBeAttached();
  await expect(dialog.getByRole('button', { name: 'Guardar PNG' })).toBeVisible();
  await dialog.getByRole('radio', { name: 'SVG (vectorial, cualquier tamaño)' }).check();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Guardar SVG' }).click(),
  ]);
  await expect(dialog).toBeHidden();
  const svg = decode(await readFile((await download.path())!, 'utf8'));
  expect(svg).toContain('>hora (UTC)<');
  expect(svg).toContain('>cuentas<');
  expect(svg).toContain('Canales: AV.CLCL..BHZ, OV.VPCC..HHZ.');
  expect(svg).toMatch(new RegExp(`Periodo: de ${STAMP} a ${STAMP}\\.`));
  expect(svg).toContain('Cuentas de RSAM, ventanas sin procesar de 60 s.');
  expect(svg).toContain('Fuente: datos de demostración');
  expect(svg).not.toMatch(/Channels:|Range:|Source:|>time \(/);

  // No English left in the view's words (names, codes and units aside).
  const text = await page.getByRole('main').innerText();
  expectNoEnglish(text, [
    'Loading',
    'Channels',
    'Time range',
    'Smoothing',
    'Summary',
    ' points',
    ' counts',
    'Export CSV',
    'Export figure',
    'Time axis',
    'Linear',
    'Move the pointer',
    'chosen',
    'latest',
    'Calendar of days',
  ]);

  // An analysis: worked out in the worker, said here in Spanish; a ratio has a decimal comma.
  await page.getByRole('radio', { name: 'Cociente' }).check();
  await expect(page).toHaveURL(/analysis=ratio/);
  const analysis = page.getByRole('region', { name: 'Gráfico de Cociente' });
  // What the series is made of (one paragraph, two lines).
  const scope = analysis.getByText(/^Canales: AV\.CLCL\.\.BHZ, OV\.VPCC\.\.HHZ\./);
  await expect(scope).toBeVisible({ timeout: 30_000 });
  await expect(scope).toContainText('Suavizado: ninguno, ventanas sin procesar de 60 s.');
  await expect(
    analysis.getByText(/^Cociente de amplitudes: primer canal ÷ segundo canal en ventanas alineadas/),
  ).toBeVisible();
  await expect(
    analysis.getByText(
      /^AV\.CLCL\.\.BHZ ÷ OV\.VPCC\.\.HHZ: [\d.]+ valores, mín\. \d+,\d+, máx\. \d+,\d+, mediana \d+,\d+ cociente$/,
    ),
  ).toBeVisible();
  const analysisText = await page.getByRole('main').innerText();
  expectNoEnglish(analysisText, ['Working out', 'Amplitude ratio', 'values, min', 'Channels:', 'none, raw', 'Summary']);
  expect(consoleErrors).toEqual([]);
});
