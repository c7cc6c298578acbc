/**
 * POST {apiBaseUrl}/__mock/control: misbehaviour on demand; GET {apiBaseUrl}/__mock/stats: what the
 * mock was asked, per endpoint, and how often it refused (neither subject to faults or rate limits).
 */
import { http, type RequestHandler } from 'msw';
import {
  addFault,
  clearFaults,
  DATES_SHAPES,
  mockState,
  resetMockState,
  setMockNow,
  type DatesShape,
  type Fault,
  type FaultKind,
  type TimeReadings,
  type TokenAuthMode,
} from '../state';
import { jsonResponse, mockStats } from './common';

const KINDS: readonly FaultKind[] = [
  'status',
  'rate-limit',
  'malformed',
  'schema',
  'slow',
  'network',
  'redirect',
  'endless',
];
const TOKEN_AUTH_MODES: readonly TokenAuthMode[] = ['form', 'basic', 'either'];

function asFault(v: unknown): Fault | null {
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  if (typeof o.match !== 'string' || !KINDS.includes(o.kind as FaultKind)) return null;
  const f: Fault = { match: o.match, kind: o.kind as FaultKind };
  if (o.query !== undefined) {
    if (typeof o.query !== 'object' || o.query === null) return null;
    f.query = Object.fromEntries(Object.entries(o.query as Record<string, unknown>).map(([k, x]) => [k, String(x)]));
  }
  if (typeof o.status === 'number') f.status = o.status;
  if (typeof o.delayMs === 'number') f.delayMs = o.delayMs;
  if (typeof o.times === 'number') f.times = o.times;
  if (typeof o.retryAfter === 'boolean' || typeof o.retryAfter === 'string') f.retryAfter = o.retryAfter;
  if (typeof o.location === 'string') f.location = o.location;
  if (f.kind === 'redirect' && f.location === undefined) return null;
  if (typeof o.text === 'string') f.text = o.text;
  return f;
}

export function controlHandlers(apiBaseUrl: string): RequestHandler[] {
  return [
    http.get(`${apiBaseUrl}/__mock/stats`, () => jsonResponse(mockStats())),
    http.post(`${apiBaseUrl}/__mock/control`, async ({ request }) => {
      let body: Record<string, unknown>;
      try {
        body = (await request.json()) as Record<string, unknown>;
      } catch {
        return jsonResponse({ ok: false, error: 'body must be JSON' }, 400);
      }
      switch (body.action) {
        case 'reset':
          resetMockState();
          break;
        case 'fault': {
          const f = asFault(body.fault);
          if (!f) return jsonResponse({ ok: false, error: 'invalid fault' }, 400);
          addFault(f);
          break;
        }
        case 'clearFaults':
          clearFaults();
          break;
        case 'now': {
          const t = typeof body.now === 'string' ? Date.parse(body.now) : Number.NaN;
          if (Number.isNaN(t)) return jsonResponse({ ok: false, error: 'now must be an ISO date-time' }, 400);
          setMockNow(t);
          break;
        }
        case 'rateLimits':
          if (typeof body.enabled !== 'boolean')
            return jsonResponse({ ok: false, error: 'enabled must be boolean' }, 400);
          mockState.rateLimits.enabled = body.enabled;
          if (typeof body.scale === 'number' && body.scale > 0) mockState.rateLimits.scale = body.scale;
          if (typeof body.retryAfterHeader === 'boolean') mockState.rateLimits.retryAfterHeader = body.retryAfterHeader;
          break;
        case 'tokenAuth':
          if (!TOKEN_AUTH_MODES.includes(body.mode as TokenAuthMode))
            return jsonResponse({ ok: false, error: `mode must be one of ${TOKEN_AUTH_MODES.join(', ')}` }, 400);
          mockState.tokenAuth = body.mode as TokenAuthMode;
          break;
        case 'imageBase':
          if (body.base !== null && typeof body.base !== 'string')
            return jsonResponse(
              { ok: false, error: 'base must be a string (an origin, optionally with a path) or null' },
              400,
            );
          mockState.imageBaseOverride = typeof body.base === 'string' ? body.base.replace(/\/+$/, '') : null;
          break;
        case 'datesShape':
          if (!DATES_SHAPES.includes(body.shape as DatesShape))
            return jsonResponse({ ok: false, error: `shape must be one of ${DATES_SHAPES.join(', ')}` }, 400);
          mockState.datesShape = body.shape as DatesShape;
          break;
        case 'timeReadings': {
          const allowed: Record<keyof TimeReadings, readonly string[]> = {
            idFields: ['utc', 'local'],
            legacyTimestamp: ['utc', 'local'],
            localOrder: ['wall', 'instant'],
          };
          const next = { ...mockState.timeReadings };
          for (const [k, vals] of Object.entries(allowed) as Array<[keyof TimeReadings, readonly string[]]>) {
            if (body[k] === undefined) continue;
            if (!vals.includes(body[k] as string))
              return jsonResponse({ ok: false, error: `${k} must be one of ${vals.join(', ')}` }, 400);
            (next as Record<string, string>)[k] = body[k] as string;
          }
          mockState.timeReadings = next;
          break;
        }
        case 'rsamScene': {
          // { scene: 'unrest' | 'silent' | 'spike' | 'none', network, station?, factor?, minutes?, minutesAgo? }
          const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
          const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : d);
          const network = str(body.network);
          const station = str(body.station);
          const scenes = mockState.rsamScenes;
          if (body.scene === 'none') {
            mockState.rsamScenes = { unrest: [], silent: [], spike: [] };
            break;
          }
          if (!network) return jsonResponse({ ok: false, error: 'network must be a network code (OV)' }, 400);
          // Minutes before the mock's now, fixed as instants: the scene goes on as the clock runs.
          const ago = (min: number) => Math.floor(mockState.now / 60_000 - min) * 60_000;
          if (body.scene === 'unrest')
            scenes.unrest.push({
              network,
              ...(station && { station }),
              factor: num(body.factor, 25),
              fromMs: ago(num(body.minutes, 40)),
            });
          else if (body.scene === 'silent') {
            if (!station) return jsonResponse({ ok: false, error: 'a silent scene needs a station' }, 400);
            scenes.silent.push({ network, station, fromMs: ago(num(body.minutes, 43)) });
          } else if (body.scene === 'spike')
            scenes.spike.push({
              network,
              ...(station && { station }),
              factor: num(body.factor, 18),
              atMs: ago(num(body.minutesAgo, 2)),
            });
          else return jsonResponse({ ok: false, error: 'scene must be unrest, silent, spike or none' }, 400);
          break;
        }
        default:
          return jsonResponse({ ok: false, error: 'unknown action' }, 400);
      }
      return jsonResponse({ ok: true });
    }),
  ];
}
