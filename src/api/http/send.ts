/**
 * `send`: one request through any transport (transport.ts), within the endpoint's rate budget,
 * under the retry policy, every failure worded as one ApiError. What the transport answered for a
 * 2xx is returned as it is: the body is already read, decoded or kept, as the transport does it.
 */
import { plural, t } from '@lingui/core/macro';
import { ApiError, cancelledError, isAbortError, tooLargeDetail } from './errors';
import { BODY_LIMITS, ENDPOINT_LABELS, waitWindowFor, type EndpointKey } from '../endpoints';
import { rateLimiter } from '../rate/browser-limiter';
import { waitCeilingMs } from '../rate/wait-ceiling';
import { LaneHeld } from '../rate/window';
import { errorBodyOf, readErrorBody } from './error-body';
import { TooLarge } from './read-body';
import { retriesRateLimited, retrying } from './retry';
import { clampRetryAfter, parseRetryAfter } from './retry-after';
import {
  BodyLost,
  Redirected,
  WorkerFailed,
  type Answered,
  type HeaderReader,
  type Transport,
  type TransportAnswer,
} from './transport';

export interface RequestOptions<B> {
  endpoint: EndpointKey;
  url: string;
  signal?: AbortSignal | undefined;
  init?: RequestInit;
  /** Who makes the request and reads the body: fetch here, a parse worker, the download worker. */
  transport: Transport<B>;
  /**
   * GET semantics: a 429 is waited out here; a network error or 5xx fails at once with `retryAt`
   * (the endpoint's next probe), when the query tries again (retry.ts), and while the
   * endpoint backs off a new request fails at once with the last failure instead of waiting unseen.
   * Pass false for anything that must never be re-sent by itself: POSTs that are not idempotent,
   * and ZIP downloads (a retry would start a possibly huge transfer nobody asked for again).
   */
  retry?: boolean;
  /** Whether a 429 is retried here (default: as `retry`); false lets a view show the wait itself. */
  retryRateLimited?: boolean;
  /** The most of a 2xx body read (default: the endpoint's, endpoints.ts BODY_LIMITS). */
  maxBytes?: number;
}

function headerRecord(h: HeaderReader): Record<string, string> {
  const out: Record<string, string> = {};
  h.forEach((v, k) => (out[k] = v));
  return out;
}

const cutOff = (why: string) => t`the answer was cut off (${why})`;

/** A request not sent because its endpoint backs off: the endpoint's last failure, and its next try. */
function heldError(h: LaneHeld, endpoint: string, url: string): ApiError {
  const last = h.lastDetail || (h.lastStatus ? `HTTP ${h.lastStatus}` : t`no answer from the service`);
  const failures = h.failures;
  const detail = plural(failures, {
    one: `${last} (failed once; the next try waits for the backoff)`,
    other: `${last} (failed # times in a row; the next try waits for the backoff)`,
  });
  return new ApiError({
    kind: h.lastStatus ? 'http' : 'network',
    endpoint,
    url,
    ...(h.lastStatus ? { status: h.lastStatus } : {}),
    detail,
    attempts: 0,
    retryAt: h.until,
  });
}

const redirectDetail = (status: string) =>
  t`the service answered with a redirect (${status}), which is not followed: nothing was sent to the other address`;

/** An answer the app does not take: one past its ceiling, or a redirect not followed. */
function refusedAnswer(e: TooLarge | Redirected, endpoint: string, url: string, attempts: number): ApiError {
  if (e instanceof TooLarge)
    return new ApiError({ kind: 'malformed', endpoint, url, detail: tooLargeDetail(e), tooLarge: true, attempts });
  return new ApiError({
    kind: 'http',
    endpoint,
    url,
    ...(e.status ? { status: e.status } : {}),
    redirected: true,
    detail: redirectDetail(e.status ? `HTTP ${e.status}` : '3xx'),
    attempts,
  });
}

/**
 * Sends one request within the endpoint's budget and applies the retry policy:
 * 429 → the endpoint waits for `Retry-After`, else for the service's window to reset, and the
 * request tries again for as long as its caller still wants it (its signal is not aborted);
 * network error or 5xx → the endpoint's lane backs off (shared by every request and tab) and the
 * error leaves at once, so the view shows it while the query waits for the next probe (`retryAt`);
 * other 4xx → fail. Returns the transport's 2xx answer.
 */
export function send<B>(opts: RequestOptions<B>): Promise<Answered<B>> {
  const retry = opts.retry ?? true;
  const retry429 = opts.retryRateLimited ?? retry;
  return retrying((attempt) => sendOnce(opts, attempt, retry), retriesRateLimited(retry429, opts.signal));
}

async function sendOnce<B>(opts: RequestOptions<B>, attempt: number, retry: boolean): Promise<Answered<B>> {
  const { endpoint, url, signal } = opts;
  const label = ENDPOINT_LABELS[endpoint];
  let stamp: number;
  try {
    stamp = await rateLimiter.acquire(endpoint, signal, { retry: attempt > 1, failFast: retry && attempt === 1 });
  } catch (e) {
    if (signal?.aborted || isAbortError(e)) throw cancelledError(label, url);
    if (e instanceof LaneHeld) throw heldError(e, label, url);
    throw e;
  }
  const sentAt = Date.now();
  let answer: TransportAnswer<B>;
  try {
    answer = await opts.transport(
      url,
      { ...opts.init, signal },
      { maxBytes: opts.maxBytes ?? BODY_LIMITS[endpoint], label },
    );
  } catch (e) {
    if (signal?.aborted || isAbortError(e)) throw cancelledError(label, url);
    if (e instanceof TooLarge || e instanceof Redirected) {
      // The service did answer, with something this app does not take: not tried again by itself.
      void rateLimiter.succeeded(endpoint);
      throw refusedAnswer(e, label, url, attempt);
    }
    if (e instanceof WorkerFailed) {
      // Not the service's failure: its lane is left as it was, and the view says what happened.
      throw new ApiError({ kind: 'worker', endpoint: label, url, detail: e.message, attempts: attempt });
    }
    if (e instanceof BodyLost) {
      // The service did answer: the lane is healthy, and the view may ask again.
      void rateLimiter.succeeded(endpoint);
      throw new ApiError({
        kind: 'network',
        endpoint: label,
        url,
        detail: cutOff(e.message),
        attempts: attempt,
      });
    }
    const why = e instanceof Error ? e.message : String(e);
    const detail = t`no answer from the service (${why})`;
    const until = await rateLimiter.failed(endpoint, { status: 0, detail, sentAt });
    throw new ApiError({
      kind: 'network',
      endpoint: label,
      url,
      detail,
      attempts: attempt,
      ...(retry ? { retryAt: until } : {}),
    });
  } finally {
    void rateLimiter.answered(endpoint, stamp);
  }
  if (answer.ok) {
    void rateLimiter.succeeded(endpoint);
    return answer;
  }

  const { status } = answer;
  const body = errorBodyOf(answer.text);
  const { detail, fieldErrors } = readErrorBody(body, status);
  // What the service asks is cut to its host's window (rate/wait-ceiling.ts): the platform's 429
  // names its own (ot-period).
  const asked = parseRetryAfter(answer.headers.get('Retry-After'));
  const ceilingMs = waitCeilingMs(waitWindowFor(endpoint, answer.headers));
  const retryAfter = asked === undefined ? undefined : Math.ceil(clampRetryAfter(asked, ceilingMs).ms / 1000);
  const said = { endpoint: label, url, status, detail, headers: headerRecord(answer.headers), body, attempts: attempt };
  if (status === 429) {
    const until = await rateLimiter.rateLimited(endpoint, {
      retryAfterMs: asked === undefined ? undefined : asked * 1000,
      sentAt,
      ceilingMs,
    });
    const wait = Math.max(1, Math.ceil((until - Date.now()) / 1000));
    throw new ApiError({ ...said, kind: 'rate-limited', retryAfterSeconds: wait });
  }
  let retryAt: number | undefined;
  if (status >= 500) {
    const until = await rateLimiter.failed(endpoint, { status, detail, sentAt });
    if (retry) retryAt = until;
  } else void rateLimiter.succeeded(endpoint);
  throw new ApiError({ ...said, kind: 'http', fieldErrors, retryAfterSeconds: retryAfter, retryAt });
}
