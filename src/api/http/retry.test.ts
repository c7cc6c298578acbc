import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { ApiError } from './errors';
import { atNextProbe, refetchOnRecovery, refetchOnRetry, retriesRateLimited, RETRY } from './retry';
import { RateLimiter } from '../rate/rate-limiter';

const down = (retryAt?: number) =>
  new ApiError({ kind: 'http', endpoint: '/x', status: 503, detail: 'down', ...(retryAt ? { retryAt } : {}) });

describe('query retries', () => {
  beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 1) }));
  afterEach(() => vi.useRealTimers());

  it('refetches a failed query at its next try, and only a query whose error is retried', () => {
    const at = Date.now() + 4_000;
    const interval = refetchOnRetry(60_000);
    expect(interval({ state: { status: 'error', error: down(at) } })).toBe(4_020);
    expect(interval({ state: { status: 'error', error: down() } })).toBe(60_000);
    expect(interval({ state: { status: 'success', error: null } })).toBe(60_000);
    expect(refetchOnRetry()({ state: { status: 'error', error: down(Date.now() - 5) } })).toBe(250);
    expect(refetchOnRetry()({ state: { status: 'error', error: new Error('x') } })).toBe(false);
  });

  it('shows the first failure at once, keeps it while waiting, and recovers at the next try', async () => {
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false, refetchInterval: refetchOnRetry() } },
    });
    let calls = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['x'],
      queryFn: () => {
        calls++;
        if (calls === 1) throw down(Date.now() + 3_000);
        return Promise.resolve('data');
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(observer.getCurrentResult()).toMatchObject({ status: 'error', error: { status: 503 } });
    await vi.advanceTimersByTimeAsync(2_900);
    expect(calls).toBe(1);
    expect(observer.getCurrentResult().status).toBe('error');
    await vi.advanceTimersByTimeAsync(200);
    expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: 'data' });
    expect(calls).toBe(2);
    unsubscribe();
    client.clear();
  });

  it('refetches failed queries as soon as their endpoint answers again', async () => {
    const limiter = new RateLimiter({});
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    refetchOnRecovery(client, limiter);
    let calls = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['y'],
      queryFn: () => {
        calls++;
        if (calls === 1) throw down(Date.now() + 60_000);
        return Promise.resolve('data');
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(observer.getCurrentResult().status).toBe('error');
    await limiter.failed('x');
    await limiter.succeeded('x');
    await vi.advanceTimersByTimeAsync(0);
    expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: 'data' });
    unsubscribe();
    client.clear();
  });

  it('send tries a 429 again while its caller wants the data, five times without a signal, nothing else', () => {
    const limited = new ApiError({ kind: 'rate-limited', endpoint: '/x', status: 429, detail: 'slow down' });
    const live = new AbortController();
    expect(retriesRateLimited(true, live.signal)(limited, 100)).toBe(true);
    expect(retriesRateLimited(true, live.signal)(down(Date.now() + 1_000), 1)).toBe(false);
    expect(retriesRateLimited(true, live.signal)(new Error('x'), 1)).toBe(false);
    expect(retriesRateLimited(false, live.signal)(limited, 1)).toBe(false);
    live.abort();
    expect(retriesRateLimited(true, live.signal)(limited, 1)).toBe(false);
    const bounded = retriesRateLimited(true, undefined);
    expect(bounded(limited, RETRY.maxAttempts - 1)).toBe(true);
    expect(bounded(limited, RETRY.maxAttempts)).toBe(false);
  });
});

describe("atNextProbe: a one-shot read waits for its endpoint's next probe", () => {
  beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 1) }));
  afterEach(() => vi.useRealTimers());

  it('tries again at retryAt, not before, and resolves with the answer', async () => {
    const t0 = Date.now();
    const calls: number[] = [];
    const fn = () => {
      calls.push(Date.now() - t0);
      return calls.length === 1 ? Promise.reject(down(t0 + 4_000)) : Promise.resolve('csv');
    };
    const p = atNextProbe(fn, 3);
    await vi.advanceTimersByTimeAsync(3_999);
    expect(calls).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(p).resolves.toBe('csv');
    expect(calls).toEqual([0, 4_000]);
  });

  it('gives up after its tries, and at once on a failure nobody retries (no retryAt)', async () => {
    let n = 0;
    const failing = atNextProbe(() => {
      n++;
      return Promise.reject(down(Date.now() + 1_000));
    }, 3);
    const seen = failing.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await seen).toBeInstanceOf(ApiError);
    expect(n).toBe(3);
    let m = 0;
    await expect(
      atNextProbe(() => {
        m++;
        return Promise.reject(down());
      }, 3),
    ).rejects.toBeInstanceOf(ApiError);
    expect(m).toBe(1);
  });

  it('stops waiting when its signal aborts', async () => {
    const ac = new AbortController();
    const p = atNextProbe(() => Promise.reject(down(Date.now() + 30_000)), 3, ac.signal).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1_000);
    ac.abort(new DOMException('stopped', 'AbortError'));
    expect(((await p) as DOMException).name).toBe('AbortError');
  });
});
