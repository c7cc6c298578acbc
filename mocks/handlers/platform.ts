/** Platform activity-log API (spec 03): OAuth 2.0 client credentials and the event-types endpoint. */
import { http, type RequestHandler } from 'msw';
import { EVENT_TYPES, MODULES } from '../data/event-types';
import { mockState, type TokenAuthMode } from '../state';
import { applyFault, countRequest, jsonResponse } from './common';

interface Client {
  secret: string;
  scope: string;
}
/** Demo clients: `demo-noscope` gets a token without ACTIVITY_LOG, to exercise the 403. */
const CLIENTS: Record<string, Client> = {
  'demo-client': { secret: 'demo-secret', scope: 'ACTIVITY_LOG' },
  'demo-noscope': { secret: 'demo-secret', scope: 'USER_READ' },
};
const REQUIRED_SCOPE = 'ACTIVITY_LOG';
/** Not shown in spec 03 §8; the mock allows 30 requests per token and minute. */
export const PLATFORM_LIMIT_PER_MINUTE = 30;
const TOKEN_TTL_S = 3600;

interface Token {
  clientId: string;
  scope: string;
  expiresAt: number;
}
const tokens = new Map<string, Token>();
// Tokens survive resetMockState (a running app keeps its session); counters are cleared in common.ts.

const uuid = (): string => globalThis.crypto.randomUUID();

function issue(clientId: string, scope: string): Response {
  const access_token = uuid();
  // Expiry on the real clock: a fixed mock "now" must not make tokens immortal or instantly stale.
  tokens.set(access_token, { clientId, scope, expiresAt: Date.now() + TOKEN_TTL_S * 1000 });
  return jsonResponse({ access_token, token_type: 'Bearer', expires_in: TOKEN_TTL_S, scope }, 200, {
    'Cache-Control': 'no-store',
    Pragma: 'no-cache',
  });
}

function oauthError(status: number, error: string, description: string, headers?: Record<string, string>): Response {
  return jsonResponse({ error, error_description: description }, status, headers);
}

function decodeBasic(h: string | null): [string, string] | null {
  const m = /^Basic\s+(.+)$/i.exec(h ?? '');
  if (!m) return null;
  try {
    const s = atob(m[1]!);
    const i = s.indexOf(':');
    if (i < 0) return null;
    return [decodeURIComponent(s.slice(0, i)), decodeURIComponent(s.slice(i + 1))];
  } catch {
    return null;
  }
}

const BASIC_CHALLENGE = { 'WWW-Authenticate': 'Basic realm="oauth"' };

type Credentials = { id: string; secret: string; basic: boolean } | { rejected: Response };

/**
 * The client's id and secret from the method `mode` accepts. A client that used only the other
 * method gets the 401 invalid_client such a server gives (RFC 6749 §5.2), naming what it expects.
 */
function clientCredentials(request: Request, form: URLSearchParams, mode: TokenAuthMode): Credentials {
  const header = request.headers.get('Authorization');
  const basic = mode === 'form' ? null : decodeBasic(header);
  if (basic) return { id: basic[0], secret: basic[1], basic: true };
  const id = mode === 'basic' ? null : form.get('client_id');
  if (id !== null) return { id, secret: form.get('client_secret') ?? '', basic: false };
  if (mode === 'basic')
    return { rejected: oauthError(401, 'invalid_client', 'Client authentication required: HTTP Basic (Authorization header)', BASIC_CHALLENGE) };
  if (mode === 'form')
    return {
      rejected: oauthError(
        401,
        'invalid_client',
        header ? 'HTTP Basic client authentication is not supported; send client_id and client_secret in the request body' : 'client_id is required in the request body',
      ),
    };
  return { rejected: oauthError(401, 'invalid_client', 'Client authentication failed: no client credentials', BASIC_CHALLENGE) };
}

/** Repeated params (`modules=A&modules=B`), also accepting comma-separated values. */
function listParam(q: URLSearchParams, name: string): string[] {
  return q
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
}

export function platformHandlers(platformBaseUrl: string): RequestHandler[] {
  return [
    http.post(`${platformBaseUrl}/api/access/v1/oauth/token`, async ({ request }) => {
      const fault = await applyFault(request, PLATFORM_LIMIT_PER_MINUTE, 'platform');
      if (fault) return fault;
      // RFC 6749 §4.4: form body; the client authenticates by HTTP Basic or by body fields (§2.3.1).
      // Which of the two the server accepts is a knob: spec 03 does not say, vendors differ.
      const form = new URLSearchParams(await request.text());
      const creds = clientCredentials(request, form, mockState.tokenAuth);
      if ('rejected' in creds) return creds.rejected;
      const client = CLIENTS[creds.id];
      if (!client || client.secret !== creds.secret)
        return oauthError(401, 'invalid_client', 'Client authentication failed', creds.basic ? BASIC_CHALLENGE : undefined);
      if (form.get('grant_type') !== 'client_credentials')
        return oauthError(400, 'unsupported_grant_type', 'Only client_credentials is supported');
      // A client gets the scopes it holds whatever it asks for (RFC 6749 §3.3 lets the server narrow
      // the request): demo-noscope asking for ACTIVITY_LOG receives USER_READ only.
      return issue(creds.id, client.scope);
    }),
    // Stand in for a deployment's server-side proxy that holds the client secret: the demo's (in
    // demo mode only, the app refuses it otherwise) and one under a deployment's kind of name, for
    // tests that run the app against this mock as against a real service (mock: false).
    ...['demo-token-proxy', 'token-proxy'].map((path) =>
      http.post(`${platformBaseUrl}/${path}`, async ({ request }) => {
        const fault = await applyFault(request, PLATFORM_LIMIT_PER_MINUTE, 'platform');
        if (fault) return fault;
        return issue('demo-client', CLIENTS['demo-client']!.scope);
      }),
    ),
    http.get(`${platformBaseUrl}/api/audit/v4/audits/event-types`, async ({ request }) => {
      const fault = await applyFault(request, PLATFORM_LIMIT_PER_MINUTE, 'platform');
      if (fault) return fault;
      const m = /^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '');
      const tok = m ? tokens.get(m[1]!) : undefined;
      if (!tok || tok.expiresAt <= Date.now()) {
        return jsonResponse({ status: 401, message: m ? 'Invalid or expired access token' : 'Missing bearer token' }, 401, {
          'WWW-Authenticate': 'Bearer error="invalid_token"',
        });
      }
      if (!tok.scope.split(' ').includes(REQUIRED_SCOPE))
        return jsonResponse({ status: 403, message: `Token lacks required scope ${REQUIRED_SCOPE}` }, 403, {
          'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${REQUIRED_SCOPE}"`,
        });
      const rc = countRequest(`platform:${m![1]}`, PLATFORM_LIMIT_PER_MINUTE);
      if (rc.limited) {
        return jsonResponse({ status: 429, message: 'Too many requests' }, 429, {
          'Retry-After': String(rc.retryAfterSec),
          'ot-period': 'MINUTE',
          'ot-ratelimit-event-id': uuid(),
          'ot-request-made': String(rc.made),
          'ot-requests-allowed': String(rc.allowed),
        });
      }
      const q = new URL(request.url).searchParams;
      const modules = listParam(q, 'modules');
      const objectTypes = listParam(q, 'objectTypes');
      // Not shown (spec 03 §7 lists 400): an unknown module is a bad request; unknown object types
      // simply match nothing.
      const unknown = modules.filter((x) => !MODULES.some((mod) => mod.toLowerCase() === x.toLowerCase()));
      if (unknown.length) return jsonResponse({ status: 400, message: `Unknown module: ${unknown.join(', ')}` }, 400);
      const ml = modules.map((x) => x.toLowerCase());
      const ol = objectTypes.map((x) => x.toLowerCase());
      const out = EVENT_TYPES.filter(
        (e) => (ml.length === 0 || ml.includes(e.moduleName.toLowerCase())) && (ol.length === 0 || ol.includes(e.objectTypeName.toLowerCase())),
      );
      return jsonResponse(out);
    }),
  ];
}
