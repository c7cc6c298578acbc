// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { findCamera, runImageQuery, toRecord } from './imagery';

const NOW = Date.UTC(2025, 2, 10, 12);

/** freq=all with one site: the whole local days named by the date parts (spec 01 §4.5). */
function localDays(site: string, from: number, to: number) {
  const cam = findCamera(site, 'visible')!;
  const q = {
    cams: [cam],
    singleSite: true,
    freq: 'all' as const,
    order: 'asc' as const,
    from,
    to,
    filter: {},
    now: NOW,
  };
  const { total } = runImageQuery(q, 0, 0);
  return runImageQuery(q, 0, total).items.map((r) => toRecord(r, 'https://h', true).timestamp);
}

describe('mock imagery: local days of one site', () => {
  it('RKPI on 2024-09-08, when Santiago skips midnight: only that day’s images, and the day before keeps its last hour', () => {
    const sep8 = localDays('RKPI', Date.UTC(2024, 8, 8), Date.UTC(2024, 8, 8, 23, 59, 59));
    expect(sep8.length).toBeGreaterThan(100);
    expect(sep8.filter((t) => !t.startsWith('2024-09-08T'))).toEqual([]);
    // Clocks jumped from 00:00 to 01:00, so the day's first image is in its 01:00 hour.
    expect(sep8[0]).toMatch(/^2024-09-08T01:0/);
    const sep7 = localDays('RKPI', Date.UTC(2024, 8, 7), Date.UTC(2024, 8, 7, 23, 59, 59));
    expect(sep7.filter((t) => !t.startsWith('2024-09-07T'))).toEqual([]);
    expect(sep7.at(-1)).toMatch(/^2024-09-07T23:5/);
  });
});
