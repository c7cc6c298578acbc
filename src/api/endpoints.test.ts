import { parseRuntimeConfig, RATE_LIMIT_ENDPOINTS } from '../config/runtime-config';
import { budgetFor, configEndpointName, ENDPOINT_BUDGETS, hostFor } from './endpoints';

const config = (rateLimits: unknown) =>
  parseRuntimeConfig({
    apiBaseUrl: 'https://api.example.org:8443',
    legacyBaseUrl: 'https://legacy.example.org',
    platformBaseUrl: 'https://tenant.example.org',
    mock: false,
    rateLimits,
  });

describe('budgets from config.json', () => {
  it('has a config name for every budgeted endpoint', () => {
    for (const k of Object.keys(ENDPOINT_BUDGETS) as (keyof typeof ENDPOINT_BUDGETS)[])
      expect(RATE_LIMIT_ENDPOINTS).toContain(configEndpointName(k));
  });

  it('prefers the host entry, then *, then the documented budget', () => {
    const c = config({
      'api.example.org:8443': { '/api/seismic/rsam': 300 },
      '*': { '/api/seismic/rsam': 150, legacy: 20 },
    });
    expect(hostFor('seismic.rsam', c)).toBe('api.example.org:8443');
    expect(budgetFor('seismic.rsam', c)).toEqual({ limit: 300, windowMs: 60_000 });
    expect(budgetFor('legacy', c)).toEqual({ limit: 20, windowMs: 60_000 });
    expect(budgetFor('imagery.q', c)).toEqual({ limit: 100, windowMs: 60_000 });
    expect(budgetFor('platform.token', c)).toBeUndefined();
  });
});
