import { useEffect, useState, useSyncExternalStore } from 'react';
import { rateLimiter, type EndpointKey } from '../api/endpoints';

export interface EndpointWait {
  queued: number;
  waitMs: number | null;
  used: number;
  limit: number;
  /** Of `queued`, those waiting to retry after a failed answer rather than for the budget. */
  retrying: number;
}

/** The rate limiter's state; re-renders the caller on every queue, send and answer. */
export function useLimiterSnapshot() {
  return useSyncExternalStore(
    (cb) => rateLimiter.subscribe(cb),
    () => rateLimiter.snapshot(),
  );
}

/**
 * The rate budget of one endpoint, re-read every second while something waits. Call it in the
 * small component that shows the wait, not at a view's root: it re-renders on every request.
 */
export function useEndpointWait(key: EndpointKey): EndpointWait | null {
  const snap = useLimiterSnapshot();
  const [, tick] = useState(0);
  const e = snap.endpoints.find((x) => x.key === key);
  const waiting = !!e && e.queued > 0;
  useEffect(() => {
    if (!waiting) return;
    const t = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(t);
  }, [waiting]);
  if (!e) return null;
  const fresh = waiting ? (rateLimiter.snapshot().endpoints.find((x) => x.key === key) ?? e) : e;
  return { queued: fresh.queued, waitMs: fresh.waitMs, used: fresh.used, limit: fresh.limit, retrying: fresh.retrying };
}
