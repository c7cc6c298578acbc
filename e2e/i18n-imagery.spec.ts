import type { Page } from '@playwright/test';
import { test, expect, expectNoEnglish } from './fixtures';

// The imagery view in Spanish against the demo data: one site at freq=all over a week, so the
// service answers in the site's local time (Villarrica's RKPI, America/Santiago, GMT-3 in January)
// and the estimate is above the mock's large_dataset threshold.
const WEEK =
  '/imagery?lang=es&imageType=visible&site=RKPI&vnum=357120&datefrom=20250101000000&dateto=20250107235959&limit=20&order=asc';

const cards = (page: Page) => page.getByTestId('image-card');

/** A count as Spanish writes it: digits alone below 10 000, a dot between thousands from there on. */
const COUNT = String.raw`(\d{1,4}|\d{1,3}(\.\d{3})+)`;

test('imagery in Spanish: filters, sampling words, cards with their zone, pagination, the lightbox', async ({
  page,
  consoleErrors,
}) => {
  await page.goto(WEEK);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1, name: 'Imágenes' })).toBeVisible();
  await expect(cards(page)).toHaveCount(20);

  // The filters, with the meaning of From/To for one site at freq=all: local days at the site.
  const filters = page.getByRole('form', { name: 'Filtros de imágenes' });
  await expect(filters.getByLabel('Tipo de imagen')).toHaveValue('visible');
  await expect(filters.getByLabel('Sitio de cámara')).toHaveValue('RKPI');
  await expect(filters.getByLabel('Desde (día local en RKPI, America/Santiago)')).toHaveValue('2025-01-01');
  await expect(filters.getByLabel('Hasta (día local en RKPI, America/Santiago)')).toHaveValue('2025-01-07');
  await expect(
    filters.getByText(
      /^Desde y Hasta son días locales completos en RKPI \(America\/Santiago\); el servicio ignora las horas\. Esto abarca de 2025-01-01 03:00:00 UTC a 2025-01-08 02:59:59 UTC\.$/,
    ),
  ).toBeVisible();
  // Sampling: the API's values as sent, what each returns in Spanish, with a decimal comma.
  await expect(filters.getByRole('group', { name: 'Muestreo (freq)' })).toBeVisible();
  await expect(filters.getByRole('radio', { name: 'all' })).toBeChecked();
  await expect(filters.getByText(/^la imagen central de cada hora, alrededor de un 98 % menos/)).toBeVisible();
  await expect(filters.getByText(/alrededor de un 99,9 % menos de imágenes/)).toBeVisible();
  await expect(filters.getByLabel('Orden')).toHaveValue('asc');
  await expect(filters.getByLabel('Día / noche (solo visible)')).toBeVisible();
  await expect(filters.getByRole('button', { name: 'Aplicar filtros' })).toBeEnabled();

  // Times in the site's zone, said once above the grid and on every card.
  await expect(
    page.getByText(/^Las horas son la hora local del sitio de cámara \(GMT-3, America\/Santiago\), tal como/),
  ).toBeVisible();
  await expect(cards(page).first().locator('time')).toHaveText(/^2025-01-01 \d\d:\d\d:\d\d GMT-3$/);
  await expect(cards(page).first()).toContainText('RKPI · visible');
  await expect(
    cards(page)
      .first()
      .getByRole('button', { name: /^Abrir la imagen RKPI 2025-01-01 \d\d:\d\d:\d\d GMT-3$/ }),
  ).toBeVisible();

  // Pagination, its counts the Spanish way.
  const pages = page.getByRole('navigation', { name: 'Páginas de resultados' });
  await expect(pages).toContainText(new RegExp(`Imágenes 1–20 de ${COUNT} · página 1 de ${COUNT}`));
  await pages.getByRole('button', { name: 'Página siguiente' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pages.getByRole('button', { name: 'Página 2', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(pages).toContainText(new RegExp(`Imágenes 21–40 de ${COUNT} · página 2 de ${COUNT}`));

  // Selection words.
  await cards(page).first().getByRole('checkbox').click();
  await expect(page.getByText('1 seleccionadas')).toBeVisible();
  await page.getByRole('button', { name: 'Vaciar la selección' }).click();
  await expect(page.getByText('0 seleccionadas')).toBeVisible();

  // No English left in the view's words (names, codes, units and the API's values aside).
  const text = await page.getByRole('main').innerText();
  expectNoEnglish(text, [
    'Image type',
    'Camera site',
    'Sampling',
    'every image',
    'fewer images',
    'Newest first',
    'Oldest first',
    'Page size',
    'Apply filters',
    'Undo changes',
    'Select this page',
    'selected',
    'Download',
    'Time-lapse',
    'Times are',
    'local time',
    'Next page',
    'Previous page',
    'Quality unknown',
    'whole local days',
    ' of ',
  ]);

  // The lightbox: its words, the time in the site's zone and in UTC.
  await cards(page)
    .first()
    .getByRole('button', { name: /^Abrir la imagen/ })
    .click();
  const lightbox = page.getByTestId('lightbox');
  await expect(lightbox).toContainText('Imagen 1 de 20 en la página 2 (21 de');
  await expect(lightbox.getByRole('button', { name: 'Imagen siguiente →' })).toBeVisible();
  await expect(lightbox.getByText('Flechas: anterior/siguiente · Esc: cerrar')).toBeVisible();
  const meta = lightbox.locator('dl');
  await expect(meta.locator('dt')).toContainText([
    'Hora',
    'Hora (UTC)',
    'Sitio',
    'Volcán',
    'Tipo',
    'Calidad',
    'Marcas',
  ]);
  await expect(meta.locator('dt', { hasText: 'Hora (UTC)' }).locator('+ dd')).toHaveText(
    /^2025-01-01 \d\d:\d\d:\d\d UTC$/,
  );
  await expect(meta.locator('dt', { hasText: /^Hora$/ }).locator('+ dd')).toHaveText(/ GMT-3$/);
  await expect(lightbox.getByRole('list', { name: 'Marcas' })).toContainText(/Noche: (sí|no|desconocido)/);
  await expect(lightbox.getByRole('link', { name: 'Abrir el archivo original' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();
  expect(consoleErrors).toEqual([]);
});

test('imagery in Spanish: the download dialog (estimate, large download, sampling, saved) and the time-lapse', async ({
  page,
  consoleErrors,
}) => {
  await page.goto(WEEK);
  await expect(cards(page)).toHaveCount(20);

  await page.getByRole('button', { name: 'Descargar todas las que cumplen los filtros…' }).click();
  const dialog = page.getByTestId('download-dialog');
  await expect(
    dialog.getByRole('heading', { name: 'Descargar todas las imágenes que cumplen los filtros' }),
  ).toBeVisible();
  await expect(
    dialog.getByText(
      'Todas las imágenes que cumplen los filtros, no solo esta página: visibles en RKPI, muestreo all.',
    ),
  ).toBeVisible();
  // The estimate: a size with a decimal comma, the service's warning word as sent.
  const estimate = dialog.getByRole('region', { name: 'Estimación' }).locator('dl');
  await expect(estimate.locator('dt')).toHaveText(['Imágenes', 'Tamaño estimado', 'Tiempo estimado']);
  await expect(estimate.locator('dd').nth(1)).toHaveText(/^\d+,\d (MB|GB)$/);
  await expect(dialog.getByText('Descarga grande (large_dataset).')).toBeVisible();
  await dialog.getByRole('button', { name: 'Usar muestreo horario' }).click();
  await expect(page).toHaveURL(/freq=hourly/);
  await expect(dialog.getByText('Descarga grande (large_dataset).')).toBeHidden();
  const count = (await dialog.getByTestId('estimate-count').textContent())!;
  expect(count).toMatch(new RegExp(`^${COUNT}$`));

  // Saved, and where: this browser saves to its downloads (or to a chosen file, when offered).
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: `Descargar ${count} imágenes` }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  await expect(dialog.getByText(/^Guardado en sus descargas: \S+\.zip \(\d+,\d MB\)/)).toBeVisible();
  const dialogText = await dialog.innerText();
  expectNoEnglish(dialogText, ['Estimate', 'Download', 'Saved', 'sampling', 'images', 'Cancel', 'Large download']);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The time-lapse: its controls, and each frame's time with its zone (hourly sampling: UTC).
  await page.getByRole('button', { name: 'Secuencia temporal…' }).click();
  const lapse = page.getByTestId('time-lapse');
  await expect(lapse.getByRole('heading', { name: 'Secuencia temporal' })).toBeVisible();
  await expect(lapse).toContainText(
    /Reproduce las \d+ imágenes del resultado actual, de la más antigua a la más reciente/,
  );
  await expect(lapse.getByTestId('time-lapse-time')).toHaveText(/^2025-01-01 \d\d:\d\d:\d\d UTC$/);
  await expect(lapse).toContainText(new RegExp(`fotograma 1 de ${COUNT}`));
  await expect(lapse.getByRole('slider', { name: 'Posición' })).toHaveAttribute(
    'aria-valuetext',
    /^fotograma 1, 2025-01-01 \d\d:\d\d:\d\d UTC$/,
  );
  await lapse.getByLabel('Fotogramas por segundo').fill('40');
  await expect(lapse.getByText('De 1 a 30 fotogramas por segundo; se reproduce a 5.')).toBeVisible();
  await lapse.getByLabel('Fotogramas por segundo').fill('20');
  await lapse.getByRole('button', { name: 'Reproducir' }).click();
  await expect(lapse).toContainText(/fotograma ([3-9]|\d{2,}) de/);
  await lapse.getByRole('button', { name: 'Pausa' }).click();
  await expect(lapse.getByRole('button', { name: 'Reproducir' })).toBeVisible();
  const lapseText = await lapse.innerText();
  expectNoEnglish(lapseText, ['Plays', 'frame', 'Play', 'Pause', 'Position', 'Frames per second', 'loading']);
  expect(consoleErrors).toEqual([]);
});
