/**
 * Platform activity-log API (spec 03): OAuth 2.0 client-credentials token and the event-types list.
 * The token is sent as a Bearer token (RFC 6750), reused until it expires and requested once more
 * after a 401. 429 is NOT retried here: the view shows the wait (Retry-After, ot-* headers).
 */
import { t } from '@lingui/core/macro';
import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { int } from './decode/schema-parts';
import { ApiError, isApiError, throwIfAborted } from './http/errors';
import { ENDPOINT_LABELS } from './endpoints';
import { fetchJson } from './decode/json-body';
import { validate } from './decode/validate';
import { buildUrl } from './http/url';
import { parseRetryAfter } from './http/retry-after';
import { timerDelay } from './rate/timer';

export const ACTIVITY_LOG_SCOPE = 'ACTIVITY_LOG';
export const TOKEN_PATH = '/api/access/v1/oauth/token';
export const EVENT_TYPES_PATH = '/api/audit/v4/audits/event-types';
/** A token this close to its expiry is treated as expired, so it does not lapse in flight. */
const EXPIRY_SKEW_MS = 30_000;

/** (a) the deployment's token proxy (recommended), or (b) a client id/secret typed in for this session. */
export type TokenSource =
  /**
   * The deployment's token service: its token is for the deployment's tenant (config.json's
   * platformBaseUrl, `tenantBaseUrl`) and is never sent to another.
   */
  | { mode: 'proxy'; proxyUrl: string; tenantBaseUrl: string }
  | { mode: 'client'; clientId: string; clientSecret: string; clientAuth?: ClientAuthMethod };

/**
 * How the client presents itself to the token endpoint (RFC 6749 §2.3.1): `client_id` and
 * `client_secret` as form fields (the vendor's API reference; the default) or HTTP Basic.
 */
export type ClientAuthMethod = 'form' | 'basic';

/** How a method sends the client, in the language shown (called when drawn). */
export function clientAuthWords(m: ClientAuthMethod): string {
  return m === 'form' ? t`form fields (client_id, client_secret in the body)` : t`HTTP Basic (Authorization header)`;
}

/** The method a failed token request used, read back from the error it raised (null if not one). */
export function tokenAuthMethodOf(e: unknown): ClientAuthMethod | null {
  return e instanceof TokenRequestError ? e.clientAuth : null;
}

export interface PlatformToken {
  accessToken: string;
  /** Epoch ms; null when the server gave no `expires_in`. */
  expiresAt: number | null;
  scope: string | null;
}

/** Where the current token lives (the in-memory credentials store in the app, a variable in tests). */
export interface TokenCache {
  get(): PlatformToken | null;
  set(t: PlatformToken | null): void;
}

export interface PlatformAuth {
  baseUrl: string;
  source: TokenSource;
  cache: TokenCache;
}

/** RFC 6749 §5.1 successful response. */
export const tokenResponseSchema = v.object({
  access_token: v.pipe(v.string(), v.minLength(1)),
  token_type: v.pipe(
    v.string(),
    v.check((t) => t.toLowerCase() === 'bearer', 'must be Bearer'),
  ),
  expires_in: v.optional(v.pipe(v.number(), v.gtValue(0))),
  scope: v.optional(v.string()),
});

export const eventTypeSchema = v.object({
  code: int,
  value: v.string(),
  objectTypeName: v.string(),
  moduleName: v.string(),
});
export const eventTypesSchema = v.array(eventTypeSchema);
export type EventType = v.InferOutput<typeof eventTypeSchema>;

export interface EventTypesFilter {
  modules: readonly string[];
  objectTypes: readonly string[];
}

/** RFC 6749 §2.3.1: id and secret are form-urlencoded before the Basic encoding. */
export function basicAuthHeader(clientId: string, clientSecret: string): string {
  const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
  const raw = `${enc(clientId)}:${enc(clientSecret)}`;
  const bytes = new TextEncoder().encode(raw);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return `Basic ${btoa(bin)}`;
}

export function isTokenFresh(t: PlatformToken | null, now = Date.now()): t is PlatformToken {
  return !!t && (t.expiresAt === null || t.expiresAt - EXPIRY_SKEW_MS > now);
}

/** Obtains a new token: POST to the proxy, or the client-credentials grant (RFC 6749 §4.4). */
export async function requestToken(baseUrl: string, source: TokenSource, signal?: AbortSignal): Promise<PlatformToken> {
  let url: string;
  let init: RequestInit;
  if (source.mode === 'proxy') {
    url = source.proxyUrl;
    // The proxy holds the secret; the browser sends nothing but its own same-origin cookies, if any.
    init = {
      method: 'POST',
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      cache: 'no-store',
      redirect: 'manual',
    };
  } else {
    url = buildUrl(baseUrl, TOKEN_PATH);
    const method = source.clientAuth ?? 'form';
    const form = new URLSearchParams({ grant_type: 'client_credentials', scope: ACTIVITY_LOG_SCOPE });
    const headers: Record<string, string> = {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
    };
    if (method === 'basic') headers.Authorization = basicAuthHeader(source.clientId, source.clientSecret);
    else {
      form.set('client_id', source.clientId);
      form.set('client_secret', source.clientSecret);
    }
    // Never re-sent elsewhere: a 307 or 308 would repeat the POST, secret and all, to its Location.
    init = {
      method: 'POST',
      headers,
      body: form.toString(),
      credentials: 'omit',
      cache: 'no-store',
      redirect: 'manual',
    };
  }
  const requestedAt = Date.now();
  let answer: unknown;
  try {
    // A POST is not retried blindly; the user retries.
    answer = await fetchJson({ endpoint: 'platform.token', url, signal, init, retry: false });
  } catch (e) {
    throw source.mode === 'client' ? withAuthMethod(e, source.clientAuth ?? 'form') : e;
  }
  const body = validate(tokenResponseSchema, answer, ENDPOINT_LABELS['platform.token'], url);
  return {
    accessToken: body.access_token,
    expiresAt: body.expires_in === undefined ? null : requestedAt + body.expires_in * 1000,
    scope: body.scope ?? null,
  };
}

/** A refused token request, with the way the client was sent, so the message can name it. */
export class TokenRequestError extends ApiError {
  constructor(
    e: ApiError,
    readonly clientAuth: ClientAuthMethod,
  ) {
    super({ ...e, headers: e.headers, fieldErrors: e.fieldErrors });
  }
}

function withAuthMethod(e: unknown, method: ClientAuthMethod): unknown {
  return isApiError(e) && e.kind === 'http' ? new TokenRequestError(e, method) : e;
}

export function eventTypesUrl(baseUrl: string, f: EventTypesFilter): string {
  // Repeated parameters: modules=A&modules=B (spec 03 §4, "array of string").
  return buildUrl(baseUrl, EVENT_TYPES_PATH, { modules: [...f.modules], objectTypes: [...f.objectTypes] });
}

async function getEventTypesWith(url: string, token: PlatformToken, signal?: AbortSignal): Promise<EventType[]> {
  const body = await fetchJson({
    endpoint: 'platform.eventTypes',
    url,
    signal,
    // 5xx and network errors are retried here; a 429 goes to the view, which shows the wait.
    retry: true,
    retryRateLimited: false,
    init: {
      headers: { Authorization: `Bearer ${token.accessToken}`, Accept: 'application/json' },
      credentials: 'omit',
      // Neither kept by the browser's HTTP cache nor answered from it: the answer was given to this
      // token, and a later token (or none) must not read it back.
      cache: 'no-store',
      // A redirect would carry the bearer token to another address: refused (http/transport.ts).
      redirect: 'manual',
    },
  });
  return validate(eventTypesSchema, body, ENDPOINT_LABELS['platform.eventTypes'], url);
}

/** Token requests under way, by the credentials they present. */
const tokensInFlight = new WeakMap<TokenSource, Promise<PlatformToken>>();

/**
 * A token other than `refused`: the cached one while fresh, else one new token request shared by
 * every caller that needs it at once. Two lists opening together, or two 401s, each asking on its
 * own would double the token traffic, and a server that revokes a client's older tokens on issuing
 * a new one would then refuse one of them. Not cancelled with a caller: the others still wait on it.
 */
async function currentToken(auth: PlatformAuth, refused: PlatformToken | null): Promise<PlatformToken> {
  const cached = auth.cache.get();
  if (cached && cached.accessToken !== refused?.accessToken && isTokenFresh(cached)) return cached;
  let pending = tokensInFlight.get(auth.source);
  if (!pending) {
    pending = requestToken(auth.baseUrl, auth.source)
      .then((t) => {
        auth.cache.set(t);
        return t;
      })
      .finally(() => tokensInFlight.delete(auth.source));
    tokensInFlight.set(auth.source, pending);
  }
  return pending;
}

/** Event types with the current token; a 401 discards it and tries once more with a new one. */
export async function fetchEventTypes(
  f: EventTypesFilter,
  auth: PlatformAuth,
  signal?: AbortSignal,
): Promise<EventType[]> {
  const url = eventTypesUrl(auth.baseUrl, f);
  // A programming error, never a state of the page: usePlatformAuth offers no proxy for another tenant.
  if (auth.source.mode === 'proxy' && auth.baseUrl !== auth.source.tenantBaseUrl)
    throw new Error(`The deployment's token is for ${auth.source.tenantBaseUrl} only, not ${auth.baseUrl}`);
  const held = auth.cache.get();
  const fresh = !isTokenFresh(held);
  let token = fresh ? await currentToken(auth, null) : held!;
  // The caller may have left while it waited for a shared token.
  throwIfAborted(signal, ENDPOINT_LABELS['platform.eventTypes'], url);
  try {
    return await getEventTypesWith(url, token, signal);
  } catch (e) {
    if (!isApiError(e) || e.status !== 401 || fresh) throw e;
    if (auth.cache.get()?.accessToken === token.accessToken) auth.cache.set(null);
    token = await currentToken(auth, token);
    throwIfAborted(signal, ENDPOINT_LABELS['platform.eventTypes'], url);
    return getEventTypesWith(url, token, signal);
  }
}

/** The 429 headers of spec 03 §7, read from an ApiError. */
export interface RateLimitInfo {
  /** The wait kept: Retry-After cut to the period the limit applies to (rate/wait-ceiling.ts), or
   * without one the rate limiter's hold until the platform's next window. */
  retryAfterSeconds: number | undefined;
  /** Retry-After as the platform sent it (seconds); undefined when it sent none. */
  statedSeconds: number | undefined;
  /** Retry-After as the platform sent it, when it asked for longer than the period allows. */
  askedSeconds: number | undefined;
  period: string | undefined;
  requestsMade: number | undefined;
  requestsAllowed: number | undefined;
  eventId: string | undefined;
}

export function rateLimitInfo(e: unknown): RateLimitInfo | null {
  if (!isApiError(e) || e.status !== 429) return null;
  const num = (k: string) => {
    const v = e.headers[k];
    return v !== undefined && /^\d+$/.test(v.trim()) ? Number(v) : undefined;
  };
  const asked = parseRetryAfter(e.headers['retry-after']);
  return {
    retryAfterSeconds: e.retryAfterSeconds,
    statedSeconds: asked,
    askedSeconds: asked !== undefined && asked > (e.retryAfterSeconds ?? Infinity) ? asked : undefined,
    period: e.headers['ot-period'],
    requestsMade: num('ot-request-made'),
    requestsAllowed: num('ot-requests-allowed'),
    eventId: e.headers['ot-ratelimit-event-id'],
  };
}

/** Retry policy for event types: only 429, honouring Retry-After, a few times. */
export const RATE_LIMIT_RETRIES = 3;
export function retryOnRateLimit(failureCount: number, e: unknown): boolean {
  return failureCount < RATE_LIMIT_RETRIES && rateLimitInfo(e) !== null;
}
export function rateLimitDelayMs(_failureCount: number, e: unknown): number {
  const s = rateLimitInfo(e)?.retryAfterSeconds;
  // Without Retry-After, wait a minute: the limit's period is at least MINUTE (spec 03 §8).
  return timerDelay((s ?? 60) * 1000 + 250);
}

/** True when the error came from the token request rather than the event-types request. */
export function isTokenError(e: unknown): e is ApiError {
  return isApiError(e) && e.endpoint === ENDPOINT_LABELS['platform.token'];
}

export const platformQueries = {
  all: () => ['platform'] as const,
  /**
   * `credentialsKey` names the token source without its secret (mode, proxy URL or client id and
   * a counter bumped whenever credentials change), so the secret never lands in the query cache key.
   */
  eventTypes: (f: EventTypesFilter, auth: PlatformAuth, credentialsKey: string) => {
    const filter = { modules: [...f.modules].sort(), objectTypes: [...f.objectTypes].sort() };
    // `auth` carries the secret and the token cache: it is named by baseUrl + credentialsKey instead.
    // eslint-disable-next-line @tanstack/query/exhaustive-deps
    return queryOptions({
      queryKey: ['platform', 'event-types', auth.baseUrl, credentialsKey, filter] as const,
      queryFn: ({ signal }) => fetchEventTypes(filter, auth, signal),
      staleTime: 5 * 60_000,
      retry: retryOnRateLimit,
      retryDelay: rateLimitDelayMs,
    });
  },
};
