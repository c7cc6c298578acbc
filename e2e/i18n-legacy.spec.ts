import { test, expect, expectNoEnglish } from './fixtures';

// The legacy v1 view in Spanish against the demo data: Cleveland's infrared camera CLNE over two
// days, limited to 150 records (more than the 100 the v1 service puts in one ZIP).
const QUERY =
  '/legacy?lang=es&type=infrared&site=CLNE&search_from=2025-03-01T00:00&search_to=2025-03-03T00:00&limit=150';

test('legacy v1 in Spanish: a query with results, times without a zone and in UTC, links to v2, a look-up by id', async ({
  page,
  consoleErrors,
}) => {
  await page.goto(QUERY);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1, name: 'Archivo heredado de imágenes (v1)' })).toBeVisible();
  await expect(page.getByText('Esta es la interfaz v1, ya reemplazada.')).toBeVisible();

  const form = page.getByRole('form', { name: 'Consulta heredada' });
  await expect(form.getByLabel('Sitio')).toHaveValue('CLNE');
  await expect(form.getByLabel('Desde (search_from)')).toHaveValue('2025-03-01T00:00');
  await expect(form.getByLabel('Límite')).toHaveValue('150');
  await expect(form.getByRole('button', { name: 'Buscar' })).toBeVisible();

  // The results: their count, the ZIP's limit said with the result's size.
  await expect(page.getByRole('heading', { level: 2, name: '150 imágenes' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Descargar ZIP' })).toBeDisabled();
  await expect(page.getByText(/solo arma un ZIP con 100 imágenes o menos, y este resultado tiene 150\./)).toBeVisible();

  // v1 gives no zone: the times are shown as written, and in UTC as the records' ids show them.
  await expect(page.getByRole('columnheader', { name: 'Captura (sin zona horaria)' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'En UTC' })).toBeVisible();
  const firstRow = page.getByRole('row').nth(1).getByRole('cell');
  await expect(firstRow.nth(3)).toHaveText(/^2025-03-0[12] \d\d:\d\d:\d\d$/);
  await expect(firstRow.nth(4)).toHaveText(/^2025-03-0[123] \d\d:\d\d:\d\d UTC( si es (UTC|hora local del sitio))?/);
  await expect(page.getByText(/^El servicio v1 da sus horas sin zona horaria/)).toBeVisible();
  await expect(page.getByText(/Aquí se muestran (leídas como|sin decidir)/)).toBeVisible();

  // The links to v2, one per reading, with the zone named.
  await expect(
    page.getByRole('link', { name: 'Abrir en v2, leyendo las horas v1 como hora local de CLNE (America/Adak)' }),
  ).toHaveAttribute('href', /\/imagery\?imageType=infrared&vnum=311240&datefrom=20250301100000&dateto=20250303100000$/);
  await expect(page.getByRole('link', { name: 'Abrir en v2, leyendo las horas v1 como UTC' })).toBeVisible();
  await expect(page.getByTestId('v1-zone-because')).toHaveText(/^(leídas como|sin decidir)/);
  await expect(
    page.getByText(/^CLNE es la única cámara infrarroja de Cleveland, así que a v2 se le pide/),
  ).toBeVisible();

  // Thumbnails of the same result, each saying its time has no zone.
  await page.getByRole('button', { name: 'Miniaturas' }).click();
  await expect(
    page.getByRole('img', { name: /^Imagen infrarroja de CLNE a las 2025-03-0\d.*, sin zona horaria$/ }).first(),
  ).toBeVisible();
  await expect(page.getByRole('list').filter({ hasText: '(sin zona horaria)' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Tabla' }).click();

  // No English left in the view's words (names, codes and the parameters' names aside).
  const text = await page.getByRole('main').innerText();
  expectNoEnglish(text, [
    'Legacy',
    'superseded',
    'Captured',
    'zone not given',
    'In UTC',
    'Look up',
    'Search',
    'Table',
    'Thumbnails',
    'Download',
    'images',
    'Page ',
    'read as',
    'undecided',
    'Open in v2',
    'local time',
    'Times are sent',
  ]);

  // A look-up by id from the table: the record's metadata, its time without a zone and in UTC.
  const first = page.getByRole('button', { name: /^Buscar \S+$/ }).first();
  const imageId = (await first.textContent())!;
  await first.click();
  await expect(page).toHaveURL(new RegExp(`id=${imageId}`));
  const lookup = page.getByRole('region', { name: 'Buscar una imagen por id' });
  await expect(lookup.getByLabel('Id de la imagen (infrarroja)')).toHaveValue(imageId);
  const meta = lookup.getByRole('definition');
  await expect(lookup.getByRole('term')).toContainText([
    'Id de la imagen',
    'Id en la base de datos',
    'Sitio',
    'Número de volcán',
    'Captura',
    'En UTC',
  ]);
  await expect(meta.filter({ hasText: '(sin zona horaria)' })).toHaveText(
    /^2025-03-0[12] \d\d:\d\d:\d\d \(sin zona horaria\)$/,
  );
  await expect(lookup.getByRole('button', { name: 'Descargar el archivo' })).toBeVisible();
  await expect(lookup.getByRole('button', { name: 'Abrir el archivo' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
