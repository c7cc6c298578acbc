import { act, cleanup, render, screen } from '@testing-library/react';
import { startTransition, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { rateLimiter } from '../../api/rate/browser-limiter';
import { useTestConfig } from '../../test/test-config';
import { useEndpointWait, useLimiterSnapshot } from './use-endpoint-wait';

function Queued() {
  return <p data-testid="queued">{useLimiterSnapshot().queued}</p>;
}

/** Starts a request while rendering, once, as a view's prefetch does during the app's first render. */
function StartsARequest({ signal, renders }: { signal: AbortSignal; renders: { n: number } }) {
  renders.n++;
  const started = useRef(false);
  if (!started.current) {
    started.current = true;
    void rateLimiter.acquire('seismic.rsam', signal).catch(() => {});
  }
  return null;
}

beforeEach(() => useTestConfig());
afterEach(() => {
  cleanup(); // unmounted first: the reset would update a mounted status outside act
  vi.restoreAllMocks();
  rateLimiter.reset();
});

describe('useLimiterSnapshot', () => {
  it('does not make React render the tree again when a request starts during a transition render', async () => {
    // A 429 holds the lane, so the request stays queued (nothing is mounted yet: no act needed).
    await rateLimiter.rateLimited('seismic.rsam');
    const ac = new AbortController();
    const renders = { n: 0 };
    const el = document.createElement('div');
    const root = createRoot(el);
    await act(async () => {
      startTransition(() =>
        root.render(
          <>
            <Queued />
            <StartsARequest signal={ac.signal} renders={renders} />
          </>,
        ),
      );
    });
    // With useSyncExternalStore the store's change mid-render forced a second, synchronous render.
    expect(renders.n).toBe(1);
    // The request that started during the render is shown once the subscription is in place.
    expect(el.querySelector('p')?.textContent).toBe('1');
    await act(async () => ac.abort());
    expect(el.querySelector('p')?.textContent).toBe('0');
    act(() => root.unmount());
  });

  it('follows the limiter after mounting, and stops listening on unmount', async () => {
    const subscribe = rateLimiter.subscribe.bind(rateLimiter);
    const unsubscribed = vi.fn();
    vi.spyOn(rateLimiter, 'subscribe').mockImplementation((listener) => {
      const off = subscribe(listener);
      return () => {
        unsubscribed();
        return off();
      };
    });
    const view = render(<Queued />);
    expect(screen.getByTestId('queued')).toHaveTextContent('0');
    await act(() => rateLimiter.rateLimited('seismic.rsam'));
    const ac = new AbortController();
    await act(async () => {
      void rateLimiter.acquire('seismic.rsam', ac.signal).catch(() => {});
    });
    expect(screen.getByTestId('queued')).toHaveTextContent('1');
    expect(unsubscribed).not.toHaveBeenCalled();
    view.unmount();
    expect(unsubscribed).toHaveBeenCalledTimes(1);
    ac.abort();
  });
});

describe('useEndpointWait', () => {
  function Wait() {
    const w = useEndpointWait('seismic.rsam');
    return <p data-testid="wait">{w ? `${w.queued} of ${w.limit}` : 'none'}</p>;
  }

  it('reads one endpoint of the snapshot', async () => {
    render(<Wait />);
    await act(() => rateLimiter.rateLimited('seismic.rsam'));
    const ac = new AbortController();
    await act(async () => {
      void rateLimiter.acquire('seismic.rsam', ac.signal).catch(() => {});
    });
    expect(screen.getByTestId('wait')).toHaveTextContent('1 of 100');
    await act(async () => ac.abort());
    expect(screen.getByTestId('wait')).toHaveTextContent('0 of 100');
  });
});
