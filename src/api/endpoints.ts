/** Endpoint keys and their per-minute budgets (spec 01 §8). */
import { RateLimiter, type Budget } from './rate-limiter';

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

/** The app's one limiter, shared by every request. */
export const rateLimiter = new RateLimiter(ENDPOINT_BUDGETS);
