// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { TEST_BASES } from '../node';

const A = TEST_BASES.apiBaseUrl;
const Q = `${A}/api/imagery/q`;

interface Rec {
  image_id: string;
  image_url: string;
  timestamp: string;
  site: string;
  vnum: number;
  image_type: string;
  is_empty: boolean;
  is_night: boolean | null;
  is_degraded: boolean | null;
  low_visibility: boolean;
}
interface Page {
  results: Rec[];
  pagination: Record<string, number | boolean | null>;
  query: Record<string, unknown>;
}
const q = async (p: Record<string, string>): Promise<Page> => {
  const r = await fetch(`${Q}?${new URLSearchParams(p)}`);
  expect(r.status).toBe(200);
  return (await r.json()) as Page;
};
const utc = (r: Rec) => Date.parse(r.timestamp);

describe('GET /api/imagery/q', () => {
  it('defaults to the 100 most recent infrared images, newest first, with a null-filled echo', async () => {
    const b = await q({});
    expect(b.results).toHaveLength(100);
    expect(b.results.every((r) => r.image_type === 'infrared' && r.timestamp.endsWith('Z'))).toBe(true);
    const t = b.results.map(utc);
    expect(t.every((x, i) => i === 0 || x <= t[i - 1]!)).toBe(true);
    expect(t[0]).toBeLessThanOrEqual(Date.UTC(2025, 2, 10, 12));
    expect(t[0]).toBeGreaterThan(Date.UTC(2025, 2, 10, 11, 55));
    expect(b.query).toEqual({
      imageType: 'infrared', site: null, vnum: null, datefrom: null, dateto: null,
      is_empty: null, is_night: null, is_degraded: null, low_visibility: null, freq: 'all', order: 'desc',
    });
    const r0 = b.results[0]!;
    expect(r0.image_id).toMatch(/^\d+\.[A-Z0-9]+\.\d{4}\.\d{3}_\d{6}-\d{4}$/);
    const [vnum, site, year, rest] = r0.image_id.split('.');
    expect(r0.image_url).toBe(`https://images.test/archive/imagery/infrared/${vnum}/${year}/${site}/still/${rest!.slice(0, 3)}/${r0.image_id}.jpg`);
    expect(r0.is_night).toBeNull();
    expect(typeof r0.is_degraded).toBe('boolean');
  });

  it('paginates with exact arithmetic, and a page past the end is empty', async () => {
    const p = { site: 'CLNE,VPMI', datefrom: '20250301000000', dateto: '20250301025959', limit: '50' };
    const first = await q(p);
    const total = first.pagination.total_count as number;
    expect(total).toBeGreaterThan(150);
    const pages = Math.ceil(total / 50);
    expect(first.pagination).toEqual({ page: 1, limit: 50, total_count: total, total_pages: pages, has_prev: false, has_next: true, prev_page: null, next_page: 2, count: 50 });
    const last = await q({ ...p, page: String(pages) });
    expect(last.pagination).toMatchObject({ page: pages, has_prev: true, has_next: false, prev_page: pages - 1, next_page: null, count: total - 50 * (pages - 1) });
    const beyond = await q({ ...p, page: String(pages + 3) });
    expect(beyond.results).toEqual([]);
    expect(beyond.pagination.count).toBe(0);
    expect(first.query.site).toBe('CLNE,VPMI');
  });

  it('freq=all with one site: full local days, local timestamps without Z, sorted by local time', async () => {
    // CLNE is America/Adak (UTC-10 on 2025-03-01); time portions are ignored.
    const b = await q({ site: 'CLNE', datefrom: '20250301120000', dateto: '20250301130000', order: 'asc', limit: '200' });
    const all = b.pagination.total_count as number;
    expect(all).toBeGreaterThan(700);
    expect(b.results[0]!.timestamp).toMatch(/^2025-03-01T00:0\d:\d\d$/);
    const lastPage = await q({ site: 'CLNE', datefrom: '20250301120000', dateto: '20250301130000', order: 'desc', limit: '1' });
    expect(lastPage.results[0]!.timestamp).toMatch(/^2025-03-01T23:5\d:\d\d$/);
    const ts = b.results.map((r) => r.timestamp);
    expect([...ts].sort()).toEqual(ts);
  });

  it('freq=all with one site sorts by local time across a DST fall-back', async () => {
    // America/Santiago falls back on 2024-04-07 (00:00 -03 → 23:00 -04 on the 6th).
    const b = await q({ site: 'RKPI', imageType: 'visible', datefrom: '20240406000000', dateto: '20240406000000', order: 'asc', limit: '200', page: '5' });
    const ts = b.results.map((r) => r.timestamp);
    expect([...ts].sort()).toEqual(ts);
  });

  it('freq=all without site (or several): the exact UTC range with Z', async () => {
    const b = await q({ datefrom: '20250301120000', dateto: '20250301123000', order: 'asc', limit: '200' });
    expect(b.results.length).toBeGreaterThan(40);
    expect(b.results.every((r) => r.timestamp.endsWith('Z'))).toBe(true);
    expect(utc(b.results[0]!)).toBeGreaterThanOrEqual(Date.UTC(2025, 2, 1, 12));
    expect(utc(b.results.at(-1)!)).toBeLessThanOrEqual(Date.UTC(2025, 2, 1, 12, 30));
    expect(new Set(b.results.map((r) => r.site)).size).toBe(4);
  });

  it('freq=hourly: the middle image of each hour in the daily window; the same set for asc and desc', async () => {
    const p = { site: 'VPMI', freq: 'hourly', datefrom: '20250301060000', dateto: '20250303085959', limit: '200' };
    const asc = await q({ ...p, order: 'asc' });
    const desc = await q({ ...p, order: 'desc' });
    expect(asc.results).toHaveLength(9); // 06, 07, 08 on three days
    expect(desc.results.map((r) => r.image_id)).toEqual(asc.results.map((r) => r.image_id).reverse());
    expect(asc.results.map((r) => new Date(utc(r)).getUTCHours())).toEqual([6, 7, 8, 6, 7, 8, 6, 7, 8]);
    // Middle image: compare with the full list of that hour.
    const hour = await q({ datefrom: '20250301060000', dateto: '20250301065959', site: 'VPMI,CV01', order: 'asc', limit: '200' });
    const inHour = hour.results.filter((r) => r.site === 'VPMI');
    expect(asc.results[0]!.image_id).toBe(inHour[Math.floor(inHour.length / 2)]!.image_id);
  });

  it('freq=minutely: the middle image of each minute that has images', async () => {
    const b = await q({ site: 'VPMI', freq: 'minutely', datefrom: '20250301060000', dateto: '20250301065959', order: 'asc', limit: '200' });
    const minutes = b.results.map((r) => Math.floor(utc(r) / 60000));
    expect(new Set(minutes).size).toBe(minutes.length);
    expect(b.results.length).toBeGreaterThan(28);
    expect(b.results.length).toBeLessThanOrEqual(60);
  });

  it('freq=daily: the image closest to 10:00 local per local day, UTC with Z', async () => {
    const b = await q({ site: 'VPMI', freq: 'daily', datefrom: '20250301000000', dateto: '20250305000000', order: 'asc', imageType: 'visible' });
    expect(b.results).toHaveLength(5);
    for (const r of b.results) {
      expect(r.timestamp.endsWith('Z')).toBe(true);
      // Costa Rica is UTC-6: 10:00 local = 16:00Z, captures are at most ~2 min apart.
      const d = new Date(utc(r));
      expect(Math.abs(d.getUTCHours() * 60 + d.getUTCMinutes() - 16 * 60)).toBeLessThanOrEqual(1);
    }
  });

  it('applies flag filters', async () => {
    const b = await q({ imageType: 'visible', site: 'OKCF', is_night: 'true', low_visibility: 'false', datefrom: '20250301000000', dateto: '20250302000000' });
    expect(b.results.length).toBeGreaterThan(0);
    expect(b.results.every((r) => r.is_night === true && r.low_visibility === false)).toBe(true);
    expect(b.query).toMatchObject({ is_night: true, low_visibility: false, is_empty: null });
    const empty = await q({ is_empty: 'true', datefrom: '20250301000000', dateto: '20250302000000' });
    const all = await q({ datefrom: '20250301000000', dateto: '20250302000000' });
    const ratio = (empty.pagination.total_count as number) / (all.pagination.total_count as number);
    expect(ratio).toBeGreaterThan(0.015);
    expect(ratio).toBeLessThan(0.05);
  });

  it('answers every 400 with the error body', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ imageType: 'thermal' }, "Invalid imageType 'thermal'. Must be 'infrared' or 'visible'"],
      [{ is_night: 'true' }, 'is_night filter is only available for visible images'],
      [{ imageType: 'visible', is_degraded: 'false' }, 'is_degraded filter is only available for infrared images'],
      [{ freq: 'hourly' }, "site parameter is required when freq is 'hourly'"],
      [{ freq: 'daily', vnum: '311240' }, "site parameter is required when freq is 'daily'"],
      [{ download: 'selected' }, 'image_ids is required when download=selected'],
      [{ datefrom: '2025-03-01' }, 'Invalid datefrom format. Expected yyyymmddhhmmss'],
    ];
    for (const [p, detail] of cases) {
      const r = await fetch(`${Q}?${new URLSearchParams(p)}`);
      expect(r.status, JSON.stringify(p)).toBe(400);
      expect(await r.json()).toEqual({ error: true, status_code: 400, detail });
    }
  });

  it('answers 422 FastAPI-style for unparseable and out-of-range values', async () => {
    const r = await fetch(`${Q}?limit=abc&page=0&vnum=x&is_empty=maybe&freq=weekly&order=up&download=yes`);
    expect(r.status).toBe(422);
    expect(await r.json()).toEqual({
      error: true,
      status_code: 422,
      detail: 'Validation error',
      errors: [
        { type: 'int_parsing', loc: ['query', 'limit'], msg: 'Input should be a valid integer, unable to parse string as an integer' },
        { type: 'greater_than_equal', loc: ['query', 'page'], msg: 'Input should be greater than or equal to 1' },
        { type: 'int_parsing', loc: ['query', 'vnum'], msg: 'Input should be a valid integer, unable to parse string as an integer' },
        { type: 'bool_parsing', loc: ['query', 'is_empty'], msg: 'Input should be a valid boolean, unable to interpret input' },
        { type: 'enum', loc: ['query', 'freq'], msg: "Input should be 'all', 'minutely', 'hourly' or 'daily'" },
        { type: 'enum', loc: ['query', 'order'], msg: "Input should be 'desc' or 'asc'" },
        { type: 'enum', loc: ['query', 'download'], msg: "Input should be 'estimate', 'true' or 'selected'" },
      ],
      path: '/api/imagery/q',
    });
    const hi = await fetch(`${Q}?limit=201`);
    expect(((await hi.json()) as { errors: unknown[] }).errors).toEqual([
      { type: 'less_than_equal', loc: ['query', 'limit'], msg: 'Input should be less than or equal to 200' },
    ]);
    const lo = await fetch(`${Q}?limit=0`);
    expect(((await lo.json()) as { errors: Array<{ type: string }> }).errors[0]!.type).toBe('greater_than_equal');
  });

  it('download=estimate flags large datasets', async () => {
    const big = (await (await fetch(`${Q}?download=estimate&datefrom=20250201000000&dateto=20250301000000`)).json()) as Record<string, unknown>;
    expect(big.total_images as number).toBeGreaterThan(5000);
    expect(big.warning).toBe('large_dataset');
    expect(big.suggestion).toMatch(/freq=hourly or freq=daily/);
    expect(big.estimated_size_mb).toBeCloseTo((big.total_images as number) * 0.25, 1);
    expect(big.estimated_time_seconds).toBeCloseTo((big.estimated_size_mb as number) / 10, 0);
    const small = (await (await fetch(`${Q}?download=estimate&site=CLNE&freq=hourly&datefrom=20250301000000&dateto=20250302235959`)).json()) as Record<string, unknown>;
    expect(small).toEqual({ total_images: 48, estimated_size_mb: 12, estimated_time_seconds: 1.2, warning: null, suggestion: null });
  });

  it('download=true returns a named ZIP laid out by type/vnum/site; refuses > 5000', async () => {
    const r = await fetch(`${Q}?download=true&site=CLNE&freq=hourly&datefrom=20250301000000&dateto=20250301235959`);
    expect(r.status).toBe(200);
    expect(r.headers.get('Content-Type')).toBe('application/zip');
    const cd = r.headers.get('Content-Disposition')!;
    expect(cd).toBe('attachment; filename="volcano_images_infrared_CLNE_20250310_120000.zip"');
    const files = unzipSync(new Uint8Array(await r.arrayBuffer()));
    const names = Object.keys(files);
    expect(names).toHaveLength(24);
    for (const n of names) expect(n).toMatch(/^volcano_images_infrared_CLNE_20250310_120000\/infrared\/311240\/CLNE\/311240\.CLNE\.2025\.060_\d{6}-\d{4}\.jpg$/);
    const jpg = files[names[0]!]!;
    expect([jpg[0], jpg[1]]).toEqual([0xff, 0xd8]);

    const limited = await fetch(`${Q}?download=true&limit=3`);
    expect(Object.keys(unzipSync(new Uint8Array(await limited.arrayBuffer())))).toHaveLength(3);
    expect(limited.headers.get('Content-Disposition')).toContain('volcano_images_infrared_all_');

    const tooMany = await fetch(`${Q}?download=true`);
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { detail: string }).detail).toMatch(/freq=hourly or freq=daily/);
  });

  it('download=selected zips exactly the given ids', async () => {
    const b = await q({ imageType: 'visible', limit: '3' });
    const ids = b.results.map((r) => r.image_id);
    const r = await fetch(`${Q}?imageType=visible&download=selected&image_ids=${ids.join(',')}`);
    expect(r.status).toBe(200);
    const names = Object.keys(unzipSync(new Uint8Array(await r.arrayBuffer())));
    expect(names.map((n) => n.split('/').at(-1)).sort()).toEqual(ids.map((i) => `${i}.jpg`).sort());
  });
});

describe('image files and dates', () => {
  it('serves JPEGs at image_url and 404s unknown ids', async () => {
    const b = await q({ limit: '1' });
    const r = await fetch(b.results[0]!.image_url);
    expect(r.status).toBe(200);
    expect(r.headers.get('Content-Type')).toBe('image/jpeg');
    const bytes = new Uint8Array(await r.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(500);
    expect(bytes.length).toBeLessThan(30_000);
    expect((await fetch(b.results[0]!.image_url.replace(/-\d{4}\.jpg$/, '-9999x.jpg'))).status).toBe(404);
  });

  it('lists imagery dates per site and the global range, cacheable', async () => {
    const r = await fetch(`${A}/api/imagery/dates?imageType=visible&site=OKCF`);
    expect(r.headers.get('Cache-Control')).toBe('public, max-age=86400');
    const body = (await r.json()) as { imageType: string; sites: Array<{ site: string; vnum: number; dates: string[] }> };
    expect(body.imageType).toBe('visible');
    expect(body.sites).toHaveLength(1);
    expect(body.sites[0]).toMatchObject({ site: 'OKCF', vnum: 311290 });
    expect(body.sites[0]!.dates[0]).toBe('2025-03-10');
    expect(body.sites[0]!.dates.at(-1)).toBe('2024-01-01');
    const all = (await (await fetch(`${A}/api/imagery/dates`)).json()) as { imageType: string; sites: unknown[] };
    expect(all.imageType).toBe('infrared');
    expect(all.sites).toHaveLength(4);
    const range = await fetch(`${A}/api/imagery/dates/range`);
    expect(range.headers.get('Cache-Control')).toBe('public, max-age=86400');
    expect(await range.json()).toEqual({
      infrared: { min_date: '2024-01-01', max_date: '2025-03-10' },
      visible: { min_date: '2024-01-01', max_date: '2025-03-10' },
    });
  });

  it('answers /health and /', async () => {
    expect(await (await fetch(`${A}/health`)).json()).toEqual({ status: 'healthy', database: 'connected', timestamp: '2025-03-10T12:00:00.000Z' });
    expect(await (await fetch(`${A}/`)).json()).toMatchObject({ name: 'Volcano Monitoring Data Service', version: '2.0.0' });
  });
});
