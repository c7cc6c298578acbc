/**
 * The window arithmetic of the rate limiter (rate-limiter.ts) on a lane's record (ledger.ts): what
 * a lane may send now, how long a 429 or a failure holds it, and when a send counts. Pure
 * functions of the record and the clock; the limiter applies them under the ledger's lock.
 */
import type { LaneRecord } from './ledger';

export interface Budget {
  limit: number;
  windowMs: number;
}

/** Keys without a stated budget: not counted, but still held after a failure. */
export const UNLIMITED: Budget = { limit: Infinity, windowMs: 60_000 };

export const WINDOW_MARGIN_MS = 1_000;
/** After a bare 429 the window must have reset: next whole minute plus this, plus jitter. */
export const RESET_MARGIN_MS = 2_000;
export const RESET_JITTER_MS = 3_000;
export const FAILURE_BACKOFF = { baseMs: 1_000, capMs: 60_000 } as const;
/**
 * While a failing lane holds its next probe for longer than this, a new request fails fast with
 * the lane's last failure (its view says so at once and tries again at the probe); a request this
 * close to the probe waits for it instead, so the refetch that comes for the probe is sent.
 */
export const FAIL_FAST_AFTER_MS = 250;

/** The first instant of the next whole UTC minute after `t`. */
export const nextWholeMinute = (t: number) => Math.floor(t / 60_000) * 60_000 + 60_000;

/**
 * Until when a 429 holds a lane (spec 01 §7: "retry 429 with exponential backoff"), never beyond
 * `ceilingMs` from now (the host's window, wait-ceiling.ts). With Retry-After, that long; a longer
 * one is cut to the ceiling and kept in `rec.askedMs` for the status bar to say. Without (spec 01
 * promises none), until the service's one-minute window has reset, plus 1, 3, 7 … minutes for each
 * further 429 in a row, cut to the ceiling too: a run of refusals waits a whole window from the last
 * one, not only to the window's next reset. A request sent before the last counted 429 met the same
 * window: it does not lengthen the run.
 */
export function holdAfter429(
  rec: LaneRecord,
  t: number,
  o: { retryAfterMs?: number | undefined; sentAt?: number | undefined; jitterMs: number; ceilingMs: number },
): number {
  forgetStaleRuns(rec, t, o.ceilingMs);
  if (rec.limited === 0 || o.sentAt === undefined || o.sentAt > rec.limitedAt) {
    rec.limited++;
    rec.limitedAt = t;
  }
  const ceiling = t + o.ceilingMs;
  if (o.retryAfterMs !== undefined) {
    const asked = t + o.retryAfterMs;
    rec.askedMs = asked > ceiling ? o.retryAfterMs : 0;
    return Math.min(asked, ceiling);
  }
  rec.askedMs = 0;
  const extra = (2 ** Math.min(rec.limited - 1, 20) - 1) * 60_000;
  return Math.min(ceiling, nextWholeMinute(t) + RESET_MARGIN_MS + o.jitterMs + extra);
}

/**
 * What a browser carries from refusals and failures long past. A run of 429s (or of failures) is "in
 * a row" while each comes within the lane's window (`ceilingMs`, 65 s on the main host) of the
 * last one or of the end of the hold it set. A lane that saw none for longer (a spell of refusals
 * minutes ago; pages reloaded before their answers were read, which never ended the run) begins a
 * new run: an old run neither lengthens the next 429's wait nor holds a new page's requests
 * behind a probe.
 */
export function forgetStaleRuns(rec: LaneRecord, t: number, ceilingMs: number): void {
  if (rec.limited > 0 && t > Math.max(rec.limitedAt, rec.blockedUntil) + ceilingMs) {
    rec.limited = 0;
    rec.askedMs = 0;
  }
  if (rec.failures > 0 && t > Math.max(rec.failedAt, rec.holdUntil) + ceilingMs) {
    rec.failures = 0;
    rec.holdUntil = 0;
  }
}

/**
 * A record as stored may hold what no page of this version would write: a hold set before waits
 * were cut (or by a page that read a hostile header), stamps far ahead. Cut on every read, so a
 * poisoned record cannot hold a lane across reloads: holds to `ceilingMs` from now, a send's stamp
 * to the in-flight horizon, the instants of past refusals and failures to now.
 */
export function clampRecord(rec: LaneRecord, t: number, ceilingMs: number): LaneRecord {
  rec.blockedUntil = Math.min(rec.blockedUntil, t + ceilingMs);
  rec.holdUntil = Math.min(rec.holdUntil, t + ceilingMs);
  rec.limitedAt = Math.min(rec.limitedAt, t);
  rec.failedAt = Math.min(rec.failedAt, t);
  forgetStaleRuns(rec, t, ceilingMs);
  const horizon = t + IN_FLIGHT_MS;
  if (rec.sent.length && rec.sent[rec.sent.length - 1]! > horizon) {
    rec.sent = rec.sent.map((s) => Math.min(s, horizon));
  }
  return rec;
}

/** A failing lane's verdict for a request that was not sent (acquire with failFast). */
export class LaneHeld extends Error {
  constructor(
    /** When the lane lets its next probe through. */
    readonly until: number,
    readonly failures: number,
    /** The last failure's HTTP status; 0 = no answer. */
    readonly lastStatus: number,
    readonly lastDetail: string,
  ) {
    super(`backing off after ${failures} failures until ${new Date(until).toISOString()}`);
    this.name = 'LaneHeld';
  }
}

/** The verdict for a fail-fast request now: LaneHeld while the lane's probe is out of reach, else null. */
export function heldVerdict(rec: LaneRecord, t: number): LaneHeld | null {
  if (!(rec.failures > 0 && rec.holdUntil - t > FAIL_FAST_AFTER_MS)) return null;
  return new LaneHeld(rec.holdUntil, rec.failures, rec.lastStatus, rec.lastDetail);
}

/** Drops sends older than the window (plus margin) from the record. */
export function pruneSent(rec: LaneRecord, budget: Budget, t: number): void {
  const horizon = t - budget.windowMs - WINDOW_MARGIN_MS;
  let i = 0;
  while (i < rec.sent.length && rec.sent[i]! <= horizon) i++;
  if (i) rec.sent.splice(0, i);
}

/**
 * A send is stamped this far ahead until its answer comes (see `restamp`). Long enough for a
 * request to wait for one of the browser's six connections per host and cross a slow link; a page
 * unloaded meanwhile (a reload) never restamps, and its requests stay counted that long.
 */
export const IN_FLIGHT_MS = 15_000;

/**
 * Moves a send's stamp to the instant its answer (or failure) came. The service counts a request
 * when it arrives, somewhere between the send and the answer; a stamp at the answer keeps it in the
 * window at least as long as the service does, however long the request queued in the browser or
 * the network, so the sliding window still covers every fixed minute of the service. A stamp
 * already pruned (a request slower than the window) is added again. Returns 1 when it was found.
 */
export function restamp(rec: LaneRecord, stamp: number, t: number): number {
  const i = rec.sent.lastIndexOf(stamp);
  if (i >= 0) rec.sent.splice(i, 1);
  let j = rec.sent.length;
  while (j > 0 && rec.sent[j - 1]! > t) j--;
  rec.sent.splice(j, 0, t);
  return i >= 0 ? 1 : 0;
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

/**
 * Records up to `asking` sends that the record has room for now, in one update of it: their
 * stamps (counted as answered IN_FLIGHT_MS from now, until the answer restamps them), and the
 * wait before the next one may go (0 when all went). A failing lane lets one probe through per
 * backoff period, whoever asks: the hold set for the probe makes the next `waitFor` wait.
 */
export function grantSends(
  rec: LaneRecord,
  budget: Budget,
  t: number,
  asking: number,
  backoffMs: (failures: number) => number,
): { stamps: number[]; wait: number } {
  pruneSent(rec, budget, t);
  const stamps: number[] = [];
  while (stamps.length < asking) {
    const wait = waitFor(rec, budget, t);
    if (wait > 0) return { stamps, wait };
    const stamp = t + IN_FLIGHT_MS;
    if (budget.limit !== Infinity) rec.sent.push(stamp);
    if (rec.failures > 0) rec.holdUntil = t + backoffMs(rec.failures);
    stamps.push(stamp);
  }
  return { stamps, wait: 0 };
}
