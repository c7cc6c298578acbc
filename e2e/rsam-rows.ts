import type { Page } from '@playwright/test';

/**
 * The rows an RSAM chart holds at full resolution, asked of the page's own mock for the UTC days
 * `fromDay` to `toDay` (YYYY-MM-DD): each channel's points (value by unix s), and the break a chart
 * puts one window after the last point before an outage (a time with no value).
 */
export async function chartRows(
  page: Page,
  ids: readonly string[],
  fromDay: string,
  toDay = fromDay,
): Promise<{ times: number[]; values: Map<number, number>[] }> {
  const series = await page.evaluate(
    async ({ ids, from, to }) =>
      Promise.all(
        ids.map(async (id) => {
          const [network, station, , channel] = id.split('.');
          const q = `network=${network}&station=${station}&channel=${channel}&datefrom=${from}&dateto=${to}`;
          const body = (await (await fetch(`/demo-api/api/seismic/rsam?${q}`)).json()) as {
            series: [{ window_sec: number; points: { time: string; rsam_counts: number }[] }];
          };
          return body.series[0];
        }),
      ),
    { ids, from: fromDay.replace(/-/g, ''), to: toDay.replace(/-/g, '') },
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
