/**
 * The one place that does HTTP: rate budget → fetch → retry policy → status check → body
 * parsing → schema validation. Every failure leaves as an ApiError.
 */
import * as v from 'valibot';
import { describeIssue, formatPath, issueData } from '../decode/schema-words';
import { ApiError, isAbortError } from './errors';
import { ENDPOINT_LABELS, rateLimiter, type EndpointKey } from '../endpoints';
import { LaneHeld, type RateLimiter } from '../rate/rate-limiter';

export { describeIssue, formatPath };

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** Absent values are omitted, booleans become `true`/`false`, arrays repeat the parameter. */
export function buildUrl(base: string, path: string, params: Record<string, QueryValue> = {}): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const item of v) qs.append(k, String(item));
    else qs.append(k, String(v));
  }
  const q = qs.toString();
  return `${base}${path}${q ? `?${q}` : ''}`;
}

/** Bounds of the tries of a 429 by a caller without a signal, and of `backoffMs`. */
export const RETRY = { maxAttempts: 5, baseMs: 1_000, capMs: 60_000 } as const;

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

function abortedError(endpoint: string, url: string): ApiError {
  return new ApiError({ kind: 'aborted', endpoint, url, detail: 'The request was cancelled' });
}

function headerRecord(h: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  h.forEach((v, k) => (out[k] = v));
  return out;
}

interface ErrorBodyInfo {
  detail: string;
  fieldErrors: Record<string, string>;
}

/** Reads the spec's error bodies (spec 01 §2.7, 02 §7, 03 §7) into a message and field errors. */
export function readErrorBody(body: unknown, status: number): ErrorBodyInfo {
  const fieldErrors: Record<string, string> = {};
  let detail = `HTTP ${status}`;
  if (typeof body === 'string' && body.trim()) detail = body.trim().slice(0, 300);
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    if (typeof b.detail === 'string') detail = b.detail;
    // OAuth (RFC 6749 §5.2): the description is for people, the code for programs.
    else if (typeof b.error_description === 'string' && b.error_description.trim())
      detail = typeof b.error === 'string' ? `${b.error_description} (${b.error})` : b.error_description;
    else if (typeof b.error === 'string')
      detail = b.error; // 429 body: { error: "…" }
    else if (typeof b.message === 'string') detail = b.message; // legacy visible / platform
    if (typeof b.title === 'string' && typeof b.detail === 'string' && b.title !== b.detail)
      detail = `${b.title}: ${b.detail}`;
    if (Array.isArray(b.errors)) {
      for (const item of b.errors) {
        if (!item || typeof item !== 'object') continue;
        const it = item as Record<string, unknown>;
        const loc = Array.isArray(it.loc) ? it.loc.map(String) : [];
        // loc is e.g. ["query", "limit"]: the parameter is the last element.
        const name = loc.length ? loc[loc.length - 1]! : '(request)';
        const msg = typeof it.msg === 'string' ? it.msg : typeof it.type === 'string' ? it.type : 'invalid';
        fieldErrors[name] = fieldErrors[name] ? `${fieldErrors[name]}; ${msg}` : msg;
      }
      const names = Object.keys(fieldErrors);
      if (names.length) detail = `${detail} (${names.map((n) => `${n}: ${fieldErrors[n]}`).join('; ')})`;
    }
  }
  return { detail, fieldErrors };
}

/** A schema this layer can judge a body with (valibot's generic type, shortened). */
export type Schema = v.GenericSchema;

export function validate<S extends Schema>(schema: S, body: unknown, endpoint: string, url?: string): v.InferOutput<S> {
  const r = v.safeParse(schema, body, { abortEarly: true });
  if (r.success) return r.output;
  const issue = issueData(r.issues[0]);
  throw validationError(endpoint, formatPath(issue.path), describeIssue(issue), url, body);
}

/** A body that does not match what the spec promises: names the endpoint and the field. */
export function validationError(
  endpoint: string,
  field: string,
  problem: string,
  url?: string,
  body?: unknown,
): ApiError {
  return new ApiError({ kind: 'validation', endpoint, url, field, detail: `field "${field}" ${problem}`, body });
}

export interface RequestOptions {
  endpoint: EndpointKey;
  url: string;
  signal?: AbortSignal | undefined;
  init?: RequestInit;
  /**
   * GET semantics: a 429 is waited out here; a network error or 5xx fails at once with `retryAt`
   * (the endpoint's next probe), when the query tries again (query-retry.ts), and while the
   * endpoint backs off a new request fails at once with the last failure instead of waiting unseen.
   * Pass false for anything that must never be re-sent by itself: POSTs that are not idempotent,
   * and ZIP downloads (a retry would start a possibly huge transfer nobody asked for again).
   */
  retry?: boolean;
  /** Whether a 429 is retried here (default: as `retry`); false lets a view show the wait itself. */
  retryRateLimited?: boolean;
  limiter?: RateLimiter;
  random?: () => number;
  /** Who makes the request (default: `fetch`); the download worker makes ZIP requests itself. */
  fetcher?: Fetcher;
}

export type Fetcher = (url: string, init: RequestInit) => Promise<Response>;

/** A request not sent because its endpoint backs off: the endpoint's last failure, and its next try. */
function heldError(h: LaneHeld, endpoint: string, url: string): ApiError {
  const last = h.lastDetail || (h.lastStatus ? `HTTP ${h.lastStatus}` : 'no answer from the service');
  const times = h.failures === 1 ? 'once' : `${h.failures} times in a row`;
  return new ApiError({
    kind: h.lastStatus ? 'http' : 'network',
    endpoint,
    url,
    ...(h.lastStatus ? { status: h.lastStatus } : {}),
    detail: `${last} (failed ${times}; the next try waits for the backoff)`,
    attempts: 0,
    retryAt: h.until,
  });
}

/**
 * Sends one request within the endpoint's budget and applies the retry policy:
 * 429 → the endpoint waits for `Retry-After`, else for the service's window to reset, and the
 * request tries again for as long as its caller still wants it (its signal is not aborted);
 * network error or 5xx → the endpoint's lane backs off (shared by every request and tab) and the
 * error leaves at once, so the view shows it while the query waits for the next probe (`retryAt`);
 * other 4xx → fail. Returns the successful Response.
 */
export async function send(opts: RequestOptions): Promise<Response> {
  const { endpoint, url, signal } = opts;
  const limiter = opts.limiter ?? rateLimiter;
  const label = ENDPOINT_LABELS[endpoint];
  const retry = opts.retry ?? true;
  const retry429 = opts.retryRateLimited ?? retry;
  let attempt = 0;
  for (;;) {
    attempt++;
    let stamp: number;
    try {
      stamp = await limiter.acquire(endpoint, signal, { retry: attempt > 1, failFast: retry && attempt === 1 });
    } catch (e) {
      if (signal?.aborted || isAbortError(e)) throw abortedError(label, url);
      if (e instanceof LaneHeld) throw heldError(e, label, url);
      throw e;
    }
    const sentAt = Date.now();
    let res: Response;
    try {
      res = await (opts.fetcher ?? fetch)(url, { ...opts.init, signal });
    } catch (e) {
      if (signal?.aborted || isAbortError(e)) throw abortedError(label, url);
      const detail = `no answer from the service (${e instanceof Error ? e.message : String(e)})`;
      const until = await limiter.failed(endpoint, { status: 0, detail, sentAt });
      throw new ApiError({
        kind: 'network',
        endpoint: label,
        url,
        detail,
        attempts: attempt,
        ...(retry ? { retryAt: until } : {}),
      });
    } finally {
      void limiter.answered(endpoint, stamp);
    }
    if (res.ok) {
      void limiter.succeeded(endpoint);
      return res;
    }

    const body = await readBodyLoose(res);
    const { detail, fieldErrors } = readErrorBody(body, res.status);
    const retryAfter = parseRetryAfter(res.headers.get('Retry-After'));
    if (res.status === 429) {
      const until = await limiter.rateLimited(
        endpoint,
        retryAfter === undefined ? undefined : retryAfter * 1000,
        sentAt,
      );
      // A caller with a signal is someone still wanting the data (React Query aborts it when the
      // last observer leaves): keep trying each window. Without one, stay bounded.
      if (retry429 && (signal ? !signal.aborted : attempt < RETRY.maxAttempts)) continue;
      throw new ApiError({
        kind: 'rate-limited',
        endpoint: label,
        url,
        status: 429,
        detail,
        retryAfterSeconds: retryAfter ?? Math.max(1, Math.ceil((until - Date.now()) / 1000)),
        headers: headerRecord(res.headers),
        body,
        attempts: attempt,
      });
    }
    let retryAt: number | undefined;
    if (res.status >= 500) {
      const until = await limiter.failed(endpoint, { status: res.status, detail, sentAt });
      if (retry) retryAt = until;
    } else void limiter.succeeded(endpoint);
    throw new ApiError({
      kind: 'http',
      endpoint: label,
      url,
      status: res.status,
      detail,
      fieldErrors,
      retryAfterSeconds: retryAfter,
      headers: headerRecord(res.headers),
      body,
      attempts: attempt,
      retryAt,
    });
  }
}

async function readBodyLoose(res: Response): Promise<unknown> {
  let text: string;
  try {
    text = await res.text();
  } catch {
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Reads a JSON body; unparseable text becomes a `malformed` ApiError. */
export async function readJson(res: Response, endpoint: EndpointKey, signal?: AbortSignal): Promise<unknown> {
  const label = ENDPOINT_LABELS[endpoint];
  let text: string;
  try {
    text = await res.text();
  } catch (e) {
    if (signal?.aborted) throw abortedError(label, res.url);
    throw new ApiError({
      kind: 'network',
      endpoint: label,
      url: res.url,
      detail: `the answer was cut off (${String(e)})`,
    });
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError({
      kind: 'malformed',
      endpoint: label,
      url: res.url,
      status: res.status,
      detail: `the body is not valid JSON (starts with ${JSON.stringify(text.slice(0, 40))})`,
    });
  }
}

/** GET + JSON + schema: the common case. */
export async function getJson<S extends Schema>(opts: RequestOptions & { schema: S }): Promise<v.InferOutput<S>> {
  const res = await send(opts);
  const body = await readJson(res, opts.endpoint, opts.signal);
  return validate(opts.schema, body, ENDPOINT_LABELS[opts.endpoint], opts.url);
}
