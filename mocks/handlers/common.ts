/** Shared plumbing of the mock handlers: error bodies, injected faults and rate limits. */
import { delay, HttpResponse } from 'msw';
import { mockState, onMockReset, type Fault } from '../state';

export type Resolver = (info: { request: Request; params: Record<string, string | readonly string[] | undefined> }) => Response | Promise<Response>;

export const jsonResponse = (body: unknown, status = 200, headers?: Record<string, string>): Response =>
  HttpResponse.json(body as Record<string, unknown>, { status, ...(headers ? { headers } : {}) });

/** Error body of spec 01 §2.7. */
export const errorResponse = (status: number, detail: string): Response => jsonResponse({ error: true, status_code: status, detail }, status);

export interface ValidationIssue {
  type: string;
  loc: [string, string];
  msg: string;
}

/** FastAPI-style 422 (spec 01 §2.7, §7). */
export const validationResponse = (request: Request, errors: ValidationIssue[]): Response =>
  jsonResponse({ error: true, status_code: 422, detail: 'Validation error', errors, path: new URL(request.url).pathname }, 422);

export const missing = (name: string): ValidationIssue => ({ type: 'missing', loc: ['query', name], msg: 'Field required' });

// ---- rate limits (spec 01 §8) ----

/**
 * Set by the real-HTTP server (mocks/server-app.ts) from the socket's address, so budgets are per
 * client IP as spec 01 §8 says. In the browser worker and unit tests there is one client.
 */
export const CLIENT_IP_HEADER = 'x-mock-client-ip';

const clientOf = (request: Request): string => request.headers.get(CLIENT_IP_HEADER) ?? 'local';

interface Counter {
  window: number;
  count: number;
}
const counters = new Map<string, Counter>();
onMockReset(() => counters.clear());

export interface RateCheck {
  limited: boolean;
  /** Requests made in the window, this one included. */
  made: number;
  allowed: number;
  /** Seconds until the window resets; only sent as a header where a host promises it. */
  retryAfterSec: number;
}

const MINUTE = 60_000;

/** Seconds until the next whole minute of the real clock, at least 1. */
export function secondsToWindowEnd(real = Date.now()): number {
  return Math.max(1, Math.ceil((Math.floor(real / MINUTE) * MINUTE + MINUTE - real) / 1000));
}

/**
 * Fixed one-minute windows that reset at each whole minute of the real clock (Date.now(), not
 * mockState.now): tests with fake timers can move past a window, and a fixed mock "now" does not
 * freeze the limiter.
 */
export function countRequest(key: string, nominalLimit: number): RateCheck {
  const allowed = Math.max(1, Math.round(nominalLimit * mockState.rateLimits.scale));
  const real = Date.now();
  const window = Math.floor(real / MINUTE) * MINUTE;
  const retryAfterSec = secondsToWindowEnd(real);
  if (!mockState.rateLimits.enabled) return { limited: false, made: 0, allowed, retryAfterSec };
  let c = counters.get(key);
  if (!c || c.window !== window) {
    c = { window, count: 0 };
    counters.set(key, c);
  }
  c.count++;
  return { limited: c.count > allowed, made: c.count, allowed, retryAfterSec };
}

/**
 * The 429 of spec 01 §7: a single `error` string stating the endpoint's limit ("100 per 1 minute").
 * Spec 01 promises no Retry-After, so it is sent only when asked for (`withRetryAfter`).
 */
export const tooManyRequests = (limit: number, retryAfterSec: number, withRetryAfter = mockState.rateLimits.retryAfterHeader): Response =>
  jsonResponse({ error: `${limit} per 1 minute` }, 429, withRetryAfter ? { 'Retry-After': String(retryAfterSec) } : undefined);

// ---- faults ----

function faultMatches(f: Fault, url: URL): boolean {
  if (!url.pathname.includes(f.match)) return false;
  for (const [k, v] of Object.entries(f.query ?? {})) if (url.searchParams.get(k) !== v) return false;
  return true;
}

/** A body of the right status and content type but the wrong shape, per endpoint family. */
function schemaBody(path: string): unknown {
  if (path.includes('/seismic/rsam/latest')) return { channels: [{ network: 'AV', station: 7, latest_date: 20250101 }], total: 'one' };
  if (path.includes('/seismic/rsam'))
    return {
      series: [{ network: 'AV', station: 'CLCL', location: '', channel: 'BHZ', window_sec: 60, points: [{ time: '2025-03-10T00:00:00Z', rsam_counts: 'high' }] }],
      datefrom: '20250310',
      dateto: '20250310',
      query: {},
    };
  if (path.includes('/seismic/')) return { channels: 'none', dates: 'yesterday', total: 'many' };
  if (path.includes('/imagery/q')) return { results: [{ image_id: 42, timestamp: null }], pagination: { page: 'one' }, query: null };
  if (path.includes('/imagery/dates')) return { imageType: 7, sites: 'CLNE', infrared: 'recent' };
  if (path.includes('/event-types')) return [{ code: 'seven', value: 3 }];
  if (path.includes('/oauth/token') || path.includes('token-proxy')) return { access_token: 42, expires_in: 'soon' };
  if (path.includes('/api/imagery/')) return [{ id: 'x', image_id: 5 }];
  return { unexpected: true };
}

/**
 * Applies the first matching fault. Returns a response to send, or null to continue normally
 * (after the delay of a 'slow' fault). `nominalLimit` words the 429 of a 'rate-limit' fault; `host`
 * picks that 429's form (spec 01 §7 body only, or spec 03 §7 headers).
 */
export type FaultHost = 'main' | 'legacy' | 'platform';

export async function applyFault(request: Request, nominalLimit: number, host: FaultHost = 'main'): Promise<Response | null> {
  const url = new URL(request.url);
  const idx = mockState.faults.findIndex((f) => faultMatches(f, url));
  if (idx < 0) return null;
  const f = mockState.faults[idx]!;
  if (f.times !== undefined) {
    f.times--;
    if (f.times <= 0) mockState.faults.splice(idx, 1);
  }
  switch (f.kind) {
    case 'status': {
      const status = f.status ?? 500;
      const text = f.text ?? `Injected fault: status ${status}`;
      // Each host's own error body: spec 01 §2.7, the legacy visible body (spec 02 §7), the platform's.
      if (host === 'legacy') return jsonResponse({ error: status, message: text }, status);
      if (host === 'platform') return jsonResponse({ status, message: text }, status);
      return errorResponse(status, text);
    }
    case 'rate-limit': {
      const retryAfter = typeof f.retryAfter === 'string' ? f.retryAfter : String(secondsToWindowEnd());
      if (host === 'platform') {
        // The platform's 429 (spec 03 §7) carries its own headers; its body is not shown.
        return jsonResponse({ status: 429, message: f.text ?? 'Too Many Requests' }, 429, {
          'Retry-After': retryAfter,
          'ot-period': 'MINUTE',
          'ot-ratelimit-event-id': globalThis.crypto.randomUUID(),
          'ot-request-made': String(nominalLimit + 1),
          'ot-requests-allowed': String(nominalLimit),
        });
      }
      const header = f.retryAfter === true || typeof f.retryAfter === 'string' ? { 'Retry-After': retryAfter } : undefined;
      return jsonResponse({ error: f.text ?? `${nominalLimit} per 1 minute` }, 429, header);
    }
    case 'redirect':
      // Elsewhere, as a hostile or moved service might: a 307/308 repeats a POST, body and all.
      return new HttpResponse(null, { status: f.status ?? 307, headers: { Location: f.location ?? '/' } });
    case 'endless':
      return endlessJson();
    case 'malformed':
      return new HttpResponse('{"results": [ {"image_id": "trunc', { status: 200, headers: { 'Content-Type': 'application/json' } });
    case 'schema':
      return jsonResponse(schemaBody(url.pathname));
    case 'network':
      return HttpResponse.error();
    case 'slow':
      await delay(f.delayMs ?? 10_000);
      return null;
  }
}

/**
 * A 200 JSON answer that never ends: the start of an RSAM body, then whitespace (valid inside JSON)
 * for as long as the client reads. Made as it is read (pull), so over real HTTP the server's memory
 * stays at one chunk, and a client that goes away stops it.
 */
function endlessJson(): Response {
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  return new HttpResponse(
    new ReadableStream<Uint8Array>({
      start: (c) => c.enqueue(new TextEncoder().encode('{"series": [')),
      pull: (c) => c.enqueue(chunk),
    }),
    { status: 200, headers: { 'Content-Type': 'application/json' } },
  );
}

// ---- what the mock was asked (GET {apiBaseUrl}/__mock/stats) ----

export interface MockStats {
  /** Requests that reached each endpoint (by the key `guarded` names it with), refused ones included. */
  requests: Record<string, number>;
  /** Of those, the ones answered 429 (a rate limit or an injected one). */
  refused: Record<string, number>;
}

const stats: MockStats = { requests: {}, refused: {} };
onMockReset(() => {
  stats.requests = {};
  stats.refused = {};
});

export function mockStats(): MockStats {
  return { requests: { ...stats.requests }, refused: { ...stats.refused } };
}

function counted(key: string, response: Response): Response {
  stats.requests[key] = (stats.requests[key] ?? 0) + 1;
  if (response.status === 429) stats.refused[key] = (stats.refused[key] ?? 0) + 1;
  return response;
}

/**
 * Wraps a resolver with faults and, when `limit` is given, the rate limit of spec 01 §8: one budget
 * per client IP and endpoint. Every request is counted for `mockStats`.
 */
export function guarded(key: string, limit: number | null, resolver: Resolver, host: FaultHost = 'main'): Resolver {
  return async (info) => {
    const fault = await applyFault(info.request, limit ?? 100, host);
    if (fault) return counted(key, fault);
    if (limit !== null) {
      const rc = countRequest(`${clientOf(info.request)}|${key}`, limit);
      if (rc.limited) return counted(key, tooManyRequests(rc.allowed, rc.retryAfterSec));
    }
    return counted(key, await resolver(info));
  };
}

export function jsonText(body: string, status = 200, headers?: Record<string, string>): Response {
  return new HttpResponse(body, { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

export function binary(bytes: Uint8Array, contentType: string, headers?: Record<string, string>): Response {
  return new HttpResponse(bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: { 'Content-Type': contentType, 'Content-Length': String(bytes.byteLength), ...headers },
  });
}
