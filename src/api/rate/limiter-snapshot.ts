/**
 * What the rate limiter shows (rate-limiter.ts `snapshot`, src/ui/rate-status/limiter-status.tsx): per
 * endpoint its budget use, its queue and why the queue waits, from the lane's record and window.
 */
import type { LaneRecord } from './ledger';
import { pruneSent, waitFor, type Budget } from './window';

export type WaitReason = 'budget' | 'rate-limited' | 'backoff';

export interface EndpointStatus {
  key: string;
  limit: number;
  used: number;
  queued: number;
  /** Of `queued`, requests waiting to retry (after a 429, 5xx or network error). */
  retrying: number;
  /** ms until the next queued request may go, or null if nothing waits. */
  waitMs: number | null;
  /** Set while a 429 holds the endpoint. */
  blockedUntil: number | null;
  /** Why the queue waits, or null if nothing waits. */
  reason: WaitReason | null;
  /** When the next queued request may go (epoch ms), or null. */
  untilMs: number | null;
  /**
   * While a 429 holds the endpoint: the wait its Retry-After asked for (ms), when that was longer
   * than the host's window allows and the hold was cut to the window; else null.
   */
  askedMs: number | null;
}

export interface LimiterSnapshot {
  queued: number;
  retrying: number;
  waitMs: number | null;
  endpoints: EndpointStatus[];
}

/** One endpoint's line of the snapshot: its budget use, its queue and why the queue waits. */
export function endpointStatus(
  key: string,
  budget: Budget,
  rec: LaneRecord,
  queued: number,
  retrying: number,
  t: number,
): EndpointStatus {
  pruneSent(rec, budget, t);
  const w = queued ? waitFor(rec, budget, t) : null;
  let reason: WaitReason | null = null;
  if (queued) {
    if (rec.blockedUntil > t) reason = 'rate-limited';
    else if (rec.failures > 0 && rec.holdUntil > t) reason = 'backoff';
    else reason = 'budget';
  }
  return {
    key,
    limit: budget.limit,
    used: rec.sent.length,
    queued,
    retrying,
    waitMs: w,
    blockedUntil: rec.blockedUntil > t ? rec.blockedUntil : null,
    reason,
    untilMs: w ? t + w : null,
    askedMs: rec.blockedUntil > t && rec.askedMs > 0 ? rec.askedMs : null,
  };
}

export function snapshotOf(endpoints: EndpointStatus[]): LimiterSnapshot {
  let queued = 0;
  let retrying = 0;
  let waitMs: number | null = null;
  for (const e of endpoints) {
    queued += e.queued;
    retrying += e.retrying;
    if (e.waitMs !== null) waitMs = waitMs === null ? e.waitMs : Math.min(waitMs, e.waitMs);
  }
  return { queued, retrying, waitMs, endpoints };
}
