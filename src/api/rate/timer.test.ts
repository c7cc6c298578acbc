import { later, MAX_TIMER_MS, timerDelay } from './timer';

describe('timerDelay', () => {
  it('keeps a delay a timer can hold, and cuts the rest to 2^31 - 1 ms', () => {
    expect(timerDelay(1_500)).toBe(1_500);
    expect(timerDelay(1.2)).toBe(2);
    expect(timerDelay(MAX_TIMER_MS)).toBe(MAX_TIMER_MS);
    expect(timerDelay(2 ** 31)).toBe(MAX_TIMER_MS);
    expect(timerDelay(99_999_999_000)).toBe(MAX_TIMER_MS);
    expect(timerDelay(Infinity)).toBe(MAX_TIMER_MS);
  });

  it('makes negatives and NaN no wait', () => {
    expect(timerDelay(-5)).toBe(0);
    expect(timerDelay(Number.NaN)).toBe(0);
    expect(timerDelay(-Infinity)).toBe(0);
  });
});

describe('later', () => {
  afterEach(() => vi.useRealTimers());

  it('does not fire at once for a wait beyond what setTimeout holds', async () => {
    vi.useFakeTimers();
    const fired = vi.fn();
    later(fired, 99_999_999_000);
    await vi.advanceTimersByTimeAsync(24 * 24 * 3_600_000);
    expect(fired).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(MAX_TIMER_MS);
    expect(fired).toHaveBeenCalledOnce();
  });
});
