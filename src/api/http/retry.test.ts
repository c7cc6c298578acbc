import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { ApiError } from './errors';
import { refetchOnRecovery, refetchOnRetry, retriesRateLimited, RETRY } from './retry';
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
