import { useEffect, useState } from 'react';
import { ENDPOINT_LABELS, rateLimiter, type EndpointKey } from '../api/endpoints';
import { useLimiterSnapshot } from './use-endpoint-wait';

/** Appears when any request waits for the rate budget or a retry; says how many and how long. */
export function RateLimitStatus() {
  const snap = useLimiterSnapshot();
  const [, tick] = useState(0);
  useEffect(() => {
    if (!snap.queued) return;
    const id = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(id);
  }, [snap.queued]);
  if (!snap.queued) return <div role="status" aria-live="polite" className="rate-status rate-status--idle" />;
  const fresh = rateLimiter.snapshot();
  const waiting = fresh.endpoints.filter((e) => e.queued > 0);
  const secs = fresh.waitMs === null ? null : Math.ceil(fresh.waitMs / 1000);
  const budgetWaits = fresh.queued - fresh.retrying;
  const plural = (n: number) => `${n} request${n === 1 ? '' : 's'}`;
  return (
    <div role="status" aria-live="polite" className="rate-status">
      {budgetWaits > 0 && (
        <>
          <strong>Waiting for the service’s rate limit:</strong> {plural(budgetWaits)} queued.{' '}
        </>
      )}
      {fresh.retrying > 0 && (
        <>
          <strong>Retrying after a failed answer:</strong> {plural(fresh.retrying)}.{' '}
        </>
      )}
      {secs !== null && secs > 0 ? `Next in ${secs} s` : ''}
      <span className="rate-status__detail">
        {' '}
        (
        {waiting
          .map((e) => `${ENDPOINT_LABELS[e.key as EndpointKey] ?? e.key}: ${e.used}/${e.limit} a minute`)
          .join('; ')}
        )
      </span>
    </div>
  );
}
