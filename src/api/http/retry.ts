/**
 * The retry loop of `send` (send.ts). Like TanStack Query's retryer, it wraps any function and
 * returns its value; the wait between tries is the rate limiter's (a 429 holds the endpoint's lane
 * for the `Retry-After` read in retry-after.ts, cut to the host's window), not the loop's.
 */

/** The tries of a 429 by a caller without a signal. */
export const RETRY = { maxAttempts: 5 } as const;

/**
 * Calls `fn` with the attempt's number (from 1) until it returns, or throws an error `again` does
 * not want tried again, which is thrown.
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
