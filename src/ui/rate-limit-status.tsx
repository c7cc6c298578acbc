import { lazy, Suspense } from 'react';
import { ENDPOINT_LABELS, hostFor, type EndpointKey } from '../api/endpoints';
import { getRuntimeConfig } from '../config/runtime-config';
import type { EndpointStatus } from '../api/rate-limiter';
import { formatUtcLabel } from '../domain/time';
import { useLimiterSnapshot } from './use-endpoint-wait';

// Only deployments behind the observatory proxy load it: not on every page's first paint.
const ProxyQueueStatus = lazy(() => import('./proxy-queue-status').then((m) => ({ default: m.ProxyQueueStatus })));

const plural = (n: number) => `${n} request${n === 1 ? '' : 's'}`;

const WHY: Record<NonNullable<EndpointStatus['reason']>, string> = {
  budget: 'within this browser’s rate budget',
  'rate-limited': 'the service refused (429) until its window resets',
  backoff: 'backing off after the service failed to answer',
};

/** Behind the observatory proxy every 429 comes from it: its queue was full for the minutes it holds. */
const PROXY_REFUSED = 'the observatory proxy’s queue was full (429) until the time it named';

/**
 * One line per waiting endpoint: what waits, why, and until when (UTC) with a live countdown.
 * `proxied`: the endpoint's requests go through the observatory proxy.
 */
export function describeWait(e: EndpointStatus, now: number, proxied = false): string {
  const label = ENDPOINT_LABELS[e.key as EndpointKey] ?? e.key;
  const reason = e.reason === 'rate-limited' && proxied ? PROXY_REFUSED : e.reason ? WHY[e.reason] : 'queued';
  const until =
    e.untilMs && e.untilMs > now
      ? `; next at ${formatUtcLabel(e.untilMs)}, in ${Math.ceil((e.untilMs - now) / 1000)} s`
      : '; sending now';
  const used = Number.isFinite(e.limit) ? ` (${e.used}/${e.limit} used this minute)` : '';
  const retries = e.retrying ? `, ${e.retrying} of them retrying` : '';
  return `${label}: ${plural(e.queued)} waiting${retries}, ${reason}${until}${used}`;
}

/**
 * Appears when any request waits for the rate budget, a 429 or a backoff. The limiter publishes a
 * new snapshot every second while anything waits, so the countdown moves by itself.
 */
export function RateLimitStatus() {
  const proxy = getRuntimeConfig().observatoryProxy;
  const queue = proxy && (
    <Suspense fallback={null}>
      <ProxyQueueStatus statusUrl={proxy.statusUrl} />
    </Suspense>
  );
  const snap = useLimiterSnapshot();
  if (!snap.queued)
    return (
      <>
        <div role="status" aria-live="polite" className="rate-status rate-status--idle" />
        {queue}
      </>
    );
  const now = Date.now();
  const waiting = snap.endpoints.filter((e) => e.queued > 0);
  const here = typeof location === 'undefined' ? '' : location.host;
  return (
    <>
      <div role="status" aria-live="polite" className="rate-status" data-testid="rate-status">
        <strong>{snap.retrying ? 'Retrying, waiting for the service:' : 'Waiting for the service’s rate limit:'}</strong>{' '}
        {waiting.map((e) => (
          <span key={e.key} className="rate-status__lane">
            {describeWait(e, now, !!proxy && hostFor(e.key) === here)}.{' '}
          </span>
        ))}
      </div>
      {queue}
    </>
  );
}
