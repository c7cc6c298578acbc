// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { TEST_BASES } from '../node';
import { DATES_SHAPES } from '../state';

const A = TEST_BASES.apiBaseUrl;
const control = (body: unknown) => fetch(`${A}/__mock/control`, { method: 'POST', body: JSON.stringify(body) });
const get = async (path: string) => {
  const r = await fetch(`${A}${path}`);
  expect(r.status).toBe(200);
  expect(r.headers.get('Cache-Control')).toBe('public, max-age=86400');
  return r.json() as Promise<unknown>;
};
const DATES = '/api/imagery/dates?imageType=visible&site=OKCF';
const RANGE = '/api/imagery/dates/range';

describe('imagery dates shapes (spec 01 §4.6–4.7: bodies not shown)', () => {
  it('sites-list (default): per site of the asked type, YYYY-MM-DD newest first; range per type', async () => {
    const b = (await get(DATES)) as { imageType: string; sites: Array<{ site: string; vnum: number; dates: string[] }> };
    expect(b.imageType).toBe('visible');
    expect(b.sites.map((s) => [s.site, s.vnum, s.dates[0], s.dates.at(-1)])).toEqual([['OKCF', 311290, '2025-03-10', '2024-01-01']]);
    expect(await get(RANGE)).toEqual({
      infrared: { min_date: '2024-01-01', max_date: '2025-03-10' },
      visible: { min_date: '2024-01-01', max_date: '2025-03-10' },
    });
  });

  it('by-site: an object keyed by site', async () => {
    await control({ action: 'datesShape', shape: 'by-site' });
    const b = (await get('/api/imagery/dates?imageType=infrared')) as Record<string, string[]>;
    expect(Object.keys(b).sort()).toEqual(['CLNE', 'CV01', 'CV02', 'VPMI']);
    expect(b.CLNE![0]).toBe('2025-03-10');
    expect(await get(RANGE)).toEqual({ infrared: { min: '2024-01-01', max: '2025-03-10' }, visible: { min: '2024-01-01', max: '2025-03-10' } });
  });

  it('by-type-site: nested by image type, then site, whatever was asked', async () => {
    await control({ action: 'datesShape', shape: 'by-type-site' });
    const b = (await get('/api/imagery/dates')) as Record<string, Record<string, string[]>>;
    expect(Object.keys(b)).toEqual(['infrared', 'visible']);
    expect(Object.keys(b.visible!).sort()).toEqual(['CLNE', 'OKCF', 'RKPI', 'VPMI']);
    expect(b.visible!.OKCF!.at(-1)).toBe('2024-01-01');
    expect(await get(RANGE)).toEqual({ ranges: { infrared: { start: '2024-01-01', end: '2025-03-10' }, visible: { start: '2024-01-01', end: '2025-03-10' } } });
  });

  it('rows: a bare array of {site, image_type, date}', async () => {
    await control({ action: 'datesShape', shape: 'rows' });
    const b = (await get(DATES)) as Array<{ site: string; image_type: string; date: string }>;
    expect(b[0]).toEqual({ site: 'OKCF', image_type: 'visible', date: '2025-03-10' });
    expect(b.every((r) => r.site === 'OKCF')).toBe(true);
    expect(await get(RANGE)).toEqual([
      { image_type: 'infrared', min_date: '2024-01-01', max_date: '2025-03-10' },
      { image_type: 'visible', min_date: '2024-01-01', max_date: '2025-03-10' },
    ]);
  });

  it('by-site-compact: keyed by site under `dates`, YYYYMMDD', async () => {
    await control({ action: 'datesShape', shape: 'by-site-compact' });
    const b = (await get(DATES)) as { image_type: string; dates: Record<string, string[]> };
    expect(b.image_type).toBe('visible');
    expect(b.dates.OKCF![0]).toBe('20250310');
    expect(await get(RANGE)).toEqual({ infrared: { min: '20240101', max: '20250310' }, visible: { min: '20240101', max: '20250310' } });
  });

  it('rows-compact: rows wrapped in `data`, camelCase type, YYYYMMDD', async () => {
    await control({ action: 'datesShape', shape: 'rows-compact' });
    const b = (await get(DATES)) as { data: Array<{ site: string; vnum: number; imageType: string; date: string }> };
    expect(b.data.at(-1)).toEqual({ site: 'OKCF', vnum: 311290, imageType: 'visible', date: '20240101' });
    expect(await get(RANGE)).toEqual({
      data: [
        { imageType: 'infrared', first: '20240101', last: '20250310' },
        { imageType: 'visible', first: '20240101', last: '20250310' },
      ],
    });
  });

  it('every shape tells the same days, and an unknown shape is refused', async () => {
    const days = new Map<string, string>();
    for (const shape of DATES_SHAPES) {
      await control({ action: 'datesShape', shape });
      const found = JSON.stringify(await get(DATES)).match(/"\d{4}-?\d{2}-?\d{2}"/g) ?? [];
      days.set(shape, found.map((d) => d.replace(/[-"]/g, '')).sort().join());
    }
    expect(days.get('sites-list')!.split(',')).toHaveLength(435); // 2024-01-01 … 2025-03-10, 2024 a leap year
    expect(new Set(days.values()).size).toBe(1);
    expect((await control({ action: 'datesShape', shape: 'csv' })).status).toBe(400);
  });
});
