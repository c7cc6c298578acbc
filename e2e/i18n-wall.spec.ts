import { test, expect, atCalmInstant } from './fixtures';

// The wall's attention in Spanish: its words come from the attention rule shared with the home
// page (src/analysis/attention/attention-words.ts). The rest of the wall's words are not translated
// yet; this guards what is, and that the header's calm look does not depend on the English words.
test('/wall?lang=es: attention said in Spanish, calm shown calm, ratios with a decimal comma', async ({ page }) => {
  await atCalmInstant(page);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/wall?lang=es');
  await expect(page.getByTestId('wall')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const attention = page.getByRole('status', { name: 'Atención' });
  await expect(attention).toHaveText('Todo en calma: RSAM normal en todas las estaciones');
  await expect(attention).not.toHaveClass(/wall-head__attention--raised/);
  const poas = page
    .getByTestId('volcano-state')
    .filter({ has: page.getByRole('list', { name: 'Estaciones de Poás' }) });
  await expect(poas).toContainText(/^Normal/);
  await expect(
    poas.getByRole('list', { name: 'Estaciones de Poás' }).getByRole('listitem').first(),
  ).toHaveAccessibleName(/^\S+ normal: RSAM \d+,\d × su mediana de 24 horas \(\d+(\.\d{3})* cuentas\)$/);
});
