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

describe('behind the observatory proxy', () => {
  it('lifts the budget of requests to this page’s origin, and only those', () => {
    const c = parseRuntimeConfig({
      apiBaseUrl: '/observatory/main',
      legacyBaseUrl: '/observatory/legacy',
      platformBaseUrl: 'https://tenant.example.org',
      mock: false,
      rateLimits: { '*': { '/api/seismic/rsam': 150 } },
      observatoryProxy: { statusUrl: '/observatory/status' },
    });
    expect(hostFor('seismic.rsam', c)).toBe(location.host);
    expect(budgetFor('seismic.rsam', c)?.limit).toBe(Infinity);
    expect(budgetFor('legacy', c)?.limit).toBe(Infinity);
    // Without the proxy's key, the same paths keep the browser's own budget.
    expect(budgetFor('seismic.rsam', { ...c, observatoryProxy: undefined })?.limit).toBe(150);
    // A host the proxy does not front keeps its budget.
    expect(budgetFor('imagery.q', { ...c, apiBaseUrl: 'https://api.example.org' })?.limit).toBe(100);
  });
});

describe('reading the tables', () => {
  // A label or a budget is read by views and settings that send nothing: the limiter (and its
  // IndexedDB ledger and BroadcastChannel) is made only by what sends (rate/browser-limiter.ts).
  it('opens no database and no channel', async () => {
    vi.resetModules();
    // A database that never opens and a channel that carries nothing: only whether they are made counts.
    const open = vi.fn(() => ({}) as IDBOpenDBRequest);
    const channels = vi.fn(function (this: object) {
      return Object.assign(this, { postMessage() {}, addEventListener() {}, close() {}, onmessage: null });
    });
    vi.stubGlobal('indexedDB', { open });
    vi.stubGlobal('BroadcastChannel', channels);
    try {
      const { ENDPOINT_LABELS } = await import('./endpoints');
      expect(ENDPOINT_LABELS['seismic.rsam']).toBe('/api/seismic/rsam');
      expect(open).not.toHaveBeenCalled();
      expect(channels).not.toHaveBeenCalled();
      // What sends does make them: the stubs see that much, so their silence above means something.
      await import('./rate/browser-limiter');
      expect(open).toHaveBeenCalled();
      expect(channels).toHaveBeenCalledWith('volcano-rate');
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });
});
