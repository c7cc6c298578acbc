/** Endpoint keys and their per-minute budgets (spec 01 §8). */
import { getRuntimeConfig, RATE_LIMIT_ENDPOINTS, type RuntimeConfig } from '../config/runtime-config';
import { browserLedger } from './rate/ledger';
import { RateLimiter } from './rate/rate-limiter';
import { UNLIMITED, type Budget } from './rate/window';

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

/** The app's one limiter, shared by every request of every tab of this browser (rate/ledger.ts). */
export const rateLimiter = new RateLimiter(ENDPOINT_BUDGETS, () => Date.now(), {
  ledger: browserLedger(),
  budgetFor: (key) => budgetFor(key),
  scopeFor: (key) => hostFor(key),
});
