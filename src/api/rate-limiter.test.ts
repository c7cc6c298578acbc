import { RateLimiter, WINDOW_MARGIN_MS } from './rate-limiter';

describe('RateLimiter', () => {
  beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2025, 0, 1) }));
  afterEach(() => vi.useRealTimers());

  it('grants up to the budget at once and queues the rest until the window moves', async () => {
    const rl = new RateLimiter({ a: { limit: 3, windowMs: 60_000 } });
    const granted: number[] = [];
    for (let i = 0; i < 5; i++) void rl.acquire('a').then(() => granted.push(i));
    await vi.advanceTimersByTimeAsync(0);
    expect(granted).toEqual([0, 1, 2]);
    expect(rl.snapshot().queued).toBe(2);
    expect(rl.snapshot().waitMs).toBe(60_000 + WINDOW_MARGIN_MS);
    await vi.advanceTimersByTimeAsync(60_000 + WINDOW_MARGIN_MS);
    expect(granted).toEqual([0, 1, 2, 3, 4]);
    expect(rl.snapshot().queued).toBe(0);
  });

  it('rejects a queued request when its signal aborts and frees its place', async () => {
    const rl = new RateLimiter({ a: { limit: 1, windowMs: 60_000 } });
    await rl.acquire('a');
    const ac = new AbortController();
    const p = rl.acquire('a', ac.signal);
    ac.abort();
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    expect(rl.snapshot().queued).toBe(0);
  });

  it('holds an endpoint blocked by a 429 until the given time', async () => {
    const rl = new RateLimiter({ a: { limit: 10, windowMs: 60_000 } });
    rl.block('a', Date.now() + 5_000);
    let done = false;
    void rl.acquire('a').then(() => (done = true));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it('lets unknown endpoints pass and notifies subscribers', async () => {
    const rl = new RateLimiter({ a: { limit: 1, windowMs: 1000 } });
    await rl.acquire('unknown');
    const seen = vi.fn();
    rl.subscribe(seen);
    await rl.acquire('a');
    expect(seen).toHaveBeenCalled();
  });
});
