// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { TEST_BASES } from '../node';

const L = `${TEST_BASES.legacyBaseUrl}/api/imagery`;

interface LegacyRec {
  id: number;
  image_id: string;
  site: string;
  vnum: number;
  timestamp: string;
  file_format: string;
  url: string;
  frame: number;
  quality: number;
}

describe('legacy imagery host', () => {
  it('returns every infrared record of a site without a time range (> 70,000)', async () => {
    const t0 = performance.now();
    const r = await fetch(`${L}/infrared/query?site=CLNE&vnum=311240`);
    const recs = (await r.json()) as LegacyRec[];
    console.log(`legacy unfiltered CLNE infrared: ${recs.length} records in ${(performance.now() - t0).toFixed(0)} ms`);
    expect(recs.length).toBeGreaterThan(70_000);
    const x = recs[0]!;
    expect(Number.isInteger(x.id)).toBe(true);
    expect(x.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(x.url).toBe(`/images/infrared/CLNE/${x.image_id}.jpg`);
    expect(x.quality).toBeGreaterThanOrEqual(0);
    expect(x.quality).toBeLessThanOrEqual(100);
    expect(new Set(recs.slice(0, 1000).map((r) => r.id)).size).toBe(1000);
  });

  it('filters by local search range and caps with limit', async () => {
    const recs = (await (await fetch(`${L}/visible/query?site=RKPI&search_from=2025-03-01T10:00&search_to=2025-03-01T11:00`)).json()) as LegacyRec[];
    expect(recs.length).toBeGreaterThan(5);
    expect(recs.every((r) => r.timestamp >= '2025-03-01T10:00' && r.timestamp <= '2025-03-01T11:00:00')).toBe(true);
    const capped = (await (await fetch(`${L}/visible/query?site=RKPI&limit=7`)).json()) as LegacyRec[];
    expect(capped).toHaveLength(7);
  });

  it('downloads a ZIP for <= 100 results and refuses more', async () => {
    const ok = await fetch(`${L}/infrared/query?site=CLNE&limit=5&download=true`);
    expect(ok.headers.get('Content-Type')).toBe('application/zip');
    expect(Object.keys(unzipSync(new Uint8Array(await ok.arrayBuffer())))).toHaveLength(5);
    const tooMany = await fetch(`${L}/infrared/query?site=CLNE&limit=101&download=true`);
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { detail: string }).detail).toBe('Download limited to 100 images');
  });

  it('gets a record by id, its file, and both not-found shapes', async () => {
    const [rec] = (await (await fetch(`${L}/visible/query?site=OKCF&limit=1`)).json()) as LegacyRec[];
    const one = (await (await fetch(`${L}/visible/r/${rec!.image_id}`)).json()) as LegacyRec;
    expect(one).toEqual(rec);
    const file = await fetch(`${L}/visible/r/${rec!.image_id}?download=true`);
    expect(file.headers.get('Content-Type')).toBe('image/jpeg');
    const rel = await fetch(`${TEST_BASES.legacyBaseUrl}${rec!.url}`);
    expect(rel.status).toBe(200);

    const vis = await fetch(`${L}/visible/r/311290.OKCF.2025.001_000000-0000`);
    expect(vis.status).toBe(200);
    expect(await vis.json()).toEqual({ error: 404, message: 'Image not found' });
    const ir = await fetch(`${L}/infrared/r/nope`);
    expect(ir.status).toBe(404);
    expect(await ir.json()).toEqual({ detail: 'Image nope not found', status: 404, title: 'Not Found', type: 'about:blank' });
  });
});
