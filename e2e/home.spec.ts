import { test, expect, openApp, mockControl } from './fixtures';

test('the home page says what the tool is for and gives each volcano a line of its latest RSAM and image age, linking to its page', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page, '/');
  await expect(
    page.getByText(/^For volcanologists: each volcano's seismic amplitude \(RSAM\) and camera images/),
  ).toBeVisible();
  const latest = (name: string) => page.getByRole('list', { name: `${name}: latest data` });
  // Each vertical channel's latest value, its channel and time with zone and age; each camera's newest image's age.
  for (const [name, channel, camera] of [
    ['Cleveland', 'AV.CLCL..BHZ', 'Infrared CLNE'],
    ['Poás', 'OV.VPCC..HHZ', 'Visible VPMI'],
    ['Villarrica', 'VC.RKPI..HHZ', 'Visible RKPI'],
  ] as const) {
    await expect(latest(name).getByRole('listitem').filter({ hasText: channel })).toHaveText(
      new RegExp(
        `^${channel.replace(/\./g, '\\.')}: [\\d,]+ counts at (\\d{4}-\\d\\d-\\d\\d )?\\d\\d:\\d\\d UTC · \\d+ (s|min|h \\d\\d min) ago$`,
      ),
    );
    await expect(latest(name).getByRole('listitem').filter({ hasText: camera })).toHaveText(
      new RegExp(`^${camera}: newest image (\\d{4}-\\d\\d-\\d\\d )?\\d\\d:\\d\\d \\S+ · \\d+ (s|min) ago$`),
    );
  }
  await expect(latest('Okmok').getByRole('listitem').first()).toHaveText('RSAM: no seismic station at this volcano.');
  await expect(latest('Okmok').getByRole('listitem').filter({ hasText: 'Visible OKCF' })).toHaveText(/ ago$/);
  await page.screenshot({ path: test.info().outputPath('home.png'), fullPage: true });

  await page.getByRole('link', { name: 'Poás' }).click();
  await expect(page).toHaveURL(/\/volcano\/345040$/);
  expect(consoleErrors).toEqual([]);
});

test('the home page names a failing endpoint and says unknown where it knows nothing', async ({ page }) => {
  // The demo's mock lives in the page: the faults are set on another view, then the home page is
  // opened inside the app, so its first requests meet them.
  await openApp(page, '/settings');
  await mockControl(page, {
    action: 'fault',
    fault: { match: '/api/seismic/rsam', query: { station: 'RKPI' }, kind: 'status', status: 500 },
  });
  await mockControl(page, {
    action: 'fault',
    fault: { match: '/api/imagery/q', query: { site: 'RKPI' }, kind: 'network' },
  });
  await page.getByRole('link', { name: /Volcano Dashboard/ }).click();
  const latest = page.getByRole('list', { name: 'Villarrica: latest data' });
  await expect(latest.getByRole('listitem').filter({ hasText: 'VC.RKPI..HHZ' })).toHaveText(
    /^VC\.RKPI\.\.HHZ: unknown, the service answers 500, last tried \d\d:\d\d UTC$/,
  );
  await expect(latest.getByRole('listitem').filter({ hasText: 'Visible RKPI' })).toHaveText(
    /^Visible RKPI: unknown, no answer from the service, last tried \d\d:\d\d UTC$/,
  );
  // The other volcanoes' images still answer.
  await expect(
    page.getByRole('list', { name: 'Okmok: latest data' }).getByRole('listitem').filter({ hasText: 'Visible OKCF' }),
  ).toHaveText(/ ago$/);
  await page.screenshot({ path: test.info().outputPath('home-failing.png'), fullPage: true });
});
