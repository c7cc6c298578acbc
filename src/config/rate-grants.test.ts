import { ENDPOINT_BUDGETS, configEndpointName } from '../api/endpoints';
import { DOCUMENTED_RATE_LIMITS, grantsBeyondDocumented } from './rate-grants';
import { parseRuntimeConfig } from './runtime-config';

const config = (rateLimits: unknown) =>
  parseRuntimeConfig({
    apiBaseUrl: 'https://api.example.org',
    legacyBaseUrl: 'https://legacy.example.org',
    platformBaseUrl: 'https://tenant.example.org',
    mock: false,
    rateLimits,
  });

describe('budgets granted by the operator', () => {
  it('flags every grant above the documented figure, and any for an endpoint without one', () => {
    const c = config({
      'api.example.org': { '/api/seismic/rsam': 100_000, '/api/imagery/q': 100, '/health': 30 },
      '*': { '/api/seismic/sites': 61, legacy: 20 },
    });
    expect(grantsBeyondDocumented(c.rateLimits)).toEqual([
      { host: 'api.example.org', endpoint: '/api/seismic/rsam', granted: 100_000, documented: 100 },
      { host: '*', endpoint: '/api/seismic/sites', granted: 61, documented: 60 },
      { host: '*', endpoint: 'legacy', granted: 20, documented: null },
    ]);
    expect(grantsBeyondDocumented(config(undefined).rateLimits)).toEqual([]);
  });

  it('documents the figures the API layer budgets by', () => {
    for (const [key, budget] of Object.entries(ENDPOINT_BUDGETS)) {
      const name = configEndpointName(key as keyof typeof ENDPOINT_BUDGETS);
      if (name === 'legacy') expect(DOCUMENTED_RATE_LIMITS[name]).toBeNull();
      else expect(DOCUMENTED_RATE_LIMITS[name], name).toBe(budget.limit);
    }
  });
});
