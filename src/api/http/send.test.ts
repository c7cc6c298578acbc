import { http, HttpResponse } from 'msw';
import { server } from '../../../mocks/node';
import { useTestConfig } from '../../test/test-config';
import { RSAM_URL, ONE_DAY, rsamBody, CLCL } from '../../test/rsam-fixtures';
import { ApiError, describeError } from './errors';
import { buildUrl } from './url';
import { fetchRsamDays, fetchSeismicSites } from '../seismic';
import { fetchImagery, imageryServiceUrl } from '../imagery/imagery';
import { imageryPage } from '../../test/imagery-fixtures';

beforeEach(() => {
  useTestConfig();
});

describe('parameter formatting', () => {
  it('omits absent values, writes booleans as true/false and repeats arrays', () => {
    expect(buildUrl('http://x', '/p', { a: undefined, b: null, c: '', d: true, e: false, f: 3, g: ['m1', 'm2'] })).toBe(
      'http://x/p?d=true&e=false&f=3&g=m1&g=m2',
    );
  });

  it('formats imagery ranges as yyyymmddhhmmss UTC', () => {
    const url = new URL(
      imageryServiceUrl({
        imageType: 'visible',
        site: 'RKPI',
        from: Date.UTC(2025, 0, 1),
        to: Date.UTC(2025, 0, 7, 23, 59, 59),
        is_night: false,
      }),
    );
    expect(url.searchParams.get('datefrom')).toBe('20250101000000');
    expect(url.searchParams.get('dateto')).toBe('20250107235959');
    expect(url.searchParams.get('is_night')).toBe('false');
    expect(url.searchParams.has('vnum')).toBe(false);
  });

  it('formats seismic days as YYYYMMDD', async () => {
    let seen: URL | undefined;
    server.use(
      http.get(RSAM_URL, ({ request }) => {
        seen = new URL(request.url);
        return HttpResponse.json(rsamBody());
      }),
    );
    await fetchRsamDays({ channel: CLCL, from: Date.UTC(2025, 0, 1, 13), to: Date.UTC(2025, 0, 31, 23) });
    expect(seen?.searchParams.get('datefrom')).toBe('20250101');
    expect(seen?.searchParams.get('dateto')).toBe('20250131');
    expect(seen?.searchParams.get('network')).toBe('AV');
  });
});

describe('response validation', () => {
  it('converts RSAM_URL points to typed arrays in unix seconds', async () => {
    server.use(http.get(RSAM_URL, () => HttpResponse.json(rsamBody())));
    const s = await fetchRsamDays(ONE_DAY);
    expect(Array.from(s.times)).toEqual([Date.UTC(2025, 0, 1) / 1000]);
    expect(Array.from(s.values)).toEqual([12.5]);
  });

  it('names the field when a point has the wrong type', async () => {
    server.use(
      http.get(RSAM_URL, () =>
        HttpResponse.json(
          rsamBody([
            { time: '2025-01-01T00:00:00Z', rsam_counts: 1 },
            { time: '2025-01-01T00:01:00Z', rsam_counts: 'high' },
          ]),
        ),
      ),
    );
    const err = await fetchRsamDays(ONE_DAY).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'validation', field: 'series[0].points[1].rsam_counts' });
    expect((err as ApiError).message).toContain('series[0].points[1].rsam_counts');
  });

  it('names the points when they are not an array', async () => {
    server.use(
      http.get(RSAM_URL, () => HttpResponse.json({ ...rsamBody(), series: [{ ...CLCL, window_sec: 60, points: 5 }] })),
    );
    const err = await fetchRsamDays(ONE_DAY).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'validation', field: 'series[0].points' });
    expect((err as ApiError).detail).toBe('field "series[0].points" must be an array');
  });

  it('names the field when the envelope is wrong', async () => {
    server.use(
      http.get('http://api.test/api/seismic/sites', () => HttpResponse.json({ channels: [{ network: 1 }], total: 1 })),
    );
    const err = await fetchSeismicSites().catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'validation', field: 'channels[0].network' });
  });

  it('reports malformed JSON as malformed, not as a crash', async () => {
    server.use(
      http.get(RSAM_URL, () => new HttpResponse('{"series": [', { headers: { 'Content-Type': 'application/json' } })),
    );
    await expect(fetchRsamDays(ONE_DAY)).rejects.toMatchObject({ kind: 'malformed' });
  });

  it('keeps the two imagery timestamp kinds apart', async () => {
    const rec = (timestamp: string) => ({
      image_id: '345040.VPMI.2025.001_120000-0001',
      image_url: 'https://images.test/a.jpg',
      vnum: 345040,
      site: 'VPMI',
      timestamp,
      image_type: 'infrared',
    });
    server.use(
      http.get('http://api.test/api/imagery/q', () =>
        HttpResponse.json(imageryPage([rec('2025-01-01T06:00:00'), rec('2025-01-01T12:00:00Z')])),
      ),
    );
    const page = await fetchImagery({ site: 'VPMI' });
    expect(page.results[0]!.time).toMatchObject({
      kind: 'site-local',
      zone: 'America/Costa_Rica',
      utcMs: Date.UTC(2025, 0, 1, 12),
    });
    expect(page.results[1]!.time).toMatchObject({ kind: 'utc', utcMs: Date.UTC(2025, 0, 1, 12) });
  });

  it('refuses image URLs that are not http(s)', async () => {
    server.use(
      http.get('http://api.test/api/imagery/q', () =>
        HttpResponse.json(
          imageryPage([
            {
              image_id: 'x',
              image_url: 'javascript:alert(1)',
              vnum: 1,
              site: 'CLNE',
              timestamp: '2025-01-01T00:00:00Z',
              image_type: 'visible',
            },
          ]),
        ),
      ),
    );
    await expect(fetchImagery({})).rejects.toMatchObject({ kind: 'validation', field: 'results[0].image_url' });
  });
});

describe('an answer past its ceiling', () => {
  it('is stopped and said as too large, naming the answer once', async () => {
    // 4 MB and one byte of valid JSON (whitespace before the close): the imagery page's ceiling is 4 MB.
    const body = `{"results": []${' '.repeat(4 * 1024 * 1024 - 14)}}`;
    expect(body.length).toBe(4 * 1024 * 1024 + 1);
    server.use(
      http.get(
        'http://api.test/api/imagery/q',
        () => new HttpResponse(body, { headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    const err = await fetchImagery({}).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'malformed', tooLarge: true });
    expect(describeError(err)).toMatchObject({
      title: 'The service sent an answer too large to read',
      detail: 'the answer of /api/imagery/q was larger than 4 MB: stopped reading',
    });
  });
});

describe('validation messages', () => {
  it('words a wrong type in plain language without a locale bundle', async () => {
    server.use(http.get('http://api.test/api/seismic/sites', () => HttpResponse.json({ channels: [], total: 'many' })));
    const err = await fetchSeismicSites().catch((e: unknown) => e);
    expect((err as ApiError).detail).toBe('field "total" must be a number');
  });
});
