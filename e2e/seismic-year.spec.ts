import type { Page } from '@playwright/test';
import { forEachRsamPoint, findChannel } from '../mocks/data/rsam';
import { test, expect, openApp } from './fixtures';

const DAY = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const IDS = ['AV.CLCL..BHZ', 'AV.CLES..BHZ', 'OV.VPCC..HHZ'];
const chart = (page: Page) => page.getByTestId('rsam-chart');
const points = async (page: Page) => Number(await chart(page).getAttribute('data-points'));

/** The legend's formatting of a count (rsam-legend.tsx `fmtCount`), written here through Intl. */
const fmtCount = (v: number) => (v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toPrecision(3));

/** The raw value the service gives for `id` at `time` (unix s), asked of the page's own mock. */
async function rawValue(page: Page, id: string, time: number): Promise<number | undefined> {
  const [network, station, , channel] = id.split('.');
  const day = new Date(time * 1000).toISOString().slice(0, 10).replace(/-/g, '');
  return page.evaluate(
    async ({ q, t }) => {
      const body = (await (await fetch(`/demo-api/api/seismic/rsam?${q}`)).json()) as {
        series: [{ points: { time: string; rsam_counts: number }[] }];
      };
      return body.series[0].points.find((p) => Date.parse(p.time) / 1000 === t)?.rsam_counts;
    },
    { q: `network=${network}&station=${station}&channel=${channel}&datefrom=${day}&dateto=${day}`, t: time },
  );
}

test('a year of three channels loads in full, zooms and pans, and the cursor reads full-resolution values', async ({
  page,
  consoleErrors,
}) => {
  // 1.5 million points through the browser: about two minutes on a loaded two-core machine.
  test.setTimeout(600_000);
  // 365 completed UTC days ending the day before yesterday.
  const today = Date.now() - (Date.now() % DAY);
  const to = today - 2 * DAY;
  const from = to - 364 * DAY;
  // The full count, from the mock's own generator (counts do not depend on its "now" for past days).
  let expected = 0;
  for (const id of IDS) {
    const [n, s, , c] = id.split('.');
    forEachRsamPoint(findChannel(n!, s!, c!)!, from, to + DAY - 1, Date.now(), () => expected++);
  }
  expect(expected).toBeGreaterThan(3 * 300 * 1440);

  await openApp(page, `/seismic?channels=${IDS.join(',')}&from=${isoDay(from)}&to=${isoDay(to)}`);
  await expect.poll(() => points(page), { timeout: 540_000, intervals: [2_000] }).toBe(expected);
  const legend = page.getByLabel('Values under the cursor');

  // Zoom in three times and pan back once with the keyboard: the view goes into the address.
  const group = chart(page).getByRole('group', { name: /RSAM chart of/ });
  await group.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('+');
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(/view=\d+-\d+/);
  // Zooming never drops points from the series: data-points keeps the full count.
  expect(await points(page)).toBe(expected);

  // The cursor at a few places: the legend's value is the raw point's, not a drawn (decimated) one.
  const over = chart(page).locator('.u-over');
  const box = (await over.boundingBox())!;
  for (const fx of [0.25, 0.5, 0.8]) {
    await page.mouse.move(box.x + box.width * fx, box.y + box.height / 2);
    await expect(legend).toContainText(/\d{4}-\d\d-\d\d \d\d:\d\d/);
    const text = (await legend.textContent()) ?? '';
    const m = /(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d)(?::(\d\d))?\s*UTC/.exec(text);
    expect(m, `legend time in UTC: ${text}`).not.toBeNull();
    const t = Date.parse(`${m![1]}T${m![2]}:${m![3] ?? '00'}Z`) / 1000;
    const shown = new RegExp(`${IDS[0]!.replace(/\./g, '\\.')}\\s*([\\d.]+|—)`).exec(text)?.[1];
    const raw = await rawValue(page, IDS[0]!, t);
    if (raw === undefined) expect(shown).toBe('—');
    else expect(shown).toBe(fmtCount(raw));
  }

  // Pan right across the year and zoom back out: still every point.
  await group.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('0');
  await expect(page).not.toHaveURL(/view=/);
  expect(await points(page)).toBe(expected);
  expect(consoleErrors).toEqual([]);
});
