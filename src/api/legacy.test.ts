import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../mocks/node';
import { useTestConfig } from '../test/test-config';
import {
  convertLegacyRecords,
  downloadLegacyFile,
  downloadLegacyZip,
  fetchLegacyQuery,
  fetchLegacyRecord,
  legacyQueryProblems,
  resolveLegacyUrl,
  type LegacyQuery,
} from './legacy';
import { caught } from '../test/caught';
import { zipInPage } from './http/zip-stream';
import { legacyRecord } from '../test/legacy-fixtures';

const L = 'http://legacy.test/api/imagery';
const RANGE: LegacyQuery = {
  imageType: 'infrared',
  site: 'CLNE',
  search_from: '2025-03-01T10:00',
  search_to: '2025-03-01T12:00',
  limit: 50,
};

beforeEach(() => {
  useTestConfig();
});

describe('legacy query', () => {
  it('refuses, without sending, a query with no time range or no limit', async () => {
    let sent = 0;
    server.events.on('request:start', () => void sent++);
    expect(legacyQueryProblems({ imageType: 'infrared', site: 'CLNE', limit: 10 })[0]).toMatch(/70,000 or more.*24 MB/);
    expect(legacyQueryProblems({ ...RANGE, limit: undefined })[0]).toMatch(/Give a limit/);
    const e = await caught(fetchLegacyQuery({ imageType: 'infrared', site: 'CLNE' }));
    expect(e.detail).toMatch(/not sent/);
    expect(sent).toBe(0);
    server.events.removeAllListeners();
  });

  it('maps records onto the v2-like model: resolved url, zone-less time kept as written', async () => {
    const imgs = await fetchLegacyQuery(RANGE);
    expect(imgs.length).toBeGreaterThan(0);
    expect(imgs.length).toBeLessThanOrEqual(50);
    const x = imgs[0]!;
    expect(x.image_url).toBe(`http://legacy.test/images/infrared/CLNE/${x.image_id}.jpg`);
    expect(x.time).toEqual({ kind: 'unzoned', wall: expect.stringMatching(/^2025-03-01T1[01]:\d\d:\d\d$/) as unknown });
    expect(x.image_type).toBe('infrared');
    // The file URL works against the legacy host.
    expect((await fetch(x.image_url)).status).toBe(200);
  });

  it('keeps a path prefix of the base URL when resolving', () => {
    expect(resolveLegacyUrl('/images/a.jpg', 'https://h.example/legacy')).toBe('https://h.example/legacy/images/a.jpg');
    expect(resolveLegacyUrl('https://cdn.example/a.jpg', 'https://h.example')).toBe('https://cdn.example/a.jpg');
  });

  it('converts a large answer in chunks and names the first bad record', async () => {
    const rec = legacyRecord();
    const many = Array.from({ length: 5_000 }, (_, i) => ({ ...rec, id: i }));
    const progress: number[] = [];
    const out = await convertLegacyRecords(many, 'visible', { onProgress: (d) => progress.push(d) });
    expect(out).toHaveLength(5_000);
    expect(progress).toEqual([2000, 4000, 5000]);
    many[4_321] = { ...rec, timestamp: '2025-03-01T10:00:00Z' };
    const e = await caught(convertLegacyRecords(many, 'visible'));
    expect(e.kind).toBe('validation');
    expect(e.field).toBe('[4321].timestamp');
  });

  it('names a body that is not an array, and a malformed answer, as before the worker', async () => {
    const e = await caught(convertLegacyRecords({ records: [] }, 'visible'));
    expect(e.kind).toBe('validation');
    expect(e.detail).toBe('field "(body)" must be an array');
    server.use(
      http.get(
        `${L}/infrared/query`,
        () => new HttpResponse('[{"id": 1', { headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    const m = await caught(fetchLegacyQuery(RANGE));
    expect(m.kind).toBe('malformed');
    expect(m.detail).toBe('the body is not valid JSON (starts with "[{\\"id\\": 1")');
  });

  it('downloads a ZIP up to 100 results; the service refuses more', async () => {
    const zip = await downloadLegacyZip({ ...RANGE, limit: 5 }, undefined, zipInPage);
    expect(zip.filename).toBe('infrared_images.zip');
    const e = await caught(
      downloadLegacyZip({ ...RANGE, search_from: '2025-02-01T00:00', limit: 500 }, undefined, zipInPage),
    );
    expect(e.status).toBe(400);
    expect(e.detail).toMatch(/100 images/);
  });
});

describe('legacy record by id', () => {
  it('gets a record and its file', async () => {
    const [first] = await fetchLegacyQuery({ ...RANGE, imageType: 'visible', site: 'RKPI', limit: 1 });
    const rec = await fetchLegacyRecord('visible', first!.image_id);
    expect(rec).toEqual(first);
    const file = await downloadLegacyFile('visible', first!.image_id);
    expect(file.blob.type).toBe('image/jpeg');
    expect(file.filename).toBe(`${first!.image_id}.jpg`);
  });

  it('turns infrared’s 404 problem body into a 404 ApiError', async () => {
    const e = await caught(fetchLegacyRecord('infrared', 'nope'));
    expect(e.status).toBe(404);
    expect(e.detail).toMatch(/nope not found/);
  });

  it('turns visible’s HTTP 200 {error: 404} body into a 404 ApiError, for the record and the file', async () => {
    const e = await caught(fetchLegacyRecord('visible', 'nope'));
    expect(e.kind).toBe('http');
    expect(e.status).toBe(404);
    expect(e.detail).toMatch(/Image not found.*in the body/);
    server.use(http.get(`${L}/visible/r/:id`, () => HttpResponse.json({ error: 500, message: 'db down' })));
    const f = await caught(downloadLegacyFile('visible', 'x'));
    expect(f.status).toBe(500);
  });

  it('saves a file with the type its bytes are and a name of our own, whatever the service claims', async () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);
    server.use(
      http.get(
        `${L}/visible/r/:id`,
        () =>
          new HttpResponse(jpeg, {
            headers: { 'Content-Type': 'text/html', 'Content-Disposition': 'attachment; filename="../evil.html"' },
          }),
      ),
    );
    const img = await downloadLegacyFile('visible', 'x');
    expect(img.blob.type).toBe('image/jpeg');
    expect(img.filename).toBe('evil.jpg');

    server.use(
      http.get(
        `${L}/visible/r/:id`,
        () =>
          new HttpResponse('<!doctype html><script>alert(1)</script>', {
            headers: { 'Content-Type': 'image/jpeg', 'Content-Disposition': 'attachment; filename=photo.jpg' },
          }),
      ),
    );
    const page = await downloadLegacyFile('visible', 'a/b 1');
    expect(page.blob.type).toBe('application/octet-stream');
    expect(page.filename).toBe('photo.bin');

    server.use(
      http.get(`${L}/visible/r/:id`, () => new HttpResponse(jpeg, { headers: { 'Content-Type': 'image/jpeg' } })),
    );
    expect((await downloadLegacyFile('visible', '../a b')).filename).toBe('a_b.jpg');
  });
});
