/**
 * The retry loop of `send` (send.ts), and the waits it reads. Like TanStack Query's retryer, it
 * wraps any function and returns its value; the wait between tries is the rate limiter's (a 429
 * holds the endpoint's lane until the time computed from `parseRetryAfter`), not the loop's.
 */

/** Bounds of the tries of a 429 by a caller without a signal, and of `backoffMs`. */
export const RETRY = { maxAttempts: 5, baseMs: 1_000, capMs: 60_000 } as const;

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

/** Exponential backoff with full jitter: uniform in [0, min(cap, base·2^attempt)]. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  return Math.round(random() * Math.min(RETRY.capMs, RETRY.baseMs * 2 ** attempt));
}

/** `Retry-After` as seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent/invalid. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const t = Date.parse(value);
  return Number.isNaN(t) ? undefined : Math.max(0, Math.ceil((t - now) / 1000));
}
