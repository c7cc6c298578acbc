import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, openApp } from './fixtures';

const IDS = ['AV.CLCL..BHZ', 'AV.CLES..BHZ'];
const DAY = '2025-01-10';
const chart = (page: Page) => page.getByTestId('rsam-chart');
const points = async (page: Page) => Number(await chart(page).getAttribute('data-points'));
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The legend's formatting of a count (rsam-legend.tsx `fmtCount`), written here through Intl. */
const fmtCount = (v: number | null) =>
  v === null ? '—' : v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toPrecision(3);
/** The app's number format (src/domain/format-number.ts), written here through Intl. */
const spoken = (v: number | null) =>
  v === null ? 'no data' : `${v.toLocaleString('en-US', { maximumFractionDigits: 3 })} counts`;
const utc = (t: number, seconds: boolean) =>
  `${new Date(t * 1000)
    .toISOString()
    .slice(0, seconds ? 19 : 16)
    .replace('T', ' ')} UTC`;

/**
 * The rows the chart holds at full resolution, asked of the page's own mock: each channel's points
 * (value by unix s) and the break the chart puts one window after the last point before an outage.
 */
async function chartRows(page: Page): Promise<{ times: number[]; values: Map<number, number>[] }> {
  const series = await page.evaluate(
    async ({ ids, day }) =>
      Promise.all(
        ids.map(async (id) => {
          const [network, station, , channel] = id.split('.');
          const d = day.replace(/-/g, '');
          const q = `network=${network}&station=${station}&channel=${channel}&datefrom=${d}&dateto=${d}`;
          const body = (await (await fetch(`/demo-api/api/seismic/rsam?${q}`)).json()) as {
            series: [{ window_sec: number; points: { time: string; rsam_counts: number }[] }];
          };
          return body.series[0];
        }),
      ),
    { ids: IDS, day: DAY },
  );
  const times = new Set<number>();
  const values = series.map((s) => {
    const m = new Map<number, number>();
    let last = Number.NaN;
    for (const p of s.points) {
      const t = Date.parse(p.time) / 1000;
      if (t - last > s.window_sec) times.add(last + s.window_sec);
      times.add(t);
      m.set(t, p.rsam_counts);
      last = t;
    }
    return m;
  });
  return { times: [...times].sort((a, b) => a - b), values };
}

test('the keyboard steps a cursor over full-resolution points, and the readout and a polite live region say the values with the zone', async ({
  page,
  consoleErrors,
}) => {
  await openApp(page, `/seismic?channels=${IDS.join(',')}&from=${DAY}&to=${DAY}`);
  const rows = await chartRows(page);
  const total = rows.values.reduce((n, m) => n + m.size, 0);
  await expect.poll(() => points(page), { timeout: 30_000 }).toBe(total);

  const group = chart(page).getByRole('group', { name: /RSAM chart of/ });
  await expect(group).toHaveAccessibleName(/Shift\+arrow keys move a cursor that reads the values/);
  await group.focus();
  // Zoomed to 6 h: fewer points than pixel columns, so a step is one raw point.
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await expect(page).toHaveURL(/view=\d+-\d+/);
  const view = () => /view=(\d+)-(\d+)/.exec(page.url())!.slice(1).map(Number) as [number, number];
  const [v0, v1] = view();
  const inView = rows.times.filter((t) => t >= v0 && t <= v1);
  expect(inView.length).toBeGreaterThan(300);

  const legend = page.getByLabel('Values under the cursor');
  /** The legend and the live region both say the values at `t`, each in its own format. */
  async function expectReadout(t: number, note = '') {
    const vs = rows.values.map((m) => m.get(t) ?? null);
    await expect(legend).toContainText(utc(t, true));
    for (const [i, id] of IDS.entries())
      await expect(legend).toContainText(new RegExp(`${escape(id)}\\s*${escape(fmtCount(vs[i]!))}`));
    const said = `${note}${utc(t, false)}: ${IDS.map((id, i) => `${id} ${spoken(vs[i]!)}`).join(', ')}`;
    await expect(chart(page).getByText(said, { exact: true })).toHaveAttribute('aria-live', 'polite');
  }

  await page.keyboard.press('Shift+Home');
  await expectReadout(inView[0]!);
  for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowRight');
  await expectReadout(inView[3]!);
  await page.keyboard.press('Shift+ArrowLeft');
  await expectReadout(inView[2]!);

  // At the last point in view the cursor stops, and the view stays where it is.
  await page.keyboard.press('Shift+End');
  await expectReadout(inView.at(-1)!);
  await page.keyboard.press('Shift+ArrowRight');
  await expectReadout(inView.at(-1)!, 'Last point in view. ');
  expect(view()).toEqual([v0, v1]);

  // Escape hides the cursor; plain arrows still pan.
  await page.keyboard.press('Escape');
  await expect(legend).toContainText('Move the pointer over the chart to read values');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => view()[0]).toBeLessThan(v0);
  const results = await new AxeBuilder({ page }).include('.rsam-panel').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
