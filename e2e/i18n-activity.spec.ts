import { test, expect, expectNoEnglish } from './fixtures';

/**
 * The activity view in Spanish: the connection form and its warning, the count and the table's
 * headers in the app's words, and the event types as the platform sent them (its values, object
 * types and modules are the service's words, never translated).
 */
test('/activity?lang=es: typed credentials list the event types; the form in Spanish, the values as sent', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/activity?lang=es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Tipos de evento del registro de actividad' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Conexión' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Cómo obtener un token de acceso' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Proxy de tokens de esta instalación \(recomendado\)/ })).toBeChecked();

  await page.getByRole('radio', { name: /^Mi propio id de cliente y secreto, solo para esta sesión/ }).check();
  const form = page.getByRole('form', { name: 'Credenciales de cliente' });
  await expect(form.getByRole('note')).toContainText(
    'Advertencia: una página web no puede guardar un secreto de forma segura.',
  );
  await expect(form.getByRole('note')).toContainText('Use un cliente que tenga solo el ámbito ACTIVITY_LOG');
  await expect(form.getByRole('group', { name: 'Enviar el cliente como' })).toContainText(
    'campos de formulario (client_id, client_secret en el cuerpo)',
  );
  await form.getByLabel('Id de cliente', { exact: true }).fill('demo-client');
  await form.getByLabel('Secreto de cliente', { exact: true }).fill('demo-secret');
  await form.getByRole('button', { name: 'Usar estas credenciales' }).click();

  // The list: counted in Spanish, headed in Spanish, its cells as the platform sent them.
  await expect(page.getByText(/^\d+ tipos de evento$/)).toBeVisible();
  await expect(form.getByLabel('Secreto de cliente', { exact: true })).toHaveValue('');
  await expect(page.getByRole('status').filter({ hasText: 'Hay un token en memoria' })).toContainText(
    /válido hasta \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC; ámbito: ACTIVITY_LOG\.$/,
  );
  const table = page.getByRole('table', { name: 'Tipos de evento, ordenados por Código' });
  for (const name of ['Código', 'Tipo de evento', 'Tipo de objeto', 'Módulo'])
    await expect(table.getByRole('columnheader', { name })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Document Created' })).toContainText(
    /Document Created\s*Document\s*Content/,
  );
  await expect(page.getByRole('group', { name: 'Módulos' }).getByRole('checkbox', { name: 'Users' })).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Tipos de objeto' }).getByRole('checkbox', { name: 'API Key' }),
  ).toBeVisible();

  // The search narrows the answer: the service's words are searched as sent.
  await page.getByLabel('Buscar en la lista').fill('deleted');
  await expect(page.getByText(/^\d+ de \d+ tipos de evento coinciden con «deleted»$/)).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'User Deleted' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Quitar los filtros' })).toBeVisible();

  const text = await page.getByRole('main').innerText();
  expectNoEnglish(text, [
    'Activity-log',
    'Connection',
    'Tenant base URL',
    'How to get an access token',
    'Warning',
    'Client id',
    'Use these credentials',
    'Forget credentials',
    'A token is held',
    'Filters',
    'Search the list',
    'event types',
    'Object type',
    'Module ',
    'match',
  ]);
  expect(consoleErrors).toEqual([]);
});
