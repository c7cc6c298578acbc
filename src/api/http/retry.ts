/**
 * The retry policy, in one module. Like TanStack Query's retryer it wraps any function and returns
 * its value; what decides when a request is tried again is here, and the waits are the rate
 * limiter's (src/api/rate), so every tab and query shares them:
 * - a 429 is retried inside `send` (`retrying`, `retriesRateLimited`): the endpoint's lane is held
 *   for the `Retry-After` read in retry-after.ts (cut to the host's window), and the next try waits
 *   for the lane in `rateLimiter.acquire`, for as long as the caller wants the data;
 * - a 5xx or a lost connection is not looped on: the error reaches the view at once with `retryAt`,
 *   the instant the endpoint's lane lets its next probe through, and the query refetches then
 *   (`refetchOnRetry`, a `refetchInterval`), keeping the error on screen until an answer comes; the
 *   lane lets one probe through per backoff period, doubling with each failed probe, so under a
 *   long outage the request rate falls however many queries wait;
 * - when the lane answers again, the queries that failed on it refetch at once (`refetchOnRecovery`);
 * - React Query's own `retry` is off (src/app/query-client.ts), so nothing retries on top of this;
 * - a one-shot read that is not a query (a ZIP's manifest) waits for the lane's next probe itself
 *   (`atNextProbe`), a few times at most.
 */
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, isApiError } from './errors';
import type { RateLimiter } from '../rate/rate-limiter';
import { later } from '../rate/timer';
import { waitCeilingMs } from '../rate/wait-ceiling';

/** The tries of a 429 by a caller without a signal. */
export const RETRY = { maxAttempts: 5 } as const;

/**
 * Calls `fn` with the attempt's number (from 1) until it returns, or throws an error `again` does
 * not want tried again, which is thrown. No wait of its own: `fn` waits for the endpoint's lane.
 */
export async function retrying<T>(
  fn: (attempt: number) => Promise<T>,
  again: (error: unknown, attempt: number) => boolean,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (e) {
      if (!again(e, attempt)) throw e;
    }
  }
}

/**
 * Which failures `send` tries again itself: a 429, when the caller allows it. A caller with a
 * signal is someone still wanting the data (React Query aborts it when the last observer leaves):
 * keep trying each window. Without one, stay bounded.
 */
export function retriesRateLimited(allowed: boolean, signal: AbortSignal | undefined) {
  return (e: unknown, attempt: number): boolean =>
    allowed &&
    e instanceof ApiError &&
    e.kind === 'rate-limited' &&
    (signal ? !signal.aborted : attempt < RETRY.maxAttempts);
}

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

/**
 * `fn`, tried again at its endpoint's next probe when it failed in a retried way (an error with
 * `retryAt`: a 5xx, no answer, or a request not sent while the endpoint backs off), at most `tries`
 * times in all, each wait cut to the main host's window. For one-shot reads that no query refetches:
 * a ZIP's manifest read just after another request to its endpoint failed (often the ZIP's own).
 */
export async function atNextProbe<T>(fn: () => Promise<T>, tries: number, signal?: AbortSignal): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (e) {
      const at = retryAtOf(e);
      if (at === null || attempt >= tries || signal?.aborted) throw e;
      await new Promise<void>((resolve, reject) => {
        const timer = later(done, Math.min(at - Date.now(), waitCeilingMs('minute')));
        function done() {
          signal?.removeEventListener('abort', stop);
          resolve();
        }
        function stop() {
          clearTimeout(timer);
          reject(signal!.reason);
        }
        signal?.addEventListener('abort', stop, { once: true });
      });
    }
  }
}
