import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, openApp } from './fixtures';
import { chartRows } from './rsam-rows';

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

/** The rows the seismic chart holds for DAY, from the page's own mock. */
const dayRows = (page: Page) => chartRows(page, IDS, DAY);

test('the keyboard steps a cursor over full-resolution points, and the readout and a polite live region say the values with the zone', async ({
  page,
  consoleErrors,
}) => {
  await openApp(page, `/seismic?channels=${IDS.join(',')}&from=${DAY}&to=${DAY}`);
  const rows = await dayRows(page);
  const total = rows.values.reduce((n, m) => n + m.size, 0);
  await expect.poll(() => points(page), { timeout: 30_000 }).toBe(total);

  const group = chart(page).getByRole('group', { name: /RSAM chart of/ });
  await expect(group).toHaveAccessibleName(/Shift\+arrow keys move a cursor that reads the values/);
  await group.focus();
  // Zoomed to 6 h: fewer points than pixel columns, so a step is one raw point. Each zoom is known
  // by the view it puts in the URL: a zoom is reported once the keys pause (150 ms), and under load
  // the two presses came further apart than that, so the URL said the first zoom's 12 h (06:00 to
  // 18:00) for a moment; read then, the test expected 06:00 where the cursor started at 09:00.
  const view = () => (/view=(\d+)-(\d+)/.exec(page.url()) ?? []).slice(1).map(Number) as [number, number];
  /** Hours in view by the URL, null before a zoom is in it. */
  const hours = () => (page.url().includes('view=') ? Math.round((view()[1] - view()[0]) / 3600) : null);
  await page.keyboard.press('+');
  await expect.poll(hours).toBe(12);
  await page.keyboard.press('+');
  await expect.poll(hours).toBe(6);
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

test('on a chart of event counts the keyboard cursor says the bin, from its start to its end, and its events and windows', async ({
  page,
  consoleErrors,
}) => {
  await openApp(page, `/seismic?channels=AV.CLCL..BHZ&from=${DAY}&to=${DAY}&analysis=counts`);
  const rows = await dayRows(page);
  const values = [...rows.values[0]!].sort((a, b) => a[0] - b[0]);
  // A threshold in counts that about a fifth of the windows pass, so some hours count 0 and some more.
  const sorted = values.map(([, v]) => v).sort((a, b) => a - b);
  const threshold = Math.ceil(sorted[Math.floor(sorted.length * 0.8)]!);
  const field = page.getByLabel('Threshold (counts, or N× running median as “3x”)');
  await field.fill(String(threshold));
  await field.press('Enter');
  await expect(page).toHaveURL(new RegExp(`threshold=${threshold}(&|$)`));

  // Every UTC hour from the first window's to the last's is a bin, empty ones included, read apart
  // from the app: events are runs of windows above merged when less than 10 min apart (end to start)
  // and kept when they last 10 min at least (the shipped attention rule; the day before is read too,
  // as the counts read it); an hour counts the events that begin in it and their windows above.
  const before = new Date(Date.parse(DAY) - 86_400_000).toISOString().slice(0, 10);
  const both = [...(await chartRows(page, IDS.slice(0, 1), before, DAY)).values[0]!].sort((a, b) => a[0] - b[0]);
  const runs: { start: number; end: number; windows: number[] }[] = [];
  for (const [t, v] of both) {
    if (!(v > threshold)) continue;
    const last = runs.at(-1);
    if (last && t - last.end < 600) {
      last.end = t + 60;
      last.windows.push(t);
    } else runs.push({ start: t, end: t + 60, windows: [t] });
  }
  const kept = runs.filter((r) => r.end - r.start >= 600);
  const hour = (t: number) => Math.floor(t / 3600) * 3600;
  const bins: { start: number; events: number; windows: number }[] = [];
  for (let h = hour(values[0]![0]); h <= hour(values.at(-1)![0]); h += 3600) {
    const events = kept.filter((r) => hour(r.start) === h).length;
    const windows = kept.flatMap((r) => r.windows).filter((t) => hour(t) === h).length;
    bins.push({ start: h, events, windows });
  }
  expect(bins.some((b) => b.events === 0) && bins.some((b) => b.events > 0)).toBe(true);
  const id = IDS[0]!;
  const said = (b: (typeof bins)[number], note = '') => {
    const [from, to] = [utc(b.start, false), utc(b.start + 3600, false)];
    const end = from.slice(0, 10) === to.slice(0, 10) ? to.slice(11) : to;
    return `${note}The hour from ${from.slice(0, -4)} to ${end}: ${id} events per hour ${b.events} events, ${id} windows above per hour ${b.windows} windows`;
  };

  const group = page.getByRole('group', { name: /^Event counts chart of AV\.CLCL\.\.BHZ events per hour/ });
  await group.focus();
  const live = (text: string) => page.locator('.analysis-panel').getByText(text, { exact: true });
  await page.keyboard.press('Shift+Home');
  await expect(live(said(bins[0]!))).toHaveAttribute('aria-live', 'polite');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(live(said(bins[2]!))).toBeAttached();
  // The legend beside the chart shows the same bin and counts.
  const legend = page.getByLabel('Values under the cursor');
  await expect(legend).toContainText(`hour from ${utc(bins[2]!.start, true)}`);
  await expect(legend).toContainText(new RegExp(`${escape(id)} events per hour\\s*${bins[2]!.events}\\s*events`));
  // The last bin runs to the next hour, which no row starts.
  await page.keyboard.press('Shift+End');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(live(said(bins.at(-1)!, 'Last bin in view. '))).toBeAttached();
  expect(consoleErrors).toEqual([]);
});

test('in stacked panels the keyboard cursor of one chart moves the others’ cursors, as the pointer does', async ({
  page,
  consoleErrors,
}) => {
  await openApp(page, `/seismic?channels=${IDS.join(',')}&from=${DAY}&to=${DAY}&layout=stacked`);
  const rows = await dayRows(page);
  const total = rows.values.reduce((n, m) => n + m.size, 0);
  await expect.poll(() => points(page), { timeout: 30_000 }).toBe(total);
  const [first, second] = IDS.map((id) =>
    chart(page).getByRole('group', { name: new RegExp(`^RSAM chart of ${escape(id)}\\.`) }),
  );
  /** Where a chart's vertical cursor line stands, in CSS px from its plot's left; -10 when hidden. */
  const lineAt = (g: typeof first) =>
    g!
      .locator('.u-cursor-x')
      .evaluate((el) =>
        el.classList.contains('u-off') ? -10 : new DOMMatrixReadOnly(getComputedStyle(el).transform).m41,
      );

  await first!.focus();
  // The whole day is in view, more points than pixel columns: a step is a column.
  await page.keyboard.press('Shift+Home');
  for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowRight');
  // The steps are applied once the cursor code has loaded (on the first key): the line leaves the
  // first point's x (0) when they are. Read before that, the legend still said the first point (CI).
  await expect.poll(() => lineAt(first)).toBeGreaterThan(0);
  const legend = page.getByLabel('Values under the cursor');
  await expect(legend).toContainText(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
  const time = /(\d{4}-\d\d-\d\d \d\d:\d\d):00 UTC/.exec(await legend.innerText())![1]!;
  // The focused chart says its channel's value at that time; the other chart's line stands at it.
  const t = Date.parse(`${time.replace(' ', 'T')}Z`) / 1000;
  const said = `${utc(t, false)}: ${IDS[0]} ${spoken(rows.values[0]!.get(t) ?? null)}`;
  await expect(chart(page).getByText(said, { exact: true })).toHaveAttribute('aria-live', 'polite');
  const x = await lineAt(first);
  await expect.poll(() => lineAt(second)).toBeCloseTo(x, 0);

  await page.keyboard.press('Escape');
  await expect.poll(() => lineAt(second)).toBe(-10);
  await expect.poll(() => lineAt(first)).toBe(-10);
  expect(consoleErrors).toEqual([]);
});
