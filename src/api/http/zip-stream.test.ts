import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../mocks/node';
import { useTestConfig } from '../../test/test-config';
import { ApiError } from './errors';
import { downloadSelected, selectedZipUrl, splitSelection } from '../imagery/imagery-download';
import { checkedZipBody, splitIdsForUrl, zipInPage } from './zip-stream';

beforeEach(() => {
  useTestConfig();
});

const ids = (n: number) =>
  Array.from({ length: n }, (_, i) => `357120.RKPI.2025.001_${String(i).padStart(6, '0')}-0001`);

async function drain(s: ReadableStream<Uint8Array>): Promise<number> {
  const r = s.getReader();
  let n = 0;
  for (;;) {
    const x = await r.read();
    if (x.done) return n;
    n += x.value.length;
  }
}

const streamOf = (chunks: Uint8Array[], failAtEnd?: Error) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      for (const ch of chunks) c.enqueue(ch);
      if (failAtEnd) c.error(failAtEnd);
      else c.close();
    },
  });

describe('splitting download=selected', () => {
  it('keeps every id once, in order, with each URL within 8 KB', () => {
    const all = ids(1000);
    const groups = splitSelection('visible', all);
    expect(groups.length).toBeGreaterThan(1);
    expect(groups.flat()).toEqual(all);
    for (const g of groups) expect(selectedZipUrl('visible', g).length).toBeLessThanOrEqual(8000);
    // Groups are filled: adding the next id to any group but the last would overflow.
    for (let i = 0; i < groups.length - 1; i++)
      expect(selectedZipUrl('visible', [...groups[i]!, groups[i + 1]![0]!]).length).toBeGreaterThan(8000);
  });

  it('leaves a short selection whole, and measures the encoding actually sent', () => {
    expect(splitSelection('infrared', ids(3))).toEqual([ids(3)]);
    const urlFor = (g: readonly string[]) => `http://x/?image_ids=${encodeURIComponent(g.join(','))}`;
    const odd = Array.from({ length: 50 }, (_, i) => `ü ${i}/&`);
    const groups = splitIdsForUrl(odd, urlFor, 200);
    expect(groups.flat()).toEqual(odd);
    for (const g of groups) expect(urlFor(g).length).toBeLessThanOrEqual(200);
  });
});

describe('ZIP streams', () => {
  it('passes a ZIP through unchanged, and refuses what is not one', async () => {
    const zip = streamOf([new Uint8Array([0x50]), new Uint8Array([0x4b, 3, 4, 9, 9])]);
    expect(await drain(checkedZipBody(zip, 'x', 'u'))).toBe(6);
    const html = streamOf([new TextEncoder().encode('<html>')]);
    await expect(drain(checkedZipBody(html, 'x', 'u'))).rejects.toMatchObject({ kind: 'malformed' });
  });

  it('wants the whole signature: "PK" before a page is not a ZIP, an empty archive is', async () => {
    const page = streamOf([new TextEncoder().encode('PK'), new TextEncoder().encode('<script>alert(1)</script>')]);
    await expect(drain(checkedZipBody(page, 'x', 'u'))).rejects.toMatchObject({ kind: 'malformed' });
    const empty = new Uint8Array(22);
    empty.set([0x50, 0x4b, 5, 6]);
    expect(await drain(checkedZipBody(streamOf([empty]), 'x', 'u'))).toBe(22);
    await expect(drain(checkedZipBody(streamOf([new Uint8Array([0x50, 0x4b, 3])]), 'x', 'u'))).rejects.toMatchObject({
      kind: 'malformed',
    });
  });

  it('turns a connection lost mid-body into a network ApiError', async () => {
    const broken = streamOf([new Uint8Array([0x50, 0x4b, 3, 4])], new TypeError('terminated'));
    const e = await drain(checkedZipBody(broken, '/api/imagery/q', 'u')).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).kind).toBe('network');
    expect((e as ApiError).detail).toMatch(/lost during the download/);
  });

  it('streams download=selected from the mock, and never re-requests a ZIP that failed', async () => {
    const page = await fetch('http://api.test/api/imagery/q?imageType=visible&site=RKPI&limit=3').then(
      (r) => r.json() as Promise<{ results: { image_id: string }[] }>,
    );
    const got = await downloadSelected(
      'visible',
      page.results.map((r) => r.image_id),
      undefined,
      zipInPage,
    );
    expect(got.filename).toMatch(/^volcano_images_visible_all_\d{8}_\d{6}\.zip$/);
    expect(await drain(got.body)).toBeGreaterThan(1000);

    let calls = 0;
    server.use(
      http.get('http://api.test/api/imagery/q', () => {
        calls++;
        return HttpResponse.json({ error: true, status_code: 503, detail: 'busy' }, { status: 503 });
      }),
    );
    const e = await downloadSelected('visible', ['a'], undefined, zipInPage).catch((x: unknown) => x);
    expect((e as ApiError).status).toBe(503);
    expect(calls).toBe(1);
  });
});
