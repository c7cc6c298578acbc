import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWhenIdle } from './use-when-idle';

function Probe({ timeoutMs }: { timeoutMs?: number }) {
  return <p>{useWhenIdle(timeoutMs) ? 'idle' : 'waiting'}</p>;
}

describe('useWhenIdle', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('turns true at the browser’s idle callback, asked for with the timeout, and not before', () => {
    const asked: Array<[IdleRequestCallback, IdleRequestOptions | undefined]> = [];
    vi.stubGlobal('requestIdleCallback', (cb: IdleRequestCallback, o?: IdleRequestOptions) => asked.push([cb, o]));
    vi.stubGlobal('cancelIdleCallback', () => {});
    render(<Probe timeoutMs={700} />);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(asked).toHaveLength(1);
    expect(asked[0]![1]).toEqual({ timeout: 700 });
    act(() => asked[0]![0]({ didTimeout: false, timeRemaining: () => 10 }));
    expect(screen.getByText('idle')).toBeInTheDocument();
  });

  it('cancels its callback when unmounted first', () => {
    const cancel = vi.fn();
    vi.stubGlobal('requestIdleCallback', () => 42);
    vi.stubGlobal('cancelIdleCallback', cancel);
    const { unmount } = render(<Probe />);
    unmount();
    expect(cancel).toHaveBeenCalledWith(42);
  });

  it('falls back on a timer where there is no requestIdleCallback (Safari)', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    try {
      render(<Probe />);
      expect(screen.getByText('waiting')).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(screen.getByText('idle')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
