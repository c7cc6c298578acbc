import { test, expect, expectNoEnglish } from './fixtures';

/**
 * The volcano view in Spanish, with its chart, frames and events loaded: Poás on the day of its
 * swarm (the demo's mock runs in the page on this fixed clock, so the swarm's events are there each
 * run), in UTC. Words the service sends and codes (stations, channels, image ids) stay as they are.
 */
const NOW = Date.parse('2025-11-28T09:13:00Z');
const DAY = '/volcano/345040?from=2025-11-26T06:00:00Z&to=2025-11-27T06:00:00Z&n=3&lang=es';

test('/volcano?lang=es: Poás with its chart, frames and events in Spanish; a ratio with a decimal comma; times with their zone', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  await page.clock.setSystemTime(NOW);
  await page.goto(DAY);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Poás · Costa Rica · volcán 345040$/);

  const toolbar = page.getByRole('toolbar', { name: 'Periodo' });
  for (const name of ['Ampliar', 'Reducir', 'Antes', 'Después', 'Últimos 7 días'])
    await expect(toolbar.getByRole('button', { name })).toBeVisible();
  await expect(toolbar.getByRole('combobox', { name: 'Horas en' })).toHaveValue('utc');
  await expect(toolbar.getByRole('option', { name: 'Hora del sitio (America/Costa_Rica)' })).toBeAttached();

  // The chart and the camera lanes, loaded.
  const chart = page.getByTestId('volcano-chart');
  await expect(chart.locator('canvas')).toBeVisible();
  // The chart's key for a screen reader names each line's colour in Spanish.
  await expect(page.getByRole('main')).toContainText(/línea naranja: OV\.\w+\.\.HHZ/);
  // Poás's vertical channels, joined by the language's own "and".
  await expect(page.getByRole('group', { name: /^RSAM de OV\.\w+\.\.HHZ y OV\.\w+\.\.HHZ$/ })).toBeVisible();
  const ir = page.getByRole('list', { name: 'Fotogramas infrarrojos' });
  await expect(ir.getByRole('button').first()).toBeVisible();
  await expect(ir.getByRole('button').first()).toHaveAccessibleName(
    /^Fotograma infrarrojo \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/,
  );
  await expect(page.getByRole('list', { name: 'Fotogramas visibles' }).getByRole('button').first()).toBeVisible();
  await expect(page.getByTestId('sampling')).toHaveText('· Muestreo de fotogramas: por hora (un fotograma por hora)');
  await expect(page.getByRole('list', { name: 'Colores de la banda de calidad' })).toContainText('Calidad desconocida');
  await expect(page.getByTestId('quality-strip').first()).toHaveAccessibleName(/^Cámara infrarroja \S+: .*\d+ %/);
  await expect(page.getByTestId('cursor-time')).toHaveText('Cursor: ninguno');

  // Events, each with its peak ratio written with a decimal comma and its time with its zone.
  const events = page.getByRole('list', { name: 'Eventos' });
  await expect(events.getByRole('listitem').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/^\d+ eventos? empiezan? en este rango/)).toBeVisible();
  await expect(events.getByRole('listitem').first()).toContainText(
    /durante .+ · \d+ ventanas? por encima · pico de \d+,\d× la mediana previa a las \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC · OV\./,
  );
  await expect(page.getByRole('heading', { name: 'Paquete de evidencias' })).toBeVisible();

  // The cursor over the chart: its time with its zone, and the frames it brings up.
  const over = chart.locator('.u-over');
  const box = (await over.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2);
  await expect(page.getByTestId('cursor-time')).toHaveText(/^Cursor: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
  const preview = page.getByRole('region', { name: 'Fotogramas en el cursor' });
  await expect(preview.getByRole('heading', { name: 'Fotogramas más cercanos al cursor' })).toBeVisible();
  await expect(preview.getByRole('figure', { name: 'Fotograma infrarrojo en el cursor' })).toBeVisible();
  await page.mouse.move(0, 0);

  // An event's span: its time-lapse, said in Spanish.
  await events.getByRole('button', { name: 'Seleccionar el evento 1' }).click();
  const lapse = page.getByRole('region', { name: 'Secuencia del intervalo seleccionado' });
  await expect(lapse.getByText(/^Paso 1 de \d+/)).toBeVisible();
  await expect(lapse.getByRole('button', { name: 'Reproducir la secuencia' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Descargar imágenes infrarrojas…' })).toBeVisible();
  await expect(page.getByText(/^Intervalo seleccionado: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC → /)).toBeVisible();

  // None of the view's English words are left in the main region (codes, zones and units aside;
  // "Visible" is Spanish too). The event rule's sentence and the figure's button are other modules' words.
  const text = await page.getByRole('main').innerText();
  expectNoEnglish(text, [
    'Zoom in',
    'Earlier',
    'Last 7 days',
    'Cursor time',
    'Frame sampling',
    'Infrared',
    'frames',
    'Events',
    'begin in this range',
    'Threshold',
    'Apply',
    'Evidence pack',
    'Time-lapse',
    'Select',
    ' shown',
    'Speed',
    'Step ',
    'peak',
    'Loading',
    'Channels',
    'station',
    'Quality',
    'Night',
    'No image',
    'Chart shading',
    'red shading',
  ]);
  expect(consoleErrors).toEqual([]);
});
