import { parseRuntimeConfig, setRuntimeConfig, type RuntimeConfig } from '../config/runtime-config';
import { rateLimiter } from '../api/rate/browser-limiter';

/** Points the API layer at the MSW node server's hosts (mocks/node.ts TEST_BASES). */
export const TEST_CONFIG: RuntimeConfig = parseRuntimeConfig({
  apiBaseUrl: 'http://api.test',
  legacyBaseUrl: 'http://legacy.test',
  platformBaseUrl: 'http://platform.test',
  platformTokenProxyUrl: 'http://platform.test/token-proxy',
  mock: false,
});

/** Call in beforeEach of any test that goes through src/api. */
export function useTestConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  const c = { ...TEST_CONFIG, ...overrides };
  setRuntimeConfig(c);
  rateLimiter.reset();
  return c;
}
