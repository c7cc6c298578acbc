import type { Page } from '@playwright/test';
import { test, expect, openApp } from './fixtures';

/** Opens a path and waits for the shell, in Spanish. */
async function openInSpanish(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('link', { name: /Panel de volcanes/ }).or(page.getByTestId('wall'))).toBeVisible();
}

// The shell in Spanish: the header, the config error screen and the load-failure screen, and how the
// language is chosen (a link's lang=, the header's menu, the browser's language) and remembered.

test('?lang=es opens the shell in Spanish, <html lang> says so, and the choice is remembered', async ({
  page,
  consoleErrors,
}) => {
  await openInSpanish(page, '/no-such-page?lang=es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const nav = page.getByRole('navigation', { name: 'Principal' });
  for (const name of ['Sísmica', 'Imágenes', 'Pantalla de operaciones', 'Registro de actividad', 'Configuración'])
    await expect(nav.getByRole('link', { name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Panel de volcanes' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tema claro' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
  await expect(page.getByText('No hay nada en /no-such-page.')).toBeVisible();
  await expect(page.getByLabel('Idioma')).toHaveValue('es');
  // Remembered: the same browser opens without lang= in Spanish.
  await openInSpanish(page, '/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
  // A link's lang= wins over what was remembered.
  await openApp(page, '/no-such-page?lang=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(consoleErrors).toEqual([]);
});

test('the header’s language menu switches without a reload, keeps focus, and is remembered', async ({ page }) => {
  await openApp(page, '/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const menu = page.getByLabel('Language');
  await menu.selectOption('es');
  await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Sísmica' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const idioma = page.getByLabel('Idioma');
  await expect(idioma).toBeFocused();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
  // And back, in place.
  await idioma.selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test.describe('a browser set to Spanish (es-CR)', () => {
  test.use({ locale: 'es-CR' });

  test('opens in Spanish with no lang= in the link', async ({ page }) => {
    await openInSpanish(page, '/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Saltar al contenido' })).toBeAttached();
  });

  test('an invalid config.json is said in Spanish, the bad key named as written', async ({ page }) => {
    await page.route('**/config.json', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ apiBaseUrl: 42, mock: true }) }),
    );
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'El panel no puede iniciarse' })).toBeVisible();
    await expect(page.getByText('config.json no es válido.')).toBeVisible();
    await expect(page.getByText(/apiBaseUrl/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Recargar' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });

  test('when the app chunk cannot load, the boot says so in Spanish', async ({ page }) => {
    await page.route(/\/assets\/app-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
    await page.goto('/seismic');
    await expect(page.getByRole('alert')).toContainText('El panel no puede iniciarse');
    await expect(page.getByRole('button', { name: 'Recargar' })).toBeVisible();
  });
});
