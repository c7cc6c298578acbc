import { http, HttpResponse } from 'msw';
import { server } from '../../mocks/node';
import { useTestConfig } from '../test/test-config';
import { rateLimiter } from './endpoints';
import { ApiError } from './errors';
import { backoffMs, buildUrl, parseRetryAfter, readErrorBody, RETRY, send } from './http';
import { fetchRsam, fetchSeismicSites } from './seismic';
import { fetchImagery, imageryUrl } from './imagery';

const RSAM = 'http://api.test/api/seismic/rsam';
const CH = { network: 'AV', station: 'CLCL', location: '', channel: 'BHZ' };
const DAY = { channel: CH, from: Date.UTC(2025, 0, 1), to: Date.UTC(2025, 0, 1) };

function rsamBody(points: unknown[] = [{ time: '2025-01-01T00:00:00Z', rsam_counts: 12.5 }]) {
  return {
    series: [{ ...CH, window_sec: 60, points }],
    datefrom: '20250101',
    dateto: '20250101',
    query: { ...CH, datefrom: '20250101', dateto: '20250101' },
  };
}

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
      imageryUrl({
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
      http.get(RSAM, ({ request }) => {
        seen = new URL(request.url);
        return HttpResponse.json(rsamBody());
      }),
    );
    await fetchRsam({ channel: CH, from: Date.UTC(2025, 0, 1, 13), to: Date.UTC(2025, 0, 31, 23) });
    expect(seen?.searchParams.get('datefrom')).toBe('20250101');
    expect(seen?.searchParams.get('dateto')).toBe('20250131');
    expect(seen?.searchParams.get('network')).toBe('AV');
  });
});

describe('response validation', () => {
  it('converts RSAM points to typed arrays in unix seconds', async () => {
    server.use(http.get(RSAM, () => HttpResponse.json(rsamBody())));
    const s = await fetchRsam(DAY);
    expect(Array.from(s.times)).toEqual([Date.UTC(2025, 0, 1) / 1000]);
    expect(Array.from(s.values)).toEqual([12.5]);
  });

  it('names the field when a point has the wrong type', async () => {
    server.use(
      http.get(RSAM, () =>
        HttpResponse.json(
          rsamBody([
            { time: '2025-01-01T00:00:00Z', rsam_counts: 1 },
            { time: '2025-01-01T00:01:00Z', rsam_counts: 'high' },
          ]),
        ),
      ),
    );
    const err = await fetchRsam(DAY).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'validation', field: 'series[0].points[1].rsam_counts' });
    expect((err as ApiError).message).toContain('series[0].points[1].rsam_counts');
  });

  it('names the points when they are not an array', async () => {
    server.use(
      http.get(RSAM, () => HttpResponse.json({ ...rsamBody(), series: [{ ...CH, window_sec: 60, points: 5 }] })),
    );
    const err = await fetchRsam(DAY).catch((e: unknown) => e);
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
      http.get(RSAM, () => new HttpResponse('{"series": [', { headers: { 'Content-Type': 'application/json' } })),
    );
    await expect(fetchRsam(DAY)).rejects.toMatchObject({ kind: 'malformed' });
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
        HttpResponse.json({
          results: [rec('2025-01-01T06:00:00'), rec('2025-01-01T12:00:00Z')],
          pagination: {
            page: 1,
            limit: 100,
            total_count: 2,
            total_pages: 1,
            has_prev: false,
            has_next: false,
            prev_page: null,
            next_page: null,
            count: 2,
          },
          query: {},
        }),
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
        HttpResponse.json({
          results: [
            {
              image_id: 'x',
              image_url: 'javascript:alert(1)',
              vnum: 1,
              site: 'CLNE',
              timestamp: '2025-01-01T00:00:00Z',
              image_type: 'visible',
            },
          ],
          pagination: {
            page: 1,
            limit: 100,
            total_count: 1,
            total_pages: 1,
            has_prev: false,
            has_next: false,
            prev_page: null,
            next_page: null,
            count: 1,
          },
          query: {},
        }),
      ),
    );
    await expect(fetchImagery({})).rejects.toMatchObject({ kind: 'validation', field: 'results[0].image_url' });
  });
});

describe('error bodies', () => {
  it('reads a 400 detail', async () => {
    server.use(
      http.get(RSAM, () =>
        HttpResponse.json({ error: true, status_code: 400, detail: 'datefrom must be <= dateto' }, { status: 400 }),
      ),
    );
    await expect(fetchRsam(DAY)).rejects.toMatchObject({
      kind: 'http',
      status: 400,
      detail: 'datefrom must be <= dateto',
    });
  });

  it('maps 422 errors to their parameters', () => {
    const info = readErrorBody(
      {
        error: true,
        status_code: 422,
        detail: 'Validation error',
        errors: [
          { type: 'int_parsing', loc: ['query', 'limit'], msg: 'Input should be a valid integer' },
          { type: 'missing', loc: ['query', 'network'], msg: 'Field required' },
        ],
        path: '/api/imagery/q',
      },
      422,
    );
    expect(info.fieldErrors).toEqual({ limit: 'Input should be a valid integer', network: 'Field required' });
  });

  it('reads the 429 string body and gives up after five tries', async () => {
    vi.useFakeTimers();
    let calls = 0;
    server.use(
      http.get(RSAM, () => {
        calls++;
        return HttpResponse.json(
          { error: 'Rate limit exceeded: 100 per 1 minute' },
          { status: 429, headers: { 'Retry-After': '2' } },
        );
      }),
    );
    const p = fetchRsam(DAY).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(30_000);
    const err = await p;
    vi.useRealTimers();
    expect(calls).toBe(RETRY.maxAttempts);
    expect(err).toMatchObject({
      kind: 'rate-limited',
      status: 429,
      detail: 'Rate limit exceeded: 100 per 1 minute',
      retryAfterSeconds: 2,
    });
  });

  it('never retries other 4xx', async () => {
    let calls = 0;
    server.use(
      http.get(RSAM, () => {
        calls++;
        return HttpResponse.json({ error: true, status_code: 404, detail: 'nope' }, { status: 404 });
      }),
    );
    await expect(fetchRsam(DAY)).rejects.toMatchObject({ status: 404 });
    expect(calls).toBe(1);
  });
});

describe('retry policy', () => {
  afterEach(() => vi.useRealTimers());

  it('waits Retry-After before retrying a 429', async () => {
    vi.useFakeTimers();
    const times: number[] = [];
    server.use(
      http.get(RSAM, () => {
        times.push(Date.now());
        return times.length === 1
          ? HttpResponse.json(
              { error: 'Rate limit exceeded: 100 per 1 minute' },
              { status: 429, headers: { 'Retry-After': '7' } },
            )
          : HttpResponse.json(rsamBody());
      }),
    );
    const p = fetchRsam(DAY);
    await vi.advanceTimersByTimeAsync(6_900);
    expect(times).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    await p;
    expect(times).toHaveLength(2);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(7_000);
  });

  it('keeps trying a bare 429 each window while the caller still wants the data', async () => {
    vi.useFakeTimers({ now: Date.UTC(2025, 0, 1, 12, 0, 10) });
    const start = Date.now();
    const times: number[] = [];
    server.use(
      http.get(RSAM, () => {
        times.push(Date.now());
        return Date.now() - start < 45_000
          ? HttpResponse.json({ error: 'Rate limit exceeded: 100 per 1 minute' }, { status: 429 })
          : HttpResponse.json(rsamBody());
      }),
    );
    const ac = new AbortController();
    const p = fetchRsam(DAY, ac.signal);
    await vi.advanceTimersByTimeAsync(49_000);
    // No Retry-After: the second try waits for the next whole minute (12:01:00) plus the margin.
    expect(times).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(p).resolves.toMatchObject({ windowSec: 60 });
    expect(times).toHaveLength(2);
    expect(times[1]).toBeGreaterThanOrEqual(Date.UTC(2025, 0, 1, 12, 1, 0));
  });

  it('never re-sends a request marked retry: false (a ZIP download)', async () => {
    let calls = 0;
    server.use(
      http.get(RSAM, () => {
        calls++;
        return HttpResponse.json({ error: true, status_code: 503, detail: 'down' }, { status: 503 });
      }),
    );
    await expect(send({ endpoint: 'seismic.rsam', url: RSAM, retry: false })).rejects.toMatchObject({ status: 503 });
    server.use(
      http.get(RSAM, () => {
        calls++;
        return HttpResponse.json({ error: 'limited' }, { status: 429 });
      }),
    );
    await expect(send({ endpoint: 'seismic.rsam', url: RSAM, retry: false })).rejects.toMatchObject({
      kind: 'rate-limited',
    });
    expect(calls).toBe(2);
  });

  it('retries 5xx and network errors with bounded backoff, then succeeds', async () => {
    vi.useFakeTimers();
    let calls = 0;
    server.use(
      http.get(RSAM, () => {
        calls++;
        if (calls === 1) return HttpResponse.error();
        if (calls === 2) return HttpResponse.json({ error: true, status_code: 503, detail: 'down' }, { status: 503 });
        return HttpResponse.json(rsamBody());
      }),
    );
    const p = fetchRsam(DAY);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(p).resolves.toMatchObject({ windowSec: 60 });
    expect(calls).toBe(3);
  });

  it('backoff uses full jitter under an exponential cap', () => {
    expect(backoffMs(0, () => 1)).toBe(1_000);
    expect(backoffMs(3, () => 1)).toBe(8_000);
    expect(backoffMs(10, () => 1)).toBe(60_000);
    expect(backoffMs(4, () => 0)).toBe(0);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.UTC(2025, 0, 1);
    expect(parseRetryAfter('12', now)).toBe(12);
    expect(parseRetryAfter(new Date(now + 30_000).toUTCString(), now)).toBe(30);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe('abort', () => {
  it('cancels a request in flight', async () => {
    server.use(http.get(RSAM, async () => new Promise<Response>(() => {})));
    const ac = new AbortController();
    const p = fetchRsam(DAY, ac.signal);
    setTimeout(() => ac.abort(), 10);
    await expect(p).rejects.toMatchObject({ kind: 'aborted' });
  });

  it('cancels a request waiting in the rate queue without sending it', async () => {
    vi.useFakeTimers();
    let calls = 0;
    server.use(
      http.get(RSAM, () => {
        calls++;
        return HttpResponse.json(rsamBody());
      }),
    );
    await Promise.all(Array.from({ length: 100 }, () => fetchRsam(DAY)));
    const ac = new AbortController();
    const p = fetchRsam(DAY, ac.signal).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10);
    expect(rateLimiter.snapshot().queued).toBe(1);
    ac.abort();
    expect(await p).toMatchObject({ kind: 'aborted' });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toBe(100);
    vi.useRealTimers();
  });
});

describe('rate budget', () => {
  it('sends at most 100 of 150 simultaneous /api/seismic/rsam calls in the first minute, and completes all', async () => {
    vi.useFakeTimers({ now: Date.UTC(2025, 0, 1) });
    const start = Date.now();
    const sentAt: number[] = [];
    server.use(
      http.get(RSAM, () => {
        sentAt.push(Date.now() - start);
        return HttpResponse.json(rsamBody());
      }),
    );
    let done = 0;
    const all = Promise.all(Array.from({ length: 150 }, () => fetchRsam(DAY).then(() => done++)));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sentAt.length).toBe(100);
    expect(rateLimiter.snapshot().queued).toBe(50);
    await vi.advanceTimersByTimeAsync(58_000);
    expect(sentAt.filter((t) => t < 60_000).length).toBeLessThanOrEqual(100);
    await vi.advanceTimersByTimeAsync(5_000);
    await all;
    vi.useRealTimers();
    expect(done).toBe(150);
    expect(sentAt.length).toBe(150);
    // No window of one minute ever saw more than the budget.
    for (const t of sentAt) expect(sentAt.filter((u) => u >= t && u < t + 60_000).length).toBeLessThanOrEqual(100);
  });
});

describe('validation messages', () => {
  it('words a wrong type in plain language without a locale bundle', async () => {
    server.use(http.get('http://api.test/api/seismic/sites', () => HttpResponse.json({ channels: [], total: 'many' })));
    const err = await fetchSeismicSites().catch((e: unknown) => e);
    expect((err as ApiError).detail).toBe('field "total" must be a number');
  });
});
