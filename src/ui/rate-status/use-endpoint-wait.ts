import { useEffect, useState } from 'react';
import { type EndpointKey } from '../../api/endpoints';
import { rateLimiter } from '../../api/rate/browser-limiter';

export interface EndpointWait {
  queued: number;
  waitMs: number | null;
  used: number;
  limit: number;
  /** Of `queued`, those waiting to retry after a failed answer rather than for the budget. */
  retrying: number;
}

/**
 * The rate limiter's state; re-renders the caller on every queue, send and answer. Subscribed in an
 * effect, not through useSyncExternalStore: the app's first render is a transition, and a request
 * starting while it renders (the view's prefetch does) changed the store mid-render, so React threw
 * the render away and did it again in one piece (the view's first render to its commit: 50–66 ms
 * against 28–36 without, here). A status line may show a request's wait one commit late; the
 * effect reads the snapshot again.
 */
export function useLimiterSnapshot() {
  const [snap, setSnap] = useState(() => rateLimiter.snapshot());
  useEffect(() => {
    const update = () => setSnap(rateLimiter.snapshot());
    update();
    return rateLimiter.subscribe(update);
  }, []);
  return snap;
}

/**
 * The rate budget of one endpoint; the limiter publishes a new snapshot every second while
 * something waits, so a countdown built on it moves. Call it in the small component that shows the
 * wait, not at a view's root: it re-renders on every request.
 */
export function useEndpointWait(key: EndpointKey): EndpointWait | null {
  const snap = useLimiterSnapshot();
  const e = snap.endpoints.find((x) => x.key === key);
  if (!e) return null;
  return { queued: e.queued, waitMs: e.waitMs, used: e.used, limit: e.limit, retrying: e.retrying };
}
