import type { Page } from '@playwright/test';
import { test, expect, expectNoEnglish } from './fixtures';

/** The `<dd>` beside a `<dt>` of the settings page's description list. */
const detail = (page: Page, term: string) =>
  page
    .locator('dl')
    .getByRole('definition')
    .filter({ has: page.locator(`xpath=preceding-sibling::dt[1][.="${term}"]`) });

test('settings in Spanish: every word, the service’s own answer as sent, times with their zones', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/settings?lang=es');
  await expect(page.getByRole('heading', { level: 1, name: 'Configuración' })).toBeVisible();
  await expect(detail(page, 'Servicio principal')).toHaveText('/demo-api');
  await expect(detail(page, 'Datos')).toHaveText('Datos de demostración incorporados (mock: true en config.json)');
  // The service's answer is its own (its status word and body as sent); the page's words around it are Spanish.
  const health = page.getByTestId('service-answer-health');
  await expect(health.getByRole('heading', { name: 'Estado (GET /health)' })).toBeVisible();
  await expect(health.getByRole('paragraph')).toContainText(
    /^healthy \(HTTP 200\) · application\/json · recibido \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/,
  );
  await expect(health.getByLabel('Estado: cuerpo')).toContainText('"database": "connected"');
  await expect(health.getByRole('button', { name: 'Comprobar de nuevo' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cupos de solicitudes que aplica esta aplicación' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Solicitudes por minuto' })).toBeVisible();
  await expect(page.getByRole('row', { name: /^\/api\/seismic\/rsam \S+ 100 documentado$/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Datos sísmicos guardados' })).toBeVisible();
  // The cache's size with a decimal comma.
  await expect(page.getByTestId('rsam-cache-size')).toHaveText(/^\d+,\d MB en \d+ bloques$/);
  await expect(page.getByRole('button', { name: 'Vaciar la caché' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Zonas horarias' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Hora local ahora' })).toBeVisible();
  // Every site's local time names its zone.
  await expect(page.getByRole('row').filter({ hasText: 'America/Costa_Rica' }).first()).toContainText(
    /\d{4}-\d\d-\d\d \d\d:\d\d \S+$/,
  );
  await expect(page.getByText(/^Ahora: \d{4}-\d\d-\d\d \d\d:\d\d UTC · /)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Oscuro (pantallas de operaciones, salas de control)' })).toBeChecked();
  const text = await page.getByRole('main').innerText();
  expectNoEnglish(text, ['Settings', 'Rate budgets', 'Time zones', 'Local time', 'documented', 'Check again']);
  expect(consoleErrors).toEqual([]);
});

test('the language menu in Settings switches in place and keeps the focus there', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const menu = page.getByRole('main').getByLabel('Language');
  await menu.selectOption('es');
  await expect(page.getByRole('heading', { level: 1, name: 'Configuración' })).toBeVisible();
  await expect(page.getByRole('main').getByLabel('Idioma')).toBeFocused();
  await expect(page.getByRole('banner').getByLabel('Idioma')).toHaveValue('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});
