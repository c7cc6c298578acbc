// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { TEST_BASES } from '../node';

const A = TEST_BASES.apiBaseUrl;
const Q = `${A}/api/imagery/q`;
const DAY = `${Q}?download=true&site=CLNE&freq=hourly&datefrom=20250301000000&dateto=20250301235959`;

const knobs = (body: unknown) =>
  fetch(`${A}/__mock/zip`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('POST /__mock/zip', () => {
  it('maxImages: a ZIP of more images is refused with 413 and a body naming the cap', async () => {
    expect((await knobs({ maxImages: 10 })).status).toBe(200);
    const r = await fetch(DAY);
    expect(r.status).toBe(413);
    const body = (await r.json()) as { status_code: number; detail: string };
    expect(body.status_code).toBe(413);
    expect(body.detail).toMatch(/24 requested, at most 10 per download/);
    // A ZIP within the cap is made.
    const ok = await fetch(`${DAY}&limit=10`);
    expect(Object.keys(unzipSync(new Uint8Array(await ok.arrayBuffer())))).toHaveLength(10);
    expect((await knobs({ maxImages: 0 })).status).toBe(400);
  });

  it('hostile: a page that starts "PK" (or a whole signature) and carries a script, counted if it runs', async () => {
    await knobs({ hostile: 'pk-html', unsized: true });
    const r = await fetch(DAY);
    expect(r.status).toBe(200);
    expect(r.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(r.headers.get('Content-Length')).toBeNull();
    const text = await r.text();
    expect(text.startsWith('PK<!doctype html>')).toBe(true);
    expect(text).toContain(`<script>localStorage.setItem('hostile-download'`);
    expect(text).toContain(`${A}/__mock/hostile-ran`);

    await knobs({ hostile: 'zip-html' });
    const page = (await (await fetch(`${Q}?limit=2`)).json()) as { results: { image_id: string }[] };
    const ids = page.results.map((x) => x.image_id).join(',');
    const z = new Uint8Array(await (await fetch(`${Q}?download=selected&image_ids=${ids}`)).arrayBuffer());
    expect([...z.subarray(0, 4)]).toEqual([0x50, 0x4b, 3, 4]);

    expect(((await (await fetch(`${A}/__mock/zip`)).json()) as { hostileRan: number }).hostileRan).toBe(0);
    await fetch(`${A}/__mock/hostile-ran?at=x`);
    expect(((await (await fetch(`${A}/__mock/zip`)).json()) as { hostileRan: number }).hostileRan).toBe(1);
    expect((await knobs({ hostile: 'exe' })).status).toBe(400);
  });

  it('unsized: the ZIP comes without Content-Length; {} restores it', async () => {
    await knobs({ unsized: true, targetBytes: 1_000_000 });
    expect((await fetch(DAY)).headers.get('Content-Length')).toBeNull();
    await knobs({ targetBytes: 1_000_000 });
    const r = await fetch(DAY);
    expect(Number(r.headers.get('Content-Length'))).toBe((await r.arrayBuffer()).byteLength);
  });
});
