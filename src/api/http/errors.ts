/** Every failure of the API layer becomes one typed ApiError (docs/service.md 01 §7). */
import { t } from '@lingui/core/macro';
import { formatCeiling, type TooLarge } from './read-body';
export type ApiErrorKind =
  | 'http' // the service answered with an error status
  | 'rate-limited' // 429 still arriving after every retry
  | 'network' // no answer: offline, DNS, CORS, connection reset
  | 'malformed' // the body is not the JSON (or ZIP) it should be
  | 'validation' // JSON of the wrong shape
  | 'aborted' // the caller no longer needs it
  | 'worker'; // this browser's worker making or reading it stopped or threw: nothing is known of the service

export interface ApiErrorInit {
  kind: ApiErrorKind;
  endpoint: string;
  url?: string;
  status?: number;
  detail: string;
  /** 422 per-parameter messages (`errors[].loc` → `msg`), keyed by parameter name. */
  fieldErrors?: Record<string, string>;
  /** The path of the offending field for `validation` errors, e.g. `series[0].points[12].rsam_counts`. */
  field?: string;
  retryAfterSeconds?: number;
  /** The answer was a redirect, not followed (http/transport.ts `Redirected`); `status` when shown. */
  redirected?: boolean;
  /** The answer went past its ceiling of bytes and was not read further (http/read-body.ts). */
  tooLarge?: boolean;
  headers?: Record<string, string>;
  body?: unknown;
  attempts?: number;
  /**
   * Set when the client tries again by itself (5xx, no answer): the instant the endpoint's lane
   * lets its next try through. The query tries again then (src/api/http/retry.ts).
   */
  retryAt?: number;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly endpoint: string;
  readonly url: string | undefined;
  readonly status: number | undefined;
  readonly detail: string;
  readonly fieldErrors: Record<string, string>;
  readonly field: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly redirected: boolean;
  readonly tooLarge: boolean;
  readonly headers: Record<string, string>;
  readonly body: unknown;
  readonly attempts: number;
  readonly retryAt: number | undefined;

  constructor(init: ApiErrorInit) {
    super(`${init.endpoint}: ${init.detail}`);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.endpoint = init.endpoint;
    this.url = init.url;
    this.status = init.status;
    this.detail = init.detail;
    this.fieldErrors = init.fieldErrors ?? {};
    this.field = init.field;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.redirected = init.redirected ?? false;
    this.tooLarge = init.tooLarge ?? false;
    this.headers = init.headers ?? {};
    this.body = init.body;
    this.attempts = init.attempts ?? 1;
    this.retryAt = init.retryAt;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** The detail of a body that is not JSON, with its first characters as they came. */
export function notJsonDetail(head: string): string {
  return t`the body is not valid JSON (starts with ${head})`;
}

/**
 * An answer past its ceiling, in the language shown: the reading (in the parse worker or here)
 * gives the endpoint and the ceiling, and the words are said on this thread.
 */
export function tooLargeDetail(e: TooLarge): string {
  const endpoint = shownEndpoint(e.label);
  const ceiling = formatCeiling(e.maxBytes);
  return t`the answer of ${endpoint} was larger than ${ceiling}: stopped reading`;
}

/** The caller no longer wants the answer (its signal aborted). */
export function cancelledError(endpoint: string, url?: string): ApiError {
  return new ApiError({ kind: 'aborted', endpoint, url, detail: t`The request was cancelled` });
}

export function throwIfAborted(signal: AbortSignal | undefined, endpoint: string, url: string): void {
  if (signal?.aborted) throw cancelledError(endpoint, url);
}

export function isAbortError(e: unknown): boolean {
  return (
    (e instanceof ApiError && e.kind === 'aborted') ||
    (typeof e === 'object' && e !== null && 'name' in e && (e as { name: unknown }).name === 'AbortError')
  );
}

/**
 * An endpoint's name in the language shown: a path as it is; the three named in words
 * (endpoints.ts ENDPOINT_LABELS, observatory-proxy.ts) translated. The error keeps the English
 * label, which code compares (platform.ts isTokenError).
 */
export function shownEndpoint(label: string): string {
  if (label === 'legacy imagery v1') return t`legacy imagery v1`;
  if (label === 'platform OAuth token') return t`platform OAuth token`;
  if (label === 'observatory proxy status') return t`observatory proxy status`;
  return label;
}

/** What the endpoint did, named first: one message, so a language may word the pair its own way. */
function endpointSaid(e: ApiError): string {
  const endpoint = shownEndpoint(e.endpoint);
  const detail = e.detail;
  return t`${endpoint}: ${detail}`;
}

/** Plain-words explanation for a person: what happened, why, what to do. */
export function describeError(e: unknown): { title: string; detail: string; hint: string } {
  if (!(e instanceof ApiError)) {
    const msg = e instanceof Error ? e.message : String(e);
    return { title: t`Something went wrong`, detail: msg, hint: t`Try again; if it persists, reload the page.` };
  }
  switch (e.kind) {
    case 'network':
      return {
        title: t`The service could not be reached`,
        detail: endpointSaid(e),
        hint: e.retryAt
          ? t`Check the network connection. The request is retried automatically.`
          : t`Check the network connection, then retry.`,
      };
    case 'rate-limited':
      return {
        title: t`The service is limiting requests`,
        detail: endpointSaid(e),
        hint: e.retryAfterSeconds ? t`Wait ${e.retryAfterSeconds} s and retry.` : t`Wait a minute and retry.`,
      };
    case 'malformed':
      // The detail names the answer already ("the answer of /api/seismic/rsam was larger than …").
      if (e.tooLarge)
        return {
          title: t`The service sent an answer too large to read`,
          detail: e.detail,
          hint: t`Each answer is read only up to a size sized from what was asked, so a runaway answer cannot fill the memory. Retry later; if it persists, report it.`,
        };
      return {
        title: t`The service sent an unreadable answer`,
        detail: endpointSaid(e),
        hint: t`This is a fault on the service side; retry later or report it.`,
      };
    case 'validation':
      return {
        title: t`The service answered in an unexpected format`,
        detail: endpointSaid(e),
        hint: t`The field named above did not match the documented schema; retry later or report it.`,
      };
    case 'aborted':
      return { title: t`Cancelled`, detail: e.detail, hint: '' };
    case 'worker':
      return {
        title: t`This page stopped working on the answer`,
        detail: endpointSaid(e),
        hint: t`The browser’s background worker failed, not the service. Retry; if it persists, reload the page.`,
      };
    case 'http': {
      if (e.redirected)
        return {
          title: t`The service redirected the request elsewhere`,
          detail: endpointSaid(e),
          hint: t`Requests are sent only to the addresses this deployment configured, never after a redirect. Check the address (config.json, or the tenant base URL); the service may have moved.`,
        };
      const s = e.status ?? 0;
      const hint =
        s >= 500
          ? e.retryAt
            ? t`The service had an internal problem; the request is retried automatically.`
            : t`The service had an internal problem. Try again in a moment.`
          : s === 401
            ? t`The credentials were refused.`
            : s === 403
              ? t`The credentials are valid but lack the permission needed.`
              : s === 404
                ? t`The service found nothing for this request: check the id, and the service address in config.json.`
                : t`Change the request and try again.`;
      return { title: t`The service answered ${s}`, detail: endpointSaid(e), hint };
    }
  }
}
