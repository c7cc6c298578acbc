/**
 * Client-side rate discipline (spec 01 §8): per-endpoint budgets applied before sending, so the
 * client never sends a request the service would refuse. Requests over budget wait in a FIFO
 * queue; the queue and the wait are observable for the status element.
 *
 * The service counts fixed one-minute windows per client IP. A sliding window of the same size
 * guarantees at most `limit` sends in any window the server may choose; a small margin absorbs
 * differences in network latency between two sends.
 */
export interface Budget {
  limit: number;
  windowMs: number;
}

export interface EndpointStatus {
  key: string;
  limit: number;
  used: number;
  queued: number;
  /** Of `queued`, requests sleeping before a retry (after a 429, 5xx or network error). */
  retrying: number;
  /** ms until the next queued request may go, or null if nothing waits. */
  waitMs: number | null;
  /** Set while a 429's Retry-After (or a backoff) holds the endpoint. */
  blockedUntil: number | null;
}

export interface LimiterSnapshot {
  queued: number;
  retrying: number;
  waitMs: number | null;
  endpoints: EndpointStatus[];
}

interface Waiter {
  resolve: () => void;
  reject: (e: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

interface Lane {
  budget: Budget;
  sent: number[]; // send times within the window, oldest first
  queue: Waiter[];
  timer: ReturnType<typeof setTimeout> | null;
  blockedUntil: number;
  retrying: number; // requests sleeping before a retry, counted as waiting
  retryUntil: number;
}

export const WINDOW_MARGIN_MS = 1_000;

function abortError(): Error {
  const e = new Error('The operation was aborted');
  e.name = 'AbortError';
  return e;
}

export class RateLimiter {
  private lanes = new Map<string, Lane>();
  private listeners = new Set<() => void>();
  private cached: LimiterSnapshot | null = null;

  constructor(
    budgets: Record<string, Budget>,
    private readonly now: () => number = () => Date.now(),
  ) {
    for (const [key, budget] of Object.entries(budgets)) this.lanes.set(key, this.newLane(budget));
  }

  private newLane(budget: Budget): Lane {
    return { budget, sent: [], queue: [], timer: null, blockedUntil: 0, retrying: 0, retryUntil: 0 };
  }

  private lane(key: string): Lane | undefined {
    return this.lanes.get(key);
  }

  /** Resolves when a request to `key` may be sent, and records the send. Unknown keys pass. */
  acquire(key: string, signal?: AbortSignal): Promise<void> {
    const lane = this.lane(key);
    if (!lane) return Promise.resolve();
    if (signal?.aborted) return Promise.reject(abortError());
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        signal,
        onAbort: () => {
          const i = lane.queue.indexOf(waiter);
          if (i >= 0) lane.queue.splice(i, 1);
          reject(abortError());
          this.pump(key, lane);
          this.emit();
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      lane.queue.push(waiter);
      this.pump(key, lane);
      this.emit();
    });
  }

  /** After a 429 the server is authoritative: hold the endpoint until `untilMs`. */
  block(key: string, untilMs: number): void {
    const lane = this.lane(key);
    if (!lane) return;
    lane.blockedUntil = Math.max(lane.blockedUntil, untilMs);
    this.pump(key, lane);
    this.emit();
  }

  /** Marks a request sleeping before a retry so the status element can show it. */
  retryWaitStarted(key: string, untilMs: number): void {
    const lane = this.lane(key);
    if (!lane) return;
    lane.retrying++;
    lane.retryUntil = Math.max(lane.retryUntil, untilMs);
    this.emit();
  }

  retryWaitEnded(key: string): void {
    const lane = this.lane(key);
    if (!lane) return;
    lane.retrying = Math.max(0, lane.retrying - 1);
    if (lane.retrying === 0) lane.retryUntil = 0;
    this.emit();
  }

  private prune(lane: Lane, t: number): void {
    const horizon = t - lane.budget.windowMs - WINDOW_MARGIN_MS;
    let i = 0;
    while (i < lane.sent.length && lane.sent[i]! <= horizon) i++;
    if (i) lane.sent.splice(0, i);
  }

  /** ms until lane may send one more (0 = now). */
  private waitFor(lane: Lane, t: number): number {
    this.prune(lane, t);
    const blocked = Math.max(0, lane.blockedUntil - t);
    if (lane.sent.length < lane.budget.limit) return blocked;
    const oldest = lane.sent[lane.sent.length - lane.budget.limit]!;
    return Math.max(blocked, oldest + lane.budget.windowMs + WINDOW_MARGIN_MS - t);
  }

  private pump(key: string, lane: Lane): void {
    if (lane.timer) {
      clearTimeout(lane.timer);
      lane.timer = null;
    }
    let t = this.now();
    while (lane.queue.length) {
      const wait = this.waitFor(lane, t);
      if (wait > 0) {
        lane.timer = setTimeout(() => {
          lane.timer = null;
          this.pump(key, lane);
          this.emit();
        }, wait);
        return;
      }
      const w = lane.queue.shift()!;
      w.signal?.removeEventListener('abort', w.onAbort);
      lane.sent.push(t);
      w.resolve();
      t = this.now();
    }
  }

  snapshot(): LimiterSnapshot {
    if (this.cached) return this.cached;
    const t = this.now();
    const endpoints: EndpointStatus[] = [];
    let queued = 0;
    let retrying = 0;
    let waitMs: number | null = null;
    for (const [key, lane] of this.lanes) {
      this.prune(lane, t);
      const q = lane.queue.length + lane.retrying;
      queued += q;
      retrying += lane.retrying;
      let w: number | null = null;
      if (lane.queue.length) w = this.waitFor(lane, t);
      if (lane.retrying) w = Math.max(w ?? 0, lane.retryUntil - t);
      if (w !== null) waitMs = waitMs === null ? w : Math.min(waitMs, w);
      endpoints.push({
        key,
        limit: lane.budget.limit,
        used: lane.sent.length,
        queued: q,
        retrying: lane.retrying,
        waitMs: w,
        blockedUntil: lane.blockedUntil > t ? lane.blockedUntil : null,
      });
    }
    this.cached = { queued, retrying, waitMs, endpoints };
    return this.cached;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(): void {
    this.cached = null;
    for (const l of this.listeners) l();
  }

  /** Test helper: forget all history. */
  reset(): void {
    for (const [key, lane] of this.lanes) {
      if (lane.timer) clearTimeout(lane.timer);
      for (const w of lane.queue) w.reject(abortError());
      this.lanes.set(key, this.newLane(lane.budget));
    }
    this.emit();
  }
}
