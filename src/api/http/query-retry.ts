/**
 * Retries of failed queries. `send` (send.ts) does not loop on a 5xx or a lost connection: the
 * error reaches the view at once with `retryAt`, the instant the endpoint's lane lets its next
 * probe through, and the query refetches then, keeping the error on screen until an answer comes.
 * The lane lets one probe through per backoff period and the period doubles with each failed
 * probe, so under a long outage the request rate falls however many queries wait.
 */
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from './errors';
import type { RateLimiter } from '../rate/rate-limiter';

/** Never sooner than this, so a refetch that lands just before the probe does not spin. */
const MIN_REFETCH_MS = 250;
/** A little after the probe's instant, so the refetch queues for the probe instead of failing fast. */
const AFTER_PROBE_MS = 20;

/** When a failed query's error will be tried again by itself, or null if it is not retried. */
export function retryAtOf(error: unknown): number | null {
  return isApiError(error) && error.retryAt !== undefined ? error.retryAt : null;
}

/** What the interval reads of a query (any query's type fits). */
interface QueryLike {
  state: { status: string; error: unknown };
}

/**
 * A `refetchInterval`: a query whose last fetch failed in a retried way refetches at the lane's
 * next probe; otherwise `otherwise` (a view's own refresh period, or none).
 */
export function refetchOnRetry(otherwise: number | false = false) {
  return (query: QueryLike): number | false => {
    const at = query.state.status === 'error' ? retryAtOf(query.state.error) : null;
    return at === null ? otherwise : Math.max(MIN_REFETCH_MS, at - Date.now() + AFTER_PROBE_MS);
  };
}

/**
 * When a lane answers again, the queries that failed on it (and wait for a later try) refetch now
 * instead of at their next probe. Returns the unsubscribe.
 */
export function refetchOnRecovery(client: QueryClient, limiter: RateLimiter): () => void {
  return limiter.onRecovered(
    () =>
      void client.refetchQueries(
        {
          type: 'active',
          predicate: (q) => q.state.status === 'error' && retryAtOf(q.state.error) !== null,
        },
        { cancelRefetch: false },
      ),
  );
}
