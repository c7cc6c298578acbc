/** Endpoint keys and their per-minute budgets (spec 01 §8). */
import { getRuntimeConfig, RATE_LIMIT_ENDPOINTS, type RuntimeConfig } from '../config/runtime-config';
import { UNLIMITED, type Budget } from './rate/window';
import { platformWindow, type HostWindow } from './rate/wait-ceiling';

const MINUTE = 60_000;
const perMinute = (limit: number): Budget => ({ limit, windowMs: MINUTE });

export const ENDPOINT_BUDGETS = {
  'seismic.rsam': perMinute(100),
  'seismic.sites': perMinute(60),
  'seismic.dates': perMinute(60),
  'seismic.latest': perMinute(60),
  'imagery.q': perMinute(100),
  'imagery.dates': perMinute(60),
  'imagery.datesRange': perMinute(60),
  health: perMinute(60),
  root: perMinute(100),
  // Spec 02 states no limit for the legacy host; a courtesy budget keeps a runaway UI polite.
  legacy: perMinute(60),
} satisfies Record<string, Budget>;

/** Endpoints without a client budget: the platform API's limit is not stated (spec 03 §8). */
export type EndpointKey = keyof typeof ENDPOINT_BUDGETS | 'platform.token' | 'platform.eventTypes';

export const ENDPOINT_LABELS: Record<EndpointKey, string> = {
  'seismic.rsam': '/api/seismic/rsam',
  'seismic.sites': '/api/seismic/sites',
  'seismic.dates': '/api/seismic/dates',
  'seismic.latest': '/api/seismic/rsam/latest',
  'imagery.q': '/api/imagery/q',
  'imagery.dates': '/api/imagery/dates',
  'imagery.datesRange': '/api/imagery/dates/range',
  health: '/health',
  root: '/',
  legacy: 'legacy imagery v1',
  'platform.token': 'platform OAuth token',
  'platform.eventTypes': '/api/audit/v4/audits/event-types',
};

const KB = 1024;
const MB = 1024 * KB;

/**
 * The most of a 2xx answer read per endpoint (http/read-body.ts): past it the reading stops and
 * the view says which answer was too large. Sized from what the documents allow, with the margin
 * stated; the mock's bodies measured for the per-item figures.
 */
export const BODY_LIMITS: Record<EndpointKey, number> = {
  // The app asks a calendar month at most (seismic-params.ts): 31 days of 60 s windows is 44,640
  // points at ~53 bytes each as compact JSON, 2.4 MB. 16 MB leaves 6× for indented JSON or
  // shorter windows ("typically 60 seconds", 01 §2.2).
  'seismic.rsam': 16 * MB,
  // A few dozen channels (01 §2.1), a channel's days for years (~14 bytes each): tens of KB.
  'seismic.sites': 1 * MB,
  'seismic.dates': 1 * MB,
  'seismic.latest': 1 * MB,
  // A page holds at most 200 records (01 §4.5) of ~350-500 bytes: 0.1 MB; 4 MB is 40×. An
  // estimate is one small object.
  'imagery.q': 4 * MB,
  // Bodies not shown (01 §4.6-4.7): every site's dates for years, ~1 MB in the widest shape read.
  'imagery.dates': 8 * MB,
  'imagery.datesRange': 1 * MB,
  // Not shown (01 §4.8); the settings page keeps the first 20,000 characters.
  health: 1 * MB,
  root: 1 * MB,
  // One record, or a query's answer, whose ceiling follows its limit (legacy.ts `legacyQueryMaxBytes`).
  legacy: 1 * MB,
  // RFC 6749 §5.1: a token and a few fields.
  'platform.token': 64 * KB,
  // The catalogue of event types (03 §2), ~100 bytes each: 8 MB is 80,000 of them.
  'platform.eventTypes': 8 * MB,
};

type BudgetKey = keyof typeof ENDPOINT_BUDGETS;

/** The name an operator uses for a key in config.json `rateLimits`. */
export function configEndpointName(key: BudgetKey): (typeof RATE_LIMIT_ENDPOINTS)[number] {
  return key === 'legacy' ? 'legacy' : (ENDPOINT_LABELS[key] as (typeof RATE_LIMIT_ENDPOINTS)[number]);
}

function configOrNull(): RuntimeConfig | null {
  try {
    return getRuntimeConfig();
  } catch {
    return null;
  }
}

/** The host (with port) a key's requests go to; relative bases resolve against this page. */
export function hostFor(key: string, config = configOrNull()): string {
  if (!config) return '';
  const base =
    key === 'legacy' ? config.legacyBaseUrl : key.startsWith('platform.') ? config.platformBaseUrl : config.apiBaseUrl;
  try {
    return new URL(base, typeof location === 'undefined' ? 'http://localhost' : location.href).host;
  } catch {
    return '';
  }
}

/**
 * A budget an operator granted in config.json (the host's own entry before `*`), else the documented
 * one. Behind the observatory proxy, requests to this page's own origin have none here: the proxy
 * shapes them for everyone behind it (docs/deploy.md), and a browser's budget would only starve one
 * person's year of chunks the proxy answers from its cache.
 */
export function budgetFor(key: string, config = configOrNull()): Budget | undefined {
  if (!(key in ENDPOINT_BUDGETS)) return undefined;
  if (config?.observatoryProxy && hostFor(key, config) === location.host) return UNLIMITED;
  const name = configEndpointName(key as BudgetKey);
  const limits = config?.rateLimits ?? {};
  const granted = limits[hostFor(key, config)]?.[name] ?? limits['*']?.[name];
  return granted ? perMinute(granted) : ENDPOINT_BUDGETS[key as BudgetKey];
}

/**
 * The window that bounds every wait for a key's host (rate/wait-ceiling.ts): a minute on the main
 * host (spec 01 §8) and the legacy host (none stated: the courtesy budget's); on the platform the
 * `ot-period` of a 429 when `headers` carry one, else an hour, the longest it can name (spec 03 §7).
 */
export function waitWindowFor(key: string, headers?: { get(name: string): string | null }): HostWindow {
  return key.startsWith('platform.') ? platformWindow(headers?.get('ot-period')) : 'minute';
}
