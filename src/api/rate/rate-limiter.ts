/**
 * Client-side rate discipline (spec 01 §7, §8): per-endpoint budgets applied before sending, so the
 * client never sends a request the service would refuse. Requests over budget wait in a FIFO
 * queue; the queue and the wait are observable for the status element.
 *
 * The service counts fixed one-minute windows per client IP. A sliding window of the same size
 * guarantees at most `limit` sends in any window the server may choose; a small margin absorbs
 * differences in network latency between two sends. The record of sends lives in a Ledger shared
 * by every tab of the browser (ledger.ts), because the service sees them as one client.
 *
 * Failures are the lane's, not the request's: after a 5xx or no answer, the lane lets one probe
 * through per backoff period and the period doubles up to a cap, so a long outage makes the
 * request rate fall however many views want data.
 */
import { MemoryLedger, type LaneRecord, type Ledger } from './ledger';
import { endpointStatus, snapshotOf, type EndpointStatus, type LimiterSnapshot } from './limiter-snapshot';
import { later } from './timer';
import { waitCeilingMs } from './wait-ceiling';
import {
  clampRecord,
  FAILURE_BACKOFF,
  grantSends,
  heldVerdict,
  holdAfter429,
  restamp,
  RESET_JITTER_MS,
  UNLIMITED,
  type Budget,
  type LaneHeld,
} from './window';

/** A request waiting for its lane. */
interface Waiter {
  /** With the send's stamp in the record. */
  resolve: (stamp: number) => void;
  reject: (e: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
  retry: boolean;
  /** Rejected with LaneHeld, not kept waiting, if the lane's failure hold moves out of reach. */
  failFast: boolean;
}

/** One endpoint's queue in this tab (its record of sends is the ledger's). */
interface Lane {
  queue: Waiter[];
  timer: ReturnType<typeof setTimeout> | null;
  draining: boolean;
  rerun: boolean;
}

function abortError(): Error {
  const e = new Error('The operation was aborted');
  e.name = 'AbortError';
  return e;
}

/**
 * Fail-fast waiters that came close to a probe, when another request became the probe (or failed
 * and moved the hold on): they fail now, as they would have on arrival, instead of waiting unseen
 * for a whole backoff, during which a wall counts them as neither failed nor answered.
 */
function rejectHeld(queue: Waiter[], held: LaneHeld | null): void {
  if (!held) return;
  for (const w of queue.filter((q) => q.failFast)) {
    queue.splice(queue.indexOf(w), 1);
    w.signal?.removeEventListener('abort', w.onAbort);
    w.reject(held);
  }
}

export interface LimiterOptions {
  ledger?: Ledger;
  random?: () => number;
  /** Budget of a key now (config overrides); falls back to the defaults given to the constructor. */
  budgetFor?: (key: string) => Budget | undefined;
  /** The host a key's requests go to: lanes of different hosts keep separate records. */
  scopeFor?: (key: string) => string;
  /**
   * The longest a key's lane may be held (its host's window, wait-ceiling.ts); a minute's window
   * when not given. Every hold read from the ledger is cut to it.
   */
  ceilingFor?: (key: string) => number;
}

export class RateLimiter {
  private lanes = new Map<string, Lane>();
  private listeners = new Set<() => void>();
  private recoveredListeners = new Set<(key: string) => void>();
  private cached: LimiterSnapshot | null = null;
  private ticker: ReturnType<typeof setInterval> | null = null;
  private readonly ledger: Ledger;
  private readonly random: () => number;

  constructor(
    private readonly defaults: Record<string, Budget>,
    private readonly now: () => number = () => Date.now(),
    private readonly opts: LimiterOptions = {},
  ) {
    this.ledger = opts.ledger ?? new MemoryLedger();
    this.random = opts.random ?? Math.random;
    this.ledger.subscribe(() => {
      // Another tab sent, failed or was refused: our waits may have changed either way.
      for (const [key, lane] of this.lanes) if (lane.queue.length) void this.drain(key);
      this.emit();
    });
  }

  /** Keys without a stated budget are not counted but still back off after failures. */
  private budget(key: string): Budget {
    return this.opts.budgetFor?.(key) ?? this.defaults[key] ?? UNLIMITED;
  }

  private recordKey(key: string): string {
    return `${this.opts.scopeFor?.(key) ?? ''}|${key}`;
  }

  private ceiling(key: string): number {
    return this.opts.ceilingFor?.(key) ?? waitCeilingMs('minute');
  }

  /** The lane's record as last known here, its holds cut to the lane's ceiling. */
  private peek(key: string): LaneRecord {
    return clampRecord(this.ledger.peek(this.recordKey(key)), this.now(), this.ceiling(key));
  }

  /** Changes the lane's record in every tab; `fn` sees it with its holds cut to the lane's ceiling. */
  private update<T>(key: string, fn: (rec: LaneRecord, t: number) => T): Promise<T> {
    return this.ledger.update(this.recordKey(key), (rec) => {
      const t = this.now();
      return fn(clampRecord(rec, t, this.ceiling(key)), t);
    });
  }

  private lane(key: string): Lane {
    let lane = this.lanes.get(key);
    if (!lane) this.lanes.set(key, (lane = { queue: [], timer: null, draining: false, rerun: false }));
    return lane;
  }

  /** Backoff after the n-th consecutive failure: half fixed, half jitter, so it always grows. */
  failureBackoffMs(n: number): number {
    const d = Math.min(FAILURE_BACKOFF.capMs, FAILURE_BACKOFF.baseMs * 2 ** Math.max(0, n - 1));
    return Math.round(d / 2 + (this.random() * d) / 2);
  }

  /**
   * Resolves when a request to `key` may be sent, and records the send (resolving to its stamp, for
   * `answered`). Keys without budget pass.
   * `failFast`: while the lane backs off after failures, reject at once with `LaneHeld` (the lane's
   * last failure and its next probe) instead of waiting unseen for the probe; a request within
   * FAIL_FAST_AFTER_MS of the probe waits and may become the probe.
   */
  acquire(key: string, signal?: AbortSignal, opts: { retry?: boolean; failFast?: boolean } = {}): Promise<number> {
    if (signal?.aborted) return Promise.reject(abortError());
    const held = opts.failFast ? heldVerdict(this.peek(key), this.now()) : null;
    if (held) return Promise.reject(held);
    const lane = this.lane(key);
    return new Promise<number>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        signal,
        retry: !!opts.retry,
        failFast: !!opts.failFast,
        onAbort: () => {
          const i = lane.queue.indexOf(waiter);
          if (i >= 0) lane.queue.splice(i, 1);
          reject(abortError());
          this.emit();
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      lane.queue.push(waiter);
      this.emit();
      void this.drain(key);
    });
  }

  /**
   * Grants queued requests in order while the shared record allows; one drain per lane at a time.
   * Every waiter the record has room for is granted in one update of the ledger: each update is a
   * Web Lock round trip through the browser, and a year's 12-39 chunk requests granted one lock
   * at a time went out 40-300 ms apart while the page was busy rendering.
   */
  private async drain(key: string): Promise<void> {
    const lane = this.lane(key);
    if (lane.draining) {
      lane.rerun = true;
      return;
    }
    lane.draining = true;
    if (lane.timer) clearTimeout(lane.timer);
    lane.timer = null;
    try {
      while (lane.queue.length) {
        const budget = this.budget(key);
        // The queue is read once the lock is held: requests asked for meanwhile join this grant.
        const { stamps, wait } = await this.update(key, (rec, t) =>
          grantSends(rec, budget, t, lane.queue.length, (n) => this.failureBackoffMs(n)),
        );
        // In order to whoever waits now: a grant whose request gave up meanwhile goes to the next
        // (its send is counted either way).
        for (const stamp of stamps) {
          const w = lane.queue.shift();
          if (!w) break;
          w.signal?.removeEventListener('abort', w.onAbort);
          w.resolve(stamp);
        }
        if (wait > 0) {
          rejectHeld(lane.queue, heldVerdict(this.peek(key), this.now()));
          if (!lane.queue.length) break;
          lane.timer = later(() => void this.drain(key), wait);
          break;
        }
      }
    } catch (e) {
      // The ledger failed: fail the waiters rather than leave them hanging.
      for (const w of lane.queue.splice(0)) w.reject(e);
    } finally {
      lane.draining = false;
    }
    if (lane.rerun) {
      lane.rerun = false;
      void this.drain(key);
    }
    this.emit();
  }

  private change(key: string, fn: (rec: LaneRecord, t: number) => number): Promise<number> {
    return this.update(key, fn).then((v) => {
      if (this.lanes.get(key)?.queue.length) void this.drain(key);
      this.emit();
      return v;
    });
  }

  /** After a 429 the server is authoritative: hold the endpoint until `untilMs`. */
  block(key: string, untilMs: number): Promise<number> {
    return this.change(key, (rec) => (rec.blockedUntil = Math.max(rec.blockedUntil, untilMs)));
  }

  /**
   * A 429: with Retry-After, hold that long; without (spec 01 promises none), hold until the
   * service's one-minute window must have reset, with jitter so tabs and clients do not return
   * together. Never longer than `ceilingMs` (the window the answer names; else the lane's).
   * Resolves to the instant the endpoint opens again.
   */
  rateLimited(
    key: string,
    o: { retryAfterMs?: number | undefined; sentAt?: number | undefined; ceilingMs?: number | undefined } = {},
  ): Promise<number> {
    const jitterMs = Math.round(this.random() * RESET_JITTER_MS);
    const ceilingMs = Math.min(o.ceilingMs ?? Infinity, this.ceiling(key));
    return this.change(key, (rec, t) => {
      const until = holdAfter429(rec, t, { retryAfterMs: o.retryAfterMs, sentAt: o.sentAt, jitterMs, ceilingMs });
      return (rec.blockedUntil = Math.max(rec.blockedUntil, until));
    });
  }

  /**
   * A 5xx or no answer: the lane backs off, longer with every failed probe. A request sent before
   * the last counted failure was in flight alongside it (one outage seen twice), so it keeps the
   * hold without lengthening it.
   */
  failed(key: string, info: { status?: number; detail?: string; sentAt?: number } = {}): Promise<number> {
    return this.change(key, (rec, t) => {
      if (rec.failures === 0 || info.sentAt === undefined || info.sentAt > rec.failedAt) {
        rec.failures++;
        rec.failedAt = t;
      }
      rec.lastStatus = info.status ?? 0;
      rec.lastDetail = (info.detail ?? '').slice(0, 300);
      return (rec.holdUntil = Math.max(rec.holdUntil, t + this.failureBackoffMs(rec.failures)));
    });
  }

  /** The request stamped `stamp` got its answer (or its failure) now: see `restamp`. */
  answered(key: string, stamp: number): Promise<number> {
    return this.change(key, (rec, t) => (this.budget(key).limit === Infinity ? 0 : restamp(rec, stamp, t)));
  }

  /** An answer arrived: the lane is healthy again, and whoever waits for that hears it. */
  async succeeded(key: string): Promise<void> {
    const rec = this.peek(key);
    if (!rec.failures && !rec.holdUntil && !rec.limited && !rec.askedMs) return;
    const was = await this.change(key, (r) => {
      const failing = r.failures > 0;
      r.failures = 0;
      r.holdUntil = 0;
      r.limited = 0;
      r.askedMs = 0;
      return failing ? 1 : 0;
    });
    if (was) for (const l of this.recoveredListeners) l(key);
  }

  /** Called with the key of a lane that answered again after failures (this tab's requests). */
  onRecovered(listener: (key: string) => void): () => void {
    this.recoveredListeners.add(listener);
    return () => this.recoveredListeners.delete(listener);
  }

  snapshot(): LimiterSnapshot {
    if (this.cached) return this.cached;
    const t = this.now();
    const endpoints: EndpointStatus[] = [];
    const keys = new Set([...Object.keys(this.defaults), ...this.lanes.keys()]);
    for (const key of keys) {
      const budget = this.budget(key);
      const queue = this.lanes.get(key)?.queue ?? [];
      if (budget.limit === Infinity && !queue.length) continue;
      const rec = this.peek(key);
      endpoints.push(endpointStatus(key, budget, rec, queue.length, queue.filter((w) => w.retry).length, t));
    }
    this.cached = snapshotOf(endpoints);
    return this.cached;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(): void {
    this.cached = null;
    for (const l of this.listeners) l();
    this.updateTicker();
  }

  /** While anything waits, a new snapshot every second so countdowns move. */
  private updateTicker(): void {
    let waiting = false;
    for (const lane of this.lanes.values()) if (lane.queue.length) waiting = true;
    if (waiting && !this.ticker) {
      this.ticker = setInterval(() => {
        this.cached = null;
        for (const l of this.listeners) l();
      }, 1_000);
    } else if (!waiting && this.ticker) {
      clearInterval(this.ticker);
      this.ticker = null;
    }
  }

  /** Test helper: forget all history. */
  reset(): void {
    for (const lane of this.lanes.values()) {
      if (lane.timer) clearTimeout(lane.timer);
      for (const w of lane.queue) w.reject(abortError());
    }
    this.lanes.clear();
    this.ledger.clear();
    this.emit();
  }
}
