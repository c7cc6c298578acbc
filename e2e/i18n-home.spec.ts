import { test, expect, atCalmInstant, expectNoEnglish } from './fixtures';

test('the home page in Spanish: every word, the ratio with a decimal comma, times with their zones', async ({
  page,
  consoleErrors,
}) => {
  await atCalmInstant(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/?lang=es');
  await expect(page.getByRole('heading', { level: 1, name: 'Volcanes vigilados' })).toBeVisible();
  await expect(
    page.getByText(/^Para vulcanólogos: la amplitud sísmica \(RSAM\) y las imágenes de cámara/),
  ).toBeVisible();
  await expect(page.getByRole('status', { name: 'Atención' })).toHaveText(
    'Todo en calma: RSAM normal en todas las estaciones',
  );
  const latest = (name: string) => page.getByRole('list', { name: `${name}: datos más recientes` });
  for (const [name, channel, camera] of [
    ['Cleveland', 'AV.CLCL..BHZ', 'Cámara infrarroja CLNE'],
    ['Poás', 'OV.VPCC..HHZ', 'Cámara visible VPMI'],
    ['Villarrica', 'VC.RKPI..HHZ', 'Cámara visible RKPI'],
  ] as const) {
    // Counts as Spanish writes them (a dot between thousands from 10 000 on), the time in UTC, its age.
    await expect(latest(name).getByRole('listitem').filter({ hasText: channel })).toHaveText(
      new RegExp(
        `^${channel.replace(/\./g, '\\.')}: (\\d{1,4}|\\d{1,3}(\\.\\d{3})+) cuentas a las (\\d{4}-\\d\\d-\\d\\d )?\\d\\d:\\d\\d UTC · hace \\d+ (s|min|h \\d\\d min)$`,
      ),
    );
    await expect(latest(name).getByRole('listitem').filter({ hasText: camera })).toHaveText(
      new RegExp(`^${camera}: imagen más reciente (\\d{4}-\\d\\d-\\d\\d )?\\d\\d:\\d\\d \\S+ · hace \\d+ (s|min)$`),
    );
  }
  await expect(latest('Okmok').getByRole('listitem').first()).toHaveText(
    'RSAM: no hay estación sísmica en este volcán.',
  );
  // A calm volcano's state: its word and its ratio to the median, with a decimal comma.
  const poas = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Poás' }) });
  await expect(poas.getByTestId('volcano-state')).toContainText(/^Normal RSAM \d+,\d × su mediana de 24 horas/);
  await expect(poas.getByRole('list', { name: 'Estaciones de Poás' })).toBeVisible();
  await expect(poas).toContainText(/Costa Rica · número de volcán \d+ · zona horaria America\/Costa_Rica/);
  await expect(poas.getByRole('link', { name: 'Sísmica, últimos 7 días' })).toBeVisible();
  await expect(poas.getByRole('link', { name: 'Imágenes' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Registro de alertas' })).toBeVisible();
  await expect(page.getByText('Aún no hay subidas registradas.')).toBeVisible();
  // No English left in the page's words (names, codes and units aside).
  const text = await page.getByRole('main').innerText();
  expectNoEnglish(text, [
    ' counts',
    ' ago',
    'newest image',
    'Monitored',
    'Loading',
    'unknown',
    'Alert log',
    'volcano number',
  ]);
  expect(consoleErrors).toEqual([]);
});
