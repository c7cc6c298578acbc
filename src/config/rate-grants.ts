/**
 * Budgets an operator grants in config.json `rateLimits`, against the ones the service documents
 * (spec 01 §8: "Higher rate limits can be requested from the operator"). A grant above the
 * documented figure is accepted, since only the operator knows what was granted, but never
 * silently: the settings page names it as the operator's, beside the documented figure.
 */

import type { RateLimitEndpoint, RuntimeConfig } from './runtime-config';

/** Requests a minute per client as documented (spec 01 §8); null where no document states one. */
export const DOCUMENTED_RATE_LIMITS: Readonly<Record<RateLimitEndpoint, number | null>> = {
  '/api/seismic/rsam': 100,
  '/api/seismic/sites': 60,
  '/api/seismic/dates': 60,
  '/api/seismic/rsam/latest': 60,
  '/api/imagery/q': 100,
  '/api/imagery/dates': 60,
  '/api/imagery/dates/range': 60,
  '/health': 60,
  '/': 100,
  // Spec 02 states no limit for the legacy host.
  legacy: null,
};

export interface RateGrant {
  /** The `rateLimits` key: a host[:port] or `*`. */
  host: string;
  endpoint: RateLimitEndpoint;
  granted: number;
  /** null: no document states a limit for this endpoint. */
  documented: number | null;
}

/** Every grant above its documented figure, or for an endpoint without one, in config order. */
export function grantsBeyondDocumented(limits: RuntimeConfig['rateLimits']): RateGrant[] {
  const out: RateGrant[] = [];
  for (const [host, byEndpoint] of Object.entries(limits))
    for (const [endpoint, granted] of Object.entries(byEndpoint) as [RateLimitEndpoint, number][]) {
      const documented = DOCUMENTED_RATE_LIMITS[endpoint];
      if (documented === null || granted > documented) out.push({ host, endpoint, granted, documented });
    }
  return out;
}
