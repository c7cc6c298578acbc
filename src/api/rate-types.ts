/** The rate limiter's public shapes, timing constants and window arithmetic (rate-limiter.ts). */
import type { LaneRecord } from './rate-ledger';

export interface Budget {
  limit: number;
  windowMs: number;
}

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
}

export interface LimiterSnapshot {
  queued: number;
  retrying: number;
  waitMs: number | null;
  endpoints: EndpointStatus[];
}

/** Keys without a stated budget: not counted, but still held after a failure. */
export const UNLIMITED: Budget = { limit: Infinity, windowMs: 60_000 };

export const WINDOW_MARGIN_MS = 1_000;
/** After a bare 429 the window must have reset: next whole minute plus this, plus jitter. */
export const RESET_MARGIN_MS = 2_000;
export const RESET_JITTER_MS = 3_000;
export const FAILURE_BACKOFF = { baseMs: 1_000, capMs: 60_000 } as const;

/** Drops sends older than the window (plus margin) from the record. */
export function pruneSent(rec: LaneRecord, budget: Budget, t: number): void {
  const horizon = t - budget.windowMs - WINDOW_MARGIN_MS;
  let i = 0;
  while (i < rec.sent.length && rec.sent[i]! <= horizon) i++;
  if (i) rec.sent.splice(0, i);
}

/** ms until the lane may send one more (0 = now): a 429 hold, a failure hold, or a full window. */
export function waitFor(rec: LaneRecord, budget: Budget, t: number): number {
  let wait = Math.max(0, rec.blockedUntil - t);
  if (rec.failures > 0) wait = Math.max(wait, rec.holdUntil - t);
  if (budget.limit !== Infinity && rec.sent.length >= budget.limit) {
    const oldest = rec.sent[rec.sent.length - budget.limit]!;
    wait = Math.max(wait, oldest + budget.windowMs + WINDOW_MARGIN_MS - t);
  }
  return wait;
}
