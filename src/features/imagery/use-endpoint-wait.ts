import { useEffect, useState, useSyncExternalStore } from 'react';
import { rateLimiter, type EndpointKey } from '../../api/endpoints';

export interface EndpointWait {
  queued: number;
  waitMs: number | null;
  used: number;
  limit: number;
}

/** The rate budget of one endpoint, re-read every second while something waits. */
export function useEndpointWait(key: EndpointKey): EndpointWait | null {
  const snap = useSyncExternalStore(
    (cb) => rateLimiter.subscribe(cb),
    () => rateLimiter.snapshot(),
  );
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
  return { queued: fresh.queued, waitMs: fresh.waitMs, used: fresh.used, limit: fresh.limit };
}
