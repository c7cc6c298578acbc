import type { Page } from '@playwright/test';
import { test, expect, openApp } from './fixtures';

/**
 * One definition of an event on both pages: the volcano page's list and the seismic view's counts,
 * reached from the list's own link (same channels, threshold and days), give the same number for the
 * swarm's day. On a fixed clock (the demo's mock runs in the page, on the same clock), so the swarm
 * and the tremor around it are the same each run; in browsers whose own zone is neither UTC nor the
 * volcano's, which must change nothing.
 */
const NOW = Date.parse('2025-11-28T09:13:00Z');
const SWARM_DAY = '2025-11-26';

/** "8 events begin in this range…" on the volcano page: the count, and how many began before it. */
async function volcanoCount(page: Page): Promise<{ inRange: number; before: number }> {
  const text = await page.getByText(/^\d+ events? begins? in this range/).textContent();
  const m = /^(\d+) events? begins? in this range(?:; (\d+) more)?/.exec(text!)!;
  return { inRange: Number(m[1]), before: Number(m[2] ?? 0) };
}

/** The events cell of the counts table's row for the bin starting at `start` (as the table writes it). */
async function binEvents(page: Page, start: string): Promise<number> {
  // Counted once every chunk is in, the day before the range too (the first hours' median).
  await expect(page.getByText(/began in the range/)).toBeVisible();
  await expect(page.getByText(/began in the range/)).not.toContainText('still loading');
  const table = page.getByRole('table', { name: 'Events per day' });
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: start, exact: true }) });
  await expect(row).toHaveCount(1);
  return Number(await row.getByRole('cell').first().textContent());
}

test.describe('Cleveland’s swarm day in UTC, from a browser in Santiago', () => {
  test.use({ timezoneId: 'America/Santiago' });

  test('the volcano page lists as many events as the seismic counts count for that day', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    await page.clock.setSystemTime(NOW);
    await openApp(page, `/volcano/311240?from=${SWARM_DAY}&to=${SWARM_DAY}&n=3`);
    const events = page.getByRole('list', { name: 'Events' });
    await expect(events.getByRole('listitem').first()).toBeVisible({ timeout: 60_000 });
    const rule = page.getByTestId('event-rule');
    await expect(rule).toContainText('on any of AV.CLCL..BHZ, AV.CLES..BHZ: windows above less than 10 minutes apart');
    const listed = await volcanoCount(page);
    // Events are episodes of ten minutes at least (the attention rule's hold): the swarm day has two.
    expect(listed.inRange).toBeGreaterThanOrEqual(2);
    await expect(events.getByRole('listitem')).toHaveCount(listed.inRange + listed.before);

    await rule.getByRole('link', { name: 'Count these events per day on the seismic page' }).click();
    await expect(page).toHaveURL(/\/seismic\?/);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      channels: 'AV.CLCL..BHZ,AV.CLES..BHZ',
      from: SWARM_DAY,
      to: SWARM_DAY,
      analysis: 'counts',
      threshold: '3x',
      bin: 'day',
    });
    await expect(page.getByRole('radio', { name: 'Event counts' })).toBeChecked();
    const counted = await binEvents(page, `${SWARM_DAY}T00:00:00Z (UTC)`);
    expect(counted).toBe(listed.inRange);
    // The summary says the same, with the windows beside the events.
    await expect(
      page.getByText(new RegExp(`^${counted} events began in the range \\([\\d,]+ windows above`)),
    ).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('Poás’s swarm day in its own local time, from a browser in the Canary Islands', () => {
  test.use({ timezoneId: 'Atlantic/Canary' });

  test('the local day on the volcano page and the local day bin of the seismic counts agree', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    await page.clock.setSystemTime(NOW);
    // Costa Rica is UTC−6 all year: its 26 November runs from 06:00 UTC to 06:00 UTC the next day.
    await openApp(page, `/volcano/345040?from=${SWARM_DAY}T06:00:00Z&to=2025-11-27T06:00:00Z&tz=local&n=3`);
    const events = page.getByRole('list', { name: 'Events' });
    await expect(events.getByRole('listitem').first()).toBeVisible({ timeout: 60_000 });
    const listed = await volcanoCount(page);
    // Events are episodes of ten minutes at least (the attention rule's hold): the swarm day has two.
    expect(listed.inRange).toBeGreaterThanOrEqual(2);

    await page.getByRole('link', { name: 'Count these events per day on the seismic page' }).click();
    await expect(page).toHaveURL(/\/seismic\?.*tz=local/);
    // The link carries the local day shown (the seismic view reads days as local days in local time).
    const counted = await binEvents(page, `${SWARM_DAY}T00:00:00-06:00 (America/Costa_Rica)`);
    expect(counted).toBe(listed.inRange);
    expect(consoleErrors).toEqual([]);
  });
});
