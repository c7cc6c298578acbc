import { http, HttpResponse } from 'msw';
import { server } from '../../../mocks/node';
import { useTestConfig } from '../../test/test-config';
import { RSAM_URL, ONE_DAY, rsamBody } from '../../test/rsam-fixtures';
import { rateLimiter } from '../rate/browser-limiter';
import { readText } from './read-body';
import { send } from './send';
import { fetchTransport } from './transport';
import { fetchRsamDays } from '../seismic';
import type { ApiError } from './errors';

beforeEach(() => {
  useTestConfig();
});

describe('retry policy', () => {
  afterEach(() => vi.useRealTimers());

  it('waits Retry-After before retrying a 429', async () => {
    vi.useFakeTimers();
    const times: number[] = [];
    server.use(
      http.get(RSAM_URL, () => {
        times.push(Date.now());
        return times.length === 1
          ? HttpResponse.json(
              { error: 'Rate limit exceeded: 100 per 1 minute' },
              { status: 429, headers: { 'Retry-After': '7' } },
            )
          : HttpResponse.json(rsamBody());
      }),
    );
    const p = fetchRsamDays(ONE_DAY);
    await vi.advanceTimersByTimeAsync(6_900);
    expect(times).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    await p;
    expect(times).toHaveLength(2);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(7_000);
  });

  it.each([
    ['delay-seconds', '99999999'],
    ['an HTTP date years ahead', 'Sat, 01 Jan 2033 00:00:00 GMT'],
  ])('tries again within the window after a 429 whose Retry-After (%s) asks for years', async (_, retryAfter) => {
    vi.useFakeTimers({ now: Date.UTC(2025, 0, 1, 12, 0, 10) });
    const times: number[] = [];
    server.use(
      http.get(RSAM_URL, () => {
        times.push(Date.now());
        return times.length === 1
          ? HttpResponse.json({ error: '100 per 1 minute' }, { status: 429, headers: { 'Retry-After': retryAfter } })
          : HttpResponse.json(rsamBody());
      }),
    );
    const p = fetchRsamDays(ONE_DAY, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(64_000);
    expect(times).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_100);
    await expect(p).resolves.toMatchObject({ windowSec: 60 });
    // Held for the window and its margins (65 s), not the years asked for, nor not at all.
    expect(times[1]! - times[0]!).toBe(65_000);
  });

  it('keeps trying a bare 429 each window while the caller still wants the data', async () => {
    vi.useFakeTimers({ now: Date.UTC(2025, 0, 1, 12, 0, 10) });
    const start = Date.now();
    const times: number[] = [];
    server.use(
      http.get(RSAM_URL, () => {
        times.push(Date.now());
        return Date.now() - start < 45_000
          ? HttpResponse.json({ error: 'Rate limit exceeded: 100 per 1 minute' }, { status: 429 })
          : HttpResponse.json(rsamBody());
      }),
    );
    const ac = new AbortController();
    const p = fetchRsamDays(ONE_DAY, ac.signal);
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
      http.get(RSAM_URL, () => {
        calls++;
        return HttpResponse.json({ error: true, status_code: 503, detail: 'down' }, { status: 503 });
      }),
    );
    await expect(
      send({ endpoint: 'seismic.rsam', url: RSAM_URL, retry: false, transport: fetchTransport(readText) }),
    ).rejects.toMatchObject({
      status: 503,
    });
    server.use(
      http.get(RSAM_URL, () => {
        calls++;
        return HttpResponse.json({ error: 'limited' }, { status: 429 });
      }),
    );
    await expect(
      send({ endpoint: 'seismic.rsam', url: RSAM_URL, retry: false, transport: fetchTransport(readText) }),
    ).rejects.toMatchObject({
      kind: 'rate-limited',
    });
    expect(calls).toBe(2);
  });

  it('reports a 5xx or lost connection at once with its next try, refuses more until then, then succeeds', async () => {
    vi.useFakeTimers();
    let calls = 0;
    server.use(
      http.get(RSAM_URL, () => {
        calls++;
        if (calls === 1) return HttpResponse.error();
        if (calls === 2) return HttpResponse.json({ error: true, status_code: 503, detail: 'down' }, { status: 503 });
        return HttpResponse.json(rsamBody());
      }),
    );
    const first = (await fetchRsamDays(ONE_DAY).catch((e: unknown) => e)) as ApiError;
    expect(first).toMatchObject({ kind: 'network', attempts: 1 });
    // Half fixed, half jitter of the first backoff step (1 s).
    expect(first.retryAt! - Date.now()).toBeGreaterThanOrEqual(500);
    expect(first.retryAt! - Date.now()).toBeLessThanOrEqual(1_000);
    // While the endpoint backs off, another request learns the same verdict without being sent.
    await expect(fetchRsamDays(ONE_DAY)).rejects.toMatchObject({
      kind: 'network',
      attempts: 0,
      retryAt: first.retryAt,
    });
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(first.retryAt! - Date.now());
    const second = (await fetchRsamDays(ONE_DAY).catch((e: unknown) => e)) as ApiError;
    expect(second).toMatchObject({ kind: 'http', status: 503 });
    // The second step is twice the first: 1–2 s.
    expect(second.retryAt! - Date.now()).toBeGreaterThanOrEqual(1_000);
    await expect(fetchRsamDays(ONE_DAY)).rejects.toMatchObject({
      kind: 'http',
      status: 503,
      detail: /^down \(failed 2 times/,
    });
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(second.retryAt! - Date.now());
    await expect(fetchRsamDays(ONE_DAY)).resolves.toMatchObject({ windowSec: 60 });
    expect(calls).toBe(3);
  });

  it('deep in an outage a new request learns the last failure at once, without being sent', async () => {
    vi.useFakeTimers();
    let calls = 0;
    server.use(
      http.get(RSAM_URL, () => {
        calls++;
        return HttpResponse.json({ error: true, status_code: 503, detail: 'down' }, { status: 503 });
      }),
    );
    // Four failed probes: the endpoint now holds its next try for 4–8 s.
    for (let i = 0; i < 4; i++) {
      await vi.advanceTimersByTimeAsync(10_000);
      await fetchRsamDays(ONE_DAY).catch(() => undefined);
    }
    expect(calls).toBe(4);
    const t = Date.now();
    const held = (await fetchRsamDays(ONE_DAY).catch((e: unknown) => e)) as ApiError;
    expect(Date.now()).toBe(t);
    expect(held).toMatchObject({ kind: 'http', status: 503, attempts: 0, detail: /^down \(failed 4 times in a row/ });
    expect(held.retryAt! - t).toBeGreaterThanOrEqual(4_000);
    expect(calls).toBe(4);
  });
});

describe('abort', () => {
  it('cancels a request in flight', async () => {
    server.use(http.get(RSAM_URL, async () => new Promise<Response>(() => {})));
    const ac = new AbortController();
    const p = fetchRsamDays(ONE_DAY, ac.signal);
    setTimeout(() => ac.abort(), 10);
    await expect(p).rejects.toMatchObject({ kind: 'aborted' });
  });

  it('cancels a request waiting in the rate queue without sending it', async () => {
    vi.useFakeTimers();
    let calls = 0;
    server.use(
      http.get(RSAM_URL, () => {
        calls++;
        return HttpResponse.json(rsamBody());
      }),
    );
    await Promise.all(Array.from({ length: 100 }, () => fetchRsamDays(ONE_DAY)));
    const ac = new AbortController();
    const p = fetchRsamDays(ONE_DAY, ac.signal).catch((e: unknown) => e);
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
      http.get(RSAM_URL, () => {
        sentAt.push(Date.now() - start);
        return HttpResponse.json(rsamBody());
      }),
    );
    let done = 0;
    const all = Promise.all(Array.from({ length: 150 }, () => fetchRsamDays(ONE_DAY).then(() => done++)));
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
