import { act, cleanup, render, screen } from '@testing-library/react';
import { rateLimiter } from '../../api/rate/browser-limiter';
import { useTestConfig } from '../../test/test-config';
import { RateLimitStatus } from './rate-limit-status';

describe('RateLimitStatus', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.UTC(2025, 0, 1, 12, 0, 20), shouldAdvanceTime: false });
    useTestConfig();
  });
  afterEach(() => {
    cleanup(); // unmounted first: the reset would update a mounted status outside act
    rateLimiter.reset();
    vi.useRealTimers();
  });

  it('says what waits, why and until when, and counts down by itself', async () => {
    render(<RateLimitStatus />);
    const ac = new AbortController();
    await act(async () => {
      await rateLimiter.rateLimited('seismic.rsam');
      void rateLimiter.acquire('seismic.rsam', ac.signal).catch(() => {});
      await vi.advanceTimersByTimeAsync(0);
    });
    const status = screen.getByTestId('rate-status');
    expect(status).toHaveTextContent('/api/seismic/rsam: 1 request waiting');
    expect(status).toHaveTextContent('the service refused (429)');
    expect(status).toHaveTextContent(/next at 2025-01-01 12:01:0\d UTC/);
    const before = /in (\d+) s/.exec(status.textContent ?? '')![1];
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    const after = /in (\d+) s/.exec(status.textContent ?? '')![1];
    expect(Number(before) - Number(after)).toBe(3);
    await act(async () => ac.abort());
  });
});

describe('RateLimitStatus after a Retry-After beyond the window', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.UTC(2025, 0, 1, 12, 0, 20), shouldAdvanceTime: false });
    useTestConfig();
  });
  afterEach(() => {
    cleanup();
    rateLimiter.reset();
    vi.useRealTimers();
  });

  it('says the wait kept (the window) and that the service asked for longer', async () => {
    render(<RateLimitStatus />);
    const ac = new AbortController();
    await act(async () => {
      await rateLimiter.rateLimited('seismic.rsam', { retryAfterMs: 99_999_999_000, sentAt: Date.now() });
      void rateLimiter.acquire('seismic.rsam', ac.signal).catch(() => {});
      await vi.advanceTimersByTimeAsync(0);
    });
    const status = screen.getByTestId('rate-status');
    expect(status).toHaveTextContent('next at 2025-01-01 12:01:25 UTC, in 65 s');
    expect(status).toHaveTextContent('the service asked to wait 99,999,999 s, about 3.2 years');
    expect(status).toHaveTextContent('so the wait is cut to that');
    await act(async () => ac.abort());
  });
});
